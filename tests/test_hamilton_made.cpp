// The graphs made against Hamiltonian search (bench/hamilton_graphs.hpp,
// the rows of bench_hamilton), each kind at a size that takes a second at
// most by default: a verified cycle where there is one, none where there is
// none (each proved by the search or by a condition of necessary.hpp).
#include <algorithm>
#include <atomic>
#include <catch2/catch.hpp>
#include <sstream>

#include "dance/driver.hpp"
#include "hamilton/hamilton.hpp"
#include "hamilton_graphs.hpp"
#include "helpers.hpp"
#include "verified_count.hpp"

using namespace dance;

namespace {
// A made graph, and whether it has a Hamiltonian cycle.
struct Made {
  const char* name;
  bench::EdgeList graph;
  bool hamiltonian;
};
}  // namespace

TEST_CASE("hamilton on graphs made against backtracking: a verified cycle or none, by default") {
  const Reduction& reduction = *find_reduction("hamilton");
  using namespace dance::bench;
  const Made cases[] = {
      {"GP(100,3)", generalized_petersen(100, 3), true},
      {"GP(500,2)", generalized_petersen(500, 2), true},
      {"GP(17,2)", generalized_petersen(17, 2), false},  // 17 = 5 mod 6
      {"Petersen, GP(5,2)", generalized_petersen(5, 2), false},
      {"flower snark J7", flower_snark(7), false},
      {"five Petersen graphs by dot products", petersen_dot_products(5, 1), false},
      {"bipartite 51 + 50", unbalanced_bipartite(51, 50, 1), false},
      {"cubic 20 with a Petersen piece", cubic_with_petersen_piece(20, 1), false},
      {"cubic 1000 with a Petersen piece", cubic_with_petersen_piece(1000, 1), false},
      {"cubic 100 with a Petersen piece of 13", cubic_with_petersen_piece(100, 1, 2), false},
      {"two hubs, three cubic pieces of 100", two_hubs_three_pieces(100, 1), false},
      {"grid 30x30, 80 holes", grid_with_holes(30, 30, 80, 1), true},
      {"grid 31x31", grid(31, 31), false},
      {"grid 30x30 less 3 cells", grid_minus_cells(30, 30, 3, 1), false},
      {"random cubic 2000", random_cubic(2000, 1), true},
      {"not 1-tough: 3 of degree 3 leave 4 parts", not_one_tough(3, 3, 40, 0, 1), false},
      {"not 1-tough: 5 of degree 4 leave 6 parts", not_one_tough(5, 4, 60, 0.3, 2), false},
      {"hubs like FHCP 19's, 51 vertices", hub_graph({{32, 2}, {16, 1}}, 1), true},
  };
  for (const auto& c : cases) {
    INFO(c.name);
    std::istringstream in(hcp(c.graph, c.name));
    const auto instance = reduction.reader(in, {})->next();
    CHECK(dance::test::count_verified(reduction, *instance, 1) == (c.hamiltonian ? 1u : 0u));
  }
}

// Neither strategy alone answers both: a plain search loses itself in the
// Petersen piece's graphs and GP(99,2) (none in 10 s, tens of millions of
// nodes), restarts give up the whole tree that J21's proof needs. The default
// portfolio answers each within 3 million nodes (about a second). The pieces
// here have two vertices made triangles (13 vertices): too large for the
// piece rule, which proves the plain ones before any search.
namespace {

// The default's answer to `c` in `session` (no restarts: the encoding's
// strategy), found by the search, not by a condition before it: a verified
// cycle or none, within the session's node limit.
void check_answer(Session& session, const Made& c) {
  const Reduction& reduction = *find_reduction("hamilton");
  std::istringstream in(bench::hcp(c.graph, c.name));
  const auto instance = reduction.reader(in, {})->next();
  CHECK_FALSE(static_cast<const hamilton::HamiltonInstance&>(*instance).impossible);
  Collected results;
  const std::atomic<bool> never{false};
  const Status status = session.run(*instance, results, never);
  CHECK(results.failures.empty());
  CHECK_FALSE(results.stop.has_value());
  CHECK(status == (c.hamiltonian ? Status::found : Status::none));
  CHECK(results.solutions.size() == (c.hamiltonian ? 1u : 0u));
}

// With `threads` workers, a portfolio each (solve_by_portfolios).
RunSpec portfolio_spec(std::size_t threads = 1) {
  RunSpec spec;
  spec.threads = threads;
  spec.node_limit = 3'000'000;
  spec.verify = true;  // a wrong cycle is a failure
  return spec;
}

}  // namespace

