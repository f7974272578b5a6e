// Counts the solutions of a reduction's encoding (with its hook), checking
// every decoded answer with the reduction's verify(); stops after `limit`
// solutions (0 = all). Counting all, it checks that a team of two workers
// (-j 2) and the parts of a split (split, count --resume) count the same.
#pragma once

#include <cstdint>
#include <memory>

#include "dance/reduction.hpp"

namespace dance::test {

std::uint64_t count_verified(const Reduction& reduction, const Instance& instance, std::uint64_t limit = 0);

// The first answer (its encoding's assumptions assumed, its hook set),
// checked by the reduction's verify(); REQUIREs that there is one.
std::unique_ptr<Answer> first_answer(const Reduction& reduction, const Instance& instance);

// Runs an optimisation's steps (optimises()/next_step()) from `first`, each
// answer verified; the last answer found and its instance (both null if none).
struct Optimum {
  std::unique_ptr<Instance> instance;
  std::unique_ptr<Answer> answer;
};
Optimum optimise(const Reduction& reduction, std::unique_ptr<Instance> first);

}  // namespace dance::test
