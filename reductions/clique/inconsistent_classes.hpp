// MaxSAT-style reasoning on a colouring (as in MaxCLQ, IncMaxCLQ, LMC and
// MoMC by Li, Jiang, Manyà et al.): the colour classes of a pool are read as
// clauses "the clique takes one of these", two incompatible vertices as
// "not both". A set of classes that no clique can meet all of is
// *inconsistent*: a clique takes at most one vertex fewer than it has
// classes. With s disjoint inconsistent sets among c classes, no clique of
// the pool has more than c - s vertices, below the colours' c.
//
// A set is found by failed literals and unit propagation: a class X fails
// when every vertex u of it, taken, leaves some other class with no vertex
// compatible with u and with the vertices that classes left with one
// compatible vertex force in turn. X with the classes that each u's
// conflict needed (found by going back over the forced vertices) is then
// inconsistent: a clique meeting X takes some u, and u's conflict follows.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "clique/bits.hpp"

namespace dance::clique {

class InconsistentClasses {
 public:
  // Classes of more vertices than this are not tried as X (each vertex a
  // propagation); they still take part in the others' propagations. 8
  // saved under 1% of the nodes that 4 leaves (C125.9, gen200_p0.9_44).
  static constexpr std::size_t widest_tried = 4;
  // Test only: a rule broken on purpose, that counts a class whose
  // propagations all end without a conflict as inconsistent too
  // (tests/test_clique.cpp must fail).
  static inline bool unsound_for_tests = false;

  explicit InconsistentClasses(const std::vector<Bits>* compatible) : compatible_(compatible) {
    const std::size_t words = (compatible->size() + 63) / 64;
    alive_.assign(words, 0);
    out_.assign(words, 0);
    open_.assign(words, 0);
  }

  // Whether it finds `wanted` disjoint inconsistent sets among the
  // `colours` colour classes of `pool` (it gives up once too few classes
  // are left for them): vertex v of the pool is of colour class_of[v], from
  // 1, each class pairwise incompatible vertices.
  bool finds(const Bits& pool, std::span<const std::uint32_t> class_of, std::size_t colours, long wanted) {
    const std::size_t c = prepare(pool, class_of, colours);
    std::size_t unused = 0;
    for (std::size_t y = 0; y < c; ++y) unused += !used_[y];
    // The smallest classes first (a unit class is one propagation), the
    // latest colour first among equals (the colouring's leftovers).
    order_.clear();
    for (std::uint32_t size = 1; size <= widest_tried; ++size)
      for (std::size_t y = c; y-- > 0;)
        if (sizes_[y] == size) order_.push_back(y);
    long found = 0;
    gather_open();
    for (std::size_t i = 0; i < order_.size(); ++i) {
      // Each set holds two classes at least, one of them a class tried.
      if (static_cast<long>(unused) < 2 * (wanted - found) || static_cast<long>(order_.size() - i) < wanted - found) break;
      const std::size_t x = order_[i];
      if (used_[x]) continue;
      std::fill(in_reason_.begin(), in_reason_.begin() + static_cast<std::ptrdiff_t>(c), 0);
      bool fails = true;
      for_each_in(classes_[x], classes_[x], [&](std::size_t u) {
        if (fails && !conflict(u, x)) fails = unsound_for_tests;
      });
      if (!fails) continue;
      in_reason_[x] = 1;
      for (std::size_t y = 0; y < c; ++y)
        if (in_reason_[y]) use(y), --unused;
      if (++found >= wanted) return true;
    }
    return false;
  }

  // Takes out of `branch` (the vertices of the pool's classes after the
  // first `kept`) each class, from the earliest on, that fails against the
  // first `kept` classes not used yet (every vertex u of it, taken, empties
  // one of them by unit propagation; going on past a class that does not
  // took G(200, 0.9) from 249,892 nodes to 247,847): such a class and
  // the classes its conflicts rest on (then used) are an inconsistent set,
  // so the first `kept` classes and the classes taken out still hold no
  // clique of more than `kept`, and a node need not branch on them (as LMC
  // moves its branching vertices' new colour classes into its bound).
  void absorb(const Bits& pool, std::span<const std::uint32_t> class_of, std::size_t colours, std::size_t kept, Bits& branch) {
    const std::size_t c = prepare(pool, class_of, colours);
    std::size_t unused = 0;
    for (std::size_t y = 0; y < c; ++y) {
      if (y >= kept) used_[y] = 1;  // the branch set's classes take no part
      unused += !used_[y];
    }
    gather_open();
    for (std::size_t y = kept; y < c && unused > 0; ++y) {
      if (sizes_[y] == 0) continue;
      std::fill(in_reason_.begin(), in_reason_.begin() + static_cast<std::ptrdiff_t>(c), 0);
      bool fails = true;
      for_each_in(classes_[y], classes_[y], [&](std::size_t u) {
        if (fails && !conflict(u, y)) fails = unsound_for_tests;
      });
      if (!fails) continue;
      for (std::size_t w = 0; w < branch.size(); ++w) branch[w] &= ~classes_[y][w];
      for (std::size_t z = 0; z < kept; ++z)
        if (in_reason_[z] && !used_[z]) use(z), --unused;
    }
  }

