#include <algorithm>

#include "hamilton/givens.hpp"
#include "hamilton/successors.hpp"

namespace dance::hamilton {

namespace {

constexpr Vertex none = HamiltonInstance::nobody;
constexpr std::uint32_t unknown = ~std::uint32_t{0};  // a position not known
constexpr std::uint32_t far = Distances::unreachable;

// The chains of the arcs chosen, their numbers, and the rules above.
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
        at_(n_, none),
        from_a_(n_, none),
        depth_(n_, far),
        queue_(n_),
        removed_at_(links_->size(), 0) {
    if (graph_->directed) {
      in_.resize(n_);
      for (Vertex u = 0; u < n_; ++u)
        for (const Vertex v : graph_->out[u]) in_[v].push_back(u);
    }
    for (Vertex v = 0; v < n_; ++v) end_[v] = v;
    for (const Given& g : givens_) {
      position_[g.vertex] = g.position;
      at_[g.position] = g.vertex;
    }
  }

  bool choose(dlx::OptionId option, const dlx::Remaining&) override {
    marks_.push_back(log_.size());
    const Link& l = (*links_)[option];
    if (l.from == none) return number(l.to, 0);                                  // l.to heads its chain
    if (l.to == none) return number(end_[l.from], n_ - size_[l.from]);          // l.from is a tail
    const Vertex u = l.from, v = l.to, head = end_[u], tail = end_[v];
    if (head == v) return false;  // it would close a cycle
    const std::uint32_t before = size_[u], joined = size_[u] + size_[v];
    set(next_[u], v);
    set(prev_[v], u);
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
  }

  [[nodiscard]] bool propagates() const override { return true; }

  bool propagate(const dlx::Remaining& remaining, dlx::Pruner& pruner) override {
    ++call_;
    if (!find_gaps()) return false;
    bool ok = true;
    // Every chain not numbered must fit in some gap.
    for (Vertex h = 0; h < n_ && ok; ++h)
      if (prev_[h] == none && position_[h] == unknown) ok = fits_somewhere(h, end_[h], size_[h]);
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

  void set(std::uint32_t& slot, std::uint32_t value) {
    log_.push_back({&slot, slot});
    slot = value;
  }

  // Numbers the chain from its head h on, from position p; false on a clash.
  bool number(Vertex h, std::uint32_t p) {
    for (Vertex x = h; x != none; x = next_[x], ++p) {
      if (p >= n_) return false;
      if (position_[x] == p) continue;
      if (position_[x] != unknown || at_[p] != none) return false;
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
      if (gap.a != none && gap.b != none && !distances_->reaches(from_a(g, gap.b), reach)) return false;
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
      } else if (backward && graph_->directed) {
        for (const Vertex x : in_[y]) visit(x);
      } else {
        for (const Vertex x : graph_->out[y]) visit(x);
      }
    }
    const std::size_t base = (2 * std::size_t{g} + backward) * n_;
    if (distance_.size() < base + n_) distance_.resize(base + n_, far);
    for (std::size_t k = 0; k < tail; ++k) {
      const Vertex x = queue_[k];
      distance_[base + x] = d[x];
      d[x] = far;
      reach_.push_back({x, base + x, backward ? none : from_a_[x], g});
      if (!backward) from_a_[x] = static_cast<std::uint32_t>(reach_.size() - 1);
    }
  }

  // The distance of x from gap g's first end, or to its last.
  [[nodiscard]] std::uint32_t from_a(std::uint32_t g, Vertex x) const { return distance_[2 * std::size_t{g} * n_ + x]; }
  [[nodiscard]] std::uint32_t to_b(std::uint32_t g, Vertex x) const { return distance_[(2 * std::size_t{g} + 1) * n_ + x]; }

  // Whether the chain h..t of `length` vertices fits in gap g, its head at
  // `p` (or anywhere: unknown).
  [[nodiscard]] bool fits_in(std::uint32_t g, Vertex h, Vertex t, std::uint32_t length, std::uint32_t p) const {
    const Gap& gap = gaps_[g];
    const std::uint32_t places = gap.last - gap.first + 1;
    if (length > places) return false;
    const std::uint32_t da = gap.a == none ? 0 : from_a(g, h), db = gap.b == none ? 0 : to_b(g, t);
    if (da == far || db == far) return false;
    if (p == unknown) {
      if (gap.a != none && gap.b != none) return distances_->reaches(da + length - 1 + db, places + 1);
      return da + db + length - 1 <= places;
    }
    if (p < gap.first || p + length - 1 > gap.last) return false;
    return (gap.a == none || distances_->reaches(da, p + 1 - gap.first)) &&
           (gap.b == none || distances_->reaches(db, gap.last + 2 - p - length));
  }

