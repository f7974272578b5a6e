// The driver: one run of a reduction over its instances, the same code for
// every face of dance (the command line, dance serve, Python, the benches,
// the tests). A run specification goes in, results come out as values handed
// to a Sink; nothing here parses a command line or writes to the process's
// streams (the text sink, dance/text_sink.hpp, writes to the streams it is
// given), and only read_parts (--resume) opens a file.
//
//   dance::RunSpec spec;                      // what to do with each instance
//   spec.task = dance::Task::count;
//   dance::Session session(*dance::find_reduction("queens"), spec);
//   std::istringstream text("8\n");
//   auto reader = session.reduction().reader(text, dance::ModelOptions());
//   MySink sink;                              // sink.count(instance, 92, true)
//   dance::Status status = session.run(*reader, sink, interrupt);
//
// Per instance the run is encode -> solver (one per problem, kept by the
// session and reused by every instance of that shape) -> hook -> assume ->
// search -> decode -> verify; for an instance that optimises, one branch and
// bound search (clique --max) or a sequence of decisions (hamilton --longest). Limits hold per instance. With threads > 1 a
// single instance is searched by all the threads together (work stealing),
// and a batch is spread over them, its results handed to the sink in input
// order all the same.
//
// Errors: an instance that cannot be read or encoded, or an option value
// that it cannot take, is a Failure handed to the sink; the run goes on with
// the next instance. Nothing the input holds makes run() throw; a broken
// reduction's exception becomes a Failure coded "internal".
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "dance/reduction.hpp"
#include "dlx/solver.hpp"
#include "dlx/statistics.hpp"
#include "dlx/subproblem.hpp"
#include "dlx/team.hpp"

namespace dance {

// What a run does with each instance.
enum class Task {
  solve,   // hand over its solutions (RunSpec::solutions of them), or say there is none
  count,   // count all its solutions
  unique,  // none, unique or multiple: stops at a second solution
  emit,    // hand over its exact cover problem (Knuth's format), no search
  split,   // hand over the parts of its search at RunSpec::depth, no search below
};

// The most threads a run may ask for (the command line's -j, Python's threads=).
inline constexpr std::size_t most_threads = 1024;

struct RunSpec {
  Task task = Task::solve;
  std::uint64_t solutions = 1;   // solve: how many, 0 = all
  bool first_too = false;        // unique: the first solution goes to the sink with the verdict
  std::uint64_t node_limit = 0;  // per instance; 0 = none
  double time_limit = 0;         // seconds per instance; 0 = none
  std::uint64_t seed = 0;        // item and option order; 0 = the input's
  std::uint64_t restarts = 0;    // solve, one thread: restart after N, N, 2N, ... nodes (Luby); 0 = never
  std::uint64_t sample = 0;      // solve, one thread: this many solutions drawn uniformly at random (seed); 0 = none
  std::size_t threads = 1;       // at least 1
  bool verify = false;           // every answer checked by the reduction's verify(); a failure is "internal"
  std::string resume;                  // count, one instance: only below the parts of FILE[:FROM-TO] (read_parts)
  std::uint32_t depth = 0;             // split: levels below the root
  std::string source = "<input>";      // the input's name in messages ("FILE: line N: ...")
  // The engine's switches the run sets (dlx::SolverOptions), over what each
  // encoding asks for unless automatic; each a row of engine_switches() (dance/request.hpp).
  struct Engine {
    dlx::Switch sharing = dlx::Switch::automatic;
    dlx::Switch ring = dlx::Switch::automatic;
    dlx::Switch tie_break = dlx::Switch::automatic;
    dlx::Switch probing = dlx::Switch::automatic;
    dlx::Switch pair_rule = dlx::Switch::automatic;
    dlx::Switch memo = dlx::Switch::automatic;      // count: the memo of subproblems
    dlx::Switch learning = dlx::Switch::automatic;  // backjumping and nogoods
    std::uint64_t memo_mib = dlx::SolverOptions{}.memo_bytes >> 20;  // the memo's table at most
    bool operator==(const Engine&) const = default;
  } engine;

  // Field by field: a kept session serves a call whose spec is the same (Python's).
  bool operator==(const RunSpec&) const = default;
};

// How a run (or one instance) ended; the command line's exit status is its
// number. A batch's is its worst instance's: error, then stopped, then none.
enum class Status { found = 0, none = 1, error = 2, stopped = 3 };
[[nodiscard]] Status worse(Status a, Status b);

// Why an instance failed, in the command line's words ("--to names vertex
// 'zz'"); a message that names options (NamesOptions) keeps them as data too,
// so that a face with words of its own (dance serve's options.to, Python's
// to=) says them its way: worded(), never a rewrite of `message`.
struct Failure {
  std::string code;                  // parse_error, bad_option, too_large, internal; empty: none
  std::string message;               // with the source and line where known
  std::size_t line = 0, column = 0;  // parse_error: where in the input (0: not known)
  std::vector<MessagePart> about{};  // the end of `message`, its options as data (NamesOptions::parts)

