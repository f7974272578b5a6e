#include "dance/item_name.hpp"
#include "polyomino/polyomino.hpp"

#include <algorithm>
#include <cctype>
#include <nlohmann/json.hpp>
#include <array>
#include <map>
#include <ostream>
#include <set>
#include <sstream>

#include "dance/line_reader.hpp"
#include "dlx/error.hpp"
#include "polyomino/picture.hpp"

namespace dance::polyomino {
namespace {

// The eight symmetries of the square: (r, c) -> (a*r + b*c, d*r + e*c).
constexpr std::array<std::array<int, 4>, 8> symmetries{{
    {1, 0, 0, 1}, {0, 1, -1, 0}, {-1, 0, 0, -1}, {0, -1, 1, 0},  // turns
    {1, 0, 0, -1}, {-1, 0, 0, 1}, {0, 1, 1, 0}, {0, -1, -1, 0},  // flips
}};

Cell apply(const std::array<int, 4>& t, const Cell& cell) {
  return {t[0] * cell.first + t[1] * cell.second, t[2] * cell.first + t[3] * cell.second};
}

// Sorted, moved so that the smallest row and column are 0; also returns the shift.
Shape normalised(Shape cells, Cell* shift = nullptr) {
  int top = cells.front().first, left = cells.front().second;
  for (const auto& [r, c] : cells) top = std::min(top, r), left = std::min(left, c);
  for (auto& [r, c] : cells) r -= top, c -= left;
  std::sort(cells.begin(), cells.end());
  if (shift) *shift = {top, left};
  return cells;
}

Shape open_cells(const std::vector<std::string>& region) {
  Shape cells;
  for (std::size_t r = 0; r < region.size(); ++r)
    for (std::size_t c = 0; c < region[r].size(); ++c)
      if (region[r][c] == '.') cells.push_back({static_cast<int>(r), static_cast<int>(c)});
  return cells;
}

// The region's symmetries other than the identity, each as a map of cells
// (a symmetry followed by the shift that brings the region back onto itself).
std::vector<std::map<Cell, Cell>> region_symmetries(const Shape& open) {
  std::vector<std::map<Cell, Cell>> found;
  const Shape target = normalised(open);
  Cell base;
  normalised(open, &base);
  for (std::size_t k = 1; k < symmetries.size(); ++k) {
    Shape image;
    for (const Cell& cell : open) image.push_back(apply(symmetries[k], cell));
    Cell shift;
    if (normalised(image, &shift) != target) continue;
    std::map<Cell, Cell> map;
    for (const Cell& cell : open) {
      const Cell moved = apply(symmetries[k], cell);
      map[cell] = {moved.first - shift.first + base.first, moved.second - shift.second + base.second};
    }
    found.push_back(std::move(map));
  }
  return found;
}

// Up to symmetry: one piece (one of a kind, no placement that a symmetry of
// the region keeps) keeps only the first placement of each orbit. A symmetry
// then maps no solution to itself, and each orbit of solutions keeps one.
void keep_one_per_orbit(PolyominoInstance& instance, std::size_t region_line) {
  const auto group = region_symmetries(open_cells(instance.region));
  if (group.empty()) return;
  const auto image = [](const std::map<Cell, Cell>& map, const Shape& cells) {
    Shape moved;
    for (const Cell& cell : cells) moved.push_back(map.at(cell));
    std::sort(moved.begin(), moved.end());
    return moved;
  };
  for (std::size_t p = 0; p < instance.pieces.size(); ++p) {
    if (instance.pieces[p].count != 1) continue;
    bool free = true;
    for (const Placement& placement : instance.placements)
      if (placement.piece == p)
        for (const auto& map : group) free = free && image(map, placement.cells) != placement.cells;
    if (!free) continue;
    std::erase_if(instance.placements, [&](const Placement& placement) {
      if (placement.piece != p) return false;
      for (const auto& map : group)
        if (image(map, placement.cells) < placement.cells) return true;
      return false;
    });
    return;
  }
  throw dlx::ParseError(region_line, 1,
                        "a piece that no symmetry of the region fixes, to count up to symmetry (none has one)");
}

class PolyominoReader final : public OneInstanceReader {
 public:
  PolyominoReader(std::istream& in, bool up_to_symmetry) : lines_(in), up_to_symmetry_(up_to_symmetry) {}

