// Givens: vertices fixed at positions of the walk ("vertex v is step k"),
// the Hamiltonian path puzzles' clues (Numbrix, Hidato, Signpost). The
// position encoding expresses them: its options that put another vertex at
// a given position, or a given vertex elsewhere, go (steps_of()), and so do
// those that break the distance rule: vertices at positions p and p + d lie
// within distance d of each other (a cycle counts d both ways round).
// During the search the same rule propagates from every position the
// options chosen fill (GivenStepsHook), through the engine's propagating
// hook.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "dlx/solver.hpp"
#include "hamilton/hamilton.hpp"

namespace dance::hamilton {

// Shortest path lengths between all pairs of vertices (arcs followed forward
// when directed); `unreachable` where there is no path. In a bipartite
// graph (a Numbrix grid) every walk between two vertices has the parity of
// their distance, which the rule uses too.
class Distances {
 public:
  static constexpr std::uint32_t unreachable = ~std::uint32_t{0};
  explicit Distances(const graph::Graph& g);
  [[nodiscard]] std::uint32_t operator()(Vertex from, Vertex to) const { return d_[from * n_ + to]; }
  // Whether a walk of `length` steps can lead from `from` to `to`, as far as
  // distance and parity tell.
  [[nodiscard]] bool within(Vertex from, Vertex to, std::uint32_t length) const { return reaches((*this)(from, to), length); }
  // Whether a walk of `length` steps can cover a distance d (of the graph or
  // of a part of it: any walk between two vertices has d's parity).
  [[nodiscard]] bool reaches(std::uint32_t d, std::uint32_t length) const {
    return d <= length && (!bipartite_ || (d - length) % 2 == 0);
  }

 private:
  std::size_t n_;
  std::vector<std::uint32_t> d_;
  bool bipartite_ = false;
};

// The distance rule of a walk of `positions` places (a cycle's wrap round).
class StepRule {
 public:
  StepRule(std::shared_ptr<const Distances> distances, std::uint32_t positions, bool cycle)
      : distances_(std::move(distances)), n_(positions), cycle_(cycle) {}
  // Whether vertex x at position q can go with vertex u at position p.
  [[nodiscard]] bool fits(std::uint32_t p, Vertex u, std::uint32_t q, Vertex x) const;
  [[nodiscard]] std::uint32_t positions() const { return n_; }
  [[nodiscard]] bool cycle() const { return cycle_; }

 private:
  std::shared_ptr<const Distances> distances_;
  std::uint32_t n_;
  bool cycle_;
};

// "V=K,V=K" (K from 1): --given's value, for the graph's vertex names;
// std::invalid_argument for a name not in it, a step out of range, or a
// vertex or step given twice.
[[nodiscard]] std::vector<Given> parse_givens(const std::string& text, const graph::Graph& g);
// The same checks for givens made by a program (a puzzle's reader).
void check_givens(const std::vector<Given>& givens, const graph::Graph& g);

// Which vertex may stand at which position, as the givens tell: a given
// position holds its vertex alone, and a given vertex stands nowhere else.
// In a path every other position lies in a gap between two given positions
// (or an end), and a vertex fits there when it lies within the gap's
// distances of both ends through the vertices not given (a search from each
// end); in a cycle, when it keeps the distance rule with every given.
class Placements {
 public:
  Placements(const HamiltonInstance& h, std::span<const Given> givens);
  [[nodiscard]] bool allows(std::uint32_t position, Vertex v) const { return allowed_[position * n_ + v]; }
  // Whether the position encoding's step option fits.
  [[nodiscard]] bool allows(const HamiltonInstance::Step& s) const {
    return allows(s.step, s.from) && allows((s.step + 1) % n_, s.to);
  }

