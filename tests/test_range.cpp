// Range puzzles: the janko.at set against its known solutions, Tatham's
// generated IDs, notations, brute force on small boards, the generator.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

#include "dance/generate.hpp"
#include "dance/generator.hpp"
#include "dlx/error.hpp"
#include "dlx/random.hpp"
#include "range/connectivity.hpp"
#include "range/puzzles.hpp"
#include "range/range.hpp"
#include "helpers.hpp"
#include "verified_count.hpp"

using namespace dance;
using namespace dance::range;

namespace {

const Reduction& reduction = *find_reduction("range");

std::vector<std::unique_ptr<Instance>> read_all(std::istream& in) { return test::read_all(reduction, in); }

const range::ReadGrid& puzzle_of(const Instance& instance) { return static_cast<const RangeInstance&>(instance).puzzle; }

// The only solution of an instance, as written in the solutions file ('#'
// black, '.' white, clue cells '.').
std::string only_solution(const Instance& instance) {
  Encoding encoding = reduction.encode(instance);
  dlx::Solver solver(encoding.problem);
  solver.set_hook(encoding.hook.get());
  REQUIRE(solver.next() == dlx::Outcome::solution);
  const auto answer = reduction.decode(instance, encoding, solver.solution());
  const auto wrong = reduction.verify(instance, *answer);
  INFO(wrong.value_or(""));
  REQUIRE_FALSE(wrong);
  CHECK(solver.next() == dlx::Outcome::exhausted);
  const Board& board = puzzle_of(instance).board;
  Board plain{board.width, board.height, std::vector<int>(board.cells(), 0)};
  std::ostringstream out;
  write(out, plain, &static_cast<const RangeAnswer&>(*answer).black, Notation::grid);
  return out.str();
}

// All colourings of a small board that keep the rules and the clues.
std::uint64_t brute_force(const Board& board) {
  std::uint64_t found = 0;
  for (std::uint64_t bits = 0; bits < (1ULL << board.cells()); ++bits) {
    Colouring black(board.cells());
    for (std::size_t cell = 0; cell < board.cells(); ++cell) black[cell] = (bits >> cell) & 1;
    if (!check(board, black)) ++found;
  }
  return found;
}

}  // namespace

TEST_CASE("range: every janko.at puzzle has its known unique solution", "[range]") {
  std::ifstream puzzles(DANCE_DATA_DIR "/range/janko_a.txt"), solutions(DANCE_DATA_DIR "/range/janko_a.solutions.txt");
  REQUIRE(puzzles);
  const auto all = read_all(puzzles);
  REQUIRE(all.size() == 280);
  std::string line, expected;
  std::size_t solved = 0;
  for (const auto& instance : all) {
    // The solutions file: a title line, the rows, a blank line.
    REQUIRE(std::getline(solutions, line));
    expected.clear();
    while (std::getline(solutions, line) && !line.empty()) expected += line + '\n';
    INFO(puzzle_of(*instance).title);
    CHECK(only_solution(*instance) == expected);
    ++solved;
  }
  CHECK(solved == 280);
}

TEST_CASE("range: Tatham's generated puzzles are solved uniquely", "[range]") {
  std::ifstream ids(DANCE_DATA_DIR "/range/tatham_generated.ids");
  const auto all = read_all(ids);
  REQUIRE(all.size() == 100);
  for (const auto& instance : all) {
    CHECK(puzzle_of(*instance).notation == Notation::id);
    CHECK(test::count_verified(reduction, *instance) == 1);
  }
}

TEST_CASE("range: the grid and ID notations round-trip", "[range]") {
  std::ifstream grids(DANCE_DATA_DIR "/range/janko_a.txt"), ids(DANCE_DATA_DIR "/range/janko_a.ids");
  const auto from_grids = read_all(grids);
  const auto from_ids = read_all(ids);
  REQUIRE(from_grids.size() == from_ids.size());
  for (std::size_t k = 0; k < from_grids.size(); ++k) {
    const Board& a = puzzle_of(*from_grids[k]).board;
    const Board& b = puzzle_of(*from_ids[k]).board;
    CHECK(a.width == b.width);
    CHECK(a.clues == b.clues);
    CHECK(puzzle_of(*from_grids[k]).title == puzzle_of(*from_ids[k]).title);
    std::ostringstream id, grid;
    write(id, a, nullptr, Notation::id);
    write(grid, b, nullptr, Notation::grid);
    std::istringstream id_in(id.str()), grid_in(grid.str());
    CHECK(puzzle_of(*read_all(id_in).at(0)).board.clues == a.clues);
    CHECK(puzzle_of(*read_all(grid_in).at(0)).board.clues == b.clues);
  }
}

TEST_CASE("range: counts on small random boards equal brute force", "[range]") {
  dlx::Random random(2026);
  for (int round = 0; round < 300; ++round) {
    Board board;
    board.width = 2 + static_cast<int>(random.below(3));
    board.height = 1 + static_cast<int>(random.below(4));
    board.clues.assign(static_cast<std::size_t>(board.width * board.height), 0);
    const std::size_t clues = random.below(6);
    for (std::size_t k = 0; k < clues; ++k)
      board.clues[random.below(board.cells())] = 1 + static_cast<int>(random.below(static_cast<std::uint64_t>(largest_clue(board))));
    std::ostringstream text;
    write(text, board, nullptr, Notation::id);
    std::istringstream in(text.str());
    const auto instance = std::move(read_all(in).at(0));
    INFO(text.str());
    CHECK(test::count_verified(reduction, *instance) == brute_force(board));
  }
}

