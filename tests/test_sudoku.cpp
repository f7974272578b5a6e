#include <catch2/catch.hpp>
#include <fstream>
#include <random>
#include <set>
#include <sstream>

#include "dance/driver.hpp"
#include "dlx/solver.hpp"
#include "sudoku/sudoku.hpp"
#include "helpers.hpp"
#include "verified_count.hpp"

using namespace dance;
using namespace dance::sudoku;

namespace {
const Reduction& reduction = *find_reduction("sudoku");

std::vector<std::unique_ptr<Instance>> read_all(const std::string& text, const ModelOptions& options = {}) {
  return test::read_all(reduction, text, options);
}

const SudokuInstance& as_sudoku(const std::unique_ptr<Instance>& instance) {
  return static_cast<const SudokuInstance&>(*instance);
}

// Solves with the uniqueness check, through the driver as dance solve
// --unique does: the number of solutions (at most 2) and the first one,
// verified independently.
struct Solved {
  std::uint64_t solutions = 0;
  Cells first;
};
Solved solve(const Instance& instance) {
  RunSpec spec;
  spec.task = Task::unique;
  spec.first_too = true;
  spec.verify = true;
  Session session(reduction, spec);
  Collected results;
  const std::atomic<bool> never{false};
  session.run(instance, results, never);
  for (const Failure& failure : results.failures) FAIL(failure.message);
  Solved result;
  result.solutions = results.found.value_or(0).saturated();
  if (!results.solutions.empty()) result.first = static_cast<const SudokuAnswer&>(*results.solutions[0]).cells;
  return result;
}

// The answer in `format` (--format; text: as the input).
std::string print(const Instance& instance, const Cells& cells, std::string_view format = "text") {
  SudokuAnswer answer;
  answer.cells = cells;
  return render(reduction, format, instance, answer);
}

// A solution grid for R x C boxes by the usual shift pattern.
Cells pattern(int box_rows, int box_cols) {
  const int n = box_rows * box_cols;
  Cells grid;
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) grid.push_back((box_cols * (r % box_rows) + r / box_rows + c) % n + 1);
  return grid;
}

// The grid on one line, decimal numbers separated by spaces, with a blank
// in each row (so the solution is the grid and unique).
std::string one_blank_per_row(const Cells& grid, int n) {
  std::string line;
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      if (!line.empty()) line += ' ';
      line += c == (r * 5) % n ? "." : std::to_string(grid[static_cast<std::size_t>(r * n + c)]);
    }
  return line + "\n";
}

std::string message_of(const std::string& text, const ModelOptions& options = {}) {
  return test::parse_error(reduction, text, options);
}
}  // namespace

TEST_CASE("every size has its known solution") {
  const std::pair<int, int> boxes[] = {{2, 2}, {2, 3}, {2, 4}, {3, 3}, {2, 5}, {3, 4}, {4, 4}, {5, 5}, {6, 6}};
  for (const auto& [rows, cols] : boxes) {
    const int n = rows * cols;
    INFO(n << "x" << n);
    const Cells grid = pattern(rows, cols);
    const auto all = read_all(one_blank_per_row(grid, n));
    REQUIRE(all.size() == 1);
    CHECK(as_sudoku(all[0]).puzzle.shape.box_rows == rows);
    CHECK(as_sudoku(all[0]).puzzle.shape.box_cols == cols);
    const Solved s = solve(*all[0]);
    CHECK(s.solutions == 1);
    CHECK(s.first == grid);
  }
}

TEST_CASE("Inkala's puzzle has its known solution, in the notation it came in") {
  const auto all = read_all("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..\n");
  REQUIRE(all.size() == 1);
  const Solved s = solve(*all[0]);
  CHECK(s.solutions == 1);
  CHECK(print(*all[0], s.first) ==
        "812753649943682175675491283154237896369845721287169534521974368438526917796318452\n");
}

TEST_CASE("the empty 4x4 puzzle has 288 solutions, a nearly empty 9x9 is multiple") {
  auto all = read_all("................\n");
  Encoding e = reduction.encode(*all[0]);
  dlx::Solver solver(e.problem);
  CHECK(solver.count() == dlx::Outcome::exhausted);
  CHECK(solver.statistics().solutions == 288);
  all = read_all("1................................................................................\n");
  CHECK(solve(*all[0]).solutions == 2);
}

