// The two worked examples of docs/writing-a-reduction.md: known counts, every
// decoded answer verified, bad input named by line and column.
#include <catch2/catch.hpp>
#include <fstream>
#include <map>
#include <sstream>

#include "dlx/solver.hpp"
#include "helpers.hpp"
#include "verified_count.hpp"
#include "polyomino/polyomino.hpp"
#include "queens/queens.hpp"

using namespace dance;
using dance::test::count_verified;

using dance::test::parse_error;
using dance::test::read_one;

TEST_CASE("queens: the known counts for n = 1..12, every board verified") {
  const Reduction& reduction = *find_reduction("queens");
  const std::uint64_t known[] = {1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200};
  std::istringstream sizes("1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n# comment\n\n11\n12\n");
  auto reader = reduction.reader(sizes, {});
  for (const std::uint64_t count : known) {
    const auto instance = reader->next();
    REQUIRE(instance);
    INFO("n = " << static_cast<const queens::QueensInstance&>(*instance).n);
    CHECK(count_verified(reduction, *instance) == count);
  }
  CHECK(reader->next() == nullptr);
}

TEST_CASE("queens: verify catches attacking queens, and bad sizes are named") {
  const Reduction& reduction = *find_reduction("queens");
  std::istringstream four("4\n");
  const auto instance = read_one(reduction, four);
  queens::QueensAnswer answer;
  answer.column = {1, 3, 0, 2};
  CHECK(!reduction.verify(*instance, answer));
  answer.column = {0, 2, 1, 3};
  CHECK_THAT(*reduction.verify(*instance, answer), Catch::Contains("attack"));
  CHECK_THAT(parse_error(reduction, "8\n  x\n"), Catch::Contains("line 2, column 3: expected a board size"));
  CHECK_THAT(parse_error(reduction, "0\n"), Catch::Contains("line 1, column 1: expected a board size from 1"));
  CHECK_THAT(parse_error(reduction, "8 8\n"), Catch::Contains("line 1, column 2: expected the end of the line"));
}

TEST_CASE("polyomino: every orientation once") {
  using polyomino::Shape;
  const Shape f{{0, 1}, {0, 2}, {1, 0}, {1, 1}, {2, 1}}, i{{0, 0}, {0, 1}, {0, 2}, {0, 3}, {0, 4}},
      x{{0, 1}, {1, 0}, {1, 1}, {1, 2}, {2, 1}}, t{{0, 0}, {0, 1}, {0, 2}, {1, 1}, {2, 1}};
  CHECK(polyomino::orientations(f).size() == 8);
  CHECK(polyomino::orientations(i).size() == 2);
  CHECK(polyomino::orientations(x).size() == 1);
  CHECK(polyomino::orientations(t).size() == 4);
}

TEST_CASE("polyomino: pentomino packings, all of them and up to symmetry") {
  const Reduction& reduction = *find_reduction("polyomino");
  const std::string examples = std::string(DANCE_TEST_DATA) + "/../../examples/";
  struct Case {
    const char* file;
    std::uint64_t all, distinct;
  };
  for (const Case& c : {Case{"pentominoes8x8.txt", 520, 65}, Case{"pentominoes6x10.txt", 9356, 2339}}) {
    INFO(c.file);
    std::ifstream in(examples + c.file);
    REQUIRE(in);
    const auto instance = read_one(reduction, in);
    const auto& pieces = static_cast<const polyomino::PolyominoInstance&>(*instance).pieces;
    REQUIRE(pieces.size() == 12);
    if (c.all < 1000) CHECK(count_verified(reduction, *instance) == c.all);  // 6x10 in full is for the CLI test
    std::ifstream again(examples + c.file);
    const auto reduced = read_one(reduction, again, ModelOptions().set("up-to-symmetry"));
    CHECK(count_verified(reduction, *reduced) == c.distinct);
  }
}

