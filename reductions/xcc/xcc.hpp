// `xcc`: Knuth's exact cover text format passed straight to the engine.
#pragma once

#include "dance/reduction.hpp"
#include "dlx/knuth_format.hpp"

namespace dance::xcc {

struct XccInstance : Instance {
  std::shared_ptr<const dlx::Problem> problem;
};

struct XccAnswer : Answer {
  std::vector<dlx::OptionId> options;
};

// Whether `options` is an exact cover of `problem`: each primary item used
// within its bounds, each secondary item at most once or always in one colour.
// Counts directly from the option lists; shares nothing with the engine.
std::optional<std::string> check_cover(const dlx::Problem& problem, std::span<const dlx::OptionId> options);

class XccReduction final : public TypedReduction<XccInstance, XccAnswer> {
 public:
  [[nodiscard]] std::string_view name() const override { return "xcc"; }
  [[nodiscard]] std::string_view summary() const override {
    return "exact cover with colours and multiplicities, in Knuth's DLX text format";
  }
  [[nodiscard]] std::unique_ptr<InstanceReader> read(std::istream& in, const ModelOptions& options) const override;
  [[nodiscard]] Encoding encode(const XccInstance& instance) const override;
  [[nodiscard]] std::unique_ptr<XccAnswer> decode(const XccInstance& instance,
                                               std::span<const dlx::OptionId> solution) const override;
  [[nodiscard]] std::optional<std::string> verify(const XccInstance& instance, const XccAnswer& answer) const override;
  void print(std::ostream& out, const XccInstance& instance, const XccAnswer& answer) const override;
  void write_json(nlohmann::ordered_json& out, const XccInstance& instance, const XccAnswer& answer) const override;
  [[nodiscard]] std::string text_help() const override { return "each option chosen on a line, as the input writes it"; }
};

}  // namespace dance::xcc
