// A libFuzzer target for files of parts (split's output, read by
// count --resume): the header and each line read against 6 queens, each
// part entered and counted. It stops (a crash for libFuzzer) when anything
// but a ParseError escapes, or a part counts more than the whole (4).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>

#include "dance/reduction.hpp"
#include "dlx/error.hpp"
#include "dlx/solver.hpp"
#include "dlx/subproblem.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const dance::Reduction& queens = *dance::find_reduction("queens");
  static const dance::Encoding encoding = [] {
    std::istringstream none;
    return queens.encode(*queens.reader(none, dance::ModelOptions().set("size", "6"))->next());
  }();
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  std::string line;
  try {
    std::getline(in, line);
    const std::uint64_t fingerprint = dlx::fingerprint(*encoding.problem, encoding.assumptions);
    if (size > 0 && data[0] % 2 == 0) {  // half the inputs get the right header, so that their parts are read
      std::ostringstream header;
      dlx::write_parts_header(header, fingerprint);
      line = header.str();
      line.pop_back();
    }
    dlx::check_parts_header(line, fingerprint);
    dlx::Solver solver(encoding.problem);
    for (std::size_t number = 2; number < 20 && std::getline(in, line); ++number) {
      const dlx::Subproblem part = dlx::read_subproblem(line, number, encoding.problem->option_count());
      if (!solver.enter(part)) continue;
      const std::uint64_t before = solver.statistics().solutions;
      solver.set_limits(dlx::Limits{solver.statistics().nodes + 100000});
      solver.count();
      if (solver.statistics().solutions - before > 4) {
        std::fprintf(stderr, "fuzz_parts: a part of 6 queens counts more than 4\n");
        std::abort();
      }
    }
  } catch (const dlx::ParseError&) {
  }
  return 0;
}
