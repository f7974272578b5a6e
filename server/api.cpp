#include "api.hpp"

#include <malloc.h>

#include <algorithm>
#include <chrono>
#include <iomanip>
#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>
#include <variant>
#include <vector>

#include "dance/driver.hpp"
#include "dance/generate.hpp"
#include "dance/input_buffer.hpp"
#include "dlx/error.hpp"
#include "dance/json_lines.hpp"
#include "memory_budget.hpp"
#include "dance/own_options.hpp"
#include "dance/request.hpp"
#include "dance/text_sink.hpp"
#include "dance/work_clocks.hpp"

namespace dance::server {
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

// What a JSON value is, in a message: "1.5", "a string".
std::string found_word(const json& value) {
  if (value.is_number()) return value.dump();
  if (value.is_string()) return "a string";
  if (value.is_boolean()) return "true or false";
  if (value.is_null()) return "null";
  return value.is_object() ? "an object" : "an array";
}

// `value` as a whole number from `lo` to `hi` (below it bad_option, above it too_large): a JSON integer, -0 too (JSON's 0);
// no fraction or exponent (1.0, 1e3), digits in a string or another type is converted.
std::uint64_t whole_number(const json& value, const std::string& field, std::uint64_t lo, std::uint64_t hi,
                           const std::string& note) {
  const std::string range = field + " must be a whole number from " + std::to_string(lo) + " to " + std::to_string(hi) + note;
  if (value.is_number_float()) {
    const double number = value.get<double>();
    // Digits past 2^64 reach nlohmann as a double.
    if (number >= 0x1p64) throw Refused(400, "too_large", range + "; found " + value.dump());
    throw bad_request(range + ", written without a fraction or an exponent (1000, not 1e3 or 1000.0); found " + value.dump());
  }
  if (!value.is_number_integer()) throw bad_request(range + " (a JSON number); found " + found_word(value));
  if (value.is_number_unsigned() || value.get<std::int64_t>() == 0) {  // -0 is read as a signed 0
    const auto number = value.is_number_unsigned() ? value.get<std::uint64_t>() : 0;
    if (number > hi) throw Refused(400, "too_large", range + "; found " + value.dump());
    if (number >= lo) return number;
  }
  // A whole number below the range: the option's value is wrong, as validate() and Python say (bad_option).
  throw Refused(400, "bad_option", range + "; found " + value.dump());
}

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
  // A whole number from `lo` to `hi` (above it too_large), `note` after the range.
  [[nodiscard]] std::optional<std::uint64_t> whole(const char* name, std::uint64_t lo, std::uint64_t hi, const std::string& note = "") {
    const json* value = find(name);
    if (!value) return std::nullopt;
    return whole_number(*value, std::string("\"") + name + "\"", lo, hi, note);
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

const Reduction& reduction_of(const Request& request) { return *find_reduction(request.reduction); }

const Reduction& registered(const std::string& name) {
  const Reduction* reduction = find_reduction(name);
  if (!reduction) throw Refused(400, "unknown_reduction", "unknown reduction " + dlx::quoted(name) + " (docs/serve.md)");
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
      if (!value.is_boolean()) throw Refused(400, "bad_option", field + " must be true or false; found " + found_word(value));
      if (!value.get<bool>()) continue;
    } else if ((spec->kind == Kind::integer || spec->kind == Kind::dimensions) && value.is_number_integer()) {
      text = value.dump();
    } else if (value.is_string()) {
      text = value.get<std::string>();
    } else {
      throw Refused(400, "bad_option",
                    field + (spec->kind == Kind::integer ? " must be a whole number (a JSON integer, or its digits in a string)"
                                                         : " must be a string") + "; found " + found_word(value));
    }
    if (const auto wrong = spec->check(text)) throw Refused(400, "bad_option", field + *wrong);
    if (limits.largest != 0 && (spec->kind == Kind::integer || spec->kind == Kind::dimensions)) {
      const auto sides = spec->kind == Kind::integer ? std::pair{std::stol(text), 1L} : *parse_dimensions(text, spec->lo, spec->hi);
      if (static_cast<std::uint64_t>(sides.first) > limits.largest || static_cast<std::uint64_t>(sides.second) > limits.largest)
        throw Refused(400, "too_large", field + ": at most " + std::to_string(limits.largest) + " on this server");
    }
    model.set(name, text);
  }
  return model;
}

