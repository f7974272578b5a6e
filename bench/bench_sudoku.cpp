// Puzzles per second on every file of ../shared/data/sudoku, one thread, in
// uniqueness mode (search stopped at a second solution) and first-solution
// mode, with the mean search nodes per puzzle. Reading and encoding count.
// usage: bench_sudoku [DATA_DIR]
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <vector>

#include "dlx/solver.hpp"
#include "sudoku/sudoku.hpp"

namespace {
struct Run {
  std::size_t puzzles = 0;
  std::size_t unsolved = 0;
  std::uint64_t nodes = 0;
  double seconds = 0;
};

Run run(const std::filesystem::path& file, bool unique) {
  const dance::sudoku::SudokuReduction reduction;
  std::ifstream in(file);
  const auto start = std::chrono::steady_clock::now();
  auto reader = reduction.reader(in, {});
  std::shared_ptr<const dlx::Problem> problem;
  std::unique_ptr<dlx::Solver> solver;
  Run r;
  while (auto instance = reader->next()) {
    dance::Encoding e = reduction.encode(*instance);
    if (e.problem != problem) {
      problem = e.problem;
      solver = std::make_unique<dlx::Solver>(problem);
    }
    solver->retract();
    const auto before = solver->statistics().solutions;
    bool ok = !e.contradiction;
    for (const auto o : e.assumptions) ok = ok && solver->assume(o);
    if (ok) solver->count(unique ? 2 : 1);
    r.unsolved += solver->statistics().solutions - before != 1;
    ++r.puzzles;
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (solver) r.nodes = solver->statistics().nodes;
  return r;
}
}  // namespace

int main(int argc, char** argv) {
  const std::filesystem::path dir = argc > 1 ? argv[1] : std::string(DANCE_DATA_DIR) + "/sudoku";
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    if (entry.path().extension() == ".txt") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  std::cout << std::left << std::setw(34) << "file" << std::right << std::setw(9) << "puzzles" << std::setw(14)
            << "unique/s" << std::setw(14) << "first/s" << std::setw(12) << "nodes/pz" << std::setw(10) << "seconds"
            << "  check\n";
  int wrong = 0;
  for (const auto& file : files) {
    const Run unique = run(file, true);
    const Run first = run(file, false);
    // every puzzle of these sets has exactly one solution
    const bool ok = unique.unsolved == 0 && first.unsolved == 0;
    wrong += !ok;
    std::cout << std::left << std::setw(34) << file.filename().string() << std::right << std::setw(9)
              << unique.puzzles << std::fixed << std::setprecision(0) << std::setw(14)
              << static_cast<double>(unique.puzzles) / unique.seconds << std::setw(14) << static_cast<double>(first.puzzles) / first.seconds
              << std::setprecision(1) << std::setw(12) << static_cast<double>(unique.nodes) / static_cast<double>(unique.puzzles)
              << std::setprecision(3) << std::setw(10) << unique.seconds << "  "
              << (ok ? "ok" : "WRONG: not all unique") << '\n';
  }
  return wrong == 0 ? 0 : 1;
}
