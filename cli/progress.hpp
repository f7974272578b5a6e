// A progress line on stderr for work that may take long: generate's puzzles,
// a search's nodes. On a terminal it appears after a delay and is redrawn
// in place every second; forced into a file or a pipe (--progress) it is a
// plain line every two seconds, with no carriage returns.
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <ostream>
#include <string>
#include <thread>

namespace dance::cli {

class ProgressLine {
 public:
  enum class Shown { no, on_terminal, as_lines };
  // --progress (true), --no-progress (false), or neither: on a terminal only.
  [[nodiscard]] static Shown shown(std::optional<bool> wanted);

  // `describe` gives the line's text, from the line's own thread, with the
  // seconds since the start; `delay` seconds pass before the first line.
  ProgressLine(std::ostream& err, Shown shown, std::function<std::string(double seconds)> describe, double delay);
  ~ProgressLine() { stop(); }
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  // Takes the line away before output to the same terminal; the next
  // second draws it again.
  void clear();
  // No more lines. On a terminal a line drawn is drawn a last time and ended
  // (`keep`), or erased.
  void stop(bool keep = false);

 private:
  void draw();

  std::ostream& err_;
  const Shown shown_;
  const std::function<std::string(double)> describe_;
  const std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  bool drawn_ = false;  // the line is on the terminal now
  bool ever_drawn_ = false;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace dance::cli
