// Helpers that several test files share: a file's text, the instances a
// reduction reads, the parse error it raises, the first verified answer as
// printed, and whether a text is one well-formed SVG picture.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <set>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "dance/reduction.hpp"
#include "dlx/problem.hpp"
#include "dlx/solver.hpp"

namespace dance::test {

// The whole text of the file at `path`; REQUIREs that it opens.
std::string text_of(const std::string& path);

// The exact cover problem in Knuth's format in the file at `path`; REQUIREs that it opens.
dlx::Problem knuth_problem(const std::string& path);
// ... in data/xcc/NAME.
dlx::Problem xcc_problem(const std::string& name);

// Every instance that `reduction` reads from the input.
std::vector<std::unique_ptr<Instance>> read_all(const Reduction& reduction, std::istream& in, const ModelOptions& options = {});
std::vector<std::unique_ptr<Instance>> read_all(const Reduction& reduction, const std::string& text,
                                                const ModelOptions& options = {});

// The input's first instance; REQUIREs one.
std::unique_ptr<Instance> read_one(const Reduction& reduction, std::istream& in, const ModelOptions& options = {});
std::unique_ptr<Instance> read_one(const Reduction& reduction, const std::string& text, const ModelOptions& options = {});

// The message of the first parse error in reading every instance of `text`, or "no error".
std::string parse_error(const Reduction& reduction, const std::string& text, const ModelOptions& options = {});

// The first answer (verified: first_answer) as the reduction writes it in `format` (--format).
std::string solved(const Reduction& reduction, const Instance& instance, std::string_view format = "text");

// What is wrong with `text` as one XML document whose root is <svg>; nothing
// when it is well formed (tags balanced, attributes quoted, text without a
// bare & or >).
std::optional<std::string> not_one_svg(const std::string& text);

// A search of an encoding (made afresh by `encode` for each solver, its
// assumptions assumed and its hook set), learning on or off: its count (up
// to `limit`, 0 for all), its answers (all of them when fewer), whether
// next() finds one, --unique's answers (up to 2), and the levels learning
// skipped. Equal when all but the levels skipped are.
struct Searched {
  std::uint64_t count = 0;
  std::set<std::vector<dlx::OptionId>> answers;
  bool first = false;
  std::uint64_t unique = 0, backjumps = 0;
  bool operator==(const Searched& other) const {
    return count == other.count && answers == other.answers && first == other.first && unique == other.unique;
  }
};
Searched search_with(const std::function<Encoding()>& encode, dlx::Switch learning, std::uint64_t seed, std::uint64_t limit = 0);

// Every reason the encoding's hook gives (Hook::explain, explain_removal),
// asked at once in a whole count with learning off and checked against
// `answers` (every answer, as search_with() lists them): how many, and how
// many wrong (some answer holds the reason and the option it removed, or a
// failure's reason: its chosen options and none of its gone ones).
struct ReasonsChecked {
  std::uint64_t checked = 0, wrong = 0;
};
ReasonsChecked check_reasons(Encoding encoding, const std::set<std::vector<dlx::OptionId>>& answers, std::uint64_t seed);

// A test-only knob (a static bool that breaks something on purpose) on while
// this lives, off again after, whatever the test's end.
class Flipped {
 public:
  explicit Flipped(bool& knob) : knob_(knob) { knob_ = true; }
  ~Flipped() { knob_ = false; }
  Flipped(const Flipped&) = delete;
  Flipped& operator=(const Flipped&) = delete;

 private:
  bool& knob_;
};

// A graph of n vertices named 0..n-1, as a matrix of arcs (both ways for an
// edge) and as the adjacency lists dance reads (every vertex listed, also one
// without edges): each arc with one probability, drawn from `least` to `most`.
struct SmallGraph {
  std::vector<std::vector<bool>> arc;
  bool directed = false;
  std::string text;
};
SmallGraph random_graph(std::mt19937_64& rng, std::size_t n, bool directed, double least, double most);

// Whether the undirected graph of `edges` on n vertices has a Hamiltonian
// cycle, by brute force: every path from vertex 0.
bool has_hamiltonian_cycle(std::size_t n, const std::vector<std::pair<std::uint32_t, std::uint32_t>>& edges);

}  // namespace dance::test
