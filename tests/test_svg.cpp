// --format svg: every picture the tests make is one well-formed XML document
// with an <svg> root (checked by a small parser of its own: tags balanced,
// attributes quoted, text without a bare & or <), and shows what it should.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

#include "dance/generate.hpp"
#include "dance/puzzle_type.hpp"
#include "dance/reduction.hpp"
#include "dance/svg.hpp"
#include "helpers.hpp"
#include "verified_count.hpp"

using namespace dance;
using dance::test::not_one_svg;

namespace {

// The first answer to `input` under the reduction's options, drawn (--format svg).
std::string solved(const std::string& reduction_name, const std::string& input, const ModelOptions& options) {
  const Reduction& reduction = *find_reduction(reduction_name);
  return test::solved(reduction, *test::read_one(reduction, input, options), "svg");
}

std::size_t occurrences(const std::string& text, const std::string& what) {
  std::size_t count = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++count;
  return count;
}

}  // namespace

TEST_CASE("the well-formedness check itself refuses what is not one svg document") {
  CHECK(not_one_svg("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg a=\"1\"><text>x &amp; y</text></svg>\n") == std::nullopt);
  CHECK(not_one_svg("<svg></svg>"));
  CHECK(not_one_svg("<?xml version=\"1.0\" encoding=\"UTF-8\"?><svg><text>a & b</text></svg>"));
  CHECK(not_one_svg("<?xml version=\"1.0\" encoding=\"UTF-8\"?><svg><g></svg>"));
  CHECK(not_one_svg("<?xml version=\"1.0\" encoding=\"UTF-8\"?><svg></svg><svg></svg>"));
  CHECK(not_one_svg("<?xml version=\"1.0\" encoding=\"UTF-8\"?><svg a=\"1></svg>"));
  std::ostringstream out;
  {
    Svg svg(out, 10, 10);
    svg.text(5, 5, "<&\"'>", 3);
  }
  CHECK(not_one_svg(out.str()) == std::nullopt);
}

TEST_CASE("sudoku --format svg: the grid with clues in bold and the values filled in, plain and X") {
  const std::string puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
  const std::string plain = solved("sudoku", puzzle, ModelOptions());
  INFO(plain);
  CHECK(not_one_svg(plain) == std::nullopt);
  CHECK(occurrences(plain, "<text") == 81);
  CHECK(occurrences(plain, "font-weight=\"bold\"") == 17);  // the clues
  CHECK(occurrences(plain, "stroke-width=\"3\"") == 2 * 2 * 9 + 1);  // two box borders each way, 9 cell edges each, and the frame
  const std::string x = solved("sudoku", ".........\n.........\n.........\n.........\n.........\n.........\n.........\n.........\n.........\n",
                               ModelOptions().set("diagonals"));
  CHECK(not_one_svg(x) == std::nullopt);
  CHECK(occurrences(x, "fill=\"#e8e8e8\"") == 17);  // both diagonals, the centre once
}

TEST_CASE("queens and range --format svg") {
  const std::string queens = solved("queens", "", ModelOptions().set("size", "8"));
  CHECK(not_one_svg(queens) == std::nullopt);
  CHECK(occurrences(queens, "<circle") == 8);
  const std::string range = solved("range", "9x6:f3m9b9a6_8_12_11a8b9m11f\n", ModelOptions());
  INFO(range);
  CHECK(not_one_svg(range) == std::nullopt);
  CHECK(occurrences(range, "<text") == 10);  // the clues
  CHECK(occurrences(range, "fill=\"#606060\"") > 0);  // the black cells
}

TEST_CASE("generate --format svg: one picture a puzzle, for sudoku and range") {
  for (const char* name : {"sudoku", "range"}) {
    INFO(name);
    const auto type = dance::puzzle_type(*find_reduction(name), ModelOptions());
    REQUIRE(type);
    const Solution solution = type->random_solution(5, Symmetry::none);
    // drawn by the reduction's presenter, from the puzzle as an instance
    const auto draw = [&](std::ostream& out, bool with) {
      const std::unique_ptr<Instance> puzzle = type->instance_of(solution, type->clues(solution));
      REQUIRE(puzzle);
      const std::unique_ptr<Answer> answer = type->answer_of(solution);
      find_reduction(name)->presenter("svg")->puzzle(out, *puzzle, with ? answer.get() : nullptr);
    };
    std::ostringstream blank, with_solution;
    draw(blank, false);
    CHECK(not_one_svg(blank.str()) == std::nullopt);
    draw(with_solution, true);
    // With the solution: two documents for range (puzzle, answer), one filled-in grid for sudoku.
    CHECK(occurrences(with_solution.str(), "<svg") == (std::string(name) == "range" ? 2u : 1u));
  }
}

