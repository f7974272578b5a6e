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
  // Primary items added first, each with an option of its own (added last),
  // which every solution holds: a problem as small, in a bigger engine.
  int padding = 0;
};

dlx::Problem random_problem(std::mt19937_64& rng, const RandomShape& shape);

// All solutions, each as a sorted list of option ids (at most 16 options).
std::set<std::vector<dlx::OptionId>> brute_force(const dlx::Problem& problem);

}  // namespace dance::test