  // Whether the chain h..t fits in some gap: one whose first end reaches h,
  // or the gap at the start of the path.
  [[nodiscard]] bool fits_somewhere(Vertex h, Vertex t, std::uint32_t length) const {
    if (gaps_.empty()) return at_[0] == none;  // nothing known (else every position is)
    if (gaps_[0].a == none && fits_in(0, h, t, length, unknown)) return true;
    for (std::uint32_t k = from_a_[h]; k != none; k = reach_[k].next)
      if (fits_in(reach_[k].gap, h, t, length, unknown)) return true;
    return false;
  }

  // Whether the chain h..t may have its head at p.
  [[nodiscard]] bool fits_at(Vertex h, Vertex t, std::uint32_t length, std::uint32_t p) const {
    if (gaps_.empty()) return at_[0] == none;
    if (p >= n_ || at_[p] != none) return false;
    const auto after = std::upper_bound(gaps_.begin(), gaps_.end(), p, [](std::uint32_t q, const Gap& g) { return q < g.first; });
    return fits_in(static_cast<std::uint32_t>(after - gaps_.begin() - 1), h, t, length, p);
  }

  // Whether an option can still be part of a path.
  [[nodiscard]] bool fits(const Link& l) const {
    if (l.from == none) {  // the start at l.to, a chain's head
      const Vertex h = l.to;
      return position_[h] != unknown ? position_[h] == 0 : fits_at(h, end_[h], size_[h], 0);
    }
    if (l.to == none) {  // the end at l.from, a chain's tail
      const Vertex t = l.from;
      if (position_[t] != unknown) return position_[t] == n_ - 1;
      return fits_at(end_[t], t, size_[t], n_ - size_[t]);
    }
    const Vertex u = l.from, v = l.to;  // u a tail, v a head
    if (end_[u] == v) return false;     // a cycle
    const std::uint32_t pu = position_[u], pv = position_[v];
    if (pu != unknown && pv != unknown) return pv == pu + 1;
    if (pu != unknown) return fits_at(v, end_[v], size_[v], pu + 1);
    if (pv != unknown) return pv >= size_[u] && fits_at(end_[u], u, size_[u], pv - size_[u]);
    return fits_somewhere(end_[u], end_[v], size_[u] + size_[v]);
  }

  void prune(dlx::OptionId o, dlx::Pruner& pruner) {
    if (removed_at_[o] == call_) return;
    removed_at_[o] = call_;
    pruner.remove(o);
  }

  std::shared_ptr<const std::vector<Link>> links_;
  std::shared_ptr<const graph::Graph> graph_;
  std::shared_ptr<const Distances> distances_;
  std::vector<Given> givens_;
  std::uint32_t n_;
  std::vector<std::vector<Vertex>> in_;  // directed: per vertex, the vertices with an arc into it
  // Per vertex: the next and previous on its chain, the other end (at an
  // end) and the chain's vertices (at an end), its position.
  std::vector<std::uint32_t> next_, prev_, end_, size_, position_;
  std::vector<std::uint32_t> at_;  // per position: its vertex, or none
  std::vector<Undo> log_;
  std::vector<std::size_t> marks_;  // per option chosen: log_'s size before it
  std::vector<Gap> gaps_;  // in order of position
  std::vector<Reach> reach_;
  std::vector<std::uint32_t> from_a_;    // per vertex: its first entry in reach_ from a gap's first end
  std::vector<std::uint32_t> distance_;  // per gap, from its first end and to its last, per vertex (far: not reached)
  std::vector<std::uint32_t> depth_;          // search()'s distances, far between searches
  std::vector<Vertex> queue_;
  std::vector<std::uint64_t> removed_at_;  // per option: the call of propagate() that took it out
  std::uint64_t call_ = 0;
  std::vector<dlx::OptionId> buffer_;
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
  for (Vertex v = 0; v < n; ++v) b.add_primary(g.names[v] + ">");  // item v: its way out
  for (Vertex v = 0; v < n; ++v) b.add_primary(">" + g.names[v]);  // item n + v: its way in
  const dlx::ItemId start = b.add_primary("start"), end = b.add_primary("end");
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
