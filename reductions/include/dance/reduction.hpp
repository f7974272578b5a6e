// The contract of a reduction: a problem family encoded as exact cover.
//
// reader: instance text -> Instances, one at a time (a file may hold a batch);
//         a malformed instance throws dlx::ParseError (line, column, what was
//         expected) and the reader goes on with the next one.
// encode: Instance -> exact cover problem, options to assume, optional hook.
// decode: the engine's solution -> Answer in the problem's own terms, with
//         what encode kept for it.
// verify: an independent check of an Answer against the Instance, written
//         without the engine; returns what is wrong, or nothing.
// print:  the Answer in the problem's usual notation (the "text" format).
// write_json: the Answer as a JSON value (the "json" format, docs/json.md).
// writers: formats of its own (svg, grid, ...), dance/presenter.hpp.
// puzzle_type: optional, what `dance generate` needs (dance/puzzle_type.hpp).
#pragma once

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <iosfwd>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "dance/presenter.hpp"
#include "dance/puzzle_type.hpp"
#include "dlx/error.hpp"
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
  std::vector<std::string> option_labels;  // emit: per option, an item naming it where its items do not (else empty)
  std::unique_ptr<dlx::Hook> hook;         // may be empty
  dlx::SolverOptions heuristics;           // the engine's heuristics this problem asks for (else automatic)
  // How a first solution is searched for when the run names no strategy (no --restarts).
  struct Strategy {
    // 0: one search in the given order. N: a portfolio in one thread, that
    // search and beside it one that restarts in a fresh random order after
    // N, N, 2N, N, N, 2N, 4N ... nodes (Luby), each given the same nodes in
    // turn, the first to answer wins: each instance costs about twice its
    // better strategy (a whole tree for a proof of none, restarts for a
    // first answer hidden behind an unlucky subtree).
    std::uint64_t portfolio_restarts = 0;
  } strategy;
  // Whether the hook only cuts off subtrees that hold no solution (a bound):
  // then the problem alone has the same solutions, and emit can say so.
  bool hook_is_bound = false;
  // What encode() hands to decode() (TypedReduction::keep), or nothing.
  std::shared_ptr<const void> kept;
  // Set when the instance is contradictory on its face (two equal clues in a
  // row): no search is needed, and this says why.
  std::optional<std::string> contradiction;
  // Branch and bound, for an instance that optimises (clique --max): the
  // solutions are answers, an answer's size being its options, every one of
  // which covers primary item `item` once. The driver asks the search for
  // answers larger than `start` (found without search: a greedy clique;
  // may be empty), and after each solution of s options for more than s, by
  // raising the item's lower bound (dlx::Solver::raise_lower_bound, which a
  // bound hook reads), the same search going on: its last solution is the
  // largest, none larger than the item's hi.
  struct Improving {
    dlx::ItemId item = 0;
    std::vector<dlx::OptionId> start;
  };
  std::optional<Improving> improving;
};

// The encoding of an instance without solutions on its face, and why: one
// item that no option covers, so that what emit writes counts 0 too.
[[nodiscard]] Encoding contradiction(std::string why);

// A command-line option that a reduction adds: --name, or --name ARGUMENT.
// The command line parses it, lists it under the reduction in --help, and
// refuses it for every other reduction (dance serve takes it as options.NAME,
// Python as a keyword); Reduction::reader() and puzzle_type() check its
// value against its kind (check()) before the reduction sees it.
struct OptionSpec {
  enum class Kind { flag, integer, dimensions, choice, text };
  std::string name;      // without the dashes: "box", or "k,k" for --k and -k
  std::string argument;  // what the value looks like: "RxC", "line|grid"; empty for a flag
  std::string help;
  Kind kind = Kind::flag;
  long lo = 0, hi = 0;               // integer: its range; dimensions: each side's
  std::vector<std::string> choices;  // choice: the values allowed
  bool makes_instance = false;       // given, the option is the instance (--knight, --size): no input is read

