// clique --max with the bound's rules beyond the colours (ColouringBound::
// rules): none, the look ahead and the double cover (before the MaxSAT-style
// rule), that rule alone, all but the branch set (before it), and all: the largest clique, the nodes and the
// seconds of each, run by the driver as dance solve runs it ("?" after the
// clique: the time limit stopped the search).
// usage: bench_clique_rules [--limit SECONDS] GRAPH...
#include <chrono>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "clique/clique.hpp"
#include "clique/colouring_bound.hpp"
#include "dance/driver.hpp"

namespace {
// The largest clique handed over, and whether a limit stopped the search.
struct Largest : dance::Collected {
  std::size_t size = 0;
  bool stopped_early = false;
  void improved(const dance::Instance&, std::shared_ptr<const dance::Answer> answer) override {
    size = static_cast<const dance::clique::CliqueAnswer&>(*answer).vertices.size();
  }
  void stopped(const dance::Instance&, dlx::Outcome, bool) override { stopped_early = true; }
};
}  // namespace

int main(int argc, char** argv) {
  double limit = 60;
  std::vector<std::string> graphs;
  for (int a = 1; a < argc; ++a) {
    const std::string arg = argv[a];
    if (arg == "--limit" && a + 1 < argc) limit = std::stod(argv[++a]);
    else graphs.push_back(arg);
  }
  if (graphs.empty()) {
    std::cerr << "usage: bench_clique_rules [--limit SECONDS] GRAPH...\n";
    return 2;
  }
  using dance::clique::BoundRules;
  const std::vector<std::pair<std::string, BoundRules>> configurations{
      {"colours", {false, false, false, false}},
      {"+lookahead+cover", {false, true, true, false}},
      {"+inconsistent", {true, false, false, false}},
      {"all but branch set", {true, true, true, false}},
      {"all", {true, true, true, true}}};
  const dance::Reduction& reduction = *dance::find_reduction("clique");
  std::cout << std::left << std::setw(24) << "graph";
  for (const auto& [name, rules] : configurations) std::cout << std::right << std::setw(26) << name + ": w nodes s";
  std::cout << '\n';
  for (const std::string& file : graphs) {
    std::ifstream in(file);
    if (!in) {
      std::cerr << "bench_clique_rules: cannot read " << file << '\n';
      return 2;
    }
    std::ostringstream text;
    text << in.rdbuf();
    std::cout << std::left << std::setw(24) << file.substr(file.find_last_of('/') + 1) << std::right;
    for (const auto& [name, rules] : configurations) {
      dance::clique::ColouringBound::rules = rules;
      dance::RunSpec spec;
      spec.time_limit = limit;
      spec.verify = true;
      dance::Session session(reduction, spec);
      std::istringstream graph(text.str());
      auto reader = reduction.reader(graph, dance::ModelOptions().set("max"));
      Largest sink;
      const std::atomic<bool> never{false};
      const auto start = std::chrono::steady_clock::now();
      session.run(*reader, sink, never);
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      std::ostringstream cell;
      cell << sink.size << (sink.stopped_early ? "?" : "") << ' ' << session.statistics().nodes << ' ' << std::fixed << std::setprecision(3) << seconds;
      std::cout << std::setw(26) << cell.str() << std::flush;
    }
    std::cout << std::endl;
  }
}
