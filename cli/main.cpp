// dance: exact cover and the puzzles it solves. See `dance --help`.
#include <malloc.h>

#include <csignal>
#include <cstdlib>
#include <iostream>

#include "cluster.hpp"
#include "commands.hpp"
#include "dlx/big_allocator.hpp"
#include "settings.hpp"

namespace {
std::atomic<bool> interrupted{false};
extern "C" void on_interrupt(int) { interrupted.store(true); }
}  // namespace

int main(int argc, char** argv) {
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
  std::ios::sync_with_stdio(false);
  std::cin.tie(nullptr);  // the input's FlushingBuffer flushes before a read can wait, not before every read
  std::unique_ptr<dance::cli::Cluster> cluster;
  try {
    cluster = dance::cli::join_cluster(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "dance: " << e.what() << '\n';
    return dance::cli::exit_status::error;
  }
  // In an MPI run rank 0 speaks for all; the others would say the same again.
  std::ostream silent(nullptr);
  const bool speaks = !cluster || cluster->rank() == 0;
  std::ostream& out = speaks ? std::cout : silent;
  std::ostream& err = speaks ? std::cerr : silent;

  const auto parsed = dance::cli::parse(std::vector<std::string>(argv + 1, argv + argc));
  if (!parsed.settings) {
    (parsed.status == 0 ? out : err) << parsed.message;
    return parsed.status;
  }
  std::signal(SIGINT, on_interrupt);
  try {
    const int status = dance::cli::run(*parsed.settings, interrupted, out, err, cluster.get());
    out.flush();
    return speaks ? status : dance::cli::exit_status::found;  // mpirun passes on rank 0's status
  } catch (const std::exception& e) {
    std::cerr << "dance: " << (speaks ? "" : "rank " + std::to_string(cluster->rank()) + ": ") << e.what() << '\n';
    return dance::cli::exit_status::error;
  }
}
