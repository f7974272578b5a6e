#include <algorithm>
#include <array>
#include <cstddef>
#include <type_traits>

#include "dance/item_name.hpp"
#include "hamilton/givens.hpp"
#include "hamilton/removal_reasons.hpp"
#include "hamilton/successors.hpp"

namespace dance::hamilton {

namespace {

constexpr Vertex none = HamiltonInstance::nobody;
constexpr std::uint32_t unknown = ~std::uint32_t{0};  // a position not known
constexpr std::uint32_t far = Distances::unreachable;

// The chains of the arcs chosen, their numbers, and the rules above.
//
// Learning's reasons (Hook::explain, explain_removal) are options chosen
// that make the same rule say no wherever they are chosen. A vertex's
// number: the arcs of its chain from it to the nearest given, or to the
// start at its head or the end at its tail (numbered()). A chain's length:
// its arcs (chain()). A refused option: itself, the whole chain it made and
// the number of the vertex it clashed with. A gap's search: the numbers of
// its ends, of every vertex it turned away for its number, the arc that
// turned away a vertex inside a chain, and the arc it followed along a
// chain; options that go only open the way, so it reaches no less. Too far
// needs the search, but the wrong parity in a bipartite graph does not (any
// walk has it). A chain that fits in no gap (and a removal for it): why
// each gap would not do, and the number of every known position, since one
// unknown between two known ones would be a gap of its own.
class ChainHook final : public dlx::Hook {
 public:
  ChainHook(std::shared_ptr<const std::vector<Link>> links, std::shared_ptr<const graph::Graph> graph,
            std::shared_ptr<const Distances> distances, std::vector<Given> givens)
      : links_(std::move(links)),
        graph_(std::move(graph)),
        distances_(std::move(distances)),
        givens_(std::move(givens)),
        n_(static_cast<std::uint32_t>(graph_->size())),
        next_(n_, none),
        prev_(n_, none),
        end_(n_),
        size_(n_, 1),
        position_(n_, unknown),
        arc_in_(n_, none),
        arc_out_(n_, none),
        at_(n_, none),
        from_a_(n_, none),
        depth_(n_, far),
        queue_(n_),
        removed_at_(links_->size(), 0),
        reasons_(links_->size()) {
    in_ = arcs_in(*graph_);
    for (Vertex v = 0; v < n_; ++v) end_[v] = v;
    given_.assign(n_, false);
    for (const Given& g : givens_) {
      position_[g.vertex] = g.position;
      at_[g.position] = g.vertex;
      given_[g.vertex] = true;
    }
  }

  bool choose(dlx::OptionId option, const dlx::Remaining&) override {
    marks_.push_back(log_.size());
    reasons_.chose();
    failure_ = Failure::refused;
    refused_ = option;
    clash_ = none;
    const Link& l = (*links_)[option];
    if (l.from == none) {  // l.to heads its chain
      set(first_, l.to);
      start_option_ = option;
      made_ = l.to;
      return number(l.to, 0);
    }
    if (l.to == none) {  // l.from is a tail
      set(last_, l.from);
      end_option_ = option;
      made_ = l.from;
      return number(end_[l.from], n_ - size_[l.from]);
    }
    const Vertex u = l.from, v = l.to, head = end_[u], tail = end_[v];
    made_ = u;
    if (head == v) return false;  // it would close a cycle
    const std::uint32_t before = size_[u], joined = size_[u] + size_[v];
    set(next_[u], v);
    set(prev_[v], u);
    arc_out_[u] = arc_in_[v] = option;  // read only while the arc is chosen: no undo
    set(end_[head], tail);
    set(end_[tail], head);
    set(size_[head], joined);
    set(size_[tail], joined);
    if (position_[u] != unknown && position_[v] != unknown) return position_[v] == position_[u] + 1;
    if (position_[u] != unknown) return number(v, position_[u] + 1);
    if (position_[v] != unknown) return position_[v] >= before && number(head, position_[v] - before);
    return true;
  }

  void unchoose(dlx::OptionId) override {
    for (const std::size_t mark = marks_.back(); log_.size() > mark; log_.pop_back()) *log_.back().slot = log_.back().old;
    marks_.pop_back();
    reasons_.unchose();
  }

