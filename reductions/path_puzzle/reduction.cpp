#include "path_puzzle/reduction.hpp"

#include <nlohmann/json.hpp>
#include <ostream>

#include "hamilton/encodings.hpp"
#include "path_puzzle/picture.hpp"
#include "path_puzzle/puzzles.hpp"

namespace dance::path_puzzle {

std::unique_ptr<PathInstance> make_instance(Board board, std::string title, std::size_t line) {
  auto instance = std::make_unique<PathInstance>();
  instance->line = line;
  instance->title = std::move(title);
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
  if (!instance.title.empty()) out << "# " << instance.title << '\n';
  write_grid(out, instance.board, &answer.filling);
  out << '\n';
}

void PathPuzzleReduction::write_json(nlohmann::ordered_json& out, const PathInstance& instance, const PathAnswer& answer) const {
  const auto width = static_cast<std::size_t>(instance.board.width);
  nlohmann::ordered_json rows = nlohmann::ordered_json::array();
  for (std::size_t cell = 0; cell < answer.filling.size(); ++cell) {
    if (cell % width == 0) rows.push_back(nlohmann::ordered_json::array());
    const int number = answer.filling[cell];
    rows.back().push_back(number == hole ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(number));  // a hole is no cell
  }
  out = {{"rows", std::move(rows)}};
}

std::function<void(std::ostream&, const PathInstance&)> PathPuzzleReduction::one_line(const char* word) {
  return [word](std::ostream& out, const PathInstance&) { out << word << '\n'; };
}

Writer<PathInstance, PathAnswer>::Puzzles PathPuzzleReduction::puzzles(std::function<void(std::ostream&, const Board&, const Filling*)> write,
                                                                   bool one_line) {
  return [write = std::move(write), one_line](std::ostream& out, const PathInstance& instance, const PathAnswer* solution) {
    write_record(out, instance.board, solution ? &solution->filling : nullptr, write, one_line);
  };
}

std::vector<Writer<PathInstance, PathAnswer>> PathPuzzleReduction::writers() const {
  return {{"grid", "each answer as a grid of numbers (the default)",
           [this](std::ostream& out, const PathInstance& instance, const PathAnswer& answer) { print(out, instance, answer); },
           nullptr, nullptr, puzzles(&write_grid, false)},
          {"svg", "each answer as an SVG picture (generate: each puzzle)",
           [](std::ostream& out, const PathInstance& instance, const PathAnswer& answer) {
             draw(out, instance.board, &answer.filling);
           },
           one_line("no solution"), one_line("unknown"), puzzles(&draw, false)}};
}

// In a grid's place: the word, and the empty line that ends a grid.
void PathPuzzleReduction::print_none(std::ostream& out, const PathInstance&) const { out << "no solution\n\n"; }

void PathPuzzleReduction::print_stopped(std::ostream& out, const PathInstance&) const { out << "unknown\n\n"; }

void PathPuzzleReduction::print_error(std::ostream& out) const { out << "error\n"; }

}  // namespace dance::path_puzzle
