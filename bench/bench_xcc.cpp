// Counts every instance of data/xcc on one thread and checks the
// counts against expected.tsv: instance, count, nodes, updates, seconds.
// usage: bench_xcc [--all] [--seed N] [DATA_DIR]   (--all includes langford15_sym.dlx)
#include <cstring>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <string>

#include "dlx/knuth_format.hpp"
#include "dlx/solver.hpp"

int main(int argc, char** argv) {
  bool all = false;
  std::uint64_t seed = 0;
  std::string dir = std::string(DANCE_DATA_DIR) + "/xcc";
  for (int k = 1; k < argc; ++k) {
    if (std::strcmp(argv[k], "--all") == 0) all = true;
    else if (std::strcmp(argv[k], "--seed") == 0 && k + 1 < argc) seed = std::stoull(argv[++k]);
    else dir = argv[k];
  }
  std::ifstream expected(dir + "/expected.tsv");
  if (!expected) {
    std::cerr << "bench_xcc: cannot read " << dir << "/expected.tsv\n";
    return 2;
  }
  std::string line;
  std::getline(expected, line);
  std::cout << std::left << std::setw(34) << "instance" << std::right << std::setw(12) << "count" << std::setw(14)
            << "nodes" << std::setw(16) << "updates" << std::setw(10) << "seconds" << "  check\n";
  int wrong = 0;
  while (std::getline(expected, line)) {
    std::istringstream fields(line);
    std::string file;
    std::uint64_t want = 0;
    fields >> file >> want;
    if (file == "langford15_sym.dlx" && !all) continue;
    std::ifstream in(dir + "/" + file);
    const dlx::Problem problem = dlx::read_knuth(in).problem;
    dlx::Solver solver(problem, seed);
    solver.count();
    const dlx::Statistics& s = solver.statistics();
    const bool ok = s.solutions == want;
    wrong += !ok;
    std::cout << std::left << std::setw(34) << file << std::right << std::setw(12) << s.solutions << std::setw(14)
              << s.nodes << std::setw(16) << s.updates << std::setw(10) << std::fixed << std::setprecision(3)
              << s.seconds << "  " << (ok ? "ok" : "WRONG, expected " + std::to_string(want)) << '\n';
  }
  return wrong == 0 ? 0 : 1;
}