  [[nodiscard]] bool propagates() const override { return true; }

  bool propagate(const dlx::Remaining& remaining, dlx::Pruner& pruner) override {
    ++call_;
    reasons_.node();
    if (!find_gaps()) return false;
    bool ok = true;
    // Every chain not numbered must fit in some gap.
    for (Vertex h = 0; h < n_ && ok; ++h)
      if (prev_[h] == none && position_[h] == unknown && !fits_somewhere(h, end_[h], size_[h])) {
        ok = false;
        failure_ = Failure::unfit;
        unfit_ = h;
      }
    // The options left: each arc out of a tail, each start and end.
    for (Vertex u = 0; u < n_ && ok; ++u) {
      if (next_[u] != none) continue;
      remaining.options(u, buffer_);  // item u: u's way out
      for (const dlx::OptionId o : buffer_)
        if (!fits((*links_)[o])) prune(o, pruner);
    }
    if (ok) {
      remaining.options(2 * n_, buffer_);  // the start
      for (const dlx::OptionId o : buffer_)
        if (!fits((*links_)[o])) prune(o, pruner);
    }
    return ok;
  }

  bool explain(dlx::Reason& reason) override {
    reasons_.start(marks_.size());
    if (failure_ == Failure::unfit) {  // the chain unfit_.. fits in no gap
      because_.clear();
      (void)fits_somewhere(unfit_, end_[unfit_], size_[unfit_], &because_);
      if (because_.everything) return false;
      for (const std::uint32_t s : segments_of_because()) reasons_.explain_segment(s, reason);
      return true;
    }
    if (failure_ == Failure::gap) {
      const Gap& gap = gaps_[failed_gap_];
      because_.clear();
      because_.numbered.insert(because_.numbered.end(), {gap.a, gap.b});
      reasons_.explain_segment(own_reason(), reason);
      // Too far, not only the wrong parity: the search counts.
      if (from_a(failed_gap_, gap.b) > gap.last - gap.first + 2) reasons_.explain_segment(search_reason(failed_gap_, false), reason);
      return true;
    }
    reason.chosen(refused_);
    because_.clear();
    because_.chains.push_back(made_);
    because_.numbered.push_back(clash_);
    reasons_.explain_segment(own_reason(), reason);
    return true;
  }
  // Learning stays off unless asked for (--learning on): it did not pay here (docs/engine.md, Learning).
  [[nodiscard]] bool explains() const override { return false; }
  bool explain_removal(dlx::OptionId option, dlx::Reason& reason) override {
    if (!reasons_.recording()) {
      reasons_.start(marks_.size());
      return false;
    }
    return reasons_.explain(option, reason);
  }

  [[nodiscard]] std::unique_ptr<dlx::Hook> clone() const override {
    return std::make_unique<ChainHook>(links_, graph_, distances_, givens_);
  }

 private:
  struct Undo {
    std::uint32_t* slot;
    std::uint32_t old;
  };
  // A gap: the unknown positions first..last, between the known ones (a at
  // first - 1, b at last + 1; none at an open end).
  struct Gap {
    std::uint32_t first, last;
    Vertex a, b;
  };
  // A vertex reached from a gap's end (its distance at distance_[at]);
  // `next` links the gaps whose first end reaches the vertex.
  struct Reach {
    Vertex vertex;
    std::size_t at;
    std::uint32_t next, gap;
  };
  // What a rule read when it said no, for learning's reasons: the numbers
  // of vertices, the lengths of chains (a vertex of each; none for
  // nothing), the gaps' searches (2 g + backward), or everything (not
  // explained).
  struct Because {
    std::vector<Vertex> numbered, chains;
    std::vector<std::uint32_t> searches;
    bool everything = false;
    void clear() {
      numbered.clear();
      chains.clear();
      searches.clear();
      everything = false;
    }
  };
  // Why the last choose() or propagate() said no.
  enum class Failure { refused, gap, unfit };

  void set(std::uint32_t& slot, std::uint32_t value) {
    log_.push_back({&slot, slot});
    slot = value;
  }

