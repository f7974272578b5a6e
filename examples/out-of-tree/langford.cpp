#include "langford.hpp"

#include <nlohmann/json.hpp>
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

}  // namespace

std::vector<dance::OptionSpec> LangfordReduction::options() const {
  return {dance::OptionSpec::integer("pairs", "N", 1, most_pairs,
                                     "values 1 to N (otherwise the numbers are read from the input, one per line)")};
}

std::unique_ptr<dance::InstanceReader> LangfordReduction::read(std::istream& in, const dance::ModelOptions& options) const {
  return std::make_unique<LangfordReader>(in, options.number("pairs", 0));
}

dance::Encoding LangfordReduction::encode(const LangfordInstance& instance) const {
  const int n = instance.pairs;
  dlx::ProblemBuilder b;
  for (int k = 1; k <= n; ++k) b.add_primary("v" + std::to_string(k));
  for (int p = 0; p < 2 * n; ++p) b.add_primary("p" + std::to_string(p + 1));
  Placements placements;  // option ids in the order the options are added
  for (int k = 1; k <= n; ++k) {
    for (int p = 0; p + k + 1 < 2 * n; ++p) {
      const dlx::Entry entries[] = {{dlx::ItemId(k - 1)}, {dlx::ItemId(n + p)}, {dlx::ItemId(n + p + k + 1)}};
      b.add_option(entries);
      placements.push_back({k, p});
    }
  }
  dance::Encoding encoding;
  encoding.problem = std::make_shared<const dlx::Problem>(b.build());
  keep(encoding, std::move(placements));
  return encoding;
}

std::unique_ptr<LangfordAnswer> LangfordReduction::decode(const LangfordInstance& instance, const Placements& placements,
                                                          std::span<const dlx::OptionId> solution) const {
  auto answer = std::make_unique<LangfordAnswer>();
  answer->row.assign(static_cast<std::size_t>(2 * instance.pairs), 0);
  for (const dlx::OptionId o : solution) {
    const auto [k, p] = placements[o];
    answer->row[static_cast<std::size_t>(p)] = answer->row[static_cast<std::size_t>(p + k + 1)] = k;
  }
  return answer;
}

std::optional<std::string> LangfordReduction::verify(const LangfordInstance& instance, const LangfordAnswer& answer) const {
  const int n = instance.pairs;
  const std::vector<int>& row = answer.row;
  if (row.size() != static_cast<std::size_t>(2 * n)) return "not 2n places";
  for (int k = 1; k <= n; ++k) {
    std::vector<int> at;
    for (int p = 0; p < 2 * n; ++p)
      if (row[static_cast<std::size_t>(p)] == k) at.push_back(p);
    if (at.size() != 2 || at[1] - at[0] != k + 1) return std::to_string(k) + " is not placed as a Langford pair";
  }
  return std::nullopt;
}

void LangfordReduction::print(std::ostream& out, const LangfordInstance&, const LangfordAnswer& answer) const {
  for (std::size_t p = 0; p < answer.row.size(); ++p) out << (p > 0 ? " " : "") << answer.row[p];
  out << '\n';
}

void LangfordReduction::write_json(nlohmann::ordered_json& out, const LangfordInstance&, const LangfordAnswer& answer) const {
  out = {{"row", answer.row}};
}

}  // namespace my
