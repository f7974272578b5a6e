// The rule exact cover cannot state: the white cells are connected.
//
// The hook follows the cells that the chosen options colour and rejects a
// partial solution as soon as its black cells cut the board into regions
// of which two hold a white cell: a search over the cells not black from a
// white one must reach every white cell. It runs only when it can fail: a
// new black cell whose ring of eight neighbours (the edge counting as black)
// splits its open sides, or new white cells while the cells not black are
// already split.
#pragma once

#include <memory>
#include <vector>

#include "dlx/solver.hpp"
#include "range/encoding.hpp"

namespace dance::range {

class ConnectivityHook final : public dlx::Hook {
 public:
  // `whites`: cells white from the start (the clues).
  ConnectivityHook(int width, int height, std::shared_ptr<const CellColours> colours, std::vector<std::size_t> whites);
  bool choose(dlx::OptionId option, const dlx::Remaining& remaining) override;
  void unchoose(dlx::OptionId option) override;
  [[nodiscard]] std::unique_ptr<dlx::Hook> clone() const override;

 private:
  // Whether black cell `cell` may split the cells not black around it.
  [[nodiscard]] bool may_cut(std::size_t cell) const;
  // Whether every white cell is reachable from one; notes in split_ whether
  // some cell not black was left unreached.
  bool connected();

  int width_, height_;
  std::shared_ptr<const CellColours> colours_;
  std::vector<std::size_t> initial_whites_;
  std::vector<std::uint32_t> black_, white_;  // per cell: how many chosen options colour it so
  std::size_t whites_ = 0;                    // cells with white_ > 0
  std::size_t blacks_ = 0;                    // cells with black_ > 0
  bool split_ = false;                        // the cells not black form more than one region
  std::vector<bool> split_before_;            // split_ before each chosen option
  std::vector<std::uint32_t> seen_;           // per cell: the search that reached it last
  std::uint32_t search_ = 0;
  std::vector<std::uint32_t> queue_;
};

}  // namespace dance::range
