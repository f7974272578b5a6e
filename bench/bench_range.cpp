// Range puzzles: every puzzle of data/range/janko_a.txt solved with
// a uniqueness check (count to 2), total and worst seconds and nodes per
// size, each puzzle stopped after a time limit; then generation
// milliseconds per puzzle per size (default removal, not minimal); and the
// connectivity hook's effect on the puzzles up to 10x10 (nodes and covers
// counting to 2, with and without it).
// usage: bench_range [SECONDS_PER_PUZZLE (default 10)]
#include <chrono>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <string>

#include "dance/generate.hpp"
#include "dance/generator.hpp"
#include "range/range.hpp"

namespace {
using Clock = std::chrono::steady_clock;
double since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }
}  // namespace

int main(int argc, char** argv) {
  const double limit = argc > 1 ? std::stod(argv[1]) : 10.0;
  const dance::Reduction& reduction = *dance::find_reduction("range");
  std::ifstream in(DANCE_DATA_DIR "/range/janko_a.txt");
  auto reader = reduction.reader(in, {});
  struct Row {
    int puzzles = 0, unique = 0, stopped = 0;
    double total = 0, worst = 0;
    std::uint64_t nodes = 0, worst_nodes = 0;
    std::string worst_name;
  };
  std::map<std::pair<int, int>, Row> rows;
  double total = 0;
  std::uint64_t nodes_with = 0, nodes_without = 0;
  int several_without = 0, small = 0;
  while (auto instance = reader->next()) {
    const auto& puzzle = static_cast<const dance::range::RangeInstance&>(*instance).puzzle;
    const auto start = Clock::now();
    const dance::Encoding encoding = reduction.encode(*instance);
    dlx::Solver solver(encoding.problem);
    solver.set_hook(encoding.hook.get());
    solver.set_limits(dlx::Limits{0, limit, nullptr});
    const dlx::Outcome outcome = solver.count(2);
    const double seconds = since(start);
    Row& row = rows[{puzzle.board.height * puzzle.board.width, puzzle.board.width}];
    ++row.puzzles;
    row.unique += outcome == dlx::Outcome::exhausted && solver.statistics().solutions == 1;
    row.stopped += outcome == dlx::Outcome::time_limit;
    row.total += seconds;
    row.nodes += solver.statistics().nodes;
    if (seconds > row.worst) {
      row.worst = seconds;
      row.worst_nodes = solver.statistics().nodes;
      row.worst_name = puzzle.title;
    }
    total += seconds;
    if (puzzle.board.cells() > 100) continue;
    ++small;
    nodes_with += solver.statistics().nodes;
    dlx::Solver bare(encoding.problem);  // exact cover alone
    bare.count(2);
    nodes_without += bare.statistics().nodes;
    several_without += bare.statistics().solutions > 1;
  }
  std::cout << "janko_a, count to 2 (limit " << limit << " s per puzzle)\n"
            << "size      puzzles unique stopped  total s  worst s  worst nodes  worst puzzle\n";
  for (const auto& [key, row] : rows)
    std::cout << std::setw(3) << key.first / key.second << 'x' << std::left << std::setw(5) << key.second << std::right
              << std::setw(8) << row.puzzles << std::setw(7) << row.unique << std::setw(8) << row.stopped << std::fixed
              << std::setprecision(3) << std::setw(9) << row.total << std::setw(9) << row.worst << std::setw(13)
              << row.worst_nodes << "  " << row.worst_name << '\n';
  std::cout << "all " << total << " s\n\nhook on " << small << " puzzles up to 10x10, count to 2: nodes " << nodes_with
            << " with, " << nodes_without << " without; without it " << several_without << " have several covers\n"
            << "\ngeneration, ms per puzzle (seed 1, 10 puzzles)\n";
  for (const char* size : {"9x6", "16x11", "30x30"}) {
    auto type = dance::puzzle_type(reduction, dance::ModelOptions().set("size", size));
    const auto start = Clock::now();
    std::size_t clues = 0;
    for (std::uint64_t k = 0; k < 10; ++k) clues += dance::generate(*type, {}, 1, k).clues;
    std::cout << std::setw(6) << size << std::setw(10) << since(start) * 100 << " ms, mean clues "
              << static_cast<double>(clues) / 10 << '\n';
  }
}