// The API's endpoints (POST /api/NAME): each runs a command, and takes the
// fields of the options that command takes (own_options.cpp).
struct Endpoint {
  std::string_view name;
  Command command;       // solve or generate
  bool check = false;    // unique, multiple or none with the first solution; only the fields marked check_takes
};
constexpr Endpoint endpoints[] = {{"solve", Command::solve}, {"generate", Command::generate}, {"check", Command::solve, true}};

// The server's own bounds on a field, beyond the option's: what a request
// prints is held in memory until it is sent, and each puzzle costs time.
struct Bound {
  std::uint64_t lo, hi;
  std::string note;  // after "\"solutions\" must be a whole number from 1 to 1000"
};
// The memo's table takes at most half a request's memory, so that it forgets before the request runs out.
std::uint64_t memo_mib_at_most(const ApiLimits& limits) { return std::max<std::uint64_t>(1, limits.memory >> 21); }

std::optional<Bound> server_bound(std::string_view field, const ApiLimits& limits) {
  if (field == "solutions") return Bound{1, limits.solutions, " (count: true counts them all)"};
  if (field == "sample") return Bound{1, limits.solutions, ""};
  if (field == "n") return Bound{1, limits.puzzles, ""};
  if (field == "memo_mib") return Bound{1, memo_mib_at_most(limits), " (half the memory a request may take)"};
  return std::nullopt;
}

// The least time limit a request may ask for.
constexpr double least_time_limit = 0.001;

// Seconds as a person writes them: 0.001, 5, 2.5.
std::string seconds_text(double seconds) {
  std::ostringstream text;
  text << seconds;
  return text.str();
}

// What a request asks: the driver's Request (dance/request.hpp), and
// whether its log shows the search's counters.
struct Asked {
  Request request;
  bool stats = false;
};

