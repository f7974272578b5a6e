// The path puzzles (Signpost, Numbrix, Hidato): Tatham's generated Signpost
// IDs, hand-made Numbrix and Hidato grids with their known answers, an
// empty Numbrix counted by brute force, the givens' propagation against the
// plain problem on random puzzles, the generators' puzzles unique through
// the solving side, and bad input named.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <random>
#include <set>
#include <sstream>

#include "dance/generate.hpp"
#include "dance/generator.hpp"
#include "dlx/error.hpp"
#include "dlx/solver.hpp"
#include "hamilton/encodings.hpp"
#include "hamilton/removal_reasons.hpp"
#include "hamilton/successors.hpp"
#include "path_puzzle/board.hpp"
#include "path_puzzle/puzzles.hpp"
#include "path_puzzle/reduction.hpp"
#include "helpers.hpp"
#include "verified_count.hpp"

using namespace dance;
using namespace dance::path_puzzle;
using dance::test::read_all;
using dance::test::solved;

namespace {

// Numbers 1..N through the open cells of the board, by depth-first search
// over every cell, the rule written here apart from the reduction's.
std::uint64_t brute_force(const Board& board) {
  const std::size_t n = board.open();
  const int w = board.width;
  const auto next_to = [&](std::size_t a, std::size_t b) {
    const int dr = static_cast<int>(b) / w - static_cast<int>(a) / w, dc = static_cast<int>(b) % w - static_cast<int>(a) % w;
    if (board.rule == Rule::orthogonal) return std::abs(dr) + std::abs(dc) == 1;
    if (board.rule == Rule::king) return std::max(std::abs(dr), std::abs(dc)) == 1 ;
    const int k = std::max(std::abs(dr), std::abs(dc));
    return k > 0 && dc == k * dx[board.arrows[a]] && dr == k * dy[board.arrows[a]];
  };
  std::vector<int> filled(board.cells(), 0);
  std::uint64_t count = 0;
  const auto extend = [&](auto& self, std::size_t at, int number) -> void {
    if (static_cast<std::size_t>(number) == n) {
      ++count;
      return;
    }
    for (std::size_t next = 0; next < board.cells(); ++next) {
      if (board.numbers[next] == hole || filled[next] != 0 || !next_to(at, next)) continue;
      if (board.numbers[next] != 0 && board.numbers[next] != number + 1) continue;
      filled[next] = number + 1;
      self(self, next, number + 1);
      filled[next] = 0;
    }
  };
  for (std::size_t start = 0; start < board.cells(); ++start) {
    if (board.numbers[start] == hole || (board.numbers[start] != 0 && board.numbers[start] != 1)) continue;
    filled[start] = 1;
    extend(extend, start, 1);
    filled[start] = 0;
  }
  return count;
}

// A random puzzle: a random path of the rule's graph (the king's with holes),
// one number in `one_in` given; Signpost's arrows those of the path, a few changed.
Board random_board(std::mt19937_64& rng, Rule rule, int width, int height, int one_in) {
  Shape shape;
  shape.rule = rule;
  shape.width = width;
  shape.height = height;
  shape.holes = rule == Rule::king ? 30 : 0;
  shape.write = &write_grid;
  PathPuzzles type(shape);
  const Solution solution = type.random_solution(rng() | 1, Symmetry::none);
  Board board;
  board.width = width;
  board.height = height;
  board.rule = rule;
  board.numbers.assign(solution.size(), 0);
  for (std::size_t cell = 0; cell < solution.size(); ++cell)
    if (solution[cell] == hole || rng() % static_cast<std::uint64_t>(one_in) == 0) board.numbers[cell] = solution[cell];
  if (rule == Rule::arrows) {  // each cell's arrow towards the next number's (the last's means nothing)
    std::vector<std::size_t> cell_of(solution.size() + 2, solution.size());  // Signpost has no holes
    for (std::size_t cell = 0; cell < solution.size(); ++cell) cell_of[static_cast<std::size_t>(solution[cell])] = cell;
    for (std::size_t cell = 0; cell < solution.size(); ++cell) {
      const std::size_t next = cell_of[static_cast<std::size_t>(solution[cell]) + 1];
      int arrow = 0;
      for (int a = 0; a < 8 && next < solution.size(); ++a) {
        const int dr = static_cast<int>(next) / width - static_cast<int>(cell) / width;
        const int dc = static_cast<int>(next) % width - static_cast<int>(cell) % width;
        if (dr * dx[a] == dc * dy[a] && (dr == 0 || (dr > 0) == (dy[a] > 0)) && (dc == 0 || (dc > 0) == (dx[a] > 0))) arrow = a;
      }
      board.arrows.push_back(rng() % 5 == 0 ? static_cast<int>(rng() % 8) : arrow);
    }
  }
  return board;
}

// The successor encoding's search of a puzzle (test::search_with).
test::Searched search(const Question& q, dlx::Switch learning, std::uint64_t seed, std::uint64_t limit = 0) {
  return test::search_with([&q] { return hamilton::encode_by_successor(*q.path, q.links); }, learning, seed, limit);
}

// Random puzzles' reasons checked (ReasonChecker) in a whole search of each: how many, and how many wrong.
std::pair<std::uint64_t, std::uint64_t> check_reasons(std::uint64_t seed, int rounds) {
  std::mt19937_64 rng(seed);
  std::uint64_t checked = 0, wrong = 0;
  for (int round = 0; round < rounds; ++round) {
    const Rule rule = round % 3 == 0 ? Rule::orthogonal : round % 3 == 1 ? Rule::king : Rule::arrows;
    const int width = 3 + static_cast<int>(rng() % 3), height = 3 + static_cast<int>(rng() % 2);
    Board board = random_board(rng, rule, width, height, 3 + static_cast<int>(rng() % 4));
    if (board.open() < 2) continue;
    std::vector<std::size_t> given;  // a third with two numbers swapped: mostly no answer
    for (std::size_t cell = 0; cell < board.cells(); ++cell)
      if (board.numbers[cell] > 0) given.push_back(cell);
    if (round % 3 == 2 && given.size() >= 2) std::swap(board.numbers[given[rng() % given.size()]], board.numbers[given[rng() % given.size()]]);
    const Question q = question(board);
    const std::set<std::vector<dlx::OptionId>> answers = search(q, dlx::Switch::off, 0).answers;
    const test::ReasonsChecked reasons = test::check_reasons(hamilton::encode_by_successor(*q.path, q.links), answers, rng() % 3);
    checked += reasons.checked;
    wrong += reasons.wrong;
  }
  return {checked, wrong};
}

}  // namespace

