// The clique reduction's hook: a bound by greedy colouring that skips the
// options that cannot lead to a clique of k.
#pragma once

#include <algorithm>
#include <array>
#include <memory>
#include <numeric>
#include <span>
#include <vector>

#include "clique/bits.hpp"
#include "clique/inconsistent_classes.hpp"

namespace dance::clique {

// The bound's rules beyond the colours, each switched on its own so that
// bench/bench_clique_rules.cpp can measure it: `inconsistent`, the
// MaxSAT-style rule (inconsistent_classes.hpp): a vertex's later compatible
// candidates must hold what is needed after their colouring's disjoint
// inconsistent sets take one each off, and a node branches on fewer
// vertices; `lookahead`, the last-class argument of may_hold();
// `double_cover`, the root's double cover; `branch_set`, a node branches
// only on the vertices its colouring leaves over (order()).
struct BoundRules {
  bool inconsistent = true, lookahead = true, double_cover = true, branch_set = true;
};

// The bound: with c vertices chosen, the candidates left (the options still
// in item k's list) must hold k - c more; a greedy colouring of them (each
// colour class pairwise incompatible, so at most one of its vertices can be
// chosen) gives an upper bound on how many, as in Cliquer and MCS. k is item
// k's lower bound as the engine has it now (Remaining::lower_bound): the k
// of a decision, or for --max one more than the best clique found so far,
// raised by the driver as the search finds larger ones (branch and bound).
class ColouringBound final : public dlx::Hook {
 public:
  // Levels of may_hold()'s argument below a vertex's colouring: 4 took
  // johnson16-2-4 at k = 9 from 83,740 nodes (1 level) to 9,551, and more
  // levels saved under 10% of that.
  static constexpr int lookahead_depth = 4;
  // double_cover_bound() weighs this many candidates for each of the first
  // weighed_members places in a set.
  static constexpr std::size_t cover_sample = 8, weighed_members = 4;
  // Test only: a bound broken on purpose, that asks for this many vertices
  // more than the engine's lower bound (tests/test_clique.cpp must fail).
  static inline long overreach_for_tests = 0;
  // Test only: a branch set broken on purpose, that leaves out the first
  // class it should hold (tests/test_clique.cpp must fail).
  static inline bool narrow_branch_set_for_tests = false;
  // Test only: with `keeps_apart`, a hook that lets the search take a
  // vertex incompatible with the last one chosen (tests/test_clique.cpp must fail).
  static inline bool forget_last_for_tests = false;
  // Which rules run: all, but for the bench and the tests.
  static inline BoundRules rules;
  // The rule looks for inconsistent sets only when the colours exceed what
  // is needed by fewer than this many: 8 against 4 took gen200_p0.9_44 from
  // 6,552 nodes to 935 and G(160, 0.9) from 9,127 to 7,730 (6: 9,127),
  // 12 no further.
  static constexpr long most_extra_colours = 8;
  // A branch set's classes are absorbed only when the colours exceed what
  // is needed by fewer than this many.
  static constexpr long most_extra_for_branch_set = 16;
  // `deepest`: the most vertices a solution can have (item k's hi).
  // `keeps_apart`: the problem has no conflict items (--max's encoding), so
  // that a take hides nothing, and the hook keeps incompatible vertices
  // apart itself: item k's list then holds every vertex not yet tried, and
  // the candidates are those of it compatible with every vertex chosen, a
  // bit set per level (reach_), as LMC and MCS keep them.
  ColouringBound(std::shared_ptr<const std::vector<Bits>> compatible, long deepest, bool keeps_apart = false)
      : compatible_(std::move(compatible)), deepest_(deepest), keeps_apart_(keeps_apart), inconsistent_(compatible_.get()) {
    const std::size_t n = compatible_->size();
    const std::size_t words = (n + 63) / 64;
    if (keeps_apart_) {
      reach_.assign(1, Bits(words, 0));
      for (std::size_t v = 0; v < n; ++v) set(reach_[0], v);
    }
    pool_.assign(words, 0);
    layer_.assign(words, 0);
    spare_.assign(words, 0);
    lookahead_.assign(lookahead_depth + 1, Level{Bits(words, 0), Bits(words, 0), {Bits(words, 0), Bits(words, 0)}});
    colour_of_.assign(n, 0);
    // A level's bound and pool are made when the search first gets there:
    // k levels of n each up front took gigabytes for a large k.
    level_bound_.resize(static_cast<std::size_t>(deepest_) + 1);
    level_ready_.assign(static_cast<std::size_t>(deepest_) + 1, false);
    level_pool_.resize(static_cast<std::size_t>(deepest_) + 1);
    level_branch_.resize(static_cast<std::size_t>(deepest_) + 1);
    level_ordered_.assign(static_cast<std::size_t>(deepest_) + 1, false);
  }
  [[nodiscard]] bool orders() const override { return rules.branch_set; }
  // A node's branch set, as MCS and LMC branch: with `need` vertices still
  // to choose, a clique of them takes a vertex of a colour class from the
  // need-th on (the first need - 1 classes hold need - 1 at most), so the
  // node branches only on those vertices, the last coloured first, each
  // excluded from the later ones' subtrees; the vertices of the first
  // classes are left to the children (consider() answers skip_rest at the
  // first). Vertices that the inconsistent classes absorb into those first
  // classes (InconsistentClasses::absorb) are left too. The colouring is
  // the one consider() made for this node's vertex when it took it.
  void order(dlx::ItemId, const dlx::Remaining& remaining, std::vector<dlx::OptionId>& first) override {
    const auto level = static_cast<std::size_t>(chosen_);
    const long k = static_cast<long>(remaining.lower_bound(0)) + overreach_for_tests;
    const long need = k - chosen_;
    if (need <= 1) return;  // any candidate will do: consider() takes each
    read_candidates(remaining, candidates_);
    std::fill(pool_.begin(), pool_.end(), 0);
    for (const dlx::OptionId o : candidates_) set(pool_, o);
    level_pool_[level] = pool_;
    level_ready_[level] = level_ordered_[level] = true;
    Bits& branch = level_branch_[level];
    branch.assign(pool_.size(), 0);
    if (level == 0 && rules.double_cover && double_cover_bound(level_pool_[0], k) < k) return;
    if (pool_ == coloured_pool_ && colourings_ == coloured_pool_colouring_ && child_branch_colouring_ == colourings_)
      branch = child_branch_;  // consider() made it when it took this node's vertex
    else {
      if (pool_ != coloured_pool_ || colourings_ != coloured_pool_colouring_) colour();
      if (!branch_set(level_pool_[level], colours_, need, branch)) return;
    }
    for_each_in(branch, branch, [&](std::size_t v) { first.push_back(static_cast<dlx::OptionId>(v)); });
    std::sort(first.begin(), first.end(), [&](dlx::OptionId a, dlx::OptionId b) {
      return colour_of_[a] != colour_of_[b] ? colour_of_[a] > colour_of_[b] : a > b;
    });
  }
  // Before the search takes vertex v, the level's bound: v and the siblings
  // after it, coloured once per node, must hold colours enough; if not,
  // neither v nor any later sibling can succeed. Then v's own: the later
  // candidates compatible with v must be able to supply the rest, by their
  // colouring; when that is close, by may_hold(); at the root, where a take
  // costs the most, by some_child_passes().
  Verdict consider(dlx::OptionId v, const dlx::Remaining& remaining) override {
    const auto level = static_cast<std::size_t>(chosen_);
    const long k = static_cast<long>(remaining.lower_bound(0)) + overreach_for_tests;
    const long need = k - chosen_ - 1;
    if (keeps_apart_ && !has(reach_[level], v)) return Verdict::skip;
    if (need <= 0) return Verdict::take;
    // A sibling the level's pool no longer holds was seen before: a new
    // search (the root level is no one's child, so choose() never marks it
    // anew) or a resumed one. Its pool is made again from the siblings left.
    if (!level_ready_[level] || !has(level_pool_[level], v)) {
      read_candidates(remaining, candidates_);  // the siblings after v, in the order they will be tried
      colour_level(v, level);
      if (level == 0 && rules.double_cover && double_cover_bound(level_pool_[0], k) < k) return Verdict::skip_rest;
    }
    // Every sibling comes here in turn, so the level's pool less the ones
    // seen is the siblings after v. (Siblings that donate() gave away stay
    // in it: the bound only gets looser.)
    Bits& later = level_pool_[level];
    clear(later, v);
    if (level_ordered_[level] ? !has(level_branch_[level], v) : chosen_ + static_cast<long>(level_bound_[level][v]) < k)
      return Verdict::skip_rest;
    const Bits& near = (*compatible_)[v];
    for (std::size_t w = 0; w < pool_.size(); ++w) pool_[w] = later[w] & near[w];
    if (static_cast<long>(count(pool_)) < need) return Verdict::skip;
    // Coloured in full: if v is taken, these are its child's candidates,
    // whose level can then reuse this colouring.
    coloured_pool_ = pool_;
    const long colours = colour();
    coloured_pool_colouring_ = colourings_;
    if (colours < need) return Verdict::skip;
    if (rules.branch_set && need > 1) {  // the child's branch set, which its order() takes: none, no child
      if (!branch_set(coloured_pool_, colours, need, child_branch_)) return Verdict::skip;
      child_branch_colouring_ = colourings_;
    } else if (rules.inconsistent && colours - need < most_extra_colours &&
        inconsistent_.finds(coloured_pool_, colour_of_, static_cast<std::size_t>(colours), colours - need + 1))
      return Verdict::skip;
    if (rules.lookahead && colours <= need + 1) {
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
  bool choose(dlx::OptionId v, const dlx::Remaining&) override {
    const auto level = static_cast<std::size_t>(chosen_++);
    if (chosen_ <= deepest_) level_ready_[level + 1] = false;  // a new node below
    if (!keeps_apart_) return true;
    // An assumption or a part handed over comes here without consider().
    if (!has(reach_[level], v)) return false;
    if (reach_.size() == level + 1) reach_.emplace_back(reach_[level].size(), 0);  // once per depth
    const Bits& near = (*compatible_)[v];
    for (std::size_t w = 0; w < near.size(); ++w) reach_[level + 1][w] = reach_[level][w] & (forget_last_for_tests ? ~0ULL : near[w]);
    return true;
  }
  void unchoose(dlx::OptionId) override { --chosen_; }
  [[nodiscard]] std::unique_ptr<dlx::Hook> clone() const override {
    return std::make_unique<ColouringBound>(compatible_, deepest_, keeps_apart_);
  }

 private:
  // Item k's list, the candidates in the order they will be tried: with
  // keeps_apart_, only those compatible with every vertex chosen.
  void read_candidates(const dlx::Remaining& remaining, std::vector<dlx::OptionId>& out) const {
    remaining.options(0, out);
    if (keeps_apart_)
      std::erase_if(out, [&](dlx::OptionId o) { return !has(reach_[static_cast<std::size_t>(chosen_)], o); });
  }

  // Into `branch`, the vertices of `pool` (coloured in `colours` classes,
  // colour_of_) that a node with `need` vertices still to choose branches
  // on: those of the classes from the need-th on, less those the
  // inconsistent classes absorb into the first need - 1; whether any are.
  bool branch_set(const Bits& pool, long colours, long need, Bits& branch) {
    branch.assign(pool.size(), 0);
    if (colours < need) return false;
    bool any = false;
    for_each_in(pool, pool, [&](std::size_t v) {
      if (colour_of_[v] >= static_cast<std::uint32_t>(need + (narrow_branch_set_for_tests ? 1 : 0))) set(branch, v), any = true;
    });
    if (colours - need >= most_extra_for_branch_set) return any;  // too many to absorb
    if (rules.inconsistent && any)
      inconsistent_.absorb(pool, colour_of_, static_cast<std::size_t>(colours), static_cast<std::size_t>(need - 1), branch);
    return any && std::any_of(branch.begin(), branch.end(), [](std::uint64_t word) { return word != 0; });
  }

  // Colours the pool greedily, each colour class a set of pairwise
  // incompatible candidates (a clique holds one of each at most), until it
  // is empty; records each candidate's colour; returns the colours used.
  long colour() {
    ++colourings_;
    long colours = 0;
    for (bool left = true; left;) {
      ++colours;
      take_class(*compatible_, pool_, layer_, [&](std::size_t v) { colour_of_[v] = static_cast<std::uint32_t>(colours); });
      left = std::any_of(pool_.begin(), pool_.end(), [](std::uint64_t word) { return word != 0; });
    }
    colours_ = colours;
    return colours;
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
      take_class(*compatible_, at.left, layer_, [&](std::size_t v) { set(members, v); });
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
    read_candidates(remaining, child_order_);
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
    level_ordered_[level] = false;
  }

  std::shared_ptr<const std::vector<Bits>> compatible_;  // per option: the options compatible with it
  long deepest_;
  bool keeps_apart_;
  std::vector<Bits> reach_;  // with keeps_apart_, per level: the vertices compatible with every vertex chosen above it
  InconsistentClasses inconsistent_;
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
  std::vector<Bits> level_branch_;                       // per level, when order() made it: the branch set
  Bits child_branch_;                                    // consider()'s branch set for its vertex's child...
  std::uint64_t child_branch_colouring_ = 0;             // ...made with this colouring
  std::vector<bool> level_ordered_;                      // per level: order() made its pool, level_bound_ unused
  std::vector<bool> seen_;
  std::vector<std::uint32_t> coverage_;  // double_cover_bound's: per candidate, the sets it is in
  long colours_ = 0;                           // the colours of the last colouring
  std::uint64_t colourings_ = 0;               // colourings so far
  Bits coloured_pool_;                         // what consider() last coloured in full...
  std::uint64_t coloured_pool_colouring_ = 0;  // ...as colouring number
};

}  // namespace dance::clique
