// The contract of a reduction: a problem family encoded as exact cover.
//
// reader: instance text -> Instances, one at a time (a file may hold a batch);
//         a malformed instance throws dlx::ParseError (line, column, what was
//         expected) and the reader goes on with the next one.
// encode: Instance -> exact cover problem, options to assume, optional hook.
// decode: the engine's solution -> Answer in the problem's own terms.
// verify: an independent check of an Answer against the Instance, written
//         without the engine; returns what is wrong, or nothing.
// print:  the Answer in the problem's usual notation.
// puzzle_type: optional, what `dance generate` needs (dance/puzzle_type.hpp).
#pragma once

#include <initializer_list>
#include <iosfwd>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "dance/puzzle_type.hpp"
#include "dlx/problem.hpp"
#include "dlx/solver.hpp"

namespace dance {

struct Instance {
  virtual ~Instance() = default;
  std::size_t line = 1;               // where it starts in the input, for messages; 0: given by options alone
  std::vector<std::string> warnings;  // reported on stderr, the run goes on
};

struct Answer {
  virtual ~Answer() = default;
};

struct Encoding {
  // The same problem object for instances of one shape, so that one solver
  // serves them all: only the assumptions change.
  std::shared_ptr<const dlx::Problem> problem;
  std::vector<dlx::OptionId> assumptions;  // forced before the search
  std::unique_ptr<dlx::Hook> hook;         // may be empty
  dlx::SolverOptions heuristics;           // the engine's heuristics this problem asks for (else automatic)
  // Whether the hook only cuts off subtrees that hold no solution (a bound):
  // then the problem alone has the same solutions, and emit can say so.
  bool hook_is_bound = false;
  // Set when the instance is contradictory on its face (two equal clues in a
  // row): no search is needed, and this says why.
  std::optional<std::string> contradiction;
};

// The encoding of an instance without solutions on its face, and why: one
// item that no option covers, so that what emit writes counts 0 too.
[[nodiscard]] Encoding contradiction(std::string why);

// A command-line option that a reduction adds: --name, or --name ARGUMENT.
// The CLI parses it, lists it under the reduction in --help, and refuses it
// for every other reduction.
struct OptionSpec {
  std::string name;      // without the dashes: "box", or "k,k" for --k and -k
  std::string argument;  // what the value looks like: "RxC"; empty for a switch
  std::string help;
  // The name ModelOptions knows it by: the part before a comma.
  [[nodiscard]] std::string long_name() const { return name.substr(0, name.find(',')); }
};

// "AxB" (or "AXB") as two whole numbers, each in [lo, hi]; nothing when the
// text is no such size. The one parser of sizes (--knight, --size, --box).
[[nodiscard]] std::optional<std::pair<long, long>> parse_dimensions(std::string_view text, long lo, long hi);

// The values given for a reduction's own options.
class ModelOptions {
 public:
  // Records --name VALUE (a switch has the value "").
  ModelOptions& set(std::string name, std::string value = "");
  [[nodiscard]] bool has(std::string_view name) const;
  // The value given, or "" when the option was not given.
  [[nodiscard]] std::string text(std::string_view name) const;
  // The value as a whole number in [lo, hi], or `fallback` when not given;
  // std::invalid_argument names the option otherwise.
  [[nodiscard]] long number(std::string_view name, long fallback, long lo, long hi) const;
  // The value as parse_dimensions() reads it, or `fallback` when not given;
  // std::invalid_argument names the option and `shape` ("WxH", "RxC") otherwise.
  [[nodiscard]] std::pair<long, long> dimensions(std::string_view name, std::string_view shape,
                                                 std::pair<long, long> fallback, long lo, long hi) const;
  // The value if it is one of `choices`, "" when not given;
  // std::invalid_argument names the option and the choices otherwise.
  [[nodiscard]] std::string choice(std::string_view name, std::initializer_list<std::string_view> choices) const;

 private:
  std::map<std::string, std::string, std::less<>> values_;
};

// Instances from one input, in order.
class InstanceReader {
 public:
  virtual ~InstanceReader() = default;
  // The next instance, or nullptr at the end. A malformed instance throws
  // dlx::ParseError after its text has been consumed, so reading can go on.
  [[nodiscard]] virtual std::unique_ptr<Instance> next() = 0;
};

// The base of a reader whose input holds one instance (a graph, a problem
// in Knuth's format): read() makes it on the first call of next(), and
// next() says the end after.
class OneInstanceReader : public InstanceReader {
 public:
  [[nodiscard]] std::unique_ptr<Instance> next() final { return std::exchange(done_, true) ? nullptr : read(); }

 protected:
  [[nodiscard]] virtual std::unique_ptr<Instance> read() = 0;

 private:
  bool done_ = false;
};

class Reduction {
 public:
  virtual ~Reduction() = default;
  [[nodiscard]] virtual std::string_view name() const = 0;
  [[nodiscard]] virtual std::string_view summary() const = 0;
  // The reduction's own command-line options (ModelOptions carries their values).
  [[nodiscard]] virtual std::vector<OptionSpec> options() const { return {}; }
  [[nodiscard]] virtual std::unique_ptr<InstanceReader> reader(std::istream& in,
                                                               const ModelOptions& options) const = 0;
  [[nodiscard]] virtual Encoding encode(const Instance& instance) const = 0;
  [[nodiscard]] virtual std::unique_ptr<Answer> decode(const Instance& instance,
                                                       std::span<const dlx::OptionId> solution) const = 0;
  [[nodiscard]] virtual std::optional<std::string> verify(const Instance& instance,
                                                          const Answer& answer) const = 0;
  virtual void print(std::ostream& out, const Instance& instance, const Answer& answer) const = 0;
  // Whether the output has one line (or grid) per instance, lining up with a
  // batch input: then every instance gets an answer, print_none() or
  // print_error(), and -n 0 asks for the number of solutions.
  [[nodiscard]] virtual bool aligned_output() const { return false; }
  virtual void print_none(std::ostream&, const Instance&) const {}
  virtual void print_error(std::ostream&) const {}
  // What stands for an answer that a limit stopped the search before
  // finding: neither a solution nor print_none()'s "there is none".
  virtual void print_stopped(std::ostream&, const Instance&) const {}
  // Optimisation as a sequence of decision problems (clique --max): whether
  // this instance starts such a sequence, and the instance to solve after
  // `tried` given the answer found for it (nullptr: none), or nullptr when
  // the sequence is over. The CLI solves each for a first solution and
  // prints the last answer found.
  [[nodiscard]] virtual bool optimises(const Instance&) const { return false; }
  [[nodiscard]] virtual std::unique_ptr<Instance> next_step(const Instance&, const Answer*) const { return nullptr; }
  // The generator's interface to this family (`dance generate NAME`), or
  // nullptr when it has none. Throws std::invalid_argument for options that
  // give no puzzle (a size with no box shape).
  [[nodiscard]] virtual std::unique_ptr<PuzzleType> puzzle_type(const ModelOptions&) const { return nullptr; }
};

// Every reduction dance ships, in the order `dance list` shows them, then
// those added by add_reduction().
[[nodiscard]] std::span<const Reduction* const> reductions();
[[nodiscard]] const Reduction* find_reduction(std::string_view name);
// Adds a reduction of a program's own (dance/cli.hpp), which must outlive
// every use; before any search, from one thread. Throws std::invalid_argument
// when its name is taken.
void add_reduction(const Reduction& reduction);

}  // namespace dance
