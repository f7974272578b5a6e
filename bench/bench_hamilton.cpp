// The Hamiltonian targets: the FTL longest path, knight's tours counted and
// found, FHCP Challenge graphs 1 and 2; seconds and nodes for each.
// usage: bench_hamilton [DATA_DIR]
#include <chrono>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "dlx/solver.hpp"
#include "hamilton/hamilton.hpp"

namespace {
const dance::hamilton::HamiltonReduction reduction;

struct Run {
  std::uint64_t solutions = 0, nodes = 0;
  double seconds = 0;
};

// Solves (limit 1) or counts (limit 0), through the --longest steps when asked.
Run run(const std::string& file, const dance::ModelOptions& options, std::uint64_t limit) {
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
    solver.count(limit);
    r.solutions = solver.statistics().solutions;
    r.nodes += solver.statistics().nodes;
    if (reduction.optimises(*step) && r.solutions > 0) break;
    auto next = reduction.optimises(*step) ? reduction.next_step(*step, nullptr) : nullptr;
    kept.push_back(std::move(step));
    step = std::move(next);
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}
}  // namespace

int main(int argc, char** argv) {
  const std::string dir = (argc > 1 ? std::string(argv[1]) : std::string(DANCE_DATA_DIR) + "/graphs") + "/hamilton/";
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
  std::cout << std::left << std::setw(30) << "target" << std::right << std::setw(12) << "solutions" << std::setw(12)
            << "nodes" << std::setw(11) << "seconds" << "  goal\n";
  for (const Target& t : targets) {
    const Run r = run(t.file, t.options, t.limit);
    std::cout << std::left << std::setw(30) << t.what << std::right << std::setw(12) << r.solutions << std::setw(12)
              << r.nodes << std::setw(11) << std::fixed << std::setprecision(4) << r.seconds << "  " << t.goal << std::endl;
  }
}
