#include "progress.hpp"

namespace dance::cli {

Progress::Progress(std::ostream& err, bool shown, std::uint64_t total) : err_(err), total_(total) {
  if (!shown) return;
  thread_ = std::thread([this] {
    std::unique_lock<std::mutex> lock(mutex_);
    while (!wake_.wait_for(lock, std::chrono::seconds(1), [this] { return stopping_; })) draw();
  });
}

Progress::~Progress() { stop(made_.load()); }

void Progress::stop(std::uint64_t made) {
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    if (stopping_) return;
    stopping_ = true;
  }
  wake_.notify_one();
  if (!thread_.joinable()) return;
  thread_.join();
  if (!ever_drawn_) return;
  made_ = made;
  draw();
  err_ << '\n' << std::flush;
}

void Progress::clear() {
  const std::lock_guard<std::mutex> lock(mutex_);
  if (!drawn_) return;
  err_ << "\r\033[K" << std::flush;  // back to the line's start, and erase it
  drawn_ = false;
}

void Progress::draw() {
  const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - start_);
  err_ << "\rdance: " << made_.load(std::memory_order_relaxed) << " of " << total_ << " puzzles, " << seconds.count()
       << " s" << std::flush;
  drawn_ = ever_drawn_ = true;
}

}  // namespace dance::cli
