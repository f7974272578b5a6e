// The command line of `dance` and of programs that add reductions to it.
#include <malloc.h>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <cstdlib>
#include <iostream>

#include "cluster.hpp"
#include "commands.hpp"
#include "dance/cli.hpp"
#include "dlx/big_allocator.hpp"
#include "settings.hpp"

namespace dance::cli {
namespace {

std::atomic<bool> interrupted{false};
extern "C" void on_interrupt(int) { interrupted.store(true); }

// A program of one's own has no MPI module beside it: under mpirun it says so.
std::unique_ptr<Cluster> no_cluster(int&, char**&) {
  if (launched_ranks() < 2) return nullptr;
  throw std::runtime_error("started by mpirun, but only the dance command itself runs under MPI");
}

}  // namespace

int launched_ranks() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE"})
    if (const char* size = std::getenv(name)) return std::atoi(size);
  return 1;
}

int command_line(int argc, char** argv, std::span<const Reduction* const> extra) {
  return command_line(argc, argv, extra, no_cluster);
}

int command_line(int argc, char** argv, std::span<const Reduction* const> extra, JoinCluster join) {
  // A page fault costs microseconds on a virtual machine: large blocks come
  // from the heap, not from mmap, and freed ones stay there, so that a
  // growing vector or a rebuilt matrix reuses pages already touched.
  mallopt(M_MMAP_THRESHOLD, 1 << 30);
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
  // Every run's small blocks (options, names, a puzzle's text) come from the
  // heap's first pages: mapped in one call, not faulted in one by one.
  constexpr std::size_t first_heap = std::size_t{256} << 10;
  if (void* block = std::malloc(first_heap)) {
    dlx::BigAllocator<char>::populate(block, first_heap);
    std::free(block);
  }
  if (argc > 0) set_program(argv[0]);
  std::ios::sync_with_stdio(false);
  std::cin.tie(nullptr);  // the input's InputBuffer flushes before a read can wait, not before every read
  std::unique_ptr<Cluster> cluster;
  try {
    for (const Reduction* reduction : extra) add_reduction(*reduction);
    cluster = join(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << program() << ": " << e.what() << '\n';
    return exit_status::error;
  }
  // In an MPI run rank 0 speaks for all; the others would say the same again.
  std::ostream silent(nullptr);
  const bool speaks = !cluster || cluster->rank() == 0;
  std::ostream& out = speaks ? std::cout : silent;
  std::ostream& err = speaks ? std::cerr : silent;

  // Output that could not be written (a full disk) is an error, not a success.
  const auto written = [&](int status) {
    if (!speaks || out.flush()) return status;
    std::cerr << program() << ": cannot write the output" << (errno ? std::string(": ") + std::strerror(errno) : "") << '\n';
    return exit_status::error;
  };
  const auto parsed = parse(std::vector<std::string>(argv + 1, argv + argc));
  if (!parsed.settings) {
    (parsed.status == 0 ? out : err) << parsed.message;
    return parsed.status == 0 ? written(parsed.status) : parsed.status;
  }
  std::signal(SIGINT, on_interrupt);
  std::signal(SIGTERM, on_interrupt);  // a service manager's stop: as Ctrl-C, a clean end
  try {
    const int status = written(run(*parsed.settings, interrupted, out, err, cluster.get()));
    return speaks ? status : exit_status::found;  // mpirun passes on rank 0's status
  } catch (const std::exception& e) {
    std::cerr << program() << ": " << (speaks ? "" : "rank " + std::to_string(cluster->rank()) + ": ") << e.what() << '\n';
    return exit_status::error;
  }
}

}  // namespace dance::cli
