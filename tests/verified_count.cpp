#include "verified_count.hpp"

#include <catch2/catch.hpp>

#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "dance/driver.hpp"
#include "dlx/solver.hpp"
#include "dlx/subproblem.hpp"

namespace dance::test {

namespace {

const std::atomic<bool> never{false};

// Counts the solutions handed over (the driver has verified each), keeping none.
struct Tally : Collected {
  std::uint64_t given = 0;
  void solution(const Instance&, std::shared_ptr<const Answer>, std::uint64_t) override { ++given; }
};

// The instance run by a session with `spec`; REQUIREs no failure (a wrong answer is one).
template <class Results>
void run(const Reduction& reduction, const Instance& instance, RunSpec spec, Results& results) {
  spec.verify = true;
  Session session(reduction, std::move(spec));
  session.run(instance, results, never);
  for (const Failure& failure : results.failures) FAIL(failure.message);
  REQUIRE_FALSE(results.stop);
}

// The count of a session with `spec` (its task made count).
std::uint64_t counted(const Reduction& reduction, const Instance& instance, RunSpec spec) {
  spec.task = Task::count;
  Collected results;
  run(reduction, instance, std::move(spec), results);
  return results.found.value_or(0).saturated();
}

// The count of a team of two workers, as -j 2 searches (with `learning` on or as automatic).
std::uint64_t count_by_team(const Reduction& reduction, const Instance& instance, dlx::Switch learning) {
  RunSpec spec;
  spec.threads = 2;
  spec.engine.learning = learning;
  return counted(reduction, instance, spec);
}

// The parts two levels down, as split writes them.
struct PartsFile : Collected {
  std::ostringstream text;
  void parts(std::uint64_t fingerprint) override { dlx::write_parts_header(text, fingerprint); }
  void part(const dlx::Subproblem& part) override { dlx::write_subproblem(text, part); }
};

// The count part by part, as split and count --resume search.
std::uint64_t count_by_parts(const Reduction& reduction, const Instance& instance) {
  RunSpec split;
  split.task = Task::split;
  split.depth = 2;
  PartsFile parts;
  run(reduction, instance, split, parts);
  const auto file = std::filesystem::temp_directory_path() / ("dance-parts-" + std::to_string(::getpid()) + ".txt");
  std::ofstream(file) << parts.text.str();
  RunSpec resume;
  resume.resume = file.string();
  const std::uint64_t found = counted(reduction, instance, resume);
  std::filesystem::remove(file);
  return found;
}

}  // namespace

std::shared_ptr<const Answer> first_answer(const Reduction& reduction, const Instance& instance) {
  Collected results;
  run(reduction, instance, RunSpec(), results);
  REQUIRE(results.solutions.size() == 1);
  return results.solutions[0];
}

std::uint64_t count_verified(const Reduction& reduction, const Instance& instance, std::uint64_t limit) {
  RunSpec spec;
  spec.solutions = limit;
  Tally tally;
  run(reduction, instance, spec, tally);
  if (limit == 0) {  // every solution: the same number by a team, part by part, and with backjumping
    CHECK(count_by_team(reduction, instance, dlx::Switch::automatic) == tally.given);
    CHECK(count_by_team(reduction, instance, dlx::Switch::on) == tally.given);
    CHECK(count_by_parts(reduction, instance) == tally.given);
    RunSpec learning = spec;
    learning.engine.learning = dlx::Switch::on;
    Tally jumped;
    run(reduction, instance, learning, jumped);
    CHECK(jumped.given == tally.given);
  }
  return tally.given;
}

Optimum optimise(const Reduction& reduction, std::unique_ptr<Instance> first) {
  REQUIRE(reduction.optimises(*first));
  Collected results;
  run(reduction, *first, RunSpec(), results);
  REQUIRE(results.solutions.size() <= 1);
  Optimum best{std::move(first), nullptr, std::move(results.improvements)};
  if (!results.solutions.empty()) {
    best.answer = results.solutions.front();
    REQUIRE(!best.improvements.empty());
    CHECK(best.improvements.back() == best.answer);
  }
  return best;
}

}  // namespace dance::test
