// Exact cover problems from Python: Knuth's text, or lists of names.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "dlx/problem.hpp"

namespace dance::python {

struct ReadProblem {
  std::shared_ptr<const dlx::Problem> problem;
  std::vector<std::string> warnings;
};

// Knuth's format (dlx/knuth_format.hpp); dlx::ParseError with the line and column.
[[nodiscard]] ReadProblem problem_from_text(const std::string& text);
// Items as Knuth's items line has them ("a", "2:3|b", "x"), options as lists
// of "item" or "item:colour", read by the same reader; a mistake is a
// ValueError (std::invalid_argument) that names the item or the option.
[[nodiscard]] ReadProblem problem_from_lists(const std::vector<std::string>& primary,
                                             const std::vector<std::string>& secondary,
                                             const std::vector<std::vector<std::string>>& options);
// The problem in Knuth's format.
[[nodiscard]] std::string problem_text(const dlx::Problem& problem);
// One option as its items ("x:red" for a coloured one).
[[nodiscard]] std::vector<std::string> option_names(const dlx::Problem& problem, dlx::OptionId option);

}  // namespace dance::python
