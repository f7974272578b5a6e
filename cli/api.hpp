// The JSON API of `dance serve` (docs/serve.md), apart from HTTP: a
// request's body in, a status and a JSON body out. Each request is a
// command line of dance's own (solve, count, generate) built from the
// body's fields, parsed and checked by the same table as `dance` itself,
// run on its text, never on a file.
#pragma once

#include <atomic>
#include <string>
#include <string_view>

namespace dance::cli {

struct ApiLimits {
  double time_limit = 5;        // seconds a request may take (its searches, a batch's all together)
  std::size_t puzzles = 20;     // generate: puzzles a request may ask for
  std::size_t solutions = 1000;  // solve: solutions a request may ask to see
};

struct ApiResponse {
  int status = 200;  // HTTP: 200, 400 (what the request says is wrong), 404
  std::string body;  // JSON
};

// POST /api/solve, /api/generate, /api/check (`endpoint` is "solve", ...).
// `interrupt` stops every search (the server is stopping).
ApiResponse call_api(std::string_view endpoint, std::string_view body, const ApiLimits& limits,
                     const std::atomic<bool>& interrupt);

}  // namespace dance::cli
