#include "signpost/game_id.hpp"

#include <cctype>
#include <ostream>
#include <vector>

#include "dlx/error.hpp"

namespace dance::signpost {

using path_puzzle::Board;

namespace {

// Reads a whole number at text[at...]; nothing when there is no digit, and
// at most `cap` + 1 (more would not fit: the caller says what it read).
std::optional<long> read_number(std::string_view text, std::size_t& at, long cap) {
  const std::size_t start = at;
  long value = 0;
  while (at < text.size() && std::isdigit(static_cast<unsigned char>(text[at]))) value = std::min(value * 10 + (text[at++] - '0'), cap + 1);
  if (at == start) return std::nullopt;
  return value;
}

}  // namespace

Board parse_id(std::string_view id, std::size_t line, std::size_t column) {
  const auto fail = [&](std::size_t at, const std::string& what) { return dlx::ParseError(line, column + at, what); };
  std::size_t at = 0;
  constexpr auto most = static_cast<long>(path_puzzle::most_cells);
  const auto width = read_number(id, at, most);
  if (!width || at >= id.size() || id[at] != 'x') throw fail(at, "expected a game ID 'WxH:...' (width, 'x', height)");
  ++at;
  const auto height = read_number(id, at, most);
  if (!height) throw fail(at, "expected the height after 'x'");
  if (*width < 1 || *height < 1 || *width * *height > most || *width * *height < 2)
    throw fail(0, "a Signpost grid has 2 to " + std::to_string(most) + " cells; found " + std::string(id.substr(0, at)));
  if (at < id.size() && id[at] == 'c') ++at;  // Tatham's corner start: a generator's setting
  if (at >= id.size() || id[at] != ':')
    throw fail(at, at < id.size() && id[at] == '#' ? "expected a game ID's ':', found a random seed's '#': generate the puzzle "
                                                      "with sgt-signpost and give its ID"
                                                    : "expected ':' after the size");
  ++at;
  Board board;
  board.rule = path_puzzle::Rule::arrows;
  board.width = static_cast<int>(*width);
  board.height = static_cast<int>(*height);
  const auto cells = static_cast<std::size_t>(*width * *height);
  std::vector<std::size_t> starts;  // per cell: where its token starts
  while (at < id.size()) {
    const std::size_t start = at;
    const long number = read_number(id, at, static_cast<long>(cells)).value_or(0);
    if (at > start && id[start] == '0')  // Tatham writes numbers from 1, without leading zeros
      throw fail(start, "expected a number from 1 (without a leading 0) or an arrow 'a' to 'h', found " +
                            dlx::quoted(id.substr(start, at - start)));
    if (number > static_cast<long>(cells))
      throw fail(start, "the number " + std::string(id.substr(start, at - start)) + " is more than the " + std::to_string(cells) + " cells");
    if (at >= id.size()) throw fail(at, "expected an arrow 'a' to 'h' after the number");
    if (id[at] < 'a' || id[at] > 'h') throw fail(at, "expected a number or an arrow 'a' to 'h', found " + dlx::quoted(id.substr(at, 1)));
    if (board.cells() == cells) throw fail(at, "the ID has more than the " + std::to_string(cells) + " cells of a " + std::to_string(*width) + "x" + std::to_string(*height) + " grid");
    starts.push_back(start);
    board.numbers.push_back(static_cast<int>(number));
    board.arrows.push_back(id[at] - 'a');
    ++at;
  }
  if (board.cells() != cells)
    throw fail(at, "the ID has " + std::to_string(board.cells()) + " cells; a " + std::to_string(*width) + "x" +
                       std::to_string(*height) + " grid has " + std::to_string(cells));
  if (const auto wrong = path_puzzle::contradiction(board)) throw fail(wrong->cell < starts.size() ? starts[wrong->cell] : 0, wrong->what);
  return board;
}

void write_id(std::ostream& out, const Board& board, const path_puzzle::Filling* filling) {
  out << board.width << 'x' << board.height << ':';
  for (std::size_t cell = 0; cell < board.cells(); ++cell) {
    const int number = filling ? (*filling)[cell] : board.numbers[cell];
    if (number > 0) out << number;
    out << static_cast<char>('a' + board.arrows[cell]);
  }
}

}  // namespace dance::signpost
