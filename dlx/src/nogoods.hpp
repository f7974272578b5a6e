// Learned nogoods (learning.hpp learns them): sets of options never all
// chosen together, two of each watched, so that once all but one are chosen
// the last can leave the search; now and then the worse half forgotten
// (Glucose's reduction: by the blocks of decisions they span, those used
// lately and those explaining a removal kept); each removal remembers its
// nogood, to explain it later.
#pragma once

#include <span>
#include <vector>

#include "state.hpp"

namespace dlx {

class Nogoods {
 public:
  // `most`: nogoods kept at most (SolverOptions::nogoods_kept).
  Nogoods(std::size_t options, std::size_t most) : most_(most), watches_(options), on_path_(options, 0), removed_by_(options, 0) {}

  // Option o was chosen (true) or taken back; or nothing is chosen.
  void chosen(OptionId o, bool on) { on_path_[o] = on; }
  void nothing_chosen() { std::fill(on_path_.begin(), on_path_.end(), 0); }
  // Keeps `options` (at least 2) as a nogood, the first two watched;
  // `blocks`: the blocks of decisions (a branching level and the forced ones
  // after it) its options were chosen in, Glucose's LBD: fewer, better.
  void add(std::span<const OptionId> options, std::uint32_t blocks);
  void clear();
  // After o's choice: the last option of each nogood whose others are all
  // chosen into to_remove, or the nogood with every option chosen.
  [[nodiscard]] std::span<const OptionId> propagate(OptionId o);
  std::vector<OptionId> to_remove;
  // The search took to_remove[k] out; or something else took o out.
  void took_out(std::size_t k);
  void not_taken_out_by_one(OptionId o) { removed_by_[o] = 0; }
  [[nodiscard]] bool taken_out_by_one(OptionId o) const { return removed_by_[o] != 0; }
  // The nogood that took o out last, if it took it out and is kept still (else empty).
  [[nodiscard]] std::span<const OptionId> took_out_by(OptionId o) const;

  [[nodiscard]] std::size_t count() const { return count_; }
  [[nodiscard]] std::size_t bytes() const;

 private:
  // Each nogood in one array, a header and then its options, the first two
  // watched: a watch names where its options start, so a look at a nogood
  // touches one place in memory.
  static constexpr std::uint32_t header = 1;  // its size, blocks and whether used lately, packed
  static constexpr std::uint32_t size_bits = 0xff, blocks_shift = 8, used_bit = 1u << 16;
  std::size_t most_;  // then the worse half goes
  // Forgets the worse half and watches the rest again.
  void forget_half();
  // Appends `options` as a nogood, watching its first two; where its options start (never 0).
  std::uint32_t append(std::span<const OptionId> options, std::uint32_t blocks);
  [[nodiscard]] std::uint32_t size_at(std::uint32_t at) const { return store_[at - header] & size_bits; }
  [[nodiscard]] std::uint32_t blocks_at(std::uint32_t at) const { return (store_[at - header] >> blocks_shift) & size_bits; }
  [[nodiscard]] std::span<OptionId> options_at(std::uint32_t at) { return {store_.data() + at, size_at(at)}; }
  // Every removal forgets its nogood (their places in store_ are about to change).
  void forget_removals();

  std::vector<std::uint32_t> store_;  // headers and options
  std::size_t count_ = 0;
  std::vector<std::vector<std::uint32_t>> watches_;  // per option: where the nogoods watching it start
  std::vector<std::uint8_t> on_path_;                // per option: chosen now
  std::vector<std::uint32_t> removed_by_;  // per option: where the nogood that took it out last starts; 0: none
  std::vector<std::uint32_t> pending_;     // per to_remove entry: where its nogood starts
};

}  // namespace dlx
