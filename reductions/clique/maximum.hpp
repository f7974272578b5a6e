// Where clique --max's branch and bound starts: a large clique found without
// search, the answer the search must beat (a lower bound), and the colours
// of a greedy colouring of the whole graph, which no clique exceeds (an
// upper bound: the search stops at a clique that reaches it).
#pragma once

#include <algorithm>
#include <cstddef>
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

// Vertices below n as a set with a place for each: insert, erase and the
// k-th member in constant time (the local search's moves).
class VertexSet {
 public:
  explicit VertexSet(std::size_t n) : place_(n, none) {}
  [[nodiscard]] bool has(std::size_t v) const { return place_[v] != none; }
  void insert(std::size_t v) {
    if (has(v)) return;
    place_[v] = members_.size();
    members_.push_back(v);
  }
  void erase(std::size_t v) {
    if (!has(v)) return;
    const std::size_t last = members_.back();
    members_[place_[v]] = last;
    place_[last] = place_[v];
    members_.pop_back();
    place_[v] = none;
  }
  [[nodiscard]] const std::vector<std::size_t>& members() const { return members_; }

 private:
  static constexpr std::size_t none = SIZE_MAX;
  std::vector<std::size_t> members_, place_;
};

// A large clique, its vertices ascending: grown greedily (each time the
// candidate compatible with the most other candidates), then a short local
// search from it that keeps the largest clique it meets, stopping early at
// `most` vertices. The search (after Grosso, Locatelli and Pullan's simple
// heuristics for maximum clique, 2008): add a vertex compatible with the
// whole clique when there is one; else swap in a vertex that misses one
// member, that member then barred from coming back for a few steps (tabu);
// else, or after a stretch without a larger clique, a random vertex joins
// and the members it misses leave. The vertices that miss no member and
// those that miss one are kept as sets, so a step costs about the words of
// a vertex's set and its incompatible vertices. The search goes on for 4n^2
// of those, a million at most (a few milliseconds; a million made MANN_a9's
// 1 ms run 10 ms), and beyond while the last larger clique came within the
// last eighth of the work, up to 4 million (some 20 ms): gen200_p0.9_44 and p_hat300-3 reach omega within the first
// million and then need a quarter of the nodes they need from the greedy
// clique; a random G(500, 1/2) reaches 14 after 1.5 million, two thirds of
// the nodes. 16 million found brock200_2's 12 (after 5 million) but cost
// five times the 11 ms of its whole run without. The same clique every
// time (a fixed seed).
inline std::vector<std::size_t> large_clique(const std::vector<Bits>& compatible, std::size_t most) {
  const std::size_t n = compatible.size(), words = (n + 63) / 64;
  std::vector<std::size_t> greedy;
  Bits candidates(words, 0);
  for (std::size_t v = 0; v < n; ++v) set(candidates, v);
  while (count(candidates) != 0) {
    std::size_t best = 0, best_count = 0;
    for_each_in(candidates, candidates, [&](std::size_t u) {
      const std::size_t common = count_common(candidates, compatible[u]);
      if (common >= best_count) best = u, best_count = common;
    });
    greedy.push_back(best);
    for (std::size_t w = 0; w < words; ++w) candidates[w] &= compatible[best][w];
  }
  std::vector<std::size_t> best = greedy;
  // missing[v]: the members v is not compatible with (0 for the members).
  std::vector<std::uint32_t> missing(n, 0);
  VertexSet members(n), free(n), swappable(n);  // free: missing no member; swappable: one
  for (std::size_t v = 0; v < n; ++v) free.insert(v);
  Bits others(words);
  std::uint64_t work = 0;
  const auto each_incompatible = [&](std::size_t v, auto f) {
    complement(compatible[v], n, v, others);
    work += words;
    for_each_in(others, others, [&](std::size_t w) {
      ++work;
      if (members.has(w)) return;
      const std::uint32_t was = missing[w];
      if (was == 0) free.erase(w);
      else if (was == 1) swappable.erase(w);
      f(missing[w]);
      if (missing[w] == 0) free.insert(w);
      else if (missing[w] == 1) swappable.insert(w);
    });
  };
  // v misses no member when it joins; a member that leaves misses none.
  const auto add = [&](std::size_t v) {
    free.erase(v);
    members.insert(v);
    each_incompatible(v, [](std::uint32_t& m) { ++m; });
  };
  const auto remove = [&](std::size_t u) {
    members.erase(u);
    each_incompatible(u, [](std::uint32_t& m) { --m; });
    free.insert(u);
  };
  for (const std::size_t v : greedy) add(v);
  constexpr std::uint64_t most_work = std::uint64_t{1} << 22;
  const std::uint64_t least_work = std::min<std::uint64_t>(std::uint64_t{1} << 20, 4 * n * n);
  std::uint64_t work_to_best = 0;
  const std::uint64_t stall = 2 * n + 100;  // steps without a larger clique before a random restart point
  std::vector<std::uint64_t> barred_until(n, 0);
  std::vector<std::size_t> leaving;
  dlx::Random random(n);
  std::uint64_t stretch = 0;  // the step that started the present stretch
  for (std::uint64_t step = 1; (work < least_work || work < 8 * work_to_best) && work < most_work && best.size() < most; ++step) {
    ++work;
    // A swap candidate that is not barred, from a random place on.
    std::size_t swap_in = n;
    const std::vector<std::size_t>& one = swappable.members();
    if (free.members().empty() && step - stretch < stall)
      for (std::size_t k = 0, at = one.empty() ? 0 : random.below(one.size()); k < one.size() && swap_in == n; ++k, ++work)
        if (barred_until[one[(at + k) % one.size()]] < step) swap_in = one[(at + k) % one.size()];
    if (!free.members().empty()) {
      add(free.members()[random.below(free.members().size())]);
    } else if (swap_in < n) {
      const auto& clique = members.members();
      const std::size_t u = *std::find_if(clique.begin(), clique.end(), [&](std::size_t m) { return !has(compatible[swap_in], m); });
      remove(u);
      barred_until[u] = step + 7 + random.below(one.size() + 1);
      add(swap_in);
    } else {
      const std::size_t v = random.below(n);
      if (members.has(v)) continue;
      leaving.clear();
      for (const std::size_t m : members.members())
        if (!has(compatible[v], m)) leaving.push_back(m);
      for (const std::size_t u : leaving) remove(u), barred_until[u] = step + 7;
      add(v);
      stretch = step;
    }
    if (members.members().size() > best.size()) best = members.members(), stretch = step, work_to_best = work;
  }
  std::sort(best.begin(), best.end());
  return best;
}

}  // namespace dance::clique
