#include "problem.hpp"

#include <sstream>
#include <stdexcept>

#include "dlx/error.hpp"
#include "dlx/knuth_format.hpp"

namespace dance::python {

ReadProblem problem_from_text(const std::string& text) {
  std::istringstream in(text);
  dlx::ReadResult read = dlx::read_knuth(in);
  return {std::make_shared<const dlx::Problem>(std::move(read.problem)), std::move(read.warnings)};
}

namespace {

// A name or token of the lists cannot hold what separates tokens in the
// text, nor begin with '|' (the items line's separator, an option line's
// comment); the reader names the other misplaced '|' and ':'.
void check_token(const std::string& token, const std::string& where) {
  if (token.empty()) throw std::invalid_argument(where + ": an empty name");
  for (const char c : token)
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f')
      throw std::invalid_argument(where + ": " + dlx::quoted(token) + " holds white space");
  if (token.front() == '|')
    throw std::invalid_argument(where + ": an item name " + dlx::quoted(token) +
                                " may not contain ':' or '|' (Knuth's format gives them a meaning)");
}

// What the reader said, without the line and column of text the caller never wrote.
std::string reason(const dlx::ParseError& e) {
  const std::string what = e.what();
  const auto colon = what.find(": ");
  return colon == std::string::npos ? what : what.substr(colon + 2);
}

}  // namespace

ReadProblem problem_from_lists(const std::vector<std::string>& primary, const std::vector<std::string>& secondary,
                               const std::vector<std::vector<std::string>>& options) {
  // One reader of items and options: the lists become Knuth's text, a line an option.
  std::string text;
  for (const std::string& item : primary) {
    check_token(item, "primary item");
    text += item + ' ';
  }
  if (!secondary.empty()) text += "|";
  for (const std::string& item : secondary) {
    check_token(item, "secondary item");
    text += ' ' + item;
  }
  text += '\n';
  for (std::size_t k = 0; k < options.size(); ++k) {
    for (const std::string& token : options[k]) {
      check_token(token, "option " + std::to_string(k));
      text += token + ' ';
    }
    text += '\n';
  }
  try {
    ReadProblem read = problem_from_text(text);
    if (read.problem->option_count() != options.size()) {
      for (std::size_t k = 0; k < options.size(); ++k)
        if (options[k].empty()) throw std::invalid_argument("option " + std::to_string(k) + " is empty");
      throw std::invalid_argument("an option has no primary item, so no solution can hold it");
    }
    return read;
  } catch (const dlx::ParseError& e) {
    if (e.line() == 1) throw std::invalid_argument("items: " + reason(e));
    throw std::invalid_argument("option " + std::to_string(e.line() - 2) + ": " + reason(e));
  }
}

std::string problem_text(const dlx::Problem& problem) {
  std::ostringstream out;
  dlx::write_knuth(out, problem);
  return std::move(out).str();
}

std::vector<std::string> option_names(const dlx::Problem& problem, dlx::OptionId option) {
  if (option >= problem.option_count()) throw std::out_of_range("no option " + std::to_string(option));
  std::vector<std::string> names;
  for (const dlx::Entry& e : problem.option(option)) {
    std::string name = problem.items()[e.item].name;
    if (e.colour != dlx::no_colour) name += ":" + std::string(problem.colour_name(e.colour));
    names.push_back(std::move(name));
  }
  return names;
}

}  // namespace dance::python