TEST_CASE("clashing clues are named") {
  const auto all = read_all("5...5............................................................................\n");
  const auto why = reduction.encode(*all[0]).contradiction;
  REQUIRE(why);
  CHECK_THAT(*why, Catch::Contains("r1c1 and r1c5 are both 5 in row 1"));
  const auto box = read_all("5.........5......................................................................\n");
  CHECK_THAT(*reduction.encode(*box[0]).contradiction, Catch::Contains("r1c1 and r2c2 are both 5 in box 1"));
}

TEST_CASE("notations: line, spaced, commas, grid with decoration, letters") {
  const Cells inkala_solution = [] {
    const std::string s = "812753649943682175675491283154237896369845721287169534521974368438526917796318452";
    Cells c;
    for (char ch : s) c.push_back(ch - '0');
    return c;
  }();
  const std::string grid =
      "# Inkala, as a grid\n"
      "8 . . | . . . | . . .\n"
      ". . 3 | 6 . . | . . .\n"
      ". 7 . | . 9 . | 2 . .\n"
      "------+-------+------\n"
      ". 5 . | . . 7 | . . .\n"
      ". . . | . 4 5 | 7 . .\n"
      ". . . | 1 . . | . 3 .\n"
      "------+-------+------\n"
      ". . 1 | . . . | . 6 8\n"
      ". . 8 | 5 . . | . 1 .\n"
      ". 9 . | . . . | 4 . .\n";
  auto all = read_all(grid);
  REQUIRE(all.size() == 1);
  CHECK(as_sudoku(all[0]).puzzle.notation.grid);
  CHECK(as_sudoku(all[0]).puzzle.line == 2);
  Solved s = solve(*all[0]);
  CHECK(s.first == inkala_solution);
  CHECK(print(*all[0], s.first).substr(0, 18) == "8 1 2 7 5 3 6 4 9\n");

  CHECK(print(*all[0], s.first, "line") == "812753649943682175675491283154237896369845721287169534521974368438526917796318452\n");

  // decimal numbers with commas, 0 for blanks
  std::string commas;
  for (int k = 0; k < 16; ++k) commas += (k ? "," : "") + std::string(k == 0 ? "1" : k == 6 ? "1" : "0");
  all = read_all(commas + "\n");
  REQUIRE(all.size() == 1);
  CHECK(as_sudoku(all[0]).puzzle.notation.separator == ',');
  s = solve(*all[0]);
  REQUIRE(s.solutions == 2);
  CHECK(print(*all[0], s.first).find(',') != std::string::npos);

  // 16x16 with lower-case letters stays lower case; a rating after the cells is ignored
  std::ifstream in(std::string(DANCE_DATA_DIR) + "/sudoku/solo_gen_16x16_basic_100.txt");
  std::string line;
  std::getline(in, line);
  all = read_all(line + " rated 3.5 easy\n");
  REQUIRE(all.size() == 1);
  CHECK(as_sudoku(all[0]).puzzle.shape.n == 16);
  s = solve(*all[0]);
  CHECK(s.solutions == 1);
  const std::string out = print(*all[0], s.first);
  CHECK(out.find_first_of("ABCDEFG") == std::string::npos);
  CHECK(out.find_first_of("abcdefg") != std::string::npos);
}

TEST_CASE("bad input names the line and what was wrong") {
  CHECK_THAT(message_of("12345\n"), Catch::Contains("line 1") && Catch::Contains("found 5 cells"));
  CHECK_THAT(message_of("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9.......?\n"),
             Catch::Contains("line 1, column 81") && Catch::Contains("unknown symbol '?'"));
  CHECK_THAT(message_of("G...............\n"), Catch::Contains("value 16 is out of range 1..4"));
  CHECK_THAT(message_of("1234567\n"), Catch::Contains("found 7 cells"));  // no 7x7 boxes
  CHECK_THAT(message_of("123456789\n.........\n"), Catch::Contains("line 1") && Catch::Contains("9 grid rows, found 2 before the end"));
  CHECK_THAT(message_of("123456789\n12345678\n"), Catch::Contains("line 2") && Catch::Contains("found 8"));
  CHECK_THAT(message_of("#\n\n" + std::string(80, '.') + "\n"), Catch::Contains("line 3") && Catch::Contains("found 80"));
  // A sign is not decoration in numbers: the value is refused, not read without it.
  CHECK_THAT(message_of("1,0,2,0,3,0,4,0,0,0,0,0,0,0,0,-2\n"), Catch::Contains("column 31") && Catch::Contains("unknown symbol '-2'"));
  CHECK_THAT(message_of("1, 0, 2, 0, 3, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, +2\n"), Catch::Contains("unknown symbol '+2'"));
  // A run longer than --box's puzzle is not that puzzle with a tail.
  const ModelOptions box_2x2 = ModelOptions().set("box", "2x2");
  CHECK_THAT(message_of(std::string(49, '1') + "\n", box_2x2), Catch::Contains("expected 16 cells") && Catch::Contains("found 49"));
  CHECK_THAT(message_of(std::string(17, '.') + "\n", box_2x2), Catch::Contains("found 17"));
  CHECK(read_all(std::string(16, '.') + " 3.4\n", box_2x2).size() == 1);  // a rating after the puzzle
}

