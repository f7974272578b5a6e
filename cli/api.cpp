#include "api.hpp"

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "commands.hpp"
#include "generate.hpp"
#include "settings.hpp"
#include "work_clocks.hpp"

namespace dance::cli {
namespace {

using nlohmann::json;

// What the request says is wrong: answered with 400 and the message.
struct BadRequest : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The fields of a request that are dance's own options, and theirs on the
// command line. Nothing here names a file: --output-dir, --resume and the
// input are not fields.
const std::map<std::string, std::string, std::less<>>& common_fields() {
  static const std::map<std::string, std::string, std::less<>> fields{
      {"solutions", "--solutions"}, {"count", "--count"},     {"unique", "--unique"},
      {"seed", "--seed"},           {"stats", "--stats"},     {"verify", "--verify"},
      {"node_limit", "--node-limit"}, {"symmetry", "--symmetry"}, {"minimal", "--minimal"},
      {"clues", "--clues"},         {"difficulty", "--difficulty"}, {"with_solution", "--with-solution"}};
  return fields;
}

// A JSON value as a command-line word: a flag's true adds the flag alone,
// its false nothing.
void add_value(std::vector<std::string>& args, const std::string& flag, const json& value) {
  if (value.is_boolean()) {
    if (value.get<bool>()) args.push_back(flag);
  } else if (value.is_string()) {
    args.insert(args.end(), {flag, value.get<std::string>()});
  } else if (value.is_number_integer() || value.is_number_unsigned()) {
    args.insert(args.end(), {flag, value.dump()});
  } else {
    throw BadRequest(flag.substr(2) + " must be true, false, a whole number or a string; found " + value.dump());
  }
}

std::string text_field(const json& request, const char* name) {
  const auto found = request.find(name);
  if (found == request.end()) throw BadRequest(std::string("the request has no \"") + name + "\"");
  if (!found->is_string()) throw BadRequest(std::string("\"") + name + "\" must be a string");
  return found->get<std::string>();
}

// dance's messages without "dance: " and without the hint at --help, which
// an API user has no use for.
std::string messages(const std::string& err) {
  std::istringstream lines(err);
  std::string line, kept;
  while (std::getline(lines, line)) {
    if (line.rfind("Try 'dance", 0) == 0) continue;
    if (line.rfind("dance: ", 0) == 0) line.erase(0, 7);
    kept += line + '\n';
  }
  return kept;
}

// A request's settings: its fields as a command line, parsed as dance parses
// its own; the server's limits hold whatever the request asks.
Settings settings_of(const json& request, std::string_view endpoint, const ApiLimits& limits) {
  if (!request.is_object()) throw BadRequest("the request must be a JSON object");
  const bool generating = endpoint == "generate";
  const char* const named = generating ? "puzzle" : "reduction";
  const std::string name = text_field(request, named);
  std::vector<std::string> args{generating ? "generate" : "solve", name};
  double seconds = limits.time_limit;
  for (const auto& [field, value] : request.items()) {
    if (field == named || field == "options" || (field == "text" && !generating)) continue;
    if (field == "time_limit") {
      if (!value.is_number() || !(value.get<double>() > 0))
        throw BadRequest("time_limit must be a number of seconds above 0");
      seconds = std::min(seconds, value.get<double>());
      continue;
    }
    const auto flag = common_fields().find(generating && field == "n" ? "solutions" : field);
    if (flag == common_fields().end() || endpoint == "check" || (generating && field == "solutions"))
      throw BadRequest("unknown field \"" + field + "\" (docs/serve.md lists each request's fields)");
    add_value(args, flag->second, value);
  }
  if (const auto options = request.find("options"); options != request.end()) {
    if (!options->is_object()) throw BadRequest("\"options\" must be an object: {\"size\": \"4\", ...}");
    const Reduction* reduction = find_reduction(name);
    for (const auto& [option, value] : options->items()) {
      if (!reduction || !reduction->has_option(option))
        throw BadRequest("\"" + option + "\" is not an option of " + name);
      add_value(args, "--" + option, value);
    }
  }
  if (endpoint == "check") args.push_back("--unique");
  Parsed parsed = parse(args);
  if (!parsed.settings) throw BadRequest(messages(parsed.message));
  Settings& s = *parsed.settings;
  // What a request prints is held in memory until it is sent: bounded.
  if (generating && s.solutions > limits.puzzles)
    throw BadRequest("n: at most " + std::to_string(limits.puzzles) + " puzzles a request");
  if (!generating && !s.count && (s.solutions == 0 || s.solutions > limits.solutions))
    throw BadRequest("solutions: from 1 to " + std::to_string(limits.solutions) + " (count: true counts them all)");
  s.time_limit = seconds;
  s.threads = 1;  // the server's pool runs the requests side by side
  s.progress = false;
  return s;
}

const char* verdict_of(int status) {
  switch (status) {
    case exit_status::found: return "found";
    case exit_status::none: return "none";
    default: return "unknown";
  }
}

struct Ran {
  int status;
  std::string output;
  std::string log;
};

Ran run_text(const Settings& s, const std::string& text, const std::atomic<bool>& interrupt) {
  std::ostringstream out, err;
  std::istringstream in(text);
  const int status = s.command == "generate" ? generate(s, interrupt, out, err)
                                             : run(s, interrupt, out, err, nullptr, &in);
  if (status == exit_status::error) throw BadRequest(messages(err.str()));
  return {status, out.str(), messages(err.str())};
}

json answer(std::string_view endpoint, const json& request, const ApiLimits& limits,
            const std::atomic<bool>& interrupt) {
  const Settings s = settings_of(request, endpoint, limits);
  const std::string text = endpoint == "generate" ? "" : text_field(request, "text");
  // The request's deadline, raised also when the server stops: a little past
  // its time limit, so that a single search stops at its own limit first
  // (and says so), while a batch of instances, each within it, still ends.
  WorkClocks deadline(1, s.time_limit + 0.25, interrupt);
  deadline.start(0);
  const Ran ran = run_text(s, text, deadline.flag(0));
  if (endpoint != "check") return {{"status", verdict_of(ran.status)}, {"output", ran.output}, {"log", ran.log}};
  // check: unique, multiple, none or unknown, and the first solution if any.
  std::string verdict = ran.output.substr(0, ran.output.find('\n'));
  if (verdict.empty()) verdict = verdict_of(ran.status);
  json result{{"verdict", verdict}, {"log", ran.log}};
  if (verdict == "unique" || verdict == "multiple") {
    Settings first = s;
    first.unique = false;
    result["solution"] = run_text(first, text, deadline.flag(0)).output;
  }
  return result;
}

}  // namespace

ApiResponse call_api(std::string_view endpoint, std::string_view body, const ApiLimits& limits,
                     const std::atomic<bool>& interrupt) {
  if (endpoint != "solve" && endpoint != "generate" && endpoint != "check")
    return {404, R"({"error": "no such API: POST /api/solve, /api/generate or /api/check"})"};
  // Bytes that are not UTF-8 (a reduction may echo the request's text) are replaced, not refused.
  const auto text = [](const json& value) { return value.dump(-1, ' ', false, json::error_handler_t::replace); };
  try {
    return {200, text(answer(endpoint, json::parse(body), limits, interrupt))};
  } catch (const json::exception& e) {
    return {400, text(json{{"error", std::string("the body is not the JSON expected: ") + e.what()}})};
  } catch (const BadRequest& e) {
    std::string message = e.what();
    while (!message.empty() && message.back() == '\n') message.pop_back();
    return {400, text(json{{"error", message}})};
  }
}

}  // namespace dance::cli
