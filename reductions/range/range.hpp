// `range`: range puzzles (Kurodoko), solved, counted and generated as exact
// cover with colours (encoding.hpp) and a connectivity hook (connectivity.hpp).
#pragma once

#include "dance/reduction.hpp"
#include "range/encoding.hpp"
#include "range/reader.hpp"

namespace dance::range {

struct RangeInstance : Instance {
  ReadGrid puzzle;
  Notation notation = Notation::grid;  // the input's: the text format writes answers in it
};

struct RangeAnswer : Answer {
  Colouring black;
};

class RangeReduction final : public TypedReduction<RangeInstance, RangeAnswer, RangeProblem> {
 public:
  [[nodiscard]] std::string_view name() const override { return "range"; }
  [[nodiscard]] std::string_view summary() const override {
    return "range puzzles (Kurodoko): grids or Simon Tatham's game IDs";
  }
  [[nodiscard]] std::vector<OptionSpec> options() const override;
  [[nodiscard]] std::unique_ptr<InstanceReader> read(std::istream& in, const ModelOptions& options) const override;
  [[nodiscard]] Encoding encode(const RangeInstance& instance) const override;
  [[nodiscard]] std::unique_ptr<RangeAnswer> decode(const RangeInstance& instance, const RangeProblem& encoded,
                                                    std::span<const dlx::OptionId> solution) const override;
  [[nodiscard]] std::optional<std::string> verify(const RangeInstance& instance, const RangeAnswer& answer) const override;
  void print(std::ostream& out, const RangeInstance& instance, const RangeAnswer& answer) const override;
  void write_json(nlohmann::ordered_json& out, const RangeInstance& instance, const RangeAnswer& answer) const override;
  [[nodiscard]] std::vector<Writer<RangeInstance, RangeAnswer>> writers() const override;
  [[nodiscard]] std::string text_help() const override { return "each answer in the input's notation, a grid or a game ID"; }
  [[nodiscard]] bool aligned_output() const override { return true; }
  void print_none(std::ostream& out, const RangeInstance& instance) const override;
  void print_stopped(std::ostream& out, const RangeInstance& instance) const override;
  void print_error(std::ostream& out) const override;
  [[nodiscard]] std::unique_ptr<PuzzleType> make_puzzle_type(const ModelOptions& options) const override;
};

}  // namespace dance::range
