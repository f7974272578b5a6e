// A bound on the memory that one thread's piece of work may take (a request
// of dance serve): while a MemoryBudget is alive on a thread, an operator new
// of that thread that would take its allocations past the bound throws
// std::bad_alloc, which the request answers as too_large. Without one,
// operator new is malloc's and counts nothing.
#pragma once

#include <cstddef>

namespace dance::server {

class MemoryBudget {
 public:
  explicit MemoryBudget(std::size_t bytes);
  ~MemoryBudget();
  MemoryBudget(const MemoryBudget&) = delete;
  MemoryBudget& operator=(const MemoryBudget&) = delete;
  // The most this thread's allocations held at once under its last budget.
  [[nodiscard]] static std::size_t last_peak();
};

}  // namespace dance::server
