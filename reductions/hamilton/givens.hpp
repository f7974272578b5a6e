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
#include "hamilton/removal_reasons.hpp"

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

// Per vertex, the vertices with an arc into it (directed; none needed otherwise).
[[nodiscard]] std::vector<std::vector<Vertex>> arcs_in(const graph::Graph& g);
// Visits the vertices next to v: after it (arcs out), or before it
// (backward: `in`, arcs_in()'s, in a digraph).
template <class Visit>
void neighbours(const graph::Graph& g, const std::vector<std::vector<Vertex>>& in, Vertex v, bool backward, Visit visit) {
  if (backward && g.directed) {
    for (const Vertex w : in[v]) visit(w);
  } else {
    for (const Vertex w : g.out[v]) visit(w);
  }
}

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
//
// Learning's reasons (Hook::explain, explain_removal) name the options that
// placed vertices (a given needs none): a step's option goes because its
// position holds another vertex, its vertex stands elsewhere, or the rule
// with a known position p says no (p's vertex: a cycle's rule reads the
// graph's distances alone); a gap's search, when a distance is too far (not
// only of the wrong parity, which any walk keeps), by the vertices placed at
// its ends and those it turned away (options that go only open the way). A
// vertex left without a way in or out by the vertices placed around it and
// beside them on the walk; a region too large for its gaps by the vertices
// placed around it and the known positions that end their gaps.
class GivenStepsHook final : public dlx::Hook {
 public:
  GivenStepsHook(std::shared_ptr<const std::vector<HamiltonInstance::Step>> steps, StepRule rule,
                 std::shared_ptr<const graph::Graph> graph, std::shared_ptr<const Distances> distances,
                 std::vector<Given> givens);
  bool choose(dlx::OptionId option, const dlx::Remaining&) override;
  void unchoose(dlx::OptionId option) override;
  [[nodiscard]] bool propagates() const override { return true; }
  bool propagate(const dlx::Remaining& remaining, dlx::Pruner& pruner) override;
  bool explain(dlx::Reason& reason) override;
  // Learning stays off unless asked for (--learning on): it did not pay here (docs/engine.md, Learning).
  [[nodiscard]] bool explains() const override { return false; }
  bool explain_removal(dlx::OptionId option, dlx::Reason& reason) override;
  [[nodiscard]] std::unique_ptr<dlx::Hook> clone() const override;

 private:
  // What a rule read when it said no, for learning's reasons: known
  // positions (their vertices' options), and the gap's searches that count.
  struct Because {
    std::vector<std::uint32_t> positions;
    bool from_start = false, to_end = false;
  };
  // Why the last choose() or propagate() said no.
  enum class Failure { refused, gap, ends, region };
  void place_givens();
  // Puts v at the position (by `option`); false when v stands at another one.
  bool place(std::uint32_t position, Vertex v, dlx::OptionId option);
  // Takes out the options of the steps around the known position p that
  // break the rule with it; false when a gap next to p cannot be crossed.
  bool prune_around(std::uint32_t p, const dlx::Remaining& remaining, dlx::Pruner& pruner);
  // A path's gap of unknown positions from first to last, between the known
  // positions first - 1 (unless first is 0) and last + 1 (unless it is the end).
  bool prune_gap(std::uint32_t first, std::uint32_t last, const dlx::Remaining& remaining, dlx::Pruner& pruner);
  // A path: whether every vertex not placed still has a way in and a way out
  // (a neighbour not placed, or a placed one whose next or previous
  // position is open), or else can be an end of the path that is still open.
  // Saying no, it tells `why` the positions it read.
  [[nodiscard]] bool ends_possible(Because* why = nullptr) const;
  // A path: whether the gaps can fill the regions of vertices not placed.
  // A gap's vertices are consecutive, so they lie in one region, one beside
  // both of its ends; each region needs gaps beside it at least as long as
  // it is large.
  bool regions_fillable();
  // Takes out the options of step q for which `fits(position, vertex, why)`
  // fails at an unknown position (saying no, it tells `why` what it read).
  template <class Fits>
  void prune_step(std::uint32_t q, const dlx::Remaining& remaining, dlx::Pruner& pruner, Fits fits);
  // Neighbours of v: after it (arcs out), or before it (backward).
  template <class Visit>
  void neighbours(Vertex v, bool backward, Visit visit) const {
    hamilton::neighbours(*graph_, in_, v, backward, visit);
  }

  // Learning's reasons, into the segment being made: the option that placed
  // a known position's vertex (none for a given), the positions named.
  void say_position(std::uint32_t position);
  void say_because(const Because& because);
  // The segment of the last prune_gap()'s search from its first end
  // (backward: to its last), the vertices it turned away.
  std::uint32_t search_reason(bool backward);
  // The positions that keep region `region` (a stamp) as it is and its gaps as short.
  void say_region(std::uint64_t region);

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
  // Learning's reasons.
  std::vector<dlx::OptionId> placed_by_;  // per known position: the option that placed its vertex (none: a given)
  RemovalReasons reasons_;
  Failure failure_ = Failure::refused;
  dlx::OptionId refused_ = 0;
  std::uint32_t clash_ = 0;                      // the refused option's vertex stands at this position
  std::uint32_t gap_first_ = 0, gap_last_ = 0;  // the last prune_gap()'s gap
  std::uint64_t failed_region_ = 0;
  std::uint32_t searches_[2] = {RemovalReasons::none, RemovalReasons::none};  // the last prune_gap()'s, once made
  Because because_;
};

}  // namespace dance::hamilton
