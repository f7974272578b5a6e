#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "dance/reduction.hpp"
#include "clique/clique.hpp"
#include "hamilton/hamilton.hpp"
#include "hidato/hidato.hpp"
#include "numbrix/numbrix.hpp"
#include "polyomino/polyomino.hpp"
#include "queens/queens.hpp"
#include "range/range.hpp"
#include "signpost/signpost.hpp"
#include "sudoku/sudoku.hpp"
#include "xcc/xcc.hpp"

namespace dance {
namespace {

// One line a reduction: the order of `dance list`. Owned here, so that
// they are destroyed (not leaked) at exit.
std::vector<const Reduction*>& registry() {
  static const std::unique_ptr<const Reduction> built_in[] = {
      std::make_unique<xcc::XccReduction>(),
      std::make_unique<sudoku::SudokuReduction>(),
      std::make_unique<range::RangeReduction>(),
      std::make_unique<queens::QueensReduction>(),
      std::make_unique<polyomino::PolyominoReduction>(),
      std::make_unique<clique::CliqueReduction>(false),
      std::make_unique<clique::CliqueReduction>(true),
      std::make_unique<hamilton::HamiltonReduction>(),
      std::make_unique<signpost::SignpostReduction>(),
      std::make_unique<numbrix::NumbrixReduction>(),
      std::make_unique<hidato::HidatoReduction>(),
  };
  static std::vector<const Reduction*> all = [] {
    std::vector<const Reduction*> pointers;
    for (const auto& r : built_in) pointers.push_back(r.get());
    return pointers;
  }();
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
