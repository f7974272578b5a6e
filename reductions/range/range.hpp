// `range`: range puzzles (Kurodoko), solved, counted and generated as exact
// cover with colours (encoding.hpp) and a connectivity hook (connectivity.hpp).
#pragma once

#include "dance/reduction.hpp"
#include "range/encoding.hpp"
#include "range/reader.hpp"

namespace dance::range {

struct RangeInstance : Instance {
  Puzzle puzzle;
  Notation output = Notation::grid;  // how to write its answers
  mutable RangeProblem encoded;      // set by encode(), read by decode()
};

struct RangeAnswer : Answer {
  Colouring black;
};

class RangeReduction final : public Reduction {
 public:
  [[nodiscard]] std::string_view name() const override { return "range"; }
  [[nodiscard]] std::string_view summary() const override {
    return "range puzzles (Kurodoko): grids or Simon Tatham's game IDs";
  }
  [[nodiscard]] std::vector<OptionSpec> options() const override;
  [[nodiscard]] std::unique_ptr<InstanceReader> reader(std::istream& in, const ModelOptions& options) const override;
  [[nodiscard]] Encoding encode(const Instance& instance) const override;
  [[nodiscard]] std::unique_ptr<Answer> decode(const Instance& instance,
                                               std::span<const dlx::OptionId> solution) const override;
  [[nodiscard]] std::optional<std::string> verify(const Instance& instance, const Answer& answer) const override;
  void print(std::ostream& out, const Instance& instance, const Answer& answer) const override;
  [[nodiscard]] bool aligned_output() const override { return true; }
  void print_none(std::ostream& out, const Instance& instance) const override;
  void print_stopped(std::ostream& out, const Instance& instance) const override;
  void print_error(std::ostream& out) const override;
  [[nodiscard]] std::unique_ptr<PuzzleType> puzzle_type(const ModelOptions& options) const override;
};

}  // namespace dance::range