// A request's fields, each typed as dance's own options' table says, as the
// driver's Request; the server's limits hold whatever the request asks.
Asked request_of(Fields& fields, const Endpoint& endpoint, const ApiLimits& limits) {
  Asked asked;
  Request& r = asked.request;
  const bool generating = endpoint.command == Command::generate;
  r.job = endpoint.check ? Job::check : generating ? Job::generate : Job::solve;
  r.reduction = fields.text(generating ? "puzzle" : "reduction");
  const Reduction& reduction = registered(r.reduction);
  const json* given = fields.find("options");
  json options = given ? *given : json();
  if (options.is_object() && options.contains("format")) {  // dance's own --format, given with the options (the page's way)
    if (!options["format"].is_string()) throw Refused(400, "bad_option", "options.format must be a string");
    r.format = options["format"].get<std::string>();
    options.erase("format");
  }
  r.model = model_options(given ? &options : nullptr, reduction, limits);
  r.time_limit = limits.time_limit;
  r.memo_mib = std::min(r.memo_mib, memo_mib_at_most(limits));
  r.threads = 1;  // the server's pool runs the requests side by side
  using Kind = OwnOption::Kind;
  for (const OwnOption& o : own_options()) {
    const bool taken = endpoint.check ? o.check_takes : o.commands.contains(endpoint.command);
    if (o.field.empty() || !taken) continue;
    const std::string name(generating && !o.generate_field.empty() ? o.generate_field : o.field);
    if (o.kind == Kind::flag) {
      const bool on = fields.flag(name.c_str());
      if (o.job) {
        if (on && r.job != Job::solve && r.job != *o.job)
          throw bad_request("\"count\" and \"unique\" ask for different answers (how many; whether one): give one of them");
        if (on) r.job = *o.job;
      } else if (in_request(o)) {
        with_request_field(o, r, [on]<class T>(T& field) {
          if constexpr (std::is_same_v<T, bool>) field = on;
        });
      } else {
        asked.stats = on;  // the one flag of the log's own
      }
    } else if (o.kind == Kind::choice) {
      if (const json* word = fields.find(name.c_str())) {
        if (!word->is_string()) throw bad_request("\"" + name + "\" must be a string");
        with_request_field(o, r, [word]<class T>(T& field) {
          if constexpr (std::is_same_v<T, std::string> || std::is_same_v<T, std::optional<std::string>>)
            field = word->get<std::string>();
        });
      }
    } else if (o.kind == Kind::seconds) {
      // A request's limit is at most the server's.
      if (const json* limit = fields.find(name.c_str())) {
        // Below a millisecond the time a request waits for a thread, even on an idle server, would use it up:
        // it would be refused as busy, which it is not.
        if (!limit->is_number() || !(limit->get<double>() >= least_time_limit))
          throw bad_request("\"" + name + "\" must be a number of seconds from " + seconds_text(least_time_limit) + " to " +
                            seconds_text(limits.time_limit) + " (the server's -t; more is taken as it)");
        r.time_limit = std::min(r.time_limit, limit->get<double>());
      }
    } else if (o.kind == Kind::whole) {
      const auto bound = server_bound(name, limits).value_or(Bound{o.lo, o.hi, ""});
      if (const auto value = fields.whole(name.c_str(), bound.lo, bound.hi, bound.note)) set_whole(o, r, *value);
    }
  }
  return asked;
}

// An option's name in a request's words: options.NAME for the reduction's,
// the field for dance's own ("node-limit" or "t" is node_limit or time_limit,
// generate's -n is n); the command line's word for one no request sets.
OptionNamer request_words(const Reduction& reduction, bool generating) {
  return [&reduction, generating](std::string_view name) -> std::string {
    if (reduction.has_option(std::string(name))) return "options." + std::string(name);
    const std::optional<FieldNames> own = field_named(name);
    if (!own || own->field.empty()) return option_word(name);
    if (generating)
      for (const OwnOption& o : own_options())
        if (o.name == own->option && !o.generate_field.empty()) return std::string(o.generate_field);
    return std::string(own->field);
  };
}

// What a run said besides its answers: its lines without the last newline.
std::string log_of(const std::ostringstream& log) {
  std::string told = log.str();
  if (!told.empty() && told.back() == '\n') told.pop_back();
  return told;
}

const char* verdict_of(Status status) {
  switch (status) {
    case Status::found: return "found";
    case Status::none: return "none";
    default: return "unknown";
  }
}

// What a request past its memory budget is told.
std::string over_budget(const ApiLimits& limits) {
  return "the request needs more than the " + std::to_string(limits.memory >> 20) + " MiB of memory a request may take";
}

// A failure of the run as the request's answer, its options named as the
// request names them: 500 for dance's own fault, else 400. The driver's
// "out of memory" (too_large) was the request's budget running out: said so.
Refused refusal(const Failure& failure, const Request& request, const ApiLimits& limits) {
  std::string message = failure.worded(request_words(reduction_of(request), request.job == Job::generate));
  if (failure.code == "too_large") message += ": " + over_budget(limits);
  return {failure.code == "internal" ? 500 : 400, failure.code, message, failure.line, failure.column};
}

// dance serve's sink: the output and the log as the command line prints them
// (TextSink, without "dance: "), and the results as values for the answer's
// own fields.
class ApiSink final : public TextSink {
 public:
  // No presenter: the output is JsonLines' (format json).
  ApiSink(const Reduction& reduction, const Presenter* presenter, const RunSpec& spec, std::ostream& output, std::ostream& log,
          std::size_t answer_bytes)
      : TextSink(reduction, presenter, spec, output, log, {.name = request_words(reduction, false)}), reduction_(reduction), output_(output),
        answer_bytes_(answer_bytes), counting_(spec.task == Task::count) {}

