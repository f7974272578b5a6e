// SplitMix64: a tiny random generator whose output is the same on every
// platform, so that a seed reproduces a run anywhere.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

namespace dlx {

class Random {
 public:
  explicit Random(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n).
  std::uint64_t below(std::uint64_t n) {
    __extension__ using wide = unsigned __int128;  // the multiply-shift range reduction
    return static_cast<std::uint64_t>((static_cast<wide>(next()) * n) >> 64);
  }
  template <class T>
  void shuffle(std::vector<T>& v) {
    for (std::size_t k = v.size(); k > 1; --k) std::swap(v[k - 1], v[below(k)]);
  }

 private:
  std::uint64_t state_;
};

}  // namespace dlx