TEST_CASE("range: the connectivity hook rejects a white cell as soon as black cells cut it off", "[range]") {
  // 3x3 without clues: cell k has a white option 2k and a black option 2k+1.
  const Board board{3, 3, std::vector<int>(9, 0)};
  const RangeProblem encoded = encode_board(board);
  ConnectivityHook hook(3, 3, encoded.colours, {});
  const dlx::Remaining unused(nullptr);  // the hook does not read it
  // (0,1) black makes (0,0), (0,2) and (1,1) white; (1,0) black then walls off (0,0).
  CHECK(hook.choose(2 * 1 + 1, unused));
  CHECK_FALSE(hook.choose(2 * 3 + 1, unused));
  hook.unchoose(2 * 3 + 1);
  // (2,1) black leaves every white reachable.
  CHECK(hook.choose(2 * 7 + 1, unused));
}

TEST_CASE("range: generated puzzles are unique, symmetric and minimal", "[range][generate]") {
  for (const char* size : {"5x5", "7x7", "9x6", "4x3"}) {
    for (const Symmetry symmetry : {Symmetry::none, Symmetry::rot180}) {
      ModelOptions options;
      options.set("size", size);
      auto type = dance::puzzle_type(reduction, options);
      GenerateOptions wanted;
      wanted.symmetry = symmetry;
      wanted.minimal = true;
      for (std::uint64_t index = 0; index < 20; ++index) {
        const dance::UniquePuzzle made = generate(*type, wanted, 7, index);
        INFO(size << " puzzle " << index);
        REQUIRE_FALSE(type->verify(made.solution, made.kept));
        // Through the solving side: exactly one solution, the generated one.
        std::ostringstream text;
        type->print_puzzle(text, made.solution, made.kept);
        std::istringstream in(text.str());
        const auto instance = std::move(read_all(in).at(0));
        REQUIRE(test::count_verified(reduction, *instance) == 1);
        const std::size_t cells = made.solution.size();
        std::vector<std::size_t> kept;
        for (std::size_t cell = 0; cell < cells; ++cell) {
          if (symmetry == Symmetry::rot180) CHECK(made.kept[cell] == made.kept[cells - 1 - cell]);
          if (made.kept[cell]) kept.push_back(cell);
        }
        // Minimal: without any orbit of clues, more than one solution.
        for (const auto& orbit : type->orbits(symmetry)) {
          if (!made.kept[orbit[0]]) continue;
          std::vector<std::size_t> fewer;
          for (const std::size_t cell : kept)
            if (std::find(orbit.begin(), orbit.end(), cell) == orbit.end()) fewer.push_back(cell);
          CHECK(type->count(made.solution, fewer, 2).solutions == 2);
          if (std::string_view(size) == "4x3") {  // and by brute force, apart from the engine
            Board board{4, 3, std::vector<int>(cells, 0)};
            for (const std::size_t cell : fewer) board.clues[cell] = made.solution[cell];
            CHECK(brute_force(board) > 1);
          }
        }
      }
    }
  }
  ModelOptions too_small;
  too_small.set("size", "2x2");
  CHECK_THROWS_AS(dance::puzzle_type(reduction, too_small), std::invalid_argument);
}

TEST_CASE("range: bad input names the line and column", "[range]") {
  const auto error_of = [](const std::string& text) {
    std::istringstream in(text);
    try {
      (void)read_all(in);
    } catch (const dlx::ParseError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK(error_of("# t\n. . 3\n. 2\n") == "line 3, column 3: row 2 has 2 cells, the first row has 3");
  CHECK(error_of(". . 9\n. . .\n") == "line 1, column 5: the clue 9 is more than the 4 cells of its row and column");
  CHECK(error_of(". x 3\n") == "line 1, column 3: expected '.', '-' or a clue number from 1 up, found 'x'");
  // A long number is refused, not read past what an int holds (UBSan: signed overflow).
  CHECK(error_of(". 12345678901234 3\n") ==
        "line 1, column 3: expected '.', '-' or a clue number from 1 up, found '12345678901234'");
  CHECK(error_of(". 9x9:a7b6b5d7b7b5a13e12a4h .\n") ==
        "line 1, column 3: expected '.', '-' or a clue number from 1 up, found '9x9:a7b6b5d7b7b5a13e12a4h'");
  CHECK(error_of("3x3:a2?\n") == "line 1, column 7: expected a letter a..z (empty cells), a clue number or '_', found '?'");
  CHECK(error_of("3x3:z\n") == "line 1, column 5: the description has more than the 9 cells of 3x3");
  CHECK(error_of("3x3:c\n") == "line 1, column 6: the description has 3 cells, expected 9");
  CHECK(error_of("3x:c\n") == "line 1, column 3: expected the height of the game ID (WxH:description)");
  // Reading goes on after a bad puzzle.
  std::istringstream in(". x\n\n2 .\n");
  auto reader = reduction.reader(in, ModelOptions());
  CHECK_THROWS_AS(reader->next(), dlx::ParseError);
  const auto next = reader->next();
  REQUIRE(next);
  CHECK(next->line == 3);
}
