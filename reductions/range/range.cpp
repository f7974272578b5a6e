#include "range/range.hpp"

#include <ostream>
#include <stdexcept>

#include "range/connectivity.hpp"
#include "range/puzzles.hpp"

namespace dance::range {
namespace {

std::optional<Notation> chosen_notation(const ModelOptions& options) {
  const std::string format = options.text("format");
  if (format.empty()) return std::nullopt;
  return format == "grid" ? Notation::grid : format == "svg" ? Notation::svg : Notation::id;
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
  return {OptionSpec::choice("format", {"grid", "id", "svg"}, "write puzzles and answers as grids, game IDs or SVG pictures (default: as the input; generate: id)"),
          OptionSpec::dimensions("size", "WxH", 1, 200, "generate: the board is W columns by H rows (default 7x7)"),
          OptionSpec::integer("density", "PERCENT", 0, 50, "generate: the share of black cells to aim at (default 20)")};
}

std::unique_ptr<InstanceReader> RangeReduction::read(std::istream& in, const ModelOptions& options) const {
  for (const char* name : {"size", "density"})
    if (options.has(name)) throw std::invalid_argument(std::string("--") + name + " is an option of 'dance generate range'");
  return std::make_unique<RangeReader>(in, chosen_notation(options));
}

Encoding RangeReduction::encode(const RangeInstance& range) const {
  const Board& board = range.puzzle.board;
  RangeProblem encoded = encode_board(board);
  std::vector<std::size_t> clues;
  for (std::size_t cell = 0; cell < board.cells(); ++cell)
    if (board.clues[cell] != 0) clues.push_back(cell);
  Encoding encoding;
  encoding.problem = encoded.problem;
  encoding.hook = std::make_unique<ConnectivityHook>(board.width, board.height, encoded.colours, std::move(clues));
  keep(encoding, std::move(encoded));  // decode reads the cells' colours
  return encoding;
}

std::unique_ptr<RangeAnswer> RangeReduction::decode(const RangeInstance& range, const RangeProblem& encoded,
                                                    std::span<const dlx::OptionId> solution) const {
  auto answer = std::make_unique<RangeAnswer>();
  answer->black = colouring_of(*encoded.colours, range.puzzle.board.cells(), solution);
  return answer;
}

std::optional<std::string> RangeReduction::verify(const RangeInstance& instance, const RangeAnswer& answer) const {
  return check(instance.puzzle.board, answer.black);
}

void RangeReduction::print(std::ostream& out, const RangeInstance& range, const RangeAnswer& answer) const {
  const std::string& title = range.puzzle.title;
  if (range.output == Notation::svg) return write(out, range.puzzle.board, &answer.black, Notation::svg);
  if (range.output == Notation::grid) {
    if (!title.empty()) out << "# " << title << '\n';
    write(out, range.puzzle.board, &answer.black, Notation::grid);
    out << '\n';
    return;
  }
  write(out, range.puzzle.board, &answer.black, Notation::id);
  if (!title.empty()) out << "  # " << title;
  out << '\n';
}

void RangeReduction::print_none(std::ostream& out, const RangeInstance& instance) const {
  out << "no solution\n";
  if (instance.output == Notation::grid) out << '\n';
}

void RangeReduction::print_stopped(std::ostream& out, const RangeInstance& instance) const {
  out << "unknown\n";
  if (instance.output == Notation::grid) out << '\n';
}

void RangeReduction::print_error(std::ostream& out) const { out << "error\n"; }

std::unique_ptr<PuzzleType> RangeReduction::make_puzzle_type(const ModelOptions& options) const {
  const auto [width, height] = options.dimensions("size", {7, 7});
  if (width <= 2 && height <= 2)
    throw std::invalid_argument("--size " + options.text("size") +
                                " is too small for a range puzzle; take at least three cells in one direction");
  const int density = static_cast<int>(options.number("density", 20));
  return std::make_unique<RangePuzzles>(static_cast<int>(width), static_cast<int>(height), density, chosen_notation(options).value_or(Notation::id));
}

}  // namespace dance::range
