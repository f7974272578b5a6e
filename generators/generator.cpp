#include "dance/generator.hpp"

#include <algorithm>
#include <array>
#include <string>

#include "dlx/random.hpp"

namespace dance {

Difficulty grade(const Verdict& verdict) {
  const std::uint64_t extra = verdict.nodes > verdict.forced ? verdict.nodes - verdict.forced : 0;
  if (extra == 0) return Difficulty::easy;
  if (extra <= medium_limit) return Difficulty::medium;
  if (extra <= hard_limit) return Difficulty::hard;
  return Difficulty::fiendish;
}

namespace {
constexpr std::array<std::string_view, 4> difficulty_names{"easy", "medium", "hard", "fiendish"};

// Whether some orbits hold exactly `target` positions in all.
bool reachable(const std::vector<std::vector<std::size_t>>& orbits, std::size_t target) {
  std::vector<bool> sums(target + 1, false);
  sums[0] = true;
  for (const auto& orbit : orbits)
    for (std::size_t s = target; s >= orbit.size() && s > 0; --s)
      if (sums[s - orbit.size()]) sums[s] = true;
  return sums[target];
}

// The random stream of puzzle `index`: its own, whatever the thread.
std::uint64_t stream_seed(std::uint64_t seed, std::uint64_t index) {
  return dlx::Random(seed).next() ^ dlx::Random(~index).next();
}

std::size_t count_kept(const std::vector<std::size_t>& orbit, const Kept& kept) {
  return static_cast<std::size_t>(std::count_if(orbit.begin(), orbit.end(), [&kept](std::size_t p) { return kept[p]; }));
}

void set_kept(const std::vector<std::size_t>& orbit, Kept& kept, bool value) {
  for (const std::size_t p : orbit) kept[p] = value;
}

// After each call on the type: an interrupted search's answer means nothing.
void give_up_if_interrupted(const PuzzleType& type) {
  if (type.interrupted()) throw GenerateInterrupted();
}

// The clue removal of one attempt. The orbits still holding clues form a
// stack: the next orbit to try sits on top, under the ones found necessary
// since, so that the type's count() can keep the clues below as assumed.
class Removal {
 public:
  Removal(PuzzleType& type, Puzzle& puzzle, const std::vector<std::vector<std::size_t>>& orbits)
      : type_(type), puzzle_(puzzle), orbits_(orbits) {}

  // Whether the solution stays unique with the clues of orbit k taken away.
  bool removable(std::size_t k) {
    list_clues(k);
    removed_.clear();
    for (const std::size_t p : orbits_[k])
      if (puzzle_.kept[p]) removed_.push_back(p);
    const bool another = type_.another(puzzle_.solution, clues_, removed_);
    give_up_if_interrupted(type_);
    return !another;
  }

  // Removes orbits in the given order while the solution stays unique.
  void run(const std::vector<std::size_t>& order, const GenerateOptions& options) {
    stack_.assign(order.rbegin(), order.rend());
    for (const std::size_t k : order) {
      if (options.clues != 0 && puzzle_.clues == options.clues) break;
      const std::size_t removable = count_kept(orbits_[k], puzzle_.kept);
      if (removable == 0 || (options.clues != 0 && puzzle_.clues - removable < options.clues)) continue;
      const bool unique = this->removable(k);
      stack_.erase(std::find(stack_.begin(), stack_.end(), k));
      if (unique) {
        set_kept(orbits_[k], puzzle_.kept, false);
        puzzle_.clues -= removable;
        continue;
      }
      stack_.push_back(k);
      if (!options.minimal && options.clues == 0) break;
    }
  }

  // Whether no orbit of clues can go with the solution staying unique.
  bool minimal() {
    for (const std::size_t k : stack_)
      if (count_kept(orbits_[k], puzzle_.kept) != 0 && removable(k)) return false;
    return true;
  }

  // The verdict on the puzzle as it stands.
  Verdict verdict() {
    list_clues(orbits_.size());
    const Verdict counted = type_.count(puzzle_.solution, clues_, 2);
    give_up_if_interrupted(type_);
    return counted;
  }

 private:
  PuzzleType& type_;
  Puzzle& puzzle_;
  const std::vector<std::vector<std::size_t>>& orbits_;
  std::vector<std::size_t> stack_;
  std::vector<std::size_t> clues_, removed_;

  // The clues of the orbits on the stack but `without`, bottom up.
  void list_clues(std::size_t without) {
    clues_.clear();
    for (const std::size_t k : stack_)
      if (k != without)
        for (const std::size_t p : orbits_[k])
          if (puzzle_.kept[p]) clues_.push_back(p);
  }
};
}  // namespace

std::string_view to_string(Difficulty difficulty) { return difficulty_names[static_cast<std::size_t>(difficulty)]; }

std::optional<Difficulty> parse_difficulty(std::string_view name) {
  for (std::size_t k = 0; k < difficulty_names.size(); ++k)
    if (difficulty_names[k] == name) return static_cast<Difficulty>(k);
  return std::nullopt;
}

void check_options(const PuzzleType& type, const GenerateOptions& options) {
  const auto orbits = type.orbits(options.symmetry);  // throws for a symmetry the type has not
  if (options.clues == 0) return;
  const std::size_t positions = type.positions();
  if (options.clues > positions)
    throw GenerateError("--clues " + std::to_string(options.clues) + " is more than the " +
                        std::to_string(positions) + " places a clue can take");
  if (const auto minimum = type.minimum_clues(); minimum && options.clues < *minimum)
    throw GenerateError("no puzzle of this size has a unique solution with fewer than " + std::to_string(*minimum) +
                        " clues (--clues " + std::to_string(options.clues) + ")");
  if (!reachable(orbits, options.clues))
    throw GenerateError("--clues " + std::to_string(options.clues) + " cannot be made of whole orbits of this symmetry");
}

Puzzle generate(PuzzleType& type, const GenerateOptions& options, std::uint64_t seed, std::uint64_t index) {
  dlx::Random random(stream_seed(seed, index));
  const auto orbits = type.orbits(options.symmetry);
  std::vector<std::size_t> order(orbits.size());
  for (std::size_t attempt = 1; attempt <= options.attempts; ++attempt) {
    Puzzle puzzle;
    puzzle.solution = type.random_solution(random.next() | 1, options.symmetry);  // seed 0 would mean no randomness
    give_up_if_interrupted(type);
    if (puzzle.solution.empty()) throw GenerateError("this puzzle type has no complete solution");
    puzzle.kept = type.clues(puzzle.solution);
    puzzle.clues = static_cast<std::size_t>(std::count(puzzle.kept.begin(), puzzle.kept.end(), true));
    for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
    random.shuffle(order);
    Removal removal(type, puzzle, orbits);
    removal.run(order, options);
    if (options.clues != 0 && puzzle.clues != options.clues) continue;
    if (options.clues != 0 && options.minimal && !removal.minimal()) continue;
    puzzle.verdict = removal.verdict();
    if (options.difficulty && grade(puzzle.verdict) != *options.difficulty) continue;
    puzzle.attempts = attempt;
    return puzzle;
  }
  throw GenerateError("no puzzle met the options in " + std::to_string(options.attempts) +
                      " attempts; ask for fewer constraints (other --clues, --difficulty or --symmetry)");
}

}  // namespace dance
