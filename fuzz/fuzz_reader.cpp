// A libFuzzer target for one reduction's reader (DANCE_FUZZ_REDUCTION), run
// through everything a command does with what it reads: reader -> encode
// -> emit and read back -> a node-limited count of both -> decode -> verify
// -> print. It stops (a crash for libFuzzer) when
// - anything but the documented errors escapes (ParseError, BuildError,
//   std::invalid_argument for options): the CLI would exit outside 0-3;
// - the emitted problem, read back, counts differently from the encoding
//   (where the encoding has no hook that adds to what Knuth's format says);
// - verify() refuses an answer the engine found.
// The first byte of the input picks the reduction's options (MODELS below).
// What it encodes is bounded (within_bound below, docs/fuzzing.md): a queens
// board of 883 read from 7 bytes took 21 s here, a libFuzzer timeout; an
// instance beyond the bound is read but not encoded.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "clique/clique.hpp"
#include "dance/reduction.hpp"
#include "hamilton/hamilton.hpp"
#include "polyomino/polyomino.hpp"
#include "queens/queens.hpp"
#include "range/range.hpp"
#include "sudoku/sudoku.hpp"
#include "dlx/error.hpp"
#include "dlx/knuth_format.hpp"
#include "dlx/solver.hpp"

namespace {

constexpr std::uint64_t node_limit = 20000;  // each search's: a fuzz run is many short ones
constexpr int most_instances = 4;             // of a batch

// The harness's bounds on what it encodes: far above the sizes at which bugs
// show, far below what takes a second in this instrumented build. The readers
// keep their own, larger, documented limits.
constexpr int largest_queens = 48;                   // board side
constexpr int largest_sudoku = 16;                   // values, the side of the grid
constexpr std::size_t largest_range = 400;           // cells
constexpr std::size_t largest_graph = 60;            // vertices (hamilton's position encoding is cubic)
constexpr std::size_t largest_clique_graph = 200;    // vertices
constexpr std::size_t most_placements = 10000;       // polyomino options
constexpr std::size_t most_entries = 200000;         // any encoding: the nodes of its problem

bool within_bound(const dance::Instance& instance) {
  if (const auto* queens = dynamic_cast<const dance::queens::QueensInstance*>(&instance))
    return queens->n <= largest_queens;
  if (const auto* sudoku = dynamic_cast<const dance::sudoku::SudokuInstance*>(&instance))
    return sudoku->puzzle.shape.n <= largest_sudoku;
  if (const auto* range = dynamic_cast<const dance::range::RangeInstance*>(&instance))
    return range->puzzle.board.cells() <= largest_range;
  if (const auto* hamilton = dynamic_cast<const dance::hamilton::HamiltonInstance*>(&instance))
    return hamilton->graph->size() <= largest_graph;
  if (const auto* clique = dynamic_cast<const dance::clique::CliqueInstance*>(&instance))
    return clique->graph->size() <= largest_clique_graph;
  if (const auto* polyomino = dynamic_cast<const dance::polyomino::PolyominoInstance*>(&instance))
    return polyomino->placements.size() <= most_placements;
  return true;  // xcc: bounded by the input's length
}

[[noreturn]] void fail(const std::string& what) {
  std::fprintf(stderr, "fuzz_reader(%s): %s\n", DANCE_FUZZ_REDUCTION, what.c_str());
  std::abort();
}

// The option sets the first byte chooses from, per reduction.
std::vector<dance::ModelOptions> models(std::string_view reduction) {
  using dance::ModelOptions;
  if (reduction == "sudoku")
    return {ModelOptions(), ModelOptions().set("diagonals"), ModelOptions().set("jigsaw"), ModelOptions().set("box", "2x3")};
  if (reduction == "hamilton")
    return {ModelOptions(), ModelOptions().set("encoding", "degree"), ModelOptions().set("encoding", "position"),
            ModelOptions().set("path"), ModelOptions().set("directed"),
            ModelOptions().set("directed").set("encoding", "degree"), ModelOptions().set("path").set("encoding", "position")};
  if (reduction == "clique" || reduction == "independent-set")
    return {ModelOptions().set("k", "3"), ModelOptions().set("k", "2"), ModelOptions().set("k", "4")};
  if (reduction == "polyomino") return {ModelOptions(), ModelOptions().set("up-to-symmetry")};
  return {ModelOptions()};
}

// Counts with the node limit; false when the limit stopped it first.
bool count(dlx::Solver& solver, std::uint64_t& found) {
  solver.set_limits(dlx::Limits{node_limit});
  const dlx::Outcome outcome = solver.count();
  found = solver.statistics().solutions;
  return outcome == dlx::Outcome::exhausted;
}

void check(const dance::Reduction& reduction, const dance::Instance& instance) {
  dance::Encoding encoding = reduction.encode(instance);
  if (encoding.problem->entry_count() > most_entries) return;  // a reduction the bounds above miss
  // emit, read back: the same count (a hook that is more than a bound is beyond Knuth's format).
  std::ostringstream emitted;
  dlx::write_knuth(emitted, dlx::with_forced(*encoding.problem, encoding.assumptions));
  std::istringstream text(emitted.str());
  dlx::ReadResult back;
  try {
    back = dlx::read_knuth(text);
  } catch (const dlx::ParseError& e) {
    fail(std::string("emit wrote what read_knuth refuses: ") + e.what() + "\n" + emitted.str());
  }
  dlx::Solver solver(encoding.problem);
  solver.set_hook(encoding.hook.get());
  bool assumed = !encoding.contradiction;
  for (const dlx::OptionId o : encoding.assumptions) assumed = assumed && solver.assume(o);
  std::uint64_t direct = 0, reread = 0;
  const bool complete = !assumed || count(solver, direct);
  dlx::Solver again(back.problem);
  if (complete && count(again, reread) && (!encoding.hook || encoding.hook_is_bound) && direct != reread)
    fail("the encoding counts " + std::to_string(direct) + ", its emitted problem " + std::to_string(reread));
  if (!assumed) return;
  // Solutions: decoded, verified, printed.
  solver.retract();
  solver.set_hook(encoding.hook.get());
  for (const dlx::OptionId o : encoding.assumptions)
    if (!solver.assume(o)) fail("assumptions that held once clash the second time");
  solver.set_limits(dlx::Limits{solver.statistics().nodes + node_limit});
  for (int k = 0; k < 3 && solver.next() == dlx::Outcome::solution; ++k) {
    const auto answer = reduction.decode(instance, encoding, solver.solution());
    if (const auto wrong = reduction.verify(instance, *answer)) fail("verify refuses an answer: " + *wrong);
    std::ostringstream printed;
    reduction.print(printed, instance, *answer);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const dance::Reduction* reduction = dance::find_reduction(DANCE_FUZZ_REDUCTION);
  if (!reduction) fail("no such reduction");
  const auto options = models(DANCE_FUZZ_REDUCTION);
  const std::size_t model = size > 0 ? data[0] % options.size() : 0;
  std::istringstream in(std::string(reinterpret_cast<const char*>(data) + (size > 0 ? 1 : 0), size > 0 ? size - 1 : 0));
  try {
    const auto reader = reduction->reader(in, options[model]);
    for (int k = 0; k < most_instances; ++k) {
      try {
        const auto instance = reader->next();
        if (!instance) break;
        if (reduction->optimises(*instance) || !within_bound(*instance)) continue;
        check(*reduction, *instance);
      } catch (const dlx::ParseError&) {  // a malformed instance: the reader goes on with the next
      } catch (const dlx::BuildError&) {
      }
    }
  } catch (const std::invalid_argument&) {  // options that make no reader
  }
  return 0;
}
