// One worker's solvers: one per problem (a sudoku size, say), reused by every
// instance of it, the last few kept.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "dance/driver.hpp"
#include "dance/reduction.hpp"
#include "dlx/solver.hpp"
#include "dlx/statistics.hpp"
#include "dance/request.hpp"

namespace dance::detail {

class Solvers {
 public:
  // Each solver publishes how far it has got in `progress`.
  // `engine`: the run's switches, over what the encoding asks for unless automatic.
  Solvers(std::uint64_t seed, dlx::Progress* progress, RunSpec::Engine engine = {})
      : seed_(seed), progress_(progress), engine_(engine) {}
  // The solver of the encoding's problem, with the heuristics it asks for;
  // `search` 1 is a second one, for the restarting search of a portfolio.
  dlx::Solver& for_problem(const Encoding& encoding, std::size_t search = 0) {
    return for_problem(encoding.problem, encoding.heuristics, search);
  }
  // The same for a problem and the heuristics it asks for; `made`: whether the solver is new.
  dlx::Solver& for_problem(const std::shared_ptr<const dlx::Problem>& problem, const dlx::SolverOptions& asked,
                           std::size_t search = 0, bool* made = nullptr) {
    const Key key{problem, search};
    if (made) *made = false;
    for (auto& [k, solver] : solvers_)
      if (k == key) return *solver;
    if (made) *made = true;
    if (solvers_.size() == kept) {  // the oldest goes, but not one of this problem (a portfolio's other search)
      const auto oldest = std::find_if(solvers_.begin(), solvers_.end(),
                                       [&key](const auto& entry) { return entry.first.first != key.first; });
      retired_ += oldest->second->statistics();
      note_variant(*oldest->second);
      solvers_.erase(oldest);
    }
    dlx::SolverOptions heuristics = asked;
    for (const EngineSwitch& engine : engine_switches())
      if (engine_.*engine.run != dlx::Switch::automatic) heuristics.*engine.option = engine_.*engine.run;
    heuristics.memo_bytes = static_cast<std::size_t>(engine_.memo_mib) << 20;
    solvers_.emplace_back(key, std::make_unique<dlx::Solver>(problem, seed_, heuristics));
    dlx::Solver& solver = *solvers_.back().second;
    dlx::Limits limits;
    limits.progress = progress_;
    solver.set_limits(limits);
    return solver;
  }
  // Lets the problem's solvers go (a question's with a hook: the hook goes too), their statistics kept.
  void retire(const std::shared_ptr<const dlx::Problem>& problem) {
    std::erase_if(solvers_, [&](auto& entry) {
      if (entry.first.first != problem) return false;
      retired_ += entry.second->statistics();
      note_variant(*entry.second);
      return true;
    });
  }
  // The engine's variants of the solvers made, each once.
  // (As they are now: a hook set after the solver was made may have turned learning on.)
  [[nodiscard]] std::vector<std::string> variants() const {
    std::vector<std::string> all = variants_;
    for (const auto& entry : solvers_)
      if (std::find(all.begin(), all.end(), entry.second->variant()) == all.end()) all.push_back(entry.second->variant());
    return all;
  }
  [[nodiscard]] dlx::Statistics total() const {
    dlx::Statistics sum = retired_;
    for (const auto& entry : solvers_) sum += entry.second->statistics();
    return sum;
  }

 private:
  static constexpr std::size_t kept = 8;
  std::uint64_t seed_;
  dlx::Progress* progress_;
  RunSpec::Engine engine_;
  using Key = std::pair<std::shared_ptr<const dlx::Problem>, std::size_t>;
  std::vector<std::pair<Key, std::unique_ptr<dlx::Solver>>> solvers_;
  dlx::Statistics retired_;
  std::vector<std::string> variants_;  // of the solvers retired
  void note_variant(const dlx::Solver& solver) {
    if (std::find(variants_.begin(), variants_.end(), solver.variant()) == variants_.end())
      variants_.push_back(solver.variant());
  }
};

}  // namespace dance::detail
