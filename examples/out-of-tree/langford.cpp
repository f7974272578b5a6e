#include "langford.hpp"

#include <ostream>
#include <string>
#include <utility>

#include "dance/line_reader.hpp"

namespace my {
namespace {

constexpr long most_pairs = 1000;

// The sizes: --pairs N, or one number per line of the input.
class LangfordReader final : public dance::InstanceReader {
 public:
  LangfordReader(std::istream& in, long pairs) : lines_(in), pairs_(pairs) {}
  std::unique_ptr<dance::Instance> next() override {
    auto instance = std::make_unique<LangfordInstance>();
    if (pairs_ != 0) {
      if (std::exchange(done_, true)) return nullptr;
      instance->line = 0;  // from --pairs, not the input
      instance->pairs = static_cast<int>(pairs_);
      return instance;
    }
    const auto line = lines_.next();
    if (!line) return nullptr;
    instance->line = line->number;
    instance->pairs = static_cast<int>(line->whole_number(1, most_pairs, "a number of pairs"));
    return instance;
  }

 private:
  dance::LineReader lines_;
  long pairs_;
  bool done_ = false;
};

// The options in encode()'s order: value k (1-based) from place p.
struct Placement {
  int value, place;
};
std::vector<Placement> placements(int n) {
  std::vector<Placement> all;
  for (int k = 1; k <= n; ++k)
    for (int p = 0; p + k + 1 < 2 * n; ++p) all.push_back({k, p});
  return all;
}

}  // namespace

std::vector<dance::OptionSpec> LangfordReduction::options() const {
  return {{"pairs", "N", "values 1 to N (otherwise the numbers are read from the input, one per line)"}};
}

std::unique_ptr<dance::InstanceReader> LangfordReduction::reader(std::istream& in,
                                                                 const dance::ModelOptions& options) const {
  return std::make_unique<LangfordReader>(in, options.number("pairs", 0, 1, most_pairs));
}

dance::Encoding LangfordReduction::encode(const dance::Instance& instance) const {
  const int n = static_cast<const LangfordInstance&>(instance).pairs;
  dlx::ProblemBuilder b;
  for (int k = 1; k <= n; ++k) b.add_primary("v" + std::to_string(k));
  for (int p = 0; p < 2 * n; ++p) b.add_primary("p" + std::to_string(p + 1));
  const auto id = [](int k) { return static_cast<dlx::ItemId>(k); };
  for (const auto [k, p] : placements(n)) {
    const dlx::Entry entries[] = {{id(k - 1)}, {id(n + p)}, {id(n + p + k + 1)}};
    b.add_option(entries);
  }
  dance::Encoding encoding;
  encoding.problem = std::make_shared<const dlx::Problem>(b.build());
  return encoding;
}

std::unique_ptr<dance::Answer> LangfordReduction::decode(const dance::Instance& instance,
                                                         std::span<const dlx::OptionId> solution) const {
  const int n = static_cast<const LangfordInstance&>(instance).pairs;
  const std::vector<Placement> all = placements(n);
  auto answer = std::make_unique<LangfordAnswer>();
  answer->row.assign(static_cast<std::size_t>(2 * n), 0);
  for (const dlx::OptionId o : solution) {
    const auto [k, p] = all[o];
    answer->row[static_cast<std::size_t>(p)] = answer->row[static_cast<std::size_t>(p + k + 1)] = k;
  }
  return answer;
}

std::optional<std::string> LangfordReduction::verify(const dance::Instance& instance,
                                                     const dance::Answer& answer) const {
  const int n = static_cast<const LangfordInstance&>(instance).pairs;
  const std::vector<int>& row = static_cast<const LangfordAnswer&>(answer).row;
  if (row.size() != static_cast<std::size_t>(2 * n)) return "not 2n places";
  for (int k = 1; k <= n; ++k) {
    std::vector<int> at;
    for (int p = 0; p < 2 * n; ++p)
      if (row[static_cast<std::size_t>(p)] == k) at.push_back(p);
    if (at.size() != 2 || at[1] - at[0] != k + 1) return std::to_string(k) + " is not placed as a Langford pair";
  }
  return std::nullopt;
}

void LangfordReduction::print(std::ostream& out, const dance::Instance&, const dance::Answer& answer) const {
  const std::vector<int>& row = static_cast<const LangfordAnswer&>(answer).row;
  for (std::size_t p = 0; p < row.size(); ++p) out << (p > 0 ? " " : "") << row[p];
  out << '\n';
}

}  // namespace my
