#include "commands.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "dance/reduction.hpp"
#include "dlx/error.hpp"
#include "dlx/knuth_format.hpp"
#include "dlx/team.hpp"
#include "cluster.hpp"
#include "input_buffer.hpp"
#include "output_files.hpp"
#include "generate.hpp"
#include "parallel.hpp"
#include "progress.hpp"
#include "serve.hpp"
#include "recording_buffer.hpp"

namespace dance::cli {
namespace {

int list(std::ostream& out) {
  for (const Reduction* r : reductions()) {
    out << r->name() << "\t" << r->summary();
    try {
      if (r->puzzle_type(ModelOptions())) out << " (generate too)";
    } catch (const std::invalid_argument&) {
    }
    out << '\n';
  }
  return exit_status::found;
}

// The status of a batch is its worst instance's: error, then stopped, then none.
int worse(int a, int b) {
  const auto rank = [](int status) {
    switch (status) {
      case exit_status::error: return 3;
      case exit_status::stopped: return 2;
      case exit_status::none: return 1;
      default: return 0;
    }
  };
  return rank(a) >= rank(b) ? a : b;
}

// One solver per problem (a sudoku size, say), reused by every instance of it.
class Solvers {
 public:
  // Each solver publishes how far it has got in `progress`.
  Solvers(std::uint64_t seed, dlx::Progress* progress) : seed_(seed), progress_(progress) {}
  // The solver of the encoding's problem, with the heuristics it asks for.
  dlx::Solver& for_problem(const Encoding& encoding) {
    const std::shared_ptr<const dlx::Problem>& problem = encoding.problem;
    for (auto& [p, solver] : solvers_)
      if (p == problem) return *solver;
    if (solvers_.size() == kept) {
      retired_ += solvers_.front().second->statistics();
      solvers_.erase(solvers_.begin());
    }
    solvers_.emplace_back(problem, std::make_unique<dlx::Solver>(problem, seed_, encoding.heuristics));
    dlx::Solver& solver = *solvers_.back().second;
    if (std::find(variants_.begin(), variants_.end(), solver.variant()) == variants_.end())
      variants_.push_back(solver.variant());
    dlx::Limits limits;
    limits.progress = progress_;
    solver.set_limits(limits);
    return solver;
  }
  // The engine's variants of the solvers made, each once ("X with ring and subset rule, tie-break").
  [[nodiscard]] const std::vector<std::string>& variants() const { return variants_; }
  [[nodiscard]] dlx::Statistics total() const {
    dlx::Statistics sum = retired_;
    for (const auto& entry : solvers_) sum += entry.second->statistics();
    return sum;
  }

