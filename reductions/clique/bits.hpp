// Sets of vertices as bits, 64 to a word (Bits), and what the clique
// reduction asks of them.
#pragma once

#include <bit>
#include <cstdint>
#include <vector>

#include "clique/clique.hpp"

namespace dance::clique {

[[nodiscard]] inline bool has(const Bits& bits, std::size_t v) { return (bits[v / 64] >> (v % 64)) & 1; }
inline void set(Bits& bits, std::size_t v) { bits[v / 64] |= std::uint64_t{1} << (v % 64); }
inline void clear(Bits& bits, std::size_t v) { bits[v / 64] &= ~(std::uint64_t{1} << (v % 64)); }
// Into `out`: the vertices below n that are not in `bits`, `self` left out.
inline void complement(const Bits& bits, std::size_t n, std::size_t self, Bits& out) {
  for (std::size_t w = 0; w < bits.size(); ++w) out[w] = ~bits[w];
  if (n % 64 != 0) out.back() &= ~std::uint64_t{0} >> (64 - n % 64);
  clear(out, self);
}
// f(v) for each v in both x and y, ascending.
template <class F>
inline void for_each_in(const Bits& x, const Bits& y, F f) {
  for (std::size_t w = 0; w < x.size(); ++w)
    for (std::uint64_t both = x[w] & y[w]; both != 0; both &= both - 1) f(w * 64 + static_cast<std::size_t>(std::countr_zero(both)));
}
// The first vertex in both x and y, or `none`.
[[nodiscard]] inline std::size_t first_in(const Bits& x, const Bits& y, std::size_t none) {
  for (std::size_t w = 0; w < x.size(); ++w)
    if (const std::uint64_t both = x[w] & y[w]) return w * 64 + static_cast<std::size_t>(std::countr_zero(both));
  return none;
}
[[nodiscard]] inline std::size_t count(const Bits& bits) {
  std::size_t total = 0;
  for (const std::uint64_t word : bits) total += static_cast<std::size_t>(std::popcount(word));
  return total;
}
[[nodiscard]] inline std::size_t count_common(const Bits& x, const Bits& y) {
  std::size_t total = 0;
  for (std::size_t w = 0; w < x.size(); ++w) total += static_cast<std::size_t>(std::popcount(x[w] & y[w]));
  return total;
}

// Takes one colour class out of `pool` (candidates pairwise incompatible:
// a clique holds one of them at most), greedily, the most compatible
// candidates (the last in the search's order) first; f(vertex) for each
// member. `layer`: scratch, as large as `pool`.
template <class F>
inline void take_class(const std::vector<Bits>& compatible, Bits& pool, Bits& layer, F f) {
  layer = pool;
  for (std::size_t w = layer.size(); w-- > 0;) {
    while (layer[w] != 0) {
      const auto bit = static_cast<std::size_t>(63 - std::countl_zero(layer[w]));
      pool[w] &= ~(std::uint64_t{1} << bit);
      f(w * 64 + bit);
      const Bits& near = compatible[w * 64 + bit];
      for (std::size_t x = 0; x <= w; ++x) layer[x] &= ~near[x];
      layer[w] &= ~(std::uint64_t{1} << bit);
    }
  }
}

}  // namespace dance::clique
