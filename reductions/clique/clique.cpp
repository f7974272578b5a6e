#include "clique/clique.hpp"

#include <algorithm>
#include <bit>
#include <numeric>
#include <ostream>
#include <stdexcept>

namespace dance::clique {
namespace {

using Bits = std::vector<std::uint64_t>;

// The bound: with c vertices chosen, the candidates left (the options still
// in item k's list) must hold k - c more; a greedy colouring of them (each
// colour class pairwise incompatible, so at most one of its vertices can be
// chosen) gives an upper bound on how many, as in Cliquer and MCS.
class ColouringBound final : public dlx::Hook {
 public:
  ColouringBound(std::shared_ptr<const std::vector<Bits>> compatible, long k) : compatible_(std::move(compatible)), k_(k) {
    const std::size_t n = compatible_->size();
    const std::size_t words = (n + 63) / 64;
    pool_.assign(words, 0);
    layer_.assign(words, 0);
    colour_of_.assign(n, 0);
    level_bound_.assign(static_cast<std::size_t>(k) + 1, std::vector<std::uint32_t>(n, 0));
    level_ready_.assign(static_cast<std::size_t>(k) + 1, false);
  }
  // Before the search takes vertex v, two bounds. The level's: v and the
  // siblings after it, coloured once per node, must hold colours enough;
  // if not, neither v nor any later sibling can succeed. Then v's own: the
  // later candidates compatible with v must be able to supply the rest.
  bool consider(dlx::OptionId v, const dlx::Remaining& remaining) override {
    const auto level = static_cast<std::size_t>(chosen_);
    const long need = k_ - chosen_ - 1;
    if (need <= 0) return true;
    remaining.options(0, candidates_);  // the siblings after v, in the order they will be tried
    if (!level_ready_[level]) colour_level(v, level);
    if (chosen_ + static_cast<long>(level_bound_[level][v]) < k_) return false;
    const Bits& near = (*compatible_)[v];
    std::fill(pool_.begin(), pool_.end(), 0);
    long count = 0;
    for (const dlx::OptionId o : candidates_)
      if (near[o / 64] >> (o % 64) & 1) pool_[o / 64] |= std::uint64_t{1} << (o % 64), ++count;
    return count >= need && colour(need) >= need;
  }
  bool choose(dlx::OptionId, const dlx::Remaining&) override {
    ++chosen_;
    if (chosen_ <= k_) level_ready_[static_cast<std::size_t>(chosen_)] = false;  // a new node below
    return true;
  }
  void unchoose(dlx::OptionId) override { --chosen_; }
  [[nodiscard]] std::unique_ptr<dlx::Hook> clone() const override {
    return std::make_unique<ColouringBound>(compatible_, k_);
  }

 private:
  // Colours the pool greedily, each colour class a set of pairwise
  // incompatible candidates (a clique holds one of each at most), until it
  // is empty or `enough` colours are used; records each candidate's colour;
  // returns the colours used.
  long colour(long enough) {
    long colours = 0;
    for (bool left = true; left && colours < enough;) {
      ++colours;
      layer_ = pool_;
      for (std::size_t w = layer_.size(); w-- > 0;) {  // the most compatible candidates first
        while (layer_[w] != 0) {
          const auto bit = static_cast<std::size_t>(63 - std::countl_zero(layer_[w]));
          pool_[w] &= ~(std::uint64_t{1} << bit);
          colour_of_[w * 64 + bit] = static_cast<std::uint32_t>(colours);
          const Bits& near = (*compatible_)[w * 64 + bit];
          for (std::size_t x = 0; x <= w; ++x) layer_[x] &= ~near[x];
          layer_[w] &= ~(std::uint64_t{1} << bit);
        }
      }
      left = std::any_of(pool_.begin(), pool_.end(), [](std::uint64_t word) { return word != 0; });
    }
    return colours;
  }

