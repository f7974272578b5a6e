// The successor encoding of a Hamiltonian path with givens (the path
// puzzles' default): a primary item per vertex for its way out and one for
// its way in, one for the path's start and one for its end; an option per
// arc (u's way out, v's way in), per vertex that may start the path (its way
// in, the start) and per vertex that may end it (its way out, the end). An
// exact cover is a path and cycles; a propagating hook (ChainHook) keeps the
// chains that the arcs chosen form, rejects a cycle, and numbers a chain as
// soon as one of its vertices has a position (a given, the start, the end).
// Then, as in Tatham's Signpost solver, a numbered chain's next vertex must
// be the one at the next position, or the head of a chain that fits in the
// gap after it; every chain must fit in some gap of unknown positions
// between two known ones (distances through the vertices not numbered,
// along the chains), and an arc between two chains goes when the joined
// chain fits in none. The engine's fewest-options choice then follows a
// vertex with one way in or out left, which the position encoding (an
// option per arc and step) hides among its steps.
//
// Counts equal the position encoding's (each path once per direction), but
// the hook is not a bound: without it, covers with cycles count too.
#pragma once

#include <memory>
#include <span>
#include <vector>

#include "dance/reduction.hpp"
#include "hamilton/hamilton.hpp"

namespace dance::hamilton {

// An option of the successor encoding: the arc from -> to; from nobody: the
// path starts at `to`; to nobody: it ends at `from`.
struct Link {
  Vertex from, to;
};

// The options of a path with givens (h.path, h.givens, h.distances): the
// arcs that fit the givens at some step, the starts and ends that fit them.
[[nodiscard]] std::vector<Link> links_of(const HamiltonInstance& h);

[[nodiscard]] Encoding encode_by_successor(const HamiltonInstance& h, std::shared_ptr<const std::vector<Link>> links);

// The vertices in path order from the options of a solution.
[[nodiscard]] std::vector<Vertex> path_of(const std::vector<Link>& links, std::size_t vertices,
                                          std::span<const dlx::OptionId> solution);

}  // namespace dance::hamilton