TEST_CASE("signpost: Tatham's generated IDs have one solution each, verified", "[signpost]") {
  const Reduction& signpost = *find_reduction("signpost");
  std::ifstream in(DANCE_TEST_DATA "/signpost/tatham.txt");
  REQUIRE(in);
  auto reader = signpost.reader(in, ModelOptions());
  int read = 0;
  while (auto instance = reader->next()) {
    INFO("ID " << ++read);
    CHECK(test::count_verified(signpost, *instance) == 1);
  }
  CHECK(read == 18);
  // The first one by hand: 1 at row 3, column 2, its arrow (SE) to 2, ...
  const auto first = read_all(signpost, "4x4:deg16acbga1bdahbbbg");
  CHECK(solved(signpost, *first.at(0)) == " 4 10  3 16\n14  2 13 15\n 1  7 12  9\n 6 11  8  5\n\n");
}

TEST_CASE("signpost: game IDs read and written back, answers as IDs", "[signpost]") {
  const Reduction& signpost = *find_reduction("signpost");
  const auto instances = read_all(signpost, "4x4:deg16acbga1bdahbbbg  # a title\n");
  CHECK(solved(signpost, *instances.at(0), "id") == "4x4:4d10e3g16a14c2b13g15a1b7d12a9h6b11b8b5g  # a title\n");
  // The answer's ID is a puzzle with every number given: it has that one solution.
  CHECK(test::count_verified(signpost, *read_all(signpost, "4x4:4d10e3g16a14c2b13g15a1b7d12a9h6b11b8b5g").at(0)) == 1);
}