  // For v and each sibling after it: how many colours it and the siblings
  // after it span.
  void colour_level(dlx::OptionId v, std::size_t level) {
    std::fill(pool_.begin(), pool_.end(), 0);
    pool_[v / 64] |= std::uint64_t{1} << (v % 64);
    for (const dlx::OptionId o : candidates_) pool_[o / 64] |= std::uint64_t{1} << (o % 64);
    const long colours = colour(static_cast<long>(colour_of_.size()) + 1);
    seen_.assign(static_cast<std::size_t>(colours) + 1, false);
    std::uint32_t spanned = 0;
    std::vector<std::uint32_t>& bound = level_bound_[level];
    for (std::size_t j = candidates_.size() + 1; j-- > 0;) {
      const dlx::OptionId o = j == 0 ? v : candidates_[j - 1];
      if (!seen_[colour_of_[o]]) seen_[colour_of_[o]] = true, ++spanned;
      bound[o] = spanned;
    }
    level_ready_[level] = true;
  }

  std::shared_ptr<const std::vector<Bits>> compatible_;  // per option: the options compatible with it
  long k_;
  long chosen_ = 0;
  std::vector<dlx::OptionId> candidates_;
  Bits pool_, layer_;
  std::vector<std::uint32_t> colour_of_;                 // per option: its colour in the last colouring
  std::vector<std::vector<std::uint32_t>> level_bound_;  // per level, per sibling: colours from it on
  std::vector<bool> level_ready_;                        // per level: level_bound_ is for this node
  std::vector<bool> seen_;
};

class CliqueReader final : public InstanceReader {
 public:
  CliqueReader(std::istream& in, const CliqueReduction& reduction, long k, bool maximum)
      : in_(in), reduction_(reduction), k_(k), maximum_(maximum) {}
  std::unique_ptr<Instance> next() override {
    if (done_) return nullptr;
    done_ = true;
    auto instance = std::make_unique<CliqueInstance>();
    graph::GraphWarnings warnings;
    auto g = std::make_shared<const graph::Graph>(graph::read_graph(in_, false, warnings));
    instance->warnings = std::move(warnings.messages);
    // Fewest compatible vertices first: they are tried first, and the many
    // that come later see a candidate set without them.
    const std::size_t n = g->size();
    std::vector<std::size_t> degree(n, 0);
    for (Vertex u = 0; u < n; ++u)
      for (Vertex v = 0; v < n; ++v) degree[u] += reduction_.compatible(*g, u, v);
    // Smallest last: repeatedly the vertex with the fewest compatible vertices left.
    auto order = std::make_shared<std::vector<Vertex>>();
    std::vector<bool> taken(n, false);
    for (std::size_t step = 0; step < n; ++step) {
      Vertex best = 0;
      std::size_t fewest = SIZE_MAX;
      for (Vertex v = 0; v < n; ++v)
        if (!taken[v] && degree[v] < fewest) best = v, fewest = degree[v];
      taken[best] = true;
      order->push_back(best);
      for (Vertex v = 0; v < n; ++v)
        if (!taken[v] && reduction_.compatible(*g, best, v)) --degree[v];
    }
    instance->order = std::move(order);
    instance->graph = std::move(g);
    instance->maximum = maximum_;
    instance->k = maximum_ ? greedy(*instance) : k_;
    return instance;
  }

 private:
  // The size of a greedy answer: repeatedly the candidate with the most
  // compatible candidates. --max starts from it.
  long greedy(const CliqueInstance& instance) const {
    const graph::Graph& g = *instance.graph;
    std::vector<Vertex> candidates(instance.order->begin(), instance.order->end());
    long size = 0;
    while (!candidates.empty()) {
      Vertex best = candidates.front();
      std::size_t best_count = 0;
      for (const Vertex u : candidates) {
        std::size_t count = 0;
        for (const Vertex v : candidates) count += reduction_.compatible(g, u, v);
        if (count >= best_count) best = u, best_count = count;
      }
      ++size;
      std::erase_if(candidates, [&](Vertex v) { return !reduction_.compatible(g, best, v); });
    }
    return std::max(size, 1L);
  }