  std::unique_ptr<Instance> read() override {
    auto instance = std::make_unique<PolyominoInstance>();
    std::optional<Line> line = lines_.next();
    std::size_t region_line = 0;
    while (line) {
      std::istringstream words(line->text);
      std::string keyword, name, extra;
      words >> keyword;
      if (keyword == "piece") {
        Piece piece;
        if (!(words >> piece.name)) throw dlx::ParseError(line->number, line->text.size() + 1, "expected a piece name after 'piece'");
        if (std::string count; words >> count) {
          const Line padded{line->number, std::string(column_of(*line, count) - 1, ' ') + count};  // columns as in the line
          piece.count = static_cast<int>(padded.whole_number(1, 1000, "how many of the piece"));
        }
        if (words >> extra) throw dlx::ParseError(line->number, column_of(*line, extra), "expected the end of the line, found " + dlx::quoted(extra));
        const std::size_t at = line->number;
        const auto rows = block(line);
        for (std::size_t r = 0; r < rows.size(); ++r)
          for (std::size_t c = 0; c < rows[r].size(); ++c)
            if (rows[r][c] != '.' && rows[r][c] != ' ' && rows[r][c] != '\r')
              piece.shape.push_back({static_cast<int>(r), static_cast<int>(c)});
        if (piece.shape.empty())
          throw dlx::ParseError(at + 1, 1,
                                "expected the rows of piece " + piece.name + " (any character but '.' and space is a cell)");
        for (const Piece& other : instance->pieces)
          if (other.name == piece.name) throw dlx::ParseError(at, 7, "a new piece name; " + piece.name + " is taken");
        piece.shape = normalised(piece.shape);
        instance->pieces.push_back(std::move(piece));
      } else if (keyword == "region") {
        if (region_line != 0) throw dlx::ParseError(line->number, 1, "one region; the first is on line " + std::to_string(region_line));
        if (words >> extra) throw dlx::ParseError(line->number, column_of(*line, extra), "expected the end of the line, found " + dlx::quoted(extra));
        region_line = line->number;
        instance->region = block(line);
        for (std::string& row : instance->region)
          if (!row.empty() && row.back() == '\r') row.pop_back();
        if (open_cells(instance->region).empty()) throw dlx::ParseError(region_line + 1, 1, "expected the rows of the region ('.' for an open cell)");
      } else {
        throw dlx::ParseError(line->number, column_of(*line, keyword), "expected 'piece NAME [COUNT]' or 'region', found " + dlx::quoted(keyword));
      }
    }
    if (instance->pieces.empty()) throw dlx::ParseError(1, 1, "expected at least one 'piece'");
    if (region_line == 0) throw dlx::ParseError(1, 1, "expected a 'region'");
    // Areas that cannot add up: no packing, and no placements to list.
    std::size_t area = 0;
    for (const Piece& piece : instance->pieces) area += static_cast<std::size_t>(piece.count) * piece.shape.size();
    if (const std::size_t open = open_cells(instance->region).size(); area != open) {
      instance->impossible = "the pieces have " + std::to_string(area) + " cells and the region " + std::to_string(open);
      return instance;
    }
    place(*instance);
    if (up_to_symmetry_) keep_one_per_orbit(*instance, region_line);
    return instance;
  }

 private:
  // The rows after a keyword line, up to a blank line or the next keyword;
  // leaves `line` at the next keyword line (or empty at the end).
  std::vector<std::string> block(std::optional<Line>& line) {
    std::vector<std::string> rows;
    while ((line = lines_.next_raw())) {
      const std::string& text = line->text;
      if (text.find_first_not_of(" \t\r") == std::string::npos) break;
      if (text.rfind("piece", 0) == 0 || text.rfind("region", 0) == 0) return rows;
      rows.push_back(text);
    }
    line = lines_.next();
    return rows;
  }

  static std::size_t column_of(const Line& line, const std::string& word) { return line.text.find(word) + 1; }

