// Counts the solutions of an instance through the driver (dance/driver.hpp),
// as dance solve does, checking every decoded answer with the reduction's
// verify(); stops after `limit` solutions (0 = all). Counting all, it checks
// that a team of two workers (-j 2), the parts of a split (split, then
// count --resume from the file) and a search with learning on count the same.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "dance/reduction.hpp"

namespace dance::test {

std::uint64_t count_verified(const Reduction& reduction, const Instance& instance, std::uint64_t limit = 0);

// The first answer (its encoding's assumptions assumed, its hook set),
// checked by the reduction's verify(); REQUIREs that there is one.
std::shared_ptr<const Answer> first_answer(const Reduction& reduction, const Instance& instance);

// Runs an instance that optimises() through the driver, as dance solve
// does, every answer verified: the best answer (null if none), and the
// better answers handed over as they were found, the best last.
struct Optimum {
  std::unique_ptr<Instance> instance;  // the one run: the answers are of it
  std::shared_ptr<const Answer> answer;
  std::vector<std::shared_ptr<const Answer>> improvements;
};
Optimum optimise(const Reduction& reduction, std::unique_ptr<Instance> first);

}  // namespace dance::test