TEST_CASE("numbrix and hidato: hand-made grids and their answers", "[numbrix][hidato]") {
  const Reduction& numbrix = *find_reduction("numbrix");
  // A snake with the middle row left out: only the snake fits.
  const auto snake = read_all(numbrix, "# snake\n1 . 3\n. . .\n7 . 9\n");
  CHECK(test::count_verified(numbrix, *snake.at(0)) == 1);
  CHECK(solved(numbrix, *snake.at(0)) == "# snake\n1 2 3\n6 5 4\n7 8 9\n\n");
  // 1 and 9 in opposite corners of 3x3: the snakes of both turns (2), and so on.
  CHECK(test::count_verified(numbrix, *read_all(numbrix, "1 . .\n. . .\n. . 9\n").at(0)) == 2);
  CHECK(test::count_verified(numbrix, *read_all(numbrix, "1 . .\n. 9 .\n. . .\n").at(0)) == 2);  // spirals
  CHECK(test::count_verified(numbrix, *read_all(numbrix, "2 . .\n. . .\n. . .\n").at(0)) == 0);  // 2 on a corner of the wrong colour
  const Reduction& hidato = *find_reduction("hidato");
  // Rosetta Code's Hidato ("Solve a Hidato puzzle"), 'x' for the cells outside.
  const std::string rosetta =
      " . 33 35  .  .  x  x  x\n"
      " .  . 24 22  .  x  x  x\n"
      " .  .  . 21  .  .  x  x\n"
      " . 26  . 13 40 11  x  x\n"
      "27  .  .  .  9  .  1  x\n"
      " x  x  .  . 18  .  .  x\n"
      " x  x  x  x  .  7  .  .\n"
      " x  x  x  x  x  x  5  .\n";
  const auto puzzle = read_all(hidato, rosetta);
  CHECK(test::count_verified(hidato, *puzzle.at(0)) == 1);
  CHECK(solved(hidato, *puzzle.at(0)) ==
        "32 33 35 36 37  x  x  x\n"
        "31 34 24 22 38  x  x  x\n"
        "30 25 23 21 12 39  x  x\n"
        "29 26 20 13 40 11  x  x\n"
        "27 28 14 19  9 10  1  x\n"
        " x  x 15 16 18  8  2  x\n"
        " x  x  x  x 17  7  6  3\n"
        " x  x  x  x  x  x  5  4\n\n");
}

TEST_CASE("numbrix: an empty 4x4 grid has the 552 paths of brute force", "[numbrix]") {
  const Reduction& numbrix = *find_reduction("numbrix");
  const auto empty = read_all(numbrix, ". . . .\n. . . .\n. . . .\n. . . .\n");
  CHECK(test::count_verified(numbrix, *empty.at(0)) == 552);
  CHECK(brute_force(static_cast<const PathInstance&>(*empty.at(0)).board) == 552);
}

