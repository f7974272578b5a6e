#include "hamilton/givens.hpp"

#include <algorithm>
#include <charconv>
#include <stdexcept>

#include "dance/reduction.hpp"
#include "hamilton/encodings.hpp"

namespace dance::hamilton {

Distances::Distances(const graph::Graph& g) : n_(g.size()), d_(g.size() * g.size(), unreachable) {
  std::vector<Vertex> queue(n_);
  for (Vertex s = 0; s < n_; ++s) {
    std::uint32_t* row = d_.data() + s * n_;
    row[s] = 0;
    std::size_t head = 0, tail = 0;
    queue[tail++] = s;
    while (head < tail) {
      const Vertex u = queue[head++];
      for (const Vertex v : g.out[u])
        if (row[v] == unreachable) {
          row[v] = row[u] + 1;
          queue[tail++] = v;
        }
    }
  }
  // Undirected and connected with no edge inside a level of vertex 0's search: bipartite.
  bipartite_ = !g.directed && n_ > 0;
  for (Vertex u = 0; u < n_ && bipartite_; ++u)
    for (const Vertex v : g.out[u])
      if (d_[u] == unreachable || d_[u] % 2 == d_[v] % 2) bipartite_ = false;
}

bool StepRule::fits(std::uint32_t p, Vertex u, std::uint32_t q, Vertex x) const {
  if (p == q) return u == x;
  if (u == x) return false;
  const Distances& d = *distances_;
  if (!cycle_) return p < q ? d.within(u, x, q - p) : d.within(x, u, p - q);
  return d.within(u, x, (q + n_ - p) % n_) && d.within(x, u, (p + n_ - q) % n_);
}

void check_givens(const std::vector<Given>& givens, const graph::Graph& g) {
  std::vector<bool> vertex_given(g.size(), false), step_given(g.size(), false);
  for (const Given& given : givens) {
    if (given.vertex >= g.size()) throw std::invalid_argument("a given names no vertex of the graph");
    if (given.position >= g.size())
      throw std::invalid_argument("vertex '" + g.names[given.vertex] + "' is given step " + std::to_string(given.position + 1) +
                                  ", beyond the " + std::to_string(g.size()) + " vertices");
    if (vertex_given[given.vertex]) throw std::invalid_argument("vertex '" + g.names[given.vertex] + "' is given twice");
    if (step_given[given.position]) throw std::invalid_argument("step " + std::to_string(given.position + 1) + " is given twice");
    vertex_given[given.vertex] = step_given[given.position] = true;
  }
}

std::vector<Given> parse_givens(const std::string& text, const graph::Graph& g) {
  std::vector<Given> givens;
  std::size_t at = 0;
  while (at <= text.size()) {
    const std::size_t comma = std::min(text.find(',', at), text.size());
    const std::string item = text.substr(at, comma - at);
    const std::size_t equals = item.rfind('=');
    unsigned long step = 0;
    const char* digits = item.data() + (equals == std::string::npos ? 0 : equals + 1);
    const auto [end, error] = std::from_chars(digits, item.data() + item.size(), step);
    if (equals == std::string::npos || error != std::errc() || end != item.data() + item.size() || step == 0)
      throw OptionError({option_named("given"), {" expects VERTEX=STEP[,VERTEX=STEP...] with steps from 1; found '" + item + "'"}});
    const std::string name = item.substr(0, equals);
    const auto found = std::find(g.names.begin(), g.names.end(), name);
    if (found == g.names.end() && name.find_first_of("=;") != std::string::npos)  // another separator than ','
      throw OptionError({option_named("given"), {" expects VERTEX=STEP pairs separated by commas (a=1,b=5); found '" + item + "'"}});
    if (found == g.names.end()) throw OptionError({option_named("given"), {" names vertex '" + name + "', which the graph does not have"}});
    if (step > g.size())  // before the step is narrowed to 32 bits
      throw OptionError({option_named("given"), {" gives vertex '" + name + "' step " + std::to_string(step) + ", beyond the " +
                                                  std::to_string(g.size()) + " vertices"}});
    givens.push_back({static_cast<Vertex>(found - g.names.begin()), static_cast<std::uint32_t>(step - 1)});
    at = comma + 1;
  }
  check_givens(givens, g);
  return givens;
}

namespace {

// Breadth-first from `start` through the vertices not `closed` (and into
// `target`, where it stops), along arcs or (backward, `in` the arcs into
// each vertex) against them, into `distance`; `queue` is scratch.
void search_through(const graph::Graph& g, const std::vector<std::vector<Vertex>>& in, Vertex start, Vertex target,
                    bool backward, const std::vector<bool>& closed, std::vector<std::uint32_t>& distance,
                    std::vector<Vertex>& queue) {
  std::fill(distance.begin(), distance.end(), Distances::unreachable);
  distance[start] = 0;
  std::size_t head = 0, tail = 0;
  queue[tail++] = start;
  while (head < tail) {
    const Vertex u = queue[head++];
    const auto visit = [&](Vertex v) {
      if (distance[v] != Distances::unreachable || (closed[v] && v != target)) return;
      distance[v] = distance[u] + 1;
      if (v != target) queue[tail++] = v;  // a gap ends there
    };
    neighbours(g, in, u, backward, visit);
  }
}

}  // namespace

std::vector<std::vector<Vertex>> arcs_in(const graph::Graph& g) {
  std::vector<std::vector<Vertex>> in;
  if (!g.directed) return in;
  in.resize(g.size());
  for (Vertex u = 0; u < g.size(); ++u)
    for (const Vertex v : g.out[u]) in[v].push_back(u);
  return in;
}

Placements::Placements(const HamiltonInstance& h, std::span<const Given> givens)
    : n_(static_cast<std::uint32_t>(h.graph->size())), allowed_(std::size_t{n_} * n_, false) {
  const graph::Graph& g = *h.graph;
  const Distances& d = *h.distances;
  std::vector<Vertex> at(n_, nobody);  // per position: the vertex given there
  std::vector<bool> given(n_, false);   // per vertex
  for (const Given& k : givens) {
    at[k.position] = k.vertex;
    given[k.vertex] = true;
  }
  const auto allow_all_but_given = [&](std::uint32_t p, auto fits) {
    for (Vertex x = 0; x < n_; ++x) allowed_[std::size_t{p} * n_ + x] = !given[x] && fits(p, x);
  };
  for (std::uint32_t p = 0; p < n_; ++p)
    if (at[p] != nobody) allowed_[std::size_t{p} * n_ + at[p]] = true;
  if (!h.path) {
    const StepRule rule(h.distances, n_, true);
    for (std::uint32_t p = 0; p < n_; ++p)
      if (at[p] == nobody)
        allow_all_but_given(p, [&](std::uint32_t q, Vertex x) {
          return std::all_of(givens.begin(), givens.end(), [&](const Given& k) { return rule.fits(k.position, k.vertex, q, x); });
        });
    return;
  }
  const std::vector<std::vector<Vertex>> in = arcs_in(g);
  std::vector<std::uint32_t> from_a(n_), to_b(n_);
  std::vector<Vertex> queue(n_);
  for (std::uint32_t first = 0; first < n_;) {  // each gap of positions first..last
    if (at[first] != nobody) {
      ++first;
      continue;
    }
    std::uint32_t last = first;
    while (last + 1 < n_ && at[last + 1] == nobody) ++last;
    const bool opens = first > 0, closes = last + 1 < n_;
    const Vertex a = opens ? at[first - 1] : nobody, b = closes ? at[last + 1] : nobody;
    if (opens) search_through(g, in, a, b, false, given, from_a, queue);
    if (closes) search_through(g, in, b, a, true, given, to_b, queue);
    for (std::uint32_t p = first; p <= last; ++p)
      allow_all_but_given(p, [&](std::uint32_t q, Vertex x) {
        return (!opens || d.reaches(from_a[x], q + 1 - first)) && (!closes || d.reaches(to_b[x], last + 1 - q));
      });
    first = last + 1;
  }
}

GivenStepsHook::GivenStepsHook(std::shared_ptr<const std::vector<HamiltonInstance::Step>> steps, StepRule rule,
                               std::shared_ptr<const graph::Graph> graph, std::shared_ptr<const Distances> distances,
                               std::vector<Given> givens)
    : steps_(std::move(steps)),
      rule_(std::move(rule)),
      graph_(std::move(graph)),
      distances_(std::move(distances)),
      placed_(rule_.positions(), false),
      from_start_(rule_.positions()),
      to_end_(rule_.positions()),
      queue_(rule_.positions()),
      position_of_(rule_.positions(), 0),
      region_of_(rule_.positions(), 0),
      step_count_(rule_.cycle() ? rule_.positions() : rule_.positions() - 1),
      givens_(std::move(givens)),
      known_(rule_.positions(), nobody),
      stamp_(steps_->size(), 0),
      placed_by_(rule_.positions(), RemovalReasons::none),
      reasons_(steps_->size()) {
  in_ = arcs_in(*graph_);
  place_givens();
}

void GivenStepsHook::place_givens() {
  for (const Given& g : givens_) {
    known_[g.position] = g.vertex;
    placed_[g.vertex] = true;
    position_of_[g.vertex] = g.position;
  }
}

bool GivenStepsHook::place(std::uint32_t position, Vertex v, dlx::OptionId option) {
  if (known_[position] != nobody) return true;  // the colours make it v
  if (placed_[v]) {                             // v is elsewhere already: no walk
    clash_ = position_of_[v];
    return false;
  }
  known_[position] = v;
  placed_[v] = true;
  position_of_[v] = position;
  placed_by_[position] = option;
  log_.push_back(position);
  fresh_.push_back(position);
  return true;
}

bool GivenStepsHook::choose(dlx::OptionId option, const dlx::Remaining&) {
  marks_.push_back(log_.size());
  reasons_.chose();
  chose_ = true;
  if (option >= steps_->size()) return true;  // a path's start: its first step places the vertex
  failure_ = Failure::refused;
  refused_ = option;
  const HamiltonInstance::Step& s = (*steps_)[option];
  const bool first = place(s.step, s.from, option);  // both, so that unchoose() undoes both
  const bool second = place((s.step + 1) % rule_.positions(), s.to, option);
  return first && second;
}

void GivenStepsHook::unchoose(dlx::OptionId) {
  for (const std::size_t mark = marks_.back(); log_.size() > mark; log_.pop_back()) {
    placed_[known_[log_.back()]] = false;
    known_[log_.back()] = nobody;
  }
  marks_.pop_back();
  reasons_.unchose();
  std::erase_if(fresh_, [this](std::uint32_t p) { return known_[p] == nobody; });
  chose_ = false;
}

bool GivenStepsHook::propagate(const dlx::Remaining& remaining, dlx::Pruner& pruner) {
  ++call_;
  reasons_.node();
  if (!chose_) {  // a search's first node: the removals of an earlier search are undone
    fresh_.clear();
    for (std::uint32_t p = 0; p < known_.size(); ++p)
      if (known_[p] != nobody) fresh_.push_back(p);
  }
  bool ok = true;
  for (const std::uint32_t p : fresh_)
    if (ok) ok = prune_around(p, remaining, pruner);
  fresh_.clear();
  chose_ = false;
  if (!ok || rule_.cycle()) return ok;  // a gap's failure is said
  if (!ends_possible()) {
    failure_ = Failure::ends;
    return false;
  }
  if (!regions_fillable()) {
    failure_ = Failure::region;
    return false;
  }
  return true;
}

bool GivenStepsHook::explain(dlx::Reason& reason) {
  reasons_.start(marks_.size());
  // Too far, not only the wrong parity: the search from the gap's first end counts.
  const std::uint32_t search = failure_ == Failure::gap && from_start_[known_[gap_last_ + 1]] > gap_last_ + 2 - gap_first_
                                   ? search_reason(false)
                                   : RemovalReasons::none;
  reasons_.open();
  if (failure_ == Failure::refused) {
    reasons_.add(refused_);
    say_position(clash_);
  } else if (failure_ == Failure::gap) {
    say_position(gap_first_ - 1);
    say_position(gap_last_ + 1);
  } else if (failure_ == Failure::ends) {
    because_.positions.clear();
    (void)ends_possible(&because_);
    say_because(because_);
  } else {
    say_region(failed_region_);
  }
  reasons_.explain_segment(reasons_.close(), reason);
  reasons_.explain_segment(search, reason);
  return true;
}

bool GivenStepsHook::explain_removal(dlx::OptionId option, dlx::Reason& reason) {
  if (!reasons_.recording()) {
    reasons_.start(marks_.size());
    return false;
  }
  return reasons_.explain(option, reason);
}

void GivenStepsHook::say_position(std::uint32_t position) {
  if (position < known_.size() && known_[position] != nobody) reasons_.add(placed_by_[position]);
}

void GivenStepsHook::say_because(const Because& because) {
  for (const std::uint32_t p : because.positions) say_position(p);
}

std::uint32_t GivenStepsHook::search_reason(bool backward) {
  if (searches_[backward] == RemovalReasons::none) {
    const std::uint32_t n = rule_.positions();
    const Vertex a = gap_first_ > 0 ? known_[gap_first_ - 1] : nobody, b = gap_last_ + 1 < n ? known_[gap_last_ + 1] : nobody;
    const Vertex target = backward ? a : b;
    const std::vector<std::uint32_t>& distance = backward ? to_end_ : from_start_;
    reasons_.open();
    if (a != nobody) say_position(gap_first_ - 1);
    if (b != nobody) say_position(gap_last_ + 1);
    for (Vertex v = 0; v < n; ++v) {
      if (distance[v] == Distances::unreachable || v == target) continue;  // not reached, or not gone on from
      neighbours(v, backward, [&](Vertex w) {
        if (placed_[w] && w != target && distance[w] == Distances::unreachable) say_position(position_of_[w]);  // turned away
      });
    }
    searches_[backward] = reasons_.close();
  }
  return reasons_.search_segment(searches_[backward]);
}

void GivenStepsHook::say_region(std::uint64_t region) {
  const std::uint32_t n = rule_.positions();
  for (Vertex v = 0; v < n; ++v) {
    if (placed_[v] || region_of_[v] != region) continue;
    const auto around = [&](Vertex w) {
      if (!placed_[w]) return;
      const std::uint32_t p = position_of_[w];
      say_position(p);
      std::uint32_t after = p + 1, before = p;  // the nearest known positions either side
      while (after < n && known_[after] == nobody) ++after;
      while (before > 0 && known_[before - 1] == nobody) --before;
      say_position(after);
      if (before > 0) say_position(before - 1);
    };
    neighbours(v, false, around);
    if (graph_->directed) neighbours(v, true, around);
  }
}

bool GivenStepsHook::regions_fillable() {
  const std::uint32_t n = rule_.positions();
  const graph::Graph& g = *graph_;
  const auto neighbours = [&](Vertex v, auto visit) {
    for (const Vertex w : g.out[v]) visit(w);
    if (g.directed)
      for (const Vertex w : in_[v]) visit(w);
  };
  // The regions: vertices not placed, joined by arcs either way. A region's
  // number is its stamp less the first stamp of this call.
  const std::uint64_t first = regions_made_ + 1;
  region_size_.clear();
  for (Vertex s = 0; s < n; ++s) {
    if (placed_[s] || region_of_[s] >= first) continue;
    const std::uint64_t region = ++regions_made_;
    std::size_t head = 0, tail = 0;
    queue_[tail++] = s;
    region_of_[s] = region;
    while (head < tail)
      neighbours(queue_[head++], [&](Vertex w) {
        if (!placed_[w] && region_of_[w] != region) {
          region_of_[w] = region;
          queue_[tail++] = w;
        }
      });
    region_size_.push_back(static_cast<std::uint32_t>(tail));
  }
  if (region_size_.empty()) return true;
  capacity_.assign(region_size_.size(), 0);
  beside_.assign(region_size_.size(), 0);  // per region: the last gap (its first position + 1) found beside it
  // Each gap of unknown positions first..last: the regions beside its known
  // ends (both of them, for a gap between two) get its length.
  std::uint32_t gap = 0;
  for (std::uint32_t p = 0; p < n; p = std::max(p + 1, gap)) {
    if (known_[p] != nobody) continue;
    std::uint32_t last = p;
    while (last + 1 < n && known_[last + 1] == nobody) ++last;
    gap = last + 1;
    const Vertex a = p > 0 ? known_[p - 1] : nobody, b = last + 1 < n ? known_[last + 1] : nobody;
    if (a == nobody && b == nobody) return true;  // nothing placed yet
    const std::uint32_t mark = p + 1;
    // Regions beside a (after it, along its arcs out), marked; then those
    // beside b too (before it, along its arcs in) take the gap.
    const auto after_a = [&](auto visit) {
      for (const Vertex w : g.out[a]) visit(w);
    };
    const auto before_b = [&](auto visit) {
      if (g.directed)
        for (const Vertex w : in_[b]) visit(w);
      else
        for (const Vertex w : g.out[b]) visit(w);
    };
    const auto region = [&](Vertex w) { return static_cast<std::size_t>(region_of_[w] - first); };
    const auto take = [&](Vertex w) {
      if (placed_[w] || beside_[region(w)] == mark + n) return;
      beside_[region(w)] = mark + n;  // counted for this gap
      capacity_[region(w)] += last + 1 - p;
    };
    if (a != nobody && b != nobody) {
      after_a([&](Vertex w) {
        if (!placed_[w]) beside_[region(w)] = mark;
      });
      before_b([&](Vertex w) {
        if (!placed_[w] && beside_[region(w)] == mark) take(w);
      });
    } else if (a != nobody) {
      after_a(take);
    } else {
      before_b(take);
    }
  }
  for (std::size_t r = 0; r < region_size_.size(); ++r)
    if (capacity_[r] < region_size_[r]) {
      failed_region_ = first + r;
      return false;
    }
  return true;
}

bool GivenStepsHook::ends_possible(Because* why) const {
  const std::uint32_t n = rule_.positions();
  // Open sides of a placed vertex: the position after it (a way out of it
  // into the vertex beside) and the one before.
  const auto open_after = [&](Vertex w) { return placed_[w] && position_of_[w] + 1 < n && known_[position_of_[w] + 1] == nobody; };
  const auto open_before = [&](Vertex w) { return placed_[w] && position_of_[w] > 0 && known_[position_of_[w] - 1] == nobody; };
  std::uint32_t firsts = 0, lasts = 0, either = 0;  // vertices that must be the first, the last, one of the two
  const graph::Graph& g = *graph_;
  // Why x has so few ways: its neighbours placed, and the known positions beside theirs.
  const auto closed_around = [&](Vertex x) {
    if (!why) return;
    const auto around = [&](Vertex w) {
      if (!placed_[w]) return;
      const std::uint32_t p = position_of_[w];
      why->positions.insert(why->positions.end(), {p, p + 1, p - 1});  // p - 1 wraps past every position at 0
    };
    neighbours(x, false, around);
    if (g.directed) neighbours(x, true, around);
  };
  for (Vertex x = 0; x < n; ++x) {
    if (placed_[x]) continue;
    bool in = false, out = false;  // a predecessor, a successor
    if (g.directed) {
      for (const Vertex w : in_[x]) in = in || !placed_[w] || open_after(w);
      for (const Vertex w : g.out[x]) out = out || !placed_[w] || open_before(w);
    } else {  // two different neighbours, one each way
      std::uint32_t ways = 0;
      for (const Vertex w : g.out[x]) ways += !placed_[w] || open_after(w) || open_before(w);
      in = ways >= 1;
      out = ways >= 2;
      if (ways == 1) {
        ++either;
        closed_around(x);
        continue;
      }
    }
    if (!in && !out) {
      if (why) why->positions.clear();  // x alone says no
      closed_around(x);
      return false;
    }
    if (!in || !out) closed_around(x);
    firsts += !in;
    lasts += !out;
  }
  const std::uint32_t first_open = known_[0] == nobody, last_open = known_[n - 1] == nobody;
  const bool possible = firsts <= first_open && lasts <= last_open && firsts + lasts + either <= first_open + last_open;
  if (!possible && why) why->positions.insert(why->positions.end(), {0, n - 1});
  return possible;
}

template <class Fits>
void GivenStepsHook::prune_step(std::uint32_t q, const dlx::Remaining& remaining, dlx::Pruner& pruner, Fits fits) {
  const std::uint32_t n = rule_.positions();
  remaining.options(static_cast<dlx::ItemId>(q), buffer_);  // item q is step q
  for (const dlx::OptionId o : buffer_) {
    if (stamp_[o] == call_) continue;
    const HamiltonInstance::Step& s = (*steps_)[o];
    const std::uint32_t next = (s.step + 1) % n;
    // A known position takes its vertex alone; an unknown one a vertex not
    // placed that fits. Saying no, it tells `why` what it read.
    const auto takes = [&](std::uint32_t position, Vertex x, Because* why) {
      if (known_[position] != nobody || placed_[x]) {
        if (known_[position] == x) return true;
        if (why) why->positions.push_back(known_[position] != nobody ? position : position_of_[x]);
        return false;
      }
      return fits(position, x, why);
    };
    if (takes(s.step, s.from, nullptr) && takes(next, s.to, nullptr)) continue;
    stamp_[o] = call_;
    pruner.remove(o);
    if (!reasons_.recording()) continue;
    because_.positions.clear();
    because_.from_start = because_.to_end = false;
    (void)(takes(s.step, s.from, &because_) && takes(next, s.to, &because_));  // again, to hear what it read
    // The searches first: a segment is made at a time.
    const std::uint32_t segments[3] = {because_.from_start ? search_reason(false) : RemovalReasons::none,
                                       because_.to_end ? search_reason(true) : RemovalReasons::none, 0};
    reasons_.open();
    say_because(because_);
    const std::uint32_t own[3] = {reasons_.close(), segments[0], segments[1]};
    reasons_.removed(o, own);
  }
}

bool GivenStepsHook::prune_gap(std::uint32_t first, std::uint32_t last, const dlx::Remaining& remaining, dlx::Pruner& pruner) {
  const std::uint32_t n = rule_.positions();
  const bool opens = first > 0, closes = last + 1 < n;  // a known position before it, after it
  const Vertex a = opens ? known_[first - 1] : nobody, b = closes ? known_[last + 1] : nobody;
  const Distances& d = *distances_;
  gap_first_ = first;
  gap_last_ = last;
  searches_[0] = searches_[1] = RemovalReasons::none;
  if (opens) search_through(*graph_, in_, a, b, false, placed_, from_start_, queue_);
  if (closes) search_through(*graph_, in_, b, a, true, placed_, to_end_, queue_);
  if (opens && closes && !d.reaches(from_start_[b], last + 2 - first)) {
    failure_ = Failure::gap;
    return false;
  }
  const auto fits = [&](std::uint32_t q, Vertex x, Because* why) {
    const bool after_a = !opens || d.reaches(from_start_[x], q + 1 - first);
    const bool before_b = !closes || d.reaches(to_end_[x], last + 1 - q);
    if (why && !(after_a && before_b)) {  // the gap's ends; a search when too far, not only of the wrong parity
      if (opens) why->positions.push_back(first - 1);
      if (closes) why->positions.push_back(last + 1);
      why->from_start = !after_a && from_start_[x] > q + 1 - first;
      why->to_end = after_a && to_end_[x] > last + 1 - q;
    }
    return after_a && before_b;
  };
  for (std::uint32_t q = opens ? first - 1 : 0; q <= last && q < step_count_; ++q) prune_step(q, remaining, pruner, fits);
  return true;
}

bool GivenStepsHook::prune_around(std::uint32_t p, const dlx::Remaining& remaining, dlx::Pruner& pruner) {
  const std::uint32_t n = rule_.positions();
  const Vertex u = known_[p];
  if (!rule_.cycle()) {
    // The two steps at p put u there, even between two known positions.
    const auto any = [](std::uint32_t, Vertex, Because*) { return true; };
    if (p > 0) prune_step(p - 1, remaining, pruner, any);
    if (p < step_count_) prune_step(p, remaining, pruner, any);
    std::uint32_t before = p, after = p + 1;
    while (before > 0 && known_[before - 1] == nobody) --before;
    while (after < n && known_[after] == nobody) ++after;
    if (before < p && !prune_gap(before, p - 1, remaining, pruner)) return false;
    return after == p + 1 || prune_gap(p + 1, after - 1, remaining, pruner);
  }
  // A cycle: the steps from the nearest known position before p to the
  // nearest after; beyond them, the rule with p follows from theirs (the
  // triangle inequality).
  std::uint32_t first = 0, count = step_count_;
  std::uint32_t back = 1, ahead = 1;
  while (back < n && known_[(p + n - back) % n] == nobody) ++back;
  while (ahead < n && known_[(p + ahead) % n] == nobody) ++ahead;
  if (back < n) {
    first = (p + n - back) % n;
    count = back + ahead;
  }
  for (std::uint32_t k = 0; k < count && k < step_count_; ++k)
    prune_step((first + k) % step_count_, remaining, pruner, [&](std::uint32_t q, Vertex x, Because* why) {
      const bool fit = rule_.fits(p, u, q, x);
      if (!fit && why) why->positions.push_back(p);  // the graph's distances from u
      return fit;
    });
  return true;
}

std::unique_ptr<dlx::Hook> GivenStepsHook::clone() const {
  return std::make_unique<GivenStepsHook>(steps_, rule_, graph_, distances_, givens_);
}

}  // namespace dance::hamilton