TEST_CASE("hamilton, clique and polyomino --format svg") {
  const std::string tour = solved("hamilton", "", ModelOptions().set("knight", "6x6").set("closed"));
  CHECK(not_one_svg(tour) == std::nullopt);
  CHECK(occurrences(tour, "<text") == 36);                      // every square's move number
  CHECK(occurrences(tour, "stroke=\"#1f5fbf\" stroke-width=\"2\"") == 36);  // the moves, the last back to the first
  const std::string square = "a b\nb c\nc d\nd a\na c\n";
  const std::string cycle = solved("hamilton", square, ModelOptions());
  CHECK(not_one_svg(cycle) == std::nullopt);
  CHECK(occurrences(cycle, "stroke=\"#c0392b\"") == 4);  // the cycle's edges, bold
  CHECK(occurrences(cycle, "stroke=\"#c8c8c8\"") == 5);  // every edge, thin
  const std::string triangle = solved("clique", square, ModelOptions().set("k", "3"));
  CHECK(not_one_svg(triangle) == std::nullopt);
  CHECK(occurrences(triangle, "<circle cx") == 4);
  CHECK(occurrences(triangle, "fill=\"#c0392b\"") == 3);  // the three chosen vertices
  CHECK(occurrences(triangle, "stroke=\"#c0392b\"") == 3);  // and the edges among them
  std::ifstream pentominoes(std::string(DANCE_SOURCE_DIR) + "/examples/pentominoes6x10.txt");
  std::ostringstream text;
  text << pentominoes.rdbuf();
  const std::string packing = solved("polyomino", text.str(), ModelOptions());
  CHECK(not_one_svg(packing) == std::nullopt);
  CHECK(occurrences(packing, "<text") == 12);  // each piece's name
  CHECK(occurrences(packing, "stroke=\"white\"") == 60);  // every cell, coloured by its piece
  // Outlines: the 32 unit edges of the 6x10 rectangle, and of its 104 inner edges those between two pieces:
  // the pieces' own are 4 a pentomino, 5 for the P (a 2x2 square and one more), so 104 - 49 = 55.
  CHECK(occurrences(packing, "stroke=\"#202020\"") == 32 + 55);
}

TEST_CASE("signpost, numbrix and hidato --format svg: numbers, the path, holes and arrows") {
  const std::string signpost = solved("signpost", "4x4:deg16acbga1bdahbbbg\n", ModelOptions());
  INFO(signpost);
  CHECK(not_one_svg(signpost) == std::nullopt);
  CHECK(occurrences(signpost, "<text") == 16);
  CHECK(occurrences(signpost, "font-weight=\"bold\"") == 2);  // the givens 1 and 16
  CHECK(occurrences(signpost, "<circle") == 16);              // every cell's arrow tip
  const std::string hidato = solved("hidato", "1 . x\n. . 5\n", ModelOptions());
  CHECK(not_one_svg(hidato) == std::nullopt);
  CHECK(occurrences(hidato, "<text") == 5);
  CHECK(occurrences(hidato, "fill=\"#404040\"") == 1);  // the hole
  CHECK(occurrences(hidato, "stroke=\"#9fc0ef\"") == 4);  // the path's four steps
  for (const char* name : {"numbrix", "hidato", "signpost"}) {
    INFO(name);
    const auto type = dance::puzzle_type(*find_reduction(name), ModelOptions().set("size", name == std::string("numbrix") ? "4" : "4x4"));
    const Solution solution = type->random_solution(5, Symmetry::none);
    std::ostringstream with_solution;  // drawn by the presenter, from the puzzle as an instance
    const std::unique_ptr<Instance> puzzle = type->instance_of(solution, type->clues(solution));
    REQUIRE(puzzle);
    find_reduction(name)->presenter("svg")->puzzle(with_solution, *puzzle, type->answer_of(solution).get());
    CHECK(occurrences(with_solution.str(), "<svg") == 2u);
  }
}
