// Ctrl-C during a search that runs with the GIL released: Python's own
// handler only notes the signal for the interpreter to act on later, so
// while a search runs, a handler of ours also sets the search's stop flag
// (Limits::interrupt) and then passes the signal on to Python's. When the
// search has returned, handled() runs Python's handler, which raises
// KeyboardInterrupt (or whatever a notebook's handler does). No thread, no
// polling: a solve pays two sigaction calls.
#pragma once

#include <atomic>

namespace dance::python {

class InterruptGuard {
 public:
  // While the guard lives, SIGINT sets `stop` too (if Python handles SIGINT:
  // not when it is ignored or left to the system).
  explicit InterruptGuard(std::atomic<bool>& stop);
  ~InterruptGuard();
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;

 private:
  int slot_ = -1;  // where `stop` is in the handler's table, -1: not there
};

// With the GIL, after a search that stopped on `stop`: Python's signal
// handlers run now; false when one raised (KeyboardInterrupt), its exception set.
bool signals_handled();

}  // namespace dance::python
