#include "interrupt.hpp"

#include <csignal>
#include <mutex>

#include <Python.h>

namespace dance::python {
namespace {

// The stop flags of the searches running now (one a Python thread).
constexpr int slots = 64;
std::atomic<std::atomic<bool>*> flags[slots];
std::mutex installing;
int running = 0;           // guards alive, under `installing`
struct sigaction python_handler;  // what was there before ours
bool installed = false;

extern "C" void on_interrupt(int signal, siginfo_t* info, void* context) {
  for (auto& slot : flags)
    if (std::atomic<bool>* stop = slot.load()) stop->store(true);
  if (python_handler.sa_flags & SA_SIGINFO) python_handler.sa_sigaction(signal, info, context);
  else if (python_handler.sa_handler != SIG_DFL && python_handler.sa_handler != SIG_IGN) python_handler.sa_handler(signal);
}

}  // namespace

InterruptGuard::InterruptGuard(std::atomic<bool>& stop) {
  const std::lock_guard<std::mutex> lock(installing);
  for (int k = 0; k < slots && slot_ < 0; ++k) {
    std::atomic<bool>* empty = nullptr;
    if (flags[k].compare_exchange_strong(empty, &stop)) slot_ = k;
  }
  if (running++ > 0) return;
  struct sigaction current;
  if (sigaction(SIGINT, nullptr, &current) != 0) return;
  const bool by_python = (current.sa_flags & SA_SIGINFO) || (current.sa_handler != SIG_DFL && current.sa_handler != SIG_IGN);
  if (!by_python) return;
  struct sigaction ours{};
  ours.sa_sigaction = on_interrupt;
  ours.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&ours.sa_mask);
  python_handler = current;
  installed = sigaction(SIGINT, &ours, nullptr) == 0;
}

InterruptGuard::~InterruptGuard() {
  const std::lock_guard<std::mutex> lock(installing);
  if (slot_ >= 0) flags[slot_].store(nullptr);
  if (--running > 0 || !installed) return;
  sigaction(SIGINT, &python_handler, nullptr);
  installed = false;
}

bool signals_handled() { return PyErr_CheckSignals() == 0; }

}  // namespace dance::python
