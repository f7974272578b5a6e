// One count shared by the ranks of an MPI run (mpirun -np P dance count ...):
// rank 0 reads the input and shares it, cuts the search into parts and hands
// them out on demand, a few at a time; every rank (rank 0 too) counts the
// parts it gets with its own team of threads, and rank 0 sums the counts.
// A rank that dies ends the whole run (mpirun's rule): rank 0 prints only
// once every rank has reported, so a count printed is never short.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "dlx/statistics.hpp"
#include "dlx/team.hpp"

namespace dance {
class Reduction;
}

namespace dance::cli {

class Cluster {
 public:
  virtual ~Cluster() = default;
  [[nodiscard]] virtual int rank() const = 0;
  [[nodiscard]] virtual int size() const = 0;
  // Rank 0's `text` on every rank; nothing when rank 0 has none to give.
  virtual std::optional<std::string> share(std::optional<std::string> text) = 0;
  // Counts the solutions below `parts` (given on rank 0, ignored elsewhere)
  // with every rank's `team`. On rank 0 `found` is the total and the outcome
  // the first stop any rank met (exhausted when none did).
  virtual dlx::Outcome count(dlx::Team& team, std::vector<dlx::Subproblem> parts, std::size_t option_count,
                             std::uint64_t& found) = 0;
  // On rank 0 after count(): each rank's counters, summed over its workers.
  [[nodiscard]] virtual const std::vector<dlx::Statistics>& statistics() const = 0;
};

// The MPI run this process belongs to, or nothing when it was not started by
// mpirun (or by one with a single rank). MPI lives in a module beside the
// executables (libdance_mpi.so), loaded only by dance-mpi, a dynamically
// linked twin of dance; dance itself, linked statically, execs dance-mpi with
// the same arguments. Throws std::runtime_error when that cannot be done:
// dance was built without MPI.
std::unique_ptr<Cluster> join_cluster(int& argc, char**& argv);

// The number of ranks of the MPI run that started this process, as its
// launcher (Open MPI's mpirun, or one speaking PMI) says; 1 for a plain run.
int launched_ranks();

// The command line (dance/cli.hpp), with the way to join an MPI run: `dance`
// passes join_cluster; a program of one's own, none.
using JoinCluster = std::unique_ptr<Cluster> (*)(int& argc, char**& argv);
int command_line(int argc, char** argv, std::span<const Reduction* const> extra, JoinCluster join);

}  // namespace dance::cli
