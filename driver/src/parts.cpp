// --resume's parts: read from a file that split wrote, checked against the
// problem they were cut from.
#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

#include "dance/driver.hpp"
#include "dlx/error.hpp"

namespace dance {

std::vector<dlx::Subproblem> read_parts(const std::string& spec, const Encoding& encoding) {
  std::string file = spec;
  std::size_t from = 1, to = SIZE_MAX;
  const auto colon = spec.rfind(':');
  if (colon != std::string::npos) {
    const std::string range = spec.substr(colon + 1);
    const auto dash = range.find('-');
    try {
      std::size_t used = 0;
      from = std::stoul(range.substr(0, dash), &used);
      if (used != dash && dash != std::string::npos) throw std::invalid_argument(range);
      to = dash == std::string::npos ? from : std::stoul(range.substr(dash + 1), &used);
    } catch (const std::logic_error&) {
      throw ResumeError(" " + spec + ": expected FILE or FILE:FROM-TO with line numbers");
    }
    if (from == 0 || to < from) throw ResumeError(" " + spec + ": lines are numbered from 1, FROM <= TO");
    file = spec.substr(0, colon);
  }
  std::ifstream in(file);
  if (!in) throw ResumeError(": cannot open '" + file + "'");
  const std::size_t option_count = encoding.problem->option_count();
  std::vector<dlx::Subproblem> parts;
  std::string line;
  try {
    std::getline(in, line);  // empty when the file is
    dlx::check_parts_header(line, dlx::fingerprint(*encoding.problem, encoding.assumptions));
    for (std::size_t number = 2; number <= to && std::getline(in, line); ++number)
      if (number >= from) parts.push_back(dlx::read_subproblem(line, number, option_count));
  } catch (const dlx::ParseError& e) {
    throw ResumeError(" " + file + ": " + e.what());
  }
  // A header alone is a problem without solutions (split wrote no part); a range past the parts is a mistake.
  if (parts.empty() && colon != std::string::npos)
    throw ResumeError(" " + spec + ": no parts on those lines");
  return parts;
}

}  // namespace dance
