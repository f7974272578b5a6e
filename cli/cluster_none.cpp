// join_cluster() when dance is built without MPI: refuse to run as one of
// several ranks, which would each count the whole search.
#include <stdexcept>

#include "cluster.hpp"

namespace dance::cli {

std::unique_ptr<Cluster> join_cluster(int&, char**&) {
  if (launched_ranks() > 1)
    throw std::runtime_error(
        "this dance was built without MPI, so it cannot share a search between ranks; install Open MPI and "
        "Boost.MPI (libopenmpi-dev libboost-mpi-dev) and build again");
  return nullptr;
}

}  // namespace dance::cli
