#include "progress.hpp"

#include <unistd.h>

#include "settings.hpp"

namespace dance::cli {

ProgressLine::Shown ProgressLine::shown(std::optional<bool> wanted) {
  if (wanted == false) return Shown::no;
  if (isatty(STDERR_FILENO)) return Shown::on_terminal;
  return wanted == true ? Shown::as_lines : Shown::no;
}

ProgressLine::ProgressLine(std::ostream& err, Shown shown, std::function<std::string(double)> describe, double delay)
    : err_(err), shown_(shown), describe_(std::move(describe)) {
  if (shown_ == Shown::no) return;
  const auto every = std::chrono::seconds(shown_ == Shown::on_terminal ? 1 : 2);
  thread_ = std::thread([this, every, delay] {
    std::unique_lock<std::mutex> lock(mutex_);
    auto next = start_ + std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(delay));
    if (next <= start_) next += every;
    while (!wake_.wait_until(lock, next, [this] { return stopping_; })) {
      draw();
      next += every;
    }
  });
}

void ProgressLine::stop(bool keep) {
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    if (stopping_) return;
    stopping_ = true;
  }
  wake_.notify_one();
  if (!thread_.joinable()) return;
  thread_.join();
  if (shown_ != Shown::on_terminal || !ever_drawn_) return;
  if (keep) {
    draw();
    err_ << '\n' << std::flush;
  } else {
    clear();
  }
}

void ProgressLine::clear() {
  const std::lock_guard<std::mutex> lock(mutex_);
  if (!drawn_) return;
  err_ << "\r\033[K" << std::flush;  // back to the line's start, and erase it
  drawn_ = false;
}

void ProgressLine::draw() {
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  const std::string text = program() + ": " + describe_(seconds);
  if (shown_ == Shown::on_terminal) {
    err_ << "\r\033[K" << text << std::flush;
    drawn_ = ever_drawn_ = true;
  } else {
    err_ << text << '\n' << std::flush;
  }
}

}  // namespace dance::cli
