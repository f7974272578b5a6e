#include "clique/puzzles.hpp"

#include "clique/reader.hpp"

#include <algorithm>
#include <ostream>
#include <stdexcept>

#include "dlx/random.hpp"

namespace dance::clique {

CliquePuzzles::CliquePuzzles(const CliqueReduction& reduction, int vertices, int k, int density)
    : reduction_(reduction), n_(vertices), k_(k), density_(density) {}

std::size_t CliquePuzzles::positions() const {
  const auto n = static_cast<std::size_t>(n_);
  return n * (n - 1) / 2 + n;
}

std::size_t CliquePuzzles::pair(std::size_t u, std::size_t v) const {
  if (u > v) std::swap(u, v);
  return v * (v - 1) / 2 + u;
}

Solution CliquePuzzles::random_solution(std::uint64_t seed, Symmetry) {
  dlx::Random random(seed);
  const auto n = static_cast<std::size_t>(n_), k = static_cast<std::size_t>(k_);
  const std::size_t pairs = n * (n - 1) / 2;
  Solution solution(positions(), 0);
  for (std::size_t p = 0; p < pairs; ++p) solution[p] = random.below(100) < static_cast<std::uint64_t>(density_);
  std::vector<std::size_t> vertices(n);
  for (std::size_t v = 0; v < n; ++v) vertices[v] = v;
  random.shuffle(vertices);
  for (std::size_t a = 0; a < k; ++a) {
    solution[pairs + vertices[a]] = 1;
    for (std::size_t b = 0; b < a; ++b) solution[pair(vertices[a], vertices[b])] = 1;
  }
  // Each larger clique, then each other clique of k, loses a pair outside the planted one.
  std::uint64_t nodes = 0;
  for (long size = k_ + 1; size >= k_;) {
    const auto found = find(solution, size, nodes);
    if (interrupted() || worked_out()) return solution;  // means nothing now: the generator gives it up
    if (!found) {
      --size;
      continue;
    }
    std::vector<std::size_t> outside;
    for (std::size_t a = 0; a < found->size(); ++a)
      for (std::size_t b = 0; b < a; ++b)
        if (!solution[pairs + (*found)[a]] || !solution[pairs + (*found)[b]]) outside.push_back(pair((*found)[a], (*found)[b]));
    solution[outside[random.below(outside.size())]] = 0;
  }
  return solution;
}

graph::Graph CliquePuzzles::graph_of(const Solution& solution) const {
  // The edges, which for an independent set are the pairs not compatible, both ways, as a reader keeps them.
  const auto n = static_cast<std::size_t>(n_);
  const bool independent = reduction_.independent();
  std::vector<graph::Arc> arcs;
  for (std::size_t v = 1; v < n; ++v)
    for (std::size_t u = 0; u < v; ++u)
      if ((solution[pair(u, v)] != 0) != independent) {
        arcs.emplace_back(u, v);
        arcs.emplace_back(v, u);
      }
  graph::Graph g;
  for (std::size_t v = 0; v < n; ++v) g.names.push_back(std::to_string(v + 1));
  std::size_t repeats = 0;
  g.out = graph::Adjacency(n, arcs, repeats);
  return g;
}

std::optional<std::vector<Vertex>> CliquePuzzles::find(const Solution& solution, long k, std::uint64_t& nodes) {
  const auto instance = clique::instance_of(std::make_shared<const graph::Graph>(graph_of(solution)), reduction_, k, false);
  const Encoding encoding = reduction_.encode(*instance);
  if (encoding.contradiction) return std::nullopt;
  const std::size_t pairs = static_cast<std::size_t>(n_) * static_cast<std::size_t>(n_ - 1) / 2;
  std::optional<std::vector<Vertex>> other;
  const auto visit = [&](std::span<const dlx::OptionId> options) {
    std::vector<Vertex> found = reduction_.decode(*instance, options)->vertices;
    const bool planted = std::all_of(found.begin(), found.end(), [&](Vertex v) { return solution[pairs + v] != 0; });
    if (!planted || k != k_) other = std::move(found);
    return !other;
  };
  nodes += ask({.problem = encoding.problem, .hook = encoding.hook.get(), .visit = visit}).nodes;
  return other;
}

Kept CliquePuzzles::clues(const Solution& solution) const { return Kept(solution.size(), false); }

std::vector<std::vector<std::size_t>> CliquePuzzles::orbits(Symmetry symmetry) const {
  if (symmetry != Symmetry::none) throw OptionError({{std::string(reduction_.name()) + " puzzles have no "}, option_named("symmetry")});
  std::vector<std::vector<std::size_t>> all(positions());
  for (std::size_t p = 0; p < positions(); ++p) all[p] = {p};
  return all;
}

Verdict CliquePuzzles::count(const Solution& solution, std::span<const std::size_t>, std::uint64_t limit) {
  // The puzzle is the whole graph: the planted clique, and no other of k, and none of k + 1.
  std::uint64_t nodes = 0;
  const bool larger = find(solution, k_ + 1, nodes).has_value();
  const bool other = !larger && find(solution, k_, nodes).has_value();
  const std::uint64_t solutions = larger || other ? 2 : 1;
  return Verdict{std::min<std::uint64_t>(solutions, limit == 0 ? solutions : limit), nodes, static_cast<std::uint64_t>(2 * k_ + 3)};
}

std::optional<std::string> CliquePuzzles::without_clues() const {
  return std::string(reduction_.name()) + " puzzles are graphs given whole";
}

bool CliquePuzzles::another(const Solution& solution, std::span<const std::size_t> clues, std::span<const std::size_t>) {
  return count(solution, clues, 2).solutions > 1;
}

std::optional<std::string> CliquePuzzles::verify(const Solution& solution, const Kept&) const {
  const auto n = static_cast<std::size_t>(n_);
  const std::size_t pairs = n * (n - 1) / 2;
  std::vector<std::size_t> answer;
  for (std::size_t v = 0; v < n; ++v)
    if (solution[pairs + v]) answer.push_back(v);
  if (answer.size() != static_cast<std::size_t>(k_)) return "the answer has " + std::to_string(answer.size()) + " vertices, not " + std::to_string(k_);
  for (std::size_t a = 0; a < answer.size(); ++a)
    for (std::size_t b = 0; b < a; ++b)
      if (!solution[answer[b] + answer[a] * (answer[a] - 1) / 2])
        return "vertices " + std::to_string(answer[b] + 1) + " and " + std::to_string(answer[a] + 1) + " of the answer do not go together";
  return std::nullopt;
}

void CliquePuzzles::print_puzzle(std::ostream& out, const Solution& solution, const Kept&) const {
  const graph::Graph g = graph_of(solution);  // DIMACS
  out << "p edge " << g.size() << ' ' << g.edge_count() << '\n';
  for (Vertex v = 1; v < g.size(); ++v)
    for (const Vertex u : g.out[v])
      if (u < v) out << "e " << u + 1 << ' ' << v + 1 << '\n';
}

void CliquePuzzles::print_solution(std::ostream& out, const Solution& solution) const {
  const auto n = static_cast<std::size_t>(n_);
  const std::size_t pairs = n * (n - 1) / 2;
  bool first = true;
  for (std::size_t v = 0; v < n; ++v)
    if (solution[pairs + v]) {
      out << (first ? "" : " ") << v + 1;
      first = false;
    }
}

void CliquePuzzles::print_record(std::ostream& out, const Solution& solution, const Kept& kept, bool with_solution) const {
  print_puzzle(out, solution, kept);
  if (with_solution) {
    out << "c answer: ";
    print_solution(out, solution);
    out << '\n';
  }
}

}  // namespace dance::clique
