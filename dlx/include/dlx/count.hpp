// A number of solutions, exact up to 2^128 - 1 (where it saturates): a count
// with the memo passes 2^64 (the domino tilings of a 14x14 board are about
// 1.1 x 10^23).
#pragma once

#include <cstdint>
#include <ostream>
#include <string>

namespace dlx {

class Count {
 public:
  __extension__ typedef unsigned __int128 Wide;  // GCC and Clang's, without -Wpedantic's warning
  constexpr Count(std::uint64_t n = 0) : value_(n) {}  // NOLINT: a count of 64 bits is a Count
  [[nodiscard]] static constexpr Count of(Wide n) {
    Count c;
    c.value_ = n;
    return c;
  }
  [[nodiscard]] constexpr Wide value() const { return value_; }
  constexpr Count& operator+=(Count other) {
    value_ = value_ + other.value_ < value_ ? ~Wide{0} : value_ + other.value_;
    return *this;
  }
  [[nodiscard]] constexpr bool fits_64() const { return (value_ >> 64) == 0; }
  // The count, or 2^64 - 1 when it is larger.
  [[nodiscard]] constexpr std::uint64_t saturated() const { return fits_64() ? static_cast<std::uint64_t>(value_) : ~std::uint64_t{0}; }
  [[nodiscard]] std::string to_string() const {
    if (value_ == 0) return "0";
    std::string digits;
    for (Wide n = value_; n != 0; n /= 10) digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(n % 10)));
    return digits;
  }
  friend constexpr bool operator==(Count a, Count b) { return a.value_ == b.value_; }
  friend constexpr bool operator<(Count a, Count b) { return a.value_ < b.value_; }
  friend constexpr bool operator>(Count a, Count b) { return b < a; }
  friend constexpr bool operator<=(Count a, Count b) { return !(b < a); }
  friend constexpr bool operator>=(Count a, Count b) { return !(a < b); }
  friend std::ostream& operator<<(std::ostream& out, Count c) { return out << c.to_string(); }

 private:
  Wide value_ = 0;
};

}  // namespace dlx
