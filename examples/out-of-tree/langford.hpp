// `langford`: Langford pairs. Place two copies of each of 1..n in a row of 2n
// places so that the two k's have k places between them.
//
// Exact cover: each value and each place is a primary item; one option per
// value k and first place p, covering k, p and p + k + 1.
#pragma once

#include "dance/reduction.hpp"

namespace my {

struct LangfordInstance : dance::Instance {
  int pairs = 0;
};

struct LangfordAnswer : dance::Answer {
  std::vector<int> row;  // the value in each place
};

// Option o places value placements[o].value at places placements[o].place
// and place + value + 1 (0-based): what encode() hands to decode().
struct Placement {
  int value, place;
};
using Placements = std::vector<Placement>;

class LangfordReduction final : public dance::TypedReduction<LangfordInstance, LangfordAnswer, Placements> {
 public:
  [[nodiscard]] std::string_view name() const override { return "langford"; }
  [[nodiscard]] std::string_view summary() const override { return "Langford pairs (a reduction built out of dance's tree)"; }
  [[nodiscard]] std::vector<dance::OptionSpec> options() const override;
  [[nodiscard]] std::unique_ptr<dance::InstanceReader> read(std::istream& in,
                                                            const dance::ModelOptions& options) const override;
  [[nodiscard]] dance::Encoding encode(const LangfordInstance& instance) const override;
  [[nodiscard]] std::unique_ptr<LangfordAnswer> decode(const LangfordInstance& instance, const Placements& placements,
                                                       std::span<const dlx::OptionId> solution) const override;
  [[nodiscard]] std::optional<std::string> verify(const LangfordInstance& instance,
                                                  const LangfordAnswer& answer) const override;
  void print(std::ostream& out, const LangfordInstance& instance, const LangfordAnswer& answer) const override;
  void write_json(nlohmann::ordered_json& out, const LangfordInstance& instance, const LangfordAnswer& answer) const override;
};

}  // namespace my
