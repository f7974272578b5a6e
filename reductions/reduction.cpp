#include "dance/reduction.hpp"

#include <algorithm>

namespace dance {

std::unique_ptr<InstanceReader> Reduction::reader(std::istream& in, const ModelOptions& options) const {
  options.check(this->options());
  return read(in, options);
}

std::unique_ptr<PuzzleType> Reduction::puzzle_type(const ModelOptions& options) const {
  options.check(this->options());
  return make_puzzle_type(options);
}

bool Reduction::has_option(std::string_view long_name) const {
  const auto specs = options();
  return std::any_of(specs.begin(), specs.end(), [long_name](const OptionSpec& spec) { return spec.long_name() == long_name; });
}

}  // namespace dance