  // Numbers the chain from its head h on, from position p; false on a clash.
  bool number(Vertex h, std::uint32_t p) {
    for (Vertex x = h; x != none; x = next_[x], ++p) {
      if (p >= n_) return false;
      if (position_[x] == p) continue;
      if (position_[x] != unknown) return false;
      if (at_[p] != none) {
        clash_ = at_[p];
        return false;
      }
      set(position_[x], p);
      set(at_[p], x);
    }
    return true;
  }

  // The gaps and their distances; false when one cannot be crossed.
  bool find_gaps() {
    gaps_.clear();
    for (const Reach& r : reach_) {
      from_a_[r.vertex] = none;
      distance_[r.at] = far;
    }
    reach_.clear();
    bool any_known = false;
    for (std::uint32_t p = 0; p < n_ && !any_known; ++p) any_known = at_[p] != none;
    if (!any_known) return true;  // nothing to measure from
    for (std::uint32_t p = 0; p < n_;) {
      if (at_[p] != none) {
        ++p;
        continue;
      }
      Gap gap{p, p, p > 0 ? at_[p - 1] : none, none};
      while (gap.last + 1 < n_ && at_[gap.last + 1] == none) ++gap.last;
      if (gap.last + 1 < n_) gap.b = at_[gap.last + 1];
      gaps_.push_back(gap);
      const auto g = static_cast<std::uint32_t>(gaps_.size() - 1);
      const std::uint32_t reach = gap.last - gap.first + 2;  // steps from a to b
      if (gap.a != none) search(g, gap.a, gap.b, false, reach);
      if (gap.b != none) search(g, gap.b, gap.a, true, reach);
      if (gap.a != none && gap.b != none && !distances_->reaches(from_a(g, gap.b), reach)) {
        failure_ = Failure::gap;
        failed_gap_ = g;
        return false;
      }
      p = gap.last + 1;
    }
    return true;
  }

  // Breadth-first from the numbered vertex `start` (forward from gap g's
  // first end, or backward from its last) through the chains not numbered,
  // into `target`, at most `reach` steps: a chain is entered at its end and
  // followed. Each vertex reached gets the gap and its distance in its list.
  void search(std::uint32_t g, Vertex start, Vertex target, bool backward, std::uint32_t reach) {
    std::uint32_t* d = depth_.data();
    d[start] = 0;
    std::size_t head = 0, tail = 0;
    queue_[tail++] = start;
    const auto enter = [&](Vertex x, Vertex y) {
      d[x] = d[y] + 1;
      queue_[tail++] = x;
    };
    while (head < tail) {
      const Vertex y = queue_[head++];
      if (d[y] >= reach || (y == target && y != start)) continue;
      const auto visit = [&](Vertex x) {
        if (d[x] != far) return;
        if (x != target && (position_[x] != unknown || (backward ? next_[x] : prev_[x]) != none)) return;
        enter(x, y);
      };
      const Vertex along = y == start ? none : backward ? prev_[y] : next_[y];  // inside a chain, its own next
      if (along != none) {
        if (d[along] == far) enter(along, y);
      } else {
        neighbours(y, backward, visit);
      }
    }
    const std::size_t search = 2 * std::size_t{g} + backward, base = search * n_;
    if (distance_.size() < base + n_) distance_.resize(base + n_, far);
    if (searched_.size() <= search) searched_.resize(search + 1);
    searched_[search] = {reach_.size(), reach_.size() + tail};  // for search_reason()
    for (std::size_t k = 0; k < tail; ++k) {
      const Vertex x = queue_[k];
      distance_[base + x] = d[x];
      d[x] = far;
      reach_.push_back({x, base + x, backward ? none : from_a_[x], g});
      if (!backward) from_a_[x] = static_cast<std::uint32_t>(reach_.size() - 1);
    }
  }
  // The vertices next to y: after it (arcs out), or before it (backward).
  template <class Visit>
  void neighbours(Vertex y, bool backward, Visit visit) const {
    hamilton::neighbours(*graph_, in_, y, backward, visit);
  }