  void solution(const Instance& instance, std::shared_ptr<const Answer> answer, std::uint64_t index) override {
    if (cut) return;  // the answer is full; the search is being stopped
    TextSink::solution(instance, answer, index);
    answers.push_back(entry(instance, *answer));
    // The output, and the values about as large again.
    if (2 * static_cast<std::size_t>(output_.tellp()) > answer_bytes_) cut = true;
  }
  void verdict(const Instance& instance, std::uint64_t found, std::shared_ptr<const Answer> first) override {
    TextSink::verdict(instance, found, first);
    verdict_found = found;
    if (first) {
      answers.push_back(entry(instance, *first));
      std::ostringstream text;
      reduction_.print(text, instance, *first);
      first_text = std::move(text).str();
    }
  }
  void count(const Instance& instance, dlx::Count found, bool complete) override {
    TextSink::count(instance, found, complete);
    counts.push_back(json(json_count(found)));
  }
  // Proven to have none before a search (the driver says none, not count 0): its 0, so that counts line up with the instances.
  void none(const Instance& instance, const std::string& why) override {
    TextSink::none(instance, why);
    if (counting_) counts.push_back(0);
  }

  json answers = json::array();  // each answer: {"instance": k, "answer": its value}
  json counts = json::array();   // count: each instance's number (a lower bound when stopped)
  std::optional<std::uint64_t> verdict_found;  // unique: 0, 1 or 2 solutions
  std::string first_text;                      // ... and the first solution's text
  // The answers reached the size an answer may have: no more are kept, and the search stops.
  std::atomic<bool> cut{false};

 private:
  void begin(std::size_t number) override {
    TextSink::begin(number);
    instance_ = number;
  }
  json entry(const Instance& instance, const Answer& answer) const {
    return {{"instance", instance_}, {"answer", json(reduction_.json_of(instance, answer))}};
  }

  const Reduction& reduction_;
  std::ostream& output_;
  std::size_t instance_ = 0;
  const std::size_t answer_bytes_;
  const bool counting_;
};

// solve and check: a session of the driver on the request's text.
json searched(const Endpoint& endpoint, const Asked& asked, const std::string& text, const ApiLimits& limits,
              const std::atomic<bool>& interrupt, const std::atomic<bool>* gone) {
  const Request& s = asked.request;
  const Reduction& reduction = *find_reduction(s.reduction);
  TextInput in(text);  // read as the command line reads its input (a byte-order mark, lone CRs)
  std::unique_ptr<InstanceReader> reader;
  try {
    reader = reduction.reader(in.stream(), s.model);
  } catch (const std::invalid_argument& e) {
    throw refusal(bad_option(e), s, limits);
  }
  Session session(reduction, run_spec(s, "text"));
  std::ostringstream output, log;
  // format json: the output is JSON Lines, as on the command line
  const bool lines_out = s.format == "json";
  const std::unique_ptr<Presenter> presenter = lines_out ? nullptr : reduction.presenter(s.format);
  ApiSink sink(reduction, presenter.get(), session.spec(), output, log, limits.answer_bytes);
  JsonLines lines(reduction, session.spec(), output);
  Tee both(lines, sink);
  // The request's deadline, raised also when the server stops, the client
  // goes or the answer is full: a little past its time limit, so that a
  // single search stops at its own limit first (and says so), while a batch
  // of instances, each within it, still ends.
  std::vector<const std::atomic<bool>*> also{&sink.cut};
  if (gone) also.push_back(gone);
  WorkClocks deadline(1, s.time_limit + 0.25, interrupt, std::move(also));
  deadline.start(0);
  Status status = session.run(*reader, lines_out ? static_cast<Sink&>(both) : sink, deadline.flag(0));
  Failure failure = sink.first_failure();
  const bool out_of_time = deadline.stop(0);
  status = wrap_up(asked.stats, session, status, interrupt, log, "", failure);
  if (out_of_time) {
    log << "stopped by the request's time limit (" << std::setprecision(3) << s.time_limit << " s)\n";
    status = worse(status, Status::stopped);
  }
  if (sink.cut) {
    log << "the answer was cut at " << (limits.answer_bytes >> 20) << " MiB: ask for fewer solutions\n";
    status = worse(status, Status::stopped);
  }
  if (status == Status::error) throw refusal(failure, s, limits);
  const std::string told = log_of(log);
  if (endpoint.check) {
    if (session.instances() > 1) throw bad_request("check takes one puzzle; the text holds more");
    // unique, multiple, none or unknown, and the first solution, from one search.
    const auto found = sink.verdict_found;
    json result{{"verdict", found ? (*found == 0 ? "none" : *found == 1 ? "unique" : "multiple")
                                  : status == Status::none ? "none" : "unknown"},
                {"log", told}};
    if (found && *found > 0 && !sink.answers.empty()) result["solution"] = sink.first_text;
    return result;
  }
  json result{{"status", sink.cut && !sink.answers.empty() ? "found" : verdict_of(status)}, {"output", output.str()},
              {"log", told}, {"answers", sink.answers}};
  if (!sink.counts.empty()) result["counts"] = sink.counts;
  if (sink.cut) result["cut"] = true;
  return result;
}

