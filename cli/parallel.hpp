// Jobs 0..count-1 on `threads` threads: thread t takes jobs t, t+threads, ...
// The caller keeps each job's output apart and writes it in order afterwards.
#pragma once

#include <algorithm>
#include <cstddef>
#include <functional>
#include <thread>
#include <vector>

namespace dance::cli {

// -j N: N threads, 0 = one per core.
inline std::size_t thread_count(unsigned requested) {
  return requested != 0 ? requested : std::max(1u, std::thread::hardware_concurrency());
}

inline void in_parallel(std::size_t count, std::size_t threads,
                        const std::function<void(std::size_t job, std::size_t thread)>& work) {
  const auto share = [&](std::size_t t) {
    for (std::size_t job = t; job < count; job += threads) work(job, t);
  };
  std::vector<std::thread> pool;
  for (std::size_t t = 1; t < threads; ++t) pool.emplace_back(share, t);
  share(0);
  for (std::thread& thread : pool) thread.join();
}

}  // namespace dance::cli
