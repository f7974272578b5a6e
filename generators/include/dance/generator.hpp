// The generator: puzzles with exactly one solution, for any PuzzleType.
//
// One loop serves every family: a random complete solution from the seeded
// engine; all its clues; then whole symmetry orbits of clues taken away in a
// random order, each removal kept only while the engine, counting to 2,
// still finds exactly one solution.
//
// - Default: stop at the first orbit that cannot go.
// - minimal: try every orbit once. One pass is enough: a clue that could not
//   go from a puzzle cannot go from any puzzle with fewer clues either (fewer
//   clues never mean fewer solutions), so the result is minimal.
//   For a type that shows how another solution differs (sudoku), a minimal
//   puzzle is built up instead, unless a clue count or a grade is asked for:
//   clues are added, an orbit at a time, each in a set of positions where
//   some other solution differs, until none is left; an orbit that holds the
//   only clues of such a set cannot go, and only the others are tried as
//   above. That spares most uniqueness proofs (16x16: 17 ms a puzzle
//   against 53; docs/generate.md).
// - clues K: go on until exactly K clues remain, skipping orbits that would
//   overshoot; start afresh from a new solution if it ends above K.
// - difficulty: start afresh until the grade matches; a puzzle easier than
//   asked for when the default stops goes on as minimal would.
// - An attempt that has searched more nodes than PuzzleType::attempt_work()
//   starts afresh too, with twice the allowance: a few attempts take 20
//   times the median (25x25 --minimal: 44 s against 2.2).
// Every fresh start counts as an attempt; when `attempts` run out the
// generator throws GenerateError rather than loop for ever.
//
// Puzzle i of a run is a function of (seed, i) alone, so any number of
// threads gives the same puzzles.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string_view>

#include "dance/puzzle_type.hpp"
#include "dance/reduction.hpp"

namespace dance {

// How hard a puzzle is for the engine's own search (counting to 2, input
// order, minimum remaining values), from the nodes beyond those that a
// search needs which never branches:
//   easy      no extra node: every choice is forced (an item with a single
//             option: a naked or a hidden single)
//   medium    1 to medium_limit extra nodes
//   hard      up to hard_limit
//   fiendish  more
// The limits come from measurements on data/sudoku (docs/generate.md).
enum class Difficulty { easy, medium, hard, fiendish };
inline constexpr std::uint64_t medium_limit = 20;
inline constexpr std::uint64_t hard_limit = 200;

[[nodiscard]] Difficulty grade(const Verdict& verdict);
[[nodiscard]] std::string_view to_string(Difficulty difficulty);
[[nodiscard]] std::optional<Difficulty> parse_difficulty(std::string_view name);

struct GenerateOptions {
  Symmetry symmetry = Symmetry::none;
  bool minimal = false;
  std::size_t clues = 0;  // exactly this many clues; 0 = as many as removal leaves
  std::optional<Difficulty> difficulty;
  // Search the finished puzzle once more as `dance solve` would, for
  // UniquePuzzle::verdict (a difficulty always does, to grade it).
  bool verdict = false;
  std::size_t attempts = 10000;  // fresh starts before giving up
  // Search nodes an attempt may take before a fresh start (doubled after
  // each one that runs out); unset: the type's PuzzleType::attempt_work(),
  // 0: no end.
  std::optional<std::uint64_t> attempt_work;
};

// A generated puzzle: its solution, the clues kept (which leave that solution the only one), how it was made.
struct UniquePuzzle {
  Solution solution;
  Kept kept;
  std::size_t clues = 0;
  std::optional<Verdict> verdict;  // of the puzzle as generated, if asked for or graded
  std::size_t attempts = 0;
};

// Options no puzzle of the type can meet, or none met in the attempts; the
// options named as data (NamesOptions), so each face says them its way.
class GenerateError : public std::runtime_error, public NamesOptions {
 public:
  explicit GenerateError(std::vector<MessagePart> parts)
      : std::runtime_error(worded(parts, option_word)), NamesOptions(std::move(parts)) {}
};

// generate() gave the puzzle up: the type's interrupt flag was set (PuzzleType::set_interrupt).
class GenerateInterrupted : public std::runtime_error {
 public:
  GenerateInterrupted() : std::runtime_error("interrupted") {}
};

// Checks the options against what the type allows (a clue count below the
// known minimum, or above the number of positions); throws GenerateError,
// or std::invalid_argument for a symmetry the type has not.
void check_options(const PuzzleType& type, const GenerateOptions& options);

// Puzzle number `index` of the run with this seed; GenerateInterrupted
// once the type's interrupt flag is set.
[[nodiscard]] UniquePuzzle generate(PuzzleType& type, const GenerateOptions& options, std::uint64_t seed,
                              std::uint64_t index);

}  // namespace dance