 private:
  static constexpr std::size_t kept = 8;
  std::uint64_t seed_;
  dlx::Progress* progress_;
  std::vector<std::pair<std::shared_ptr<const dlx::Problem>, std::unique_ptr<dlx::Solver>>> solvers_;
  dlx::Statistics retired_;
  std::vector<std::string> variants_;
};

struct Context {
  const Settings& s;
  const Reduction& reduction;
  const std::atomic<bool>& interrupt;
  std::ostream& out;
  std::ostream& err;
  std::string source;
  std::vector<Solvers>* team = nullptr;  // set: one instance, searched by all these workers together
  Cluster* cluster = nullptr;            // set: ... and by those of the other ranks of an MPI run
  ProgressLine* progress = nullptr;      // to clear before an answer goes to the terminal
};

// Where an instance came from, for a message: "FILE: line N: ", or nothing
// for an instance given by options alone (queens --size 3).
std::string where(const Context& c, const Instance& instance) {
  return instance.line == 0 ? "" : c.source + ": line " + std::to_string(instance.line) + ": ";
}

int stopped(const Context& c, const Instance& instance, dlx::Outcome outcome) {
  c.err << "dance: " << where(c, instance) << "stopped by "
        << (outcome == dlx::Outcome::interrupted ? "an interrupt" : dlx::to_string(outcome))
        << " before the search was complete\n";
  return exit_status::stopped;
}

// Whether the answer is a number of solutions: count, or -n 0 where an
// instance's answers keep to one line.
bool counting(const Context& c) { return c.s.count || (c.s.solutions == 0 && c.reduction.aligned_output()); }

// Says on stderr that an instance has no solution, and why.
int tell_no_solution(const Context& c, const Instance& instance, const std::string& why) {
  if (!c.s.quiet) c.err << "dance: " << where(c, instance) << "no solution" << why << '\n';
  return exit_status::none;
}

// The same, with the instance's answer line on stdout.
int no_solution(const Context& c, const Instance& instance, const std::string& why) {
  if (!c.s.quiet) {
    if (c.s.unique) c.out << "none\n";
    else if (counting(c)) c.out << "0\n";
    else c.reduction.print_none(c.out, instance);
  }
  return tell_no_solution(c, instance, why);
}

// Readies a solver for an encoding: the last instance's assumptions gone,
// the encoding's hook, at most `nodes` more nodes and `seconds` more seconds
// (0: no limit), then the encoding's assumptions; false when they clash.
bool prepare(const Context& c, dlx::Solver& solver, const Encoding& encoding, std::uint64_t nodes, double seconds,
             dlx::Hook* hook) {
  solver.retract();
  solver.set_hook(hook);
  const dlx::Statistics& stats = solver.statistics();
  // Limits are on the solver's running totals; a sum past 2^64 - 1 is no limit (0) rather than a wrapped one.
  const std::uint64_t node_limit = nodes == 0 || nodes > UINT64_MAX - stats.nodes ? 0 : stats.nodes + nodes;
  solver.set_limits(
      dlx::Limits{node_limit, seconds > 0 ? stats.seconds + seconds : 0, &c.interrupt, nullptr, solver.limits().progress});
  for (const dlx::OptionId o : encoding.assumptions)
    if (!solver.assume(o)) return false;
  return true;
}

// One instance's search, by one solver or by a team: count all solutions,
// or show each to a visitor until it says stop.
using Visitor = std::function<bool(std::span<const dlx::OptionId>)>;
struct SearchCalls {
  std::function<dlx::Outcome(std::uint64_t& found)> count;
  std::function<dlx::Outcome(const Visitor&)> visit;
};

// Runs what the settings ask of a readied search and reports it; returns the exit status.
int answer(const Context& c, const Instance& instance, const Encoding& encoding, const SearchCalls& search) {
  const Settings& s = c.s;
  std::uint64_t found = 0;
  const auto clear_progress = [&c] {
    if (c.progress) c.progress->clear();
  };
  if (s.unique) {
    std::ostringstream first;  // show_first: the first solution, printed after the verdict
    const dlx::Outcome outcome = search.visit([&](std::span<const dlx::OptionId> solution) {
      if (s.show_first && found == 0) c.reduction.print(first, instance, *c.reduction.decode(instance, encoding, solution));
      return ++found < 2;
    });
    clear_progress();
    if (outcome != dlx::Outcome::exhausted && outcome != dlx::Outcome::solution_limit) {
      if (!s.quiet) c.out << "unknown\n";  // a batch keeps its line for each puzzle
      return stopped(c, instance, outcome);
    }
    if (!s.quiet) c.out << (found == 0 ? "none" : found == 1 ? "unique" : "multiple") << '\n' << first.str();
    return found == 0 ? exit_status::none : exit_status::found;
  }
  if (counting(c)) {
    const dlx::Outcome outcome = search.count(found);
    clear_progress();
    if (!s.quiet) c.out << found << '\n';
    if (outcome != dlx::Outcome::exhausted) {
      c.err << "dance: the count is a lower bound\n";
      return stopped(c, instance, outcome);
    }
    return found > 0 ? exit_status::found : exit_status::none;
  }

  std::uint64_t printed = 0;
  std::optional<std::string> wrong;
  const dlx::Outcome outcome = search.visit([&](std::span<const dlx::OptionId> solution) {
    const auto answer = c.reduction.decode(instance, encoding, solution);
    if (s.verify && (wrong = c.reduction.verify(instance, *answer))) return false;
    if (!s.quiet) {
      clear_progress();
      if (printed > 0 && !c.reduction.aligned_output()) c.out << '\n';
      c.reduction.print(c.out, instance, *answer);
    }
    return ++printed < s.solutions || s.solutions == 0;
  });
  if (wrong) {
    c.err << "dance: internal error: " << where(c, instance) << "answer " << printed + 1
          << " fails verification: " << *wrong << '\n';
    return exit_status::error;
  }
  clear_progress();
  if (printed > 0) return exit_status::found;
  if (outcome == dlx::Outcome::exhausted) return no_solution(c, instance, "");
  if (!s.quiet) c.reduction.print_stopped(c.out, instance);
  return stopped(c, instance, outcome);
}

// Solves one instance with one solver; returns its exit status.
int solve(const Context& c, const Instance& instance, Encoding& encoding, dlx::Solver& solver) {
  const Settings& s = c.s;
  if (encoding.contradiction) return no_solution(c, instance, ": " + *encoding.contradiction);
  if (!prepare(c, solver, encoding, s.node_limit, s.time_limit, encoding.hook.get()))
    return no_solution(c, instance, ": the given options clash");
  return answer(c, instance, encoding,
                {[&solver](std::uint64_t& found) {
                   const std::uint64_t before = solver.statistics().solutions;
                   const dlx::Outcome outcome = solver.count();
                   found = solver.statistics().solutions - before;
                   return outcome;
                 },
                 [&solver, &s](const Visitor& visit) {
                   if (s.restarts == 0) return solver.visit(visit);
                   return solver.restarting(s.restarts, s.seed, [&visit](dlx::Solver& run) { return run.visit(visit); });
                 }});
}

// A --resume file or range that cannot be used: not about the instance's line.
struct ResumeError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The parts named by --resume FILE[:FROM-TO] (lines, 1-based, inclusive;
// line 1 is the header that says which problem they were split from).
std::vector<dlx::Subproblem> read_parts(const std::string& spec, const Encoding& encoding) {
  std::string file = spec;
  std::size_t from = 1, to = SIZE_MAX;
  if (const auto colon = spec.rfind(':'); colon != std::string::npos) {
    const std::string range = spec.substr(colon + 1);
    const auto dash = range.find('-');
    try {
      std::size_t used = 0;
      from = std::stoul(range.substr(0, dash), &used);
      if (used != dash && dash != std::string::npos) throw std::invalid_argument(range);
      to = dash == std::string::npos ? from : std::stoul(range.substr(dash + 1), &used);
    } catch (const std::logic_error&) {
      throw ResumeError("--resume " + spec + ": expected FILE or FILE:FROM-TO with line numbers");
    }
    if (from == 0 || to < from) throw ResumeError("--resume " + spec + ": lines are numbered from 1, FROM <= TO");
    file = spec.substr(0, colon);
  }
  std::ifstream in(file);
  if (!in) throw ResumeError("--resume: cannot open '" + file + "'");
  const std::size_t option_count = encoding.problem->option_count();
  std::vector<dlx::Subproblem> parts;
  std::string line;
  try {
    std::getline(in, line);  // empty when the file is
    dlx::check_parts_header(line, dlx::fingerprint(*encoding.problem, encoding.assumptions));
    for (std::size_t number = 2; number <= to && std::getline(in, line); ++number)
      if (number >= from) parts.push_back(dlx::read_subproblem(line, number, option_count));
  } catch (const dlx::ParseError& e) {
    throw ResumeError("--resume " + file + ": " + e.what());
  }
  if (parts.empty()) throw ResumeError("--resume " + spec + ": no parts on those lines");
  return parts;
}

// The parts of a search at the shallowest depth that gives at least `wanted`
// of them (or at the deepest tried), into `parts`.
dlx::Outcome cut(dlx::Solver& solver, std::size_t wanted, std::vector<dlx::Subproblem>& parts) {
  constexpr std::uint32_t deepest = 32;
  for (std::uint32_t depth = 1;; ++depth) {
    parts.clear();
    solver.reset();
    dlx::Outcome outcome;
    while ((outcome = solver.split(depth)) == dlx::Outcome::solution) parts.push_back(solver.subproblem());
    if (outcome != dlx::Outcome::exhausted || parts.size() >= wanted || depth == deepest) return outcome;
  }
}

// One instance counted by the teams of all ranks of an MPI run: rank 0 cuts
// it into parts (or reads them from --resume) for the cluster to hand out.
int count_on_cluster(const Context& c, const Instance& instance, dlx::Team& team, dlx::Solver& cutter,
                     const Encoding& encoding) {
  const std::size_t option_count = encoding.problem->option_count();
  std::vector<dlx::Subproblem> parts;
  dlx::Outcome cutting = dlx::Outcome::exhausted;
  std::optional<std::string> failure;  // rank 0 could not make its parts: the other ranks get none
  if (c.cluster->rank() == 0) {
    try {
      if (!c.s.resume.empty()) parts = read_parts(c.s.resume, encoding);
      else cutting = cut(cutter, 64 * static_cast<std::size_t>(c.cluster->size()) * c.team->size(), parts);
    } catch (const ResumeError& e) {
      failure = e.what();
    }
    if (failure || cutting != dlx::Outcome::exhausted) parts.clear();
  }
  const int status = answer(c, instance, encoding,
                            {[&](std::uint64_t& found) {
                               const dlx::Outcome outcome = c.cluster->count(team, std::move(parts), option_count, found);
                               if (failure) throw ResumeError(*failure);
                               return cutting != dlx::Outcome::exhausted ? cutting : outcome;
                             },
                             nullptr});
  if (c.s.stats)
    for (std::size_t r = 0; r < c.cluster->statistics().size(); ++r)
      c.err << "dance: rank " << r << ": " << c.cluster->statistics()[r] << '\n';
  return status;
}

// One instance searched by a Team: the workers' solvers, each with its own
// copy of the hook (-j N), or the parts of --resume.
int solve_together(const Context& c, const Instance& instance, Encoding& encoding) {
  const Settings& s = c.s;
  if (encoding.contradiction) return no_solution(c, instance, ": " + *encoding.contradiction);
  std::vector<std::unique_ptr<dlx::Hook>> hooks;
  std::vector<dlx::Solver*> solvers;
  for (Solvers& worker : *c.team) {
    dlx::Solver& solver = worker.for_problem(encoding);
    dlx::Hook* hook = encoding.hook.get();
    if (hook && !solvers.empty()) hook = hooks.emplace_back(hook->clone()).get();
    if (!prepare(c, solver, encoding, s.node_limit, s.time_limit, hook))
      return no_solution(c, instance, ": the given options clash");
    solvers.push_back(&solver);
  }
  dlx::Team team(solvers);
  if (c.cluster) return count_on_cluster(c, instance, team, *solvers.front(), encoding);
  if (!s.resume.empty()) team.set_parts(read_parts(s.resume, encoding));
  const int status = answer(c, instance, encoding,
                            {[&team](std::uint64_t& found) { return team.count(found); },
                             [&team](const Visitor& visit) { return team.visit(visit); }});
  if (s.stats)
    for (std::size_t w = 0; w < team.statistics().size(); ++w)
      c.err << "dance: worker " << w + 1 << ": " << team.statistics()[w] << '\n';
  return status;
}

// split: the parts of the search at --depth, one per line.
// No parts for an instance without solutions: stdout is for --resume to read.
int split(const Context& c, const Instance& instance, Encoding& encoding, dlx::Solver& solver) {
  if (encoding.contradiction) return tell_no_solution(c, instance, ": " + *encoding.contradiction);
  if (!prepare(c, solver, encoding, c.s.node_limit, c.s.time_limit, encoding.hook.get()))
    return tell_no_solution(c, instance, ": the given options clash");
  dlx::Outcome outcome;
  dlx::write_parts_header(c.out, dlx::fingerprint(*encoding.problem, encoding.assumptions));
  while ((outcome = solver.split(c.s.depth)) == dlx::Outcome::solution) dlx::write_subproblem(c.out, solver.subproblem());
  return outcome == dlx::Outcome::exhausted ? exit_status::found : stopped(c, instance, outcome);
}

// A sequence of decision problems (clique --max), each solved for a first
// solution; prints the last answer found. Limits hold for the whole sequence.
int optimise(const Context& c, const Instance& first, Solvers& solvers) {
  const Settings& s = c.s;
  if (s.count || s.unique || s.solutions != 1)
    throw std::invalid_argument(std::string(c.reduction.name()) +
                                " finds one best answer here; -n, --count and --unique do not apply");
  const dlx::Statistics at_start = solvers.total();
  std::vector<std::unique_ptr<Instance>> steps;  // each step after the first, kept alive for the answer
  const Instance* current = &first;
  const Instance* best_instance = nullptr;
  std::unique_ptr<Answer> best;
  for (;;) {
    Encoding encoding = c.reduction.encode(*current);
    dlx::Solver& solver = solvers.for_problem(encoding);
    // What is left of the limits; a used-up budget still stops at once (one node, a nanosecond).
    const dlx::Statistics used = solvers.total();
    const std::uint64_t nodes_left =
        s.node_limit ? std::max<std::uint64_t>(1, s.node_limit - std::min(s.node_limit, used.nodes - at_start.nodes)) : 0;
    const double seconds_left = s.time_limit > 0 ? std::max(1e-9, s.time_limit - (used.seconds - at_start.seconds)) : 0;
    const bool ok = !encoding.contradiction && prepare(c, solver, encoding, nodes_left, seconds_left, encoding.hook.get());
    const dlx::Outcome outcome = ok ? solver.next() : dlx::Outcome::exhausted;
    std::unique_ptr<Answer> answer;
    if (outcome == dlx::Outcome::solution) {
      answer = c.reduction.decode(*current, encoding, solver.solution());
      if (s.verify) {
        if (const auto wrong = c.reduction.verify(*current, *answer)) {
          c.err << "dance: internal error: " << where(c, first) << "answer fails verification: " << *wrong << '\n';
          return exit_status::error;
        }
      }
    } else if (outcome != dlx::Outcome::exhausted) {
      if (!s.quiet) {
        if (best) c.reduction.print(c.out, *best_instance, *best);
        else c.reduction.print_stopped(c.out, first);
      }
      if (best) c.err << "dance: the answer printed is the best found before the search stopped\n";
      return stopped(c, first, outcome);
    }
    auto next = c.reduction.next_step(*current, answer.get());
    if (answer) {
      best = std::move(answer);
      best_instance = current;
    }
    if (!next) break;
    steps.push_back(std::move(next));
    current = steps.back().get();
  }
  if (!best) return no_solution(c, first, "");
  if (!s.quiet) c.reduction.print(c.out, *best_instance, *best);
  return exit_status::found;
}

}  // namespace

namespace {

// One instance of the input, or the reason it could not be read.
struct Job {
  std::unique_ptr<Instance> instance;
  Failure failure;         // code empty: none; parse_error "line L, column C: ..." for a malformed instance
  std::size_t number = 0;  // in input order, from 1
};

// A reduction's reader and how far it has got.
struct Input {
  InstanceReader& reader;
  std::size_t read = 0;  // jobs read
  bool broken = false;   // an option's value refused while reading: nothing more is read
};

// Keeps a job's failure in `first` when it is the first one.
void keep_first(Failure* first, const Failure& failure) {
  if (first && first->code.empty() && !failure.code.empty()) *first = failure;
}

// Reads the next job; false at the end of the input.
bool read_job(Input& input, Job& job) {
  if (input.broken) return false;
  job.number = input.read + 1;
  try {
    job.instance = input.reader.next();
    if (!job.instance) return false;
  } catch (const dlx::ParseError& e) {
    job.failure = {"parse_error", e.what(), e.line(), e.column()};
  } catch (const dlx::BuildError& e) {
    job.failure = {"parse_error", e.what()};
  } catch (const std::invalid_argument& e) {  // an option that this input cannot take (--to names no vertex)
    job.failure = {"bad_option", e.what()};
    input.broken = true;
  }
  ++input.read;
  return true;
}

// Handles a job, writing to c's streams; returns its exit status.
int handle_here(const Context& c, Job& job, Solvers& solvers) {
  // A failure said on stderr, in place of the answer on stdout, and kept in the job.
  const auto failed = [&c, &job](Failure failure) {
    c.err << "dance: " << failure.message << '\n';
    if (c.s.command != "emit") c.reduction.print_error(c.out);
    job.failure = std::move(failure);
    return exit_status::error;
  };
  if (!job.failure.code.empty()) {
    Failure read = job.failure;
    read.message = (read.code == "parse_error" ? c.source + ": " : "") + read.message;
    return failed(std::move(read));
  }
  const Instance& instance = *job.instance;
  for (const std::string& w : instance.warnings) c.err << "dance: " << (instance.line == 0 ? "" : c.source + ": ") << "warning: " << w << '\n';
  try {
    if (c.s.command != "emit" && c.reduction.optimises(instance)) return optimise(c, instance, solvers);
    Encoding encoding = c.reduction.encode(instance);
    if (c.s.command == "emit") {
      if (encoding.hook && !encoding.hook_is_bound)
        c.err << "dance: warning: " << c.reduction.name()
              << " also checks a constraint during the search that Knuth's format cannot state; the problem "
                 "written may have more solutions\n";
      dlx::write_knuth(c.out, dlx::with_forced(*encoding.problem, encoding.assumptions));
      return exit_status::found;
    }
    if (c.s.command == "split") return split(c, instance, encoding, solvers.for_problem(encoding));
    if (c.team) return solve_together(c, instance, encoding);
    return solve(c, instance, encoding, solvers.for_problem(encoding));
  } catch (const ResumeError& e) {
    return failed({"bad_option", e.what()});
  } catch (const dlx::BuildError& e) {
    return failed({"parse_error", where(c, instance) + e.what(), instance.line});
  } catch (const std::invalid_argument& e) {  // options this instance cannot take
    return failed({"bad_option", where(c, instance) + e.what()});
  } catch (const std::bad_alloc&) {
    return failed({"too_large", where(c, instance) + "out of memory"});
  } catch (const std::exception& e) {  // a reduction's bug: this instance fails, the run goes on
    return failed({"internal", "internal error: " + where(c, instance) + e.what()});
  }
}

// Handles a job, writing to c's streams (with -o, its output to a file of
// its own); returns its exit status.
int handle(const Context& c, Job& job, Solvers& solvers) {
  if (c.s.output_dir.empty()) return handle_here(c, job, solvers);
  std::ostringstream own;
  const Context to_file{c.s, c.reduction, c.interrupt, own, c.err, c.source, c.team, c.cluster, c.progress};
  const int status = handle_here(to_file, job, solvers);
  try {
    write_output_file(c.s.output_dir, job.number, own.str());
  } catch (const std::runtime_error& e) {
    c.err << "dance: " << e.what() << '\n';
    return exit_status::error;
  }
  return status;
}

// A chunk of a batch: its jobs, and what each wrote and returned.
struct Chunk {
  explicit Chunk(std::size_t size) : jobs(size), outs(size), errs(size), statuses(size) {}
  std::vector<Job> jobs;
  std::vector<std::ostringstream> outs, errs;
  std::vector<int> statuses;
  std::size_t count = 0;
};

// The batch on several threads, a chunk at a time, the answers in input
// order. The workers take the jobs of one chunk in turn while this thread
// writes the answers of the chunk before and reads the next: reading and
// writing between chunks left the workers idle (sudoku17.txt, --unique:
// 2 threads were 1.44 times as fast as one). `read`: the first jobs, already read.
int run_parallel(const Context& c, Input& input, std::vector<Solvers>& workers, bool& any, std::vector<Job> read,
                 Failure* failure) {
  const std::size_t threads = workers.size();
  const std::size_t size = std::min<std::size_t>(256 * threads, 16384);  // -j 1024: 2 x 16,384 jobs, not 2 x 262,144
  std::array<Chunk, 2> chunks{Chunk(size), Chunk(size)};
  int status = exit_status::found;
  bool more = true;
  const auto fill = [&](Chunk& chunk) {
    for (Job& job : read) chunk.jobs[chunk.count++] = std::move(job);
    read.clear();
    while (more && chunk.count < size && !c.interrupt.load() && (more = read_job(input, chunk.jobs[chunk.count])))
      ++chunk.count;
    any = any || chunk.count > 0;
  };
  const auto write = [&](Chunk& chunk) {
    if (c.progress && chunk.count > 0) c.progress->clear();
    for (std::size_t k = 0; k < chunk.count; ++k) {
      c.out << chunk.outs[k].str();
      c.err << chunk.errs[k].str();
      status = worse(status, chunk.statuses[k]);
      keep_first(failure, chunk.jobs[k].failure);
      chunk.jobs[k] = Job{};
      chunk.outs[k].str({});
      chunk.errs[k].str({});
    }
    chunk.count = 0;
  };
  fill(chunks[0]);
  std::size_t now = 0;
  for (; chunks[now].count > 0; now ^= 1) {
    Chunk& solving = chunks[now];
    in_parallel(
        solving.count, threads,
        [&](std::size_t k, std::size_t t) {
          const Context mine{c.s, c.reduction, c.interrupt, solving.outs[k], solving.errs[k], c.source};
          solving.statuses[k] = handle(mine, solving.jobs[k], workers[t]);
        },
        [&] {
          write(chunks[now ^ 1]);
          fill(chunks[now ^ 1]);
        });
  }
  write(chunks[now ^ 1]);
  return status;
}

// A number for a person: 3, 45.2 k, 7.31 M, 1.02 G.
std::string readable(double value) {
  char text[32];
  const char* unit = value >= 1e9 ? " G" : value >= 1e6 ? " M" : value >= 1e3 ? " k" : "";
  const double scaled = value >= 1e9 ? value / 1e9 : value >= 1e6 ? value / 1e6 : value >= 1e3 ? value / 1e3 : value;
  std::snprintf(text, sizeof text, *unit ? "%.3g%s" : "%.0f%s", scaled, unit);
  return text;
}

// The progress line of a search: its workers' nodes and solutions, the rate,
// and for one worker Knuth's estimate of the share of the tree done (a team
// steals work across the tree: no one worker's estimate stands for it).
std::string describe_search(std::vector<dlx::Progress>& published, double seconds) {
  std::uint64_t nodes = 0, solutions = 0;
  for (const dlx::Progress& p : published) {
    nodes += p.nodes.load(std::memory_order_relaxed);
    solutions += p.solutions.load(std::memory_order_relaxed);
  }
  std::string line = readable(static_cast<double>(nodes)) + " nodes, " + std::to_string(solutions) + " solutions, " +
                     readable(static_cast<double>(nodes) / std::max(seconds, 1e-3)) + " nodes/s";
  if (published.size() == 1) {
    // The search answers at its next check, 1024 nodes on: well within 20 ms, unless it is done.
    published[0].asked.store(true, std::memory_order_relaxed);
    for (int wait = 0; wait < 20 && published[0].asked.load(std::memory_order_relaxed); ++wait)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    if (const double done = published[0].done.load(std::memory_order_relaxed); done >= 0) {
      char share[32];
      std::snprintf(share, sizeof share, "%.4g%%", 100 * done);
      line += ", about " + std::string(share) + " of the tree done";
    }
  }
  return line + ", " + std::to_string(static_cast<long>(seconds)) + " s";
}

// The input named by the settings (stdin for "-"); nothing, said on `err`, when it cannot be opened.
std::istream* open_input(const Settings& s, std::ifstream& file, std::ostream& err) {
  if (s.input == "-") return &std::cin;
  std::error_code error;
  if (std::filesystem::is_directory(s.input, error)) {
    err << "dance: '" << s.input << "' is a directory, not a file\n";
    return nullptr;
  }
  file.open(s.input);
  if (!file) err << "dance: cannot open '" << s.input << "': " << std::strerror(errno) << '\n';
  return file ? &file : nullptr;
}

// Rank 0's input as far as the reduction's reader reads it for one instance
// and the check that there is no second (only rank 0 has stdin, and a file
// may be on its host only); nothing when it cannot be opened.
std::optional<std::string> input_to_share(const Settings& s, const Reduction& reduction, std::ostream& err) {
  std::ifstream file;
  std::istream* in = open_input(s, file, err);
  if (!in) return std::nullopt;
  RecordingBuffer recording(*in->rdbuf());
  std::istream recorded(&recording);
  try {
    const auto reader = reduction.reader(recorded, s.model);
    Input input{*reader};
    Job job;
    for (int k = 0; k < 2 && read_job(input, job); ++k) job = Job{};
  } catch (const std::invalid_argument&) {  // reported by every rank as it reads the shared text
  }
  return recording.recorded();
}

}  // namespace

int run(const Settings& s, const std::atomic<bool>& interrupt, std::ostream& out, std::ostream& err, Cluster* cluster,
        std::istream* given, Failure* failure) {
  if (cluster && !s.count) {
    err << "dance: under mpirun, dance counts only: dance count REDUCTION ...\n";
    return exit_status::error;
  }
  if (s.command == "list") return list(out);
  if (s.command == "generate") return generate(s, interrupt, out, err);
  if (s.command == "serve") return serve(s, interrupt, out, err);
  const Reduction& reduction = *find_reduction(s.reduction);
  std::ifstream file;
  std::istringstream shared;  // under MPI: rank 0's input, on every rank
  std::istream* in = &shared;
  if (given) {
    in = given;
  } else if (cluster) {
    const auto text = cluster->share(cluster->rank() == 0 ? input_to_share(s, reduction, err) : std::nullopt);
    if (!text) return exit_status::error;
    shared.str(*text);
  } else if (!(in = open_input(s, file, err))) {
    return exit_status::error;
  }
  Context c{s, reduction, interrupt, out, err, given ? "<request>" : s.input == "-" ? "<stdin>" : s.input};
  InputBuffer buffered(*in->rdbuf(), out);
  std::istream input(&buffered);
  std::unique_ptr<InstanceReader> reader;
  try {
    reader = reduction.reader(input, s.model);
  } catch (const std::invalid_argument& e) {
    err << "dance: " << e.what() << "\nTry 'dance --help'.\n";
    keep_first(failure, {"bad_option", e.what()});
    return exit_status::error;
  }

  const std::size_t threads = thread_count(s.threads);
  std::vector<dlx::Progress> published(threads);
  std::vector<Solvers> workers;
  for (std::size_t t = 0; t < threads; ++t) workers.emplace_back(s.seed, &published[t]);
  std::optional<ProgressLine> progress;
  if (s.command == "solve" || s.command == "count") {
    progress.emplace(err, ProgressLine::shown(s.progress),
                     [&published](double seconds) { return describe_search(published, seconds); }, 2.0);
    c.progress = &*progress;
  }
  int status = exit_status::found;
  bool any = false;
  Job first, second;
  const bool alone = s.command == "emit" || s.command == "split" || !s.resume.empty() || cluster;  // one problem only
  Input jobs{*reader};
  const bool have_first = (alone || threads > 1) && read_job(jobs, first);
  const bool have_second = have_first && read_job(jobs, second);
  if (have_first && !have_second) {
    // One instance: all threads search it together (emit and split write its one problem).
    any = true;
    Context together = c;
    together.cluster = cluster;
    if (s.command != "emit" && s.command != "split" && (threads > 1 || !s.resume.empty() || cluster))
      together.team = &workers;
    status = handle(together, first, workers[0]);
    keep_first(failure, first.failure);
  } else if (alone) {
    // Knuth's format and a list of parts have no way to put two problems in one stream.
    if (have_second) {
      any = true;
      err << "dance: " << c.source << ": " << (second.instance ? "line " + std::to_string(second.instance->line) + ": " : "")
          << (cluster ? "a count under mpirun" : s.resume.empty() ? s.command : "count --resume")
          << " takes one problem, and the input holds more than one instance\n";
      status = exit_status::error;
    }
  } else if (threads > 1) {
    std::vector<Job> read;
    if (have_second) {
      read.push_back(std::move(first));
      read.push_back(std::move(second));
    }
    status = run_parallel(c, jobs, workers, any, std::move(read), failure);
  } else {
    Job job;  // one at a time, so that answers stream out as puzzles come in
    while (!interrupt.load() && read_job(jobs, job)) {
      any = true;
      status = worse(status, handle(c, job, workers[0]));
      keep_first(failure, job.failure);
      job = Job{};
    }
  }
  if (progress) progress->stop();
  if (interrupt.load()) {
    err << "dance: interrupted\n";
    status = worse(status, exit_status::stopped);
  }
  if (!any && status == exit_status::found) {
    err << "dance: " << c.source << ": no " << reduction.name() << " instance in the input\n";
    status = exit_status::error;
  }
  if (s.stats) {
    dlx::Statistics total;
    for (const Solvers& w : workers) total += w.total();
    if (cluster)  // the other ranks' counters (rank 0's own are in `workers`)
      for (std::size_t r = 1; r < cluster->statistics().size(); ++r) total += cluster->statistics()[r];
    err << "dance: " << total << '\n';
    for (const std::string& variant : workers[0].variants()) err << "dance: engine: algorithm " << variant << '\n';
  }
  out.flush();
  return status;
}

}  // namespace dance::cli
