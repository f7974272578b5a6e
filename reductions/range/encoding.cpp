#include "range/encoding.hpp"

#include <span>
#include <string>

namespace dance::range {
namespace {

std::string cell_label(const Board& board, std::size_t cell) {
  const auto w = static_cast<std::size_t>(board.width);
  return "r" + std::to_string(cell / w + 1) + "c" + std::to_string(cell % w + 1);
}

// Adds options to a builder while recording the cells they colour.
class Options {
 public:
  // `always_white`: cells no option can blacken (fixed clues), whose colour
  // items would only cost the search updates.
  Options(dlx::ProblemBuilder& builder, dlx::ItemId first_colour, dlx::ColourId black, dlx::ColourId white,
          std::vector<bool> always_white)
      : builder_(builder), first_colour_(first_colour), black_(black), white_(white), always_white_(std::move(always_white)) {
    colours_.start.push_back(0);
  }
  void colour(std::size_t cell, bool black) {
    if (black || !always_white_[cell])
      entries_.push_back({first_colour_ + static_cast<dlx::ItemId>(cell), black ? black_ : white_});
    colours_.cells.push_back(static_cast<std::uint32_t>(cell) | (black ? CellColours::black_bit : 0));
  }
  void plain(dlx::Entry entry) { entries_.push_back(entry); }
  dlx::OptionId add() {
    const dlx::OptionId id = builder_.add_option(entries_);
    entries_.clear();
    colours_.start.push_back(static_cast<std::uint32_t>(colours_.cells.size()));
    return id;
  }
  CellColours take() { return std::move(colours_); }

 private:
  dlx::ProblemBuilder& builder_;
  dlx::ItemId first_colour_;
  dlx::ColourId black_, white_;
  std::vector<bool> always_white_;
  std::vector<dlx::Entry> entries_;
  CellColours colours_;
};

// The options of the clue at `cell`: every split of the clue minus one into
// arm lengths up, down, left and right that fit the board and do not end
// next to a fixed clue (which would have to be black).
template <class IsFixedClue>
void add_clue_options(Options& options, const Board& board, std::size_t cell, IsFixedClue is_fixed_clue,
                      std::span<const dlx::Entry> switched_on) {
  const int w = board.width, r = static_cast<int>(cell) / w, c = static_cast<int>(cell) % w;
  const int room[4] = {r, board.height - 1 - r, c, w - 1 - c};
  // The cell j steps from the clue in direction k.
  const auto at = [&](int k, int j) { return static_cast<std::size_t>((r + j * steps[k][0]) * w + c + j * steps[k][1]); };
  const int rest = board.clues[cell] - 1;
  int arm[4];
  for (arm[0] = 0; arm[0] <= std::min(room[0], rest); ++arm[0])
    for (arm[1] = 0; arm[1] <= std::min(room[1], rest - arm[0]); ++arm[1])
      for (arm[2] = 0; arm[2] <= std::min(room[2], rest - arm[0] - arm[1]); ++arm[2]) {
        arm[3] = rest - arm[0] - arm[1] - arm[2];
        if (arm[3] > room[3]) continue;
        bool possible = true;
        for (int k = 0; k < 4; ++k) possible = possible && (arm[k] == room[k] || !is_fixed_clue(at(k, arm[k] + 1)));
        if (!possible) continue;
        options.plain({static_cast<dlx::ItemId>(cell)});
        options.colour(cell, false);
        for (int k = 0; k < 4; ++k) {
          for (int j = 1; j <= arm[k]; ++j) options.colour(at(k, j), false);
          if (arm[k] < room[k]) options.colour(at(k, arm[k] + 1), true);
        }
        for (const dlx::Entry& e : switched_on) options.plain(e);
        options.add();
      }
}

}  // namespace

RangeProblem encode_board(const Board& board, const std::vector<bool>* switchable) {
  const int w = board.width, h = board.height;
  const std::size_t cells = board.cells();
  const auto is_switchable = [&](std::size_t cell) { return switchable && (*switchable)[cell]; };
  const auto fixed_clue = [&](std::size_t cell) { return !switchable && board.clues[cell] != 0; };
  dlx::ProblemBuilder b;
  // A free cell's colour mostly follows from the clues': the search branches
  // on clues first (17x17 and 14x24 puzzles: 56,099 nodes instead of 2,133,985).
  for (std::size_t cell = 0; cell < cells; ++cell) {
    const dlx::ItemId item = b.add_primary(cell_label(board, cell));
    if (!fixed_clue(cell) && !is_switchable(cell)) b.defer(item);
  }
  std::vector<dlx::ItemId> given(cells), clue(cells);
  for (std::size_t cell = 0; cell < cells; ++cell)
    if (is_switchable(cell)) given[cell] = b.add_primary("given-" + cell_label(board, cell));
  const auto first_colour = static_cast<dlx::ItemId>(b.peek().items().size());
  for (std::size_t cell = 0; cell < cells; ++cell) b.add_secondary("colour-" + cell_label(board, cell));
  for (std::size_t cell = 0; cell < cells; ++cell)
    if (is_switchable(cell)) clue[cell] = b.add_secondary("clue-" + cell_label(board, cell));
  const dlx::ColourId black = b.colour("black"), white = b.colour("white");
  const dlx::ColourId on = switchable ? b.colour("on") : dlx::no_colour;
  const dlx::ColourId off = switchable ? b.colour("off") : dlx::no_colour;

  std::vector<bool> clue_cells(cells);
  for (std::size_t cell = 0; cell < cells; ++cell) clue_cells[cell] = fixed_clue(cell);
  Options options(b, first_colour, black, white, std::move(clue_cells));
  RangeProblem result;
  result.keep.assign(switchable ? cells : 0, 0);
  result.drop.assign(switchable ? cells : 0, 0);
  for (std::size_t cell = 0; cell < cells; ++cell) {
    const dlx::ItemId item = static_cast<dlx::ItemId>(cell);
    if (fixed_clue(cell) || is_switchable(cell)) {
      const dlx::Entry switched_on{clue[cell], on};  // only for a switchable clue
      add_clue_options(options, board, cell, fixed_clue,
                       std::span<const dlx::Entry>(&switched_on, is_switchable(cell) ? 1 : 0));
      if (fixed_clue(cell)) continue;
    }
    options.plain({item});
    options.colour(cell, false);
    if (is_switchable(cell)) options.plain({clue[cell], off});
    options.add();
    options.plain({item});
    options.colour(cell, true);
    for_each_neighbour(w, h, cell, [&options](std::size_t next) { options.colour(next, false); });
    if (is_switchable(cell)) options.plain({clue[cell], off});
    options.add();
  }
  for (std::size_t cell = 0; cell < cells; ++cell) {
    if (!is_switchable(cell)) continue;
    options.plain({given[cell]});
    options.plain({clue[cell], on});
    options.colour(cell, false);
    result.keep[cell] = options.add();
    options.plain({given[cell]});
    options.plain({clue[cell], off});
    result.drop[cell] = options.add();
  }
  result.problem = std::make_shared<const dlx::Problem>(b.build());
  result.colours = std::make_shared<const CellColours>(options.take());
  return result;
}

Colouring colouring_of(const CellColours& colours, std::size_t cells, std::span<const dlx::OptionId> solution) {
  Colouring black(cells, false);
  for (const dlx::OptionId o : solution)
    for (std::uint32_t k = colours.start[o]; k < colours.start[o + 1]; ++k)
      if (colours.cells[k] & CellColours::black_bit) black[colours.cells[k] & ~CellColours::black_bit] = true;
  return black;
}

}  // namespace dance::range
