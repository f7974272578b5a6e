// Counts the solutions of a reduction's encoding (with its hook), checking
// every decoded answer with the reduction's verify(); stops after `limit`
// solutions (0 = all).
#pragma once

#include <cstdint>

#include "dance/reduction.hpp"

namespace dance::test {

std::uint64_t count_verified(const Reduction& reduction, const Instance& instance, std::uint64_t limit = 0);

}  // namespace dance::test