  // The distance of x from gap g's first end, or to its last.
  [[nodiscard]] std::uint32_t from_a(std::uint32_t g, Vertex x) const { return distance_[2 * std::size_t{g} * n_ + x]; }
  [[nodiscard]] std::uint32_t to_b(std::uint32_t g, Vertex x) const { return distance_[(2 * std::size_t{g} + 1) * n_ + x]; }

  // The rules below tell `why` what they read when they say no: a Because*
  // to hear it (learning), or nullptr, which compiles the search's own
  // calls without it.
  template <class Why>
  static constexpr bool hears = std::is_same_v<Why, Because*>;

  // Whether the chain h..t of `length` vertices fits in gap g, its head at
  // `p` (or anywhere: unknown).
  template <class Why>
  [[nodiscard]] bool fits_in(std::uint32_t g, Vertex h, Vertex t, std::uint32_t length, std::uint32_t p, Why why) const {
    const Gap& gap = gaps_[g];
    const std::uint32_t miss = misfit<hears<Why>>(gap, g, h, t, length, p);
    if constexpr (hears<Why>) {
      if (miss != 0) {
        why->numbered.insert(why->numbered.end(), {gap.a, gap.b});
        why->chains.insert(why->chains.end(), {h, t});
        if (miss & from_a_counts) why->searches.push_back(2 * g);
        if (miss & to_b_counts) why->searches.push_back(2 * g + 1);
      }
    }
    return miss == 0;
  }
  // fits_in()'s answer: 0 when it fits; else `misses`, and when `heard`,
  // with from_a_counts or to_b_counts when a distance too far (not only of
  // the wrong parity) says so.
  static constexpr std::uint32_t misses = 1, from_a_counts = 2, to_b_counts = 4;
  template <bool heard>
  [[nodiscard]] std::uint32_t misfit(const Gap& gap, std::uint32_t g, Vertex h, Vertex t, std::uint32_t length, std::uint32_t p) const {
    const std::uint32_t places = gap.last - gap.first + 1;
    if (length > places) return misses;
    const std::uint32_t da = gap.a == none ? 0 : from_a(g, h), db = gap.b == none ? 0 : to_b(g, t);
    if (da == far) return misses | from_a_counts;
    if (db == far) return misses | to_b_counts;
    // Too far (not only of the wrong parity): the searches of `counts` count.
    const auto within = [this](std::uint32_t d, std::uint32_t steps, std::uint32_t counts) -> std::uint32_t {
      if (distances_->reaches(d, steps)) return 0;
      if constexpr (heard) return d > steps ? misses | counts : misses;
      return misses;
    };
    const auto both = [&gap] { return (gap.a == none ? 0 : from_a_counts) | (gap.b == none ? 0 : to_b_counts); };
    if (p == unknown) {
      if (gap.a != none && gap.b != none) return within(da + length - 1 + db, places + 1, both());
      return da + db + length - 1 <= places ? 0 : misses | both();
    }
    if (p < gap.first || p + length - 1 > gap.last) return misses;
    if (gap.a != none) {
      if (const std::uint32_t miss = within(da, p + 1 - gap.first, from_a_counts)) return miss;
    }
    return gap.b == none ? 0 : within(db, gap.last + 2 - p - length, to_b_counts);
  }

  // Whether the chain h..t fits in some gap: one whose first end reaches h,
  // or the gap at the start of the path. Saying no, it tells `why` why each gap would not do.
  template <class Why = std::nullptr_t>
  [[nodiscard]] bool fits_somewhere(Vertex h, Vertex t, std::uint32_t length, Why why = nullptr) const {
    if (gaps_.empty()) {  // nothing known (else every position is)
      if constexpr (hears<Why>) why->everything = true;
      return at_[0] == none;
    }
    if (gaps_[0].a == none && fits_in(0, h, t, length, unknown, nullptr)) return true;
    for (std::uint32_t k = from_a_[h]; k != none; k = reach_[k].next)
      if (fits_in(reach_[k].gap, h, t, length, unknown, nullptr)) return true;
    if constexpr (hears<Why>) {
      for (std::uint32_t g = 0; g < gaps_.size(); ++g) (void)fits_in(g, h, t, length, unknown, why);
      // The gaps as they are: every known position, not only their ends (one
      // unknown between two known positions would be a gap of its own).
      for (std::uint32_t p = 0; p < n_; ++p)
        if (at_[p] != none) why->numbered.push_back(at_[p]);
    }
    return false;
  }