  // This spec, marked as one that makes the instance.
  [[nodiscard]] OptionSpec making_instance() && {
    makes_instance = true;
    return std::move(*this);
  }

  [[nodiscard]] static OptionSpec flag(std::string name, std::string help);
  [[nodiscard]] static OptionSpec integer(std::string name, std::string argument, long lo, long hi, std::string help);
  // "AxB" (parse_dimensions), each side in [lo, hi].
  [[nodiscard]] static OptionSpec dimensions(std::string name, std::string argument, long lo, long hi, std::string help);
  [[nodiscard]] static OptionSpec choice(std::string name, std::vector<std::string> choices, std::string help);
  [[nodiscard]] static OptionSpec text(std::string name, std::string argument, std::string help);

  // The name ModelOptions knows it by: the part before a comma.
  [[nodiscard]] std::string long_name() const { return name.substr(0, name.find(',')); }
  // What is wrong with `value` for this option, said after its name (" takes no value; found 'x'"); nothing when it is fine.
  [[nodiscard]] std::optional<std::string> check(std::string_view value) const;
};

// Words as a list: "auto, on or off".
[[nodiscard]] std::string listed(const std::vector<std::string_view>& words);
[[nodiscard]] std::string listed(const std::vector<std::string>& words);

// An option of a reduction as the command line writes it: -k for a one-letter name, --box for others.
[[nodiscard]] std::string option_word(std::string_view name);

// A message about options, the options kept as data: each face names them
// its own way (--to, options.to, to=). A part is text, or an option's name.
struct MessagePart {
  std::string text;
  bool option = false;  // text is an option's name ("to", "node-limit")
};
using OptionNamer = std::function<std::string(std::string_view name)>;
[[nodiscard]] std::string worded(const std::vector<MessagePart>& parts, const OptionNamer& name);
[[nodiscard]] inline MessagePart option_named(std::string name) { return {std::move(name), true}; }

// What an error whose message names options keeps of it: the message as
// parts, the end of what() (which names the options as the command line does).
class NamesOptions {
 public:
  explicit NamesOptions(std::vector<MessagePart> parts) : parts_(std::move(parts)) {}
  virtual ~NamesOptions() = default;
  [[nodiscard]] const std::vector<MessagePart>& parts() const { return parts_; }

 private:
  std::vector<MessagePart> parts_;
};
// The parts an exception keeps, when it is one that names options; else none.
[[nodiscard]] std::vector<MessagePart> parts_of(const std::exception& e);

// An option's value (or a mix of options) that the input cannot take.
class OptionError : public std::invalid_argument, public NamesOptions {
 public:
  explicit OptionError(std::vector<MessagePart> parts)
      : std::invalid_argument(worded(parts, option_word)), NamesOptions(std::move(parts)) {}
};

// Input that does not read, with a hint that names an option ("give --box 3x3").
class HintedParseError : public dlx::ParseError, public NamesOptions {
 public:
  HintedParseError(std::size_t line, std::size_t column, std::vector<MessagePart> parts)
      : dlx::ParseError(line, column, worded(parts, option_word)), NamesOptions(std::move(parts)) {}
};

// "AxB" (or "AXB") as two whole numbers, each in [lo, hi]; nothing when the
// text is no such size. The one parser of sizes (--knight, --size, --box).
[[nodiscard]] std::optional<std::pair<long, long>> parse_dimensions(std::string_view text, long lo, long hi);

