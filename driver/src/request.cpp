#include "dance/request.hpp"

#include <algorithm>
#include <stdexcept>

#include "dance/own_options.hpp"
#include "dance/parallel.hpp"
#include "dlx/error.hpp"

namespace dance {

namespace {

// A failure coded bad_option whose message is `parts`, the options named as the command line does.
Failure refused(std::vector<MessagePart> parts) {
  Failure failure{"bad_option", worded(parts, option_word)};
  failure.about = std::move(parts);
  return failure;
}

// "--memo is auto, on or off; found 'x'", when `value` is none of `words`.
std::optional<Failure> not_one_of(const std::string& option, const std::string& value,
                                  const std::vector<std::string_view>& words) {
  if (std::find(words.begin(), words.end(), value) != words.end()) return std::nullopt;
  return refused({option_named(option), {" is " + listed(words) + "; found " + dlx::quoted(value)}});
}

dlx::Switch switch_of(const std::string& word) {
  return word == "on" ? dlx::Switch::on : word == "off" ? dlx::Switch::off : dlx::Switch::automatic;
}

}  // namespace

std::optional<Failure> validate(const Request& r) {
  const Reduction* reduction = find_reduction(r.reduction);
  if (!reduction) return Failure{"unknown_reduction", "unknown reduction " + dlx::quoted(r.reduction)};
  // Each value within its range.
  for (const OwnOption& o : own_options())
    if (o.kind == OwnOption::Kind::whole)
      if (const auto value = whole_value(o, r))
        if (auto wrong = outside_range(o, *value)) return refused(std::move(*wrong));
  if (!(r.time_limit >= 0)) return refused({option_named("time-limit"), {" must be a number of seconds, 0 or more"}});
  for (const EngineSwitch& engine : engine_switches())
    if (auto wrong = not_one_of(std::string(engine.name), r.*engine.word, switch_words)) return wrong;
  if (auto wrong = not_one_of("symmetry", r.symmetry, symmetry_words)) return wrong;
  if (r.difficulty)
    if (auto wrong = not_one_of("difficulty", *r.difficulty, difficulty_words)) return wrong;
  // A format the reduction writes, and that the job can write.
  if (r.format.empty())
    return refused({option_named("format"), {" needs a name: 'dance solve " + r.reduction + " --help' lists them"}});
  if (r.job == Job::count && r.format != "text" && r.format != "json")
    return refused({{"count writes numbers: "}, option_named("format"), {" text or json"}});
  if (r.job == Job::generate) {  // text and json the type writes, other formats a presenter that draws puzzles
    const std::vector<std::string> drawn = reduction->puzzle_formats();
    if (std::find(drawn.begin(), drawn.end(), r.format) == drawn.end())
      return refused({option_named("format"), {": dance generate " + r.reduction + " writes " +
                                               listed(drawn) + "; found " + dlx::quoted(r.format)}});
  } else if (r.format != "text") {  // text every reduction writes
    try {
      (void)reduction->presenter(r.format);
    } catch (const OptionError& e) {  // "--format: sudoku writes text, svg or json; found 'x'"
      return refused(e.parts());
    }
  }
  // The rules between options.
  if (r.job == Job::generate && r.solutions == 0) return refused({{"generate: "}, option_named("n"), {" must be at least 1"}});
  if ((r.job == Job::unique || r.job == Job::check) && r.solutions != 1)
    return refused({option_named("unique"), {" answers whether there is one answer: without "}, option_named("n")});
  if (r.job == Job::split && !r.depth) return refused({option_named("depth"), {" goes with split, and split needs it"}});
  if (!r.resume.empty() && r.job != Job::count) return refused({option_named("resume"), {" is for count"}});
  if (r.restarts != 0 && (r.job != Job::solve || r.solutions != 1 || r.threads != 1))
    return refused({option_named("restarts"), {" is for solve's first solution: one thread, without "}, option_named("n"),
                    {", "}, option_named("count"), {" or "}, option_named("unique")});
  if (r.sample != 0 && (r.job != Job::solve || r.solutions != 1 || r.threads != 1 || r.restarts != 0))
    return refused({option_named("sample"), {" N draws N answers in one thread: without "}, option_named("n"), {", "},
                    option_named("count"), {", "}, option_named("unique"), {", "}, option_named("restarts"), {" or "},
                    option_named("threads")});
  // The memo counts the whole problem in one thread: -j N steals work, and --resume counts below parts.
  if (r.memo == "on" && (r.threads != 1 || !r.resume.empty()))
    return refused({option_named("memo"), {" on counts in one thread from the whole problem: without "},
                    option_named("threads"), {" or "}, option_named("resume")});
  if (r.sample != 0 && r.memo == "off")
    return refused({option_named("sample"), {" draws down the memo's counts: it takes no "}, option_named("memo"),
                    {" off"}});
  return std::nullopt;
}

RunSpec run_spec(const Request& r, std::string source) {
  RunSpec spec;
  spec.task = r.job == Job::emit                            ? Task::emit
              : r.job == Job::split                         ? Task::split
              : r.job == Job::unique || r.job == Job::check ? Task::unique
              : r.job == Job::count                         ? Task::count
                                                            : Task::solve;
  spec.solutions = r.solutions;
  // check's verdict comes with its first answer, and so does json's (docs/json.md)
  spec.first_too = r.job == Job::check || (r.job == Job::unique && r.format == "json");
  spec.node_limit = r.node_limit;
  spec.time_limit = r.time_limit;
  spec.seed = r.seed;
  spec.restarts = r.restarts;
  spec.sample = r.sample;
  if (r.sample != 0) spec.solutions = r.sample;
  spec.threads = thread_count(r.threads);
  spec.verify = r.verify;
  spec.resume = r.resume;
  spec.depth = r.depth.value_or(0);
  spec.source = std::move(source);
  for (const EngineSwitch& engine : engine_switches()) spec.engine.*engine.run = switch_of(r.*engine.word);
  spec.engine.memo_mib = r.memo_mib;
  return spec;
}

GenerateOptions generate_options(const Request& r) {
  GenerateOptions options;
  options.symmetry = parse_symmetry(r.symmetry).value_or(Symmetry::none);
  options.minimal = r.minimal;
  options.clues = r.clues;
  if (r.difficulty) options.difficulty = parse_difficulty(*r.difficulty);
  return options;
}

std::optional<FieldNames> field_named(std::string_view name) {
  for (const OwnOption& o : own_options())
    if (o.name == name || (name.size() == 1 && o.letter == name[0]))  // the API takes a format in its options
      return FieldNames{o.name, o.letter, o.name == "format" ? "options.format" : o.field, o.keyword};
  for (const EngineSwitch& engine : engine_switches())  // the engine's: field and keyword alike
    if (engine.name == name) return FieldNames{engine.name, 0, engine.field, engine.field};
  return std::nullopt;
}

const std::vector<EngineSwitch>& engine_switches() {
  using E = RunSpec::Engine;
  using O = dlx::SolverOptions;
  static const std::vector<EngineSwitch> rows{
      {"sharing", "sharing", &Request::sharing, &E::sharing, &O::sharing,
       "Algorithm X keeps covers between sibling options that share a quarter of their items (pentomino "
       "placements); auto: where they do (docs/engine.md)"},
      {"ring", "ring", &Request::ring, &E::ring, &O::ring,
       "Algorithm X without sharing: a ring of the items left with one option, and the subset rule where the "
       "search would branch; auto: from 512 primary items"},
      {"tie-break", "tie_break", &Request::tie_break, &E::tie_break, &O::tie_break,
       "Algorithms X and C: a tie of fewest options goes to the tightest of the first 8 tied; auto: from 512 "
       "primary items"},
      {"probing", "probing", &Request::probing, &E::probing, &O::probing,
       "with the ring: a tie of two-option items is broken by committing each option and the forced ones it "
       "leads to; auto: from 2048 primary items"},
      {"pair-rule", "pair_rule", &Request::pair_rule, &E::pair_rule, &O::pair_rule,
       "with the ring: the pair rule (naked and hidden pairs, X-wings); auto: from 2048 primary items"},
      {"memo", "memo", &Request::memo, &E::memo, &O::memo,
       "count with a memo of the subproblems met (exact cover, with colours and multiplicities too, without a "
       "global constraint; one thread): each is counted once; auto: on (docs/engine.md); on: -n 0 too, listing only "
       "branches with solutions"},
      {"learning", "learning", &Request::learning, &E::learning, &O::learning,
       "conflict-directed backjumping and learned nogoods: at a dead end the search finds which choices caused "
       "it, backs up past those that did not and never makes that set of choices again; auto: on for searches "
       "for answers with a reduction that explains its dead ends (hamilton), off for counts and elsewhere "
       "(docs/engine.md)"},
  };
  return rows;
}

}  // namespace dance
