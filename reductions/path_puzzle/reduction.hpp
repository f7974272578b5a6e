// What the three path puzzle reductions share (numbrix/, hidato/,
// signpost/): the instance, the answer, and encode, decode, verify and
// print through the hamilton reduction's position encoding with givens.
// Each family adds its name, options, reader and generator.
#pragma once

#include "dance/reduction.hpp"
#include "path_puzzle/board.hpp"

namespace dance::path_puzzle {

struct PathInstance : Instance {
  Board board;
  std::string title;
  Question question;
};

struct PathAnswer : Answer {
  Filling filling;
};

// The instance of a board read, with its question made.
[[nodiscard]] std::unique_ptr<PathInstance> make_instance(Board board, std::string title, std::size_t line);

class PathPuzzleReduction : public TypedReduction<PathInstance, PathAnswer> {
 public:
  [[nodiscard]] Encoding encode(const PathInstance& instance) const override;
  [[nodiscard]] std::unique_ptr<PathAnswer> decode(const PathInstance& instance,
                                                   std::span<const dlx::OptionId> solution) const override;
  [[nodiscard]] std::optional<std::string> verify(const PathInstance& instance, const PathAnswer& answer) const override;
  void print(std::ostream& out, const PathInstance& instance, const PathAnswer& answer) const override;
  void write_json(nlohmann::ordered_json& out, const PathInstance& instance, const PathAnswer& answer) const override;
  [[nodiscard]] std::vector<Writer<PathInstance, PathAnswer>> writers() const override;
  [[nodiscard]] std::string text_help() const override { return "each answer as a grid of numbers (the same as grid)"; }
  [[nodiscard]] bool aligned_output() const override { return true; }
  void print_none(std::ostream& out, const PathInstance& instance) const override;
  void print_stopped(std::ostream& out, const PathInstance& instance) const override;
  void print_error(std::ostream& out) const override;

 protected:
  // The writer of what stands for no answer in a format of one line a puzzle (id, svg).
  [[nodiscard]] static std::function<void(std::ostream&, const PathInstance&)> one_line(const char* word);
  // A generated puzzle as `write` writes it, its solution after it when given (write_record).
  [[nodiscard]] static Writer<PathInstance, PathAnswer>::Puzzles puzzles(
      std::function<void(std::ostream&, const Board&, const Filling*)> write, bool one_line);
};

}  // namespace dance::path_puzzle
