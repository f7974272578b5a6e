// What the clique reduction does to a graph before it encodes it: the
// vertices that can be in a clique of k (a core of the edge lists, for large
// sparse graphs), groups of pairwise incompatible vertices (one item each),
// and classes of twins.
#pragma once

#include <algorithm>
#include <numeric>
#include <vector>

#include "clique/bits.hpp"
#include "graph/graph.hpp"

namespace dance::clique {

// The most vertices the reader keeps: its sets of them take n * n bits
// apiece (65,536 vertices: 512 MiB each, and there are a few).
constexpr std::size_t most_dense_vertices = std::size_t{1} << 16;

inline std::vector<Vertex> all_vertices(std::size_t n) {
  std::vector<Vertex> all(n);
  std::iota(all.begin(), all.end(), Vertex{0});
  return all;
}

// The vertices with `least` neighbours or more among the others kept (the
// least-core), ascending: the rest peeled off one by one.
inline std::vector<Vertex> core(const graph::Graph& g, std::size_t least) {
  const std::size_t n = g.size();
  std::vector<std::size_t> degree(n);
  std::vector<Vertex> peel;
  std::vector<bool> gone(n, false);
  for (Vertex v = 0; v < n; ++v)
    if ((degree[v] = g.out[v].size()) < least) peel.push_back(v), gone[v] = true;
  while (!peel.empty()) {
    const Vertex v = peel.back();
    peel.pop_back();
    for (const Vertex u : g.out[v])
      if (!gone[u] && --degree[u] < least) peel.push_back(u), gone[u] = true;
  }
  std::vector<Vertex> kept;
  for (Vertex v = 0; v < n; ++v)
    if (!gone[v]) kept.push_back(v);
  return kept;
}

// The size of a clique grown greedily on the edge lists, from each of the 8
// vertices of most neighbours (each time the candidate of most neighbours
// joins): a lower bound for --max that lets core() thin a sparse graph.
inline std::size_t sparse_greedy_clique(const graph::Graph& g) {
  std::vector<Vertex> starts = all_vertices(g.size());
  const auto more_neighbours = [&g](Vertex a, Vertex b) { return g.out[a].size() > g.out[b].size(); };
  const auto tried = starts.begin() + static_cast<std::ptrdiff_t>(std::min<std::size_t>(8, starts.size()));
  std::partial_sort(starts.begin(), tried, starts.end(), more_neighbours);
  std::size_t best = 0;
  std::vector<Vertex> candidates, common;
  for (auto start = starts.begin(); start != tried; ++start) {
    std::size_t size = 1;
    candidates.assign(g.out[*start].begin(), g.out[*start].end());
    while (!candidates.empty()) {
      const Vertex next = *std::min_element(candidates.begin(), candidates.end(), more_neighbours);
      ++size;
      common.clear();
      std::set_intersection(candidates.begin(), candidates.end(), g.out[next].begin(), g.out[next].end(), std::back_inserter(common));
      candidates.swap(common);
    }
    best = std::max(best, size);
  }
  return best;
}

// Groups of vertices no two of which may be chosen together (given each
// vertex's compatible ones), such that every incompatible pair is in some
// group: an item per group then does the work of an item per pair with far
// fewer nodes. Greedy: a group grows from a vertex a with an uncovered pair,
// taking each time the vertex incompatible with every member that has the
// most uncovered pairs with them, while one has any.
template <class F>
void for_each_conflict_group(const std::vector<Bits>& compatible, F f) {
  const std::size_t n = compatible.size(), words = (n + 63) / 64;
  std::vector<Bits> uncovered(n, Bits(words));  // uncovered[v]: v's incompatible partners in no group with v yet
  for (std::size_t v = 0; v < n; ++v) complement(compatible[v], n, v, uncovered[v]);
  std::vector<std::size_t> group;
  Bits fits(words), members(words);  // incompatible with every member
  std::vector<std::uint32_t> gain(n);  // per vertex that fits: its uncovered pairs to the members
  for (std::size_t a = 0; a < n; ++a) {
    while (std::any_of(uncovered[a].begin(), uncovered[a].end(), [](std::uint64_t w) { return w != 0; })) {
      group.assign(1, a);
      complement(compatible[a], n, a, fits);
      // Each time the candidate with the most uncovered pairs to the
      // members joins: the fewer pairs a group covers twice, the shorter
      // the options (each take hides every incompatible option, entry by entry).
      for_each_in(fits, fits, [&](std::size_t c) { gain[c] = 0; });
      for_each_in(uncovered[a], fits, [&](std::size_t c) { gain[c] = 1; });
      for (;;) {
        std::size_t best = n;
        std::uint32_t most = 0;
        for_each_in(fits, fits, [&](std::size_t c) {
          if (gain[c] > most) most = gain[c], best = c;
        });
        if (best == n) break;
        group.push_back(best);
        for (std::size_t w = 0; w < words; ++w) fits[w] &= ~compatible[best][w];
        clear(fits, best);
        for_each_in(uncovered[best], fits, [&](std::size_t c) { ++gain[c]; });
      }
      std::fill(members.begin(), members.end(), 0);
      for (const std::size_t x : group) set(members, x);
      for (const std::size_t x : group)
        for (std::size_t w = 0; w < words; ++w) uncovered[x][w] &= ~members[w];
      f(std::as_const(group));
    }
  }
}

// Vertices whose compatible vertices are the same, themselves included,
// are interchangeable to every other vertex (twins: the clusters of the
// c-fat graphs). Between two classes all pairs are compatible or none are.
struct TwinClasses {
  std::vector<std::size_t> vertices, start;  // class c: vertices[start[c]] up to start[c + 1], ascending
  std::vector<Bits> compatible;              // per class: the classes compatible with it (none if no twins)
  [[nodiscard]] std::size_t size() const { return start.size() - 1; }
  [[nodiscard]] std::span<const std::size_t> members(std::size_t c) const {
    return {vertices.data() + start[c], start[c + 1] - start[c]};
  }
};

inline TwinClasses twin_classes(const std::vector<Bits>& compatible) {
  const std::size_t n = compatible.size();
  const auto closed_word = [&](std::size_t v, std::size_t w) {
    return compatible[v][w] | (v / 64 == w ? std::uint64_t{1} << (v % 64) : 0);
  };
  const auto twins = [&](std::size_t a, std::size_t b) {
    if (!has(compatible[a], b)) return false;
    for (std::size_t w = 0; w < compatible[a].size(); ++w)
      if ((closed_word(a, w) | closed_word(b, w)) != (closed_word(a, w) & closed_word(b, w))) return false;
    return true;
  };
  // Sorted by a hash of the closed set; twins have equal hashes.
  std::vector<std::pair<std::uint64_t, std::size_t>> keyed(n);
  for (std::size_t v = 0; v < n; ++v) {
    std::uint64_t hash = 0;
    for (std::size_t w = 0; w < compatible[v].size(); ++w) hash = (hash ^ closed_word(v, w)) * 0x9e3779b97f4a7c15;
    keyed[v] = {hash, v};
  }
  std::sort(keyed.begin(), keyed.end());
  std::vector<std::size_t> first_twin(n);  // per vertex: its smallest twin (itself, if none)
  for (std::size_t i = 0, run = 0; i < n; ++i) {
    if (keyed[i].first != keyed[run].first) run = i;
    const std::size_t v = keyed[i].second;
    first_twin[v] = v;
    for (std::size_t j = run; j < i; ++j)
      if (first_twin[keyed[j].second] == keyed[j].second && twins(keyed[j].second, v)) {
        first_twin[v] = keyed[j].second;
        break;
      }
  }
  // Classes numbered by their first member; counting sort into place.
  std::vector<std::size_t> class_of(n);
  TwinClasses classes;
  classes.start.push_back(0);
  for (std::size_t v = 0; v < n; ++v) {
    if (first_twin[v] == v) {
      class_of[v] = classes.start.size() - 1;
      classes.start.push_back(0);
    }
    ++classes.start[class_of[first_twin[v]] + 1];
  }
  for (std::size_t c = 1; c < classes.start.size(); ++c) classes.start[c] += classes.start[c - 1];
  classes.vertices.resize(n);
  std::vector<std::size_t> filled(classes.start.begin(), classes.start.end() - 1);
  for (std::size_t v = 0; v < n; ++v) classes.vertices[filled[class_of[first_twin[v]]]++] = v;
  const std::size_t class_count = classes.size();
  if (class_count == n) return classes;
  classes.compatible.assign(class_count, Bits((class_count + 63) / 64, 0));
  for (std::size_t a = 0; a < class_count; ++a)
    for (std::size_t b = 0; b < class_count; ++b)
      if (a != b && has(compatible[classes.members(a).front()], classes.members(b).front())) set(classes.compatible[a], b);
  return classes;
}


}  // namespace dance::clique
