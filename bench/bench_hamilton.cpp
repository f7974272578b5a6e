// The Hamiltonian targets: the FTL longest path, knight's tours counted and
// found, FHCP Challenge graphs 1 and 2 in each encoding (edge, the default;
// degree; position); then the hard and the large graphs (i324, a736, alb1000,
// alb5000) in the edge and the degree encodings, with and without --restarts. Seconds,
// nodes and the options the hook took out (removals) for each, a search
// stopped after CAP seconds (default 30), and beside each first cycle
// clingo's time when it is installed (Debian gringo; bench/hamilton.lp).
// Last, the graphs made against backtracking (bench/hamilton_graphs.hpp:
// generalized Petersen graphs, flower snarks, chains of Petersen graphs by
// dot products, unbalanced bipartite graphs,
// cubic graphs with a Petersen piece, two hubs and three pieces, graphs
// that are not 1-tough, hub graphs like FHCP's, grids with
// holes, odd grids, grids less 3 cells, random cubic graphs), each searched
// as a user runs it (no flags), clingo's time and answer beside; and so the
// FHCP Challenge graphs of the data folder (fhcpcs-graphN.hcp, every one
// Hamiltonian).
// usage: bench_hamilton [--made|--fhcp] [CAP [DATA_DIR]]; bench_hamilton --write DIR
#include <algorithm>
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
#include <sys/wait.h>

#include "dance/driver.hpp"
#include "hamilton/hamilton.hpp"
#include "hamilton_graphs.hpp"