// The values given for a reduction's own options. The accessors convert a
// value that OptionSpec::check() has passed; given a value it would refuse,
// they throw std::invalid_argument naming the option.
class ModelOptions {
 public:
  // Records --name VALUE (a flag has the value "").
  ModelOptions& set(std::string name, std::string value = "");
  [[nodiscard]] bool has(std::string_view name) const;
  // The value given, or "" when the option was not given.
  [[nodiscard]] std::string text(std::string_view name) const;
  // An integer option's value, or `fallback` when not given.
  [[nodiscard]] long number(std::string_view name, long fallback) const;
  // A dimensions option's value, or `fallback` when not given.
  [[nodiscard]] std::pair<long, long> dimensions(std::string_view name, std::pair<long, long> fallback) const;
  // Throws std::invalid_argument for the first value that its spec refuses.
  void check(std::span<const OptionSpec> specs) const;

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

// The interface the driver (for every face), the generator and the tests use. A reduction is
// written as a TypedReduction (below), which implements it without a cast.
class Reduction {
 public:
  virtual ~Reduction() = default;
  [[nodiscard]] virtual std::string_view name() const = 0;
  [[nodiscard]] virtual std::string_view summary() const = 0;
  // The reduction's own command-line options (ModelOptions carries their values).
  [[nodiscard]] virtual std::vector<OptionSpec> options() const { return {}; }
  // Whether one of options() has this long name ("size").
  [[nodiscard]] bool has_option(std::string_view long_name) const;
  // The instances of `in`, after the options pass their specs; throws
  // std::invalid_argument naming an option that does not, or a wrong mix.
  [[nodiscard]] std::unique_ptr<InstanceReader> reader(std::istream& in, const ModelOptions& options) const;
  // The generator's interface to this family (`dance generate NAME`), or
  // nullptr when it has none; throws as reader() does, and for options that
  // give no puzzle (a size with no box shape).
  // Its puzzles are written as text by the type, in other formats by the
  // presenters (Presenter::puzzle): the type never sees the format.
  [[nodiscard]] std::unique_ptr<PuzzleType> puzzle_type(const ModelOptions& options) const;
  // The formats dance generate writes this family's puzzles in: text, those
  // of its own whose presenters draw puzzles, json.
  [[nodiscard]] std::vector<std::string> puzzle_formats() const;
  // encode may run on several threads at once (a batch under -j): it keeps
  // nothing in the reduction; what decode needs travels in the Encoding.
  [[nodiscard]] virtual Encoding encode(const Instance& instance) const = 0;
  // `encoding` is what encode() gave for this instance.
  [[nodiscard]] virtual std::unique_ptr<Answer> decode(const Instance& instance, const Encoding& encoding,
                                                       std::span<const dlx::OptionId> solution) const = 0;
  [[nodiscard]] virtual std::optional<std::string> verify(const Instance& instance, const Answer& answer) const = 0;
  virtual void print(std::ostream& out, const Instance& instance, const Answer& answer) const = 0;
  // The answer as a JSON value (docs/json.md; docs/schemas/NAME.json): by
  // default the text print() writes, as a string. json_of() returns it.
  virtual void write_json(nlohmann::ordered_json& out, const Instance& instance, const Answer& answer) const;
  [[nodiscard]] nlohmann::ordered_json json_of(const Instance& instance, const Answer& answer) const;
  // The output formats, the default first: "text", the reduction's own,
  // "json". The writers of one; an unknown name throws std::invalid_argument
  // naming the formats there are.
  [[nodiscard]] std::vector<Format> formats() const;
  [[nodiscard]] std::unique_ptr<Presenter> presenter(std::string_view format) const;
  // What "text" is for this reduction, for --help.
  [[nodiscard]] virtual std::string text_help() const { return "its usual notation"; }
  // Whether the output has one line (or grid) per instance, lining up with a
  // batch input: then every instance gets an answer, print_none() or
  // print_error().
  [[nodiscard]] virtual bool aligned_output() const { return false; }
  // Whether an answer is one line of a batch's output (sudoku's): then -n 0
  // asks for the number of solutions, which keeps to one line too; a grid
  // puzzle's -n 0 prints every answer, as -n 2 prints two.
  [[nodiscard]] virtual bool one_line_answers() const { return false; }
  virtual void print_none(std::ostream& out, const Instance& instance) const = 0;
  virtual void print_error(std::ostream&) const {}
  // What stands for an answer that a limit stopped the search before
  // finding: neither a solution nor print_none()'s "there is none".
  virtual void print_stopped(std::ostream& out, const Instance& instance) const = 0;
  // Optimisation (clique --max, hamilton --longest): whether this instance
  // asks for a best answer. Its encoding is one branch and bound search
  // (Encoding::improving), or else the first of a sequence of decision
  // problems: next_step() gives the instance to solve after `tried` given
  // the answer found for it (nullptr: none), or nullptr when the sequence is
  // over. The driver (Session) solves each for a first solution and hands
  // on the last answer found.
  [[nodiscard]] virtual bool optimises(const Instance& instance) const = 0;
  [[nodiscard]] virtual std::unique_ptr<Instance> next_step(const Instance& tried, const Answer* found) const = 0;