TEST_CASE("a batch goes on after a bad grid at the puzzle after it, never inside it") {
  using Read = std::vector<std::pair<std::size_t, int>>;  // per puzzle: (its line, its first clue), -1 for one refused
  const auto read_of = [](const std::string& text) {
    std::istringstream in(text);
    auto reader = reduction.reader(in, {});
    Read read;
    for (;;) {
      try {
        const auto instance = reader->next();
        if (!instance) break;
        read.emplace_back(instance->line, as_sudoku(instance).puzzle.clues[0]);
      } catch (const dlx::ParseError& e) {
        read.emplace_back(e.line(), -1);
      }
    }
    return read;
  };
  // A row too long in a grid: its other rows go with it, and the next grid is read whole.
  CHECK((read_of("1.2.\n3.4..\n....\n....\n\n2...\n....\n....\n...1\n") == Read{{2, -1}, {6, 2}}));
  // The same without a blank line between, and a bad value in a row.
  CHECK((read_of("1.2.\n3.4?\n....\n....\n2...\n....\n....\n...1\n") == Read{{2, -1}, {5, 2}}));
  // A bad value in a grid's first row.
  CHECK((read_of("1.2?\n....\n....\n....\n3...\n....\n....\n...1\n") == Read{{1, -1}, {5, 3}}));
  // Bands of boxes apart by blank lines: the skip goes on past them.
  CHECK((read_of("1.2.\n3.4..\n\n....\n....\n\n4...\n....\n\n....\n...1\n") == Read{{2, -1}, {7, 4}}));
  // A blank line inside a band ends the bad grid early: what follows is the next puzzle.
  CHECK((read_of("1.2.\n3.4..\n....\n\n2...\n....\n....\n...1\n") == Read{{2, -1}, {5, 2}}));
  // A line too short before a one-line puzzle: the short one is refused, the puzzle read.
  CHECK((read_of("1.2.3.4.........\n1.2.\n3.2.3.4.........\n4...............\n") == Read{{1, 1}, {2, -1}, {3, 3}, {4, 4}}));
  CHECK((read_of("1.2.3.4.........\n1.2.3.4.........xx\n2...............\n") == Read{{1, 1}, {2, -1}, {3, 2}}));
}

TEST_CASE("a batch goes on after a bad puzzle") {
  std::istringstream in("1...............\n12\n.2..............\n");
  auto reader = reduction.reader(in, {});
  CHECK(reader->next() != nullptr);
  CHECK_THROWS_AS(reader->next(), dlx::ParseError);
  const auto third = reader->next();
  REQUIRE(third != nullptr);
  CHECK(third->line == 3);
  CHECK(reader->next() == nullptr);
}

TEST_CASE("X-sudoku: the diagonals hold every value") {
  const ModelOptions x = ModelOptions().set("diagonals");
  auto all = read_all(std::string(81, '.') + "\n", x);
  Solved s = solve(*all[0]);
  REQUIRE(s.solutions == 2);
  std::set<int> main_diagonal, anti;
  for (int k = 0; k < 9; ++k) {
    main_diagonal.insert(s.first[static_cast<std::size_t>(k * 9 + k)]);
    anti.insert(s.first[static_cast<std::size_t>(k * 9 + 8 - k)]);
  }
  CHECK(main_diagonal.size() == 9);
  CHECK(anti.size() == 9);
  // that grid, one blank per row, is an X puzzle with exactly that solution
  all = read_all(one_blank_per_row(s.first, 9), x);
  const Solved again = solve(*all[0]);
  CHECK(again.solutions == 1);
  CHECK(again.first == s.first);
  // and the pattern grid breaks the diagonal rule
  const Shape shape{9, 3, 3, true, {}};
  CHECK(check_grid(shape, Cells(81, 0), pattern(3, 3)).has_value());
}

