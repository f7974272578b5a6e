#include "dance/grid_reader.hpp"

#include <cctype>
#include <optional>

#include "dlx/error.hpp"
#include "dlx/tokens.hpp"

namespace dance {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r'; }

// A number from 1 up that fits an int, or nothing.
std::optional<int> positive(std::string_view text) {
  if (text.empty() || text.size() > 6) return std::nullopt;
  int number = 0;
  for (const char c : text) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
    number = number * 10 + (c - '0');
  }
  if (number == 0) return std::nullopt;
  return number;
}

}  // namespace

Grid read_grid(std::istream& in, std::size_t& line_no, std::string line, const GridSyntax& syntax) {
  Grid grid;
  std::optional<dlx::ParseError> error;  // the first mistake, thrown once the grid's lines are read
  std::vector<dlx::Token> tokens;
  for (;;) {
    const std::size_t start = line.find_first_not_of(" \t\r");
    if (start == std::string::npos) break;
    if (line[start] != '#' && !error) {
      dlx::split(line, is_space, tokens);
      const auto fail = [&](std::size_t column, const std::string& what) { error.emplace(line_no, column, what); };
      if (grid.width == 0) grid.width = static_cast<int>(tokens.size());
      if (static_cast<int>(tokens.size()) != grid.width)
        fail(tokens.back().column, "row " + std::to_string(grid.height + 1) + " has " + std::to_string(tokens.size()) +
                                       " cells, the first row has " + std::to_string(grid.width));
      for (const dlx::Token& t : tokens) {
        if (error) break;
        std::optional<int> value = positive(t.text);
        for (const GridWord& word : syntax.words)
          if (t.text == word.text) value = word.value;
        if (!value) fail(t.column, "expected " + std::string(syntax.expected) + ", found " + dlx::quoted(std::string(t.text)));
        grid.values.push_back(value.value_or(0));
        grid.places.push_back({line_no, t.column});
      }
      ++grid.height;
      if (!error && grid.values.size() > syntax.most_cells) fail(1, syntax.too_many(grid.values.size()) + " by this row");
    }
    if (!std::getline(in, line)) break;
    ++line_no;
  }
  if (error) throw *error;
  return grid;
}

}  // namespace dance
