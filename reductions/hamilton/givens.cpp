#include "hamilton/givens.hpp"

#include <algorithm>
#include <charconv>
#include <stdexcept>

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
      throw std::invalid_argument("--given expects VERTEX=STEP[,VERTEX=STEP...] with steps from 1; found '" + item + "'");
    const std::string name = item.substr(0, equals);
    const auto found = std::find(g.names.begin(), g.names.end(), name);
    if (found == g.names.end()) throw std::invalid_argument("--given names vertex '" + name + "', which the graph does not have");
    givens.push_back({static_cast<Vertex>(found - g.names.begin()),
                      static_cast<std::uint32_t>(std::min<unsigned long>(step - 1, UINT32_MAX))});
    at = comma + 1;
  }
  check_givens(givens, g);
  return givens;
}

bool fits_givens(const StepRule& rule, std::span<const Given> givens, const HamiltonInstance::Step& s) {
  const std::uint32_t next = (s.step + 1) % rule.positions();
  return std::all_of(givens.begin(), givens.end(), [&](const Given& g) {
    return rule.fits(g.position, g.vertex, s.step, s.from) && rule.fits(g.position, g.vertex, next, s.to);
  });
}

GivenStepsHook::GivenStepsHook(std::shared_ptr<const std::vector<HamiltonInstance::Step>> steps, StepRule rule,
                               std::vector<Given> givens)
    : steps_(std::move(steps)),
      rule_(std::move(rule)),
      step_count_(rule_.cycle() ? rule_.positions() : rule_.positions() - 1),
      known_(rule_.positions(), nobody),
      stamp_(steps_->size(), 0) {
  set_givens(givens);
}

void GivenStepsHook::set_givens(std::span<const Given> givens) {
  for (const Given& g : givens_) known_[g.position] = nobody;
  givens_.assign(givens.begin(), givens.end());
  for (const Given& g : givens_) known_[g.position] = g.vertex;
  fresh_.clear();
  chose_ = false;
}

void GivenStepsHook::place(std::uint32_t position, Vertex v) {
  if (known_[position] != nobody) return;
  known_[position] = v;
  log_.push_back(position);
  fresh_.push_back(position);
}

bool GivenStepsHook::choose(dlx::OptionId option, const dlx::Remaining&) {
  const HamiltonInstance::Step& s = (*steps_)[option];
  marks_.push_back(log_.size());
  place(s.step, s.from);
  place((s.step + 1) % rule_.positions(), s.to);
  chose_ = true;
  return true;
}

void GivenStepsHook::unchoose(dlx::OptionId) {
  for (const std::size_t mark = marks_.back(); log_.size() > mark; log_.pop_back()) known_[log_.back()] = nobody;
  marks_.pop_back();
  std::erase_if(fresh_, [this](std::uint32_t p) { return known_[p] == nobody; });
  chose_ = false;
}

bool GivenStepsHook::propagate(const dlx::Remaining& remaining, dlx::Pruner& pruner) {
  ++call_;
  if (!chose_) {  // a search's first node: the removals of an earlier search are undone
    fresh_.clear();
    for (std::uint32_t p = 0; p < known_.size(); ++p)
      if (known_[p] != nobody) fresh_.push_back(p);
  }
  for (const std::uint32_t p : fresh_) prune_around(p, remaining, pruner);
  fresh_.clear();
  chose_ = false;
  return true;
}

void GivenStepsHook::prune_around(std::uint32_t p, const dlx::Remaining& remaining, dlx::Pruner& pruner) {
  const std::uint32_t n = rule_.positions();
  const Vertex u = known_[p];
  // The steps from the nearest known position before p to the nearest after:
  // beyond them, the rule with p follows from theirs (the triangle inequality).
  std::uint32_t first = 0, count = step_count_;
  if (rule_.cycle()) {
    std::uint32_t back = 1, ahead = 1;
    while (back < n && known_[(p + n - back) % n] == nobody) ++back;
    while (ahead < n && known_[(p + ahead) % n] == nobody) ++ahead;
    if (back < n) {
      first = (p + n - back) % n;
      count = back + ahead;
    }
  } else {
    std::uint32_t before = p, after = p + 1;
    while (before > 0 && known_[before - 1] == nobody) --before;
    while (after < n && known_[after] == nobody) ++after;
    first = before > 0 ? before - 1 : 0;
    count = std::min(after, step_count_) - first;
  }
  for (std::uint32_t k = 0; k < count && k < step_count_; ++k) {
    const std::uint32_t q = (first + k) % step_count_;
    remaining.options(static_cast<dlx::ItemId>(q), buffer_);  // item q is step q
    for (const dlx::OptionId o : buffer_) {
      if (stamp_[o] == call_) continue;
      const HamiltonInstance::Step& s = (*steps_)[o];
      if (rule_.fits(p, u, s.step, s.from) && rule_.fits(p, u, (s.step + 1) % n, s.to)) continue;
      stamp_[o] = call_;
      pruner.remove(o);
    }
  }
}

std::unique_ptr<dlx::Hook> GivenStepsHook::clone() const {
  return std::make_unique<GivenStepsHook>(steps_, rule_, givens_);
}

}  // namespace dance::hamilton
