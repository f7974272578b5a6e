#include "work_clocks.hpp"

namespace dance::cli {

WorkClocks::WorkClocks(std::size_t workers, double seconds, const std::atomic<bool>& interrupt)
    : clocks_(workers), seconds_(seconds), interrupt_(interrupt), watchdog_([this] { watch(); }) {}

WorkClocks::~WorkClocks() {
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    done_ = true;
  }
  wake_.notify_one();
  watchdog_.join();
}

void WorkClocks::start(std::size_t worker) {
  clocks_[worker].stop = interrupt_.load();
  clocks_[worker].started = std::chrono::steady_clock::now().time_since_epoch().count();
}

bool WorkClocks::stop(std::size_t worker) {
  clocks_[worker].started = 0;
  return clocks_[worker].stop.load() && !interrupt_.load();
}

void WorkClocks::watch() {
  const auto limit = std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(seconds_));
  std::unique_lock<std::mutex> lock(mutex_);
  while (!wake_.wait_for(lock, std::chrono::milliseconds(10), [this] { return done_; })) {
    const auto now = std::chrono::steady_clock::now().time_since_epoch().count();
    for (Clock& c : clocks_) {
      const auto started = c.started.load();
      if (interrupt_.load() || (seconds_ > 0 && started != 0 && now - started > limit.count())) c.stop = true;
    }
  }
}

}  // namespace dance::cli
