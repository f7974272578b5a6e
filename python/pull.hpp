// A driver run whose answers are taken one at a time (a lazy iterator of
// answers on the one run path): the run goes on a thread of its own, and its
// sink hands each answer over and waits there until the next is asked for,
// so the driver's sequence (encode, hook, assume, search, decode, verify) is
// the driver's own, not copied. The search runs only while an answer is
// wanted: a Python hook or decoder is never called between two asks.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "dance/driver.hpp"
#include "search.hpp"

namespace dance::python {

class Pull {
 public:
  struct Handed {
    std::shared_ptr<const Answer> answer;
    std::vector<dlx::OptionId> solution;  // the engine's, assumptions first
  };

  // Runs `session`'s spec (Task::solve, all solutions, one thread) on
  // `instance` once the first answer is asked for; what Python code in the
  // run raises goes to `failure`, whose stop flag also stops the run.
  Pull(std::unique_ptr<Session> session, std::shared_ptr<const Instance> instance, std::shared_ptr<RaisedError> failure);
  ~Pull();
  Pull(const Pull&) = delete;
  Pull& operator=(const Pull&) = delete;

  // With the GIL: the next answer, or none when the run has ended (then
  // results() says how). Waits with the GIL released, hearing Ctrl-C.
  std::optional<Handed> next();
  // After the end: what the run's sink was told besides the answers.
  [[nodiscard]] const Collected& results() const { return sink_; }
  // After the end: the counters of the run.
  [[nodiscard]] const dlx::Statistics& statistics() const { return statistics_; }
  // Stops the run (if it has not ended) and waits for its thread, with the GIL released.
  void stop();
  // After stop(): the session, to be kept for another call.
  std::unique_ptr<Session> release();

 private:
  // The run's sink, on the run's thread: each answer to the taker in turn.
  struct HandingSink final : Collected {
    explicit HandingSink(Pull& owner) : taker(owner) {}
    void decoded(const Answer&, std::span<const dlx::OptionId> solution) override;
    void solution(const Instance&, std::shared_ptr<const Answer> answer, std::uint64_t) override;
    Pull& taker;
    std::vector<dlx::OptionId> last;
  };
  void run();  // the run's thread
  void hand_over(Handed handed);

  std::unique_ptr<Session> session_;
  std::shared_ptr<const Instance> instance_;
  std::shared_ptr<RaisedError> failure_;
  HandingSink sink_{*this};
  dlx::Statistics statistics_;
  std::thread thread_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::optional<Handed> slot_;  // an answer handed over, not yet taken
  bool wanted_ = false;         // the taker waits for an answer
  bool done_ = false;           // the run has returned
  bool cancelled_ = false;      // the taker went away: stop
  bool ended_ = false;          // the taker saw the end and joined the thread
  std::exception_ptr broken_;   // what the run threw (a bug: the driver throws nothing for input)
};

// At Python's exit, before it finalizes: every run still waiting for its
// taker (an iterator not run to its end) stopped, its thread joined while
// the thread may still take the GIL to end.
void stop_every_pull();

}  // namespace dance::python
