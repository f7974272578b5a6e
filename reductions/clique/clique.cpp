#include "clique/clique.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <iterator>
#include <numeric>
#include <ostream>
#include <span>
#include <stdexcept>
#include <utility>

namespace dance::clique {
namespace {

[[nodiscard]] bool has(const Bits& bits, std::size_t v) { return (bits[v / 64] >> (v % 64)) & 1; }
void set(Bits& bits, std::size_t v) { bits[v / 64] |= std::uint64_t{1} << (v % 64); }
void clear(Bits& bits, std::size_t v) { bits[v / 64] &= ~(std::uint64_t{1} << (v % 64)); }
// Into `out`: the vertices below n that are not in `bits`, `self` left out.
void complement(const Bits& bits, std::size_t n, std::size_t self, Bits& out) {
  for (std::size_t w = 0; w < bits.size(); ++w) out[w] = ~bits[w];
  if (n % 64 != 0) out.back() &= ~std::uint64_t{0} >> (64 - n % 64);
  clear(out, self);
}
// f(v) for each v in both x and y, ascending.
template <class F>
void for_each_in(const Bits& x, const Bits& y, F f) {
  for (std::size_t w = 0; w < x.size(); ++w)
    for (std::uint64_t both = x[w] & y[w]; both != 0; both &= both - 1) f(w * 64 + static_cast<std::size_t>(std::countr_zero(both)));
}
// The first vertex in both x and y, or `none`.
[[nodiscard]] std::size_t first_in(const Bits& x, const Bits& y, std::size_t none) {
  for (std::size_t w = 0; w < x.size(); ++w)
    if (const std::uint64_t both = x[w] & y[w]) return w * 64 + static_cast<std::size_t>(std::countr_zero(both));
  return none;
}
[[nodiscard]] std::size_t count(const Bits& bits) {
  std::size_t total = 0;
  for (const std::uint64_t word : bits) total += static_cast<std::size_t>(std::popcount(word));
  return total;
}
[[nodiscard]] std::size_t count_common(const Bits& x, const Bits& y) {
  std::size_t total = 0;
  for (std::size_t w = 0; w < x.size(); ++w) total += static_cast<std::size_t>(std::popcount(x[w] & y[w]));
  return total;
}

// How many vertices a clique gains when it grows greedily from `candidates`
// (the vertices compatible with all of it): repeatedly the candidate with the
// most compatible candidates.
long grown_by(const std::vector<Bits>& compatible, Bits candidates) {
  long added = 0;
  while (count(candidates) != 0) {
    std::size_t best = 0, best_count = 0;
    for_each_in(candidates, candidates, [&](std::size_t u) {
      const std::size_t common = count_common(candidates, compatible[u]);
      if (common >= best_count) best = u, best_count = common;
    });
    ++added;
    for (std::size_t w = 0; w < candidates.size(); ++w) candidates[w] &= compatible[best][w];
  }
  return added;
}

// The bound: with c vertices chosen, the candidates left (the options still
// in item k's list) must hold k - c more; a greedy colouring of them (each
// colour class pairwise incompatible, so at most one of its vertices can be
// chosen) gives an upper bound on how many, as in Cliquer and MCS.
class ColouringBound final : public dlx::Hook {
 public:
  // Levels of may_hold()'s argument below a vertex's colouring: 4 took
  // johnson16-2-4 at k = 9 from 83,740 nodes (1 level) to 9,551, and more
  // levels saved under 10% of that.
  static constexpr int lookahead_depth = 4;
  // double_cover_bound() weighs this many candidates for each of the first
  // weighed_members places in a set.
  static constexpr std::size_t cover_sample = 8, weighed_members = 4;
  ColouringBound(std::shared_ptr<const std::vector<Bits>> compatible, long k) : compatible_(std::move(compatible)), k_(k) {
    const std::size_t n = compatible_->size();
    const std::size_t words = (n + 63) / 64;
    pool_.assign(words, 0);
    layer_.assign(words, 0);
    spare_.assign(words, 0);
    lookahead_.assign(lookahead_depth + 1, Level{Bits(words, 0), Bits(words, 0), {Bits(words, 0), Bits(words, 0)}});
    colour_of_.assign(n, 0);
    // A level's bound and pool are made when the search first gets there:
    // k levels of n each up front took gigabytes for a large k.
    level_bound_.resize(static_cast<std::size_t>(k) + 1);
    level_ready_.assign(static_cast<std::size_t>(k) + 1, false);
    level_pool_.resize(static_cast<std::size_t>(k) + 1);
  }
  // Before the search takes vertex v, the level's bound: v and the siblings
  // after it, coloured once per node, must hold colours enough; if not,
  // neither v nor any later sibling can succeed. Then v's own: the later
  // candidates compatible with v must be able to supply the rest, by their
  // colouring; when that is close, by may_hold(); at the root, where a take
  // costs the most, by some_child_passes().
  Verdict consider(dlx::OptionId v, const dlx::Remaining& remaining) override {
    const auto level = static_cast<std::size_t>(chosen_);
    const long need = k_ - chosen_ - 1;
    if (need <= 0) return Verdict::take;
    // A sibling the level's pool no longer holds was seen before: a new
    // search (the root level is no one's child, so choose() never marks it
    // anew) or a resumed one. Its pool is made again from the siblings left.
    if (!level_ready_[level] || !has(level_pool_[level], v)) {
      remaining.options(0, candidates_);  // the siblings after v, in the order they will be tried
      colour_level(v, level);
      if (level == 0 && double_cover_bound(level_pool_[0], k_) < k_) return Verdict::skip_rest;
    }
    // Every sibling comes here in turn, so the level's pool less the ones
    // seen is the siblings after v. (Siblings that donate() gave away stay
    // in it: the bound only gets looser.)
    Bits& later = level_pool_[level];
    clear(later, v);
    if (chosen_ + static_cast<long>(level_bound_[level][v]) < k_) return Verdict::skip_rest;
    const Bits& near = (*compatible_)[v];
    for (std::size_t w = 0; w < pool_.size(); ++w) pool_[w] = later[w] & near[w];
    if (static_cast<long>(count(pool_)) < need) return Verdict::skip;
    // Coloured in full: if v is taken, these are its child's candidates,
    // whose level can then reuse this colouring.
    coloured_pool_ = pool_;
    const long colours = colour();
    coloured_pool_colouring_ = colourings_;
    if (colours < need) return Verdict::skip;
    if (colours <= need + 1) {
      // The colouring just made is may_hold()'s first: its last class, from colour_of_.
      Bits& last = lookahead_[lookahead_depth].last[0];
      std::fill(last.begin(), last.end(), 0);
      for_each_in(coloured_pool_, coloured_pool_, [&](std::size_t u) {
        if (colour_of_[u] == static_cast<std::uint32_t>(colours)) set(last, u);
      });
      return last_class_argument(coloured_pool_, colours, last, need, lookahead_depth) ? Verdict::take : Verdict::skip;
    }
    return chosen_ > 0 || some_child_passes(remaining, need) ? Verdict::take : Verdict::skip;
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
  // is empty; records each candidate's colour; returns the colours used.
  long colour() {
    ++colourings_;
    long colours = 0;
    for (bool left = true; left;) {
      ++colours;
      take_class(pool_, [&](std::size_t v) { colour_of_[v] = static_cast<std::uint32_t>(colours); });
      left = std::any_of(pool_.begin(), pool_.end(), [](std::uint64_t word) { return word != 0; });
    }
    colours_ = colours;
    return colours;
  }

  // Takes one colour class out of `pool`, greedily, the most compatible
  // candidates first; f(vertex) for each member.
  template <class F>
  void take_class(Bits& pool, F f) {
    layer_ = pool;
    for (std::size_t w = layer_.size(); w-- > 0;) {
      while (layer_[w] != 0) {
        const auto bit = static_cast<std::size_t>(63 - std::countl_zero(layer_[w]));
        pool[w] &= ~(std::uint64_t{1} << bit);
        f(w * 64 + bit);
        const Bits& near = (*compatible_)[w * 64 + bit];
        for (std::size_t x = 0; x <= w; ++x) layer_[x] &= ~near[x];
        layer_[w] &= ~(std::uint64_t{1} << bit);
      }
    }
  }

  // Whether `pool` may hold `need` pairwise compatible candidates, as far as
  // greedy colourings and `depth` more levels of the last-class argument
  // tell. With `need` classes, a clique of that size takes a vertex of every
  // class, the last one included; with one class more, it takes one of the
  // last class or none.
  bool may_hold(const Bits& pool, long need, int depth) {
    if (need <= 0) return true;
    Level& at = lookahead_[static_cast<std::size_t>(depth)];
    at.left = pool;
    long classes = 0;
    while (std::any_of(at.left.begin(), at.left.end(), [](std::uint64_t word) { return word != 0; })) {
      if (classes == need + (depth == 0 ? 0 : 1)) return true;
      Bits& members = at.last[static_cast<std::size_t>(classes % 2)];
      std::fill(members.begin(), members.end(), 0);
      take_class(at.left, [&](std::size_t v) { set(members, v); });
      ++classes;
    }
    if (classes < need) return false;
    return depth == 0 || last_class_argument(pool, classes, at.last[static_cast<std::size_t>((classes - 1) % 2)], need, depth);
  }

  // The argument of may_hold() for a pool coloured in `classes` classes
  // (need or need + 1), the last of them `last`.
  bool last_class_argument(const Bits& pool, long classes, const Bits& last, long need, int depth) {
    Level& at = lookahead_[static_cast<std::size_t>(depth)];
    bool holds = false;
    for_each_in(last, last, [&](std::size_t u) {
      if (holds) return;
      const Bits& near = (*compatible_)[u];
      for (std::size_t w = 0; w < at.sub.size(); ++w) at.sub[w] = pool[w] & near[w];
      holds = may_hold(at.sub, need - 1, depth - 1);
    });
    if (holds || classes == need) return holds;
    for (std::size_t w = 0; w < at.sub.size(); ++w) at.sub[w] = pool[w] & ~last[w];
    return may_hold(at.sub, need, depth - 1);
  }

  // At the root a take costs the most (it hides every option incompatible
  // with v), so first the test that each child u of v will face: u and the
  // candidates after u (in list order) compatible with it must reach the
  // colours then needed, with the look ahead when that is close. If no child
  // can pass, v is not taken.
  bool some_child_passes(const dlx::Remaining& remaining, long need) {
    remaining.options(0, child_order_);
    Level& at = lookahead_[0];
    Bits& later = spare_;
    later = coloured_pool_;
    for (const dlx::OptionId u : child_order_) {
      if (!has(later, u)) continue;
      clear(later, u);
      const Bits& near = (*compatible_)[u];
      for (std::size_t w = 0; w < at.sub.size(); ++w) at.sub[w] = later[w] & near[w];
      if (static_cast<long>(count(at.sub)) >= need - 1 && may_hold(at.sub, need - 1, lookahead_depth)) return true;
    }
    return false;
  }

  // An upper bound on the clique number of `pool` from independent sets
  // (candidates pairwise incompatible) that cover every candidate twice: a
  // clique meets each set once at most, so it has sets / 2 vertices at most.
  // Colourings stop at the chromatic number; this reaches the fractional one
  // where stars cover twice, as in the Kneser graphs of the DIMACS johnson
  // family (johnson16-2-4: chromatic number 14, 16 stars, clique number 8).
  // Each set grows by the candidate that leaves the most others able to
  // join. Returns `enough` as soon as the sets allow that many.
  long double_cover_bound(const Bits& pool, long enough) {
    coverage_.assign(compatible_->size(), 0);
    Bits& short_of = spare_;  // candidates covered less than twice
    short_of = pool;
    long sets = 0;
    const std::size_t none = coverage_.size();
    for (std::size_t start = first_in(short_of, short_of, none); start < none; start = first_in(short_of, short_of, none)) {
      if (sets >= 2 * enough) return enough;
      complement((*compatible_)[start], coverage_.size(), start, layer_);
      for (std::size_t w = 0; w < layer_.size(); ++w) layer_[w] &= pool[w];
      for (std::size_t member = start, members = 1; member < none; ++members) {
        if (++coverage_[member] == 2) clear(short_of, member);
        // The first members shape the set (a star or a triangle): they are
        // weighed, of the first few that may join, ties to the one in the
        // fewest sets; later ones take the first that may join.
        std::size_t best = first_in(layer_, layer_, none), looked = 0;
        std::pair<std::size_t, std::uint32_t> fewest{SIZE_MAX, 0};
        if (members < weighed_members) {
          for_each_in(layer_, layer_, [&](std::size_t c) {
            if (looked++ >= cover_sample) return;
            const std::pair<std::size_t, std::uint32_t> shut{count_common(layer_, (*compatible_)[c]), coverage_[c]};
            if (shut < fewest) best = c, fewest = shut;
          });
        }
        member = best;
        if (member == none) break;
        for (std::size_t w = 0; w < layer_.size(); ++w) layer_[w] &= ~(*compatible_)[member][w];
        clear(layer_, member);
      }
      ++sets;
    }
    return sets / 2;
  }

  // For v and each sibling after it: how many colours it and the siblings
  // after it span.
  void colour_level(dlx::OptionId v, std::size_t level) {
    std::fill(pool_.begin(), pool_.end(), 0);
    set(pool_, v);
    for (const dlx::OptionId o : candidates_) set(pool_, o);
    level_pool_[level] = pool_;
    // The last colouring, made by the parent's consider(), may be of exactly these.
    if (pool_ != coloured_pool_ || colourings_ != coloured_pool_colouring_) colour();
    seen_.assign(static_cast<std::size_t>(colours_) + 1, false);
    std::uint32_t spanned = 0;
    std::vector<std::uint32_t>& bound = level_bound_[level];
    if (bound.empty()) bound.assign(colour_of_.size(), 0);
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
  std::vector<dlx::OptionId> candidates_, child_order_;
  Bits pool_, layer_;
  Bits spare_;  // some_child_passes()' later candidates, double_cover_bound()'s short ones
  struct Level {
    Bits left, sub;
    std::array<Bits, 2> last;  // the latest two classes of the colouring
  };
  std::vector<Level> lookahead_;  // per depth of may_hold()
  std::vector<std::uint32_t> colour_of_;                 // per option: its colour in the last colouring
  std::vector<std::vector<std::uint32_t>> level_bound_;  // per level, per sibling: colours from it on
  std::vector<bool> level_ready_;                        // per level: level_bound_ is for this node
  std::vector<Bits> level_pool_;                         // per level: the siblings not yet considered
  std::vector<bool> seen_;
  std::vector<std::uint32_t> coverage_;  // double_cover_bound's: per candidate, the sets it is in
  long colours_ = 0;                           // the colours of the last colouring
  std::uint64_t colourings_ = 0;               // colourings so far
  Bits coloured_pool_;                         // what consider() last coloured in full...
  std::uint64_t coloured_pool_colouring_ = 0;  // ...as colouring number
};

// The most vertices the reader keeps: its sets of them take n * n bits
// apiece (65,536 vertices: 512 MiB each, and there are a few).
constexpr std::size_t most_dense_vertices = std::size_t{1} << 16;

std::vector<Vertex> all_vertices(std::size_t n) {
  std::vector<Vertex> all(n);
  std::iota(all.begin(), all.end(), Vertex{0});
  return all;
}

// The vertices with `least` neighbours or more among the others kept (the
// least-core), ascending: the rest peeled off one by one.
std::vector<Vertex> core(const graph::Graph& g, std::size_t least) {
  const std::size_t n = g.size();
  std::vector<std::size_t> degree(n);
  std::vector<Vertex> peel;
  std::vector<bool> gone(n, false);
  for (Vertex v = 0; v < n; ++v)
    if ((degree[v] = g.out[v].size()) < least) peel.push_back(v), gone[v] = true;
  while (!peel.empty()) {
    const Vertex v = peel.back();
    peel.pop_back();
    for (const Vertex u : g.out[v])
      if (!gone[u] && --degree[u] < least) peel.push_back(u), gone[u] = true;
  }
  std::vector<Vertex> kept;
  for (Vertex v = 0; v < n; ++v)
    if (!gone[v]) kept.push_back(v);
  return kept;
}

// The size of a clique grown greedily on the edge lists, from each of the 8
// vertices of most neighbours (each time the candidate of most neighbours
// joins): a lower bound for --max that lets core() thin a sparse graph.
std::size_t sparse_greedy_clique(const graph::Graph& g) {
  std::vector<Vertex> starts = all_vertices(g.size());
  const auto more_neighbours = [&g](Vertex a, Vertex b) { return g.out[a].size() > g.out[b].size(); };
  const auto tried = starts.begin() + static_cast<std::ptrdiff_t>(std::min<std::size_t>(8, starts.size()));
  std::partial_sort(starts.begin(), tried, starts.end(), more_neighbours);
  std::size_t best = 0;
  std::vector<Vertex> candidates, common;
  for (auto start = starts.begin(); start != tried; ++start) {
    std::size_t size = 1;
    candidates.assign(g.out[*start].begin(), g.out[*start].end());
    while (!candidates.empty()) {
      const Vertex next = *std::min_element(candidates.begin(), candidates.end(), more_neighbours);
      ++size;
      common.clear();
      std::set_intersection(candidates.begin(), candidates.end(), g.out[next].begin(), g.out[next].end(), std::back_inserter(common));
      candidates.swap(common);
    }
    best = std::max(best, size);
  }
  return best;
}

class CliqueReader final : public OneInstanceReader {
 public:
  CliqueReader(std::istream& in, const CliqueReduction& reduction, long k, bool maximum)
      : in_(in), reduction_(reduction), k_(k), maximum_(maximum) {}
  std::unique_ptr<Instance> read() override {
    auto instance = std::make_unique<CliqueInstance>();
    graph::GraphWarnings warnings;
    auto g = std::make_shared<const graph::Graph>(graph::read_graph(in_, false, warnings));
    instance->warnings = std::move(warnings.messages);
    // A clique of k has k - 1 neighbours at each vertex: the others go first,
    // on the edge lists, so that a large sparse graph keeps only its core.
    // (An independent set's vertices need k - 1 non-neighbours, which
    // only near-universal vertices lack: nothing worth the work.)
    const bool independent = reduction_.independent();
    const std::size_t least = !maximum_ ? static_cast<std::size_t>(k_) : independent ? 1 : sparse_greedy_clique(*g);
    const std::vector<Vertex> kept = independent ? all_vertices(g->size()) : core(*g, least > 0 ? least - 1 : 0);
    const std::size_t n = kept.size(), words = (n + 63) / 64;
    if (n > most_dense_vertices)
      throw std::invalid_argument(std::string(reduction_.name()) + ": " + std::to_string(n) +
                                  " vertices can be in the answer, more than the " + std::to_string(most_dense_vertices) +
                                  " that its sets of n * n bits hold");
    std::vector<std::uint32_t> place(g->size(), UINT32_MAX);  // per vertex of the graph: its place in kept
    for (std::size_t i = 0; i < n; ++i) place[kept[i]] = static_cast<std::uint32_t>(i);
    // The compatible pairs as bit sets, straight from the edge lists.
    std::vector<Bits> near(n, Bits(words, 0));
    Bits adjacent(words);
    for (std::size_t u = 0; u < n; ++u) {
      std::fill(adjacent.begin(), adjacent.end(), 0);
      for (const Vertex v : g->out[kept[u]])
        if (place[v] != UINT32_MAX) set(adjacent, place[v]);
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
    instance->compatible = std::move(compatible);
    instance->graph = std::move(g);
    instance->maximum = maximum_;
    Bits everyone(words, 0);
    for (std::size_t v = 0; v < n; ++v) set(everyone, v);
    instance->k = maximum_ ? std::max({1L, static_cast<long>(least), grown_by(*instance->compatible, everyone)}) : k_;
    return instance;
  }

 private:
  std::istream& in_;
  const CliqueReduction& reduction_;
  long k_;
  bool maximum_;
};

// Groups of vertices no two of which may be chosen together (given each
// vertex's compatible ones), such that every incompatible pair is in some
// group: an item per group then does the work of an item per pair with far
// fewer nodes. Greedy: a group grows from a vertex a with an uncovered pair,
// taking first a's uncovered partners, then any vertex that still has an
// uncovered pair with a member, as long as it is incompatible with them all.
template <class F>
void for_each_conflict_group(const std::vector<Bits>& compatible, F f) {
  const std::size_t n = compatible.size(), words = (n + 63) / 64;
  std::vector<Bits> uncovered(n, Bits(words));  // uncovered[v]: v's incompatible partners in no group with v yet
  for (std::size_t v = 0; v < n; ++v) complement(compatible[v], n, v, uncovered[v]);
  std::vector<std::size_t> group;
  Bits fits(words), wanted(words), members(words);  // incompatible with every member; with an uncovered pair to a member
  for (std::size_t a = 0; a < n; ++a) {
    while (std::any_of(uncovered[a].begin(), uncovered[a].end(), [](std::uint64_t w) { return w != 0; })) {
      group.assign(1, a);
      complement(compatible[a], n, a, fits);
      wanted = uncovered[a];
      const auto join = [&](std::size_t v) {
        group.push_back(v);
        for (std::size_t w = 0; w < words; ++w) {
          fits[w] &= ~compatible[v][w];
          wanted[w] |= uncovered[v][w];
        }
        clear(fits, v);
      };
      for (std::size_t c = first_in(uncovered[a], fits, n); c < n; c = first_in(uncovered[a], fits, n)) join(c);
      for (std::size_t c = first_in(wanted, fits, n); c < n; c = first_in(wanted, fits, n)) join(c);
      std::fill(members.begin(), members.end(), 0);
      for (const std::size_t x : group) set(members, x);
      for (const std::size_t x : group)
        for (std::size_t w = 0; w < words; ++w) uncovered[x][w] &= ~members[w];
      f(std::as_const(group));
    }
  }
}

// Vertices whose compatible vertices are the same, themselves included,
// are interchangeable to every other vertex (twins: the clusters of the
// c-fat graphs). Between two classes all pairs are compatible or none are.
struct TwinClasses {
  std::vector<std::size_t> vertices, start;  // class c: vertices[start[c]] up to start[c + 1], ascending
  std::vector<Bits> compatible;              // per class: the classes compatible with it (none if no twins)
  [[nodiscard]] std::size_t size() const { return start.size() - 1; }
  [[nodiscard]] std::span<const std::size_t> members(std::size_t c) const {
    return {vertices.data() + start[c], start[c + 1] - start[c]};
  }
};

TwinClasses twin_classes(const std::vector<Bits>& compatible) {
  const std::size_t n = compatible.size();
  const auto closed_word = [&](std::size_t v, std::size_t w) {
    return compatible[v][w] | (v / 64 == w ? std::uint64_t{1} << (v % 64) : 0);
  };
  const auto twins = [&](std::size_t a, std::size_t b) {
    if (!has(compatible[a], b)) return false;
    for (std::size_t w = 0; w < compatible[a].size(); ++w)
      if ((closed_word(a, w) | closed_word(b, w)) != (closed_word(a, w) & closed_word(b, w))) return false;
    return true;
  };
  // Sorted by a hash of the closed set; twins have equal hashes.
  std::vector<std::pair<std::uint64_t, std::size_t>> keyed(n);
  for (std::size_t v = 0; v < n; ++v) {
    std::uint64_t hash = 0;
    for (std::size_t w = 0; w < compatible[v].size(); ++w) hash = (hash ^ closed_word(v, w)) * 0x9e3779b97f4a7c15;
    keyed[v] = {hash, v};
  }
  std::sort(keyed.begin(), keyed.end());
  std::vector<std::size_t> first_twin(n);  // per vertex: its smallest twin (itself, if none)
  for (std::size_t i = 0, run = 0; i < n; ++i) {
    if (keyed[i].first != keyed[run].first) run = i;
    const std::size_t v = keyed[i].second;
    first_twin[v] = v;
    for (std::size_t j = run; j < i; ++j)
      if (first_twin[keyed[j].second] == keyed[j].second && twins(keyed[j].second, v)) {
        first_twin[v] = keyed[j].second;
        break;
      }
  }
  // Classes numbered by their first member; counting sort into place.
  std::vector<std::size_t> class_of(n);
  TwinClasses classes;
  classes.start.push_back(0);
  for (std::size_t v = 0; v < n; ++v) {
    if (first_twin[v] == v) {
      class_of[v] = classes.start.size() - 1;
      classes.start.push_back(0);
    }
    ++classes.start[class_of[first_twin[v]] + 1];
  }
  for (std::size_t c = 1; c < classes.start.size(); ++c) classes.start[c] += classes.start[c - 1];
  classes.vertices.resize(n);
  std::vector<std::size_t> filled(classes.start.begin(), classes.start.end() - 1);
  for (std::size_t v = 0; v < n; ++v) classes.vertices[filled[class_of[first_twin[v]]]++] = v;
  const std::size_t class_count = classes.size();
  if (class_count == n) return classes;
  classes.compatible.assign(class_count, Bits((class_count + 63) / 64, 0));
  for (std::size_t a = 0; a < class_count; ++a)
    for (std::size_t b = 0; b < class_count; ++b)
      if (a != b && has(compatible[classes.members(a).front()], classes.members(b).front())) set(classes.compatible[a], b);
  return classes;
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
  const std::size_t n = clique.order->size();
  // A secondary item per conflict group of twin classes, in the options of
  // their vertices. A group with a class of twins gives each class a colour
  // of its own: the item then keeps whole classes apart (a set of
  // incompatible pairs a class's size squared strong) while twins agree.
  const TwinClasses twins = twin_classes(*clique.compatible);
  dlx::BigVector<std::pair<std::size_t, dlx::Entry>> memberships;  // (vertex, its entry), group by group
  dlx::ItemId groups = 0;
  std::size_t colours = 0;
  const std::vector<Bits>& between = twins.size() == n ? *clique.compatible : twins.compatible;
  for_each_conflict_group(between, [&](const std::vector<std::size_t>& group) {
    ++groups;
    const bool coloured = std::any_of(group.begin(), group.end(), [&](std::size_t c) { return twins.members(c).size() > 1; });
    if (coloured) colours = std::max(colours, group.size());
    for (std::size_t place = 0; place < group.size(); ++place) {
      // For now the colour is the class's place in the group, named below.
      const auto colour = coloured ? static_cast<dlx::ColourId>(place + 1) : dlx::no_colour;
      for (const std::size_t v : twins.members(group[place])) memberships.push_back({v, {groups, colour}});
    }
  });
  // Each vertex's option: item k, then its groups in order (a counting sort, in one block).
  std::vector<std::size_t> start(n + 1, 1);
  start[0] = 0;
  for (const auto& [v, entry] : memberships) ++start[v + 1];
  for (std::size_t v = 0; v < n; ++v) start[v + 1] += start[v];
  dlx::BigVector<dlx::Entry> entries(start[n]);
  std::vector<std::size_t> filled(start.begin(), start.end() - 1);
  for (std::size_t v = 0; v < n; ++v) entries[filled[v]++] = {0};
  for (const auto& [v, entry] : memberships) entries[filled[v]++] = entry;
  dlx::ProblemBuilder b;
  b.reserve(groups + 1, n, entries.size());
  b.add_primary("k", static_cast<std::uint32_t>(clique.k), static_cast<std::uint32_t>(clique.k));
  for (dlx::ItemId item = 1; item <= groups; ++item) b.add_secondary("#" + std::to_string(item));
  std::vector<dlx::ColourId> colour_named(colours + 1, dlx::no_colour);
  for (std::size_t place = 1; place <= colours; ++place) colour_named[place] = b.colour(std::to_string(place));
  for (dlx::Entry& entry : entries) entry.colour = colour_named[entry.colour];
  for (std::size_t v = 0; v < n; ++v) b.add_option(std::span<const dlx::Entry>(entries.data() + start[v], start[v + 1] - start[v]));
  Encoding encoding;
  encoding.problem = std::make_shared<const dlx::Problem>(b.build());
  encoding.hook_is_bound = true;
  // k beyond the vertices is a question with the answer no, not a mistake.
  const std::string k = "k = " + std::to_string(clique.k) + ", but ";
  if (clique.k <= static_cast<long>(n))
    encoding.hook = std::make_unique<ColouringBound>(clique.compatible, clique.k);
  else if (clique.k > static_cast<long>(clique.graph->size()))
    encoding.contradiction = k + "the graph has " + std::to_string(clique.graph->size()) + " vertices";
  else
    encoding.contradiction = k + "only " + std::to_string(n) + " vertices are left when those with fewer than " +
                             std::to_string(clique.k - 1) + " neighbours are taken away, again and again";
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
void CliqueReduction::print_stopped(std::ostream& out, const Instance&) const { out << "unknown\n"; }

bool CliqueReduction::optimises(const Instance& instance) const {
  return static_cast<const CliqueInstance&>(instance).maximum;
}

std::unique_ptr<Instance> CliqueReduction::next_step(const Instance& tried, const Answer* found) const {
  const auto& clique = static_cast<const CliqueInstance&>(tried);
  if (!found || clique.k >= static_cast<long>(clique.order->size())) return nullptr;
  // The witness grown greedily: if it grows, ask for that size next (a yes,
  // with a witness of that size to print), else for one vertex more.
  const std::vector<Bits>& compatible = *clique.compatible;
  const std::vector<Vertex>& order = *clique.order;
  std::vector<std::size_t> option_of(clique.graph->size());
  for (std::size_t j = 0; j < order.size(); ++j) option_of[order[j]] = j;
  const std::vector<Vertex>& witness = static_cast<const CliqueAnswer&>(*found).vertices;  // k >= 1 of them
  Bits candidates = compatible[option_of[witness.front()]];
  for (const Vertex v : witness)
    for (std::size_t w = 0; w < candidates.size(); ++w) candidates[w] &= compatible[option_of[v]][w];
  auto next = std::make_unique<CliqueInstance>(clique);
  next->warnings.clear();
  next->k = clique.k + std::max(1L, grown_by(compatible, candidates));
  return next;
}

}  // namespace dance::clique
