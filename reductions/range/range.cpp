#include "range/range.hpp"

#include <nlohmann/json.hpp>
#include <ostream>
#include <stdexcept>

#include "range/connectivity.hpp"
#include "range/picture.hpp"
#include "range/puzzles.hpp"

namespace dance::range {
namespace {

class RangeReader final : public InstanceReader {
 public:
  explicit RangeReader(std::istream& in) : puzzles_(in) {}
  std::unique_ptr<Instance> next() override {
    auto puzzle = puzzles_.next();
    if (!puzzle) return nullptr;
    auto instance = std::make_unique<RangeInstance>();
    instance->line = puzzle->line;
    instance->notation = puzzle->notation;
    instance->puzzle = std::move(*puzzle);
    return instance;
  }

 private:
  PuzzleReader puzzles_;
};

// An answer in `notation`: a grid after its title's line, an ID before it.
void write_answer(std::ostream& out, const RangeInstance& range, const RangeAnswer& answer, Notation notation) {
  const std::string& title = range.puzzle.title;
  if (notation == Notation::grid) {
    if (!title.empty()) out << "# " << title << '\n';
    write(out, range.puzzle.board, &answer.black, Notation::grid);
    out << '\n';
    return;
  }
  write(out, range.puzzle.board, &answer.black, Notation::id);
  if (!title.empty()) out << "  # " << title;
  out << '\n';
}

// In an answer's place: the word, and after a grid the empty line that ends it.
void write_word(std::ostream& out, const char* word, bool grid) {
  out << word << '\n';
  if (grid) out << '\n';
}

// The writers of a format that writes every instance in `notation`.
// A generated puzzle as `write` writes it, its solution after it when given (write_record).
Writer<RangeInstance, RangeAnswer>::Puzzles puzzles(BoardWriter write, bool one_line) {
  return [write = std::move(write), one_line](std::ostream& out, const RangeInstance& range, const RangeAnswer* solution) {
    write_record(out, range.puzzle.board, solution ? &solution->black : nullptr, write, one_line);
  };
}

Writer<RangeInstance, RangeAnswer> writer(std::string name, std::string help, Notation notation) {
  return {std::move(name), std::move(help),
          [notation](std::ostream& out, const RangeInstance& range, const RangeAnswer& answer) {
            write_answer(out, range, answer, notation);
          },
          [notation](std::ostream& out, const RangeInstance&) { write_word(out, "no solution", notation == Notation::grid); },
          [notation](std::ostream& out, const RangeInstance&) { write_word(out, "unknown", notation == Notation::grid); },
          puzzles([notation](std::ostream& out, const Board& board, const Colouring* black) { write(out, board, black, notation); },
                  notation == Notation::id)};
}

}  // namespace

std::vector<OptionSpec> RangeReduction::options() const {
  return {OptionSpec::dimensions("size", "WxH", 1, 200, "generate: the board is W columns by H rows (default 7x7)"),
          OptionSpec::integer("density", "PERCENT", 0, 50, "generate: the share of black cells to aim at (default 20)")};
}

std::unique_ptr<InstanceReader> RangeReduction::read(std::istream& in, const ModelOptions& options) const {
  for (const char* name : {"size", "density"})
    if (options.has(name)) throw OptionError({option_named(name), {" is an option of 'dance generate range'"}});
  return std::make_unique<RangeReader>(in);
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
  write_answer(out, range, answer, range.notation);
}

void RangeReduction::write_json(nlohmann::ordered_json& out, const RangeInstance& range, const RangeAnswer& answer) const {
  const auto width = static_cast<std::size_t>(range.puzzle.board.width);
  nlohmann::ordered_json rows = nlohmann::ordered_json::array();
  for (std::size_t cell = 0; cell < answer.black.size(); cell += width)
    rows.push_back(std::vector<bool>(answer.black.begin() + static_cast<std::ptrdiff_t>(cell),
                                     answer.black.begin() + static_cast<std::ptrdiff_t>(cell + width)));
  out = {{"black", std::move(rows)}};
}

std::vector<Writer<RangeInstance, RangeAnswer>> RangeReduction::writers() const {
  return {writer("grid", "each answer as a grid: '#' black, '.' white, the clues (generate: each puzzle)", Notation::grid),
          writer("id", "each answer as Simon Tatham's game ID with '#' and '.' (generate's default)", Notation::id),
          {"svg", "each answer as an SVG picture (generate: each puzzle)",
           [](std::ostream& out, const RangeInstance& range, const RangeAnswer& answer) { draw(out, range.puzzle.board, &answer.black); },
           [](std::ostream& out, const RangeInstance&) { write_word(out, "no solution", false); },
           [](std::ostream& out, const RangeInstance&) { write_word(out, "unknown", false); },
           puzzles(&draw, false)}};
}

void RangeReduction::print_none(std::ostream& out, const RangeInstance& instance) const {
  write_word(out, "no solution", instance.notation == Notation::grid);
}

void RangeReduction::print_stopped(std::ostream& out, const RangeInstance& instance) const {
  write_word(out, "unknown", instance.notation == Notation::grid);
}

void RangeReduction::print_error(std::ostream& out) const { out << "error\n"; }

std::unique_ptr<PuzzleType> RangeReduction::make_puzzle_type(const ModelOptions& options) const {
  const auto [width, height] = options.dimensions("size", {7, 7});
  if (width <= 2 && height <= 2)
    throw OptionError({option_named("size"),
                       {" " + options.text("size") + " is too small for a range puzzle; take at least three cells in one direction"}});
  const int density = static_cast<int>(options.number("density", 20));
  return std::make_unique<RangePuzzles>(static_cast<int>(width), static_cast<int>(height), density);  // grid and svg: its presenters
}

}  // namespace dance::range
