#include "sudoku/grid.hpp"

#include <charconv>
#include <ostream>

#include "dance/reduction.hpp"

namespace dance::sudoku {

std::optional<Shape> boxed_shape(int n) {
  int rows = 0;  // the largest divisor not above the square root: the squarest boxes
  for (int r = 2; r * r <= n; ++r)
    if (n % r == 0) rows = r;
  if (rows == 0) return std::nullopt;
  return Shape{n, rows, n / rows, false, {}};
}

std::optional<Shape> parse_box(std::string_view text) {
  const auto sides = parse_dimensions(text, 1, 64);
  if (!sides || sides->first * sides->second < 4 || sides->first * sides->second > 64) return std::nullopt;
  const auto [rows, columns] = *sides;
  return Shape{static_cast<int>(rows * columns), static_cast<int>(rows), static_cast<int>(columns), false, {}};
}

namespace {
void write_value(std::ostream& out, int value, const Notation& notation) {
  if (value == 0) {
    out << notation.blank;
  } else if (notation.separator != 0) {
    out << value;
  } else if (value <= 9) {
    out << static_cast<char>('0' + value);
  } else {
    out << static_cast<char>((notation.lower ? 'a' : 'A') + value - 10);
  }
}
}  // namespace

void write_cells(std::ostream& out, const Cells& cells, int n, const Notation& as_read) {
  // Letters stop at Z = 35: beyond, values are numbers, and numbers need a separator.
  Notation notation = as_read;
  if (n > 35 && notation.separator == 0) notation.separator = ' ';
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      if (c > 0 && notation.separator != 0) out << notation.separator;
      write_value(out, cells[static_cast<std::size_t>(r * n + c)], notation);
    }
    if (notation.grid) out << '\n';
    else if (r + 1 < n && notation.separator != 0) out << notation.separator;
  }
  if (!notation.grid) out << '\n';
}

std::string cell_name(int n, std::size_t cell) {
  return "r" + std::to_string(cell / static_cast<std::size_t>(n) + 1) + "c" +
         std::to_string(cell % static_cast<std::size_t>(n) + 1);
}

}  // namespace dance::sudoku