TEST_CASE("jigsaw: irregular regions from a second grid") {
  // Latin squares L = r + c and M = r + 2c (mod 9) are orthogonal: the
  // regions of M each hold every value of L.
  std::string puzzle, regions;
  Cells solution;
  for (int r = 0; r < 9; ++r) {
    for (int c = 0; c < 9; ++c) {
      const int v = (r + c) % 9 + 1;
      solution.push_back(v);
      puzzle += c == (r * 4) % 9 ? '.' : static_cast<char>('0' + v);
      regions += static_cast<char>('a' + (r + 2 * c) % 9);
    }
    puzzle += '\n';
    regions += '\n';
  }
  const ModelOptions jigsaw = ModelOptions().set("jigsaw");
  auto all = read_all(puzzle + regions, jigsaw);
  REQUIRE(all.size() == 1);
  const Solved s = solve(*all[0]);
  CHECK(s.solutions == 1);
  CHECK(s.first == solution);
  // the same clues under ordinary boxes clash
  CHECK(reduction.encode(*read_all(puzzle)[0]).contradiction.has_value());
  CHECK_THAT(message_of(puzzle + "aab\n", jigsaw), Catch::Contains("region"));
}

TEST_CASE("every puzzle of magictour_top1465 is solved, unique and verified") {
  std::ifstream in(std::string(DANCE_DATA_DIR) + "/sudoku/magictour_top1465.txt");
  REQUIRE(in);
  auto reader = reduction.reader(in, {});
  RunSpec spec;
  spec.task = Task::unique;
  spec.first_too = true;
  spec.verify = true;
  Session session(reduction, spec);  // one matrix for the whole file
  Collected results;
  const std::atomic<bool> never{false};
  int puzzles = 0;
  while (auto instance = reader->next()) {
    results.clear();
    REQUIRE(session.run(*instance, results, never) == Status::found);
    REQUIRE(results.failures.empty());
    CHECK(results.found == 1u);  // no second solution
    REQUIRE(results.solutions.size() == 1);
    ++puzzles;
  }
  CHECK(puzzles == 1465);
}

namespace {
// Every 4x4 grid (2x2 boxes) by trying each value in each cell in turn.
void all_grids(std::vector<int>& cells, std::size_t at, std::vector<std::vector<int>>& grids) {
  if (at == 16) {
    grids.push_back(cells);
    return;
  }
  const std::size_t r = at / 4, c = at % 4;
  for (int v = 1; v <= 4; ++v) {
    bool fits = true;
    for (std::size_t k = 0; k < at && fits; ++k) {
      const std::size_t kr = k / 4, kc = k % 4;
      fits = cells[k] != v || (kr != r && kc != c && (kr / 2 != r / 2 || kc / 2 != c / 2));
    }
    if (!fits) continue;
    cells[at] = v;
    all_grids(cells, at + 1, grids);
  }
}
}  // namespace

TEST_CASE("random 4x4 puzzles: the count of solutions is the number of grids that keep the clues") {
  std::vector<std::vector<int>> grids;
  std::vector<int> cells(16, 0);
  all_grids(cells, 0, grids);
  REQUIRE(grids.size() == 288);
  std::mt19937_64 rng(44);
  int several = 0;
  for (int round = 0; round < 300; ++round) {
    // Clues from a grid (or, one time in four, a clashing value), each cell kept with some chance.
    const std::vector<int>& source = grids[rng() % grids.size()];
    std::string line(16, '.');
    for (std::size_t k = 0; k < 16; ++k)
      if (rng() % 100 < 25) line[k] = static_cast<char>('0' + (rng() % 4 == 0 ? 1 + rng() % 4 : source[k]));
    std::uint64_t expected = 0;
    for (const auto& grid : grids) {
      bool keeps = true;
      for (std::size_t k = 0; k < 16 && keeps; ++k) keeps = line[k] == '.' || line[k] - '0' == grid[k];
      expected += keeps;
    }
    INFO(line);
    const auto all = read_all(line + "\n");
    REQUIRE(all.size() == 1);
    CHECK(test::count_verified(reduction, *all[0]) == expected);
    several += expected > 1;
  }
  CHECK(several > 50);
}
