// Jobs 0..count-1 on `threads` threads. The caller keeps each job's output
// apart and writes it in order afterwards.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace dance {

// -j N: N threads, 0 = one per core.
inline std::size_t thread_count(unsigned requested) {
  return requested != 0 ? requested : std::max(1u, std::thread::hardware_concurrency());
}

// Each thread takes the next job not yet taken, so that a slow job holds
// up only its own thread. With `meanwhile`, this thread runs it while
// `threads` others take the jobs (a batch writes one chunk's answers and
// reads the next); without, it is one of the `threads`.
// An exception in a job, or in `meanwhile`, leaves the jobs not yet taken
// untaken and is thrown to the caller once every thread has stopped.
inline void in_parallel(std::size_t count, std::size_t threads,
                        const std::function<void(std::size_t job, std::size_t thread)>& work,
                        const std::function<void()>& meanwhile = nullptr) {
  std::atomic<std::size_t> next{0};
  std::mutex failing;
  std::exception_ptr failure;
  const auto guarded = [&](const std::function<void()>& run) {
    try {
      run();
    } catch (...) {
      next = count;  // no more jobs taken
      const std::lock_guard<std::mutex> lock(failing);
      if (!failure) failure = std::current_exception();
    }
  };
  const auto take = [&](std::size_t t) {
    guarded([&] {
      for (std::size_t job; (job = next.fetch_add(1)) < count;) work(job, t);
    });
  };
  std::vector<std::thread> pool;
  for (std::size_t t = meanwhile ? 0 : 1; t < threads; ++t) pool.emplace_back(take, t);
  if (meanwhile) guarded(meanwhile);
  else take(0);
  for (std::thread& thread : pool) thread.join();
  if (failure) std::rethrow_exception(failure);
}

}  // namespace dance
