// A request, the same for every face: what to do (Job), to which reduction,
// with which of its options, limits, engine switches, generate options and
// format. The command line, dance serve and Python only translate their
// words into a Request; validate() is the one check of it (ranges, choices
// and the rules between options), and run_spec() the search it asks for.
//
//   dance::Request request;
//   request.job = dance::Job::count;
//   request.reduction = "queens";
//   request.model.set("size", "8");
//   if (auto wrong = dance::validate(request)) ...   // a Failure, its options as data
//   dance::Session session(*dance::find_reduction("queens"), dance::run_spec(request));
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "dance/driver.hpp"
#include "dance/generator.hpp"
#include "dance/reduction.hpp"

namespace dance {

// What a request asks for.
enum class Job {
  solve,     // answers (Request::solutions of them)
  count,     // the number of answers
  unique,    // none, unique or multiple
  check,     // unique, and the first answer with the verdict (dance serve's /api/check, Python's check())
  emit,      // the exact cover problem, Knuth's format
  split,     // the parts of the search at Request::depth
  generate,  // puzzles with one solution each (Request::solutions of them)
};

// The most --memo-mib takes: 16 TiB, past any machine's memory, and its bytes fit a size_t.
inline constexpr std::uint64_t most_memo_mib = std::uint64_t{1} << 24;

struct Request {
  Job job = Job::solve;
  std::string reduction;         // a registered name (find_reduction); generate: the puzzle family
  ModelOptions model;            // the reduction's own options
  std::string format = "text";   // the reduction's presenter (dance/presenter.hpp): text, json, svg, ...

  // Run limits.
  std::uint64_t solutions = 1;   // solve: how many, 0 = all; generate: the puzzles to make (1 or more)
  std::uint64_t node_limit = 0;  // per instance; 0 = none
  double time_limit = 0;         // seconds per instance (generate: per puzzle); 0 = none
  std::uint64_t seed = 0;        // item and option order; 0 = the input's. generate: each seed its own puzzles
  std::uint64_t restarts = 0;    // solve's first answer, one thread: Luby restarts after N nodes; 0 = never
  std::uint64_t sample = 0;      // solve, one thread: this many answers drawn uniformly at random (seed); 0 = none
  std::uint32_t threads = 1;     // 0 = one a core; at most most_threads
  bool verify = false;           // every answer (puzzle) checked by the reduction's verify()
  std::string resume;            // count: only below the parts of FILE[:FROM-TO]
  std::optional<std::uint32_t> depth;  // split: levels below the root (split needs it)

  // The engine's switches (engine_switches()), in the words of their choices (switch_words).
  std::string sharing = "auto";
  std::string ring = "auto";
  std::string tie_break = "auto";
  std::string probing = "auto";
  std::string pair_rule = "auto";
  std::string memo = "auto";
  std::string learning = "auto";
  std::uint64_t memo_mib = dlx::SolverOptions{}.memo_bytes >> 20;  // the memo's table at most, in MiB

  // Generate options.
  std::string symmetry = "none";  // symmetry_words
  bool minimal = false;
  std::uint64_t clues = 0;        // exactly this many; 0 = as removal leaves
  std::optional<std::string> difficulty;  // none: any; else one of difficulty_words ("" too is refused)
  bool with_solution = false;
};

// The words each choice takes, in the order help lists them.
inline const std::vector<std::string_view> switch_words{"auto", "on", "off"};
inline const std::vector<std::string_view> symmetry_words{"none", "rot180", "rot90", "mirror", "diagonal"};
inline const std::vector<std::string_view> difficulty_words{"easy", "medium", "hard", "fiendish"};

// The engine's switches a request may set (dlx::SolverOptions), one row
// each: its name on the command line (--tie-break), its field in dance
// serve's requests and its Python keyword (tie_break), what it does (the
// help), where its word goes in a request and what it sets in the run.
struct EngineSwitch {
  std::string_view name;   // "tie-break"
  std::string_view field;  // "tie_break": dance serve's field, Python's keyword
  std::string Request::*word;
  dlx::Switch RunSpec::Engine::*run;
  dlx::Switch dlx::SolverOptions::*option;
  std::string_view help;
};
[[nodiscard]] const std::vector<EngineSwitch>& engine_switches();

// What is wrong with the request, if anything: coded unknown_reduction or
// bad_option, its options kept as data (Failure::about) under their
// command-line long names ("time-limit", "n" for -n), so that each face
// words them its own way. Nothing when the request can run.
[[nodiscard]] std::optional<Failure> validate(const Request& request);

// The search a valid request asks for (solve, count, unique, check, emit or
// split); `source` names the input in messages.
[[nodiscard]] RunSpec run_spec(const Request& request, std::string source = "<input>");

// A valid generate request's options for the generator.
[[nodiscard]] GenerateOptions generate_options(const Request& request);

// The fields a request shares across faces, each by its name on the command
// line (the long one), in dance serve's requests and as Python's keyword:
// how each face words an option that a Failure names.
struct FieldNames {
  std::string_view option;   // "time-limit"
  char letter = 0;           // 't'; 0: none
  std::string_view field;    // dance serve: "time_limit"; empty: no request sets it
  std::string_view keyword;  // Python: "seconds"; empty: Python has none
};
// The names of `name` (a long name or a letter) from its row of the option
// table or of the engine's switches, or none.
[[nodiscard]] std::optional<FieldNames> field_named(std::string_view name);

}  // namespace dance
