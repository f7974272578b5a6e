// A run's results as dance prints them: answers on `out` by the presenter of
// the format, the rest on `err` ("dance: ..."). The command line's sink, and
// the one from which dance serve's (server/api.cpp) takes its output and log.
#pragma once

#include <atomic>
#include <functional>
#include <ostream>
#include <sstream>
#include <string>

#include "dance/driver.hpp"

namespace dance {

struct TextSinkOptions {
  std::string prefix;             // before each message on stderr: "dance: " (the API's log: none)
  bool quiet = false;             // no answers on stdout, no "no solution"
  bool stats = false;             // each worker's (rank's) counters too
  // -o DIR: each instance's output handed here at its end (number from 1), not
  // to `out`; a std::runtime_error from it is said and the run goes on.
  std::function<void(std::size_t number, const std::string& text)> own_file;
  std::function<void()> clear;    // before anything goes to the terminal (the progress line)
  OptionNamer name = option_word;  // how a failure names options: --to (dance serve's log: options.to)
};

class TextSink : public Sink {
 public:
  // No presenter: stdout is another sink's (--format json), this one writes stderr only.
  TextSink(const Reduction& reduction, const Presenter* presenter, const RunSpec& spec, std::ostream& out, std::ostream& err,
           TextSinkOptions options);

  // The first failure handed over (code empty: none), and whether an output file could not be written.
  [[nodiscard]] const Failure& first_failure() const { return first_failure_; }
  [[nodiscard]] bool file_failed() const { return file_failed_; }

  void begin(std::size_t number) override;
  void end(std::size_t number) override;
  void solution(const Instance& instance, std::shared_ptr<const Answer> answer, std::uint64_t index) override;
  void improved(const Instance& instance, std::shared_ptr<const Answer> answer) override;
  void verdict(const Instance& instance, std::uint64_t found, std::shared_ptr<const Answer> first) override;
  void count(const Instance& instance, dlx::Count found, bool complete) override;
  void none(const Instance& instance, const std::string& why) override;
  void stopped(const Instance& instance, dlx::Outcome outcome, bool answered) override;
  void failed(const Failure& failure) override;
  void warning(const std::string& message) override;
  void problem(const dlx::Problem& forced, bool unstated) override;
  void parts(std::uint64_t fingerprint) override;
  void part(const dlx::Subproblem& part) override;
  void statistics(const std::string& who, const dlx::Statistics& counters) override;

 private:
  std::ostream& out() { return !options_.own_file ? out_ : own_; }
  void clear() const {
    if (options_.clear) options_.clear();
  }
  [[nodiscard]] std::string where(const Instance& instance) const;

  const Reduction& reduction_;
  const Presenter* presenter_;
  const RunSpec& spec_;
  std::ostream& out_;
  std::ostream& err_;
  TextSinkOptions options_;
  std::ostringstream own_;  // own_file: the instance's output, until its end
  Failure first_failure_;
  bool file_failed_ = false;
  bool printed_ = false;  // an answer is on stdout already
};

// After a session's run: an interrupt said, an input of no instance an error
// (`failure` coded bad_request), the counters with `stats`; each message on `err`
// after `prefix`. Returns the run's status.
Status wrap_up(bool stats, const Session& session, Status status, const std::atomic<bool>& interrupt,
               std::ostream& err, const std::string& prefix, Failure& failure);

}  // namespace dance