 protected:
  // What reader() and puzzle_type() give once the options are checked.
  [[nodiscard]] virtual std::unique_ptr<InstanceReader> read(std::istream& in, const ModelOptions& options) const = 0;
  [[nodiscard]] virtual std::unique_ptr<PuzzleType> make_puzzle_type(const ModelOptions&) const {
    return nullptr;
  }
  // The formats of the reduction's own, between "text" and "json", and the writers of one of them (else nullptr).
  [[nodiscard]] virtual std::vector<Format> own_formats() const { return {}; }
  [[nodiscard]] virtual std::unique_ptr<Presenter> own_presenter(std::string_view) const { return nullptr; }
};

namespace detail {
// decode, typed: with what encode() kept for it (Kept), or with nothing (void).
template <class I, class A, class Kept>
class TypedDecode : public Reduction {
 public:
  [[nodiscard]] virtual std::unique_ptr<A> decode(const I& instance, const Kept& kept,
                                                  std::span<const dlx::OptionId> solution) const = 0;
  [[nodiscard]] std::unique_ptr<Answer> decode(const Instance& instance, const Encoding& encoding,
                                               std::span<const dlx::OptionId> solution) const final {
    if (!encoding.kept) throw std::logic_error(std::string(name()) + ": decode() needs the Encoding that encode() made");
    return decode(static_cast<const I&>(instance), *static_cast<const Kept*>(encoding.kept.get()), solution);
  }

 protected:
  // Hands `kept` to decode() with the encoding.
  static void keep(Encoding& encoding, Kept kept) { encoding.kept = std::make_shared<const Kept>(std::move(kept)); }
};

template <class I, class A>
class TypedDecode<I, A, void> : public Reduction {
 public:
  [[nodiscard]] virtual std::unique_ptr<A> decode(const I& instance, std::span<const dlx::OptionId> solution) const = 0;
  [[nodiscard]] std::unique_ptr<Answer> decode(const Instance& instance, const Encoding&,
                                               std::span<const dlx::OptionId> solution) const final {
    return decode(static_cast<const I&>(instance), solution);
  }
};
}  // namespace detail

// One output format of a TypedReduction beyond "text" and "json": its
// answer writer, what stands for no answer (empty: as "text" writes it),
// and its drawing of a generated puzzle with or without its solution
// (empty: the format draws no puzzles).
template <class I, class A>
struct Writer {
  using Answers = std::function<void(std::ostream&, const I&, const A&)>;
  using Words = std::function<void(std::ostream&, const I&)>;
  using Puzzles = std::function<void(std::ostream&, const I&, const A*)>;
  Writer(std::string name_, std::string help_, Answers answer_, Words none_ = nullptr, Words stopped_ = nullptr,
         Puzzles puzzle_ = nullptr)
      : name(std::move(name_)), help(std::move(help_)), answer(std::move(answer_)), none(std::move(none_)),
        stopped(std::move(stopped_)), puzzle(std::move(puzzle_)) {}
  std::string name;
  std::string help;
  Answers answer;
  Words none, stopped;
  Puzzles puzzle;
};

// A reduction of instances I (a subclass of Instance, made by its reader)
// to answers A (a subclass of Answer). It overrides the typed functions
// below and never casts: the casts to I and A are here, once. With Kept,
// encode() hands a value to decode() through keep() (say, which option
// stands for what, when that is no arithmetic).
template <class I, class A, class Kept = void>
class TypedReduction : public detail::TypedDecode<I, A, Kept> {
  static_assert(std::is_base_of_v<Instance, I> && std::is_base_of_v<Answer, A>);

