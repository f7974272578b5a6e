// A libFuzzer target for dance serve's JSON API: the first byte picks the
// endpoint (solve, generate, check), the rest is the body. Whatever a body
// holds, the answer is 200 with a status (or verdict), or 400 (503: busy) with an error and its code,
// and its body is JSON; anything else stops (a crash for libFuzzer). Each
// request may search for 20 ms, so that the fuzzer runs many. What a request
// asks for is bounded (within_bound below, docs/fuzzing.md): a queens board
// of 1000 took 16 s to encode in this instrumented build.
#include <atomic>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>

#include "api.hpp"

namespace {

using nlohmann::json;

// The harness's bounds on what a request asks to encode: far above the sizes
// at which bugs show, far below what takes a second in this build. Every
// number at most 25, in a field or in a string (a board "WxH" at most 400
// cells, 64 in hamilton's position encoding, which grows with the cube), and
// hamilton's position encoding only for a short text.
constexpr long largest_number = 25;
constexpr long most_cells = 400;
constexpr long most_position_cells = 64;
constexpr std::size_t longest_position_text = 200;

// Whether a string's boards ("WxH") are within the bound, and, when `numbers`,
// each run of digits in it too.
bool string_within(const std::string& text, bool numbers, bool position) {
  static const std::regex board(R"((\d{1,4})\s*[xX]\s*(\d{1,4}))"), digits(R"(\d+)");
  for (std::sregex_iterator m(text.begin(), text.end(), board), end; m != end; ++m)
    if (std::stol((*m)[1]) * std::stol((*m)[2]) > (position ? most_position_cells : most_cells)) return false;
  if (numbers)
    for (std::sregex_iterator m(text.begin(), text.end(), digits), end; m != end; ++m)
      if (m->length() > 3 || std::stol(m->str()) > largest_number) return false;
  return true;
}

bool value_within(const json& value, bool numbers, bool position) {
  if (value.is_number()) return std::abs(value.get<double>()) <= largest_number;
  if (value.is_string()) return string_within(value.get<std::string>(), numbers, position);
  if (!value.is_structured()) return true;
  for (const auto& part : value)
    if (!value_within(part, numbers, position)) return false;
  return true;
}

bool within_bound(const std::string& body) {
  const json request = json::parse(body, nullptr, false);
  if (!request.is_object()) return true;  // refused before anything is encoded
  const auto options = request.find("options");
  const bool position = options != request.end() && options->is_object() && options->contains("encoding") &&
                        (*options)["encoding"] == "position";
  const auto text = request.find("text");
  if (position && text != request.end() && text->is_string() && text->get<std::string>().size() > longest_position_text)
    return false;
  // A text's digits are clues or vertex names, but a queens text is board sizes.
  const bool queens = request.value("reduction", json()) == "queens";
  for (const auto& [field, value] : request.items())
    if (!value_within(value, field != "text" || queens, position)) return false;
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::atomic<bool> running{false};
  static const char* const endpoints[] = {"solve", "generate", "check"};
  if (size == 0) return 0;
  dance::cli::ApiLimits limits;
  limits.time_limit = 0.02;
  limits.puzzles = 2;
  limits.solutions = 5;
  const std::string body(reinterpret_cast<const char*>(data) + 1, size - 1);
  if (!within_bound(body)) return 0;
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