// generate's sink: each puzzle's line as the command line prints it (the
// output), and as a value (docs/serve.md).
class ApiPuzzles final : public PuzzleSink {
 public:
  ApiPuzzles(const Request& request, std::ostream& log) : request_(request), log_(log) {}
  void puzzle(std::uint64_t, const MadePuzzle& made) override {
    output += made.line;
    puzzles.push_back(json_of(made));
  }
  void timed_out(std::uint64_t number) override {
    log_ << "puzzle " << number << " stopped by the time limit (time_limit " << request_.time_limit << " s)\n";
  }
  std::string output;
  nlohmann::ordered_json puzzles = nlohmann::ordered_json::array();

 private:
  const Request& request_;
  std::ostream& log_;
};

// generate: the driver's loop (dance/generate.hpp), as the command line runs it.
json generated(const Asked& asked, const ApiLimits& limits, const std::atomic<bool>& interrupt, const std::atomic<bool>* gone) {
  const Request& r = asked.request;
  std::ostringstream log;
  ApiPuzzles sink(r, log);
  WorkClocks deadline(1, r.time_limit + 0.25, interrupt, gone ? std::vector{gone} : std::vector<const std::atomic<bool>*>{});
  deadline.start(0);
  const auto start = std::chrono::steady_clock::now();
  const Generation run = generate(r, sink, deadline.flag(0), asked.stats);
  // The request's deadline raises the flag generate() sees as an interrupt: said as the time limit it is.
  const bool out_of_time = deadline.stop(0);
  if (run.status == Status::error) throw refusal(run.failure, r, limits);
  if (asked.stats) log << summary(run, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()) << '\n';
  if (run.interrupted && out_of_time)
    log << "stopped by the request's time limit (" << std::setprecision(3) << r.time_limit << " s) after "
        << run.handed << " of " << r.solutions << " puzzles\n";
  else if (run.interrupted) log << "interrupted\n";
  else if (run.timed_out > 0) log << run.timed_out << " of " << run.handed + run.timed_out << " puzzles stopped by the time limit\n";
  return {{"status", verdict_of(run.status)}, {"output", sink.output}, {"puzzles", sink.puzzles}, {"log", log_of(log)}};
}