 private:
  // Whether taking u (of class x) leads, by unit propagation over the
  // classes not used yet, to a class with no vertex left; if so, the classes
  // that conflict needed are marked in in_reason_. Each class keeps a count
  // of its vertices left, lowered by the vertices each forced one puts out
  // (in a dense graph, few).
  bool conflict(std::size_t u, std::size_t x) {
    const std::size_t c = colours_;
    std::copy_n(used_.begin(), c, satisfied_.begin());
    std::copy_n(sizes_.begin(), c, left_.begin());
    satisfied_[x] = 1;
    // Only the vertices of classes not yet satisfied matter: the others'
    // are never counted nor forced.
    for (std::size_t w = 0; w < alive_.size(); ++w) alive_[w] = open_[w] & ~classes_[x][w];
    forced_.clear();
    units_.clear();
    for (std::size_t next = 0, vertex = u, in_class = x;; ++next) {
      forced_.push_back({vertex, in_class});
      const Bits& near = (*compatible_)[vertex];
      std::size_t empty = c;
      for (std::size_t w = 0; w < alive_.size(); ++w) out_[w] = alive_[w] & ~near[w], alive_[w] &= near[w];
      // alive_ holds no vertex of a satisfied class, so neither does out_.
      for (std::size_t w = 0; w < out_.size() && empty == c; ++w)
        for (std::uint64_t bits = out_[w]; bits != 0; bits &= bits - 1) {
          const std::size_t y = class_of_[w * 64 + static_cast<std::size_t>(std::countr_zero(bits))] - 1;
          if (--left_[y] == 0) {
            empty = y;
            break;
          }
          if (left_[y] == 1) units_.push_back(y);
        }
      if (empty < c) {
        explain(empty);
        return true;
      }
      while (next < units_.size() && satisfied_[units_[next]]) ++next;
      if (next == units_.size()) return false;
      in_class = units_[next];
      satisfied_[in_class] = true;
      vertex = first_in(classes_[in_class], alive_, alive_.size() * 64);
      for (std::size_t w = 0; w < alive_.size(); ++w) alive_[w] &= ~classes_[in_class][w];
    }
  }

  // Class y takes no more part in the propagations.
  void use(std::size_t y) {
    used_[y] = 1;
    for (std::size_t w = 0; w < open_.size(); ++w) open_[w] &= ~classes_[y][w];
  }

  // The vertices of the classes not used yet, for conflict(); use() keeps it.
  void gather_open() {
    std::fill(open_.begin(), open_.end(), 0);
    for (std::size_t y = 0; y < colours_; ++y)
      if (!used_[y])
        for (std::size_t w = 0; w < open_.size(); ++w) open_[w] |= classes_[y][w];
  }

  // Marks the classes that the conflict at class `empty` rests on: each of
  // its vertices was put out by the first forced vertex incompatible with
  // it; a forced vertex that did so rests on its class, whose other
  // vertices were put out by earlier forced ones, and so on back.
  void explain(std::size_t empty) {
    const std::vector<Bits>& compatible = *compatible_;
    needed_.assign(forced_.size(), false);
    const auto put_out_by = [&](std::size_t z, std::size_t before) {
      for (std::size_t i = 0; i < before; ++i)
        if (!has(compatible[forced_[i].vertex], z)) {
          needed_[i] = true;
          return;
        }
    };
    for_each_in(classes_[empty], classes_[empty], [&](std::size_t z) { put_out_by(z, forced_.size()); });
    in_reason_[empty] = 1;
    for (std::size_t i = forced_.size(); i-- > 1;) {
      if (!needed_[i]) continue;
      const Forced f = forced_[i];
      in_reason_[f.in_class] = 1;
      for_each_in(classes_[f.in_class], classes_[f.in_class], [&](std::size_t z) {
        if (z != f.vertex) put_out_by(z, i);
      });
    }
  }

  // Sorts the pool into its classes (classes_, sizes_); an empty class is
  // used from the start. Returns the classes.
  std::size_t prepare(const Bits& pool, std::span<const std::uint32_t> class_of, std::size_t colours) {
    const std::size_t c = colours_ = colours;
    class_of_ = class_of;
    if (classes_.size() < c) classes_.resize(c, Bits(alive_.size(), 0));
    if (used_.size() < c) used_.resize(c), in_reason_.resize(c), satisfied_.resize(c), sizes_.resize(c), left_.resize(c);
    for (std::size_t y = 0; y < c; ++y) std::fill(classes_[y].begin(), classes_[y].end(), 0), sizes_[y] = 0;
    for_each_in(pool, pool, [&](std::size_t v) { set(classes_[class_of[v] - 1], v), ++sizes_[class_of[v] - 1]; });
    for (std::size_t y = 0; y < c; ++y) used_[y] = sizes_[y] == 0;
    return c;
  }

  struct Forced {
    std::size_t vertex, in_class;
  };
  const std::vector<Bits>* compatible_;
  std::vector<Bits> classes_;  // per colour c, classes_[c - 1]: its vertices in the pool
  std::size_t colours_ = 0;
  std::span<const std::uint32_t> class_of_;
  // The vertices of classes not satisfied yet compatible with every forced
  // one; those the last forced one put out; the vertices of the classes not used.
  Bits alive_, out_, open_;
  std::vector<Forced> forced_;
  std::vector<std::uint8_t> used_, in_reason_, satisfied_;
  std::vector<bool> needed_;
  std::vector<std::uint32_t> sizes_, left_;
  std::vector<std::size_t> order_, units_;
};

}  // namespace dance::clique
