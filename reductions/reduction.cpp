#include "dance/reduction.hpp"

namespace dance {

std::unique_ptr<InstanceReader> Reduction::reader(std::istream& in, const ModelOptions& options) const {
  options.check(this->options());
  return read(in, options);
}

std::unique_ptr<PuzzleType> Reduction::puzzle_type(const ModelOptions& options) const {
  options.check(this->options());
  return make_puzzle_type(options);
}

}  // namespace dance
