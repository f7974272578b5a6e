#include "dance/puzzle_type.hpp"

#include "dance/reduction.hpp"

#include <array>
#include <ostream>
#include <stdexcept>
#include <utility>

namespace dance {

std::optional<Symmetry> parse_symmetry(std::string_view name) {
  static constexpr std::array<std::pair<std::string_view, Symmetry>, 5> names{{
      {"none", Symmetry::none},
      {"rot180", Symmetry::rot180},
      {"rot90", Symmetry::rot90},
      {"mirror", Symmetry::mirror},
      {"diagonal", Symmetry::diagonal},
  }};
  for (const auto& [text, symmetry] : names)
    if (text == name) return symmetry;
  return std::nullopt;
}

std::vector<std::size_t> PuzzleType::difference(const Solution&, std::span<const std::size_t>) {
  throw std::logic_error("this puzzle type shows no differences (shows_differences() is false)");
}

std::vector<std::vector<std::size_t>> PuzzleType::unavoidable_sets(const Solution&) const { return {}; }

void PuzzleType::print_record(std::ostream& out, const Solution& solution, const Kept& kept, bool with_solution) const {
  print_puzzle(out, solution, kept);
  if (with_solution) {
    out << ' ';
    print_solution(out, solution);
  }
  out << '\n';
}

std::unique_ptr<Instance> PuzzleType::instance_of(const Solution&, const Kept&) const { return nullptr; }
std::unique_ptr<Answer> PuzzleType::answer_of(const Solution&) const { return nullptr; }

}  // namespace dance
