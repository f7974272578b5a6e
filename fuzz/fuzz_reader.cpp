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
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "dance/reduction.hpp"
#include "dlx/error.hpp"
#include "dlx/knuth_format.hpp"
#include "dlx/solver.hpp"

namespace {

constexpr std::uint64_t node_limit = 20000;  // each search's: a fuzz run is many short ones
constexpr int most_instances = 4;             // of a batch

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
        if (reduction->optimises(*instance)) continue;
        check(*reduction, *instance);
      } catch (const dlx::ParseError&) {  // a malformed instance: the reader goes on with the next
      } catch (const dlx::BuildError&) {
      }
    }
  } catch (const std::invalid_argument&) {  // options that make no reader
  }
  return 0;
}
