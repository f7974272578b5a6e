// Job::generate: the one loop that makes a request's puzzles, for every face
// (dance generate, dance serve's /api/generate, Python's dance.generate).
// Puzzles are made in batches over the request's threads, each with its own
// time limit (Request::time_limit: a puzzle past it is left out and the run
// goes on), and handed to a PuzzleSink in order; nothing here prints.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "dance/driver.hpp"
#include "dance/generator.hpp"
#include "dance/request.hpp"

namespace dance {

// A generated puzzle with its texts, written by the type that made it as it
// was made (a type's state, such as a jigsaw's regions, is the last puzzle's).
struct MadePuzzle {
  UniquePuzzle puzzle;
  std::string line;      // in the request's format: json's object, or the family's record (puzzle_line)
  std::string record;    // the family's input, what solve reads (a jigsaw's map too)
  std::string text;      // the puzzle alone in the family's notation
  std::string solution;  // its solution in the family's notation
  // The puzzle as its reduction reads it and its solution as the
  // reduction's answer, for its presenters (PuzzleType::instance_of); null
  // for a family whose puzzles are no instances (clique's graphs), and for
  // text and json unless the sink wants them (PuzzleSink::wants_instances).
  std::shared_ptr<const Instance> instance;
  std::shared_ptr<const Answer> answer;
};

// Where generated puzzles go, each from the thread that called generate(), in order.
class PuzzleSink {
 public:
  virtual ~PuzzleSink() = default;
  // A batch's puzzles are about to be handed over, and have been.
  virtual void handing() {}
  virtual void handed() {}
  // Puzzle `number` (from 1). What it throws ends the run, a Failure coded internal.
  virtual void puzzle(std::uint64_t number, const MadePuzzle& made) = 0;
  // Puzzle `number` was left out: the time limit stopped it.
  virtual void timed_out(std::uint64_t /*number*/) {}
  // Whether each MadePuzzle is to carry its instance and answer even where
  // the format is drawn without them (Python draws every puzzle's picture).
  [[nodiscard]] virtual bool wants_instances() const { return false; }
};

// How a run of generate() ended, and what it made.
struct Generation {
  Status status = Status::found;  // error (failure), stopped (interrupted, or a puzzle timed out)
  Failure failure;                // coded bad_option, unknown_reduction or internal
  bool usage = false;             // the failure is about the request's options as the family reads them
  bool interrupted = false;
  std::uint64_t handed = 0, timed_out = 0;  // puzzles given to the sink, left out by the time limit
  std::uint64_t clues = 0, attempts = 0, nodes = 0;  // summed over the puzzles handed (nodes: with verdicts)
};

// Makes a valid generate request's puzzles (Request::solutions of them), in
// its format (json is the text's, for the sink to wrap; other formats the
// reduction's presenter draws, Presenter::puzzle: validate() takes only
// Reduction::puzzle_formats()). `verdicts`: each puzzle searched once more
// for Generation::nodes.
// `made`, when given, counts the puzzles finished so far, from any thread (a
// progress line reads it).
[[nodiscard]] Generation generate(const Request& request, PuzzleSink& sink, const std::atomic<bool>& interrupt,
                                  bool verdicts = false, std::atomic<std::uint64_t>* made = nullptr);

// The searches of a puzzle type on the driver's solvers (dance/puzzle_searches.hpp),
// with the run's engine switches; one per thread, as its type.
[[nodiscard]] std::shared_ptr<PuzzleSearches> puzzle_searches(const RunSpec::Engine& engine = {});
// The reduction's puzzle type for these options, searching through them (nullptr: it generates nothing).
[[nodiscard]] std::unique_ptr<PuzzleType> puzzle_type(const Reduction& reduction, const ModelOptions& options,
                                                      const RunSpec::Engine& engine = {});

// A puzzle as a value: {"puzzle": what dance solve reads (a jigsaw's map too), "solution": its text,
// "clues": N}, without their last line ends (docs/json.md).
[[nodiscard]] nlohmann::ordered_json json_of(const MadePuzzle& made);
// "puzzles 5, mean clues 24.2, attempts 5, mean nodes to prove uniqueness 3.4, seconds 0.1" (--stats).
[[nodiscard]] std::string summary(const Generation& run, double seconds);

}  // namespace dance