  // Whether the chain h..t may have its head at p.
  template <class Why>
  [[nodiscard]] bool fits_at(Vertex h, Vertex t, std::uint32_t length, std::uint32_t p, Why why) const {
    if (gaps_.empty()) {
      if constexpr (hears<Why>) why->everything = true;
      return at_[0] == none;
    }
    if (p >= n_ || at_[p] != none) {
      if constexpr (hears<Why>) {
        why->chains.insert(why->chains.end(), {h, t});
        if (p < n_) why->numbered.push_back(at_[p]);
      }
      return false;
    }
    const auto after = std::upper_bound(gaps_.begin(), gaps_.end(), p, [](std::uint32_t q, const Gap& g) { return q < g.first; });
    return fits_in(static_cast<std::uint32_t>(after - gaps_.begin() - 1), h, t, length, p, why);
  }

  // Whether an option can still be part of a path.
  template <class Why = std::nullptr_t>
  [[nodiscard]] bool fits(const Link& l, Why why = nullptr) const {
    if (l.from == none) {  // the start at l.to, a chain's head
      const Vertex h = l.to;
      if constexpr (hears<Why>) why->numbered.push_back(h);
      return position_[h] != unknown ? position_[h] == 0 : fits_at(h, end_[h], size_[h], 0, why);
    }
    if (l.to == none) {  // the end at l.from, a chain's tail
      const Vertex t = l.from;
      if constexpr (hears<Why>) why->numbered.push_back(t);
      if (position_[t] != unknown) return position_[t] == n_ - 1;
      return fits_at(end_[t], t, size_[t], n_ - size_[t], why);
    }
    const Vertex u = l.from, v = l.to;  // u a tail, v a head
    if (end_[u] == v) {  // a cycle
      if constexpr (hears<Why>) why->chains.push_back(u);
      return false;
    }
    const std::uint32_t pu = position_[u], pv = position_[v];
    if constexpr (hears<Why>) {
      why->numbered.insert(why->numbered.end(), {u, v});
      if (pv != unknown && pu == unknown) why->chains.push_back(u);  // its length
    }
    if (pu != unknown && pv != unknown) return pv == pu + 1;
    if (pu != unknown) return fits_at(v, end_[v], size_[v], pu + 1, why);
    if (pv != unknown) return pv >= size_[u] && fits_at(end_[u], u, size_[u], pv - size_[u], why);
    return fits_somewhere(end_[u], end_[v], size_[u] + size_[v], why);
  }

  void prune(dlx::OptionId o, dlx::Pruner& pruner) {
    if (removed_at_[o] == call_) return;
    removed_at_[o] = call_;
    pruner.remove(o);
    if (!reasons_.recording()) return;
    because_.clear();
    (void)fits((*links_)[o], &because_);  // again, to hear what it read
    if (because_.everything) return reasons_.unexplained(o);
    reasons_.removed(o, segments_of_because());
  }
  // The segments of what because_ names: its own, and its searches'.
  std::span<const std::uint32_t> segments_of_because() {
    segments_.assign(1, own_reason());
    for (const std::uint32_t search : because_.searches) segments_.push_back(search_reason(search / 2, search % 2 == 1));
    return segments_;
  }