  // The message with its options named by `name` (as it is when `about` is empty).
  [[nodiscard]] std::string worded(const OptionNamer& name) const;
};
// A failure coded bad_option from what an option's check threw, after `prefix` (where).
[[nodiscard]] Failure bad_option(const std::exception& e, const std::string& prefix = "");

// Where the results go. Every call is about one instance, in input order,
// from the thread that called run(). A solution is shared: a sink may keep it.
class Sink {
 public:
  virtual ~Sink() = default;
  // Instance `number` (from 1, in input order) starts and ends: its results come between.
  virtual void begin(std::size_t /*number*/) {}
  virtual void end(std::size_t /*number*/) {}
  // solve: each solution in turn, `index` from 0; optimise: the best one.
  virtual void solution(const Instance& instance, std::shared_ptr<const Answer> answer, std::uint64_t index) = 0;
  // optimise: each answer better than those before it, as the search finds
  // it; the last of them goes to solution() too, when the search ends.
  virtual void improved(const Instance& /*instance*/, std::shared_ptr<const Answer> /*answer*/) {}
  // Each answer as it is decoded, with the engine's solution it came from
  // (assumptions first), before it goes to solution() or verdict(); for a
  // binding that shows the engine's options (dance.Answer.solution). Not
  // passed on for the instances of a batch spread over threads.
  virtual void decoded(const Answer& /*answer*/, std::span<const dlx::OptionId> /*solution*/) {}
  // unique: `found` 0 (none), 1 (unique) or 2 (multiple); `first` with RunSpec::first_too.
  virtual void verdict(const Instance& instance, std::uint64_t found, std::shared_ptr<const Answer> first) = 0;
  // count: the number, or a lower bound (then stopped() follows).
  virtual void count(const Instance& instance, dlx::Count found, bool complete) = 0;
  // No solution, proven; `why` is empty or ": the reason".
  virtual void none(const Instance& instance, const std::string& why) = 0;
  // A limit or an interrupt stopped the search before its answer; `answered`:
  // after a lower bound (count) or the best so far (optimise).
  virtual void stopped(const Instance& instance, dlx::Outcome outcome, bool answered) = 0;
  // The instance could not be read, encoded or searched.
  virtual void failed(const Failure& failure) = 0;
  // Something to tell that changes no answer (an instance's warnings, a note).
  virtual void warning(const std::string& message) = 0;
  // emit: the instance's problem with its assumptions forced; `unstated`:
  // a hook also checks what Knuth's format cannot state.
  virtual void problem(const dlx::Problem& /*forced*/, bool /*unstated*/) {}
  // split: the header's fingerprint once, then each part.
  virtual void parts(std::uint64_t /*fingerprint*/) {}
  virtual void part(const dlx::Subproblem& /*part*/) {}
  // --stats for a team or a cluster: each worker's (rank's) counters.
  virtual void statistics(const std::string& /*who*/, const dlx::Statistics& /*counters*/) {}
};

// A sink that keeps one instance's results as values, for a caller that
// runs one instance at a time (a bench, a test, a binding): clear() between.
struct Collected : Sink {
  std::vector<std::shared_ptr<const Answer>> solutions;  // solve; unique's first with RunSpec::first_too
  std::vector<std::shared_ptr<const Answer>> improvements;  // optimise: each better answer, as found
  std::optional<dlx::Count> found;                      // count: the number; unique: 0, 1 or 2
  bool complete = true;                                 // count: false for a lower bound
  std::optional<std::string> no_solution;               // proven none, and why (empty or ": reason")
  std::optional<dlx::Outcome> stop;                     // a limit or an interrupt stopped it
  std::vector<Failure> failures;
  std::vector<std::string> warnings;