namespace {
const dance::Reduction& reduction = *dance::find_reduction("hamilton");

struct Run {
  std::uint64_t solutions = 0, nodes = 0, removals = 0;
  double seconds = 0;
  bool stopped = false;  // by the cap
};

// Solves (limit 1) or counts (limit 0) through the driver, as dance does (the
// --longest steps too); a first solution with restarts when `restarts` (the unit) is not 0.
// The graph is read from `in` (nothing for --knight), in the time measured.
Run run(std::istream& in, const dance::ModelOptions& options, std::uint64_t limit, double cap,
        std::uint64_t restarts = 0, std::uint64_t seed = 0) {
  const auto start = std::chrono::steady_clock::now();
  const std::unique_ptr<dance::Instance> instance = reduction.reader(in, options)->next();
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
  r.solutions = results.found.value_or(results.solutions.size()).saturated();
  r.nodes = session.statistics().nodes;
  r.removals = session.statistics().removals;
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}
Run run(const std::string& file, const dance::ModelOptions& options, std::uint64_t limit, double cap,
        std::uint64_t restarts = 0, std::uint64_t seed = 0) {
  std::ifstream in(file);
  std::istringstream none;
  return run(file.empty() ? static_cast<std::istream&>(none) : in, options, limit, cap, restarts, seed);
}
// clingo's seconds and answer for a first Hamiltonian cycle of `g`
// (bench/hamilton.lp), or nothing when clingo is not installed.
struct ClingoRun {
  double seconds = 0;
  const char* answer = "";  // found, none, or unknown (stopped by the cap)
};
std::optional<ClingoRun> clingo(const dance::graph::Graph& g, double cap) {
  if (std::system("command -v clingo > /dev/null 2>&1") != 0) return std::nullopt;
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
  const int status = std::system(command.c_str());
  std::filesystem::remove(facts);
  ClingoRun r;
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;  // clingo: 10 satisfiable, 20 unsatisfiable
  r.answer = code == 10 || code == 30 ? "found" : code == 20 ? "none" : "unknown";
  return r;
}

const dance::graph::Graph& graph_of(const dance::Instance& instance) {
  return *static_cast<const dance::hamilton::HamiltonInstance&>(instance).graph;
}

std::optional<ClingoRun> clingo_of_file(const std::string& file, double cap) {
  std::ifstream in(file);
  return clingo(graph_of(*reduction.reader(in, {})->next()), cap);
}

// The graphs made against backtracking (issue 45; bench/hamilton_graphs.hpp),
// by name, each a file name too (--write).
std::vector<std::pair<std::string, dance::bench::EdgeList>> made_graphs() {
  using namespace dance::bench;
  return {
      {"gp100-3", generalized_petersen(100, 3)},
      {"gp47-2", generalized_petersen(47, 2)},  // no cycle (n = 5 mod 6): proofs of none, issue 55
      {"gp53-2", generalized_petersen(53, 2)},
      {"gp59-2", generalized_petersen(59, 2)},
      {"gp65-2", generalized_petersen(65, 2)},
      {"gp71-2", generalized_petersen(71, 2)},
      {"gp77-2", generalized_petersen(77, 2)},
      {"gp99-2", generalized_petersen(99, 2)},
      {"gp101-2", generalized_petersen(101, 2)},
      {"gp201-2", generalized_petersen(201, 2)},
      {"gp243-2", generalized_petersen(243, 2)},
      {"gp500-2", generalized_petersen(500, 2)},
      {"flower-j21", flower_snark(21)},
      {"flower-j51", flower_snark(51)},
      {"petersen-dots-10", petersen_dot_products(10, 1)},
      {"petersen-dots-20", petersen_dot_products(20, 1)},
      {"bipartite-51-50", unbalanced_bipartite(51, 50, 1)},
      {"bipartite-501-500", unbalanced_bipartite(501, 500, 1)},
      {"petersen-piece-108", cubic_with_petersen_piece(100, 1)},
      {"petersen-piece-308", cubic_with_petersen_piece(300, 1)},
      {"petersen-piece-1008", cubic_with_petersen_piece(1000, 1)},
      {"petersen-piece-3008", cubic_with_petersen_piece(3000, 1)},
      {"petersen-piece-13-in-1012", cubic_with_petersen_piece(1000, 1, 2)},
      {"two-hubs-302", two_hubs_three_pieces(100, 1)},
      {"not-tough-3-in-99", not_one_tough(3, 3, 99, 0, 1)},  // no cycle: S of 3 leaves 4 parts (issue 55)
      {"not-tough-5-in-200", not_one_tough(5, 3, 200, 0, 1)},
      {"not-tough-10-in-500", not_one_tough(10, 3, 500, 0, 1)},
      {"not-tough-20-in-1000", not_one_tough(20, 3, 1000, 0, 1)},
      {"not-tough-20-in-1000-b", not_one_tough(20, 3, 1000, 0.3, 1)},  // some of degree 4 in the parts
      {"not-tough-4-of-4-in-200", not_one_tough(4, 4, 200, 0.5, 1)},  // S of degree 4 among many
      {"not-tough-10-of-4-in-500", not_one_tough(10, 4, 500, 0.5, 1)},
      {"hubs-201", hub_graph({{144, 9}, {15, 1}, {15, 1}, {15, 1}}, 1)},  // like FHCP 19 and 48 (issue 55)
      {"hubs-402", hub_graph({{144, 9}, {144, 9}, {15, 1}, {15, 1}, {15, 1}, {15, 1}, {15, 1}, {15, 1}}, 1)},
      {"hubs-1014", hub_graph({{144, 9}, {144, 9}, {144, 9}, {144, 9}, {144, 9}, {144, 9}, {15, 1}, {15, 1}, {15, 1}, {15, 1}, {15, 1}, {15, 1}}, 1)},
      {"hubs-1014-3", hub_graph({{144, 9}, {144, 9}, {144, 9}, {144, 9}, {144, 9}, {144, 9}, {15, 1}, {15, 1}, {15, 1}, {15, 1}, {15, 1}, {15, 1}}, 3)},
      {"grid-30x30-80-holes", grid_with_holes(30, 30, 80, 1)},
      {"grid-20x20-30-holes", grid_with_holes(20, 20, 30, 1)},
      {"grid-31x31", grid(31, 31)},
      {"grid-30x30-minus-3", grid_minus_cells(30, 30, 3, 1)},
      {"cubic-1000", random_cubic(1000, 1)},
      {"cubic-2000", random_cubic(2000, 1)},
      {"cubic-10000", random_cubic(10000, 1)},
  };
}

}  // namespace

// Writes the made graphs to DIR as NAME.hcp.
int write_made_graphs(const std::filesystem::path& dir) {
  for (const auto& [name, g] : made_graphs()) {
    std::ofstream out(dir / (name + ".hcp"));
    out << dance::bench::hcp(g, name);
    if (!out) {
      std::cerr << "bench_hamilton: cannot write " << (dir / (name + ".hcp")).string() << '\n';
      return 2;
    }
  }
  return 0;
}