json answer(const Endpoint& endpoint, const json& request, const ApiLimits& limits, double waited,
            const std::atomic<bool>& interrupt, const std::atomic<bool>* gone) {
  const MemoryBudget budget(limits.memory);  // past it, std::bad_alloc: too_large
  Fields fields(request);
  Asked asked = request_of(fields, endpoint, limits);
  const bool generating = endpoint.command == Command::generate;
  const std::string text = generating ? "" : fields.text("text");
  fields.no_others();
  // The time waited in the queue counts against the request's own limit
  // (its time_limit, or the server's when it asks for none).
  asked.request.time_limit -= waited;
  if (!(asked.request.time_limit > 0)) throw Refused(503, "busy", waited_too_long);
  // The request's own checks, the same as every face's (dance/request.hpp).
  if (const auto wrong = validate(asked.request)) throw refusal(*wrong, asked.request, limits);
  return generating ? generated(asked, limits, interrupt, gone) : searched(endpoint, asked, text, limits, interrupt, gone);
}

// Deeper JSON than any request needs is refused before it is parsed.
constexpr std::size_t max_nesting = 64;
// A request that held more than this at its peak gives its memory back to the system.
constexpr std::size_t trim_above = std::size_t{16} << 20;

std::string dumped(const json& value) {
  // Bytes that are not UTF-8 (a reduction may echo the request's text) are replaced, not refused.
  return value.dump(-1, ' ', false, json::error_handler_t::replace);
}

}  // namespace

const char* const waited_too_long = "the request waited in the queue past its time limit: try again";

namespace {
// Finds the body's top-level "time_limit" as the parser goes (nlohmann's SAX):
// no value is built, and nesting past max_nesting stops it.
class TimeLimitFinder : public json::json_sax_t {
 public:
  std::optional<double> found;

  bool null() override { return value(); }
  bool boolean(bool) override { return value(); }
  bool number_integer(number_integer_t v) override { return number(static_cast<double>(v)); }
  bool number_unsigned(number_unsigned_t v) override { return number(static_cast<double>(v)); }
  bool number_float(number_float_t v, const string_t&) override { return number(v); }
  bool string(string_t&) override { return value(); }
  bool binary(binary_t&) override { return value(); }
  bool start_object(std::size_t) override { return open(); }
  bool end_object() override { return close(); }
  bool start_array(std::size_t) override { return open(); }
  bool end_array() override { return close(); }
  bool key(string_t& name) override {
    at_limit_ = depth_ == 1 && name == "time_limit";
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }

 private:
  bool value() {
    at_limit_ = false;
    return true;
  }
  bool number(double v) {
    if (at_limit_) found = v;
    return value();
  }
  bool open() {
    at_limit_ = false;
    return ++depth_ <= max_nesting;
  }
  bool close() {
    --depth_;
    return true;
  }
  std::size_t depth_ = 0;
  bool at_limit_ = false;  // the value next is the top level's time_limit
};
}  // namespace

double queue_limit(std::string_view body, const ApiLimits& limits) {
  TimeLimitFinder finder;
  const bool whole = json::sax_parse(body, &finder, json::input_format_t::json, true);
  // A limit the request will be refused for (too small, not a number) waits as the server's: its turn tells it why.
  if (whole && finder.found && *finder.found >= least_time_limit) return std::min(*finder.found, limits.time_limit);
  return limits.time_limit;
}

std::string error_body(std::string_view code, std::string_view message) {
  return dumped(json{{"error", message}, {"code", code}});
}

bool is_endpoint(std::string_view endpoint) {
  return std::any_of(std::begin(endpoints), std::end(endpoints), [&](const Endpoint& e) { return e.name == endpoint; });
}

std::string no_such_endpoint() {
  std::vector<std::string> paths;
  for (const Endpoint& e : endpoints) paths.push_back("/api/" + std::string(e.name));
  return error_body("not_found", "no such API: POST " + listed(paths));
}

