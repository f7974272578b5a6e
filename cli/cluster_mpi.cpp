// The MPI module (libdance_mpi.so), loaded by join_cluster(): a Cluster over
// Boost.MPI. Rank 0's main thread serves parts and gathers reports while a
// thread of its own counts; the other ranks ask for parts from inside their
// team's feed (so MPI is called from one thread at a time there:
// MPI_THREAD_SERIALIZED).
#include <bit>
#include <boost/mpi.hpp>
#include <boost/serialization/string.hpp>
#include <boost/serialization/vector.hpp>
#include <chrono>
#include <deque>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "cluster.hpp"
#include "dlx/subproblem.hpp"

namespace dance::cli {
namespace {

namespace mpi = boost::mpi;

enum Tag : int { ask = 1, parts_given = 2, report = 3 };

dlx::Statistics sum(const std::vector<dlx::Statistics>& each) {
  dlx::Statistics total;
  for (const dlx::Statistics& s : each) total += s;
  return total;
}

// What a rank tells rank 0 at the end: its count, outcome and counters.
std::vector<std::uint64_t> to_report(std::uint64_t found, dlx::Outcome outcome, const dlx::Statistics& s) {
  return {found, static_cast<std::uint64_t>(outcome), s.nodes, s.updates, s.solutions, s.max_depth,
          std::bit_cast<std::uint64_t>(s.seconds), s.removals};
}
dlx::Statistics statistics_of(const std::vector<std::uint64_t>& r) {
  return {r.at(2), r.at(3), r.at(4), static_cast<std::uint32_t>(r.at(5)), std::bit_cast<double>(r.at(6)), r.at(7)};
}

class MpiCluster final : public Cluster {
 public:
  MpiCluster(int& argc, char**& argv) : environment_(argc, argv, mpi::threading::serialized) {
    if (environment_.thread_level() < mpi::threading::serialized)
      throw std::runtime_error("this MPI library cannot be called from several threads in turn (MPI_THREAD_SERIALIZED)");
  }
  int rank() const override { return world_.rank(); }
  int size() const override { return world_.size(); }

  std::optional<std::string> share(std::optional<std::string> text) override {
    std::vector<std::string> box;  // empty: nothing to give
    if (rank() == 0 && text) box.push_back(std::move(*text));
    mpi::broadcast(world_, box, 0);
    if (box.empty()) return std::nullopt;
    return std::move(box.front());
  }

  dlx::Outcome count(dlx::Team& team, std::vector<dlx::Subproblem> parts, std::size_t option_count,
                     std::uint64_t& found) override {
    return rank() == 0 ? serve(team, std::move(parts), found) : work(team, option_count, found);
  }

  const std::vector<dlx::Statistics>& statistics() const override { return statistics_; }

 private:
  // Rank 0: hands out parts, a share of what is left at a time (guided
  // self-scheduling: big batches first, single parts at the end), and sums.
  dlx::Outcome serve(dlx::Team& team, std::vector<dlx::Subproblem> parts, std::uint64_t& found) {
    std::deque<dlx::Subproblem> left(std::make_move_iterator(parts.begin()), std::make_move_iterator(parts.end()));
    bool stopped = false;
    std::mutex guard;
    const std::size_t workers = static_cast<std::size_t>(size()) * team.statistics().size();
    const auto take = [&] {
      std::lock_guard lock(guard);
      std::vector<dlx::Subproblem> batch;
      const std::size_t n = stopped ? 0 : std::min(left.size(), std::max<std::size_t>(1, left.size() / (2 * workers)));
      for (std::size_t k = 0; k < n; ++k, left.pop_front()) batch.push_back(std::move(left.front()));
      return batch;
    };
    const auto stop = [&] {
      std::lock_guard lock(guard);
      stopped = true;
    };

    team.set_feed(take);
    std::uint64_t found_here = 0;
    dlx::Outcome outcome = dlx::Outcome::exhausted;
    std::thread counting([&] {
      outcome = team.count(found_here);
      if (outcome != dlx::Outcome::exhausted) stop();
    });
    statistics_.assign(static_cast<std::size_t>(size()), {});
    std::uint64_t found_there = 0;
    dlx::Outcome outcome_there = dlx::Outcome::exhausted;
    for (int reporting = size() - 1; reporting > 0;) {
      const auto status = world_.iprobe(mpi::any_source, mpi::any_tag);
      if (!status) {  // a blocking receive would spin, taking a core from the counting
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
        continue;
      }
      if (status->tag() == Tag::ask) {
        world_.recv(status->source(), Tag::ask);
        std::vector<std::string> text;
        for (const dlx::Subproblem& part : take()) {
          std::ostringstream line;
          dlx::write_subproblem(line, part);
          text.push_back(line.str());
        }
        world_.send(status->source(), Tag::parts_given, text);
      } else {
        std::vector<std::uint64_t> r;
        world_.recv(status->source(), Tag::report, r);
        found_there += r.at(0);
        if (const auto theirs = static_cast<dlx::Outcome>(r.at(1)); theirs != dlx::Outcome::exhausted) {
          if (outcome_there == dlx::Outcome::exhausted) outcome_there = theirs;
          stop();
        }
        statistics_[static_cast<std::size_t>(status->source())] = statistics_of(r);
        --reporting;
      }
    }
    counting.join();
    statistics_[0] = sum(team.statistics());
    found = found_here + found_there;
    return outcome != dlx::Outcome::exhausted ? outcome : outcome_there;
  }

  // Any other rank: counts the parts rank 0 gives until it has none left.
  dlx::Outcome work(dlx::Team& team, std::size_t option_count, std::uint64_t& found) {
    team.set_feed([&] {
      world_.send(0, Tag::ask);
      std::vector<std::string> text;
      world_.recv(0, Tag::parts_given, text);
      std::vector<dlx::Subproblem> batch;
      for (std::size_t k = 0; k < text.size(); ++k) batch.push_back(dlx::read_subproblem(text[k], k + 1, option_count));
      return batch;
    });
    const dlx::Outcome outcome = team.count(found);
    world_.send(0, Tag::report, to_report(found, outcome, sum(team.statistics())));
    return outcome;
  }

  mpi::environment environment_;
  mpi::communicator world_;
  std::vector<dlx::Statistics> statistics_;
};

}  // namespace

}  // namespace dance::cli

// What join_cluster() looks up once it has loaded this module.
extern "C" dance::cli::Cluster* dance_join_cluster(int* argc, char*** argv) {
  return new dance::cli::MpiCluster(*argc, *argv);
}
