// The command line: its own options against the reductions' options (no
// reduction may take a name of dance's own, and abbreviations are not
// guessed, so that adding a reduction never changes what an option means),
// and its jobs on threads.
#include <catch2/catch.hpp>

#include "dance/reduction.hpp"
#include "parallel.hpp"
#include "settings.hpp"

using namespace dance;

namespace {

// A reduction with one option of the given name, and nothing else.
class Named final : public Reduction {
 public:
  explicit Named(std::string option) : option_(std::move(option)) {}
  [[nodiscard]] std::string_view name() const override { return "named"; }
  [[nodiscard]] std::string_view summary() const override { return "an option name under test"; }
  [[nodiscard]] std::vector<OptionSpec> options() const override { return {{option_, "N", "under test"}}; }
  [[nodiscard]] std::unique_ptr<InstanceReader> reader(std::istream&, const ModelOptions&) const override { return nullptr; }
  [[nodiscard]] Encoding encode(const Instance&) const override { return {}; }
  [[nodiscard]] std::unique_ptr<Answer> decode(const Instance&, std::span<const dlx::OptionId>) const override { return nullptr; }
  [[nodiscard]] std::optional<std::string> verify(const Instance&, const Answer&) const override { return std::nullopt; }
  void print(std::ostream&, const Instance&, const Answer&) const override {}

 private:
  std::string option_;
};

cli::Parsed parse(std::vector<std::string> args) { return cli::parse(args); }

}  // namespace

TEST_CASE("no built-in reduction takes a name of dance's own options") {
  for (const Reduction* r : reductions()) {
    INFO(r->name());
    CHECK_FALSE(cli::clashing_option(*r));
  }
}

TEST_CASE("a reduction's option may not take a name of dance's own, long or short") {
  for (const char* name : {"seed", "n,n", "k,n", "solutions", "node-limit", "t", "threads", "help", "progress"}) {
    INFO(name);
    const auto clash = cli::clashing_option(Named(name));
    REQUIRE(clash);
    CHECK_THAT(*clash, Catch::Contains("named's option") && Catch::Contains("is one of dance's own"));
  }
  CHECK_FALSE(cli::clashing_option(Named("pairs")));
  CHECK_FALSE(cli::clashing_option(Named("size")));
}

TEST_CASE("abbreviations are not guessed: --n is no --node-limit, --sol no --solutions") {
  const auto n = parse({"count", "queens", "--size", "6", "--n", "4"});
  CHECK(n.status == 2);
  CHECK_THAT(n.message, Catch::Contains("unrecognised option '--n'"));
  CHECK(parse({"count", "queens", "--size", "6", "--node", "4"}).status == 2);
  CHECK(parse({"solve", "queens", "--size", "6", "--sol", "0"}).status == 2);
  const auto whole = parse({"count", "queens", "--size", "6", "--node-limit", "4"});
  REQUIRE(whole.settings);
  CHECK(whole.settings->node_limit == 4);
}

TEST_CASE("dance solve NAME --help shows that reduction's options and the common ones") {
  const auto help = parse({"solve", "queens", "--help"});
  CHECK(help.status == 0);
  CHECK_THAT(help.message, Catch::Contains("Options of queens") && Catch::Contains("--size N") &&
                               Catch::Contains("--node-limit") && Catch::Contains("dance --help"));
  CHECK_THAT(help.message, !Catch::Contains("Options of sudoku") && !Catch::Contains("--symmetry"));
}

TEST_CASE("in_parallel: a job's exception reaches the caller once every thread has stopped") {
  std::atomic<int> ran{0};
  const auto job_10_fails = [&ran](std::size_t job, std::size_t) {
    ++ran;
    if (job == 10) throw std::runtime_error("job 10 fails");
  };
  CHECK_THROWS_WITH(cli::in_parallel(1000, 3, job_10_fails), "job 10 fails");
  ran = 0;
  CHECK_THROWS_WITH(cli::in_parallel(1000, 1, job_10_fails), "job 10 fails");
  CHECK(ran == 11);  // one thread takes the jobs in order: none is taken after the failure
  CHECK_THROWS_WITH(cli::in_parallel(
                        10, 2, [](std::size_t, std::size_t) {}, [] { throw std::runtime_error("meanwhile fails"); }),
                    "meanwhile fails");
}

TEST_CASE("ModelOptions: one parser of sizes and one check of choices, with messages that name the option") {
  const ModelOptions options = ModelOptions().set("size", "9x6").set("box", "3X4").set("bad", "9by6").set("big", "9x999")
                                   .set("format", "grid").set("odd", "xml");
  CHECK(options.dimensions("size", "WxH", {7, 7}, 1, 200) == std::pair{9L, 6L});
  CHECK(options.dimensions("box", "RxC", {0, 0}, 1, 64) == std::pair{3L, 4L});
  CHECK(options.dimensions("absent", "WxH", {7, 5}, 1, 200) == std::pair{7L, 5L});
  CHECK_THROWS_WITH(options.dimensions("bad", "WxH", {7, 7}, 1, 200), "--bad expects WxH with sides from 1 to 200; found '9by6'");
  CHECK_THROWS_WITH(options.dimensions("big", "WxH", {7, 7}, 1, 200), Catch::Contains("found '9x999'"));
  CHECK(options.choice("format", {"line", "grid"}) == "grid");
  CHECK(options.choice("absent", {"line", "grid"}).empty());
  CHECK_THROWS_WITH(options.choice("odd", {"edge", "degree", "position"}), "--odd is edge, degree or position; found 'xml'");
}