  void clear() { *this = Collected(); }
  void solution(const Instance&, std::shared_ptr<const Answer> answer, std::uint64_t) override {
    solutions.push_back(std::move(answer));
  }
  void improved(const Instance&, std::shared_ptr<const Answer> answer) override { improvements.push_back(std::move(answer)); }
  void verdict(const Instance&, std::uint64_t number, std::shared_ptr<const Answer> first) override {
    found = number;
    if (first) solutions.push_back(std::move(first));
  }
  void count(const Instance&, dlx::Count number, bool whole) override {
    found = number;
    complete = whole;
  }
  void none(const Instance&, const std::string& why) override { no_solution = why; }
  void stopped(const Instance&, dlx::Outcome outcome, bool) override { stop = outcome; }
  void failed(const Failure& failure) override { failures.push_back(failure); }
  void warning(const std::string& message) override { warnings.push_back(message); }
};

// Every result handed to two sinks, the first first (JSON Lines on stdout
// and the command line's messages on stderr).
class Tee : public Sink {
 public:
  Tee(Sink& first, Sink& second) : a_(first), b_(second) {}
  void begin(std::size_t n) override { a_.begin(n), b_.begin(n); }
  void end(std::size_t n) override { a_.end(n), b_.end(n); }
  void solution(const Instance& i, std::shared_ptr<const Answer> answer, std::uint64_t k) override {
    a_.solution(i, answer, k), b_.solution(i, answer, k);
  }
  void improved(const Instance& i, std::shared_ptr<const Answer> answer) override { a_.improved(i, answer), b_.improved(i, answer); }
  void decoded(const Answer& answer, std::span<const dlx::OptionId> solution) override {
    a_.decoded(answer, solution), b_.decoded(answer, solution);
  }
  void verdict(const Instance& i, std::uint64_t found, std::shared_ptr<const Answer> first) override {
    a_.verdict(i, found, first), b_.verdict(i, found, first);
  }
  void count(const Instance& i, dlx::Count found, bool complete) override {
    a_.count(i, found, complete), b_.count(i, found, complete);
  }
  void none(const Instance& i, const std::string& why) override { a_.none(i, why), b_.none(i, why); }
  void stopped(const Instance& i, dlx::Outcome outcome, bool answered) override {
    a_.stopped(i, outcome, answered), b_.stopped(i, outcome, answered);
  }
  void failed(const Failure& failure) override { a_.failed(failure), b_.failed(failure); }
  void warning(const std::string& message) override { a_.warning(message), b_.warning(message); }
  void problem(const dlx::Problem& forced, bool unstated) override { a_.problem(forced, unstated), b_.problem(forced, unstated); }
  void parts(std::uint64_t fingerprint) override { a_.parts(fingerprint), b_.parts(fingerprint); }
  void part(const dlx::Subproblem& part) override { a_.part(part), b_.part(part); }
  void statistics(const std::string& who, const dlx::Statistics& counters) override {
    a_.statistics(who, counters), b_.statistics(who, counters);
  }

 private:
  Sink& a_;
  Sink& b_;
};

// The ranks of an MPI run sharing one count (the command line implements it
// over MPI): rank 0 cuts the search into parts and hands them out.
class Cluster {
 public:
  virtual ~Cluster() = default;
  [[nodiscard]] virtual int rank() const = 0;
  [[nodiscard]] virtual int size() const = 0;
  // Rank 0's `text` on every rank; nothing when rank 0 has none to give.
  virtual std::optional<std::string> share(std::optional<std::string> text) = 0;
  // Counts the solutions below `parts` (given on rank 0, ignored elsewhere)
  // with every rank's `team`. On rank 0 `found` is the total and the outcome
  // the first stop any rank met (exhausted when none did).
  virtual dlx::Outcome count(dlx::Team& team, std::vector<dlx::Subproblem> parts, std::size_t option_count,
                             std::uint64_t& found) = 0;
  // On rank 0 after count(): each rank's counters, summed over its workers.
  [[nodiscard]] virtual const std::vector<dlx::Statistics>& statistics() const = 0;
};

// A reduction's runs with one specification: the solvers (one per problem
// and worker, the last 8 problems kept) live as long as the session, so that
// a batch of one shape builds its problem once.
class Session {
 public:
  Session(const Reduction& reduction, RunSpec spec);
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  // Runs the spec on every instance of `reader` until its end or `interrupt`.
  // With a cluster (count only), every rank calls this with the same input.
  Status run(InstanceReader& reader, Sink& sink, const std::atomic<bool>& interrupt, Cluster* cluster = nullptr);
  // One instance (a bench's or a test's puzzle, a binding's call): by the
  // first worker alone, or by all of them together when threads > 1.
  Status run(const Instance& instance, Sink& sink, const std::atomic<bool>& interrupt);

  [[nodiscard]] const Reduction& reduction() const;
  [[nodiscard]] const RunSpec& spec() const;
  // Instances read so far by run(reader, ...).
  [[nodiscard]] std::size_t instances() const;
  // All workers' counters so far (and, after a cluster's count, the other ranks').
  [[nodiscard]] dlx::Statistics statistics() const;
  // The engine's variants of the solvers made, each once ("X with ring and subset rule, tie-break").
  [[nodiscard]] std::vector<std::string> variants() const;
  // Each worker's progress, published while it searches (a progress line reads it).
  [[nodiscard]] std::span<dlx::Progress> progress();

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

// A --resume that cannot be used: the file, its range or its header.
struct ResumeError : std::runtime_error, NamesOptions {
  // `rest` after the option's name: " FILE: no parts on those lines".
  explicit ResumeError(const std::string& rest)
      : std::runtime_error(option_word("resume") + rest), NamesOptions({option_named("resume"), {rest}}) {}
};

// The parts named by FILE[:FROM-TO] (lines, 1-based, inclusive; line 1 is
// the header that says which problem they were split from) for `encoding`'s
// problem; none when the file has a header and no parts (a problem with no
// solution). Throws ResumeError.
[[nodiscard]] std::vector<dlx::Subproblem> read_parts(const std::string& spec, const Encoding& encoding);

}  // namespace dance
