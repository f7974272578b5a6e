// The Hamiltonian targets: the FTL longest path, knight's tours counted and
// found, FHCP Challenge graphs 1 and 2 in each encoding (edge, the default;
// degree; position); then the hard and the large graphs (i324, a736, alb1000,
// alb5000) in the edge and the degree encodings, with and without --restarts. Seconds,
// nodes and the options the hook took out (removals) for each, a search
// stopped after CAP seconds (default 30), and beside each first cycle
// clingo's time when it is installed (Debian gringo; bench/hamilton.lp).
// usage: bench_hamilton [CAP [DATA_DIR]]
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <optional>
#include <stdexcept>

#include "dance/driver.hpp"
#include "hamilton/hamilton.hpp"

namespace {
const dance::Reduction& reduction = *dance::find_reduction("hamilton");

struct Run {
  std::uint64_t solutions = 0, nodes = 0, removals = 0;
  double seconds = 0;
  bool stopped = false;  // by the cap
};

// Solves (limit 1) or counts (limit 0) through the driver, as dance does (the
// --longest steps too); a first solution with restarts when `restarts` (the unit) is not 0.
Run run(const std::string& file, const dance::ModelOptions& options, std::uint64_t limit, double cap,
        std::uint64_t restarts = 0, std::uint64_t seed = 0) {
  const auto start = std::chrono::steady_clock::now();
  std::ifstream in(file);
  std::istringstream none;
  const std::unique_ptr<dance::Instance> instance =
      reduction.reader(file.empty() ? static_cast<std::istream&>(none) : in, options)->next();
  dance::RunSpec spec;
  spec.task = limit == 0 ? dance::Task::count : dance::Task::solve;
  spec.solutions = limit;
  spec.time_limit = cap;
  spec.seed = seed;
  spec.restarts = restarts;
  dance::Session session(reduction, spec);
  dance::Collected results;
  const std::atomic<bool> never{false};
  session.run(*instance, results, never);
  if (!results.failures.empty()) throw std::runtime_error(results.failures.front().message);
  Run r;
  r.stopped = results.stop.has_value();
  r.solutions = results.found.value_or(results.solutions.size());
  r.nodes = session.statistics().nodes;
  r.removals = session.statistics().removals;
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}
// clingo's seconds for a first Hamiltonian cycle of the graph in `file`
// (bench/hamilton.lp), or nothing when clingo is not installed.
std::optional<double> clingo_seconds(const std::string& file, double cap) {
  if (std::system("command -v clingo > /dev/null 2>&1") != 0) return std::nullopt;
  std::ifstream in(file);
  const auto instance = reduction.reader(in, {})->next();
  const dance::graph::Graph& g = *static_cast<const dance::hamilton::HamiltonInstance&>(*instance).graph;
  const std::string facts = (std::filesystem::temp_directory_path() / "bench_hamilton_facts.lp").string();
  {
    std::ofstream out(facts);
    for (std::size_t v = 0; v < g.size(); ++v) out << "v(" << v << ").\n";
    for (std::size_t u = 0; u < g.size(); ++u)
      for (const auto v : g.out[u])
        if (v > u) out << "e(" << u << ',' << v << ").\n";
  }
  const auto start = std::chrono::steady_clock::now();
  const std::string command = "clingo " + std::string(DANCE_SOURCE_DIR) + "/bench/hamilton.lp " + facts +
                              " --time-limit=" + std::to_string(static_cast<int>(cap)) + " -q > /dev/null 2>&1";
  (void)std::system(command.c_str());
  std::filesystem::remove(facts);
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
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
  const auto print = [](const std::string& what, const std::string& encoding, const Run& r, const std::string& goal) {
    std::cout << std::left << std::setw(34) << what << std::setw(10) << encoding << std::right << std::setw(10)
              << r.solutions << std::setw(12) << r.nodes << std::setw(10) << r.removals << std::setw(10) << std::fixed
              << std::setprecision(4) << r.seconds << "  " << (r.stopped ? "stopped by the cap; " : "") << goal << std::endl;
  };
  std::cout << std::left << std::setw(34) << "target" << std::setw(10) << "encoding" << std::right << std::setw(10)
            << "solutions" << std::setw(12) << "nodes" << std::setw(10) << "removals" << std::setw(10) << "seconds"
            << "  goal\n";
  for (const Target& t : targets) {
    for (const char* encoding : {"edge", "degree", "position"}) {
      if (t.options.has("longest") && std::string(encoding) != "degree") continue;  // --longest has one encoding
      print(t.what, encoding, run(t.file, ModelOptions(t.options).set("encoding", encoding), t.limit, cap), t.goal);
    }
  }
  // The hard graphs (FHCP's i324 and a736: almost all of degree 3, built
  // against backtracking) and the large ones (TSPLIB's alb1000, alb5000).
  struct Graph {
    const char* name;
    const char* goal;
  };
  const Graph graphs[] = {{"i324", "<= 1 s"}, {"a736", "<= 1 s"}, {"alb1000", "<= 0.05 s"}, {"alb5000", "<= 1 s"}};
  for (const Graph& g : graphs) {
    const std::string file = dir + g.name + ".hcp";
    const auto clingo = clingo_seconds(file, cap);
    std::ostringstream goal;
    goal << g.goal;
    if (clingo) goal << "; clingo " << std::fixed << std::setprecision(3) << *clingo << " s";
    for (const char* encoding : {"edge", "degree"}) {  // degree is the default at degree 4 or less (i324, a736)
      const ModelOptions options = ModelOptions().set("encoding", encoding);
      print(std::string(g.name) + ", first cycle", encoding, run(file, options, 1, cap), goal.str());
      for (const std::uint64_t seed : {1, 2})
        print(std::string(g.name) + " --restarts 300 --seed " + std::to_string(seed), encoding,
              run(file, options, 1, cap, 300, seed), g.goal);
    }
  }
}
