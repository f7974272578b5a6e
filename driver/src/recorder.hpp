// A sink that keeps an instance's results to hand them on later: a batch
// searched on several threads reaches the caller's sink in input order.
#pragma once

#include <functional>
#include <vector>

#include "dance/driver.hpp"

namespace dance::detail {

class Recorder : public Sink {
 public:
  // Hands everything recorded to `sink`, in order, and forgets it.
  void replay(Sink& sink) {
    for (const auto& call : calls_) call(sink);
    calls_.clear();
  }
  void solution(const Instance& i, std::shared_ptr<const Answer> a, std::uint64_t index) override {
    calls_.emplace_back([&i, a, index](Sink& s) { s.solution(i, a, index); });
  }
  void improved(const Instance& i, std::shared_ptr<const Answer> a) override {
    calls_.emplace_back([&i, a](Sink& s) { s.improved(i, a); });
  }
  void verdict(const Instance& i, std::uint64_t found, std::shared_ptr<const Answer> first) override {
    calls_.emplace_back([&i, found, first](Sink& s) { s.verdict(i, found, first); });
  }
  void count(const Instance& i, dlx::Count found, bool complete) override {
    calls_.emplace_back([&i, found, complete](Sink& s) { s.count(i, found, complete); });
  }
  void none(const Instance& i, const std::string& why) override {
    calls_.emplace_back([&i, why](Sink& s) { s.none(i, why); });
  }
  void stopped(const Instance& i, dlx::Outcome outcome, bool answered) override {
    calls_.emplace_back([&i, outcome, answered](Sink& s) { s.stopped(i, outcome, answered); });
  }
  void failed(const Failure& failure) override {
    calls_.emplace_back([failure](Sink& s) { s.failed(failure); });
  }
  void warning(const std::string& message) override {
    calls_.emplace_back([message](Sink& s) { s.warning(message); });
  }

 private:
  std::vector<std::function<void(Sink&)>> calls_;
};

}  // namespace dance::detail
