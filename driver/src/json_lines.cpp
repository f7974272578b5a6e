#include "dance/json_lines.hpp"

namespace dance {

JsonLines::JsonLines(const Reduction& reduction, const RunSpec& spec, std::ostream& out)
    : reduction_(reduction), spec_(spec), out_(out) {}

void JsonLines::begin(std::size_t) {
  object_ = {{"status", "found"}};  // emit and split hand over no answer
  open_ = true;
}

void JsonLines::end(std::size_t) {
  write();
  open_ = false;
}

namespace {
// Bytes that are not UTF-8 (an input's name or text echoed in a message) are replaced: every instance keeps its line.
std::string dumped(const nlohmann::ordered_json& value) {
  return value.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}
}  // namespace

void JsonLines::write() {
  if (streaming_) {  // the line's answers are out: the rest of its object closes it
    const std::string rest = dumped(object_);
    out_ << ']' << (rest == "{}" ? "}" : "," + rest.substr(1)) << '\n';
    streaming_ = false;
  } else {
    out_ << dumped(object_) << '\n';
  }
  object_ = nlohmann::ordered_json::object();
}

void JsonLines::solution(const Instance& instance, std::shared_ptr<const Answer> answer, std::uint64_t) {
  nlohmann::ordered_json value = reduction_.json_of(instance, *answer);
  if (spec_.task != Task::solve || spec_.solutions == 1) {
    object_["answer"] = std::move(value);
    return;
  }
  // Each of -n N's answers written as found, never the line's millions held
  // whole (-n 0 of 8x8 dominoes took 15 GB for 0.2 s of search).
  if (!streaming_) {
    out_ << "{\"status\":" << dumped(object_["status"]) << ",\"answers\":[";
    object_.erase("status");
    streaming_ = true;
  } else {
    out_ << ',';
  }
  out_ << dumped(value);
}

void JsonLines::verdict(const Instance& instance, std::uint64_t found, std::shared_ptr<const Answer> first) {
  object_["status"] = found == 0 ? "none" : "found";
  if (found > 0) object_["unique"] = found == 1;
  if (first) object_["answer"] = reduction_.json_of(instance, *first);
}

nlohmann::ordered_json json_count(dlx::Count count) {
  constexpr std::uint64_t exact_in_every_reader = std::uint64_t{1} << 53;
  if (count <= exact_in_every_reader) return count.saturated();
  return count.to_string();
}

void JsonLines::count(const Instance&, dlx::Count found, bool complete) {
  object_["status"] = found == 0 ? "none" : "found";
  object_["count"] = json_count(found);
  object_["complete"] = complete;
}

void JsonLines::none(const Instance&, const std::string& why) {
  object_["status"] = "none";
  if (why.rfind(": ", 0) == 0) object_["reason"] = why.substr(2);  // proven on its face, and why
  if (spec_.task == Task::count) {  // proven on its face: no search counted
    object_["count"] = 0;
    object_["complete"] = true;
  }
}

void JsonLines::stopped(const Instance& instance, dlx::Outcome outcome, bool answered) {
  // The answers a solve found before a limit stay "found", with "stopped_by"; a count's lower bound is "stopped".
  if (!answered || spec_.task != Task::solve) object_["status"] = "stopped";
  object_["stopped_by"] = outcome == dlx::Outcome::interrupted ? "an interrupt" : dlx::to_string(outcome);
  // An optimum's answer cut short is a bound, not the optimum: say so, as the text's "best so far" does.
  if (answered && reduction_.optimises(instance)) object_["best_so_far"] = true;
}

nlohmann::ordered_json JsonLines::error_of(const Failure& failure) {
  nlohmann::ordered_json error{{"code", failure.code}, {"message", failure.message}};
  if (failure.line != 0) error["line"] = failure.line;
  if (failure.column != 0) error["column"] = failure.column;
  return error;
}

void JsonLines::failed(const Failure& failure) {
  if (!open_) object_ = nlohmann::ordered_json::object();  // the run's own failure: a line of its own
  object_["status"] = "error";
  object_["error"] = error_of(failure);
  if (!open_) write();
}

void JsonLines::warning(const std::string& message) { object_["warnings"].push_back(message); }

}  // namespace dance
