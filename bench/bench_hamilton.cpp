// The Hamiltonian targets: the FTL longest path, knight's tours counted and
// found, FHCP Challenge graphs 1 and 2; seconds and nodes for each, in each
// encoding (edge, the default; degree; position), a search stopped after
// CAP seconds (default 30).
// usage: bench_hamilton [CAP [DATA_DIR]]
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <stdexcept>

#include "dlx/solver.hpp"
#include "hamilton/hamilton.hpp"

namespace {
const dance::Reduction& reduction = *dance::find_reduction("hamilton");

struct Run {
  std::uint64_t solutions = 0, nodes = 0;
  double seconds = 0;
  bool stopped = false;  // by the cap
};

// Solves (limit 1) or counts (limit 0), through the --longest steps when asked.
Run run(const std::string& file, const dance::ModelOptions& options, std::uint64_t limit, double cap) {
  const auto start = std::chrono::steady_clock::now();
  std::ifstream in(file);
  std::istringstream none;
  std::unique_ptr<dance::Instance> step = reduction.reader(file.empty() ? static_cast<std::istream&>(none) : in, options)->next();
  Run r;
  std::vector<std::unique_ptr<dance::Instance>> kept;
  while (step) {
    dance::Encoding encoding = reduction.encode(*step);
    dlx::Solver solver(encoding.problem);
    solver.set_hook(encoding.hook.get());
    solver.set_limits(dlx::Limits{0, cap});
    const dlx::Outcome outcome = solver.count(limit);
    r.stopped = outcome != dlx::Outcome::exhausted && outcome != dlx::Outcome::solution_limit;
    r.solutions = solver.statistics().solutions;
    r.nodes += solver.statistics().nodes;
    if (r.stopped || (reduction.optimises(*step) && r.solutions > 0)) break;
    auto next = reduction.optimises(*step) ? reduction.next_step(*step, nullptr) : nullptr;
    kept.push_back(std::move(step));
    step = std::move(next);
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}
}  // namespace

int main(int argc, char** argv) {
  double cap = 30;
  try {
    if (argc > 1) cap = std::stod(argv[1]);
  } catch (const std::logic_error&) {
    std::cerr << "usage: bench_hamilton [CAP [DATA_DIR]]   (CAP: seconds per search, default 30)\n";
    return 2;
  }
  const std::string dir = (argc > 2 ? std::string(argv[2]) : std::string(DANCE_DATA_DIR) + "/graphs") + "/hamilton/";
  if (!std::filesystem::is_directory(dir)) {
    std::cerr << "bench_hamilton: " << dir << " is not a directory (DATA_DIR is the graphs folder)\n";
    return 2;
  }
  using dance::ModelOptions;
  struct Target {
    const char* what;
    std::string file;
    ModelOptions options;
    std::uint64_t limit;
    const char* goal;
  };
  const Target targets[] = {
      {"FTL longest path 0 -> 23", dir + "ftl24.adj", ModelOptions().set("longest").set("from", "0").set("to", "23"), 1, "<= 5 ms"},
      {"knight 6x6 closed, count", "", ModelOptions().set("knight", "6x6").set("closed"), 0, "<= 0.1 s"},
      {"knight 6x6 open, count", "", ModelOptions().set("knight", "6x6"), 0, "<= 10 s"},
      {"knight 8x8 closed, first", "", ModelOptions().set("knight", "8x8").set("closed"), 1, "<= 0.1 s"},
      {"FHCP graph 1, first cycle", dir + "fhcpcs-graph1.hcp", ModelOptions(), 1, "<= 1 s"},
      {"FHCP graph 2, first cycle", dir + "fhcpcs-graph2.hcp", ModelOptions(), 1, "<= 1 s"},
  };
  std::cout << std::left << std::setw(28) << "target" << std::setw(10) << "encoding" << std::right << std::setw(12)
            << "solutions" << std::setw(12) << "nodes" << std::setw(11) << "seconds" << "  goal\n";
  for (const Target& t : targets) {
    for (const char* encoding : {"edge", "degree", "position"}) {
      if (t.options.has("longest") && std::string(encoding) != "degree") continue;  // --longest has one encoding
      const Run r = run(t.file, ModelOptions(t.options).set("encoding", encoding), t.limit, cap);
      std::cout << std::left << std::setw(28) << t.what << std::setw(10) << encoding << std::right << std::setw(12)
                << r.solutions << std::setw(12) << r.nodes << std::setw(11) << std::fixed << std::setprecision(4)
                << r.seconds << "  " << (r.stopped ? "stopped by the cap; " : "") << t.goal << std::endl;
    }
  }
}
