#include <catch2/catch.hpp>
#include <sstream>

#include "dlx/knuth_format.hpp"

using namespace dlx;

namespace {
ReadResult read(const std::string& text) {
  std::istringstream in(text);
  return read_knuth(in);
}

// The error's line and column, and a piece of its message.
void check_error(const std::string& text, std::size_t line, std::size_t column, const std::string& says) {
  INFO(text);
  try {
    read(text);
    FAIL("no error");
  } catch (const ParseError& e) {
    CHECK(e.line() == line);
    CHECK(e.column() == column);
    CHECK_THAT(e.what(), Catch::Contains(says));
  }
}
}  // namespace

TEST_CASE("reads items, bounds, secondary items and colours") {
  const auto r = read("| comment\n\nA 2|B 0:3|C | x longname\nA B x:red\n  B C longname:verylongcolour\n");
  const Problem& p = r.problem;
  REQUIRE(p.items().size() == 5);
  CHECK(p.primary_count() == 3);
  CHECK(p.items()[1].lo == 2);
  CHECK(p.items()[1].hi == 2);
  CHECK(p.items()[2].lo == 0);
  CHECK(p.items()[2].hi == 3);
  CHECK_FALSE(p.items()[4].primary);
  REQUIRE(p.option_count() == 2);
  CHECK(p.colour_name(p.option(1)[2].colour) == "verylongcolour");
  CHECK(r.option_line == std::vector<std::size_t>{4, 5});
}

TEST_CASE("an option without a primary item is dropped with a warning") {
  const auto r = read("A | x\nA x\nx\n");
  CHECK(r.problem.option_count() == 1);
  REQUIRE(r.warnings.size() == 1);
  CHECK_THAT(r.warnings[0], Catch::Contains("line 3"));
}

TEST_CASE("writing and reading again gives the same problem") {
  const std::string text = "A 2|B 0:3|C | x y\nA B x:red\nB C y:1 x:blue\nC\n";
  const auto first = read(text);
  std::ostringstream out;
  write_knuth(out, first.problem);
  CHECK(out.str() == text);
  const auto second = read(out.str());
  REQUIRE(second.problem.option_count() == first.problem.option_count());
  for (OptionId o = 0; o < first.problem.option_count(); ++o) {
    std::ostringstream a, b;
    write_option(a, first.problem, o);
    write_option(b, second.problem, o);
    CHECK(a.str() == b.str());
  }
}

TEST_CASE("malformed input names line, column and what was expected") {
  check_error("A B\nA C\n", 2, 3, "unknown item 'C'");
  check_error("A B\nA B A\n", 2, 5, "occurs twice");
  check_error("A | x\nA:red x\n", 2, 1, "primary item 'A' cannot have a colour");
  check_error("A 3:2|B\n", 1, 3, "lo <= hi");
  check_error("A x:y|B\n", 1, 3, "expected a bound");
  check_error("A | x | y\n", 1, 7, "second");
  check_error("A | x\nA x:\n", 2, 3, "expected a colour");
  check_error("A | 2|x\n", 1, 5, "cannot have bounds");
  check_error("A B A\n", 1, 5, "listed twice");
  check_error("| only a comment\n", 2, 1, "expected a line of item names");
  check_error("A 0|B\n", 1, 3, "upper bound above 0");
}