TEST_CASE("polyomino: several copies of a piece use multiplicities") {
  const Reduction& reduction = *find_reduction("polyomino");
  // Dominoes on a 2 x 4 board: 5 tilings; trominoes in a 2 x 3 box: 2 L's fit 2 ways, I's fit 2 ways.
  std::istringstream dominoes("piece D 4\nDD\n\nregion\n....\n....\n");
  CHECK(count_verified(reduction, *read_one(reduction, dominoes)) == 5);
  std::istringstream trominoes("piece L 2\nL.\nLL\n\nregion\n...\n...\n");
  CHECK(count_verified(reduction, *read_one(reduction, trominoes)) == 2);
}

// Copies of one piece that touch are drawn with different letters (D, d, *,
// +, ...): in every tiling of a 4 x 4 board by dominoes and of a 3 x 6 box by
// L trominoes, two cells side by side show the same letter only if one
// placement covers both.
TEST_CASE("polyomino: the text tells touching copies of a piece apart") {
  const Reduction& reduction = *find_reduction("polyomino");
  for (const char* text : {"piece D 8\nDD\n\nregion\n....\n....\n....\n....\n", "piece L 6\nL.\nLL\n\nregion\n......\n......\n......\n"}) {
    INFO(text);
    const auto instance = read_one(reduction, std::string(text));
    const Encoding encoding = reduction.encode(*instance);
    dlx::Solver solver(encoding.problem);
    int tilings = 0;
    while (solver.next() == dlx::Outcome::solution) {
      ++tilings;
      const std::vector<dlx::OptionId> chosen(solver.solution().begin(), solver.solution().end());
      const auto answer = reduction.decode(*instance, encoding, chosen);
      std::ostringstream out;
      reduction.print(out, *instance, *answer);
      std::vector<std::string> rows;
      std::istringstream printed(out.str());
      for (std::string row; std::getline(printed, row);) rows.push_back(row);
      std::map<std::pair<int, int>, std::size_t> whose;  // cell: the placement covering it
      const auto& placements = static_cast<const polyomino::PolyominoAnswer&>(*answer).placements;
      for (std::size_t k = 0; k < placements.size(); ++k)
        for (const auto& cell : placements[k].cells) whose[cell] = k;
      for (const auto& [cell, k] : whose)
        for (const auto& next : {std::pair{cell.first + 1, cell.second}, std::pair{cell.first, cell.second + 1}})
          if (whose.count(next)) {
            const char a = rows[static_cast<std::size_t>(cell.first)][static_cast<std::size_t>(cell.second)];
            const char b = rows[static_cast<std::size_t>(next.first)][static_cast<std::size_t>(next.second)];
            CHECK((a == b) == (whose[next] == k));
          }
    }
    CHECK(tilings > 1);
  }
}

TEST_CASE("polyomino: malformed input is named by line and column") {
  const Reduction& reduction = *find_reduction("polyomino");
  CHECK_THAT(parse_error(reduction, "piece\n#\n"), Catch::Contains("line 1, column 6: expected a piece name"));
  CHECK_THAT(parse_error(reduction, "piece A\n\nregion\n.\n"), Catch::Contains("line 2, column 1: expected the rows of piece A"));
  CHECK_THAT(parse_error(reduction, "piece A x\n#\n"), Catch::Contains("line 1, column 9: expected how many"));
  CHECK_THAT(parse_error(reduction, "piece A\n#\npiece A\n#\nregion\n.\n"), Catch::Contains("A is taken"));
  CHECK_THAT(parse_error(reduction, "block\n"), Catch::Contains("line 1, column 1: expected 'piece NAME [COUNT]' or 'region'"));
  CHECK_THAT(parse_error(reduction, "piece A\n#\n"), Catch::Contains("expected a 'region'"));
  CHECK_THAT(parse_error(reduction, "piece A\n#\nregion\n.\nregion\n.\n"), Catch::Contains("one region"));
}
