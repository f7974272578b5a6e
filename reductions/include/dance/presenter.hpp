// How a reduction's results are written: one Presenter per output format
// (`--format NAME`), chosen by dance, never by the model.
//
// Every reduction has "text" (its usual notation: the print functions of
// dance/reduction.hpp) and "json" (its answer as a JSON value, Reduction::json_of(),
// docs/json.md); a reduction may add formats of its own (svg, grid, id, ...)
// through TypedReduction::writers(). Reduction::presenter(name) gives the
// writers of a format, and render() one answer as a string.
#pragma once

#include <iosfwd>
#include <string>
#include <string_view>

namespace dance {

struct Instance;
struct Answer;
class Reduction;

// The writers of one format. What an instance gets when it has no answer
// (none, stopped, error) stands in its place, so that an output of one line
// or grid per instance lines up with a batch input.
class Presenter {
 public:
  virtual ~Presenter() = default;
  virtual void answer(std::ostream& out, const Instance& instance, const Answer& answer) const = 0;
  // Proven to have no answer.
  virtual void none(std::ostream& out, const Instance& instance) const = 0;
  // A limit or an interrupt stopped the search before an answer.
  virtual void stopped(std::ostream& out, const Instance& instance) const = 0;
  // The instance could not be read or searched.
  virtual void error(std::ostream& out) const = 0;
  // A generated puzzle (dance generate), drawn with its solution when one is
  // given; std::invalid_argument for a format that draws no puzzles.
  virtual void puzzle(std::ostream& out, const Instance& puzzle, const Answer* solution) const;
  // Whether puzzle() draws (dance generate takes the format).
  [[nodiscard]] virtual bool draws_puzzles() const { return false; }
};

// A format's name and what it writes, for --help and `dance list`.
struct Format {
  std::string name;
  std::string help;
};

// One answer in `format` ("text", "svg", "json", ...) as a string; throws
// std::invalid_argument naming the formats there are for an unknown one.
[[nodiscard]] std::string render(const Reduction& reduction, std::string_view format, const Instance& instance,
                                 const Answer& answer);

}  // namespace dance
