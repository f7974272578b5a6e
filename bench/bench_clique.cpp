// Seconds to decide "a clique of size omega?" (yes) and "of omega + 1?" (no)
// for every graph of data/graphs/clique, each stopped after a time
// limit, with the nodes, beside Cliquer's time for the whole maximum where
// the issue gives it.
// usage: bench_clique [DATA_DIR [SECONDS]]
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>
#include <stdexcept>

#include "clique/clique.hpp"
#include "dlx/solver.hpp"

namespace {
struct Decision {
  std::string verdict;  // yes, no, or the limit that stopped it
  double seconds = 0;
  std::uint64_t nodes = 0;
};

Decision decide(const dance::Reduction& reduction, const std::string& text, long k, double limit) {
  std::istringstream in(text);
  const auto instance = reduction.reader(in, dance::ModelOptions().set("k", std::to_string(k)))->next();
  const auto start = std::chrono::steady_clock::now();
  dance::Encoding encoding = reduction.encode(*instance);
  dlx::Solver solver(encoding.problem);
  solver.set_hook(encoding.hook.get());
  solver.set_limits(dlx::Limits{0, limit, nullptr});
  const dlx::Outcome outcome = solver.next();
  Decision d;
  d.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  d.nodes = solver.statistics().nodes;
  d.verdict = outcome == dlx::Outcome::solution ? "yes" : outcome == dlx::Outcome::exhausted ? "no" : ">limit";
  if (outcome == dlx::Outcome::solution && reduction.verify(*instance, *reduction.decode(*instance, encoding, solver.solution())))
    d.verdict = "WRONG";
  return d;
}
}  // namespace

int main(int argc, char** argv) {
  const std::string dir = (argc > 1 ? std::string(argv[1]) : std::string(DANCE_DATA_DIR) + "/graphs") + "/clique/";
  double limit = 60;
  try {
    if (argc > 2) limit = std::stod(argv[2]);
  } catch (const std::logic_error&) {
    std::cerr << "usage: bench_clique [DATA_DIR [SECONDS]]   (DATA_DIR: the graphs folder)\n";
    return 2;
  }
  if (!std::filesystem::is_directory(dir)) {
    std::cerr << "bench_clique: " << dir << " is not a directory (DATA_DIR is the graphs folder)\n";
    return 2;
  }
  const std::map<std::string, double> cliquer{{"keller4.clq", 0.05}, {"brock200_1.clq", 3.3}, {"C125.9.clq", 3.4},
                                              {"sanr200_0.7.clq", 1.0}, {"brock200_4.clq", 0.26}};
  const dance::Reduction& reduction = *dance::find_reduction("clique");
  std::ifstream expected(dir + "expected.tsv");
  std::string line;
  std::getline(expected, line);
  std::cout << std::left << std::setw(22) << "graph" << std::right << std::setw(6) << "omega" << std::setw(8) << "k=w"
            << std::setw(10) << "s" << std::setw(12) << "nodes" << std::setw(8) << "k=w+1" << std::setw(10) << "s"
            << std::setw(12) << "nodes" << std::setw(10) << "cliquer" << '\n';
  while (std::getline(expected, line)) {
    std::istringstream fields(line);
    std::string file, source;
    long omega = 0;
    fields >> file >> omega >> source;
    std::ifstream in(dir + file);
    std::ostringstream text;
    text << in.rdbuf();
    const Decision yes = decide(reduction, text.str(), omega, limit);
    const Decision no = decide(reduction, text.str(), omega + 1, limit);
    std::cout << std::left << std::setw(22) << file << std::right << std::setw(6) << omega << std::setw(8) << yes.verdict
              << std::setw(10) << std::fixed << std::setprecision(3) << yes.seconds << std::setw(12) << yes.nodes
              << std::setw(8) << no.verdict << std::setw(10) << no.seconds << std::setw(12) << no.nodes << std::setw(10);
    if (const auto c = cliquer.find(file); c != cliquer.end()) std::cout << c->second;
    else std::cout << "-";
    std::cout << std::endl;
  }
}
