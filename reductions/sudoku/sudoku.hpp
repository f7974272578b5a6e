// `sudoku`: any size n = R x C, X-sudoku (--diagonals) and jigsaw (--jigsaw).
//
// Exact cover: 4n^2 primary items (cell r,c filled; row r has v; column c
// has v; region g has v), plus 2n for the diagonals, and n^3 options, one per
// (cell, value). Option (r, c, v) has id (r*n + c)*n + v-1. Clues are
// assumed, so one encoded matrix per shape serves every puzzle of a batch.
#pragma once

#include <map>
#include <mutex>

#include "dance/reduction.hpp"
#include "sudoku/reader.hpp"

namespace dance::sudoku {

struct SudokuInstance : Instance {
  ReadGrid puzzle;
  Notation output;  // the input's notation: the text format writes answers in it
};

struct SudokuAnswer : Answer {
  Cells cells;
};

// The exact cover problem of a shape (no clues).
dlx::Problem encode_shape(const Shape& shape);

// Clues that contradict each other on sight: two equal values in one row,
// column, region or diagonal. Names the cells, or nothing.
std::optional<std::string> clashing_clues(const Shape& shape, const Cells& clues);

// An independent check of a full grid against the shape and the clues.
std::optional<std::string> check_grid(const Shape& shape, const Cells& clues, const Cells& grid);

class SudokuReduction final : public TypedReduction<SudokuInstance, SudokuAnswer> {
 public:
  [[nodiscard]] std::string_view name() const override { return "sudoku"; }
  [[nodiscard]] std::string_view summary() const override {
    return "sudoku of any size R x C (4x4 to 36x36 and up), X-sudoku, jigsaw";
  }
  [[nodiscard]] std::vector<OptionSpec> options() const override;
  [[nodiscard]] std::unique_ptr<InstanceReader> read(std::istream& in, const ModelOptions& options) const override;
  [[nodiscard]] Encoding encode(const SudokuInstance& instance) const override;
  [[nodiscard]] std::unique_ptr<SudokuAnswer> decode(const SudokuInstance& instance,
                                               std::span<const dlx::OptionId> solution) const override;
  [[nodiscard]] std::optional<std::string> verify(const SudokuInstance& instance, const SudokuAnswer& answer) const override;
  void print(std::ostream& out, const SudokuInstance& instance, const SudokuAnswer& answer) const override;
  void write_json(nlohmann::ordered_json& out, const SudokuInstance& instance, const SudokuAnswer& answer) const override;
  [[nodiscard]] std::vector<Writer<SudokuInstance, SudokuAnswer>> writers() const override;
  [[nodiscard]] std::string text_help() const override { return "each answer in the input's notation, a line or a grid"; }
  [[nodiscard]] bool aligned_output() const override { return true; }
  [[nodiscard]] bool one_line_answers() const override { return true; }
  void print_none(std::ostream& out, const SudokuInstance& instance) const override;
  void print_error(std::ostream& out) const override;
  void print_stopped(std::ostream& out, const SudokuInstance& instance) const override;
  [[nodiscard]] std::unique_ptr<PuzzleType> make_puzzle_type(const ModelOptions& options) const override;

 private:
  [[nodiscard]] std::shared_ptr<const dlx::Problem> problem_for(const Shape& shape) const;
  // The shape --box or --size fixes, if any.
  [[nodiscard]] std::optional<Shape> fixed_shape(const ModelOptions& options) const;

  // One problem per shape, built on first use.
  mutable std::mutex mutex_;
  mutable std::vector<std::pair<Shape, std::shared_ptr<const dlx::Problem>>> problems_;
};

}  // namespace dance::sudoku
