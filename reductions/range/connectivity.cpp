#include "range/connectivity.hpp"

namespace dance::range {

ConnectivityHook::ConnectivityHook(int width, int height, std::shared_ptr<const CellColours> colours,
                                   std::vector<std::size_t> whites)
    : width_(width), height_(height), colours_(std::move(colours)), initial_whites_(std::move(whites)) {
  const auto cells = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
  black_.assign(cells, 0);
  white_.assign(cells, 0);
  seen_.assign(cells, 0);
  queue_.reserve(cells);
  split_before_.reserve(cells + 1);
  for (const std::size_t cell : initial_whites_)
    if (white_[cell]++ == 0) ++whites_;
}

std::unique_ptr<dlx::Hook> ConnectivityHook::clone() const {
  return std::make_unique<ConnectivityHook>(width_, height_, colours_, initial_whites_);
}

bool ConnectivityHook::may_cut(std::size_t cell) const {
  const int r = static_cast<int>(cell) / width_, c = static_cast<int>(cell) % width_;
  const auto open = [&](int y, int x) {
    return y >= 0 && y < height_ && x >= 0 && x < width_ && black_[static_cast<std::size_t>(y * width_ + x)] == 0;
  };
  // The ring in order: up, up-right, right, down-right, down, down-left, left, up-left.
  static constexpr int ring[8][2] = {{-1, 0}, {-1, 1}, {0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}};
  bool is_open[8];
  for (int k = 0; k < 8; ++k) is_open[k] = open(r + ring[k][0], c + ring[k][1]);
  // Open sides, less those joined to the next side through an open corner.
  int groups = 0;
  for (int k = 0; k < 8; k += 2) {
    if (!is_open[k]) continue;
    ++groups;
    if (is_open[k + 1] && is_open[(k + 2) % 8]) --groups;
  }
  return groups > 1;
}

bool ConnectivityHook::connected() {
  const std::size_t cells = black_.size();
  std::size_t start = cells;
  for (std::size_t cell = 0; cell < cells && start == cells; ++cell)
    if (white_[cell] > 0) start = cell;
  if (start == cells) {
    split_ = true;  // not known: the next white cell must be checked
    return true;
  }
  if (++search_ == 0) {
    std::fill(seen_.begin(), seen_.end(), 0);
    search_ = 1;
  }
  queue_.clear();
  queue_.push_back(static_cast<std::uint32_t>(start));
  seen_[start] = search_;
  std::size_t whites = 0;
  for (std::size_t k = 0; k < queue_.size(); ++k) {
    const std::size_t cell = queue_[k];
    if (white_[cell] > 0) ++whites;
    for_each_neighbour(width_, height_, cell, [&](std::size_t next) {
      if (black_[next] > 0 || seen_[next] == search_) return;
      seen_[next] = search_;
      queue_.push_back(static_cast<std::uint32_t>(next));
    });
  }
  split_ = queue_.size() + blacks_ < cells;
  return whites == whites_;
}

bool ConnectivityHook::choose(dlx::OptionId option, const dlx::Remaining&) {
  split_before_.push_back(split_);
  bool check = false;
  const CellColours& colours = *colours_;
  for (std::uint32_t k = colours.start[option]; k < colours.start[option + 1]; ++k) {
    const std::uint32_t entry = colours.cells[k];
    const std::size_t cell = entry & ~CellColours::black_bit;
    if (entry & CellColours::black_bit) {
      if (black_[cell]++ == 0) {
        ++blacks_;
        check = check || may_cut(cell);
      }
    } else if (white_[cell]++ == 0) {
      ++whites_;
      check = check || split_;
    }
  }
  return !check || connected();
}

void ConnectivityHook::unchoose(dlx::OptionId option) {
  const CellColours& colours = *colours_;
  for (std::uint32_t k = colours.start[option]; k < colours.start[option + 1]; ++k) {
    const std::uint32_t entry = colours.cells[k];
    const std::size_t cell = entry & ~CellColours::black_bit;
    if (entry & CellColours::black_bit) {
      if (--black_[cell] == 0) --blacks_;
    } else if (--white_[cell] == 0) {
      --whites_;
    }
  }
  split_ = split_before_.back();
  split_before_.pop_back();
}

}  // namespace dance::range