  // The option chosen for y's way in (an arc, or the start) and for its way out (an arc, or the end), or none.
  [[nodiscard]] dlx::OptionId in_option(Vertex y) const {
    return prev_[y] != none ? arc_in_[y] : y == first_ ? start_option_ : none;
  }
  [[nodiscard]] dlx::OptionId out_option(Vertex y) const {
    return next_[y] != none ? arc_out_[y] : y == last_ ? end_option_ : none;
  }
  // The arcs of x's chain (its length), and the start and end chosen at its ends.
  void add_chain(Vertex x) {
    if (x == none) return;
    while (prev_[x] != none) x = prev_[x];
    for (;; x = next_[x]) {
      reasons_.add(in_option(x));
      if (next_[x] == none) break;
    }
    reasons_.add(out_option(x));
  }
  // The options that number x, if it is numbered: its chain's arcs from it
  // to the nearest given, or to the start at its head or the end at its
  // tail, or to a vertex whose number is in the segment already.
  void add_numbered(Vertex x) {
    if (x == none || position_[x] == unknown || given_[x] || numbered_[x] == reasons_.opened()) return;
    const auto anchor = [this](Vertex y) { return given_[y] || numbered_[y] == reasons_.opened(); };
    const auto steps = [&](Vertex y, bool back) {  // to the nearest anchor that way, or far
      for (std::uint32_t k = 1;; ++k) {
        const Vertex along = back ? prev_[y] : next_[y];
        if (along == none) return (back ? in_option(y) : out_option(y)) != none ? k : far;  // the start, the end
        if (anchor(along)) return k;
        y = along;
      }
    };
    const bool back = steps(x, true) <= steps(x, false);
    for (Vertex y = x;;) {
      numbered_[y] = reasons_.opened();
      reasons_.add(back ? in_option(y) : out_option(y));  // the arc towards the anchor, or the start or end there
      const Vertex along = back ? prev_[y] : next_[y];
      if (along == none || anchor(along)) return;
      y = along;
    }
  }
  void open_segment() {
    if (numbered_.empty()) numbered_.assign(n_, 0);
    reasons_.open();
  }
  // A segment of what because_ names.
  std::uint32_t own_reason() {
    open_segment();
    for (const Vertex x : because_.numbered) add_numbered(x);
    for (const Vertex x : because_.chains) add_chain(x);
    return reasons_.close();
  }
  // The segment of gap g's search (once a call): the numbers of the gap's
  // ends; for each vertex it went on from, the arc it followed along a chain,
  // or for each neighbour it turned away, its number or the arc into it
  // (forward; backward, out of it) that made it the inside of a chain.
  std::uint32_t search_reason(std::uint32_t g, bool backward) {
    const std::size_t search = 2 * std::size_t{g} + backward;
    if (search_call_.size() <= search) search_call_.resize(search + 1, 0), search_segment_.resize(search + 1);
    if (search_call_[search] != call_) {
      const Gap& gap = gaps_[g];
      const Vertex start = backward ? gap.b : gap.a, target = backward ? gap.a : gap.b;
      const std::uint32_t reach = gap.last - gap.first + 2;
      const std::size_t base = search * n_;
      open_segment();
      add_numbered(gap.a);
      add_numbered(gap.b);
      for (std::size_t k = searched_[search].first; k < searched_[search].second; ++k) {
        const Vertex y = reach_[k].vertex;
        if (distance_[reach_[k].at] >= reach || (y == target && y != start)) continue;  // not gone on from
        const Vertex along = y == start ? none : backward ? prev_[y] : next_[y];
        if (along != none) {
          reasons_.add(backward ? in_option(y) : out_option(y));
          continue;
        }
        neighbours(y, backward, [&](Vertex x) {
          if (x == target || distance_[base + x] != far) return;  // taken in
          if (position_[x] != unknown) add_numbered(x);
          else reasons_.add(backward ? out_option(x) : in_option(x));
        });
      }
      search_segment_[search] = reasons_.close();
      search_call_[search] = call_;
    }
    return reasons_.search_segment(search_segment_[search]);
  }