 private:
  std::uint32_t n_;
  std::vector<bool> allowed_;  // per position, per vertex
};

// The position encoding's propagation: the positions known (the givens and
// those the options chosen fill), and for each position newly known, the
// options of the steps between it and the nearest known positions on either
// side that break the distance rule with it go. For a path the distances
// are those through the vertices not placed yet (a breadth-first search
// from each end of the gap), which also ends a branch whose gap cannot be
// crossed in its steps, and so does one that leaves a vertex without a way
// in or out that cannot be an end; for a cycle, the graph's distances. At a search's first node
// every known position counts as new (the removals of an earlier search by
// the same solver are undone).
class GivenStepsHook final : public dlx::Hook {
 public:
  GivenStepsHook(std::shared_ptr<const std::vector<HamiltonInstance::Step>> steps, StepRule rule,
                 std::shared_ptr<const graph::Graph> graph, std::shared_ptr<const Distances> distances,
                 std::vector<Given> givens);
  bool choose(dlx::OptionId option, const dlx::Remaining&) override;
  void unchoose(dlx::OptionId option) override;
  [[nodiscard]] bool propagates() const override { return true; }
  bool propagate(const dlx::Remaining& remaining, dlx::Pruner& pruner) override;
  [[nodiscard]] std::unique_ptr<dlx::Hook> clone() const override;

 private:
  void place_givens();
  // Puts v at the position; false when v stands at another one.
  bool place(std::uint32_t position, Vertex v);
  // Takes out the options of the steps around the known position p that
  // break the rule with it; false when a gap next to p cannot be crossed.
  bool prune_around(std::uint32_t p, const dlx::Remaining& remaining, dlx::Pruner& pruner);
  // A path's gap of unknown positions from first to last, between the known
  // positions first - 1 (unless first is 0) and last + 1 (unless it is the end).
  bool prune_gap(std::uint32_t first, std::uint32_t last, const dlx::Remaining& remaining, dlx::Pruner& pruner);
  // A path: whether every vertex not placed still has a way in and a way out
  // (a neighbour not placed, or a placed one whose next or previous
  // position is open), or else can be an end of the path that is still open.
  [[nodiscard]] bool ends_possible() const;
  // A path: whether the gaps can fill the regions of vertices not placed.
  // A gap's vertices are consecutive, so they lie in one region, one beside
  // both of its ends; each region needs gaps beside it at least as long as
  // it is large.
  bool regions_fillable();
  // Takes out the options of step q for which `fits(position, vertex)` fails at an unknown position.
  template <class Fits>
  void prune_step(std::uint32_t q, const dlx::Remaining& remaining, dlx::Pruner& pruner, Fits fits);

  std::shared_ptr<const std::vector<HamiltonInstance::Step>> steps_;
  StepRule rule_;
  std::shared_ptr<const graph::Graph> graph_;
  std::shared_ptr<const Distances> distances_;
  std::vector<std::vector<Vertex>> in_;  // directed: per vertex, the vertices with an arc into it
  std::vector<bool> placed_;             // per vertex: at a known position
  std::vector<std::uint32_t> from_start_, to_end_;  // a gap's distances from its two ends
  std::vector<Vertex> queue_;
  std::vector<std::uint32_t> position_of_;  // per placed vertex: its position
  // regions_fillable()'s scratch: per vertex its region (a stamp), per
  // region its size and the steps of the gaps beside it; per gap a mark.
  std::vector<std::uint64_t> region_of_;
  std::uint64_t regions_made_ = 0;
  std::vector<std::uint32_t> region_size_, capacity_, beside_;
  std::uint32_t step_count_;
  std::vector<Given> givens_;
  std::vector<Vertex> known_;           // per position: its vertex, or nobody
  std::vector<std::uint32_t> log_;      // positions filled by the options chosen, in order
  std::vector<std::size_t> marks_;      // per option chosen: log_'s size before it
  std::vector<std::uint32_t> fresh_;    // positions filled since the last propagate()
  bool chose_ = false;                  // an option was chosen since the last propagate(): not a first node
  std::vector<std::uint64_t> stamp_;    // per option: the call of propagate() that took it out
  std::uint64_t call_ = 0;
  std::vector<dlx::OptionId> buffer_;
};

}  // namespace dance::hamilton
