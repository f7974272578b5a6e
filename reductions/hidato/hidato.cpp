#include "hidato/hidato.hpp"

#include "path_puzzle/grid_reduction.hpp"

namespace dance::hidato {

using namespace path_puzzle;

std::vector<OptionSpec> HidatoReduction::options() const {
  return {OptionSpec::dimensions("size", "WxH", 2, 20, "generate: a grid of W columns and H rows (default 8x8)"),
          OptionSpec::integer("holes", "PERCENT", 0, 50, "generate: holes take up to this share of the cells (default 20)")};
}

std::unique_ptr<InstanceReader> HidatoReduction::read(std::istream& in, const ModelOptions& options) const {
  refuse_generate_options(options, name(), {"size", "holes"});
  return grid_reader(in, Rule::king, true);
}

std::unique_ptr<PuzzleType> HidatoReduction::make_puzzle_type(const ModelOptions& options) const {
  Shape shape = shape_of(options, name(), Rule::king, {8, 8});
  shape.holes = static_cast<int>(options.number("holes", 20));
  return std::make_unique<PathPuzzles>(std::move(shape));
}

}  // namespace dance::hidato
