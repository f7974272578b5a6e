// A progress line on stderr for `dance generate`, redrawn every second while
// the run goes on, so that even one long puzzle (a 25x25 --minimal takes
// seconds to minutes) shows that it is under way. Only when shown (stderr
// is a terminal): a pipe or a file gets no carriage returns.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <ostream>
#include <thread>

namespace dance::cli {

class Progress {
 public:
  Progress(std::ostream& err, bool shown, std::uint64_t total);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  // One more puzzle made (from any thread).
  void made_one() { made_.fetch_add(1, std::memory_order_relaxed); }
  // Takes the line away before puzzles go to the same terminal (stdout is
  // one too); the next second draws it again.
  void clear();
  // Draws the line a last time, with `made` the puzzles made in the end
  // (those printed), and ends it, if it was ever drawn; nothing is drawn after.
  void stop(std::uint64_t made);

 private:
  void draw();

  std::ostream& err_;
  const std::uint64_t total_;
  const std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  std::atomic<std::uint64_t> made_{0};
  bool drawn_ = false;  // the line is on the terminal now
  bool ever_drawn_ = false;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace dance::cli
