// A search cut into parts (Subproblem): the part a search is in, the
// untried choices it gives away (donate), and entering a part.
#include "search.hpp"

namespace dlx {

namespace {

// Where the tweaks (Algorithm M's excluded options) of the levels below k end.
Index tweaks_before(const Solver::State& s, Index k) {
  if (!s.multiplicities) return 0;
  if (k < s.level || s.resume == Resume::advance) return s.tweak_base[k];
  return s.tweak_top;
}

// Each forbidden option once, and none that is assumed (Algorithm M
// excludes each option it tries at a level, the one it goes on with too).
void tidy(Subproblem& part) {
  std::sort(part.forbidden.begin(), part.forbidden.end());
  part.forbidden.erase(std::unique(part.forbidden.begin(), part.forbidden.end()), part.forbidden.end());
  std::erase_if(part.forbidden, [&part](OptionId o) {
    return std::find(part.assumed.begin(), part.assumed.end(), o) != part.assumed.end();
  });
}

// Forbids every option of item i: Algorithm M's "use it no more".
void forbid_item(const Solver::State& s, Index i, Subproblem& part) {
  for (Index c = s.column_start[i]; c < s.column_start[i + 1]; ++c) part.forbidden.push_back(s.option_of(s.column[c]));
}

// The partial solution of the levels below k (k <= s.level) as a part.
Subproblem partial(const Solver::State& s, Index k) {
  Subproblem part;
  part.assumed = s.assumed;
  for (Index l = 0; l < k; ++l) {
    if (s.choice[l] > s.item_count) part.assumed.push_back(s.option_of(s.choice[l]));
    else forbid_item(s, s.item[l], part);
  }
  for (const Solver::State::Step& step : s.steps)
    if (step.forbidden) part.forbidden.push_back(step.option);
  for (Index t = 0, end = tweaks_before(s, k); t < end; ++t) part.forbidden.push_back(s.option_of(s.tweaked[t]));
  tidy(part);
  return part;
}

}  // namespace

Subproblem Solver::subproblem() const {
  const State& s = *state_;
  return partial(s, s.resume == Resume::spent ? 0 : s.level);  // a spent search's levels are no part
}

std::size_t Solver::donate(std::vector<Subproblem>& out) {
  State& s = *state_;
  if (s.resume == Resume::done || s.resume == Resume::spent) return 0;
  const Problem& p = *s.problem;
  const auto primary = static_cast<ItemId>(s.primary_count);
  // s.used: the items taken by the assumptions and the levels looked at so far.
  std::fill(s.used.begin(), s.used.end(), 0);
  const auto take = [&](OptionId o) {
    for (const Entry& e : p.option(o))
      s.used[e.item] = e.item < primary ? s.used[e.item] + 1 : e.colour != no_colour ? static_cast<std::int32_t>(e.colour) : -1;
  };
  // Whether option o fits beside them (a superset of the options in the lists
  // at that level: those that do not are parts that enter() finds empty).
  const auto fits = [&](OptionId o) {
    for (const Entry& e : p.option(o)) {
      const std::int32_t u = s.used[e.item];
      if (e.item < primary ? u >= clamped(s, e.item + 1, p.items()[e.item].hi)
                           : u != 0 && (e.colour == no_colour || u != static_cast<std::int32_t>(e.colour)))
        return false;
    }
    return true;
  };
  for (const OptionId o : s.assumed) take(o);
  for (Index k = 0; k < s.level; ++k) {
    const Index x = s.choice[k];
    if (x <= s.item_count) continue;  // Algorithm M's "use it no more": the last branch of its level
    if (k >= s.floor) {
      const Index i = s.item[k];
      const Index* const first = s.column.data() + s.column_start[i];
      const Index* const last = s.column.data() + s.column_start[i + 1];
      // Algorithm M excludes each option tried at a level from its later
      // siblings, and ends the level with "use the item no more" once it has
      // been used lo times. There the untried siblings are the options not
      // excluded, wherever they are in the list (Hook::order may have moved
      // them); elsewhere, those after x.
      const Index tweak_begin = tweaks_before(s, k), tweak_end = tweaks_before(s, k + 1);
      const bool tweaking = tweak_end > tweak_begin;
      const Index* after = tweaking ? first : std::find(first, last, x) + 1;
      const bool no_more = s.multiplicities && s.used[i - 1] >= clamped(s, i, p.items()[i - 1].lo);
      const auto untried = [&](Index y) {
        return fits(s.option_of(y)) && std::find(s.tweaked.data(), s.tweaked.data() + tweak_end, y) == s.tweaked.data() + tweak_end;
      };
      if (no_more || std::any_of(after, last, untried)) {
        const std::size_t before = out.size();
        Subproblem rest = partial(s, k);
        if (no_more) {
          out.push_back(rest);
          forbid_item(s, i, out.back());
        }
        for (Index t = tweak_begin; t < tweak_end; ++t) rest.forbidden.push_back(s.option_of(s.tweaked[t]));
        for (; after != last; ++after) {
          const OptionId y = s.option_of(*after);
          if (fits(y) && std::find(rest.forbidden.begin(), rest.forbidden.end(), y) == rest.forbidden.end()) {
            out.push_back(rest);
            out.back().assumed.push_back(y);
          }
          if (tweaking) rest.forbidden.push_back(y);
        }
        for (std::size_t u = before; u < out.size(); ++u) tidy(out[u]);
        s.floor = k + 1;
        s.open_levels = 0;
        for (Index j = s.floor; j < s.level; ++j) s.open_levels += open_after(s.link.data(), s.choice[j], s.item[j]);
        return out.size() - before;
      }
    }
    take(s.option_of(x));
  }
  return 0;
}

bool Solver::enter(const Subproblem& part) {
  retract();
  for (const OptionId o : part.forbidden) forbid(o);
  for (const OptionId o : part.assumed)
    if (!assume(o)) return false;
  return true;
}

}  // namespace dlx
