// Time limits for workers that each do one piece of work at a time (generate's
// puzzles, a request of dance serve): each worker's searches watch a flag of
// their own, which a watchdog raises on an interrupt (Ctrl-C, the server
// stopping) or once the worker's piece has run past the limit.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

namespace dance {

class WorkClocks {
 public:
  // `seconds` 0: no limit, the interrupt only. `also`, when given, interrupts
  // too (a request's client gone, its answer full).
  WorkClocks(std::size_t workers, double seconds, const std::atomic<bool>& interrupt,
             std::vector<const std::atomic<bool>*> also = {});
  ~WorkClocks();
  WorkClocks(const WorkClocks&) = delete;
  WorkClocks& operator=(const WorkClocks&) = delete;
  [[nodiscard]] const std::atomic<bool>& flag(std::size_t worker) const { return clocks_[worker].stop; }
  // Starts the worker's piece (its flag lowered, unless the interrupt is up).
  void start(std::size_t worker);
  // Ends the worker's piece; whether the time limit (not the interrupt) stopped it.
  bool stop(std::size_t worker);

 private:
  struct Clock {
    std::atomic<bool> stop{false};
    std::atomic<std::chrono::steady_clock::rep> started{0};  // 0: no piece under way
  };
  void watch();
  [[nodiscard]] bool interrupted() const;
  std::vector<Clock> clocks_;
  const double seconds_;
  const std::atomic<bool>& interrupt_;
  const std::vector<const std::atomic<bool>*> also_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool done_ = false;
  std::thread watchdog_;  // last: it starts once the rest is ready
};

}  // namespace dance
