// What the three path puzzle reductions share (numbrix/, hidato/,
// signpost/): the instance, the answer, and encode, decode, verify and
// print through the hamilton reduction's position encoding with givens.
// Each family adds its name, options, reader and generator.
#pragma once

#include "dance/reduction.hpp"
#include "path_puzzle/board.hpp"

namespace dance::path_puzzle {

enum class Output { grid, id, svg };

struct PathInstance : Instance {
  Board board;
  std::string title;
  Output output = Output::grid;
  Question question;
};

struct PathAnswer : Answer {
  Filling filling;
};

// The instance of a board read, with its question made.
[[nodiscard]] std::unique_ptr<PathInstance> make_instance(Board board, std::string title, std::size_t line, Output output);

class PathPuzzleReduction : public TypedReduction<PathInstance, PathAnswer> {
 public:
  [[nodiscard]] Encoding encode(const PathInstance& instance) const override;
  [[nodiscard]] std::unique_ptr<PathAnswer> decode(const PathInstance& instance,
                                                   std::span<const dlx::OptionId> solution) const override;
  [[nodiscard]] std::optional<std::string> verify(const PathInstance& instance, const PathAnswer& answer) const override;
  void print(std::ostream& out, const PathInstance& instance, const PathAnswer& answer) const override;
  [[nodiscard]] bool aligned_output() const override { return true; }
  void print_none(std::ostream& out, const PathInstance& instance) const override;
  void print_stopped(std::ostream& out, const PathInstance& instance) const override;
  void print_error(std::ostream& out) const override;

 protected:
  // The puzzle (filling null) or its answer as a game ID (Signpost's).
  virtual void write_id(std::ostream&, const Board&, const Filling*) const {}
};

}  // namespace dance::path_puzzle
