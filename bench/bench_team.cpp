// One search on several threads: each instance counted by the plain engine,
// then by a Team of 1 and of 2 workers; wall seconds and speed-up over the
// plain engine, counts checked against expected.tsv.
// usage: bench_team [--all] [DATA_DIR]   (--all adds langford15_sym.dlx, minutes)
#include <chrono>
#include <cstring>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>
#include <string>

#include "dlx/knuth_format.hpp"
#include "dlx/solver.hpp"
#include "dlx/team.hpp"

namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Counts with `threads` workers (0: the plain engine, no team); the count and the wall seconds.
std::pair<std::uint64_t, double> count(const std::shared_ptr<const dlx::Problem>& problem, std::size_t threads) {
  const auto start = std::chrono::steady_clock::now();
  if (threads == 0) {
    dlx::Solver solver(problem);
    solver.count();
    return {solver.statistics().solutions, seconds_since(start)};
  }
  std::vector<std::unique_ptr<dlx::Solver>> solvers;
  std::vector<dlx::Solver*> workers;
  for (std::size_t t = 0; t < threads; ++t) workers.push_back(solvers.emplace_back(std::make_unique<dlx::Solver>(problem)).get());
  dlx::Team team(workers);
  std::uint64_t found = 0;
  team.count(found);
  return {found, seconds_since(start)};
}

}  // namespace

int main(int argc, char** argv) {
  bool all = false;
  std::string dir = std::string(DANCE_DATA_DIR) + "/xcc";
  for (int k = 1; k < argc; ++k) {
    if (std::strcmp(argv[k], "--all") == 0) all = true;
    else dir = argv[k];
  }
  std::ifstream expected_file(dir + "/expected.tsv");
  if (!expected_file) {
    std::cerr << "bench_team: cannot read " << dir << "/expected.tsv\n";
    return 2;
  }
  std::map<std::string, std::uint64_t> expected;
  std::string line, file;
  std::getline(expected_file, line);
  while (std::getline(expected_file, line)) {
    std::istringstream fields(line);
    std::uint64_t solutions = 0;
    fields >> file >> solutions;
    expected[file] = solutions;
  }
  std::vector<std::string> files{"pentomino6x10.dlx", "langford11.dlx", "queens12.dlx"};
  if (all) files.push_back("langford15_sym.dlx");
  std::cout << std::left << std::setw(22) << "instance" << std::right << std::setw(12) << "count" << std::setw(10)
            << "engine s" << std::setw(10) << "team1 s" << std::setw(10) << "team2 s" << std::setw(10) << "speed-up"
            << "  check\n";
  int wrong = 0;
  for (const std::string& name : files) {
    std::ifstream in(dir + "/" + name);
    const auto problem = std::make_shared<const dlx::Problem>(dlx::read_knuth(in).problem);
    const auto [plain, plain_s] = count(problem, 0);
    const auto [one, one_s] = count(problem, 1);
    const auto [two, two_s] = count(problem, 2);
    const bool right = plain == expected[name] && one == plain && two == plain;
    wrong += !right;
    std::cout << std::left << std::setw(22) << name << std::right << std::setw(12) << two << std::fixed
              << std::setprecision(3) << std::setw(10) << plain_s << std::setw(10) << one_s << std::setw(10) << two_s
              << std::setprecision(2) << std::setw(10) << plain_s / two_s << "  " << (right ? "ok" : "WRONG") << '\n';
  }
  return wrong == 0 ? 0 : 1;
}
