#include <stdexcept>
#include <string>
#include <vector>

#include "dance/reduction.hpp"
#include "clique/clique.hpp"
#include "hamilton/hamilton.hpp"
#include "polyomino/polyomino.hpp"
#include "queens/queens.hpp"
#include "range/range.hpp"
#include "sudoku/sudoku.hpp"
#include "xcc/xcc.hpp"

namespace dance {
namespace {

// One line a reduction: the order of `dance list`. They live as long as the program.
std::vector<const Reduction*>& registry() {
  static std::vector<const Reduction*> all{
      new xcc::XccReduction,
      new sudoku::SudokuReduction,
      new range::RangeReduction,
      new queens::QueensReduction,
      new polyomino::PolyominoReduction,
      new clique::CliqueReduction(false),
      new clique::CliqueReduction(true),
      new hamilton::HamiltonReduction,
  };
  return all;
}

}  // namespace

std::span<const Reduction* const> reductions() { return registry(); }

const Reduction* find_reduction(std::string_view name) {
  for (const Reduction* r : reductions())
    if (r->name() == name) return r;
  return nullptr;
}

void add_reduction(const Reduction& reduction) {
  if (find_reduction(reduction.name()))
    throw std::invalid_argument("a reduction named '" + std::string(reduction.name()) + "' is there already");
  registry().push_back(&reduction);
}

}  // namespace dance
