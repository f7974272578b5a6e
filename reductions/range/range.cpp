#include "range/range.hpp"

#include <ostream>
#include <stdexcept>

#include "range/connectivity.hpp"
#include "range/puzzles.hpp"

namespace dance::range {
namespace {

std::optional<Notation> chosen_notation(const ModelOptions& options) {
  const std::string format = options.choice("format", {"grid", "id"});
  if (format.empty()) return std::nullopt;
  return format == "grid" ? Notation::grid : Notation::id;
}

class RangeReader final : public InstanceReader {
 public:
  RangeReader(std::istream& in, std::optional<Notation> output) : puzzles_(in), output_(output) {}
  std::unique_ptr<Instance> next() override {
    auto puzzle = puzzles_.next();
    if (!puzzle) return nullptr;
    auto instance = std::make_unique<RangeInstance>();
    instance->line = puzzle->line;
    instance->output = output_.value_or(puzzle->notation);
    instance->puzzle = std::move(*puzzle);
    return instance;
  }

 private:
  PuzzleReader puzzles_;
  std::optional<Notation> output_;
};

}  // namespace

std::vector<OptionSpec> RangeReduction::options() const {
  return {{"format", "grid|id", "write puzzles and answers as grids or game IDs (default: as the input; generate: id)"},
          {"size", "WxH", "generate: the board is W columns by H rows (default 7x7)"},
          {"density", "PERCENT", "generate: the share of black cells to aim at (default 20)"}};
}

std::unique_ptr<InstanceReader> RangeReduction::reader(std::istream& in, const ModelOptions& options) const {
  for (const char* name : {"size", "density"})
    if (options.has(name)) throw std::invalid_argument(std::string("--") + name + " is an option of 'dance generate range'");
  return std::make_unique<RangeReader>(in, chosen_notation(options));
}

Encoding RangeReduction::encode(const Instance& instance) const {
  const auto& range = static_cast<const RangeInstance&>(instance);
  const Board& board = range.puzzle.board;
  range.encoded = encode_board(board);
  std::vector<std::size_t> clues;
  for (std::size_t cell = 0; cell < board.cells(); ++cell)
    if (board.clues[cell] != 0) clues.push_back(cell);
  Encoding encoding;
  encoding.problem = range.encoded.problem;
  encoding.hook = std::make_unique<ConnectivityHook>(board.width, board.height, range.encoded.colours, std::move(clues));
  return encoding;
}

std::unique_ptr<Answer> RangeReduction::decode(const Instance& instance, std::span<const dlx::OptionId> solution) const {
  const auto& range = static_cast<const RangeInstance&>(instance);
  auto answer = std::make_unique<RangeAnswer>();
  answer->black = colouring_of(*range.encoded.colours, range.puzzle.board.cells(), solution);
  return answer;
}

std::optional<std::string> RangeReduction::verify(const Instance& instance, const Answer& answer) const {
  return check(static_cast<const RangeInstance&>(instance).puzzle.board, static_cast<const RangeAnswer&>(answer).black);
}

void RangeReduction::print(std::ostream& out, const Instance& instance, const Answer& answer) const {
  const auto& range = static_cast<const RangeInstance&>(instance);
  const std::string& title = range.puzzle.title;
  if (range.output == Notation::grid) {
    if (!title.empty()) out << "# " << title << '\n';
    write(out, range.puzzle.board, &static_cast<const RangeAnswer&>(answer).black, Notation::grid);
    out << '\n';
    return;
  }
  write(out, range.puzzle.board, &static_cast<const RangeAnswer&>(answer).black, Notation::id);
  if (!title.empty()) out << "  # " << title;
  out << '\n';
}

void RangeReduction::print_none(std::ostream& out, const Instance& instance) const {
  out << "no solution\n";
  if (static_cast<const RangeInstance&>(instance).output == Notation::grid) out << '\n';
}

void RangeReduction::print_stopped(std::ostream& out, const Instance& instance) const {
  out << "unknown\n";
  if (static_cast<const RangeInstance&>(instance).output == Notation::grid) out << '\n';
}

void RangeReduction::print_error(std::ostream& out) const { out << "error\n"; }

std::unique_ptr<PuzzleType> RangeReduction::puzzle_type(const ModelOptions& options) const {
  const auto [width, height] = options.dimensions("size", "WxH (columns x rows, such as 9x6)", {7, 7}, 1, 200);
  if (width <= 2 && height <= 2)
    throw std::invalid_argument("--size " + options.text("size") +
                                " is too small for a range puzzle; take at least three cells in one direction");
  const int density = static_cast<int>(options.number("density", 20, 0, 50));
  return std::make_unique<RangePuzzles>(static_cast<int>(width), static_cast<int>(height), density, chosen_notation(options).value_or(Notation::id));
}

}  // namespace dance::range