namespace {

// Whether JSON text nests arrays and objects deeper than `most` (strings
// skipped): read before parsing, so that no depth reaches a recursion.
bool nested_deeper(std::string_view text, std::size_t most) {
  std::size_t depth = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > most) return true;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return false;
}

// The body as JSON, where an object gives no key twice (nlohmann would keep the last: two readers of
// one body could then disagree); the key is named by its path ("options.size").
json parsed(std::string_view body) {
  struct Level {
    bool object;
    std::set<std::string, std::less<>> keys;
    std::string key;  // the last key read in it
  };
  std::vector<Level> levels;
  return json::parse(body, [&levels](int, json::parse_event_t event, json& value) {
    using Event = json::parse_event_t;
    if (event == Event::object_start || event == Event::array_start) {
      levels.push_back({event == Event::object_start, {}, {}});
    } else if (event == Event::object_end || event == Event::array_end) {
      levels.pop_back();
    } else if (event == Event::key) {
      Level& level = levels.back();
      level.key = value.get<std::string>();
      if (!level.keys.insert(level.key).second) {
        std::string path;
        for (const Level& outer : levels)
          if (outer.object) path += (path.empty() ? "" : ".") + outer.key;
        throw bad_request("\"" + path + "\" is given twice (a field is given once)");
      }
    }
    return true;
  });
}

ApiResponse respond(std::string_view endpoint, std::string_view body, const ApiLimits& limits,
                    const std::atomic<bool>& interrupt, double waited, const std::atomic<bool>* gone) {
  const auto* named = std::find_if(std::begin(endpoints), std::end(endpoints), [&](const Endpoint& e) { return e.name == endpoint; });
  if (named == std::end(endpoints)) return {404, no_such_endpoint()};
  if (nested_deeper(body, max_nesting))
    return {400, error_body("bad_request", "the body nests arrays and objects more than " + std::to_string(max_nesting) + " deep")};
  try {
    return {200, dumped(answer(*named, parsed(body), limits, waited, interrupt, gone))};
  } catch (const json::parse_error& e) {
    // nlohmann's byte offset, as a line and a column of the body.
    const std::size_t at = std::min(e.byte == 0 ? 0 : e.byte - 1, body.size());
    const std::size_t line = 1 + static_cast<std::size_t>(std::count(body.begin(), body.begin() + static_cast<long>(at), '\n'));
    const std::size_t line_start = body.rfind('\n', at == 0 ? 0 : at - 1);
    const std::size_t column = at - (line_start == std::string_view::npos || at == 0 ? 0 : line_start + 1) + 1;
    json error{{"error", "the body is not JSON: line " + std::to_string(line) + ", column " + std::to_string(column)},
               {"code", "bad_request"}, {"line", line}, {"column", column}};
    return {400, dumped(error)};
  } catch (const json::out_of_range&) {  // a number beyond a double's range, in the body's JSON
    return {400, error_body("bad_request", "the body holds a number too large for any field")};
  } catch (const Refused& e) {
    json error{{"error", e.what()}, {"code", e.code}};
    if (e.line > 0) error.update({{"line", e.line}, {"column", e.column}});
    return {e.status, dumped(error)};
  } catch (const std::bad_alloc&) {
    return {400, error_body("too_large", over_budget(limits))};
  } catch (const std::exception& e) {  // a reduction's bug: this request fails, the server goes on
    return {500, error_body("internal", std::string("internal error: ") + e.what())};
  }
}

}  // namespace

ApiResponse call_api(std::string_view endpoint, std::string_view body, const ApiLimits& limits,
                     const std::atomic<bool>& interrupt, double waited, const std::atomic<bool>* gone) {
  ApiResponse response = respond(endpoint, body, limits, interrupt, waited, gone);
  // What a large request held goes back to the system once it is answered
  // (a long-running server would keep it in malloc's free lists).
  if (MemoryBudget::last_peak() > trim_above) malloc_trim(0);
  return response;
}

}  // namespace dance::server
