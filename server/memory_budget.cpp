#include "memory_budget.hpp"

#include <malloc.h>

#include <algorithm>
#include <cstdlib>
#include <new>

namespace dance::server {
namespace {

// The bytes this thread's allocations hold (those freed on it subtracted), and its bound; 0: none.
thread_local std::size_t held = 0;
thread_local std::size_t bound = 0;

thread_local std::size_t peak = 0;

void* allocate(std::size_t size, std::size_t alignment = 0) {
  if (bound != 0 && held + size > bound) throw std::bad_alloc();
  // aligned_alloc wants a size that is a multiple of the alignment
  void* block = alignment == 0 ? std::malloc(size == 0 ? 1 : size)
                               : std::aligned_alloc(alignment, (size + alignment - 1) / alignment * alignment);
  if (!block) throw std::bad_alloc();
  if (bound != 0) {
    held += malloc_usable_size(block);
    peak = std::max(peak, held);
  }
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
  peak = 0;
  bound = bytes;
}

MemoryBudget::~MemoryBudget() { bound = 0; }

std::size_t MemoryBudget::last_peak() { return peak; }

}  // namespace dance::server

// Every allocation of the program goes through the budget of its thread
// (the nothrow forms too: the runtime's own would pair with another free).
void* operator new(std::size_t size) { return dance::server::allocate(size); }
void* operator new[](std::size_t size) { return dance::server::allocate(size); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  try {
    return dance::server::allocate(size);
  } catch (const std::bad_alloc&) {
    return nullptr;
  }
}
void* operator new[](std::size_t size, const std::nothrow_t& nothrow) noexcept { return operator new(size, nothrow); }
void operator delete(void* block, const std::nothrow_t&) noexcept { dance::server::release(block); }
void operator delete[](void* block, const std::nothrow_t&) noexcept { dance::server::release(block); }
void operator delete(void* block) noexcept { dance::server::release(block); }
void operator delete[](void* block) noexcept { dance::server::release(block); }
void operator delete(void* block, std::size_t) noexcept { dance::server::release(block); }
void operator delete[](void* block, std::size_t) noexcept { dance::server::release(block); }
// The aligned forms (dlx::BigAllocator's huge-page blocks) count alike.
void* operator new(std::size_t size, std::align_val_t alignment) {
  return dance::server::allocate(size, static_cast<std::size_t>(alignment));
}
void* operator new[](std::size_t size, std::align_val_t alignment) { return operator new(size, alignment); }
void* operator new(std::size_t size, std::align_val_t alignment, const std::nothrow_t&) noexcept {
  try {
    return dance::server::allocate(size, static_cast<std::size_t>(alignment));
  } catch (const std::bad_alloc&) {
    return nullptr;
  }
}
void* operator new[](std::size_t size, std::align_val_t alignment, const std::nothrow_t& nothrow) noexcept {
  return operator new(size, alignment, nothrow);
}
void operator delete(void* block, std::align_val_t) noexcept { dance::server::release(block); }
void operator delete[](void* block, std::align_val_t) noexcept { dance::server::release(block); }
void operator delete(void* block, std::size_t, std::align_val_t) noexcept { dance::server::release(block); }
void operator delete[](void* block, std::size_t, std::align_val_t) noexcept { dance::server::release(block); }
void operator delete(void* block, std::align_val_t, const std::nothrow_t&) noexcept { dance::server::release(block); }
void operator delete[](void* block, std::align_val_t, const std::nothrow_t&) noexcept { dance::server::release(block); }
