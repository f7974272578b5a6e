#include <array>

#include "dance/reduction.hpp"
#include "clique/clique.hpp"
#include "hamilton/hamilton.hpp"
#include "polyomino/polyomino.hpp"
#include "queens/queens.hpp"
#include "range/range.hpp"
#include "sudoku/sudoku.hpp"
#include "xcc/xcc.hpp"

namespace dance {

std::span<const Reduction* const> reductions() {
  static const xcc::XccReduction xcc;
  static const sudoku::SudokuReduction sudoku;
  static const queens::QueensReduction queens;
  static const polyomino::PolyominoReduction polyomino;
  static const clique::CliqueReduction clique(false), independent_set(true);
  static const range::RangeReduction range;
  static const hamilton::HamiltonReduction hamilton;
  static const std::array<const Reduction*, 8> all{&xcc,    &sudoku,          &range,    &queens,
                                                   &polyomino, &clique, &independent_set, &hamilton};
  return all;
}

const Reduction* find_reduction(std::string_view name) {
  for (const Reduction* r : reductions())
    if (r->name() == name) return r;
  return nullptr;
}

}  // namespace dance
