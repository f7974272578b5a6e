// A libFuzzer target for dance serve's JSON API: the first byte picks the
// endpoint (solve, generate, check), the rest is the body. Whatever a body
// holds, the answer is 200 with a status (or verdict), or 400 (503: busy) with an error and its code,
// and its body is JSON; anything else stops (a crash for libFuzzer). Each
// request may search for 20 ms, so that the fuzzer runs many.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>

#include "api.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::atomic<bool> running{false};
  static const char* const endpoints[] = {"solve", "generate", "check"};
  if (size == 0) return 0;
  dance::cli::ApiLimits limits;
  limits.time_limit = 0.02;
  limits.puzzles = 2;
  limits.solutions = 5;
  const std::string body(reinterpret_cast<const char*>(data) + 1, size - 1);
  const auto answer = dance::cli::call_api(endpoints[data[0] % 3], body, limits, running);
  const auto json = nlohmann::json::parse(answer.body, nullptr, false);
  // A 500 is dance's fault, never the request's: a finding, as a crash is.
  const bool fine = !json.is_discarded() && json.is_object() &&
                    (((answer.status == 400 || answer.status == 503) && json.contains("error") && json.contains("code")) ||
                     (answer.status == 200 && (json.contains("status") || json.contains("verdict"))));
  if (!fine) {
    std::fprintf(stderr, "answer %d: %s\n", answer.status, answer.body.c_str());
    std::abort();
  }
  return 0;
}
