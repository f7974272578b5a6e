#include "signpost/signpost.hpp"

#include "dance/line_reader.hpp"
#include "path_puzzle/grid_reduction.hpp"
#include "signpost/game_id.hpp"

namespace dance::signpost {

using namespace path_puzzle;

namespace {

// One game ID a line; anything after it, past white space, is ignored, and
// a '#' there starts the puzzle's title.
class IdReader final : public InstanceReader {
 public:
  explicit IdReader(std::istream& in) : lines_(in) {}
  std::unique_ptr<Instance> next() override {
    const auto line = lines_.next();
    if (!line) return nullptr;
    const std::string& text = line->text;
    const std::size_t start = text.find_first_not_of(" \t\r");
    const std::size_t end = std::min(text.find_first_of(" \t\r", start), text.size());
    std::string title;
    const std::size_t rest = text.find_first_not_of(" \t\r", end);
    if (rest != std::string::npos && text[rest] == '#') {
      const std::size_t from = text.find_first_not_of(" \t\r", rest + 1);
      if (from != std::string::npos) title = text.substr(from, text.find_last_not_of(" \t\r") + 1 - from);
    }
    Board board = parse_id(std::string_view(text).substr(start, end - start), line->number, start + 1);
    return make_instance(std::move(board), std::move(title), line->number);
  }

 private:
  LineReader lines_;
};

}  // namespace

std::vector<OptionSpec> SignpostReduction::options() const {
  return {OptionSpec::dimensions("size", "WxH", 2, 20, "generate: a grid of W columns and H rows (default 7x7)")};
}

std::unique_ptr<InstanceReader> SignpostReduction::read(std::istream& in, const ModelOptions& options) const {
  refuse_generate_options(options, name(), {"size"});
  return std::make_unique<IdReader>(in);
}

std::vector<Writer<PathInstance, PathAnswer>> SignpostReduction::writers() const {
  auto all = PathPuzzleReduction::writers();
  all[0].puzzle = nullptr;  // a grid of numbers has no arrows: a generated puzzle is an ID or a picture
  all.push_back({"id", "each answer as a game ID with every cell numbered (generate: each puzzle, the default)",
                 [](std::ostream& out, const PathInstance& instance, const PathAnswer& answer) {
                   write_id(out, instance.board, &answer.filling);
                   if (!instance.title.empty()) out << "  # " << instance.title;
                   out << '\n';
                 },
                 one_line("no solution"), one_line("unknown"), puzzles(&write_id, true)});
  return all;
}

std::unique_ptr<PuzzleType> SignpostReduction::make_puzzle_type(const ModelOptions& options) const {
  Shape shape = shape_of(options, name(), Rule::arrows, {7, 7});
  shape.one_line = true;  // its text: game IDs; svg is its presenter's
  shape.write = &signpost::write_id;
  return std::make_unique<PathPuzzles>(std::move(shape));
}

}  // namespace dance::signpost