  std::istream& in_;
  const CliqueReduction& reduction_;
  long k_;
  bool maximum_;
  bool done_ = false;
};

// Groups of vertices no two of which may be chosen together (given each
// vertex's compatible ones), such that every incompatible
// pair is in some group: an item per group then does the work of an item per
// pair with far fewer nodes. Greedy: a group grows from an uncovered pair,
// taking first the vertices whose pairs with its first vertex are uncovered.
std::vector<std::vector<std::size_t>> conflict_groups(const std::vector<Bits>& compatible) {
  const std::size_t n = compatible.size(), words = (n + 63) / 64;
  const auto has = [](const Bits& bits, std::size_t v) { return (bits[v / 64] >> (v % 64)) & 1; };
  std::vector<Bits> uncovered(n, Bits(words, 0));  // uncovered[a]: the incompatible c > a not yet in a group with a
  for (std::size_t a = 0; a < n; ++a)
    for (std::size_t c = a + 1; c < n; ++c)
      if (!has(compatible[a], c)) uncovered[a][c / 64] |= std::uint64_t{1} << (c % 64);
  std::vector<std::vector<std::size_t>> groups;
  Bits fits(words);  // the vertices incompatible with every member so far
  for (std::size_t a = 0; a < n; ++a) {
    for (std::size_t w = 0; w < words;) {
      if (uncovered[a][w] == 0) {
        ++w;
        continue;
      }
      std::vector<std::size_t> group;
      std::fill(fits.begin(), fits.end(), ~std::uint64_t{0});
      const auto join = [&](std::size_t v) {
        group.push_back(v);
        for (std::size_t x = 0; x < words; ++x) fits[x] &= ~compatible[v][x];
        fits[v / 64] &= ~(std::uint64_t{1} << (v % 64));
      };
      join(a);
      // The first vertex from `from` on in both x and y; n when none.
      const auto next_in = [&](const Bits& x, const Bits& y, std::size_t from) {
        for (std::size_t word = from / 64; word < words; ++word) {
          const std::uint64_t mask = word == from / 64 ? ~std::uint64_t{0} << (from % 64) : ~std::uint64_t{0};
          const std::uint64_t both = x[word] & y[word] & mask;
          if (both) return std::min(n, word * 64 + static_cast<std::size_t>(std::countr_zero(both)));
        }
        return n;
      };
      for (std::size_t c = next_in(uncovered[a], fits, a + 1); c < n; c = next_in(uncovered[a], fits, c + 1))
        join(c);  // first the partners of a still uncovered
      for (std::size_t c = next_in(fits, fits, 0); c < n; c = next_in(fits, fits, c + 1)) join(c);
      for (const std::size_t x : group)
        for (const std::size_t y : group)
          if (x < y) uncovered[x][y / 64] &= ~(std::uint64_t{1} << (y % 64));
      groups.push_back(std::move(group));
    }
  }
  return groups;
}

}  // namespace

std::vector<OptionSpec> CliqueReduction::options() const {
  return {{"k,k", "K", "the number of vertices asked for"},
          {"max", "", "the largest: K upward from a greedy answer until there is none"}};
}

std::unique_ptr<InstanceReader> CliqueReduction::reader(std::istream& in, const ModelOptions& options) const {
  const bool maximum = options.has("max");
  if (maximum == options.has("k")) throw std::invalid_argument(std::string(name()) + " needs either -k K or --max");
  return std::make_unique<CliqueReader>(in, *this, options.number("k", 0, 1, 1L << 30), maximum);
}

Encoding CliqueReduction::encode(const Instance& instance) const {
  const auto& clique = static_cast<const CliqueInstance&>(instance);
  const graph::Graph& g = *clique.graph;
  const std::vector<Vertex>& order = *clique.order;
  const std::size_t n = g.size();
  if (clique.k > static_cast<long>(n))
    throw dlx::BuildError("k = " + std::to_string(clique.k) + ", but the graph has " + std::to_string(n) + " vertices");
  auto compatible_bits = std::make_shared<std::vector<Bits>>(n, Bits((n + 63) / 64, 0));
  for (std::size_t a = 0; a < n; ++a)
    for (std::size_t c = 0; c < n; ++c)
      if (compatible(g, order[a], order[c])) (*compatible_bits)[a][c / 64] |= std::uint64_t{1} << (c % 64);
  dlx::ProblemBuilder b;
  b.add_primary("k", static_cast<std::uint32_t>(clique.k), static_cast<std::uint32_t>(clique.k));
  // A secondary item per conflict group, in the options of its vertices.
  std::vector<std::vector<dlx::Entry>> options(n, std::vector<dlx::Entry>{{0}});
  for (const std::vector<std::size_t>& group : conflict_groups(*compatible_bits)) {
    const dlx::ItemId item = b.add_secondary("#" + std::to_string(b.peek().items().size()));
    for (const std::size_t a : group) options[a].push_back({item});
  }
  for (const auto& entries : options) b.add_option(entries);
  Encoding encoding;
  encoding.problem = std::make_shared<const dlx::Problem>(b.build());
  encoding.hook = std::make_unique<ColouringBound>(std::move(compatible_bits), clique.k);
  encoding.hook_is_bound = true;
  return encoding;
}

std::unique_ptr<Answer> CliqueReduction::decode(const Instance& instance, std::span<const dlx::OptionId> solution) const {
  const auto& order = *static_cast<const CliqueInstance&>(instance).order;
  auto answer = std::make_unique<CliqueAnswer>();
  for (const dlx::OptionId o : solution) answer->vertices.push_back(order[o]);
  std::sort(answer->vertices.begin(), answer->vertices.end());
  return answer;
}

std::optional<std::string> CliqueReduction::verify(const Instance& instance, const Answer& answer) const {
  const auto& clique = static_cast<const CliqueInstance&>(instance);
  const graph::Graph& g = *clique.graph;
  const std::vector<Vertex>& vertices = static_cast<const CliqueAnswer&>(answer).vertices;
  if (static_cast<long>(vertices.size()) != clique.k)
    return std::to_string(vertices.size()) + " vertices, not " + std::to_string(clique.k);
  for (std::size_t a = 0; a < vertices.size(); ++a) {
    if (vertices[a] >= g.size()) return "no vertex " + std::to_string(vertices[a]);
    for (std::size_t c = 0; c < a; ++c) {
      if (vertices[a] == vertices[c]) return "vertex " + g.names[vertices[a]] + " twice";
      // Straight from the edge lists, not through compatible().
      const auto& list = g.out[vertices[a]];
      const bool edge = std::find(list.begin(), list.end(), vertices[c]) != list.end();
      if (edge == independent_)
        return g.names[vertices[c]] + " and " + g.names[vertices[a]] + (independent_ ? " are adjacent" : " are not adjacent");
    }
  }
  return std::nullopt;
}

void CliqueReduction::print(std::ostream& out, const Instance& instance, const Answer& answer) const {
  const graph::Graph& g = *static_cast<const CliqueInstance&>(instance).graph;
  out << "yes:";
  for (const Vertex v : static_cast<const CliqueAnswer&>(answer).vertices) out << ' ' << g.names[v];
  out << '\n';
}

void CliqueReduction::print_none(std::ostream& out, const Instance&) const { out << "no\n"; }

bool CliqueReduction::optimises(const Instance& instance) const {
  return static_cast<const CliqueInstance&>(instance).maximum;
}

std::unique_ptr<Instance> CliqueReduction::next_step(const Instance& tried, const Answer* found) const {
  const auto& clique = static_cast<const CliqueInstance&>(tried);
  if (!found || clique.k >= static_cast<long>(clique.graph->size())) return nullptr;
  auto next = std::make_unique<CliqueInstance>(clique);
  next->warnings.clear();
  ++next->k;
  return next;
}

}  // namespace dance::clique
