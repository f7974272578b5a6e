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

std::vector<const Reduction*>& registry() {
  static const xcc::XccReduction xcc;
  static const sudoku::SudokuReduction sudoku;
  static const queens::QueensReduction queens;
  static const polyomino::PolyominoReduction polyomino;
  static const clique::CliqueReduction clique(false), independent_set(true);
  static const range::RangeReduction range;
  static const hamilton::HamiltonReduction hamilton;
  static std::vector<const Reduction*> all{&xcc,    &sudoku,          &range,    &queens,
                                           &polyomino, &clique, &independent_set, &hamilton};
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
