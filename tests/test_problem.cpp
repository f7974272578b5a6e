#include <catch2/catch.hpp>

#include <sstream>

#include "dlx/problem.hpp"
#include "dlx/solver.hpp"
#include "dlx/statistics.hpp"

using namespace dlx;

TEST_CASE("builder rejects malformed problems with a typed error") {
  ProblemBuilder b;
  b.add_primary("a");
  b.add_primary("b", 0, 2);
  b.add_secondary("x");
  SECTION("unknown item") { CHECK_THROWS_AS(b.add_option({"a", "zz"}), BuildError); }
  SECTION("item twice in one option") { CHECK_THROWS_AS(b.add_option({"a", "b", "a"}), BuildError); }
  SECTION("colour on a primary item") { CHECK_THROWS_AS(b.add_option({"a:red"}), BuildError); }
  SECTION("lo above hi") { CHECK_THROWS_AS(b.add_primary("c", 3, 2), BuildError); }
  SECTION("duplicate name") { CHECK_THROWS_AS(b.add_secondary("a"), BuildError); }
  SECTION("primary after secondary") { CHECK_THROWS_AS(b.add_primary("c"), BuildError); }
  SECTION("an option id out of range") {
    const Entry bad{7, no_colour};
    CHECK_THROWS_AS(b.add_option(std::span<const Entry>(&bad, 1)), BuildError);
  }
  SECTION("a failed option leaves the builder usable") {
    CHECK_THROWS_AS(b.add_option({"a", "a"}), BuildError);
    CHECK(b.add_option({"a", "b"}) == 0);
  }
}

TEST_CASE("a built problem reports what it uses") {
  ProblemBuilder b;
  b.add_primary("a");
  b.add_secondary("x");
  b.add_option({"a", "x:red"});
  const Problem p = b.build();
  CHECK(p.uses_colours());
  CHECK_FALSE(p.uses_multiplicities());
  CHECK(p.option_count() == 1);
  CHECK(p.find_item("x") == 1);
  CHECK(p.find_item("nope") == -1);
  CHECK(p.colour_name(p.option(0)[1].colour) == "red");
}

TEST_CASE("many items and colours are found by name, and a repeated name is refused") {
  ProblemBuilder b;
  const std::size_t n = 20000;
  SECTION("growing as they come") {}
  SECTION("with room reserved first, some of it after items were added") {
    b.add_primary("p0");
    b.reserve(2 * n, 1, 2);
  }
  for (std::size_t i = b.peek().items().size(); i < n; ++i) b.add_primary("p" + std::to_string(i));
  for (std::size_t i = 0; i < n; ++i) b.add_secondary("s" + std::to_string(i));
  for (std::size_t c = 0; c < 300; ++c) CHECK(b.colour("c" + std::to_string(c)) == c + 1);
  CHECK(b.colour("c17") == 18);
  CHECK_THROWS_AS(b.add_secondary("p12345"), BuildError);
  b.add_option({"p0", "s0:c299"});
  const Problem p = b.build();
  const Problem copy = p;
  for (std::size_t i = 0; i < n; ++i) {
    REQUIRE(p.find_item("p" + std::to_string(i)) == static_cast<std::int64_t>(i));
    REQUIRE(copy.find_item("s" + std::to_string(i)) == static_cast<std::int64_t>(n + i));
  }
  CHECK(p.find_item("p20000") == -1);
  CHECK(p.find_item("") == -1);
  CHECK(p.colour_name(p.option(0)[1].colour) == "c299");
}

TEST_CASE("a problem larger than a huge page builds and solves") {
  // 400,000 entries: the entries and the solver's per-node arrays take the huge-page path of BigAllocator.
  ProblemBuilder b;
  b.add_primary("a");
  b.add_secondary("x");
  const Entry entries[] = {{0}, {1}};
  for (int o = 0; o < 200000; ++o) b.add_option(entries);
  const Problem p = b.build();
  CHECK(p.entry_count() == 400000);
  Solver solver(p);
  CHECK(solver.count() == Outcome::exhausted);
  CHECK(solver.statistics().solutions == 200000);
}

TEST_CASE("statistics add up across workers") {
  Statistics a{10, 100, 2, 5, 1.5, 4};
  const Statistics b{1, 2, 3, 7, 0.5, 1};
  a += b;
  CHECK(a.nodes == 11);
  CHECK(a.updates == 102);
  CHECK(a.solutions == 5);
  CHECK(a.max_depth == 7);
  CHECK(a.seconds == Approx(2.0));
  CHECK(a.removals == 5);
}

TEST_CASE("statistics keep solutions exact past 2^64, added up and printed") {
  Statistics a;
  a.add_solutions(~std::uint64_t{0});
  Statistics b;
  b.add_solutions(5);
  a += b;  // 2^64 + 4
  CHECK(a.solutions == ~std::uint64_t{0});
  CHECK(a.all_solutions().to_string() == "18446744073709551620");
  Count big = Count::of(Count::Wide{1} << 127);
  big *= Count(4);  // 2^129
  a.add_solutions(big);
  CHECK(since(a, b).all_solutions().to_string() == "680564733841876926945195958937245974527");  // 2^129 + 2^64 - 1
  std::ostringstream out;
  out << a;
  CHECK(out.str().find("solutions 680564733841876926945195958937245974532,") != std::string::npos);
}

TEST_CASE("statistics print removals only when there were any") {
  std::ostringstream none, some;
  none << Statistics{1, 2, 3, 4, 0.5};
  some << Statistics{1, 2, 3, 4, 0.5, 7};
  CHECK(none.str() == "nodes 1, updates 2, solutions 3, max depth 4, seconds 0.500");
  CHECK(some.str() == "nodes 1, updates 2, solutions 3, max depth 4, seconds 0.500, removals 7");
}
