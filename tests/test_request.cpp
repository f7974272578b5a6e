// The driver's Request (dance/request.hpp): validate() is the one check
// every face's request goes through, and run_spec() the search it asks for.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "dance/request.hpp"

using dance::Job;
using dance::Request;

namespace {

Request asking(Job job, const std::string& reduction = "sudoku") {
  Request r;
  r.job = job;
  r.reduction = reduction;
  return r;
}

// What validate() says of `r`, as the command line words it ("" when nothing).
std::string refusal(const Request& r) {
  const auto wrong = dance::validate(r);
  return wrong ? wrong->code + ": " + wrong->message : "";
}

}  // namespace

TEST_CASE("validate: a request that can run passes, each rule between options refuses with its options as data") {
  CHECK(refusal(asking(Job::solve)).empty());
  CHECK(refusal(asking(Job::solve, "nosuch")) == "unknown_reduction: unknown reduction 'nosuch'");

  Request restarts = asking(Job::count);
  restarts.restarts = 100;
  CHECK(refusal(restarts) ==
        "bad_option: --restarts is for solve's first solution: one thread, without -n, --count or --unique");
  restarts.job = Job::solve;
  CHECK(refusal(restarts).empty());
  restarts.threads = 2;
  CHECK_FALSE(refusal(restarts).empty());

  Request unique = asking(Job::unique);
  CHECK(refusal(unique).empty());
  unique.solutions = 2;  // --unique -n 2: whether there is one, or two answers? Refused, not one of them dropped
  CHECK(refusal(unique) == "bad_option: --unique answers whether there is one answer: without -n");

  Request svg_count = asking(Job::count);
  svg_count.format = "svg";
  CHECK(refusal(svg_count) == "bad_option: count writes numbers: --format text or json");
  Request xml = asking(Job::solve);
  xml.format = "xml";
  CHECK(refusal(xml) == "bad_option: --format: sudoku writes text, line, grid, svg or json; found 'xml'");
  xml.job = Job::generate;  // generate lists only the formats that draw puzzles
  CHECK(refusal(xml) == "bad_option: --format: dance generate sudoku writes text, svg or json; found 'xml'");

  CHECK(refusal(asking(Job::split)) == "bad_option: --depth goes with split, and split needs it");
  Request split = asking(Job::split);
  split.depth = 0;
  CHECK(refusal(split).empty());
  Request resume = asking(Job::solve);
  resume.resume = "parts.txt";
  CHECK(refusal(resume) == "bad_option: --resume is for count");
  Request none = asking(Job::generate);
  none.solutions = 0;
  CHECK(refusal(none) == "bad_option: generate: -n must be at least 1");
  Request sample = asking(Job::solve);
  sample.sample = 3;
  CHECK(refusal(sample).empty());
  sample.threads = 2;
  CHECK(refusal(sample) ==
        "bad_option: --sample N draws N answers in one thread: without -n, --count, --unique, --restarts or --threads");
  sample.threads = 1;
  sample.job = Job::count;
  CHECK_FALSE(refusal(sample).empty());
}

TEST_CASE("validate: ranges and choices, and each face's words for the option at fault") {
  Request threads = asking(Job::solve);
  threads.threads = dance::most_threads + 1;
  const auto wrong = dance::validate(threads);
  REQUIRE(wrong);
  CHECK(wrong->message == "--threads is at most 1024");
  // The options kept as data: a face words them its way.
  CHECK(wrong->worded([](std::string_view name) { return std::string(name) + "="; }) == "threads= is at most 1024");
  for (const double seconds : {-1.0, std::nan("")}) {
    Request limit = asking(Job::solve);
    limit.time_limit = seconds;
    CHECK(refusal(limit) == "bad_option: --time-limit must be a number of seconds, 0 or more");
  }
  for (const dance::EngineSwitch& engine : dance::engine_switches()) {
    Request r = asking(Job::solve);
    r.*engine.word = "sometimes";
    CHECK(refusal(r) == "bad_option: --" + std::string(engine.name) + " is auto, on or off; found 'sometimes'");
    r.*engine.word = "off";
    CHECK(refusal(r).empty());
    CHECK(dance::run_spec(r).engine.*engine.run == dlx::Switch::off);  // and the run's switch is off
  }
  Request symmetry = asking(Job::generate);
  symmetry.symmetry = "spiral";
  CHECK(refusal(symmetry) == "bad_option: --symmetry is none, rot180, rot90, mirror or diagonal; found 'spiral'");
  Request difficulty = asking(Job::generate);
  difficulty.difficulty = "brutal";
  CHECK(refusal(difficulty) == "bad_option: --difficulty is easy, medium, hard or fiendish; found 'brutal'");
  difficulty.difficulty = "";  // given, and empty: no grade, said so (it was taken as none given)
  CHECK(refusal(difficulty) == "bad_option: --difficulty is easy, medium, hard or fiendish; found ''");
  difficulty.difficulty.reset();
  CHECK(refusal(difficulty).empty());
}

TEST_CASE("run_spec: each job's search") {
  CHECK(dance::run_spec(asking(Job::solve)).task == dance::Task::solve);
  CHECK(dance::run_spec(asking(Job::count)).task == dance::Task::count);
  CHECK(dance::run_spec(asking(Job::emit)).task == dance::Task::emit);
  const dance::RunSpec unique = dance::run_spec(asking(Job::unique));
  CHECK((unique.task == dance::Task::unique && !unique.first_too));
  const dance::RunSpec check = dance::run_spec(asking(Job::check));
  CHECK((check.task == dance::Task::unique && check.first_too));  // check's verdict comes with its first answer
  Request json = asking(Job::unique);
  json.format = "json";
  CHECK(dance::run_spec(json).first_too);
  Request every = asking(Job::solve);
  every.threads = 0;
  CHECK(dance::run_spec(every).threads >= 1);  // 0: one a core
}
