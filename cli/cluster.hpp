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

#include "dance/driver.hpp"

namespace dance {
class Reduction;
}

namespace dance::cli {

// The driver's interface (dance/driver.hpp), implemented over MPI by cluster_mpi.cpp.
using Cluster = dance::Cluster;

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