TEST_CASE("hamilton's default portfolio: a proof of none by restarts, a cycle behind an unlucky subtree") {
  using namespace dance::bench;
  const Made cases[] = {
      {"cubic 100 with a Petersen piece of 13", cubic_with_petersen_piece(100, 1, 2), false},
      {"cubic 300 with a Petersen piece of 13", cubic_with_petersen_piece(300, 1, 2), false},
      {"GP(99,2)", generalized_petersen(99, 2), true},
  };
  for (const std::size_t threads : {1, 2})
    for (const auto& c : cases) {
      INFO(c.name << ", threads " << threads);
      Session session(*find_reduction("hamilton"), portfolio_spec(threads));
      check_answer(session, c);
    }
}

// One session answers one graph after another, as `dance solve` does a file
// of several: the portfolio's restarting solver is made only when the plain
// search's head start runs out, and a full cache of solvers retires another
// problem's, never the plain search's.
TEST_CASE("hamilton's default portfolio: one session, many graphs") {
  using namespace dance::bench;
  Session session(*find_reduction("hamilton"), portfolio_spec());
  Session two(*find_reduction("hamilton"), portfolio_spec(2));
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const Made cases[] = {
        {"cubic 40 with a Petersen piece of 13", cubic_with_petersen_piece(40, seed, 2), false},  // restarts prove it
        {"random cubic 500", random_cubic(500, seed), true},  // the head start finds it
    };
    for (const auto& c : cases) {
      INFO(c.name << ", seed " << seed);
      check_answer(session, c);
      check_answer(two, c);
    }
  }
}

// Past SolverOptions::nogoods_kept learned nogoods the longer half goes, the
// rest watched again and the removals they made still named by them: kept
// at 2,048, GP(n,2) by the edge encoding learns thousands more and must still
// prove GP(23,2) and GP(29,2) without a cycle (n = 5 mod 6), and find GP(30,2)'s.
TEST_CASE("learning forgets half its nogoods and still proves and finds: GP(n,2) by the edge encoding") {
  const Reduction& reduction = *find_reduction("hamilton");
  for (const std::size_t n : {23, 29, 30}) {
    INFO("GP(" << n << ",2)");
    std::istringstream in(bench::hcp(bench::generalized_petersen(n, 2), "gp"));
    const auto instance = reduction.reader(in, ModelOptions().set("encoding", "edge"))->next();
    const Encoding encoding = reduction.encode(*instance);
    dlx::SolverOptions options;
    options.learning = dlx::Switch::on;
    options.nogoods_kept = 2048;
    dlx::Solver solver(encoding.problem, 0, options);
    solver.set_hook(encoding.hook.get());
    const dlx::Outcome outcome = solver.next();
    CHECK(outcome == (n % 6 == 5 ? dlx::Outcome::exhausted : dlx::Outcome::solution));
    if (outcome == dlx::Outcome::solution) {
      const std::vector<dlx::OptionId> chosen(solver.solution().begin(), solver.solution().end());
      CHECK_FALSE(reduction.verify(*instance, *reduction.decode(*instance, encoding, chosen)));
    }
    if (n % 6 == 5) CHECK(solver.statistics().learned > solver.statistics().nogoods + 1000);  // half forgotten at least once
  }
}

// The made graphs' own promises, small enough for brute force: every
// not-1-tough graph has no Hamiltonian cycle (its cut leaves a part more
// than it can join), every hub graph has its planted one.
TEST_CASE("made graphs: not 1-tough has no cycle, a hub graph has one (brute force)") {
  const Reduction& reduction = *find_reduction("hamilton");
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const Made cases[] = {
        {"not 1-tough, degree 3", bench::not_one_tough(2, 3, 20, 0, seed), false},
        {"not 1-tough, degree 4", bench::not_one_tough(3, 4, 27, 0.5, seed), false},
        {"hub graph", bench::hub_graph({{8, 1}, {4, 1}}, seed), true},
    };
    for (const auto& c : cases) {
      INFO(c.name << ", seed " << seed);
      std::istringstream in(bench::hcp(c.graph, c.name));
      const auto instance = reduction.reader(in, ModelOptions().set("encoding", "edge"))->next();
      CHECK(test::has_hamiltonian_cycle(c.graph.vertices, c.graph.edges) == c.hamiltonian);
      CHECK(dance::test::count_verified(reduction, *instance, 1) == (c.hamiltonian ? 1u : 0u));
    }
  }
}

// The 2-edge cuts forced to a fixed point within one check (graph_rules.cpp):
// a cut vertex given both its edges drops its third, and the part that
// edge joined is cut off by two edges in turn. Without it, the default
// search took 78,004 nodes on this graph; with it, one.
TEST_CASE("hamilton: the 2-edge cuts forced to a fixed point prove a hidden not-1-tough graph at once") {
  RunSpec spec = portfolio_spec();
  spec.node_limit = 100;
  Session session(*find_reduction("hamilton"), spec);
  check_answer(session, {"12 of degree 3 leave 13 parts, 400 vertices", bench::not_one_tough(12, 3, 400, 0, 2), false});
}