  std::shared_ptr<const std::vector<Link>> links_;
  std::shared_ptr<const graph::Graph> graph_;
  std::shared_ptr<const Distances> distances_;
  std::vector<Given> givens_;
  std::uint32_t n_;
  std::vector<std::vector<Vertex>> in_;  // directed: per vertex, the vertices with an arc into it
  // Per vertex: the next and previous on its chain, the other end (at an
  // end) and the chain's vertices (at an end), its position; the options
  // chosen for its way in and its way out.
  std::vector<std::uint32_t> next_, prev_, end_, size_, position_, arc_in_, arc_out_;
  Vertex first_ = none, last_ = none;  // the vertices the start and the end chosen put first and last
  dlx::OptionId start_option_ = none, end_option_ = none;
  std::vector<std::uint32_t> at_;  // per position: its vertex, or none
  std::vector<Undo> log_;
  std::vector<std::size_t> marks_;  // per option chosen: log_'s size before it
  std::vector<Gap> gaps_;  // in order of position
  std::vector<Reach> reach_;
  std::vector<std::pair<std::size_t, std::size_t>> searched_;  // per search (2 g + backward): its entries of reach_
  std::vector<std::uint32_t> from_a_;    // per vertex: its first entry in reach_ from a gap's first end
  std::vector<std::uint32_t> distance_;  // per gap, from its first end and to its last, per vertex (far: not reached)
  std::vector<std::uint32_t> depth_;          // search()'s distances, far between searches
  std::vector<Vertex> queue_;
  std::vector<std::uint64_t> removed_at_;  // per option: the call of propagate() that took it out
  std::uint64_t call_ = 0;
  std::vector<dlx::OptionId> buffer_;
  // Learning's reasons.
  RemovalReasons reasons_;
  Failure failure_ = Failure::unfit;
  dlx::OptionId refused_ = 0;
  Vertex made_ = none, clash_ = none;  // the refused option's chain, and the vertex it clashed with
  Vertex unfit_ = none;                // the head of a chain that fits in no gap
  std::uint32_t failed_gap_ = 0;
  Because because_;
  std::vector<bool> given_;          // per vertex
  std::vector<std::uint64_t> numbered_;  // per vertex: == reasons_.opened() if its number is in the segment being made
  std::vector<std::uint64_t> search_call_;    // per search: the call its segment was made in
  std::vector<std::uint32_t> search_segment_;
  std::vector<std::uint32_t> segments_;  // segments_of_because()'s
};

}  // namespace

std::vector<Link> links_of(const HamiltonInstance& h) {
  const graph::Graph& g = *h.graph;
  const auto n = static_cast<std::uint32_t>(g.size());
  const Placements placements(h, h.givens);
  std::vector<Link> all;
  for (Vertex u = 0; u < n; ++u)
    for (const Vertex v : g.out[u])
      for (std::uint32_t p = 0; p + 1 < n; ++p)
        if (placements.allows(p, u) && placements.allows(p + 1, v)) {
          all.push_back({u, v});
          break;
        }
  for (Vertex v = 0; v < n; ++v)
    if (placements.allows(0, v)) all.push_back({none, v});
  for (Vertex v = 0; v < n; ++v)
    if (placements.allows(n - 1, v)) all.push_back({v, none});
  return all;
}

Encoding encode_by_successor(const HamiltonInstance& h, std::shared_ptr<const std::vector<Link>> links) {
  const graph::Graph& g = *h.graph;
  const auto n = static_cast<dlx::ItemId>(g.size());
  dlx::ProblemBuilder b;
  for (Vertex v = 0; v < n; ++v) b.add_primary(item_name(g.names[v]) + ">");  // item v: its way out
  for (Vertex v = 0; v < n; ++v) b.add_primary(">" + item_name(g.names[v]));  // item n + v: its way in
  const dlx::ItemId start = b.add_primary("#start"), end = b.add_primary("#end");
  for (const Link& l : *links) {
    if (l.from == none)
      b.add_option(std::vector<dlx::Entry>{{n + l.to}, {start}});
    else if (l.to == none)
      b.add_option(std::vector<dlx::Entry>{{l.from}, {end}});
    else
      b.add_option(std::vector<dlx::Entry>{{l.from}, {n + l.to}});
  }
  Encoding encoding;
  encoding.problem = std::make_shared<const dlx::Problem>(b.build());
  encoding.hook = std::make_unique<ChainHook>(std::move(links), h.graph, h.distances, h.givens);
  return encoding;
}

std::vector<Vertex> path_of(const std::vector<Link>& links, std::size_t vertices, std::span<const dlx::OptionId> solution) {
  std::vector<Vertex> next(vertices, none), order;
  Vertex first = none;
  for (const dlx::OptionId o : solution) {
    const Link& l = links[o];
    if (l.from == none)
      first = l.to;
    else if (l.to != none)
      next[l.from] = l.to;
  }
  for (Vertex v = first; v != none && order.size() < vertices; v = next[v]) order.push_back(v);
  return order;
}

}  // namespace dance::hamilton
