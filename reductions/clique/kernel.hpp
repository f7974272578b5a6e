// independent-set --max on a large sparse graph: before the exact cover
// search, the reductions that KaMIS-style solvers apply first shrink the
// graph to a kernel whose largest independent set, lifted back, is one of
// the graph's (Akiba and Iwata 2016; Lamm et al. 2017):
// - degree 0: the vertex is in some largest set: take it;
// - domination: u adjacent to v with N[v] inside N[u] (closed neighbourhoods):
//   some largest set leaves u out, so u goes (a vertex of degree 1 and a
//   simplicial one are dominated by their neighbours, which go, and then
//   the vertex is of degree 0);
// - degree-2 folding: v with non-adjacent neighbours a and b becomes, with
//   them, one new vertex w adjacent to the neighbours of a and of b; the
//   kernel's answer is one vertex larger lifted: a and b if it holds w,
//   else v;
// - twins: non-adjacent u and v of degree 3 with the same neighbours a, b,
//   c: with an edge among a, b, c, at most two of them are in a set, and u
//   and v replace them: take u and v; else fold u, v, a, b, c into one new
//   vertex w adjacent to the neighbours of a, b and c, lifted to a, b, c if
//   the kernel's answer holds w, else to u and v (two vertices larger).
// Each rule is undone, last first, to lift the kernel's answer back.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "graph/graph.hpp"

namespace dance::clique {

// Test only: each rule of the kernel on its own (Kernel::rules).
struct KernelRules {
  bool degree_zero = true, domination = true, folding = true, twins = true;
};

class Kernel {
 public:
  using Id = std::uint32_t;  // a vertex of the graph (below its size), or a folded one
  // Test only: the rules switched one by one, a fold broken on purpose
  // that lifts w to a alone, and twins taken even when their neighbours
  // are independent (tests/test_clique.cpp must fail).
  static inline KernelRules rules;
  static inline bool broken_fold_for_tests = false;
  static inline bool broken_twins_for_tests = false;

  // The kernel of graph g (undirected): its vertices, ascending, and their
  // edges as neighbour lists (neighbours(id)).
  explicit Kernel(const graph::Graph& g) : adjacent_(g.size()), alive_(g.size(), true) {
    const std::size_t n = g.size();
    for (Id v = 0; v < n; ++v) adjacent_[v].assign(g.out[v].begin(), g.out[v].end());
    std::vector<Id> queue(n);
    for (Id v = 0; v < n; ++v) queue[v] = static_cast<Id>(n - 1 - v);
    queued_.assign(n, true);
    while (!queue.empty()) {
      const Id v = queue.back();
      queue.pop_back();
      queued_[v] = false;
      if (alive_[v]) reduce(v, queue);
    }
    for (Id v = 0; v < adjacent_.size(); ++v)
      if (alive_[v]) vertices_.push_back(v);
    // An empty kernel would be a search with no answer: the last vertex
    // taken (of degree 0 then, so of none now) stays in it instead.
    if (vertices_.empty() && !taken_.empty()) {
      vertices_.push_back(taken_.back());
      alive_[taken_.back()] = true;
      taken_.pop_back();
    }
  }
  [[nodiscard]] const std::vector<Id>& vertices() const { return vertices_; }
  [[nodiscard]] const std::vector<Id>& neighbours(Id v) const { return adjacent_[v]; }
  // How many vertices larger the graph's answers are than the kernel's.
  [[nodiscard]] std::size_t offset() const {
    std::size_t larger = taken_.size();
    for (const Fold& fold : folds_) larger += fold.out.size();
    return larger;
  }

  // The graph's independent set from one of the kernel (its vertices'
  // ids), ascending.
  [[nodiscard]] std::vector<graph::Vertex> lift(std::vector<Id> set) const {
    set.insert(set.end(), taken_.begin(), taken_.end());
    std::vector<bool> in(adjacent_.size(), false);
    for (const Id v : set) in[v] = true;
    for (auto fold = folds_.rbegin(); fold != folds_.rend(); ++fold) {
      const bool holds_w = in[fold->w];
      in[fold->w] = false;
      for (const Id x : holds_w ? fold->in : fold->out) in[x] = true;
      if (holds_w && broken_fold_for_tests) in[fold->in.back()] = false;
    }
    std::vector<graph::Vertex> lifted;
    for (Id v = 0; v < folds_first_id(); ++v)
      if (in[v]) lifted.push_back(v);
    return lifted;
  }

 private:
  // A fold (degree 2 or twins): w stands for in (v's neighbours a, b; the
  // twins' a, b, c) when the answer holds it, else for out (v; the twins).
  struct Fold {
    std::vector<Id> out, in;
    Id w;
  };
  [[nodiscard]] Id folds_first_id() const { return static_cast<Id>(alive_.size() - folds_.size()); }

