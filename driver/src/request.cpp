#include "dance/request.hpp"

#include <algorithm>
#include <stdexcept>

#include "dance/parallel.hpp"
#include "dlx/error.hpp"

namespace dance {

std::string listed(const std::vector<std::string_view>& words) {
  std::string text;
  for (std::size_t k = 0; k < words.size(); ++k)
    text += std::string(k == 0 ? "" : k + 1 == words.size() ? " or " : ", ") + std::string(words[k]);
  return text;
}

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
  if (r.threads > most_threads) return refused({option_named("threads"), {" is at most " + std::to_string(most_threads)}});
  if (!(r.time_limit >= 0)) return refused({option_named("time-limit"), {" must be a number of seconds, 0 or more"}});
  for (const auto& [option, value] : {std::pair{"memo", &r.memo}, std::pair{"learning", &r.learning}})
    if (auto wrong = not_one_of(option, *value, switch_words)) return wrong;
  if (auto wrong = not_one_of("symmetry", r.symmetry, symmetry_words)) return wrong;
  if (!r.difficulty.empty())
    if (auto wrong = not_one_of("difficulty", r.difficulty, difficulty_words)) return wrong;
  // A format the reduction writes, and that the job can write.
  if (r.format.empty())
    return refused({option_named("format"), {" needs a name: 'dance solve " + r.reduction + " --help' lists them"}});
  if (r.job == Job::count && r.format != "text" && r.format != "json")
    return refused({{"count writes numbers: "}, option_named("format"), {" text or json"}});
  if (r.format != "text") {  // text every reduction writes
    try {
      (void)reduction->presenter(r.format);
    } catch (const std::invalid_argument& e) {  // "--format: sudoku writes text, svg or json; found 'x'"
      const std::string what = e.what(), dashed = option_word("format");
      return refused({option_named("format"), {what.substr(what.rfind(dashed, 0) == 0 ? dashed.size() : 0)}});
    }
  }
  // The rules between options.
  if (r.job == Job::generate && r.solutions == 0) return refused({{"generate: "}, option_named("n"), {" must be at least 1"}});
  if (r.job == Job::split && !r.depth) return refused({option_named("depth"), {" goes with split, and split needs it"}});
  if (!r.resume.empty() && r.job != Job::count) return refused({option_named("resume"), {" is for count"}});
  if (r.restarts != 0 && (r.job != Job::solve || r.solutions != 1 || r.threads != 1))
    return refused({option_named("restarts"), {" is for solve's first solution: one thread, without "}, option_named("n"),
                    {", "}, option_named("count"), {" or "}, option_named("unique")});
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
  spec.threads = thread_count(r.threads);
  spec.verify = r.verify;
  spec.resume = r.resume;
  spec.depth = r.depth.value_or(0);
  spec.source = std::move(source);
  spec.engine.memo = switch_of(r.memo);
  spec.engine.learning = switch_of(r.learning);
  return spec;
}

GenerateOptions generate_options(const Request& r) {
  GenerateOptions options;
  options.symmetry = parse_symmetry(r.symmetry).value_or(Symmetry::none);
  options.minimal = r.minimal;
  options.clues = r.clues;
  if (!r.difficulty.empty()) options.difficulty = parse_difficulty(r.difficulty);
  return options;
}

const std::vector<FieldNames>& field_names() {
  static const std::vector<FieldNames> names{
      {"solutions", 'n', "solutions", ""},       {"count", 0, "count", ""},
      {"unique", 0, "unique", "unique"},         {"time-limit", 't', "time_limit", "seconds"},
      {"node-limit", 0, "node_limit", "nodes"},  {"seed", 0, "seed", "seed"},
      {"restarts", 0, "", ""},                   {"threads", 'j', "", "threads"},
      {"resume", 0, "", ""},                     {"depth", 0, "", ""},
      {"format", 0, "options.format", ""},       {"memo", 0, "memo", "memo"},
      {"learning", 0, "learning", "learning"},           {"verify", 0, "verify", "verify"},
      {"symmetry", 0, "symmetry", "symmetry"},   {"minimal", 0, "minimal", "minimal"},
      {"clues", 0, "clues", "clues"},            {"difficulty", 0, "difficulty", "difficulty"},
      {"with-solution", 0, "with_solution", ""},
  };
  return names;
}

const FieldNames* field_named(std::string_view name) {
  for (const FieldNames& f : field_names())
    if (f.option == name || (name.size() == 1 && f.letter == name[0])) return &f;
  return nullptr;
}

}  // namespace dance
