// A run's results as JSON Lines (`--format json`, docs/json.md): one JSON
// object per instance, in input order, written when the instance ends:
//
//   {"status": "found", "answer": {...}}                    solve (-n 1)
//   {"status": "found", "answers": [{...}, ...]}            solve -n N (N != 1)
//   {"status": "found", "count": 92, "complete": true}      count
//   {"status": "found", "unique": true, "answer": {...}}    --unique (false: multiple)
//   {"status": "none"}  {"status": "stopped"}               no answer, proven or not
//   {"status": "none", "reason": "..."}                    proven before any search, and why
//   {"status": "error", "error": {"code": "parse_error", "message": "...", "line": 3, "column": 7}}
//
// "answer" is the reduction's Reduction::json_of() value (its schema in
// docs/schemas/NAME.json); an instance's warnings are in "warnings". A
// failure of the run itself (not of an instance) is one error object too.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>

#include "dance/driver.hpp"

namespace dance {

// A count as JSON: a number while every JSON reader keeps it exact (up to
// 2^53, a double's whole numbers), else its digits as a string (docs/json.md).
nlohmann::ordered_json json_count(dlx::Count count);

class JsonLines : public Sink {
 public:
  JsonLines(const Reduction& reduction, const RunSpec& spec, std::ostream& out);

  void begin(std::size_t number) override;
  void end(std::size_t number) override;
  void solution(const Instance& instance, std::shared_ptr<const Answer> answer, std::uint64_t index) override;
  void verdict(const Instance& instance, std::uint64_t found, std::shared_ptr<const Answer> first) override;
  void count(const Instance& instance, dlx::Count found, bool complete) override;
  void none(const Instance& instance, const std::string& why) override;
  void stopped(const Instance& instance, dlx::Outcome outcome, bool answered) override;
  void failed(const Failure& failure) override;
  void warning(const std::string& message) override;

  // The object of one failure: {"code", "message", "line", "column"} (line and column when known).
  [[nodiscard]] static nlohmann::ordered_json error_of(const Failure& failure);

 private:
  void write();  // the object so far, on its line

  const Reduction& reduction_;
  const RunSpec& spec_;
  std::ostream& out_;
  nlohmann::ordered_json object_;  // its keys in the order written: "status" first
  bool open_ = false;  // between begin() and end()
  bool streaming_ = false;  // the line's status and answers are written: its object holds the rest
};

}  // namespace dance
