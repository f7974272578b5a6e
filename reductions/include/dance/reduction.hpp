// The contract of a reduction: a problem family encoded as exact cover.
//
// reader: instance text -> Instances, one at a time (a file may hold a batch);
//         a malformed instance throws dlx::ParseError (line, column, what was
//         expected) and the reader goes on with the next one.
// encode: Instance -> exact cover problem, options to assume, optional hook.
// decode: the engine's solution -> Answer in the problem's own terms.
// verify: an independent check of an Answer against the Instance, written
//         without the engine; returns what is wrong, or nothing.
// print:  the Answer in the problem's usual notation.
// puzzle_type: optional, what `dance generate` needs (dance/puzzle_type.hpp).
#pragma once

#include <iosfwd>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "dance/puzzle_type.hpp"
#include "dlx/problem.hpp"
#include "dlx/solver.hpp"

namespace dance {

struct Instance {
  virtual ~Instance() = default;
  std::size_t line = 1;               // where it starts in the input, for messages
  std::vector<std::string> warnings;  // reported on stderr, the run goes on
};

struct Answer {
  virtual ~Answer() = default;
};

struct Encoding {
  // The same problem object for instances of one shape, so that one solver
  // serves them all: only the assumptions change.
  std::shared_ptr<const dlx::Problem> problem;
  std::vector<dlx::OptionId> assumptions;  // forced before the search
  std::unique_ptr<dlx::Hook> hook;         // may be empty
  // Set when the instance is contradictory on its face (two equal clues in a
  // row): no search is needed, and this says why.
  std::optional<std::string> contradiction;
};

// Command-line options that shape how a reduction reads and models instances.
// A reduction rejects (std::invalid_argument) the ones it does not use.
struct ModelOptions {
  std::string box;         // sudoku: "RxC" boxes
  bool diagonals = false;  // sudoku: both main diagonals hold every value
  bool jigsaw = false;     // sudoku: each puzzle is followed by its region map
  std::string format;      // output notation: "" as the input, or a reduction's own
  int size = 0;            // generate: the puzzle's size (sudoku: n for n x n), 0 = the usual
};

// Instances from one input, in order.
class InstanceReader {
 public:
  virtual ~InstanceReader() = default;
  // The next instance, or nullptr at the end. A malformed instance throws
  // dlx::ParseError after its text has been consumed, so reading can go on.
  [[nodiscard]] virtual std::unique_ptr<Instance> next() = 0;
};

class Reduction {
 public:
  virtual ~Reduction() = default;
  [[nodiscard]] virtual std::string_view name() const = 0;
  [[nodiscard]] virtual std::string_view summary() const = 0;
  [[nodiscard]] virtual std::unique_ptr<InstanceReader> reader(std::istream& in,
                                                               const ModelOptions& options) const = 0;
  [[nodiscard]] virtual Encoding encode(const Instance& instance) const = 0;
  [[nodiscard]] virtual std::unique_ptr<Answer> decode(const Instance& instance,
                                                       std::span<const dlx::OptionId> solution) const = 0;
  [[nodiscard]] virtual std::optional<std::string> verify(const Instance& instance,
                                                          const Answer& answer) const = 0;
  virtual void print(std::ostream& out, const Instance& instance, const Answer& answer) const = 0;
  // Whether the output has one line (or grid) per instance, lining up with a
  // batch input: then every instance gets an answer, print_none() or
  // print_error(), and -n 0 asks for the number of solutions.
  [[nodiscard]] virtual bool aligned_output() const { return false; }
  virtual void print_none(std::ostream&) const {}
  virtual void print_error(std::ostream&) const {}
  // The generator's interface to this family (`dance generate NAME`), or
  // nullptr when it has none. Throws std::invalid_argument for options that
  // give no puzzle (a size with no box shape).
  [[nodiscard]] virtual std::unique_ptr<PuzzleType> puzzle_type(const ModelOptions&) const { return nullptr; }
};

// Every reduction dance ships, in the order `dance list` shows them.
[[nodiscard]] std::span<const Reduction* const> reductions();
[[nodiscard]] const Reduction* find_reduction(std::string_view name);

}  // namespace dance
