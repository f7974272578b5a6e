#include "commands.hpp"

#include <fstream>
#include <iostream>

#include "dance/reduction.hpp"
#include "dlx/error.hpp"
#include "dlx/knuth_format.hpp"

namespace dance::cli {
namespace {

int list(std::ostream& out) {
  for (const Reduction* r : reductions()) out << r->name() << "\t" << r->summary() << '\n';
  return exit_status::found;
}

// The reason a search stopped early, as a user reads it.
int report_stop(dlx::Outcome outcome, std::ostream& err) {
  err << "dance: stopped by " << dlx::to_string(outcome) << " before the search was complete\n";
  return exit_status::stopped;
}

int search(const Settings& s, const Reduction& reduction, const Instance& instance, Encoding& encoding,
           const std::atomic<bool>& interrupt, std::ostream& out, std::ostream& err) {
  dlx::Solver solver(encoding.problem, s.seed);
  solver.set_limits(dlx::Limits{s.node_limit, s.time_limit, &interrupt});
  if (encoding.hook) solver.set_hook(encoding.hook.get());
  for (const dlx::OptionId o : encoding.assumptions) {
    if (!solver.assume(o)) {
      if (!s.quiet) err << "dance: no solution: the given options clash\n";
      return exit_status::none;
    }
  }
  const auto finish = [&](int status) {
    if (s.stats) err << "algorithm " << solver.algorithm() << ": " << solver.statistics() << '\n';
    return status;
  };

  if (s.count) {
    const dlx::Outcome outcome = solver.count();
    const auto n = solver.statistics().solutions;
    out << n << '\n';
    if (outcome != dlx::Outcome::exhausted) {
      err << "dance: the count is a lower bound\n";
      return finish(report_stop(outcome, err));
    }
    return finish(n > 0 ? exit_status::found : exit_status::none);
  }

  std::uint64_t printed = 0;
  dlx::Outcome outcome = dlx::Outcome::exhausted;
  while (s.solutions == 0 || printed < s.solutions) {
    outcome = solver.next();
    if (outcome != dlx::Outcome::solution) break;
    const auto answer = reduction.decode(instance, solver.solution());
    if (s.verify) {
      if (const auto wrong = reduction.verify(instance, *answer)) {
        err << "dance: internal error: answer " << printed + 1 << " fails verification: " << *wrong << '\n';
        return finish(exit_status::error);
      }
    }
    if (!s.quiet) {
      if (printed > 0) out << '\n';
      reduction.print(out, instance, *answer);
      out.flush();
    }
    ++printed;
  }
  if (printed > 0) return finish(exit_status::found);
  if (outcome == dlx::Outcome::exhausted) {
    if (!s.quiet) err << "dance: no solution\n";
    return finish(exit_status::none);
  }
  return finish(report_stop(outcome, err));
}

}  // namespace

int run(const Settings& s, const std::atomic<bool>& interrupt, std::ostream& out, std::ostream& err) {
  if (s.command == "list") return list(out);
  const Reduction& reduction = *find_reduction(s.reduction);
  std::ifstream file;
  if (s.input != "-") {
    file.open(s.input);
    if (!file) {
      err << "dance: cannot open '" << s.input << "'\n";
      return exit_status::error;
    }
  }
  std::istream& in = s.input == "-" ? std::cin : file;
  const std::string source = s.input == "-" ? "<stdin>" : s.input;
  try {
    const auto instance = reduction.parse(in);
    for (const std::string& w : instance->warnings) err << "dance: " << source << ": warning: " << w << '\n';
    Encoding encoding = reduction.encode(*instance);
    if (s.command == "emit") {
      dlx::write_knuth(out, *encoding.problem);
      return exit_status::found;
    }
    return search(s, reduction, *instance, encoding, interrupt, out, err);
  } catch (const dlx::ParseError& e) {
    err << "dance: " << source << ": " << e.what() << '\n';
  } catch (const dlx::BuildError& e) {
    err << "dance: " << source << ": " << e.what() << '\n';
  }
  return exit_status::error;
}

}  // namespace dance::cli
