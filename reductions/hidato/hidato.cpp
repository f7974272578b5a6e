#include "hidato/hidato.hpp"

#include <stdexcept>

#include "path_puzzle/grid_reduction.hpp"
#include "path_puzzle/picture.hpp"
#include "path_puzzle/puzzles.hpp"

namespace dance::hidato {

using namespace path_puzzle;

std::vector<OptionSpec> HidatoReduction::options() const {
  return {OptionSpec::choice("format", {"grid", "svg"}, "write answers as grids (default) or SVG pictures"),
          OptionSpec::dimensions("size", "WxH", 2, 20, "generate: a grid of W columns and H rows (default 8x8)"),
          OptionSpec::integer("holes", "PERCENT", 0, 50, "generate: holes take up to this share of the cells (default 20)")};
}

std::unique_ptr<InstanceReader> HidatoReduction::read(std::istream& in, const ModelOptions& options) const {
  refuse_generate_options(options, name(), {"size", "holes"});
  return grid_reader(in, Rule::king, true, output_of(options));
}

std::unique_ptr<PuzzleType> HidatoReduction::make_puzzle_type(const ModelOptions& options) const {
  const auto [width, height] = options.dimensions("size", {8, 8});
  if (width * height < 4) throw std::invalid_argument("--size " + options.text("size") + " is too small for a hidato puzzle; take four cells at least");
  Shape shape;
  shape.rule = Rule::king;
  shape.width = static_cast<int>(width);
  shape.height = static_cast<int>(height);
  shape.holes = static_cast<int>(options.number("holes", 20));
  shape.write = output_of(options) == Output::svg ? &draw : &write_grid;
  return std::make_unique<PathPuzzles>(std::move(shape));
}

}  // namespace dance::hidato
