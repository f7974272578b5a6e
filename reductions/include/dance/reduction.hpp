// The contract of a reduction: a problem family encoded as exact cover.
//
// parse:  instance text -> Instance; malformed text throws dlx::ParseError
//         (line, column, what was expected), never crashes, never guesses.
// encode: Instance -> exact cover problem, options to assume, optional hook.
// decode: the engine's solution -> Answer in the problem's own terms.
// verify: an independent check of an Answer against the Instance, written
//         without the engine; returns what is wrong, or nothing.
// print:  the Answer in the problem's usual notation.
#pragma once

#include <iosfwd>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "dlx/problem.hpp"
#include "dlx/solver.hpp"

namespace dance {

struct Instance {
  virtual ~Instance() = default;
  std::vector<std::string> warnings;  // reported on stderr, the run goes on
};

struct Answer {
  virtual ~Answer() = default;
};

struct Encoding {
  std::shared_ptr<const dlx::Problem> problem;
  std::vector<dlx::OptionId> assumptions;  // forced before the search
  std::unique_ptr<dlx::Hook> hook;         // may be empty
};

class Reduction {
 public:
  virtual ~Reduction() = default;
  [[nodiscard]] virtual std::string_view name() const = 0;
  [[nodiscard]] virtual std::string_view summary() const = 0;
  [[nodiscard]] virtual std::unique_ptr<Instance> parse(std::istream& in) const = 0;
  [[nodiscard]] virtual Encoding encode(const Instance& instance) const = 0;
  [[nodiscard]] virtual std::unique_ptr<Answer> decode(const Instance& instance,
                                                       std::span<const dlx::OptionId> solution) const = 0;
  [[nodiscard]] virtual std::optional<std::string> verify(const Instance& instance,
                                                          const Answer& answer) const = 0;
  virtual void print(std::ostream& out, const Instance& instance, const Answer& answer) const = 0;
};

// Every reduction dance ships, in the order `dance list` shows them.
[[nodiscard]] std::span<const Reduction* const> reductions();
[[nodiscard]] const Reduction* find_reduction(std::string_view name);

}  // namespace dance