 public:
  [[nodiscard]] virtual Encoding encode(const I& instance) const = 0;
  [[nodiscard]] virtual std::optional<std::string> verify(const I& instance, const A& answer) const = 0;
  virtual void print(std::ostream& out, const I& instance, const A& answer) const = 0;
  // The answer as a JSON value into `out` (a sudoku's rows of numbers, a path's vertices).
  virtual void write_json(nlohmann::ordered_json& out, const I& instance, const A& answer) const = 0;
  // The formats of its own (svg, grid, ...), each one Writer.
  [[nodiscard]] virtual std::vector<Writer<I, A>> writers() const { return {}; }
  virtual void print_none(std::ostream&, const I&) const {}
  virtual void print_stopped(std::ostream&, const I&) const {}
  [[nodiscard]] virtual bool optimises(const I&) const { return false; }
  [[nodiscard]] virtual std::unique_ptr<I> next_step(const I&, const A*) const { return nullptr; }

  [[nodiscard]] Encoding encode(const Instance& instance) const final { return encode(as(instance)); }
  [[nodiscard]] std::optional<std::string> verify(const Instance& instance, const Answer& answer) const final {
    return verify(as(instance), static_cast<const A&>(answer));
  }
  void print(std::ostream& out, const Instance& instance, const Answer& answer) const final {
    print(out, as(instance), static_cast<const A&>(answer));
  }
  void write_json(nlohmann::ordered_json& out, const Instance& instance, const Answer& answer) const final {
    write_json(out, as(instance), static_cast<const A&>(answer));
  }
  void print_none(std::ostream& out, const Instance& instance) const final { print_none(out, as(instance)); }
  void print_stopped(std::ostream& out, const Instance& instance) const final { print_stopped(out, as(instance)); }
  [[nodiscard]] bool optimises(const Instance& instance) const final { return optimises(as(instance)); }
  [[nodiscard]] std::unique_ptr<Instance> next_step(const Instance& tried, const Answer* found) const final {
    return next_step(as(tried), static_cast<const A*>(found));
  }

 protected:
  [[nodiscard]] std::vector<Format> own_formats() const final {
    std::vector<Format> all;
    for (const Writer<I, A>& w : writers()) all.push_back({w.name, w.help});
    return all;
  }
  [[nodiscard]] std::unique_ptr<Presenter> own_presenter(std::string_view format) const final {
    for (Writer<I, A>& w : writers())
      if (w.name == format) return std::make_unique<Written>(*this, std::move(w));
    return nullptr;
  }

 private:
  static const I& as(const Instance& instance) { return static_cast<const I&>(instance); }

  // A Writer as a Presenter, the text format's writers where it has none.
  class Written final : public Presenter {
   public:
    Written(const TypedReduction& reduction, Writer<I, A> writer) : reduction_(reduction), writer_(std::move(writer)) {}
    void answer(std::ostream& out, const Instance& instance, const Answer& answer) const override {
      writer_.answer(out, as(instance), static_cast<const A&>(answer));
    }
    void none(std::ostream& out, const Instance& instance) const override {
      if (writer_.none) writer_.none(out, as(instance));
      else reduction_.print_none(out, as(instance));
    }
    void stopped(std::ostream& out, const Instance& instance) const override {
      if (writer_.stopped) writer_.stopped(out, as(instance));
      else reduction_.print_stopped(out, as(instance));
    }
    void error(std::ostream& out) const override { reduction_.print_error(out); }
    void puzzle(std::ostream& out, const Instance& puzzle, const Answer* solution) const override {
      if (!writer_.puzzle) return Presenter::puzzle(out, puzzle, solution);
      writer_.puzzle(out, as(puzzle), static_cast<const A*>(solution));
    }
    [[nodiscard]] bool draws_puzzles() const override { return static_cast<bool>(writer_.puzzle); }

   private:
    const TypedReduction& reduction_;
    Writer<I, A> writer_;
  };
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