TEST_CASE("path puzzles: random small puzzles of each rule agree with brute force, in the position encoding with and without its hook, and in the successor encoding",
          "[numbrix][hidato][signpost]") {
  std::mt19937_64 rng(48);
  int nonzero = 0;
  for (int round = 0; round < 240; ++round) {
    const Rule rule = round % 3 == 0 ? Rule::orthogonal : round % 3 == 1 ? Rule::king : Rule::arrows;
    const int width = 2 + static_cast<int>(rng() % 3), height = 2 + static_cast<int>(rng() % 2);
    const Board board = random_board(rng, rule, width, height, 4);
    if (board.open() < 2) continue;
    const Question q = question(board);
    hamilton::HamiltonInstance by_position = *q.path;
    by_position.steps = std::make_shared<const std::vector<hamilton::HamiltonInstance::Step>>(hamilton::steps_of(by_position));
    const Encoding encoding = hamilton::encode_by_position(by_position);
    dlx::Solver with_hook(encoding.problem), plain(encoding.problem);
    if (encoding.hook) with_hook.set_hook(encoding.hook.get());
    with_hook.count();
    plain.count();
    // The successor encoding (the reductions' own), each answer verified.
    const Encoding chains = hamilton::encode_by_successor(*q.path, q.links);
    dlx::Solver successor(chains.problem);
    successor.set_hook(chains.hook.get());
    std::uint64_t verified = 0;
    while (successor.next() == dlx::Outcome::solution) verified += !check(board, filling_of(board, q, successor.solution()));
    const std::uint64_t expected = brute_force(board);
    INFO("round " << round << " rule " << static_cast<int>(board.rule));
    CHECK(with_hook.statistics().solutions == expected);
    CHECK(plain.statistics().solutions == expected);
    CHECK(successor.statistics().solutions == expected);
    CHECK(verified == expected);
    nonzero += expected > 0;
  }
  CHECK(nonzero > 60);
}

TEST_CASE("path puzzles with learning (the chains' reasons used): counts, answers, first answers and --unique as brute force and as the search without learning",
          "[numbrix][hidato][signpost][learning]") {
  std::mt19937_64 rng(55);
  std::uint64_t backjumps = 0;
  int nonzero = 0, brute = 0;
  for (int round = 0; round < 450; ++round) {
    const Rule rule = round % 3 == 0 ? Rule::orthogonal : round % 3 == 1 ? Rule::king : Rule::arrows;
    const int width = 3 + static_cast<int>(rng() % 3), height = 3 + static_cast<int>(rng() % 3);
    const Board board = random_board(rng, rule, width, height, 2 + static_cast<int>(rng() % 3));
    if (board.open() < 2) continue;
    const Question q = question(board);
    const std::uint64_t seed = rng() % 3;
    const test::Searched learning = search(q, dlx::Switch::on, seed), plain = search(q, dlx::Switch::off, seed);
    INFO("round " << round << " rule " << static_cast<int>(rule) << " seed " << seed);
    CHECK(learning == plain);
    if (board.open() <= 12) {
      CHECK(learning.count == brute_force(board));
      ++brute;
    }
    nonzero += learning.count > 0;
    backjumps += learning.backjumps;
  }
  // Larger ones, against the search without learning: counts up to 100.
  for (int round = 0; round < 400; ++round) {
    const Rule rule = round % 3 == 0 ? Rule::orthogonal : round % 3 == 1 ? Rule::king : Rule::arrows;
    const int width = 5 + static_cast<int>(rng() % 3), height = 5 + static_cast<int>(rng() % 2);
    Board board = random_board(rng, rule, width, height, 5 + static_cast<int>(rng() % 8));
    // Half of them with two numbers swapped, mostly no answer: a proof of none.
    std::vector<std::size_t> given;
    for (std::size_t cell = 0; cell < board.cells(); ++cell)
      if (board.numbers[cell] > 0) given.push_back(cell);
    if (round % 2 == 1 && given.size() >= 2) std::swap(board.numbers[given[rng() % given.size()]], board.numbers[given[rng() % given.size()]]);
    const Question q = question(board);
    const std::uint64_t seed = rng() % 3;
    const test::Searched learning = search(q, dlx::Switch::on, seed, 100), plain = search(q, dlx::Switch::off, seed, 100);
    INFO("larger round " << round << " rule " << static_cast<int>(rule) << " seed " << seed);
    CHECK(learning == plain);
    nonzero += learning.count > 0;
    backjumps += learning.backjumps;
  }
  CHECK(nonzero > 300);
  CHECK(brute > 50);
  CHECK(backjumps > 4000);  // the search did jump (6,000 or so with these seeds)
}

