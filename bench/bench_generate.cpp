// The generator's speed and the difficulty grades.
// 1. Grades: for every 9x9 and 16x16 file of data/sudoku, how its
//    puzzles fall into the grades of dance/generator.hpp (the measurement the
//    bands were drawn from), with the median of the extra nodes.
// 2. Speed: milliseconds per generated puzzle (wall, and CPU) and mean clues, per size and
//    option set, on one thread and on two.
// 3. Puzzles: the other families (signpost, numbrix, hidato, range, clique)
//    on one thread, and Simon Tatham's sgt-signpost --generate 50 WxH
//    beside dance's Signpost (when /usr/games/sgt-signpost is there).
// usage: bench_generate [DATA_DIR [grades|speed|puzzles [CONFIG]]]: CONFIG
// runs only the speed configurations whose name starts with it ("16x16 medium").
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include <sys/resource.h>

#include "dance/generate.hpp"
#include "dance/generator.hpp"
#include "sudoku/sudoku.hpp"

namespace {
using dance::sudoku::SudokuReduction;

dance::ModelOptions options_of_size(int n) {
  return dance::ModelOptions().set("size", std::to_string(n));
}

dance::GenerateOptions minimal(dance::Symmetry symmetry = dance::Symmetry::none,
                               std::optional<dance::Difficulty> difficulty = std::nullopt) {
  dance::GenerateOptions options;
  options.minimal = true;
  options.symmetry = symmetry;
  options.difficulty = difficulty;
  return options;
}

// A grade asked for without --minimal.
dance::GenerateOptions graded(dance::Difficulty difficulty) {
  dance::GenerateOptions options;
  options.difficulty = difficulty;
  return options;
}

void grade_file(const dance::Reduction& reduction, const std::filesystem::path& file) {
  std::ifstream in(file);
  auto reader = reduction.reader(in, {});
  std::vector<std::uint64_t> extra;
  std::array<std::size_t, 4> grades{};
  std::unique_ptr<dance::PuzzleType> type;
  while (auto instance = reader->next()) {
    const auto& puzzle = static_cast<const dance::sudoku::SudokuInstance&>(*instance).puzzle;
    if (!type) type = dance::puzzle_type(reduction, options_of_size(puzzle.shape.n));
    const dance::Encoding encoding = reduction.encode(*instance);
    dlx::Solver solver(encoding.problem);
    for (const auto o : encoding.assumptions) solver.assume(o);
    if (solver.next() != dlx::Outcome::solution) continue;
    const auto answer = reduction.decode(*instance, encoding, solver.solution());
    const dance::Solution solution = static_cast<const dance::sudoku::SudokuAnswer&>(*answer).cells;
    std::vector<std::size_t> clues;
    for (std::size_t cell = 0; cell < solution.size(); ++cell)
      if (puzzle.clues[cell] != 0) clues.push_back(cell);
    const dance::Verdict verdict = type->count(solution, clues, 2);
    extra.push_back(verdict.nodes - std::min(verdict.nodes, verdict.forced));
    ++grades[static_cast<std::size_t>(dance::grade(verdict))];
  }
  std::sort(extra.begin(), extra.end());
  const double total = static_cast<double>(extra.size());
  std::cout << std::left << std::setw(34) << file.filename().string() << std::right << std::setw(7) << extra.size();
  for (const std::size_t g : grades) std::cout << std::setw(10) << std::fixed << std::setprecision(1) << 100.0 * static_cast<double>(g) / total;
  std::cout << std::setw(10) << (extra.empty() ? 0 : extra[extra.size() / 2]) << '\n';
}

// CPU seconds of this process (RUSAGE_SELF, every thread) or of its children
// waited for: on a shared machine wall time drifts with the other jobs.
double cpu_seconds(int who) {
  rusage usage{};
  getrusage(who, &usage);
  return static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
         static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

struct Config {
  const char* name;
  int size;
  dance::GenerateOptions options;
  std::uint64_t count;
};

void speed(const dance::Reduction& reduction, const dance::ModelOptions& model, const Config& config, std::size_t threads) {
  std::vector<std::unique_ptr<dance::PuzzleType>> types;
  for (std::size_t t = 0; t < threads; ++t) types.push_back(dance::puzzle_type(reduction, model));
  std::vector<std::uint64_t> clues(threads, 0);
  const auto start = std::chrono::steady_clock::now();
  const double cpu_start = cpu_seconds(RUSAGE_SELF);
  const auto work = [&](std::size_t t) {
    for (std::uint64_t k = t; k < config.count; k += threads) clues[t] += dance::generate(*types[t], config.options, 1, k).clues;
  };
  std::vector<std::thread> pool;
  for (std::size_t t = 1; t < threads; ++t) pool.emplace_back(work, t);
  work(0);
  for (std::thread& thread : pool) thread.join();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::uint64_t sum = 0;
  for (const auto c : clues) sum += c;
  std::cout << std::left << std::setw(30) << config.name << std::right << std::setw(4) << threads << std::setw(8)
            << config.count << std::setw(12) << std::fixed << std::setprecision(3) << 1000.0 * seconds / static_cast<double>(config.count)
            << std::setw(10) << std::setprecision(1) << static_cast<double>(sum) / static_cast<double>(config.count)
            << std::setw(12) << std::setprecision(3) << 1000.0 * (cpu_seconds(RUSAGE_SELF) - cpu_start) / static_cast<double>(config.count)
            << std::endl;
}
// The families beside sudoku, one thread; Tatham's Signpost generator beside dance's.
void puzzles() {
  struct Row {
    const char* family;
    dance::ModelOptions model;
    Config config;
  };
  using dance::ModelOptions;
  const auto sized = [](const char* size) { return ModelOptions().set("size", size); };
  const auto graph = [](int n, int k) { return ModelOptions().set("vertices", std::to_string(n)).set("k", std::to_string(k)); };
  const std::vector<Row> rows{
      {"signpost", sized("7x7"), {"signpost 7x7", 0, {}, 50}},
      {"signpost", sized("7x7"), {"signpost 7x7 minimal", 0, minimal(), 20}},
      {"signpost", sized("8x8"), {"signpost 8x8", 0, {}, 50}},
      {"signpost", sized("10x10"), {"signpost 10x10", 0, {}, 50}},
      {"numbrix", sized("9"), {"numbrix 9x9", 0, {}, 50}},
      {"numbrix", sized("7"), {"numbrix 7x7 minimal", 0, minimal(), 20}},
      {"numbrix", sized("9"), {"numbrix 9x9 minimal", 0, minimal(), 10}},
      {"hidato", sized("8x8"), {"hidato 8x8", 0, {}, 50}},
      {"hidato", sized("8x8"), {"hidato 8x8 minimal", 0, minimal(), 20}},
      {"clique", graph(30, 8), {"clique 30 k 8", 0, {}, 50}},
      {"clique", graph(60, 12), {"clique 60 k 12", 0, {}, 50}},
      {"independent-set", graph(60, 12), {"independent-set 60 k 12", 0, {}, 50}},
  };
  std::cout << '\n' << std::left << std::setw(30) << "generate" << std::right << std::setw(4) << "-j" << std::setw(8)
            << "puzzles" << std::setw(12) << "ms/puzzle" << std::setw(10) << "clues" << std::setw(12) << "cpu ms" << '\n';
  for (const Row& row : rows) speed(*dance::find_reduction(row.family), row.model, row.config, 1);
  const char* tatham = "/usr/games/sgt-signpost";
  if (!std::filesystem::exists(tatham)) return;
  for (const char* size : {"7x7", "8x8", "10x10"}) {
    const auto start = std::chrono::steady_clock::now();
    const double cpu_start = cpu_seconds(RUSAGE_CHILDREN);
    const std::string command = std::string(tatham) + " --generate 50 " + size + " >/dev/null 2>&1";
    if (std::system(command.c_str()) != 0) return;
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::cout << std::left << std::setw(30) << ("sgt-signpost " + std::string(size)) << std::right << std::setw(4) << 1
              << std::setw(8) << 50 << std::setw(12) << std::fixed << std::setprecision(3) << 1000.0 * seconds / 50 << std::setw(10)
              << "" << std::setw(12) << 1000.0 * (cpu_seconds(RUSAGE_CHILDREN) - cpu_start) / 50 << '\n';
  }
}

}  // namespace

int main(int argc, char** argv) {
  const std::filesystem::path dir = argc > 1 ? argv[1] : std::string(DANCE_DATA_DIR) + "/sudoku";
  if (!std::filesystem::is_directory(dir)) {
    std::cerr << "bench_generate: " << dir.string() << " is not a directory (of the sudoku files)\n";
    return 2;
  }
  const dance::Reduction& reduction = *dance::find_reduction("sudoku");
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    if (entry.path().extension() == ".txt" && entry.path().filename().string().find("25x25") == std::string::npos)
      files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  std::cout << std::left << std::setw(34) << "grades (% of puzzles)" << std::right << std::setw(7) << "puzzles"
            << std::setw(10) << "easy" << std::setw(10) << "medium" << std::setw(10) << "hard" << std::setw(10)
            << "fiendish" << std::setw(10) << "median+" << '\n';
  const std::string part = argc > 2 ? argv[2] : "all";
  if (part == "puzzles") {
    puzzles();
    return 0;
  }
  if (part != "speed")
    for (const auto& file : files) grade_file(reduction, file);
  if (part == "grades") return 0;

  using dance::Symmetry;
  const std::vector<Config> configs{
      {"9x9", 9, {}, 2000},
      {"9x9 minimal", 9, minimal(), 2000},
      {"9x9 minimal rot180", 9, minimal(Symmetry::rot180), 2000},
      {"9x9 minimal hard", 9, minimal(Symmetry::none, dance::Difficulty::hard), 200},
      {"9x9 minimal fiendish", 9, minimal(Symmetry::none, dance::Difficulty::fiendish), 20},
      {"9x9 medium", 9, graded(dance::Difficulty::medium), 200},
      {"9x9 hard", 9, graded(dance::Difficulty::hard), 200},
      {"9x9 fiendish", 9, graded(dance::Difficulty::fiendish), 20},
      {"16x16", 16, {}, 100},
      {"16x16 medium", 16, graded(dance::Difficulty::medium), 10},
      {"16x16 hard", 16, graded(dance::Difficulty::hard), 10},
      {"16x16 fiendish", 16, graded(dance::Difficulty::fiendish), 10},
      {"16x16 minimal", 16, minimal(), 40},
      {"25x25", 25, {}, 20},
      {"25x25 minimal", 25, minimal(), 24},
      {"36x36", 36, {}, 10},
  };
  std::cout << '\n' << std::left << std::setw(30) << "generate" << std::right << std::setw(4) << "-j" << std::setw(8)
            << "puzzles" << std::setw(12) << "ms/puzzle" << std::setw(10) << "clues" << std::setw(12) << "cpu ms" << '\n';
  const std::string only = argc > 3 ? argv[3] : "";
  for (const Config& config : configs)
    if (std::string_view(config.name).starts_with(only))
      for (const std::size_t threads : {1, 2}) speed(reduction, options_of_size(config.size), config, threads);
  if (only.empty()) puzzles();
}
