#include "dance/generate.hpp"

#include <algorithm>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "dance/parallel.hpp"
#include "dance/work_clocks.hpp"

namespace dance {
namespace {

// One puzzle made on a worker, or why there is none.
struct Attempt {
  std::optional<MadePuzzle> made;
  Failure error;
  bool interrupted = false;  // given up on the interrupt, or on the time limit
  bool timed_out = false;    // ... on the time limit: the run goes on with the next puzzle
};

// Texts of a puzzle just made by `type`; `presenter`: of the request's format, when not text or json.
MadePuzzle drawn(const PuzzleType& type, UniquePuzzle puzzle, const Request& request, const Presenter* presenter,
                 bool instances) {
  std::shared_ptr<const Instance> instance;
  std::shared_ptr<const Answer> answer;
  if (presenter || instances) {
    instance = type.instance_of(puzzle.solution, puzzle.kept);
    answer = type.answer_of(puzzle.solution);
  }
  MadePuzzle made{std::move(puzzle), {}, {}, {}, {}, std::move(instance), std::move(answer)};
  std::ostringstream record, text, solution;
  type.print_record(record, made.puzzle.solution, made.puzzle.kept, false);
  type.print_puzzle(text, made.puzzle.solution, made.puzzle.kept);
  type.print_solution(solution, made.puzzle.solution);
  made.record = std::move(record).str();
  made.text = std::move(text).str();
  made.solution = std::move(solution).str();
  if (request.format == "json") {
    made.line = json_of(made).dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + '\n';
  } else if (presenter && made.instance && made.answer) {
    std::ostringstream line;
    presenter->puzzle(line, *made.instance, request.with_solution ? made.answer.get() : nullptr);
    made.line = std::move(line).str();
  } else {
    std::ostringstream line;
    type.print_record(line, made.puzzle.solution, made.puzzle.kept, request.with_solution);
    made.line = std::move(line).str();
  }
  return made;
}

Attempt attempt(PuzzleType& type, const Request& request, const GenerateOptions& options, std::uint64_t index,
                const Presenter* presenter, bool instances) {
  Attempt made;
  try {
    UniquePuzzle puzzle = generate(type, options, request.seed, index);
    if (request.verify) {
      if (const auto wrong = type.verify(puzzle.solution, puzzle.kept)) {
        made.error = {"internal", "internal error: puzzle " + std::to_string(index + 1) + " fails verification: " + *wrong};
        return made;
      }
    }
    made.made = drawn(type, std::move(puzzle), request, presenter, instances);
  } catch (const GenerateError& e) {
    made.error = bad_option(e);
  } catch (const GenerateInterrupted&) {
    made.interrupted = true;
  }
  return made;
}

}  // namespace

Generation generate(const Request& request, PuzzleSink& sink, const std::atomic<bool>& interrupt, bool verdicts,
                    std::atomic<std::uint64_t>* made) {
  Generation run;
  const auto failed = [&run](Failure why, bool usage = false) {
    run.failure = std::move(why);
    run.usage = usage;
    run.status = Status::error;
    return run;
  };
  const Reduction* reduction = find_reduction(request.reduction);
  if (!reduction) return failed({"unknown_reduction", "unknown reduction '" + request.reduction + "'"});
  const std::size_t threads = thread_count(request.threads);
  GenerateOptions options = generate_options(request);
  options.verdict = verdicts;  // for the mean nodes to prove uniqueness
  // json wraps the family's text; other formats the reduction's presenter draws (validate() saw it can).
  std::vector<std::unique_ptr<PuzzleType>> types;
  std::unique_ptr<Presenter> presenter;
  try {
    if (request.format != "text" && request.format != "json") presenter = reduction->presenter(request.format);
    const RunSpec::Engine engine = run_spec(request, "").engine;  // --memo, --ring, ... reach the generator's searches too
    for (std::size_t t = 0; t < threads; ++t) types.push_back(puzzle_type(*reduction, request.model, engine));
    if (!types[0])
      return failed({"unknown_reduction", "there is no generator for '" + std::string(reduction->name()) + "'"});
    check_options(*types[0], options);
  } catch (const std::invalid_argument& e) {
    return failed(bad_option(e), true);
  } catch (const GenerateError& e) {
    return failed(bad_option(e));
  }

  WorkClocks clocks(threads, request.time_limit, interrupt);  // a time limit per puzzle
  for (std::size_t t = 0; t < threads; ++t) types[t]->set_interrupt(&clocks.flag(t));
  const std::size_t chunk = 16 * threads;
  std::vector<Attempt> batch(chunk);
  std::uint64_t done = 0;
  while (done < request.solutions && !interrupt.load()) {
    const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(chunk, request.solutions - done));
    in_parallel(n, threads, [&](std::size_t k, std::size_t t) {
      clocks.start(t);
      batch[k] = attempt(*types[t], request, options, done + k, presenter.get(), sink.wants_instances());
      batch[k].timed_out = clocks.stop(t) && batch[k].interrupted;
      if (made && !batch[k].interrupted) made->fetch_add(1, std::memory_order_relaxed);
    });
    std::size_t finished = 0;  // the puzzles before the first one given up on the interrupt
    while (finished < n && (!batch[finished].interrupted || batch[finished].timed_out)) ++finished;
    sink.handing();
    for (std::size_t k = 0; k < finished; ++k) {
      const std::uint64_t number = done + k + 1;
      if (!batch[k].error.code.empty()) {
        if (made) *made = number - 1;
        return failed(batch[k].error);
      }
      if (batch[k].timed_out) {
        ++run.timed_out;
        sink.timed_out(number);
        continue;
      }
      const UniquePuzzle& puzzle = batch[k].made->puzzle;
      try {
        sink.puzzle(number, *batch[k].made);
      } catch (const std::exception& e) {  // a file that cannot be written
        return failed({"internal", e.what()});
      }
      ++run.handed;
      run.clues += puzzle.clues;
      run.attempts += puzzle.attempts;
      if (puzzle.verdict) run.nodes += puzzle.verdict->nodes;
    }
    done += finished;
    sink.handed();
    if (finished < n) break;  // interrupted: the puzzles before stay handed
  }
  if (made) *made = run.handed;
  run.interrupted = interrupt.load();
  if (run.interrupted || run.timed_out > 0) run.status = Status::stopped;
  return run;
}

nlohmann::ordered_json json_of(const MadePuzzle& made) {
  const auto trimmed = [](std::string text) {  // a grid's last line end is no part of the value
    while (!text.empty() && text.back() == '\n') text.pop_back();
    return text;
  };
  return {{"puzzle", trimmed(made.record)}, {"solution", trimmed(made.solution)}, {"clues", made.puzzle.clues}};
}

std::string summary(const Generation& run, double seconds) {
  const double each = run.handed ? 1.0 / static_cast<double>(run.handed) : 0.0;
  std::ostringstream line;
  line << "puzzles " << run.handed << ", mean clues " << static_cast<double>(run.clues) * each << ", attempts "
       << run.attempts << ", mean nodes to prove uniqueness " << static_cast<double>(run.nodes) * each << ", seconds "
       << seconds;
  return std::move(line).str();
}

}  // namespace dance