TEST_CASE("path puzzles with the chains' reasons broken on purpose (a search left out) lose answers, and their check finds them wrong", "[numbrix][hidato][signpost][learning]") {
  const dance::test::Flipped broken(hamilton::RemovalReasons::broken_for_tests);
  std::mt19937_64 rng(555);
  int wrong = 0;
  for (int round = 0; round < 600 && wrong == 0; ++round) {
    const Rule rule = round % 3 == 0 ? Rule::orthogonal : round % 3 == 1 ? Rule::king : Rule::arrows;
    const Board board = random_board(rng, rule, 4 + static_cast<int>(rng() % 2), 4, 4 + static_cast<int>(rng() % 3));
    if (board.open() < 2) continue;
    const Question q = question(board);
    wrong += !(search(q, dlx::Switch::on, 0) == search(q, dlx::Switch::off, 0));
  }
  CHECK(wrong > 0);
  CHECK(check_reasons(56, 300).second > 0);  // and the check of every reason (below) sees them wrong
}

TEST_CASE("path puzzles: every reason the chains give holds in every answer (none holds all of a reason and the option it removed)",
          "[numbrix][hidato][signpost][learning]") {
  const auto [checked, wrong] = check_reasons(56, 500);
  INFO(checked << " reasons checked");
  CHECK(wrong == 0);
  CHECK(checked > 200000);
}

TEST_CASE("path puzzles: generated puzzles are unique through the solving side, and minimal", "[generate]") {
  const std::pair<const char*, const char*> families[] = {{"numbrix", "4"}, {"hidato", "4x3"}, {"signpost", "4x4"}};
  for (const auto& [name, size] : families) {
    const Reduction& reduction = *find_reduction(name);
    auto type = dance::puzzle_type(reduction, ModelOptions().set("size", size));
    GenerateOptions wanted;
    wanted.minimal = true;
    for (std::uint64_t index = 0; index < 8; ++index) {
      const dance::UniquePuzzle made = generate(*type, wanted, 3, index);
      INFO(name << " puzzle " << index);
      REQUIRE_FALSE(type->verify(made.solution, made.kept));
      std::ostringstream text;
      type->print_puzzle(text, made.solution, made.kept);
      const auto instances = read_all(reduction, text.str());
      REQUIRE(instances.size() == 1);
      CHECK(test::count_verified(reduction, *instances[0]) == 1);
      const Board& board = static_cast<const PathInstance&>(*instances[0]).board;
      CHECK(brute_force(board) == 1);
      if (std::string_view(name) != "numbrix") {  // the first and last numbers are given
        CHECK(std::count(board.numbers.begin(), board.numbers.end(), 1) == 1);
        CHECK(std::count(board.numbers.begin(), board.numbers.end(), static_cast<int>(board.open())) == 1);
      }
      // Minimal: without any clue that may go, another solution.
      for (std::size_t cell = 0; cell < board.cells(); ++cell) {
        const int number = board.numbers[cell];
        if (number <= 0 || (std::string_view(name) != "numbrix" && (number == 1 || number == static_cast<int>(board.open())))) continue;
        Board fewer = board;
        fewer.numbers[cell] = 0;
        CHECK(brute_force(fewer) > 1);
      }
    }
  }
}

