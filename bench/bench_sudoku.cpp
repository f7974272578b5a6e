// Puzzles per second on every file of data/sudoku: uniqueness mode
// (search stopped at a second solution) on one thread and on two, and
// first-solution mode on one thread, with the mean search nodes per puzzle.
// Each puzzle runs through the driver as `dance solve sudoku` runs it
// (encoded with its heuristics, decoded); reading is done before the clock
// starts. A small file is
// solved over and over, in whole passes, for at least min_seconds, and the
// threads take puzzles in turn: a pass of 20 puzzles (0.004 s) measured
// thread start-up and one slow puzzle more than the solver. On a shared
// machine one run can be 20% off the next: --repeat N takes the median
// of N runs for each figure.
// usage: bench_sudoku [--repeat N] [--only TEXT] [DATA_DIR]
//   --only TEXT: the files whose name holds TEXT
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

#include "dance/driver.hpp"

namespace {
using Puzzle = std::unique_ptr<dance::Instance>;

struct Run {
  double per_second = 0;
  double seconds = 0;
  std::uint64_t nodes = 0;
  std::size_t not_unique = 0;
};

constexpr double min_seconds = 0.5;
const dance::Reduction& reduction() { return *dance::find_reduction("sudoku"); }
constexpr std::size_t turn = 8;  // puzzles a thread takes at a time

// Solves one puzzle in the session (its task unique or first); false unless
// it has exactly one solution (first: one at least).
bool solve(const dance::Instance& puzzle, dance::Session& session) {
  static const std::atomic<bool> never{false};
  dance::Collected results;
  session.run(puzzle, results, never);
  return results.found ? *results.found == 1 : results.solutions.size() == 1;
}

// Solves the puzzles `passes` times over on `threads` threads, which take
// `turn` puzzles at a time; nodes are per pass.
Run run(const std::vector<Puzzle>& puzzles, bool unique, std::size_t threads, std::size_t passes) {
  std::vector<Run> parts(threads);
  const std::size_t jobs = puzzles.size() * passes;
  std::atomic<std::size_t> next{0};
  const auto start = std::chrono::steady_clock::now();
  dance::RunSpec spec;
  spec.task = unique ? dance::Task::unique : dance::Task::solve;
  const auto work = [&](std::size_t t) {
    dance::Session session(reduction(), spec);
    for (std::size_t first; (first = next.fetch_add(turn)) < jobs;)
      for (std::size_t j = first; j < std::min(first + turn, jobs); ++j)
        parts[t].not_unique += !solve(*puzzles[j % puzzles.size()], session);
    parts[t].nodes += session.statistics().nodes;
  };
  std::vector<std::thread> pool;
  for (std::size_t t = 1; t < threads; ++t) pool.emplace_back(work, t);
  work(0);
  for (std::thread& thread : pool) thread.join();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  Run total;
  for (const Run& p : parts) {
    total.nodes += p.nodes;
    total.not_unique += p.not_unique;
  }
  total.seconds = seconds;
  total.per_second = static_cast<double>(jobs) / seconds;
  total.nodes /= passes;
  return total;
}

// The run of median speed among `repeat` runs, with the puzzles not unique in any.
Run median_run(const std::vector<Puzzle>& puzzles, bool unique, std::size_t threads, std::size_t passes,
               std::size_t repeat) {
  std::vector<Run> runs;
  for (std::size_t r = 0; r < repeat; ++r) runs.push_back(run(puzzles, unique, threads, passes));
  std::sort(runs.begin(), runs.end(), [](const Run& a, const Run& b) { return a.per_second < b.per_second; });
  Run median = runs[runs.size() / 2];
  for (const Run& r : runs) median.not_unique = std::max(median.not_unique, r.not_unique);
  return median;
}

int usage() {
  std::cerr << "usage: bench_sudoku [--repeat N] [--only TEXT] [DATA_DIR]\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::filesystem::path dir = std::string(DANCE_DATA_DIR) + "/sudoku";
  std::size_t repeat = 1;
  std::string only;
  for (int a = 1; a < argc; ++a) {
    const std::string arg = argv[a];
    if (arg == "--repeat" && a + 1 < argc) {
      char* end = nullptr;
      const long n = std::strtol(argv[++a], &end, 10);
      if (*end != '\0' || n < 1) return usage();
      repeat = static_cast<std::size_t>(n);
    } else if (arg == "--only" && a + 1 < argc) {
      only = argv[++a];
    } else if (!arg.empty() && arg[0] != '-') {
      dir = arg;
    } else {
      return usage();
    }
  }
  if (!std::filesystem::is_directory(dir)) {
    std::cerr << "bench_sudoku: " << dir.string() << " is not a directory (of the sudoku files)\n";
    return 2;
  }
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    if (entry.path().extension() == ".txt" && entry.path().filename().string().find(only) != std::string::npos)
      files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  if (files.empty()) {
    std::cerr << "bench_sudoku: no .txt file" << (only.empty() ? "" : " named with \"" + only + "\"") << " in "
              << dir.string() << '\n';
    return 2;
  }
  std::cout << std::left << std::setw(32) << "file" << std::right << std::setw(8) << "puzzles" << std::setw(12)
            << "unique/s" << std::setw(12) << "first/s" << std::setw(14) << "unique -j2/s" << std::setw(11)
            << "nodes/pz" << "  check\n";
  int wrong = 0;
  for (const auto& file : files) {
    std::ifstream in(file);
    auto reader = reduction().reader(in, {});
    std::vector<Puzzle> puzzles;
    while (auto instance = reader->next()) puzzles.push_back(std::move(instance));
    Run unique = run(puzzles, true, 1, 1);
    // Whole passes enough for min_seconds, from the time of one.
    const auto passes = static_cast<std::size_t>(std::ceil(min_seconds / std::max(unique.seconds, 1e-9)));
    if (passes > 1 || repeat > 1) unique = median_run(puzzles, true, 1, passes, repeat);
    const Run first = median_run(puzzles, false, 1, passes, repeat);
    const Run parallel = median_run(puzzles, true, 2, passes, repeat);
    const bool ok = unique.not_unique == 0 && parallel.not_unique == 0;  // every puzzle here is unique
    wrong += !ok;
    std::cout << std::left << std::setw(32) << file.filename().string() << std::right << std::setw(8)
              << puzzles.size() << std::fixed << std::setprecision(0) << std::setw(12) << unique.per_second
              << std::setw(12) << first.per_second << std::setw(14) << parallel.per_second << std::setprecision(1)
              << std::setw(11) << static_cast<double>(unique.nodes) / static_cast<double>(puzzles.size()) << "  "
              << (ok ? "ok" : "WRONG: not all unique") << '\n';
  }
  return wrong == 0 ? 0 : 1;
}
