#include "cluster.hpp"

#if DANCE_MPI_HOST
#include <dlfcn.h>
#else
#include <unistd.h>

#include <cerrno>
#include <cstring>
#endif

#include <cstdlib>
#include <filesystem>
#include <stdexcept>

namespace dance::cli {

std::unique_ptr<Cluster> join_cluster([[maybe_unused]] int& argc, char**& argv) {
  if (launched_ranks() < 2) return nullptr;  // a plain run never loads MPI
  const std::filesystem::path directory = std::filesystem::read_symlink("/proc/self/exe").parent_path();
#if DANCE_MPI_HOST
  const std::string module = (directory / "libdance_mpi.so").string();
  void* loaded = dlopen(module.c_str(), RTLD_NOW | RTLD_GLOBAL);
  if (!loaded)
    throw std::runtime_error("started by mpirun, but the MPI module is missing (" + std::string(dlerror()) +
                             "): install libdance_mpi.so beside the executable");
  using Join = Cluster* (*)(int*, char***);
  const auto join = reinterpret_cast<Join>(dlsym(loaded, "dance_join_cluster"));
  if (!join) throw std::runtime_error(module + " has no dance_join_cluster: " + dlerror());
  return std::unique_ptr<Cluster>(join(&argc, &argv));
#else
  // This executable is linked statically for a quick start and cannot load
  // MPI: the dynamic one can, with the same arguments. It is beside this one
  // in the build tree, in PREFIX/libexec/dance once installed.
  std::string host = (directory / "dance-mpi").string();
  execv(host.c_str(), argv);
  host = (directory.parent_path() / "libexec" / "dance" / "dance-mpi").string();
  execv(host.c_str(), argv);
  throw std::runtime_error("started by mpirun, but " + host + " cannot run (" + std::strerror(errno) +
                           "): this dance was built without MPI; install Open MPI and Boost.MPI (libopenmpi-dev "
                           "libboost-mpi-dev) and build again");
#endif
}

}  // namespace dance::cli
