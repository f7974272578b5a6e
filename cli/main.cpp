// dance: exact cover and the puzzles it solves. See `dance --help`.
#include <csignal>
#include <iostream>

#include "commands.hpp"
#include "settings.hpp"

namespace {
std::atomic<bool> interrupted{false};
extern "C" void on_interrupt(int) { interrupted.store(true); }
}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  const auto parsed = dance::cli::parse(std::vector<std::string>(argv + 1, argv + argc));
  if (!parsed.settings) {
    (parsed.status == 0 ? std::cout : std::cerr) << parsed.message;
    return parsed.status;
  }
  std::signal(SIGINT, on_interrupt);
  try {
    const int status = dance::cli::run(*parsed.settings, interrupted, std::cout, std::cerr);
    std::cout.flush();
    return status;
  } catch (const std::exception& e) {
    std::cerr << "dance: " << e.what() << '\n';
    return dance::cli::exit_status::error;
  }
}