  // Every placement of every piece, piece by piece, orientation by orientation.
  static void place(PolyominoInstance& instance) {
    const Shape open = open_cells(instance.region);
    const std::set<Cell> free(open.begin(), open.end());
    const auto extent = [](const Shape& cells) {  // rows and columns spanned
      int rows = 0, columns = 0;
      for (const auto& [r, c] : cells) rows = std::max(rows, r + 1), columns = std::max(columns, c + 1);
      return std::pair{rows, columns};
    };
    const auto [region_rows, region_columns] = extent(open);
    for (std::size_t p = 0; p < instance.pieces.size(); ++p) {
      for (const Shape& shape : orientations(instance.pieces[p].shape)) {
        if (const auto [rows, columns] = extent(shape); rows > region_rows || columns > region_columns) continue;
        Shape cells;
        for (const Cell& anchor : open) {  // the shape's first cell on an open cell
          cells.clear();
          for (const auto& [r, c] : shape) {
            const Cell cell{anchor.first + r - shape[0].first, anchor.second + c - shape[0].second};
            if (!free.count(cell)) break;
            cells.push_back(cell);
          }
          if (cells.size() == shape.size()) instance.placements.push_back({p, cells});
        }
      }
    }
  }

  LineReader lines_;
  bool up_to_symmetry_;
};

std::string cell_item(const Cell& cell) { return std::to_string(cell.first + 1) + "," + std::to_string(cell.second + 1); }

}  // namespace

std::vector<Shape> orientations(const Shape& shape) {
  std::set<Shape> all;
  for (const auto& t : symmetries) {
    Shape image;
    for (const Cell& cell : shape) image.push_back(apply(t, cell));
    all.insert(normalised(image));
  }
  return {all.begin(), all.end()};
}

std::vector<OptionSpec> PolyominoReduction::options() const {
  return {OptionSpec::flag("up-to-symmetry", "count each packing once, not once per symmetry of the region")};
}

std::unique_ptr<InstanceReader> PolyominoReduction::read(std::istream& in, const ModelOptions& options) const {
  return std::make_unique<PolyominoReader>(in, options.has("up-to-symmetry"));
}

Encoding PolyominoReduction::encode(const PolyominoInstance& polyomino) const {
  dlx::ProblemBuilder b;
  if (polyomino.impossible) return contradiction(*polyomino.impossible);
  for (const Piece& piece : polyomino.pieces) b.add_primary(item_name(piece.name), static_cast<std::uint32_t>(piece.count), static_cast<std::uint32_t>(piece.count));
  for (const Cell& cell : open_cells(polyomino.region)) b.add_primary(cell_item(cell));
  std::vector<dlx::Entry> entries;
  for (const Placement& placement : polyomino.placements) {
    entries = {{static_cast<dlx::ItemId>(placement.piece)}};
    for (const Cell& cell : placement.cells) entries.push_back({b.item(cell_item(cell))});
    b.add_option(entries);
  }
  Encoding encoding;
  encoding.problem = std::make_shared<const dlx::Problem>(b.build());
  return encoding;
}

std::unique_ptr<PolyominoAnswer> PolyominoReduction::decode(const PolyominoInstance& polyomino,
                                                   std::span<const dlx::OptionId> solution) const {
  auto answer = std::make_unique<PolyominoAnswer>();
  for (const dlx::OptionId o : solution) answer->placements.push_back(polyomino.placements[o]);
  return answer;
}

std::optional<std::string> PolyominoReduction::verify(const PolyominoInstance& polyomino, const PolyominoAnswer& answer) const {
  std::map<Cell, std::size_t> covered;
  std::vector<int> used(polyomino.pieces.size(), 0);
  for (const Placement& placement : answer.placements) {
    const Piece& piece = polyomino.pieces.at(placement.piece);
    ++used[placement.piece];
    // The cells, moved to the corner, are the piece's shape turned or flipped:
    // some symmetry maps the shape onto them.
    const Shape cells = normalised(placement.cells);
    bool fits = false;
    for (const auto& t : symmetries) {
      Shape image;
      for (const Cell& cell : piece.shape) image.push_back(apply(t, cell));
      fits = fits || normalised(image) == cells;
    }
    if (!fits) return "the cells given for " + piece.name + " are not its shape";
    for (const Cell& cell : placement.cells) {
      const auto [r, c] = cell;
      if (r < 0 || c < 0 || static_cast<std::size_t>(r) >= polyomino.region.size() ||
          static_cast<std::size_t>(c) >= polyomino.region[static_cast<std::size_t>(r)].size() ||
          polyomino.region[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] != '.')
        return piece.name + " covers " + cell_item(cell) + ", which is not open";
      if (covered.count(cell)) return cell_item(cell) + " is covered twice";
      covered[cell] = placement.piece;
    }
  }
  for (std::size_t p = 0; p < used.size(); ++p)
    if (used[p] != polyomino.pieces[p].count)
      return polyomino.pieces[p].name + " is used " + std::to_string(used[p]) + " times, not " + std::to_string(polyomino.pieces[p].count);
  if (covered.size() != open_cells(polyomino.region).size()) return "some open cells are not covered";
  return std::nullopt;
}

void PolyominoReduction::print(std::ostream& out, const PolyominoInstance& polyomino, const PolyominoAnswer& answer) const {
  std::vector<std::string> rows = polyomino.region;
  for (std::string& row : rows) std::replace_if(row.begin(), row.end(), [](char ch) { return ch != '.'; }, ' ');
  // Each placement's letter: its piece's, unless a copy of the same piece already drawn
  // touches it (side by side): then the first of the letter's other case, *, +, #, @ that none does.
  std::vector<std::vector<std::size_t>> mark(rows.size());  // per cell: whose piece (index + 1) drew it, 0 none
  for (std::size_t r = 0; r < rows.size(); ++r) mark[r].assign(rows[r].size(), 0);
  for (const Placement& placement : answer.placements) {
    const char letter = polyomino.pieces[placement.piece].name[0];
    const char other = std::isupper(static_cast<unsigned char>(letter)) ? static_cast<char>(std::tolower(static_cast<unsigned char>(letter)))
                                                                          : static_cast<char>(std::toupper(static_cast<unsigned char>(letter)));
    std::string taken;  // the letters of touching copies
    for (const auto& [r, c] : placement.cells)
      for (const auto& [dr, dc] : {std::pair{-1, 0}, {1, 0}, {0, -1}, {0, 1}}) {
        const auto nr = static_cast<std::size_t>(r + dr), nc = static_cast<std::size_t>(c + dc);
        if (nr < rows.size() && nc < rows[nr].size() && mark[nr][nc] == placement.piece + 1) taken += rows[nr][nc];
      }
    char drawn = letter;
    for (const char candidate : {letter, other, '*', '+', '#', '@'})
      if (taken.find(candidate) == std::string::npos) {
        drawn = candidate;
        break;
      }
    for (const auto& [r, c] : placement.cells) {
      rows[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] = drawn;
      mark[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] = placement.piece + 1;
    }
  }
  for (const std::string& row : rows) out << row << '\n';
}

}  // namespace dance::polyomino

namespace dance::polyomino {

void PolyominoReduction::write_json(nlohmann::ordered_json& out, const PolyominoInstance& polyomino, const PolyominoAnswer& answer) const {
  nlohmann::ordered_json placements = nlohmann::ordered_json::array();
  for (const Placement& placement : answer.placements) {
    nlohmann::ordered_json cells = nlohmann::ordered_json::array();
    for (const auto& [r, c] : placement.cells) cells.push_back({r + 1, c + 1});  // as the items name them: from 1
    placements.push_back({{"piece", polyomino.pieces[placement.piece].name}, {"cells", std::move(cells)}});
  }
  out = {{"placements", std::move(placements)}};
}

std::vector<Writer<PolyominoInstance, PolyominoAnswer>> PolyominoReduction::writers() const {
  return {{"svg", "each packing as an SVG picture, a colour a piece",
           [](std::ostream& out, const PolyominoInstance& polyomino, const PolyominoAnswer& answer) { draw(out, polyomino, answer); }}};
}

}  // namespace dance::polyomino
