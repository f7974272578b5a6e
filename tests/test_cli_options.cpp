// The command line: its own options against the reductions' options (no
// reduction may take a name of dance's own, and abbreviations are not
// guessed, so that adding a reduction never changes what an option means),
// and its jobs on threads.
#include <catch2/catch.hpp>
#include <fstream>
#include <iterator>
#include <sstream>

#include "dance/reduction.hpp"
#include "dance/parallel.hpp"
#include "helpers.hpp"
#include "dance/own_options.hpp"
#include "settings.hpp"

using namespace dance;

namespace {

struct NoInstance : Instance {};
struct NoAnswer : Answer {};

// A reduction with one option of the given name, and nothing else.
class Named final : public TypedReduction<NoInstance, NoAnswer> {
 public:
  explicit Named(std::string option) : option_(std::move(option)) {}
  [[nodiscard]] std::string_view name() const override { return "named"; }
  [[nodiscard]] std::string_view summary() const override { return "an option name under test"; }
  [[nodiscard]] std::vector<OptionSpec> options() const override { return {OptionSpec::integer(option_, "N", 1, 9, "under test")}; }
  [[nodiscard]] std::unique_ptr<InstanceReader> read(std::istream&, const ModelOptions&) const override { return nullptr; }
  [[nodiscard]] Encoding encode(const NoInstance&) const override { return {}; }
  [[nodiscard]] std::unique_ptr<NoAnswer> decode(const NoInstance&, std::span<const dlx::OptionId>) const override { return nullptr; }
  [[nodiscard]] std::optional<std::string> verify(const NoInstance&, const NoAnswer&) const override { return std::nullopt; }
  void print(std::ostream&, const NoInstance&, const NoAnswer&) const override {}
  void write_json(nlohmann::ordered_json&, const NoInstance&, const NoAnswer&) const override {}

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

TEST_CASE("each of dance's own options goes with the commands of its row, and the others refuse it") {
  using dance::Command;
  using Kind = dance::OwnOption::Kind;
  for (const dance::OwnOption& o : dance::own_options()) {
    if (o.name == "help" || o.name == "version") continue;
    for (const Command command : dance::every_command) {
      std::vector<std::string> args{std::string(dance::name_of(command))};
      if (command == Command::generate) args.emplace_back("sudoku");
      else if (command != Command::list && command != Command::serve) args.insert(args.end(), {"queens", "--size", "4"});
      if (command == Command::split && o.name != "depth") args.insert(args.end(), {"--depth", "1"});
      args.push_back(o.dashed());
      if (o.kind == Kind::whole) args.push_back(std::to_string(std::max<std::uint64_t>(o.lo, 1)));
      if (o.kind == Kind::seconds) args.emplace_back("1");
      if (o.kind == Kind::text) args.emplace_back("x");
      if (o.kind == Kind::choice) args.emplace_back(o.choices->back());
      INFO(Catch::rangeToString(args));
      const auto parsed = parse(args);
      const std::string refused = o.dashed() + " is for " + o.commands.listed() + ", not " + args[0];
      if (o.commands.contains(command)) {
        // Taken: parsed, or refused by a rule between options (--resume without counting), not by the command.
        CHECK((parsed.settings || !Catch::contains(parsed.message, "is for " + o.commands.listed())));
      } else {
        CHECK(parsed.status == 2);
        CHECK_THAT(parsed.message, Catch::Contains(refused));
      }
    }
  }
}

TEST_CASE("a value of dance's own out of its row's range is refused with the range") {
  CHECK_THAT(parse({"serve", "--port", "65536"}).message, Catch::Contains("--port is at most 65535"));
  REQUIRE(parse({"serve", "--port", "65535"}).settings);
  CHECK_THAT(parse({"solve", "queens", "-j", "1025"}).message, Catch::Contains("--threads is at most 1024"));
  CHECK_THAT(parse({"serve", "--max-connections", "0"}).message, Catch::Contains("--max-connections must be at least 1"));
  CHECK_THAT(parse({"generate", "sudoku", "--difficulty", "brutal"}).message,
             Catch::Contains("--difficulty is easy, medium, hard or fiendish; found 'brutal'"));
  const auto serve = parse({"serve"});
  REQUIRE(serve.settings);
  CHECK(serve.settings->time_limit == 5);  // serve's own defaults: a limit per request, every core
  CHECK(serve.settings->threads == 0);
}

TEST_CASE("dance serve --help and dance generate PUZZLE --help show their command's options only") {
  const auto serve = parse({"serve", "--help"});
  CHECK(serve.status == 0);
  CHECK_THAT(serve.message, Catch::Contains("--max-connections") && Catch::Contains("--time-limit") &&
                                !Catch::Contains("--symmetry") && !Catch::Contains("--node-limit"));
  const auto generate = parse({"generate", "sudoku", "--help"});
  CHECK_THAT(generate.message, Catch::Contains("Usage: dance generate sudoku") && Catch::Contains("--diagonals") &&
                                   Catch::Contains("--symmetry") && !Catch::Contains("--unique"));
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
  CHECK_THROWS_WITH(dance::in_parallel(1000, 3, job_10_fails), "job 10 fails");
  ran = 0;
  CHECK_THROWS_WITH(dance::in_parallel(1000, 1, job_10_fails), "job 10 fails");
  CHECK(ran == 11);  // one thread takes the jobs in order: none is taken after the failure
  CHECK_THROWS_WITH(dance::in_parallel(
                        10, 2, [](std::size_t, std::size_t) {}, [] { throw std::runtime_error("meanwhile fails"); }),
                    "meanwhile fails");
}

TEST_CASE("OptionSpec: each kind of option checked in one place, with messages that name the long option") {
  const auto size = OptionSpec::dimensions("size", "WxH", 1, 200, "");
  CHECK_FALSE(size.check("9x6"));
  CHECK_FALSE(size.check("9X6"));
  CHECK(*size.check("9by6") == " expects WxH with sides from 1 to 200; found '9by6'");
  CHECK_THAT(*size.check("9x999"), Catch::Contains("found '9x999'"));
  CHECK(size.check("0x5"));
  const auto k = OptionSpec::integer("k,k", "K", 1, 30, "");
  CHECK_FALSE(k.check("30"));
  CHECK(*k.check("-3") == " expects a whole number from 1 to 30; found '-3'");  // after the option's name, as each face writes it
  CHECK(k.check("31"));
  CHECK(k.check("3 "));
  const auto format = OptionSpec::choice("format", {"edge", "degree", "position"}, "");
  CHECK(format.argument == "edge|degree|position");
  CHECK_FALSE(format.check("degree"));
  CHECK(*format.check("xml") == " is edge, degree or position; found 'xml'");
  CHECK_FALSE(OptionSpec::flag("max", "").check(""));
  CHECK_FALSE(OptionSpec::text("from", "S", "").check("anything"));
}

TEST_CASE("ModelOptions: values converted once checked, and a reduction's reader sees only checked values") {
  const ModelOptions options = ModelOptions().set("size", "9x6").set("n", "12");
  CHECK(options.dimensions("size", {7, 7}) == std::pair{9L, 6L});
  CHECK(options.dimensions("absent", {7, 5}) == std::pair{7L, 5L});
  CHECK(options.number("n", 0) == 12);
  CHECK(options.number("absent", 4) == 4);
  // Through Reduction::reader(): the spec refuses before the reduction reads.
  std::istringstream none;
  CHECK_THROWS_WITH(Named("n").reader(none, ModelOptions().set("n", "10")), "-n expects a whole number from 1 to 9; found '10'");
  CHECK(Named("n").reader(none, ModelOptions().set("n", "9")) == nullptr);
  CHECK_THROWS_WITH(find_reduction("queens")->reader(none, ModelOptions().set("size", "0")),
                    "--size expects a whole number from 1 to 1000; found '0'");
  CHECK(find_reduction("sudoku")->puzzle_formats() == std::vector<std::string>{"text", "svg", "json"});
  CHECK(find_reduction("signpost")->puzzle_formats() == std::vector<std::string>{"text", "svg", "id", "json"});
  CHECK(find_reduction("clique")->puzzle_formats() == std::vector<std::string>{"text", "json"});
}

TEST_CASE("the man page names every option, dance's own and each reduction's") {
  std::ifstream in(std::string(DANCE_SOURCE_DIR) + "/docs/dance.1");
  REQUIRE(in);
  const std::string page{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  // troff writes each '-' of an option as \-.
  const auto in_page = [&page](const std::string& name) {
    std::string written = "\\-\\-";
    for (const char c : name) written += c == '-' ? std::string("\\-") : std::string(1, c);
    return page.find(written) != std::string::npos;
  };
  std::vector<std::string> names = cli::own_option_names();
  CHECK(names.size() > 20);
  for (const Reduction* r : reductions())
    for (const OptionSpec& spec : r->options()) names.push_back(spec.long_name());
  for (const std::string& name : names) {
    INFO("--" << name);
    CHECK(in_page(name));
  }
}

TEST_CASE("docs/serve.md names every field of dance's own options that a request may set") {
  const std::string page = dance::test::text_of(std::string(DANCE_SOURCE_DIR) + "/docs/serve.md");
  for (const dance::OwnOption& o : dance::own_options())
    for (const std::string_view field : {o.field, o.generate_field}) {
      if (field.empty()) continue;
      INFO(field);
      CHECK(page.find("`" + std::string(field) + "`") != std::string::npos);
    }
}
