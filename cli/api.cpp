#include "api.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <cctype>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "commands.hpp"
#include "generate.hpp"
#include "memory_budget.hpp"
#include "settings.hpp"
#include "work_clocks.hpp"

namespace dance::cli {
namespace {

using nlohmann::json;

// A request the API does not run: the HTTP status and the error's code (docs/serve.md).
struct Refused : std::runtime_error {
  Refused(int status_, std::string code_, const std::string& message, std::size_t line_ = 0, std::size_t column_ = 0)
      : std::runtime_error(message), status(status_), code(std::move(code_)), line(line_), column(column_) {}
  int status;
  std::string code;
  std::size_t line, column;
};

Refused bad_request(const std::string& message) { return {400, "bad_request", message}; }

// The fields of a request object, each read by a typed accessor, once: a
// value of another JSON type is refused, never converted, and a field no
// accessor asked for is unknown.
class Fields {
 public:
  explicit Fields(const json& request) : request_(request) {
    if (!request.is_object()) throw bad_request("the request must be a JSON object");
  }
  [[nodiscard]] const json* find(const char* name) {
    asked_.insert(name);
    const auto found = request_.find(name);
    return found == request_.end() ? nullptr : &*found;
  }
  [[nodiscard]] std::string text(const char* name) {
    const json* value = find(name);
    if (!value) throw bad_request(std::string("the request has no \"") + name + "\"");
    if (!value->is_string()) throw bad_request(std::string("\"") + name + "\" must be a string");
    return value->get<std::string>();
  }
  [[nodiscard]] bool flag(const char* name) {
    const json* value = find(name);
    if (value && !value->is_boolean()) throw bad_request(std::string("\"") + name + "\" must be true or false");
    return value && value->get<bool>();
  }
  // A whole number from `lo`; above `hi` is too large.
  [[nodiscard]] std::optional<std::uint64_t> whole(const char* name, std::uint64_t lo = 0,
                                                   std::uint64_t hi = std::numeric_limits<std::uint64_t>::max()) {
    const json* value = find(name);
    if (!value) return std::nullopt;
    if (!value->is_number_unsigned() || value->get<std::uint64_t>() < lo)
      throw bad_request(std::string("\"") + name + "\" must be a whole number from " + std::to_string(lo));
    if (value->get<std::uint64_t>() > hi)
      throw Refused(400, "too_large", std::string("\"") + name + "\" is at most " + std::to_string(hi) + " here");
    return value->get<std::uint64_t>();
  }
  [[nodiscard]] std::optional<std::string> choice(const char* name, std::initializer_list<const char*> choices) {
    const json* value = find(name);
    if (!value) return std::nullopt;
    if (value->is_string())
      for (const char* c : choices)
        if (value->get<std::string>() == c) return std::string(c);
    std::string all;
    for (const char* c : choices) all += std::string(all.empty() ? "" : ", ") + '"' + c + '"';
    throw bad_request(std::string("\"") + name + "\" is one of " + all);
  }
  // Refuses a field that no accessor asked for.
  void no_others() const {
    for (const auto& [field, value] : request_.items())
      if (!asked_.contains(field))
        throw bad_request("unknown field \"" + field + "\" (docs/serve.md lists each request's fields)");
  }