TEST_CASE("path puzzles: --difficulty easy makes puzzles that a search never branching solves", "[generate]") {
  const std::pair<const char*, const char*> families[] = {{"numbrix", "5"}, {"hidato", "5x5"}, {"signpost", "5x5"}};
  for (const auto& [name, size] : families) {
    const Reduction& reduction = *find_reduction(name);
    auto type = dance::puzzle_type(reduction, ModelOptions().set("size", size));
    GenerateOptions wanted;
    wanted.difficulty = Difficulty::easy;
    for (std::uint64_t index = 0; index < 4; ++index) {
      const dance::UniquePuzzle made = generate(*type, wanted, 5, index);
      INFO(name << " puzzle " << index);
      REQUIRE(made.verdict);
      CHECK(grade(*made.verdict) == Difficulty::easy);
      std::ostringstream text;
      type->print_puzzle(text, made.solution, made.kept);
      const auto instances = read_all(reduction, text.str());
      REQUIRE(instances.size() == 1);
      // Counted again by the reduction: one answer, a node per cell, the start, the end and the root.
      const Encoding encoding = reduction.encode(*instances[0]);
      dlx::Solver solver(encoding.problem);
      solver.set_hook(encoding.hook.get());
      solver.count(2);
      CHECK(solver.statistics().solutions == 1);
      CHECK(solver.statistics().nodes == static_cast<const PathInstance&>(*instances[0]).board.open() + 2);
    }
  }
}

TEST_CASE("path puzzles: bad input names the line and column", "[numbrix][hidato][signpost]") {
  const auto error_of = [](const char* name, const std::string& text) {
    try {
      (void)read_all(*find_reduction(name), text);
    } catch (const dlx::ParseError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK_THAT(error_of("numbrix", "1 2\n3 q\n"), Catch::Contains("line 2, column 3: expected '.' or a number"));
  CHECK_THAT(error_of("numbrix", "1 2\n3\n"), Catch::Contains("row 2 has 1 cells, the first row has 2"));
  // A number the grid cannot hold, or one given twice: the cell's own line and column.
  CHECK_THAT(error_of("numbrix", "# a title\n1 2\n3 5\n"), Catch::Contains("line 3, column 3: the number 5"));
  CHECK_THAT(error_of("numbrix", "1 1\n. .\n"), Catch::Contains("line 1, column 3: the number 1 is given twice"));
  CHECK_THAT(error_of("hidato", ". . .\n\n1 x 3\n.  x  3\n"), Catch::Contains("line 4, column 7: the number 3 is given twice"));
  CHECK_THAT(error_of("hidato", "x x\nx 1\n"), Catch::Contains("line 1, column 1: a grid needs two cells"));
  CHECK_THAT(error_of("numbrix", "1 x\n. .\n"), Catch::Contains("expected '.' or a number"));  // no holes in Numbrix
  CHECK_THAT(error_of("hidato", "1 x\n. y\n"), Catch::Contains("line 2, column 3: expected '.', 'x' or a number"));
  CHECK_THAT(error_of("signpost", "4x4:deg16acbga1bdahbbb"), Catch::Contains("has 15 cells"));
  CHECK_THAT(error_of("signpost", "4x4:deg16acbga1bdahbbbgg"), Catch::Contains("more than the 16 cells"));
  CHECK_THAT(error_of("signpost", "4x4:deg17acbga1bdahbbbg"), Catch::Contains("the number 17"));
  CHECK_THAT(error_of("signpost", "4x4:deg16acbga1bdahbbb1g"), Catch::Contains("column 23: the number 1 is given twice"));
  // Any size to 900 cells (a 30x30 grid), the size said as written.
  CHECK_THAT(error_of("signpost", "401x2:a"), Catch::Contains("column 8: the ID has 1 cells; a 401x2 grid has 802"));
  CHECK_THAT(error_of("signpost", "31x30:a"), Catch::Contains("column 1: a Signpost grid has 2 to 900 cells; found 31x30"));
  CHECK_THAT(error_of("signpost", "99999999999x2:a"), Catch::Contains("found 99999999999x2"));
  CHECK(read_all(*find_reduction("signpost"), "30x30:" + std::string(899, 'c') + "900a").size() == 1);
  CHECK_THAT(error_of("signpost", "4x4:dzg"), Catch::Contains("column 6: expected a number or an arrow"));
  CHECK_THAT(error_of("signpost", "4x4#12345"), Catch::Contains("random seed"));
  CHECK_THAT(error_of("signpost", "\n\n  7:abc"), Catch::Contains("line 3, column 4"));
}
