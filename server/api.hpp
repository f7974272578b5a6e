// The JSON API of `dance serve` (docs/serve.md), apart from HTTP: a
// request's body in, a status and a JSON body out. A request's fields become
// settings through typed accessors (a flag a JSON boolean, a number a
// number, the reduction a registered name); no value becomes a word of a
// command line, and nothing names a file: the search runs on the request's text.
#pragma once

#include <atomic>
#include <string>
#include <string_view>

namespace dance::server {

struct ApiLimits {
  double time_limit = 5;        // seconds a request may take (its searches, a batch's all together)
  std::size_t puzzles = 20;     // generate: puzzles a request may ask for
  std::size_t solutions = 1000;  // solve: solutions a request may ask to see
  std::size_t largest = 0;       // a number in a reduction's options at most (a test's bound); 0: the option's own range
  std::size_t answer_bytes = std::size_t{1} << 20;  // an answer's solutions past this are cut ("cut": true)
  std::size_t memory = std::size_t{256} << 20;  // bytes a request's work may hold at once (MemoryBudget)
};

struct ApiResponse {
  int status = 200;  // HTTP: 200, 400 (what the request says is wrong), 404, 500 (dance's own fault), 503 (busy)
  std::string body;  // JSON
};

// POST /api/solve, /api/generate, /api/check (`endpoint` is "solve", ...).
// `interrupt` stops every search (the server is stopping), `gone` this
// request's (its client went); `waited`: the seconds the request spent in
// the queue, which count against its time limit. Never throws: every failure
// is an error answer (error_body). What a large request held goes back to
// the system before it returns.
ApiResponse call_api(std::string_view endpoint, std::string_view body, const ApiLimits& limits,
                     const std::atomic<bool>& interrupt, double waited = 0, const std::atomic<bool>* gone = nullptr);

// The seconds a request may wait in the queue for a thread: its own
// time_limit, read from the body's top level without building the body,
// else (no such field, or a body that is not JSON) the server's.
[[nodiscard]] double queue_limit(std::string_view body, const ApiLimits& limits);

// The message of a request that waited in the queue past its time limit (503 busy).
extern const char* const waited_too_long;

// Whether `endpoint` ("solve") is one of the API's; the 404 body of one that is not, naming them.
[[nodiscard]] bool is_endpoint(std::string_view endpoint);
[[nodiscard]] std::string no_such_endpoint();

// An error's JSON body: {"error": message, "code": code} (docs/serve.md).
std::string error_body(std::string_view code, std::string_view message);

}  // namespace dance::server
