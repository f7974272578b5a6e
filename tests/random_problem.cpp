#include "random_problem.hpp"

#include "xcc/xcc.hpp"

namespace dance::test {

dlx::Problem random_problem(std::mt19937_64& rng, const RandomShape& shape) {
  const auto pick = [&rng](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  dlx::ProblemBuilder b;
  const int primaries = pick(1, shape.most_primaries);
  const int secondaries = shape.secondary ? pick(0, shape.most_secondaries) : 0;
  for (int i = 0; i < primaries; ++i) {
    std::uint32_t lo = 1, hi = 1;
    if (shape.multiplicities && pick(0, 2) == 0) {
      lo = static_cast<std::uint32_t>(pick(0, 2));
      hi = lo + static_cast<std::uint32_t>(pick(lo == 0 ? 1 : 0, 2));
    }
    b.add_primary("p" + std::to_string(i), lo, hi);
  }
  for (int i = 0; i < secondaries; ++i) b.add_secondary("s" + std::to_string(i));
  const int options = pick(1, shape.most_options);
  for (int o = 0; o < options; ++o) {
    std::vector<dlx::Entry> entries;
    // at least one primary item, as the format reader guarantees
    entries.push_back({static_cast<dlx::ItemId>(pick(0, primaries - 1)), dlx::no_colour});
    for (int i = 0; i < primaries + secondaries; ++i) {
      const auto id = static_cast<dlx::ItemId>(i);
      if (id == entries[0].item || pick(0, 2) != 0) continue;
      dlx::ColourId colour = dlx::no_colour;
      if (i >= primaries && shape.colours && pick(0, 2) != 0) colour = b.colour(pick(0, 1) ? "red" : "blue");
      entries.push_back({id, colour});
    }
    b.add_option(entries);
  }
  return b.build();
}

dlx::Problem padded(const dlx::Problem& problem, std::size_t padding) {
  dlx::ProblemBuilder b;
  const std::size_t primaries = problem.primary_count();
  for (std::size_t i = 0; i < primaries; ++i) {
    const dlx::Item& item = problem.items()[i];
    b.add_primary(item.name, item.lo, item.hi);
    if (item.deferred) b.defer(static_cast<dlx::ItemId>(i));
  }
  for (std::size_t n = 0; n < padding; ++n) b.add_primary("pad" + std::to_string(n));
  for (std::size_t i = primaries; i < problem.items().size(); ++i) b.add_secondary(problem.items()[i].name);
  std::vector<dlx::Entry> entries;
  for (dlx::OptionId o = 0; o < problem.option_count(); ++o) {
    entries.clear();
    for (const dlx::Entry& e : problem.option(o)) {
      const auto item = static_cast<dlx::ItemId>(e.item < primaries ? e.item : e.item + padding);
      entries.push_back({item, e.colour == dlx::no_colour ? dlx::no_colour : b.colour(problem.colour_name(e.colour))});
    }
    b.add_option(entries);
  }
  for (std::size_t n = 0; n < padding; ++n) {
    const dlx::Entry own{static_cast<dlx::ItemId>(primaries + n), dlx::no_colour};
    b.add_option(std::span(&own, 1));
  }
  return b.build();
}

std::set<std::vector<dlx::OptionId>> brute_force(const dlx::Problem& problem) {
  std::set<std::vector<dlx::OptionId>> solutions;
  const auto n = static_cast<std::uint32_t>(problem.option_count());
  for (std::uint32_t mask = 0; mask < (1u << n); ++mask) {
    std::vector<dlx::OptionId> chosen;
    for (dlx::OptionId o = 0; o < n; ++o)
      if (mask >> o & 1u) chosen.push_back(o);
    if (!xcc::check_cover(problem, chosen)) solutions.insert(chosen);
  }
  return solutions;
}

}  // namespace dance::test
