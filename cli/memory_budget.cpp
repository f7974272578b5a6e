#include "memory_budget.hpp"

#include <malloc.h>

#include <cstdlib>
#include <new>

namespace dance::cli {
namespace {

// The bytes this thread's allocations hold (those freed on it subtracted), and its bound; 0: none.
thread_local std::size_t held = 0;
thread_local std::size_t bound = 0;

void* allocate(std::size_t size) {
  if (bound != 0 && held + size > bound) throw std::bad_alloc();
  void* block = std::malloc(size == 0 ? 1 : size);
  if (!block) throw std::bad_alloc();
  if (bound != 0) held += malloc_usable_size(block);
  return block;
}

void release(void* block) noexcept {
  if (!block) return;
  if (bound != 0) {
    const std::size_t size = malloc_usable_size(block);
    held = held > size ? held - size : 0;  // a block from before the budget counts nothing
  }
  std::free(block);
}

}  // namespace

MemoryBudget::MemoryBudget(std::size_t bytes) {
  held = 0;
  bound = bytes;
}

MemoryBudget::~MemoryBudget() { bound = 0; }

}  // namespace dance::cli

// Every allocation of the program goes through the budget of its thread.
void* operator new(std::size_t size) { return dance::cli::allocate(size); }
void* operator new[](std::size_t size) { return dance::cli::allocate(size); }
void operator delete(void* block) noexcept { dance::cli::release(block); }
void operator delete[](void* block) noexcept { dance::cli::release(block); }
void operator delete(void* block, std::size_t) noexcept { dance::cli::release(block); }
void operator delete[](void* block, std::size_t) noexcept { dance::cli::release(block); }
