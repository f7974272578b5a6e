// The three exact cover models of a Hamiltonian path or cycle (--encoding),
// one file each: edge_encoding.cpp (an option per edge, the segments hook),
// degree_encoding.cpp (an option per vertex and pair of its path edges) and
// position_encoding.cpp (an option per arc and step). Each has its list of
// options, made by the reader and shared by encode and decode.
#pragma once

#include <vector>

#include "hamilton/hamilton.hpp"

namespace dance::hamilton {

using Choice = HamiltonInstance::Choice;
inline constexpr Vertex nobody = HamiltonInstance::nobody;

// A choice that leaves its vertex out (--longest).
inline bool skips(const Choice& c) { return c.a == nobody && c.b == nobody; }

[[nodiscard]] std::vector<Choice> edge_choices_of(const HamiltonInstance& h);
[[nodiscard]] Encoding encode_by_edges(const HamiltonInstance& h);

[[nodiscard]] std::vector<Choice> choices_of(const HamiltonInstance& h);
[[nodiscard]] Encoding encode_by_degree(const HamiltonInstance& h);

[[nodiscard]] std::vector<HamiltonInstance::Step> steps_of(const HamiltonInstance& h);
[[nodiscard]] Encoding encode_by_position(const HamiltonInstance& h);

}  // namespace dance::hamilton