// The made graphs, each a first cycle by default (no flags), beside clingo.
void bench_made_graphs(double cap) {
  std::cout << std::left << std::setw(28) << "made graph" << std::right << std::setw(9) << "vertices" << std::setw(10)
            << "answer" << std::setw(12) << "nodes" << std::setw(10) << "seconds" << std::setw(10) << "clingo"
            << "  clingo's answer\n";
  for (const auto& [name, g] : made_graphs()) {
    std::istringstream in(dance::bench::hcp(g, name));
    const Run r = run(in, {}, 1, cap);
    std::istringstream again(dance::bench::hcp(g, name));
    const auto by_clingo = clingo(graph_of(*reduction.reader(again, {})->next()), cap);
    std::cout << std::left << std::setw(28) << name << std::right << std::setw(9) << g.vertices << std::setw(10)
              << (r.stopped ? "unknown" : r.solutions ? "found" : "none") << std::setw(12) << r.nodes << std::setw(10)
              << std::fixed << std::setprecision(4) << r.seconds;
    if (by_clingo) std::cout << std::setw(10) << std::setprecision(3) << by_clingo->seconds << "  " << by_clingo->answer;
    std::cout << std::endl;
  }
}

// The FHCP Challenge graphs in `dir` (fhcpcs-graphN.hcp, by N), each a first
// cycle by default (no flags), beside clingo.
void bench_fhcp_graphs(const std::string& dir, double cap) {
  std::vector<std::pair<int, std::string>> files;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (name.starts_with("fhcpcs-graph") && name.ends_with(".hcp"))
      files.emplace_back(std::stoi(name.substr(12)), entry.path().string());
  }
  std::sort(files.begin(), files.end());
  std::cout << std::left << std::setw(28) << "FHCP graph" << std::right << std::setw(9) << "vertices" << std::setw(10)
            << "answer" << std::setw(12) << "nodes" << std::setw(10) << "seconds" << std::setw(10) << "clingo"
            << "  clingo's answer\n";
  for (const auto& [number, file] : files) {
    const Run r = run(file, {}, 1, cap);
    std::ifstream in(file);
    const std::unique_ptr<dance::Instance> instance = reduction.reader(in, {})->next();
    const auto& g = graph_of(*instance);
    const auto by_clingo = clingo(g, cap);
    std::cout << std::left << std::setw(28) << ("graph " + std::to_string(number)) << std::right << std::setw(9)
              << g.size() << std::setw(10) << (r.stopped ? "unknown" : r.solutions ? "found" : "none") << std::setw(12)
              << r.nodes << std::setw(10) << std::fixed << std::setprecision(4) << r.seconds;
    if (by_clingo) std::cout << std::setw(10) << std::setprecision(3) << by_clingo->seconds << "  " << by_clingo->answer;
    std::cout << std::endl;
  }
}

int main(int argc, char** argv) {
  const std::string usage =
      "usage: bench_hamilton [--made|--fhcp] [CAP [DATA_DIR]]   (CAP: seconds per search, default 30; --made: the made\n"
      "                                                          graphs only; --fhcp: the FHCP Challenge graphs only)\n"
      "       bench_hamilton --write DIR                 (the made graphs as DIR/NAME.hcp)\n";
  if (argc == 3 && std::string(argv[1]) == "--write") return write_made_graphs(argv[2]);
  const bool made_only = argc > 1 && std::string(argv[1]) == "--made";
  const bool fhcp_only = argc > 1 && std::string(argv[1]) == "--fhcp";
  if (made_only || fhcp_only) --argc, ++argv;
  double cap = 30;
  try {
    if (argc > 1) cap = std::stod(argv[1]);
  } catch (const std::logic_error&) {
    std::cerr << usage;
    return 2;
  }
  if (made_only) {
    bench_made_graphs(cap);
    return 0;
  }
  const std::string dir = (argc > 2 ? std::string(argv[2]) : std::string(DANCE_DATA_DIR) + "/graphs") + "/hamilton/";
  if (!std::filesystem::is_directory(dir)) {
    std::cerr << "bench_hamilton: " << dir << " is not a directory (DATA_DIR is the graphs folder)\n";
    return 2;
  }
  if (fhcp_only) {
    bench_fhcp_graphs(dir, cap);
    return 0;
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
    const auto by_clingo = clingo_of_file(file, cap);
    std::ostringstream goal;
    goal << g.goal;
    if (by_clingo) goal << "; clingo " << std::fixed << std::setprecision(3) << by_clingo->seconds << " s";
    for (const char* encoding : {"edge", "degree"}) {  // degree is the default at degree 4 or less (i324, a736)
      const ModelOptions options = ModelOptions().set("encoding", encoding);
      print(std::string(g.name) + ", first cycle", encoding, run(file, options, 1, cap), goal.str());
      for (const std::uint64_t seed : {1, 2})
        print(std::string(g.name) + " --restarts 300 --seed " + std::to_string(seed), encoding,
              run(file, options, 1, cap, 300, seed), g.goal);
    }
  }
  bench_fhcp_graphs(dir, cap);
  bench_made_graphs(cap);
}
