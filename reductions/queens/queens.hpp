// `queens`: n queens on an n x n board, none attacking another. The tutorial
// reduction of docs/writing-a-reduction.md: read that first.
//
// Exact cover: every row and every column holds exactly one queen (primary
// items), every diagonal at most one (secondary items); one option per square.
#pragma once

#include "dance/reduction.hpp"

namespace dance::queens {

struct QueensInstance : Instance {
  int n = 0;
};

struct QueensAnswer : Answer {
  std::vector<int> column;  // column[r]: the column of row r's queen
};

class QueensReduction final : public TypedReduction<QueensInstance, QueensAnswer> {
 public:
  [[nodiscard]] std::string_view name() const override { return "queens"; }
  [[nodiscard]] std::string_view summary() const override { return "n queens, none attacking another (the tutorial)"; }
  [[nodiscard]] std::vector<OptionSpec> options() const override;
  [[nodiscard]] std::unique_ptr<InstanceReader> read(std::istream& in, const ModelOptions& options) const override;
  [[nodiscard]] Encoding encode(const QueensInstance& instance) const override;
  [[nodiscard]] std::unique_ptr<QueensAnswer> decode(const QueensInstance& instance,
                                               std::span<const dlx::OptionId> solution) const override;
  [[nodiscard]] std::optional<std::string> verify(const QueensInstance& instance, const QueensAnswer& answer) const override;
  void print(std::ostream& out, const QueensInstance& instance, const QueensAnswer& answer) const override;
  void write_json(nlohmann::ordered_json& out, const QueensInstance& instance, const QueensAnswer& answer) const override;
  [[nodiscard]] std::vector<Writer<QueensInstance, QueensAnswer>> writers() const override;
  [[nodiscard]] std::string text_help() const override { return "each board as rows of '.' and 'Q'"; }
  // A batch of sizes gets one answer for each: a board, or one of these words.
  void print_none(std::ostream& out, const QueensInstance&) const override { out << "none\n"; }
  void print_error(std::ostream& out) const override { out << "error\n"; }
  void print_stopped(std::ostream& out, const QueensInstance&) const override { out << "unknown\n"; }
};

}  // namespace dance::queens