 private:
  const json& request_;
  std::set<std::string, std::less<>> asked_;
};

const Reduction& registered(const std::string& name) {
  const Reduction* reduction = find_reduction(name);
  if (!reduction) throw Refused(400, "unknown_reduction", "unknown reduction '" + name + "' (docs/serve.md)");
  return *reduction;
}

// The reduction's own options, each by the type its spec asks for: a flag
// true or false, a number a whole number (or its digits), a choice or a name
// a string. The server takes no side larger than `largest`: memory grows with it.
ModelOptions model_options(const json* options, const Reduction& reduction, const ApiLimits& limits) {
  ModelOptions model;
  if (!options) return model;
  if (!options->is_object()) throw bad_request("\"options\" must be an object: {\"size\": 4, ...}");
  const std::vector<OptionSpec> specs = reduction.options();
  for (const auto& item : options->items()) {
    const std::string& name = item.key();
    const json& value = item.value();
    const auto spec = std::find_if(specs.begin(), specs.end(), [&](const OptionSpec& o) { return o.long_name() == name; });
    if (spec == specs.end())
      throw Refused(400, "bad_option", "\"" + name + "\" is not an option of " + std::string(reduction.name()));
    const std::string field = "options." + name;
    using Kind = OptionSpec::Kind;
    std::string text;
    if (spec->kind == Kind::flag) {
      if (!value.is_boolean()) throw Refused(400, "bad_option", field + " must be true or false");
      if (!value.get<bool>()) continue;
    } else if ((spec->kind == Kind::integer || spec->kind == Kind::dimensions) && value.is_number_integer()) {
      text = value.dump();
    } else if (value.is_string()) {
      text = value.get<std::string>();
    } else {
      throw Refused(400, "bad_option",
                    field + (spec->kind == Kind::integer ? " must be a whole number" : " must be a string"));
    }
    if (const auto wrong = spec->check(text)) throw Refused(400, "bad_option", field + wrong->substr(2 + name.size()));
    if (spec->kind == Kind::integer || spec->kind == Kind::dimensions) {
      const auto sides = spec->kind == Kind::integer ? std::pair{std::stol(text), 1L} : *parse_dimensions(text, spec->lo, spec->hi);
      if (static_cast<std::uint64_t>(sides.first) > limits.largest || static_cast<std::uint64_t>(sides.second) > limits.largest)
        throw Refused(400, "too_large", field + ": at most " + std::to_string(limits.largest) + " on this server");
    }
    model.set(name, text);
  }
  return model;
}

// A request's settings, field by typed field; the server's limits hold
// whatever the request asks.
Settings settings_of(Fields& fields, std::string_view endpoint, const ApiLimits& limits, double seconds) {
  Settings s;
  const bool generating = endpoint == "generate";
  s.command = generating ? Command::generate : Command::solve;
  s.reduction = fields.text(generating ? "puzzle" : "reduction");
  const Reduction& reduction = registered(s.reduction);
  const json* given = fields.find("options");
  json options = given ? *given : json();
  if (options.is_object() && options.contains("format")) {  // dance's own --format, given with the options
    if (!options["format"].is_string()) throw Refused(400, "bad_option", "options.format must be a string");
    s.format = options["format"].get<std::string>();
    try {
      (void)reduction.presenter(s.format);
    } catch (const std::invalid_argument& e) {
      throw Refused(400, "bad_option", "options.format" + std::string(e.what()).substr(std::string("--format").size()));
    }
    options.erase("format");
  }
  s.model = model_options(given ? &options : nullptr, reduction, limits);
  if (const json* limit = fields.find("time_limit")) {
    if (!limit->is_number() || !(limit->get<double>() > 0))
      throw bad_request("\"time_limit\" must be a number of seconds above 0");
    seconds = std::min(seconds, limit->get<double>());
  }
  s.time_limit = seconds;
  s.threads = 1;  // the server's pool runs the requests side by side
  s.progress = false;
  if (endpoint == "check") {
    s.unique = s.show_first = true;
    return s;
  }
  s.seed = fields.whole("seed").value_or(0);
  s.stats = fields.flag("stats");
  s.verify = fields.flag("verify");
  if (generating) {
    s.solutions = fields.whole("n", 1, limits.puzzles).value_or(1);
    s.symmetry = fields.choice("symmetry", {"none", "rot180", "rot90", "mirror", "diagonal"}).value_or("none");
    s.difficulty = fields.choice("difficulty", {"easy", "medium", "hard", "fiendish"}).value_or("");
    s.minimal = fields.flag("minimal");
    s.clues = fields.whole("clues").value_or(0);
    s.with_solution = fields.flag("with_solution");
    return s;
  }
  s.count = fields.flag("count");
  s.unique = fields.flag("unique");
  s.node_limit = fields.whole("node_limit").value_or(0);
  // What a request prints is held in memory until it is sent: bounded.
  const std::string solutions = "solutions: from 1 to " + std::to_string(limits.solutions) + " (count: true counts them all)";
  if (const json* n = fields.find("solutions")) {
    if (!n->is_number_unsigned() || n->get<std::uint64_t>() == 0) throw bad_request(solutions);
    if (n->get<std::uint64_t>() > limits.solutions) throw Refused(400, "too_large", solutions);
    s.solutions = n->get<std::uint64_t>();
  }
  return s;
}

// dance's words in a request's: the text's name, the fields for the
// options ("--to" is options.to, "--node-limit" node_limit), no hint at --help.
std::string in_request_terms(const std::string& message, const Reduction* reduction) {
  static const std::map<std::string, std::string, std::less<>> own{
      {"n", "solutions"},     {"solutions", "solutions"},   {"count", "count"},           {"unique", "unique"},
      {"seed", "seed"},       {"node-limit", "node_limit"}, {"time-limit", "time_limit"}, {"t", "time_limit"},
      {"stats", "stats"},     {"verify", "verify"},         {"symmetry", "symmetry"},     {"minimal", "minimal"},
      {"clues", "clues"},     {"difficulty", "difficulty"}, {"with-solution", "with_solution"}};
  const auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '-'; };
  std::string kept;
  std::istringstream lines(message);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("Try '" + program(), 0) == 0) continue;
    if (line.rfind(program() + ": ", 0) == 0) line.erase(0, program().size() + 2);
    if (line.rfind("<request>", 0) == 0) line.replace(0, 9, "text");
    std::string out;
    for (std::size_t i = 0; i < line.size();) {
      const std::size_t dashes = line.compare(i, 2, "--") == 0 ? 2 : 1;
      std::size_t end = i + dashes;
      if (line[i] == '-' && (i == 0 || !word(line[i - 1])) && end < line.size() && std::islower(static_cast<unsigned char>(line[end]))) {
        while (end < line.size() && word(line[end])) ++end;
        const std::string name = line.substr(i + dashes, end - i - dashes);
        const auto field = own.find(name);
        if (reduction && reduction->has_option(name)) {
          out += "options." + name;
          i = end;
          continue;
        }
        if (field != own.end()) {
          out += field->second;
          i = end;
          continue;
        }
      }
      out += line[i++];
    }
    kept += (kept.empty() ? "" : "\n") + out;
  }
  return kept;
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
  Failure failure;
  const int status = s.command == Command::generate ? generate(s, interrupt, out, err)
                                             : run(s, interrupt, out, err, nullptr, &in, &failure);
  const Reduction* reduction = find_reduction(s.reduction);
  if (status == exit_status::error) {
    if (failure.code.empty())  // generate's refusals are of its options; run's are all told
      failure = {s.command == Command::generate ? "bad_option" : "internal", err.str()};
    const int http = failure.code == "internal" ? 500 : 400;
    throw Refused(http, failure.code, in_request_terms(failure.message, reduction), failure.line, failure.column);
  }
  return {status, out.str(), in_request_terms(err.str(), reduction)};
}

