#include <catch2/catch.hpp>

#include <cstdint>
#include <random>
#include <string>

#include "dlx/count.hpp"

using dlx::Count;

namespace {
Count power(std::uint64_t base, int exponent) {
  Count p = 1;
  for (int i = 0; i < exponent; ++i) p *= base;
  return p;
}
}  // namespace

TEST_CASE("a count stays exact past 64 and 128 bits") {
  CHECK(Count(0).to_string() == "0");
  CHECK(Count(~std::uint64_t{0}).to_string() == "18446744073709551615");
  CHECK(power(2, 64).to_string() == "18446744073709551616");
  CHECK(power(2, 128).to_string() == "340282366920938463463374607431768211456");
  CHECK(power(2, 192).to_string() == "6277101735386680763835789423207666416102355444464034512896");
  CHECK(power(10, 40).to_string() == "1" + std::string(40, '0'));  // inner chunks keep their zeros
  Count factorial = 1;
  for (std::uint64_t i = 2; i <= 40; ++i) factorial *= i;
  CHECK(factorial.to_string() == "815915283247897734345611269596115894272000000000");
  // The 2xN domino tilings are Fibonacci numbers: only additions.
  Count a = 1, b = 1;
  for (int i = 2; i < 200; ++i) {
    Count next = a + b;
    a = b;
    b = next;
  }
  CHECK(b.to_string() == "280571172992510140037611932413038677189525");
}

TEST_CASE("a count compares, saturates and multiplies big by big") {
  const Count big = power(2, 130);
  CHECK(big > Count(~std::uint64_t{0}));
  CHECK(Count(5) < big);
  CHECK(power(2, 65) < power(2, 130));
  CHECK(power(2, 200) > power(3, 100));  // 2^200 > 3^100 (about 5.2e47)
  CHECK(big.saturated() == ~std::uint64_t{0});
  CHECK(Count(7).saturated() == 7);
  CHECK(!big.fits_128());
  CHECK(power(2, 127).fits_128());
  CHECK(power(2, 70) * power(2, 70) == power(2, 140));
  CHECK(power(2, 140) * power(3, 50) == power(6, 50) * power(2, 90));
  // Equal values compare equal whichever way they were reached.
  Count sum = power(2, 129);
  sum += power(2, 129);
  CHECK(sum == power(2, 130));
}

TEST_CASE("a count's fast path agrees with 128-bit arithmetic") {
  std::mt19937_64 random(56);
  for (int i = 0; i < 2000; ++i) {
    const std::uint64_t x = random() >> (random() % 64), y = random() >> (random() % 64), z = random();
    const Count::Wide expect = Count::Wide{x} * y + z;
    CHECK(Count(x) * Count(y) + Count(z) == Count::of(expect));
    CHECK((Count(x) * Count(y) + Count(z)).to_string() == Count::of(expect).to_string());
  }
}
