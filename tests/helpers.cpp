#include "helpers.hpp"

#include <catch2/catch.hpp>
#include <algorithm>
#include <fstream>
#include <sstream>

#include "dlx/error.hpp"
#include "dlx/knuth_format.hpp"
#include "verified_count.hpp"

namespace dance::test {

std::string text_of(const std::string& path) {
  std::ifstream in(path);
  INFO(path);
  REQUIRE(in);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

dlx::Problem knuth_problem(const std::string& path) {
  std::ifstream in(path);
  INFO(path);
  REQUIRE(in);
  return dlx::read_knuth(in).problem;
}

dlx::Problem xcc_problem(const std::string& name) { return knuth_problem(std::string(DANCE_DATA_DIR) + "/xcc/" + name); }

std::vector<std::unique_ptr<Instance>> read_all(const Reduction& reduction, std::istream& in, const ModelOptions& options) {
  auto reader = reduction.reader(in, options);
  std::vector<std::unique_ptr<Instance>> all;
  while (auto instance = reader->next()) all.push_back(std::move(instance));
  return all;
}

std::vector<std::unique_ptr<Instance>> read_all(const Reduction& reduction, const std::string& text,
                                                const ModelOptions& options) {
  std::istringstream in(text);
  return read_all(reduction, in, options);
}

std::unique_ptr<Instance> read_one(const Reduction& reduction, std::istream& in, const ModelOptions& options) {
  auto instance = reduction.reader(in, options)->next();
  REQUIRE(instance);
  return instance;
}

std::unique_ptr<Instance> read_one(const Reduction& reduction, const std::string& text, const ModelOptions& options) {
  std::istringstream in(text);
  return read_one(reduction, in, options);
}

std::string parse_error(const Reduction& reduction, const std::string& text, const ModelOptions& options) {
  try {
    read_all(reduction, text, options);
  } catch (const dlx::ParseError& e) {
    return e.what();
  }
  return "no error";
}

std::string solved(const Reduction& reduction, const Instance& instance, std::string_view format) {
  const auto answer = first_answer(reduction, instance);
  return render(reduction, format, instance, *answer);
}

std::optional<std::string> not_one_svg(const std::string& text) {
  std::size_t at = 0;
  const std::string declaration = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>";
  if (text.rfind(declaration, 0) != 0) return "no XML declaration";
  at = declaration.size();
  std::vector<std::string> open;
  bool rooted = false;
  while (at < text.size()) {
    const std::size_t lt = text.find('<', at);
    const std::string between = text.substr(at, (lt == std::string::npos ? text.size() : lt) - at);
    for (std::size_t k = 0; k < between.size(); ++k) {
      if (between[k] == '&' && between.find(';', k) == std::string::npos) return "a bare & in text";
      if (between[k] == '>') return "a bare > in text";
    }
    if (open.empty() && between.find_first_not_of(" \n") != std::string::npos) return "text outside the root";
    if (lt == std::string::npos) break;
    const std::size_t gt = text.find('>', lt);
    if (gt == std::string::npos) return "a tag without its >";
    std::string tag = text.substr(lt + 1, gt - lt - 1);
    // Attribute values quoted, with no < inside.
    std::size_t quotes = 0;
    for (const char c : tag) quotes += c == '"';
    if (quotes % 2 != 0 || tag.find('<') != std::string::npos) return "a tag badly quoted: " + tag;
    if (tag.front() == '/') {
      if (open.empty() || open.back() != tag.substr(1)) return "</" + tag.substr(1) + "> closes nothing open";
      open.pop_back();
    } else {
      const bool empty = tag.back() == '/';
      const std::string name = tag.substr(0, tag.find_first_of(" /"));
      if (open.empty()) {
        if (rooted) return "a second root";
        if (name != "svg") return "the root is no <svg>";
        rooted = true;
      }
      if (!empty) open.push_back(name);
    }
    at = gt + 1;
  }
  if (!rooted) return "no root";
  if (!open.empty()) return "<" + open.back() + "> never closed";
  return std::nullopt;
}

Searched search_with(const std::function<Encoding()>& encode, dlx::Switch learning, std::uint64_t seed, std::uint64_t limit) {
  dlx::SolverOptions options;
  options.learning = learning;
  struct Search {  // a solver with its own hook
    Encoding encoding;
    dlx::Solver solver;
    Search(Encoding made, std::uint64_t seed, dlx::SolverOptions options)
        : encoding(std::move(made)), solver(encoding.problem, seed, options) {
      if (encoding.hook) solver.set_hook(encoding.hook.get());
      for (const dlx::OptionId o : encoding.assumptions) REQUIRE(solver.assume(o));
    }
  };
  Searched searched;
  Search counter(encode(), seed, options), lister(encode(), seed, options), decider(encode(), seed, options);
  counter.solver.count(limit);
  searched.count = counter.solver.statistics().solutions;
  while ((limit == 0 || searched.count < limit) && lister.solver.next() == dlx::Outcome::solution) {
    std::vector<dlx::OptionId> answer(lister.solver.solution().begin(), lister.solver.solution().end());
    std::sort(answer.begin(), answer.end());
    searched.answers.insert(answer);
  }
  searched.first = decider.solver.next() == dlx::Outcome::solution;
  searched.unique = searched.first && decider.solver.next() == dlx::Outcome::solution ? 2 : searched.first;
  for (const Search* s : {&counter, &lister, &decider}) searched.backjumps += s->solver.statistics().backjumps;
  return searched;
}

namespace {

// A hook, each reason it gives checked as it is made against every answer:
// an option removed for reason R is in no answer that holds R, and a
// refusal's or a failure's R is in no answer. Learning asks for reasons at
// dead ends only; this asks for every one at once.
class ReasonChecker final : public dlx::Hook {
 public:
  ReasonChecker(std::unique_ptr<dlx::Hook> hook, const std::set<std::vector<dlx::OptionId>>& answers, std::size_t options)
      : hook_(std::move(hook)), words_((answers.size() + 63) / 64), holds_(options * words_, 0), all_(words_, 0) {
    std::size_t a = 0;
    for (const auto& answer : answers) {
      for (const dlx::OptionId o : answer) holds_[o * words_ + a / 64] |= std::uint64_t{1} << (a % 64);
      all_[a / 64] |= std::uint64_t{1} << (a % 64);
      ++a;
    }
  }
  bool choose(dlx::OptionId option, const dlx::Remaining& remaining) override {
    const bool ok = hook_->choose(option, remaining);
    if (!ok) check_failure();
    return ok;
  }
  void unchoose(dlx::OptionId option) override { hook_->unchoose(option); }
  [[nodiscard]] bool propagates() const override { return true; }
  bool propagate(const dlx::Remaining& remaining, dlx::Pruner& pruner) override {
    if (!started_) {  // learning's first question starts the record of reasons
      said_.clear();
      dlx::Reason reason(said_, gone_);
      (void)hook_->explain_removal(0, reason);
      started_ = true;
    }
    removals_.clear();
    dlx::Pruner mine(removals_);
    const bool ok = hook_->propagate(remaining, mine);
    for (const dlx::OptionId o : removals_) {
      pruner.remove(o);
      said_.clear();
      gone_.clear();
      dlx::Reason reason(said_, gone_);
      if (!hook_->explain_removal(o, reason)) continue;
      said_.push_back(o);
      check(said_);
    }
    if (!ok) check_failure();
    return ok;
  }
  [[nodiscard]] std::unique_ptr<dlx::Hook> clone() const override { return nullptr; }
  std::uint64_t checked = 0, wrong = 0;

 private:
  void check_failure() {
    said_.clear();
    gone_.clear();
    dlx::Reason reason(said_, gone_);
    if (hook_->explain(reason)) check(said_);
  }
  // No answer holds every option of `options` and none of the reason's gone
  // options (out of the search, so in no answer below).
  void check(const std::vector<dlx::OptionId>& options) {
    ++checked;
    std::vector<std::uint64_t> answers = all_;  // those that hold every option so far
    for (const dlx::OptionId o : options)
      for (std::size_t w = 0; w < words_; ++w) answers[w] &= holds_[o * words_ + w];
    for (const dlx::OptionId o : gone_)
      for (std::size_t w = 0; w < words_; ++w) answers[w] &= ~holds_[o * words_ + w];
    wrong += std::any_of(answers.begin(), answers.end(), [](std::uint64_t word) { return word != 0; });
  }
  std::unique_ptr<dlx::Hook> hook_;
  std::size_t words_;
  std::vector<std::uint64_t> holds_, all_;  // per option, the answers that hold it (a bit each); every answer
  bool started_ = false;
  std::vector<dlx::OptionId> said_, gone_, removals_;
};

}  // namespace

ReasonsChecked check_reasons(Encoding encoding, const std::set<std::vector<dlx::OptionId>>& answers, std::uint64_t seed) {
  REQUIRE(encoding.hook);
  ReasonChecker checker(std::move(encoding.hook), answers, encoding.problem->option_count());
  dlx::SolverOptions options;
  options.learning = dlx::Switch::off;  // the checker asks, not the search
  dlx::Solver solver(encoding.problem, seed, options);
  solver.set_hook(&checker);
  for (const dlx::OptionId o : encoding.assumptions) REQUIRE(solver.assume(o));
  solver.count(0);
  REQUIRE(solver.statistics().solutions == answers.size());
  return {checker.checked, checker.wrong};
}

SmallGraph random_graph(std::mt19937_64& rng, std::size_t n, bool directed, double least, double most) {
  SmallGraph g;
  g.directed = directed;
  g.arc.assign(n, std::vector<bool>(n, false));
  std::ostringstream text;
  for (std::size_t u = 0; u < n; ++u) text << u << ":\n";
  std::bernoulli_distribution coin(least + (most - least) * static_cast<double>(rng() % 100) / 100.0);
  for (std::size_t u = 0; u < n; ++u)
    for (std::size_t v = directed ? 0 : u + 1; v < n; ++v)
      if (u != v && coin(rng)) {
        g.arc[u][v] = true;
        if (!directed) g.arc[v][u] = true;
        text << u << ": " << v << '\n';
      }
  g.text = text.str();
  return g;
}

bool has_hamiltonian_cycle(std::size_t n, const std::vector<std::pair<std::uint32_t, std::uint32_t>>& edges) {
  std::vector<std::vector<std::uint32_t>> adjacent(n);
  for (const auto& [u, v] : edges) adjacent[u].push_back(v), adjacent[v].push_back(u);
  std::vector<bool> on(n, false);
  on[0] = true;
  const auto extend = [&](const auto& self, std::uint32_t at, std::size_t length) -> bool {
    if (length == n) return std::find(adjacent[at].begin(), adjacent[at].end(), 0u) != adjacent[at].end();
    for (const std::uint32_t next : adjacent[at])
      if (!on[next]) {
        on[next] = true;
        if (self(self, next, length + 1)) return true;
        on[next] = false;
      }
    return false;
  };
  return extend(extend, 0, 1);
}

}  // namespace dance::test