  static bool has(const std::vector<Id>& sorted, Id v) { return std::binary_search(sorted.begin(), sorted.end(), v); }

  void push(Id v, std::vector<Id>& queue) {
    if (!queued_[v]) queued_[v] = true, queue.push_back(v);
  }
  // v leaves the graph; its neighbours are looked at again.
  void remove(Id v, std::vector<Id>& queue) {
    for (const Id u : adjacent_[v]) {
      auto& list = adjacent_[u];
      list.erase(std::lower_bound(list.begin(), list.end(), v));
      push(u, queue);
    }
    adjacent_[v].clear();
    alive_[v] = false;
  }

  void reduce(Id v, std::vector<Id>& queue) {
    const std::vector<Id>& near = adjacent_[v];
    if (near.empty()) {
      if (!rules.degree_zero) return;
      taken_.push_back(v);
      alive_[v] = false;
      return;
    }
    if (rules.folding && near.size() == 2 && !has(adjacent_[near[0]], near[1])) {
      fold({v}, {near[0], near[1]}, queue);
      return;
    }
    if (rules.twins && near.size() == 3 && twins(v, queue)) return;
    if (!rules.domination) return;
    // Each neighbour u whose closed neighbourhood holds v's goes.
    for (std::size_t i = 0; i < adjacent_[v].size();) {
      const Id u = adjacent_[v][i];
      if (adjacent_[u].size() >= adjacent_[v].size() && holds_neighbourhood(u, v)) remove(u, queue);
      else ++i;
    }
  }

  // Whether N[v] is inside N[u], u and v adjacent: every other neighbour of v is one of u.
  bool holds_neighbourhood(Id u, Id v) const {
    const std::vector<Id>& of_u = adjacent_[u];
    auto at = of_u.begin();
    for (const Id x : adjacent_[v]) {
      if (x == u) continue;
      at = std::lower_bound(at, of_u.end(), x);
      if (at == of_u.end() || *at != x) return false;
    }
    return true;
  }

  // v of degree 3 and a twin u (the same three neighbours, so not
  // adjacent): both taken, or folded with their neighbours. Whether one was found.
  bool twins(Id v, std::vector<Id>& queue) {
    const std::vector<Id> near = adjacent_[v];
    // The twin is a neighbour of each of v's: look among the fewest.
    const Id fewest = *std::min_element(near.begin(), near.end(), [&](Id x, Id y) { return adjacent_[x].size() < adjacent_[y].size(); });
    const auto twin = std::find_if(adjacent_[fewest].begin(), adjacent_[fewest].end(), [&](Id u) { return u != v && adjacent_[u] == near; });
    if (twin == adjacent_[fewest].end()) return false;
    const Id u = *twin;
    const bool edge_among = has(adjacent_[near[0]], near[1]) || has(adjacent_[near[0]], near[2]) || has(adjacent_[near[1]], near[2]);
    if (!edge_among && !broken_twins_for_tests) {
      fold({u, v}, near, queue);
      return true;
    }
    for (const Id x : near) remove(x, queue);
    for (const Id x : {u, v}) taken_.push_back(x), alive_[x] = false;
    return true;
  }

  // The vertices out and their neighbours in (pairwise non-adjacent, as
  // are out's) become one new vertex w adjacent to the other neighbours of in.
  void fold(const std::vector<Id>& out, const std::vector<Id>& in, std::vector<Id>& queue) {
    const Id w = static_cast<Id>(adjacent_.size());
    std::vector<Id> joined, next;
    for (const Id x : in) {
      next.clear();
      std::set_union(joined.begin(), joined.end(), adjacent_[x].begin(), adjacent_[x].end(), std::back_inserter(next));
      joined.swap(next);
    }
    joined.erase(std::remove_if(joined.begin(), joined.end(), [&](Id x) { return std::find(out.begin(), out.end(), x) != out.end(); }), joined.end());
    for (const Id x : out) remove(x, queue);
    for (const Id x : in) remove(x, queue);
    adjacent_.push_back(joined);
    alive_.push_back(true);
    queued_.push_back(false);
    for (const Id x : joined) {
      auto& list = adjacent_[x];
      list.insert(std::upper_bound(list.begin(), list.end(), w), w);
    }
    folds_.push_back({out, in, w});
    push(w, queue);
  }

  std::vector<std::vector<Id>> adjacent_;  // sorted, per id
  std::vector<bool> alive_, queued_;
  std::vector<Id> taken_;  // in the answer whatever the kernel's (ids)
  std::vector<Fold> folds_;
  std::vector<Id> vertices_;
};

}  // namespace dance::clique
