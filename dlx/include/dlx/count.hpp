// A number of solutions of any size, exact: the memo's counts pass 2^64 (the
// domino tilings of a 14x14 board are about 1.1 x 10^23). The value lives in
// 128 bits while it fits, and spills to 64-bit limbs only when it must, so a
// count that stays small never allocates.
#pragma once

#include <algorithm>
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace dlx {

class Count {
 public:
  __extension__ using Wide = unsigned __int128;  // __extension__: GCC and Clang have it, -Wpedantic asks

  constexpr Count(std::uint64_t n = 0) : small_(n) {}  // NOLINT: a 64-bit count is a Count
  [[nodiscard]] static Count of(Wide n) {
    Count c;
    c.small_ = n;
    return c;
  }

  [[nodiscard]] bool fits_64() const { return limbs_.empty() && (small_ >> 64) == 0; }
  [[nodiscard]] bool fits_128() const { return limbs_.empty(); }
  // The value of a count that fits_128().
  [[nodiscard]] Wide wide() const { return small_; }
  // The count, or 2^64 - 1 when it is larger.
  [[nodiscard]] std::uint64_t saturated() const {
    return fits_64() ? static_cast<std::uint64_t>(small_) : ~std::uint64_t{0};
  }

  Count& operator+=(const Count& other) {
    if (limbs_.empty() && other.limbs_.empty()) {
      const Wide sum = small_ + other.small_;
      if (sum >= small_) {  // no carry out of 128 bits: the fast path
        small_ = sum;
        return *this;
      }
    }
    std::vector<std::uint64_t> a = words();
    const std::vector<std::uint64_t> b = other.words();
    a.resize(std::max(a.size(), b.size()) + 1, 0);
    std::uint64_t carry = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
      const Wide s = Wide{a[i]} + (i < b.size() ? b[i] : 0) + carry;
      a[i] = static_cast<std::uint64_t>(s);
      carry = static_cast<std::uint64_t>(s >> 64);
    }
    set_words(std::move(a));
    return *this;
  }

  // The difference, or 0 when other is larger (a count never goes below 0).
  Count& operator-=(const Count& other) {
    if (!(other < *this)) return *this = Count();
    if (limbs_.empty()) {  // then other fits too
      small_ -= other.small_;
      return *this;
    }
    std::vector<std::uint64_t> a = words();
    const std::vector<std::uint64_t> b = other.words();
    std::uint64_t borrow = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
      const std::uint64_t sub = i < b.size() ? b[i] : 0;
      const Wide d = Wide{a[i]} - sub - borrow;
      a[i] = static_cast<std::uint64_t>(d);
      borrow = (d >> 64) != 0 ? 1 : 0;
    }
    set_words(std::move(a));
    return *this;
  }

  Count& operator*=(const Count& other) {
    if (limbs_.empty() && other.limbs_.empty() && (small_ >> 64) == 0 && (other.small_ >> 64) == 0) {
      small_ *= other.small_;  // two 64-bit factors never overflow 128 bits
      return *this;
    }
    const std::vector<std::uint64_t> a = words();
    const std::vector<std::uint64_t> b = other.words();
    std::vector<std::uint64_t> product(a.size() + b.size(), 0);
    for (std::size_t i = 0; i < a.size(); ++i) {
      std::uint64_t carry = 0;
      for (std::size_t j = 0; j < b.size(); ++j) {
        const Wide t = Wide{a[i]} * b[j] + product[i + j] + carry;
        product[i + j] = static_cast<std::uint64_t>(t);
        carry = static_cast<std::uint64_t>(t >> 64);
      }
      product[i + b.size()] = carry;
    }
    set_words(std::move(product));
    return *this;
  }

  friend Count operator+(Count a, const Count& b) { return a += b; }
  friend Count operator*(Count a, const Count& b) { return a *= b; }
  friend Count operator-(Count a, const Count& b) { return a -= b; }

  [[nodiscard]] std::string to_string() const {
    if (limbs_.empty()) return wide_digits(small_);
    // Divide by 10^19 repeatedly: each remainder is 19 decimal digits.
    constexpr std::uint64_t chunk = 10'000'000'000'000'000'000ULL;
    std::vector<std::uint64_t> n = limbs_;
    std::string digits;
    while (!(n.size() == 1 && n[0] == 0) && !n.empty()) {
      Wide rest = 0;
      for (std::size_t i = n.size(); i-- > 0;) {
        const Wide cur = (rest << 64) | n[i];
        n[i] = static_cast<std::uint64_t>(cur / chunk);
        rest = cur % chunk;
      }
      while (n.size() > 1 && n.back() == 0) n.pop_back();
      std::string part = wide_digits(rest);
      const bool last = n.size() == 1 && n[0] == 0;
      if (!last) part.insert(part.begin(), 19 - part.size(), '0');
      digits.insert(0, part);
    }
    return digits;
  }

  // The value as 64-bit words, least significant first (at least two), and back.
  [[nodiscard]] std::vector<std::uint64_t> words() const {
    if (!limbs_.empty()) return limbs_;
    return {static_cast<std::uint64_t>(small_), static_cast<std::uint64_t>(small_ >> 64)};
  }
  [[nodiscard]] static Count from_words(std::vector<std::uint64_t> w) {
    Count c;
    c.set_words(std::move(w));
    return c;
  }

  friend bool operator==(const Count& a, const Count& b) { return a.small_ == b.small_ && a.limbs_ == b.limbs_; }
  friend bool operator!=(const Count& a, const Count& b) { return !(a == b); }
  friend bool operator<(const Count& a, const Count& b) {
    if (a.limbs_.empty() && b.limbs_.empty()) return a.small_ < b.small_;
    if (a.limbs_.size() != b.limbs_.size()) return a.limbs_.size() < b.limbs_.size();  // normalised: no top zeros
    return std::lexicographical_compare(a.limbs_.rbegin(), a.limbs_.rend(), b.limbs_.rbegin(), b.limbs_.rend());
  }
  friend bool operator>(const Count& a, const Count& b) { return b < a; }
  friend bool operator<=(const Count& a, const Count& b) { return !(b < a); }
  friend bool operator>=(const Count& a, const Count& b) { return !(a < b); }
  friend std::ostream& operator<<(std::ostream& out, const Count& c) { return out << c.to_string(); }

 private:
  static std::string wide_digits(Wide n) {
    if (n == 0) return "0";
    std::string digits;
    for (; n != 0; n /= 10) digits.push_back(static_cast<char>('0' + static_cast<int>(n % 10)));
    std::reverse(digits.begin(), digits.end());
    return digits;
  }
  // Keeps the invariant: limbs_ is empty (the value in small_) or has more
  // than two limbs with a nonzero top, so equal values compare equal.
  void set_words(std::vector<std::uint64_t> w) {
    while (w.size() > 2 && w.back() == 0) w.pop_back();
    if (w.size() <= 2) {
      small_ = (w.size() > 1 ? Wide{w[1]} << 64 : 0) | (w.empty() ? 0 : w[0]);
      limbs_.clear();
    } else {
      small_ = 0;
      limbs_ = std::move(w);
    }
  }

  Wide small_ = 0;                    // the value while limbs_ is empty
  std::vector<std::uint64_t> limbs_;  // little-endian, only past 2^128
};

}  // namespace dlx
