#include "dlx/team.hpp"

#include <atomic>
#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>

namespace dlx {
namespace {

// The parts not yet taken, and the workers waiting for one. The pause flag
// is up while a worker waits with no part to take and none to come from the
// feed (or the search stops), so that busy workers pause and offer() some of
// their work.
class Pool {
 public:
  Pool(Team::Feed feed, std::atomic<bool>& pause) : feed_(std::move(feed)), pause_(pause) {}

  // The next part, or nothing once every part is searched or the search stops.
  std::optional<Subproblem> take() {
    std::unique_lock lock(mutex_);
    ++waiting_;
    while (!stopped_ && parts_.empty() && (feed_ || busy_ > 0)) {
      if (feed_) {  // under the lock: one call at a time, as Team::set_feed promises
        std::vector<Subproblem> more = feed_();
        if (more.empty()) feed_ = nullptr;
        for (Subproblem& part : more) parts_.push_back(std::move(part));
        continue;
      }
      signal();
      changed_.wait(lock);
    }
    --waiting_;
    std::optional<Subproblem> part;
    if (!stopped_ && !parts_.empty()) {
      part = std::move(parts_.front());
      parts_.pop_front();
      ++busy_;
    } else {
      changed_.notify_all();  // the end: wake every waiter to see it
    }
    signal();
    return part;
  }
  // The part taken is searched.
  void done() {
    std::lock_guard lock(mutex_);
    if (--busy_ == 0 && parts_.empty()) changed_.notify_all();
  }
  // A paused worker gives some of its work to those waiting.
  void offer(Solver& solver) {
    std::lock_guard lock(mutex_);
    if (stopped_ || waiting_ == 0 || !parts_.empty()) return;
    std::vector<Subproblem> given;
    solver.donate(given);
    for (Subproblem& part : given) parts_.push_back(std::move(part));
    if (!given.empty()) changed_.notify_all();
    signal();
  }
  // Ends the search for everyone; the first reason given is kept.
  void stop(Outcome why) {
    std::lock_guard lock(mutex_);
    if (!stopped_) outcome_ = why;
    stopped_ = true;
    signal();
    changed_.notify_all();
  }
  [[nodiscard]] bool stopped() {
    std::lock_guard lock(mutex_);
    return stopped_;
  }
  [[nodiscard]] Outcome outcome() const { return outcome_; }

 private:
  void signal() {
    pause_.store(stopped_ || (waiting_ > 0 && parts_.empty() && busy_ > 0 && !feed_), std::memory_order_relaxed);
  }

  Team::Feed feed_;  // null once it has no more
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<Subproblem> parts_;
  std::size_t waiting_ = 0, busy_ = 0;
  bool stopped_ = false;
  Outcome outcome_ = Outcome::exhausted;
  std::atomic<bool>& pause_;
};

}  // namespace

Team::Team(std::vector<Solver*> workers) : workers_(std::move(workers)), stats_(workers_.size()) {
  workers_[0]->reset();
  whole_ = workers_[0]->subproblem();
  parts_ = {whole_};
}

void Team::set_parts(std::vector<Subproblem> parts) {
  parts_ = parts.empty() ? std::vector<Subproblem>{whole_} : std::move(parts);
  feed_ = nullptr;
}

void Team::set_feed(Feed feed) { feed_ = std::move(feed); }

Outcome Team::count(std::uint64_t& found) { return run(nullptr, found); }

Outcome Team::visit(const std::function<bool(std::span<const OptionId>)>& visit) {
  std::uint64_t found = 0;
  return run(&visit, found);
}

Outcome Team::run(const std::function<bool(std::span<const OptionId>)>* visit, std::uint64_t& found) {
  std::atomic<bool> pause{false};
  // A fixed list of parts is a feed that gives them all at once.
  Pool pool(feed_ ? feed_ : [this, given = false]() mutable {
    return std::exchange(given, true) ? std::vector<Subproblem>{} : parts_;
  }, pause);
  std::mutex visiting;
  std::atomic<std::uint64_t> total{0};

  const auto work = [&](std::size_t w) {
    Solver& solver = *workers_[w];
    Limits limits = solver.limits();
    limits.pause = &pause;
    solver.set_limits(limits);
    const Statistics start = solver.statistics();
    while (const std::optional<Subproblem> part = pool.take()) {
      for (bool more = solver.enter(*part); more;) {
        const std::uint64_t before = solver.statistics().solutions;
        const Outcome outcome = visit ? solver.next() : solver.count();
        if (!visit) total += solver.statistics().solutions - before;
        switch (outcome) {
          case Outcome::paused:
            pool.offer(solver);
            more = !pool.stopped();
            break;
          case Outcome::solution: {
            std::lock_guard lock(visiting);
            if (pool.stopped()) {
              more = false;
            } else {
              ++total;
              if (!(*visit)(solver.solution())) pool.stop(Outcome::solution_limit);
            }
            break;
          }
          case Outcome::exhausted: more = false; break;
          default:  // a limit or an interrupt: the result is partial
            pool.stop(outcome);
            more = false;
        }
      }
      pool.done();
    }
    limits.pause = nullptr;
    solver.set_limits(limits);
    stats_[w] = since(solver.statistics(), start);
  };
  // A worker's exception (a hook's, a visitor's) stops them all and goes to the caller.
  std::mutex failing;
  std::exception_ptr failure;
  const auto guarded = [&](std::size_t w) {
    try {
      work(w);
    } catch (...) {
      {
        const std::lock_guard lock(failing);
        if (!failure) failure = std::current_exception();
      }
      pool.stop(Outcome::interrupted);
    }
  };
  std::vector<std::thread> threads;
  for (std::size_t w = 1; w < workers_.size(); ++w) threads.emplace_back(guarded, w);
  guarded(0);
  for (std::thread& t : threads) t.join();
  if (failure) std::rethrow_exception(failure);
  found = total;
  return pool.outcome();
}

}  // namespace dlx
