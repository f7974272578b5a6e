// The driver's searches for puzzle types (dance/puzzle_searches.hpp) against
// brute force: one service asked a run of random questions about one
// problem, each sharing some of the last one's assumptions, order and slot,
// answers each as a fresh enumeration does.
#include <catch2/catch.hpp>

#include <algorithm>
#include <memory>
#include <random>
#include <set>
#include <vector>

#include "dance/generate.hpp"
#include "random_problem.hpp"

namespace {

using dance::PuzzleQuery;
using dance::test::brute_force;
using dance::test::every_algorithm;
using dance::test::random_problem;

// The solutions of `all` that hold every option of `assumed` and none of `forbidden`.
std::set<std::vector<dlx::OptionId>> wanted(const std::set<std::vector<dlx::OptionId>>& all,
                                            const std::vector<dlx::OptionId>& assumed,
                                            const std::vector<dlx::OptionId>& forbidden) {
  std::set<std::vector<dlx::OptionId>> kept;
  for (const auto& solution : all) {
    const auto holds = [&solution](dlx::OptionId o) { return std::binary_search(solution.begin(), solution.end(), o); };
    if (std::all_of(assumed.begin(), assumed.end(), holds) && std::none_of(forbidden.begin(), forbidden.end(), holds))
      kept.insert(solution);
  }
  return kept;
}

}  // namespace

TEST_CASE("puzzle searches: assumptions kept between questions, orders, limits, visits and restarts agree with brute force",
          "[generate][puzzle_searches]") {
  std::mt19937_64 rng(57);
  for (const auto& shape : every_algorithm) {
    for (int round = 0; round < 60; ++round) {
      const auto problem = std::make_shared<const dlx::Problem>(random_problem(rng, shape));
      const auto all = brute_force(*problem);
      const auto options = static_cast<dlx::OptionId>(problem->option_count());
      if (options == 0) continue;
      const auto searches = dance::puzzle_searches();
      std::vector<dlx::OptionId> assumed, forbidden, first;
      for (int ask = 0; ask < 12; ++ask) {
        // Keep a prefix of the last assumptions (as a generator's clues do), then add some.
        assumed.resize(std::uniform_int_distribution<std::size_t>(0, assumed.size())(rng));
        for (int more = static_cast<int>(rng() % 3); more > 0; --more) {
          const auto o = static_cast<dlx::OptionId>(rng() % options);
          if (std::find(assumed.begin(), assumed.end(), o) == assumed.end()) assumed.push_back(o);
        }
        forbidden.clear();
        for (int more = static_cast<int>(rng() % 3); more > 0; --more) forbidden.push_back(static_cast<dlx::OptionId>(rng() % options));
        if (rng() % 3 == 0) {  // a new order now and then: some options first, some seed
          first.clear();
          for (dlx::OptionId o = 0; o < options; ++o)
            if (rng() % 2) first.push_back(o);
        }
        const auto expected = wanted(all, assumed, forbidden);
        PuzzleQuery q{.problem = problem, .slot = static_cast<std::size_t>(rng() % 2), .seed = rng() % 3, .first = first,
                      .assumed = assumed, .forbidden = forbidden};
        INFO("round " << round << ", question " << ask);
        switch (rng() % 3) {
          case 0: {  // count all, or up to a limit
            q.limit = rng() % 3;
            const auto reply = searches->ask(q);
            CHECK(reply.solutions == (q.limit == 0 ? expected.size() : std::min<std::uint64_t>(q.limit, expected.size())));
            break;
          }
          case 1: {  // visit every solution
            std::set<std::vector<dlx::OptionId>> seen;
            q.visit = [&seen](std::span<const dlx::OptionId> found) {
              std::vector<dlx::OptionId> sorted(found.begin(), found.end());
              std::sort(sorted.begin(), sorted.end());
              seen.insert(sorted);
              return true;
            };
            (void)searches->ask(q);
            CHECK(seen == expected);
            break;
          }
          default: {  // is there one? within a budget of one node, restarts past it
            q.limit = 1;
            q.budget = 1;
            q.restart_unit = 1;
            const auto reply = searches->ask(q);
            CHECK((reply.solutions > 0) == !expected.empty());
            CHECK(reply.outcome != dlx::Outcome::node_limit);
          }
        }
      }
    }
  }
}
