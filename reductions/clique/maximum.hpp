// Where clique --max's branch and bound starts: a large clique found without
// search, the answer the search must beat (a lower bound), and the colours
// of a greedy colouring of the whole graph, which no clique exceeds (an
// upper bound: the search stops at a clique that reaches it).
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "clique/bits.hpp"
#include "dlx/random.hpp"

namespace dance::clique {

// The colours of a greedy colouring of every vertex (take_class's classes).
inline long greedy_colours(const std::vector<Bits>& compatible) {
  const std::size_t n = compatible.size();
  Bits pool((n + 63) / 64, 0), layer(pool.size());
  for (std::size_t v = 0; v < n; ++v) set(pool, v);
  long colours = 0;
  while (std::any_of(pool.begin(), pool.end(), [](std::uint64_t word) { return word != 0; })) {
    take_class(compatible, pool, layer, [](std::size_t) {});
    ++colours;
  }
  return colours;
}

// A large clique, its vertices ascending: grown greedily (each time the
// candidate compatible with the most other candidates), then a short local
// search from it that keeps the largest clique it meets, stopping early at
// `most` vertices. The search (after Grosso, Locatelli and Pullan's simple
// heuristics for maximum clique, 2008): add a vertex compatible with the whole clique
// when there is one; else swap in a vertex that misses one member, that
// member then barred from coming back for a few steps (tabu); else, or
// after a stretch without a larger clique, a random vertex joins and the
// members it misses leave. Its steps cost about n word operations each, so
// their number falls as n grows: some 30 million operations in all (a few
// tens of milliseconds), and the same clique every time (a fixed seed).
inline std::vector<std::size_t> large_clique(const std::vector<Bits>& compatible, std::size_t most) {
  const std::size_t n = compatible.size(), words = (n + 63) / 64;
  std::vector<std::size_t> members;
  Bits in(words, 0), candidates(words, 0);
  for (std::size_t v = 0; v < n; ++v) set(candidates, v);
  while (count(candidates) != 0) {
    std::size_t best = 0, best_count = 0;
    for_each_in(candidates, candidates, [&](std::size_t u) {
      const std::size_t common = count_common(candidates, compatible[u]);
      if (common >= best_count) best = u, best_count = common;
    });
    members.push_back(best);
    set(in, best);
    for (std::size_t w = 0; w < words; ++w) candidates[w] &= compatible[best][w];
  }
  std::vector<std::size_t> best = members;
  // missing[v]: the members v is not compatible with (0 for the members).
  std::vector<std::uint32_t> missing(n, 0);
  Bits others(words);
  const auto each_incompatible = [&](std::size_t v, auto f) {
    complement(compatible[v], n, v, others);
    for_each_in(others, others, f);
  };
  for (const std::size_t v : members) each_incompatible(v, [&](std::size_t w) { ++missing[w]; });
  const auto add = [&](std::size_t v) {
    members.push_back(v);
    set(in, v);
    each_incompatible(v, [&](std::size_t w) { ++missing[w]; });
  };
  const auto remove = [&](std::size_t u) {
    members.erase(std::find(members.begin(), members.end(), u));
    clear(in, u);
    each_incompatible(u, [&](std::size_t w) { --missing[w]; });
  };
  const std::uint64_t steps = std::min<std::uint64_t>(500 * n, (std::uint64_t{1} << 25) / (n + words));
  const std::uint64_t stall = 2 * n + 100;  // steps without a larger clique before a random restart point
  std::vector<std::uint64_t> barred_until(n, 0);
  std::vector<std::size_t> free, swappable, leaving;
  dlx::Random random(n);
  std::uint64_t stretch = 0;  // the step that started the present stretch
  for (std::uint64_t step = 1; step <= steps && best.size() < most; ++step) {
    free.clear();
    swappable.clear();
    for (std::size_t v = 0; v < n; ++v) {
      if (has(in, v)) continue;
      if (missing[v] == 0) free.push_back(v);
      else if (missing[v] == 1 && barred_until[v] < step) swappable.push_back(v);
    }
    if (!free.empty()) {
      add(free[random.below(free.size())]);
    } else if (!swappable.empty() && step - stretch < stall) {
      const std::size_t v = swappable[random.below(swappable.size())];
      const auto u = *std::find_if(members.begin(), members.end(), [&](std::size_t m) { return !has(compatible[v], m); });
      remove(u);
      barred_until[u] = step + 7 + random.below(swappable.size() + 1);
      add(v);
    } else {
      const std::size_t v = random.below(n);
      if (has(in, v)) continue;
      leaving.clear();
      for (const std::size_t m : members)
        if (!has(compatible[v], m)) leaving.push_back(m);
      for (const std::size_t u : leaving) remove(u), barred_until[u] = step + 7;
      add(v);
      stretch = step;
    }
    if (members.size() > best.size()) best = members, stretch = step;
  }
  std::sort(best.begin(), best.end());
  return best;
}

}  // namespace dance::clique
