#include "xcc/xcc.hpp"

#include <nlohmann/json.hpp>
#include <ostream>
#include <stdexcept>

namespace dance::xcc {

std::optional<std::string> check_cover(const dlx::Problem& problem, std::span<const dlx::OptionId> options) {
  const auto& items = problem.items();
  std::vector<std::uint32_t> uses(items.size(), 0);
  std::vector<dlx::ColourId> colour(items.size(), dlx::no_colour);
  std::vector<bool> chosen(problem.option_count(), false);
  for (const dlx::OptionId o : options) {
    if (o >= problem.option_count()) return "option " + std::to_string(o) + " does not exist";
    if (chosen[o]) return "option " + std::to_string(o) + " is chosen twice";
    chosen[o] = true;
    for (const dlx::Entry& e : problem.option(o)) {
      const dlx::Item& item = items[e.item];
      ++uses[e.item];
      if (item.primary) continue;
      if (uses[e.item] > 1 && (e.colour == dlx::no_colour || colour[e.item] != e.colour))
        return "secondary item " + item.name + " is used twice without one common colour";
      colour[e.item] = e.colour;
    }
  }
  for (std::size_t i = 0; i < problem.primary_count(); ++i) {
    if (uses[i] < items[i].lo || uses[i] > items[i].hi)
      return "primary item " + items[i].name + " is covered " + std::to_string(uses[i]) + " times, not " +
             std::to_string(items[i].lo) + ".." + std::to_string(items[i].hi);
  }
  return std::nullopt;
}

namespace {
// The whole input is one problem.
class XccReader final : public OneInstanceReader {
 public:
  explicit XccReader(std::istream& in) : in_(in) {}
  std::unique_ptr<Instance> read() override {
    auto read = dlx::read_knuth(in_);
    auto instance = std::make_unique<XccInstance>();
    instance->problem = std::make_shared<const dlx::Problem>(std::move(read.problem));
    instance->warnings = std::move(read.warnings);
    return instance;
  }

 private:
  std::istream& in_;
};
}  // namespace

std::unique_ptr<InstanceReader> XccReduction::read(std::istream& in, const ModelOptions&) const {
  return std::make_unique<XccReader>(in);
}

Encoding XccReduction::encode(const XccInstance& instance) const {
  Encoding encoding;
  encoding.problem = instance.problem;
  return encoding;
}

std::unique_ptr<XccAnswer> XccReduction::decode(const XccInstance&, std::span<const dlx::OptionId> solution) const {
  auto answer = std::make_unique<XccAnswer>();
  answer->options.assign(solution.begin(), solution.end());
  return answer;
}

std::optional<std::string> XccReduction::verify(const XccInstance& instance, const XccAnswer& answer) const {
  return check_cover(*instance.problem,
                     answer.options);
}

void XccReduction::print(std::ostream& out, const XccInstance& instance, const XccAnswer& answer) const {
  const dlx::Problem& problem = *instance.problem;
  for (const dlx::OptionId o : answer.options) {
    dlx::write_option(out, problem, o);
    out << '\n';
  }
}

void XccReduction::write_json(nlohmann::ordered_json& out, const XccInstance& instance, const XccAnswer& answer) const {
  const dlx::Problem& problem = *instance.problem;
  nlohmann::ordered_json options = nlohmann::ordered_json::array();
  for (const dlx::OptionId o : answer.options) {
    std::vector<std::string> items;
    for (const dlx::Entry& e : problem.option(o)) {
      std::string item = problem.items()[e.item].name;
      if (e.colour != dlx::no_colour) item += ":" + std::string(problem.colour_name(e.colour));
      items.push_back(std::move(item));
    }
    options.push_back({{"index", o}, {"items", std::move(items)}});
  }
  out = {{"options", std::move(options)}};
}

}  // namespace dance::xcc
