#include "generate.hpp"

#include <atomic>
#include <chrono>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <vector>
#include <unistd.h>

#include "commands.hpp"
#include "dance/generator.hpp"
#include "dance/reduction.hpp"
#include "output_files.hpp"
#include "dance/parallel.hpp"
#include "progress.hpp"
#include "work_clocks.hpp"

namespace dance::cli {
namespace {

// One generated puzzle's line, or why there is none.
struct Made {
  std::string line;
  Failure error;
  std::size_t clues = 0;
  std::size_t attempts = 0;
  std::uint64_t nodes = 0;
  bool interrupted = false;  // given up on Ctrl-C, or on -t
  bool timed_out = false;    // ... on -t: the run goes on with the next puzzle
};

Made make(PuzzleType& type, const Settings& s, const GenerateOptions& options, std::uint64_t index) {
  Made made;
  try {
    const Puzzle puzzle = generate(type, options, s.seed, index);
    if (s.verify) {
      if (const auto wrong = type.verify(puzzle.solution, puzzle.kept)) {
        made.error = {"internal", "internal error: puzzle " + std::to_string(index + 1) + " fails verification: " + *wrong};
        return made;
      }
    }
    std::ostringstream line;
    type.print_record(line, puzzle.solution, puzzle.kept, s.with_solution);
    made.line = std::move(line).str();
    made.clues = puzzle.clues;
    made.attempts = puzzle.attempts;
    if (puzzle.verdict) made.nodes = puzzle.verdict->nodes;
  } catch (const GenerateError& e) {
    made.error = {"bad_option", e.what()};
  } catch (const GenerateInterrupted&) {
    made.interrupted = true;
  }
  return made;
}

}  // namespace

int generate(const Settings& s, const std::atomic<bool>& interrupt, std::ostream& out, std::ostream& err,
             const std::string& prefix, Failure* failure) {
  const Reduction& reduction = *find_reduction(s.reduction);
  const auto failed = [&](Failure why, std::string_view hint = "") {
    err << prefix << why.message << '\n' << hint;
    if (failure) *failure = std::move(why);
    return exit_status::error;
  };
  const std::string try_help = "Try '" + program() + " --help'.\n";
  const std::size_t threads = thread_count(s.threads);
  GenerateOptions options = generate_options(s);
  options.verdict = s.stats;  // for the mean nodes to prove uniqueness
  std::vector<std::unique_ptr<PuzzleType>> types;
  try {
    for (std::size_t t = 0; t < threads; ++t) types.push_back(reduction.puzzle_type(s.model, s.format));
    if (!types[0])
      return failed({"unknown_reduction", "there is no generator for '" + std::string(reduction.name()) + "' (see '" +
                                              program() + " list')"});
    check_options(*types[0], options);
  } catch (const std::invalid_argument& e) {
    return failed({"bad_option", e.what()}, try_help);
  } catch (const GenerateError& e) {
    return failed({"bad_option", e.what()});
  }

  WorkClocks clocks(threads, s.time_limit, interrupt);  // -t for generate: a time limit per puzzle
  for (std::size_t t = 0; t < threads; ++t) types[t]->set_interrupt(&clocks.flag(t));
  const auto start = std::chrono::steady_clock::now();
  std::atomic<std::uint64_t> made_so_far{0};
  ProgressLine progress(
      err, ProgressLine::shown(s.progress),
      [&made_so_far, total = s.solutions](double seconds) {
        return std::to_string(made_so_far.load(std::memory_order_relaxed)) + " of " + std::to_string(total) +
               " puzzles, " + std::to_string(static_cast<long>(seconds)) + " s";
      },
      0);
  const bool to_terminal = isatty(STDOUT_FILENO) != 0 && !s.quiet;  // puzzles and progress on one screen
  const std::size_t chunk = 16 * threads;
  std::vector<Made> made(chunk);
  std::uint64_t done = 0, timed_out = 0, clues = 0, attempts = 0, nodes = 0;
  while (done < s.solutions && !interrupt.load()) {
    const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(chunk, s.solutions - done));
    in_parallel(n, threads, [&](std::size_t k, std::size_t t) {
      clocks.start(t);
      made[k] = make(*types[t], s, options, done + k);
      made[k].timed_out = clocks.stop(t) && made[k].interrupted;
      if (!made[k].interrupted) made_so_far.fetch_add(1, std::memory_order_relaxed);
    });
    std::size_t finished = 0;  // the puzzles before the first one given up on Ctrl-C
    while (finished < n && (!made[finished].interrupted || made[finished].timed_out)) ++finished;
    if (to_terminal) progress.clear();
    for (std::size_t k = 0; k < finished; ++k) {
      if (!made[k].error.code.empty()) {
        made_so_far = done + k;
        progress.stop(true);
        return failed(made[k].error);
      }
      if (made[k].timed_out) {
        ++timed_out;
        err << prefix << "puzzle " << done + k + 1 << " stopped by the time limit (-t " << s.time_limit << " s)\n";
        continue;
      }
      if (!s.output_dir.empty()) {
        try {
          write_output_file(s.output_dir, done + k + 1, made[k].line);
        } catch (const std::runtime_error& e) {
          progress.stop(true);
          return failed({"internal", e.what()});
        }
      } else if (!s.quiet) {
        out << made[k].line;
      }
      clues += made[k].clues;
      attempts += made[k].attempts;
      nodes += made[k].nodes;
    }
    done += finished;
    out.flush();
    if (finished < n) break;  // interrupted: the puzzles before stay printed
  }
  const std::uint64_t printed = done - timed_out;
  made_so_far = printed;
  progress.stop(true);
  if (s.stats) {
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const double each = printed ? 1.0 / static_cast<double>(printed) : 0.0;
    err << prefix << "puzzles " << printed << ", mean clues " << static_cast<double>(clues) * each << ", attempts "
        << attempts << ", mean nodes to prove uniqueness " << static_cast<double>(nodes) * each << ", seconds "
        << seconds << '\n';
  }
  if (interrupt.load()) {
    err << prefix << "interrupted\n";
    return exit_status::stopped;
  }
  if (timed_out > 0) {
    err << prefix << timed_out << " of " << done << " puzzles stopped by the time limit\n";
    return exit_status::stopped;
  }
  return exit_status::found;
}

}  // namespace dance::cli
