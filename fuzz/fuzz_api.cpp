// A libFuzzer target for dance serve's JSON API, structure-aware: the bytes
// choose an endpoint, a reduction (a registered one mostly, else any
// string), its options and the request's own fields, each with a value of a
// random JSON type (the option's own choices among them), and a text; now and
// then the bytes are the body as they are. Whatever the request, the answer
// is JSON: 200 with a status (or verdict), or 400 or 503 with an error and
// its code. A 500 (dance's own fault), anything else, or a crash is a
// finding. Each request may search for 20 ms, so that the fuzzer runs many.
// What a request asks for is bounded (within_bound below, docs/fuzzing.md): a
// queens board of 1000 took 16 s to encode in this instrumented build. A raw
// body is the input's bytes up to its last two, then a 0 byte, then the
// endpoint's (fuzz/regressions/api).
#include <fuzzer/FuzzedDataProvider.h>

#include <atomic>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

#include "api.hpp"
#include "dance/own_options.hpp"
#include "dance/reduction.hpp"

namespace {

using nlohmann::json;

// A value of any JSON type; for an option, often one its spec would take.
json any_value(FuzzedDataProvider& bytes, const dance::OptionSpec* spec = nullptr) {
  switch (bytes.ConsumeIntegralInRange<int>(0, 9)) {
    case 0: return bytes.ConsumeBool();
    case 1: return bytes.ConsumeIntegralInRange<std::int64_t>(-3, 100);
    case 2: return bytes.ConsumeIntegral<std::int64_t>();
    case 3: return bytes.ConsumeFloatingPoint<double>();
    case 4: return nullptr;
    case 5: return json::array({bytes.ConsumeRandomLengthString(8)});
    case 6: return json::object({{bytes.ConsumeRandomLengthString(8), bytes.ConsumeBool()}});
    case 7:
      if (spec && !spec->choices.empty())
        return spec->choices[bytes.ConsumeIntegralInRange<std::size_t>(0, spec->choices.size() - 1)];
      if (spec && spec->kind == dance::OptionSpec::Kind::dimensions)
        return std::to_string(bytes.ConsumeIntegralInRange<int>(0, 9)) + "x" +
               std::to_string(bytes.ConsumeIntegralInRange<int>(0, 9));
      [[fallthrough]];
    default: return bytes.ConsumeRandomLengthString(16);
  }
}

json request(FuzzedDataProvider& bytes, const char* endpoint) {
  const auto all = dance::reductions();
  const dance::Reduction* reduction =
      bytes.ConsumeIntegralInRange<int>(0, 15) == 0 ? nullptr
                                                    : all[bytes.ConsumeIntegralInRange<std::size_t>(0, all.size() - 1)];
  const std::string name = reduction ? std::string(reduction->name()) : bytes.ConsumeRandomLengthString(12);
  const bool generating = std::string(endpoint) == "generate";
  json body{{generating ? "puzzle" : "reduction", name}};
  if (reduction) {
    json options = json::object();
    for (const dance::OptionSpec& spec : reduction->options())
      if (bytes.ConsumeIntegralInRange<int>(0, 3) == 0) options[spec.long_name()] = any_value(bytes, &spec);
    // dance's own --format, which a request gives with the options: one of the reduction's, or anything
    if (bytes.ConsumeIntegralInRange<int>(0, 3) == 0) {
      const auto formats = reduction->formats();
      options["format"] = bytes.ConsumeBool() ? json(formats[bytes.ConsumeIntegralInRange<std::size_t>(0, formats.size() - 1)].name)
                                              : any_value(bytes);
    }
    if (!options.empty() || bytes.ConsumeBool()) body["options"] = options;
  }
  // Every field of dance's own options' table, and some that no request may have.
  static const std::vector<std::string> fields = [] {
    std::vector<std::string> names{"text", "output_dir", "resume", "input"};
    for (const dance::OwnOption& o : dance::own_options())
      for (const std::string_view field : {o.field, o.generate_field})
        if (!field.empty()) names.emplace_back(field);
    return names;
  }();
  for (const std::string& field : fields)
    if (bytes.ConsumeIntegralInRange<int>(0, 5) == 0) body[field] = any_value(bytes);
  if (!generating && bytes.ConsumeIntegralInRange<int>(0, 7) != 0) body["text"] = bytes.ConsumeRandomLengthString(200);
  return body;
}

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
  FuzzedDataProvider bytes(data, size);
  dance::server::ApiLimits limits;
  limits.time_limit = 0.02;
  limits.puzzles = 2;
  limits.solutions = 5;
  limits.largest = 12;  // a generator at 64x64 takes seconds to start
  const char* endpoint = endpoints[bytes.ConsumeIntegralInRange<int>(0, 2)];
  const std::string body = bytes.ConsumeIntegralInRange<int>(0, 9) == 0 ? bytes.ConsumeRemainingBytesAsString()
                                                                         : request(bytes, endpoint).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  if (!within_bound(body)) return 0;
  const auto answer = dance::server::call_api(endpoint, body, limits, running);
  const auto json = nlohmann::json::parse(answer.body, nullptr, false);
  const bool fine = !json.is_discarded() && json.is_object() &&
                    (((answer.status == 400 || answer.status == 503) && json.contains("error") && json.contains("code")) ||
                     (answer.status == 200 && (json.contains("status") || json.contains("verdict"))));
  if (!fine) {
    std::fprintf(stderr, "request %s\nanswer %d: %s\n", body.c_str(), answer.status, answer.body.c_str());
    std::abort();
  }
  return 0;
}
