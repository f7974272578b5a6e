#include "generate.hpp"

#include <atomic>
#include <chrono>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <vector>

#include <unistd.h>

#include "commands.hpp"
#include "dance/generate.hpp"
#include "dance/generator.hpp"
#include "dance/reduction.hpp"
#include "output_files.hpp"
#include "progress.hpp"

namespace dance::cli {
namespace {

// dance generate's sink: each puzzle's line on `out` (--format json: an
// object per puzzle, docs/json.md) or in its file (-o DIR), the rest on `err`.
class PuzzleLines final : public PuzzleSink {
 public:
  PuzzleLines(const Settings& s, std::ostream& out, std::ostream& err, const std::string& prefix, ProgressLine& progress)
      : s_(s), out_(out), err_(err), prefix_(prefix), progress_(progress),
        to_terminal_(isatty(STDOUT_FILENO) != 0 && !s.quiet) {}

  void handing() override {
    if (to_terminal_) progress_.clear();  // puzzles and progress on one screen
  }
  void handed() override { out_.flush(); }
  void puzzle(std::uint64_t number, const MadePuzzle& made) override {
    if (!s_.output_dir.empty()) write_output_file(s_.output_dir, number, made.line);
    else if (!s_.quiet) out_ << made.line;
  }
  void timed_out(std::uint64_t number) override {
    err_ << prefix_ << "puzzle " << number << " stopped by the time limit (-t " << s_.time_limit << " s)\n";
  }

 private:
  const Settings& s_;
  std::ostream& out_;
  std::ostream& err_;
  const std::string& prefix_;
  ProgressLine& progress_;
  const bool to_terminal_;
};

}  // namespace

int generate(const Settings& s, const std::atomic<bool>& interrupt, std::ostream& out, std::ostream& err,
             const std::string& prefix, Failure* failure) {
  const auto start = std::chrono::steady_clock::now();
  std::atomic<std::uint64_t> made_so_far{0};
  ProgressLine progress(
      err, ProgressLine::shown(s.progress),
      [&made_so_far, total = s.solutions](double seconds) {
        return std::to_string(made_so_far.load(std::memory_order_relaxed)) + " of " + std::to_string(total) +
               " puzzles, " + std::to_string(static_cast<long>(seconds)) + " s";
      },
      0);
  PuzzleLines lines(s, out, err, prefix, progress);
  const Generation run = dance::generate(s, lines, interrupt, s.stats, &made_so_far);
  progress.stop(true);
  if (run.status == Status::error) {
    const bool listed = run.failure.code == "unknown_reduction";  // no generator: dance list says which have one
    err << prefix << run.failure.message << (listed ? " (see '" + program() + " list')" : "") << '\n'
        << (run.usage ? "Try '" + program() + " --help'.\n" : "");
    if (failure) *failure = run.failure;
    return exit_status::error;
  }
  if (s.stats)
    err << prefix << summary(run, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()) << '\n';
  if (run.interrupted) {
    err << prefix << "interrupted\n";
    return exit_status::stopped;
  }
  if (run.timed_out > 0) {
    err << prefix << run.timed_out << " of " << run.handed + run.timed_out << " puzzles stopped by the time limit\n";
    return exit_status::stopped;
  }
  return exit_status::found;
}

}  // namespace dance::cli
