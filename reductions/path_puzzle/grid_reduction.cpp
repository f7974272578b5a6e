#include "path_puzzle/grid_reduction.hpp"

#include <stdexcept>


namespace dance::path_puzzle {
namespace {

class PathGridReader final : public InstanceReader {
 public:
  PathGridReader(std::istream& in, Rule rule, bool holes) : grids_(in, rule, holes) {}
  std::unique_ptr<Instance> next() override {
    auto puzzle = grids_.next();
    if (!puzzle) return nullptr;
    return make_instance(std::move(puzzle->board), std::move(puzzle->title), puzzle->line);
  }

 private:
  GridReader grids_;
};

}  // namespace

void refuse_generate_options(const ModelOptions& options, std::string_view reduction, std::initializer_list<const char*> names) {
  for (const char* name : names)
    if (options.has(name))
      throw OptionError({option_named(name), {" is an option of 'dance generate " + std::string(reduction) + "'"}});
}

Shape shape_of(const ModelOptions& options, std::string_view name, Rule rule, std::pair<long, long> fallback) {
  const auto [width, height] = options.dimensions("size", fallback);
  if (width * height < 4)
    throw OptionError({option_named("size"), {" " + options.text("size") + " is too small for a " + std::string(name) + " puzzle; take four cells at least"}});
  Shape shape;
  shape.rule = rule;
  shape.width = static_cast<int>(width);
  shape.height = static_cast<int>(height);
  shape.write = &write_grid;  // the text; svg is the presenter's
  return shape;
}

std::unique_ptr<InstanceReader> grid_reader(std::istream& in, Rule rule, bool holes) {
  return std::make_unique<PathGridReader>(in, rule, holes);
}

}  // namespace dance::path_puzzle
