#include "dance/work_clocks.hpp"

#include <algorithm>

namespace dance {

WorkClocks::WorkClocks(std::size_t workers, double seconds, const std::atomic<bool>& interrupt,
                       std::vector<const std::atomic<bool>*> also)
    : clocks_(workers), seconds_(seconds), interrupt_(interrupt), also_(std::move(also)), watchdog_([this] { watch(); }) {}

bool WorkClocks::interrupted() const {
  return interrupt_.load() || std::any_of(also_.begin(), also_.end(), [](const auto* flag) { return flag->load(); });
}

WorkClocks::~WorkClocks() {
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    done_ = true;
  }
  wake_.notify_one();
  watchdog_.join();
}

void WorkClocks::start(std::size_t worker) {
  clocks_[worker].stop = interrupted();
  clocks_[worker].started = std::chrono::steady_clock::now().time_since_epoch().count();
}

bool WorkClocks::stop(std::size_t worker) {
  clocks_[worker].started = 0;
  return clocks_[worker].stop.load() && !interrupted();
}

void WorkClocks::watch() {
  const auto limit = std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(seconds_));
  std::unique_lock<std::mutex> lock(mutex_);
  while (!wake_.wait_for(lock, std::chrono::milliseconds(10), [this] { return done_; })) {
    const auto now = std::chrono::steady_clock::now().time_since_epoch().count();
    for (Clock& c : clocks_) {
      const auto started = c.started.load();
      if (interrupted() || (seconds_ > 0 && started != 0 && now - started > limit.count())) c.stop = true;
    }
  }
}

}  // namespace dance
