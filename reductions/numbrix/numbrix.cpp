#include "numbrix/numbrix.hpp"

#include "path_puzzle/grid_reduction.hpp"
#include "path_puzzle/puzzles.hpp"

namespace dance::numbrix {

using namespace path_puzzle;

std::vector<OptionSpec> NumbrixReduction::options() const {
  return {OptionSpec::integer("size", "N", 2, 20, "generate: an N x N grid (default 9)")};
}

std::unique_ptr<InstanceReader> NumbrixReduction::read(std::istream& in, const ModelOptions& options) const {
  refuse_generate_options(options, name(), {"size"});
  return grid_reader(in, Rule::orthogonal, false);
}

std::unique_ptr<PuzzleType> NumbrixReduction::make_puzzle_type(const ModelOptions& options) const {
  Shape shape;
  shape.rule = Rule::orthogonal;
  shape.width = shape.height = static_cast<int>(options.number("size", 9));
  shape.write = &write_grid;  // its text; svg is its presenter's
  return std::make_unique<PathPuzzles>(std::move(shape));
}

}  // namespace dance::numbrix
