// Small random exact cover problems and an enumeration of their solutions
// that shares nothing with the engine: every subset of options is tried.
#pragma once

#include <cstdint>
#include <random>
#include <set>
#include <vector>

#include "dlx/problem.hpp"

namespace dance::test {

struct RandomShape {
  bool secondary = true;
  bool colours = true;
  bool multiplicities = true;
  // Up to this many primary and secondary items and options (brute_force
  // enumerates at most 16 options; larger ones are for comparing searches).
  int most_primaries = 5;
  int most_secondaries = 3;
  int most_options = 12;
};

// One shape for each of the engine's algorithms.
inline constexpr RandomShape every_algorithm[] = {
    {false, false, false},  // Algorithm X
    {true, false, false},   // X with secondary items
    {true, true, false},    // C
    {false, false, true},   // M
    {true, true, true},     // M with colours
};

dlx::Problem random_problem(std::mt19937_64& rng, const RandomShape& shape);

// The problem with `padding` primary items added after its own, each with an
// option of its own (added last), which every solution holds: a problem as
// small, in the engine of a bigger one (which keeps a ring, applies rules
// and probes from given sizes on). Option ids stay; the padding's follow.
dlx::Problem padded(const dlx::Problem& problem, std::size_t padding);

// All solutions, each as a sorted list of option ids (at most 16 options).
std::set<std::vector<dlx::OptionId>> brute_force(const dlx::Problem& problem);

}  // namespace dance::test