json answer(std::string_view endpoint, const json& request, const ApiLimits& limits, double waited,
            const std::atomic<bool>& interrupt) {
  const MemoryBudget budget(limits.memory);  // past it, std::bad_alloc: too_large
  Fields fields(request);
  Settings s = settings_of(fields, endpoint, limits, limits.time_limit);
  const std::string text = endpoint == "generate" ? "" : fields.text("text");
  fields.no_others();
  // The time waited in the queue counts against the request's own limit
  // (its time_limit, or the server's when it asks for none).
  s.time_limit -= waited;
  if (!(s.time_limit > 0))
    throw Refused(503, "busy", "the request waited in the queue past its time limit: try again");
  // The request's deadline, raised also when the server stops: a little past
  // its time limit, so that a single search stops at its own limit first
  // (and says so), while a batch of instances, each within it, still ends.
  WorkClocks deadline(1, s.time_limit + 0.25, interrupt);
  deadline.start(0);
  const Ran ran = run_text(s, text, deadline.flag(0));
  if (endpoint != "check") return {{"status", verdict_of(ran.status)}, {"output", ran.output}, {"log", ran.log}};
  // check: unique, multiple, none or unknown, then the first solution, from one search.
  const std::size_t end = ran.output.find('\n');
  std::string verdict = ran.output.substr(0, end);
  if (verdict.empty()) verdict = verdict_of(ran.status);
  json result{{"verdict", verdict}, {"log", ran.log}};
  if (verdict == "unique" || verdict == "multiple") result["solution"] = ran.output.substr(end + 1);
  return result;
}

std::string dumped(const json& value) {
  // Bytes that are not UTF-8 (a reduction may echo the request's text) are replaced, not refused.
  return value.dump(-1, ' ', false, json::error_handler_t::replace);
}

}  // namespace

std::string error_body(std::string_view code, std::string_view message) {
  return dumped(json{{"error", message}, {"code", code}});
}

ApiResponse call_api(std::string_view endpoint, std::string_view body, const ApiLimits& limits,
                     const std::atomic<bool>& interrupt, double waited) {
  if (endpoint != "solve" && endpoint != "generate" && endpoint != "check")
    return {404, error_body("not_found", "no such API: POST /api/solve, /api/generate or /api/check")};
  try {
    return {200, dumped(answer(endpoint, json::parse(body), limits, waited, interrupt))};
  } catch (const json::parse_error& e) {
    // nlohmann's byte offset, as a line and a column of the body.
    const std::size_t at = std::min(e.byte == 0 ? 0 : e.byte - 1, body.size());
    const std::size_t line = 1 + static_cast<std::size_t>(std::count(body.begin(), body.begin() + static_cast<long>(at), '\n'));
    const std::size_t line_start = body.rfind('\n', at == 0 ? 0 : at - 1);
    const std::size_t column = at - (line_start == std::string_view::npos || at == 0 ? 0 : line_start + 1) + 1;
    json error{{"error", "the body is not JSON: line " + std::to_string(line) + ", column " + std::to_string(column)},
               {"code", "bad_request"}, {"line", line}, {"column", column}};
    return {400, dumped(error)};
  } catch (const Refused& e) {
    json error{{"error", e.what()}, {"code", e.code}};
    if (e.line > 0) error.update({{"line", e.line}, {"column", e.column}});
    return {e.status, dumped(error)};
  } catch (const std::bad_alloc&) {
    return {400, error_body("too_large", "the request needs more than the " + std::to_string(limits.memory >> 20) +
                                             " MiB of memory a request may take")};
  } catch (const std::exception& e) {  // a reduction's bug: this request fails, the server goes on
    return {500, error_body("internal", std::string("internal error: ") + e.what())};
  }
}

}  // namespace dance::cli
