#include "path_puzzle/reduction.hpp"

#include <ostream>

#include "hamilton/encodings.hpp"
#include "path_puzzle/picture.hpp"

namespace dance::path_puzzle {

std::unique_ptr<PathInstance> make_instance(Board board, std::string title, std::size_t line, Output output) {
  auto instance = std::make_unique<PathInstance>();
  instance->line = line;
  instance->title = std::move(title);
  instance->output = output;
  instance->question = question(board);
  instance->board = std::move(board);
  return instance;
}

Encoding PathPuzzleReduction::encode(const PathInstance& instance) const {
  return hamilton::encode_by_successor(*instance.question.path, instance.question.links);
}

std::unique_ptr<PathAnswer> PathPuzzleReduction::decode(const PathInstance& instance, std::span<const dlx::OptionId> solution) const {
  auto answer = std::make_unique<PathAnswer>();
  answer->filling = filling_of(instance.board, instance.question, solution);
  return answer;
}

std::optional<std::string> PathPuzzleReduction::verify(const PathInstance& instance, const PathAnswer& answer) const {
  return check(instance.board, answer.filling);
}

void PathPuzzleReduction::print(std::ostream& out, const PathInstance& instance, const PathAnswer& answer) const {
  switch (instance.output) {
    case Output::svg: return draw(out, instance.board, &answer.filling);
    case Output::id:
      write_id(out, instance.board, &answer.filling);
      if (!instance.title.empty()) out << "  # " << instance.title;
      out << '\n';
      return;
    case Output::grid:
      if (!instance.title.empty()) out << "# " << instance.title << '\n';
      write_grid(out, instance.board, &answer.filling);
      out << '\n';
      return;
  }
}

void PathPuzzleReduction::print_none(std::ostream& out, const PathInstance& instance) const {
  out << "no solution\n";
  if (instance.output == Output::grid) out << '\n';
}

void PathPuzzleReduction::print_stopped(std::ostream& out, const PathInstance& instance) const {
  out << "unknown\n";
  if (instance.output == Output::grid) out << '\n';
}

void PathPuzzleReduction::print_error(std::ostream& out) const { out << "error\n"; }

}  // namespace dance::path_puzzle
