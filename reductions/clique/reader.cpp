#include "clique/reader.hpp"

#include <algorithm>
#include <stdexcept>

#include "clique/kernel.hpp"
#include "clique/preprocessing.hpp"

namespace dance::clique {
namespace {

class CliqueReader final : public OneInstanceReader {
 public:
  CliqueReader(std::istream& in, const CliqueReduction& reduction, long k, bool maximum)
      : in_(in), reduction_(reduction), k_(k), maximum_(maximum) {}
  std::unique_ptr<Instance> read() override {
    graph::GraphWarnings warnings;
    auto g = std::make_shared<const graph::Graph>(graph::read_graph(in_, false, warnings));
    auto instance = instance_of(std::move(g), reduction_, k_, maximum_);
    instance->warnings = std::move(warnings.messages);
    return instance;
  }

 private:
  std::istream& in_;
  const CliqueReduction& reduction_;
  long k_;
  bool maximum_;
};

}  // namespace

std::unique_ptr<CliqueInstance> instance_of(std::shared_ptr<const graph::Graph> g, const CliqueReduction& reduction, long k,
                                            bool maximum) {
  auto instance = std::make_unique<CliqueInstance>();
  // A clique of k has k - 1 neighbours at each vertex: the others go first,
  // on the edge lists, so that a large sparse graph keeps only its core.
  // (An independent set's vertices need k - 1 non-neighbours, which
  // only near-universal vertices lack: nothing worth the work.)
  // An independent set's --max searches the graph's kernel (kernel.hpp):
  // the kept vertices are then the kernel's, and so are their edges.
  const bool independent = reduction.independent();
  std::shared_ptr<const Kernel> kernel = independent && maximum ? std::make_shared<const Kernel>(*g) : nullptr;
  const std::size_t least = !maximum ? static_cast<std::size_t>(k) : independent ? 1 : sparse_greedy_clique(*g);
  const std::vector<Vertex> kept = kernel ? kernel->vertices() : independent ? all_vertices(g->size()) : core(*g, least > 0 ? least - 1 : 0);
  const std::size_t n = kept.size(), words = (n + 63) / 64;
  if (n > most_dense_vertices)
    throw std::invalid_argument(std::string(reduction.name()) + ": " + std::to_string(n) +
                                " vertices can be in the answer, more than the " + std::to_string(most_dense_vertices) +
                                " that its sets of n * n bits hold");
  const std::size_t ids = kernel ? static_cast<std::size_t>(kept.empty() ? 0 : *std::max_element(kept.begin(), kept.end()) + 1) : g->size();
  std::vector<std::uint32_t> place(ids, UINT32_MAX);  // per vertex of the graph (or kernel): its place in kept
  for (std::size_t i = 0; i < n; ++i) place[kept[i]] = static_cast<std::uint32_t>(i);
  // The compatible pairs as bit sets, straight from the edge lists.
  std::vector<Bits> near(n, Bits(words, 0));
  Bits adjacent(words);
  for (std::size_t u = 0; u < n; ++u) {
    std::fill(adjacent.begin(), adjacent.end(), 0);
    const auto mark = [&](Vertex v) {
      if (v < ids && place[v] != UINT32_MAX) set(adjacent, place[v]);
    };
    if (kernel) std::for_each(kernel->neighbours(kept[u]).begin(), kernel->neighbours(kept[u]).end(), mark);
    else std::for_each(g->out[kept[u]].begin(), g->out[kept[u]].end(), mark);
    if (independent) complement(adjacent, n, u, near[u]);
    else near[u] = adjacent;
  }
  // Smallest last: repeatedly the vertex with the fewest compatible vertices
  // left. They are tried first, and the many that come later see a
  // candidate set without them.
  std::vector<std::size_t> degree(n);
  for (Vertex v = 0; v < n; ++v) degree[v] = count(near[v]);
  std::vector<std::size_t> sequence;  // places in kept, smallest last
  std::vector<std::size_t> left(n);   // ascending: ties go to the first
  Bits left_set(words, 0);
  for (std::size_t v = 0; v < n; ++v) left[v] = v, set(left_set, v);
  while (!left.empty()) {
    const auto best = std::min_element(left.begin(), left.end(), [&](std::size_t a, std::size_t b) { return degree[a] < degree[b]; });
    const std::size_t v = *best;
    left.erase(best);
    clear(left_set, v);
    sequence.push_back(v);
    for_each_in(near[v], left_set, [&](std::size_t u) { --degree[u]; });
  }
  // Renumbered so that option j is vertex order[j] of the graph.
  std::vector<std::size_t> option_of(n);
  for (std::size_t j = 0; j < n; ++j) option_of[sequence[j]] = j;
  auto compatible = std::make_shared<std::vector<Bits>>(n, Bits(words, 0));
  for (std::size_t j = 0; j < n; ++j)
    for_each_in(near[sequence[j]], near[sequence[j]], [&](std::size_t u) { set((*compatible)[j], option_of[u]); });
  auto order = std::make_shared<std::vector<Vertex>>(n);
  for (std::size_t j = 0; j < n; ++j) (*order)[j] = kept[sequence[j]];
  instance->order = std::move(order);
  instance->kernel = std::move(kernel);
  instance->compatible = std::move(compatible);
  instance->graph = std::move(g);
  instance->maximum = maximum;
  instance->k = maximum ? 0 : k;
  return instance;
}

std::unique_ptr<InstanceReader> make_reader(std::istream& in, const CliqueReduction& reduction, long k, bool maximum) {
  return std::make_unique<CliqueReader>(in, reduction, k, maximum);
}

}  // namespace dance::clique
