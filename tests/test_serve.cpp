// dance serve over real HTTP on a free port: the JSON API's answers (checked
// independently), its refusals (400 with the reduction's message, 413), its
// limits (a search cut short says unknown), concurrent requests, the page's
// files, and a stop while a search runs.
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <catch2/catch.hpp>
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <map>
#include <set>
#include <thread>

#include "dance/own_options.hpp"
#include "server.hpp"

namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using nlohmann::json;

// A server on 127.0.0.1 at a port the system chose, running until the fixture ends.
class Running {
 public:
  explicit Running(dance::server::ServeOptions options = defaults()) : server_(options, stop_), thread_([this] { server_.run(); }) {}
  ~Running() { stop(); }
  void stop() {
    stop_ = true;
    if (thread_.joinable()) thread_.join();
  }
  [[nodiscard]] unsigned short port() const { return server_.port(); }

  static dance::server::ServeOptions defaults() {
    dance::server::ServeOptions options;
    options.port = 0;
    options.threads = 2;
    options.limits.time_limit = 2;
    return options;
  }

 private:
  std::atomic<bool> stop_{false};
  dance::server::Server server_;
  std::thread thread_;
};

struct Reply {
  unsigned status;
  std::string type;
  std::string body;
  std::string length;  // Content-Length
  std::string allow;   // Allow (a 405's)
  [[nodiscard]] json data() const { return json::parse(body); }
};

// `headers` replace the request's own (Host, Content-Type: application/json); an empty value drops one.
Reply request(unsigned short port, http::verb method, const std::string& target, const std::string& body = "",
              const std::string& host = "127.0.0.1", const std::map<std::string, std::string>& headers = {}) {
  net::io_context io;
  beast::tcp_stream stream(io);
  stream.connect(net::ip::tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  http::request<http::string_body> out{method, target, 11};
  out.set(http::field::host, host);
  out.set(http::field::content_type, "application/json");
  out.body() = body;
  out.prepare_payload();
  for (const auto& [name, value] : headers) {
    if (value.empty()) out.erase(name);
    else out.set(name, value);
  }
  http::write(stream, out);
  beast::flat_buffer buffer;
  http::response_parser<http::string_body> in;
  in.body_limit(64 << 20);
  in.skip(method == http::verb::head);  // a HEAD answer has a Content-Length and no body
  http::read(stream, buffer, in);
  const auto& response = in.get();
  return {response.result_int(), std::string(response[http::field::content_type]), response.body(),
          std::string(response[http::field::content_length]), std::string(response[http::field::allow])};
}

// Bytes sent as they are, and the status line of the answer (empty when the server closed without one).
std::string raw(unsigned short port, const std::string& bytes) {
  net::io_context io;
  net::ip::tcp::socket socket(io);
  socket.connect(net::ip::tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  boost::system::error_code error;
  net::write(socket, net::buffer(bytes), error);
  std::string answer;
  net::read_until(socket, net::dynamic_buffer(answer), "\r\n", error);
  return answer.substr(0, answer.find("\r\n"));
}

Reply post(unsigned short port, const std::string& endpoint, const json& body) {
  return request(port, http::verb::post, "/api/" + endpoint, body.dump());
}

// An independent check of a solved n x n sudoku line with the squarest boxes: every row, column and box
// holds each value once, and the puzzle's clues are kept.
bool solves(const std::string& puzzle, const std::string& answer, int box_rows, int box_columns) {
  const int n = box_rows * box_columns;
  if (static_cast<int>(answer.size()) != n * n || puzzle.size() != answer.size()) return false;
  for (std::size_t cell = 0; cell < puzzle.size(); ++cell)
    if (puzzle[cell] != '.' && puzzle[cell] != answer[cell]) return false;
  for (int unit = 0; unit < n; ++unit) {
    std::set<char> row, column, box;
    for (int k = 0; k < n; ++k) {
      row.insert(answer[unit * n + k]);
      column.insert(answer[k * n + unit]);
      const int r = unit / box_rows * box_rows + k / box_columns, c = unit % box_rows * box_columns + k % box_columns;
      box.insert(answer[r * n + c]);
    }
    if (row.size() != static_cast<std::size_t>(n) || column.size() != row.size() || box.size() != row.size()) return false;
  }
  return true;
}

const std::string puzzle17 = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

// This process's resident memory, in bytes (Linux).
std::size_t resident_bytes() {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind("VmRSS:", 0) == 0) return std::stoul(line.substr(6)) * 1024;
  return 0;
}

// A connection that has sent `bytes` and is then left open, or closed by close().
struct Held {
  Held(unsigned short port, const std::string& bytes) : socket(io) {
    socket.connect(net::ip::tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
    if (!bytes.empty()) net::write(socket, net::buffer(bytes));
  }
  void close() {
    boost::system::error_code ignored;
    socket.shutdown(net::ip::tcp::socket::shutdown_both, ignored);
    socket.close(ignored);
  }
  net::io_context io;
  net::ip::tcp::socket socket;
};

std::string api_request(const json& body) {
  const std::string text = body.dump();
  return "POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: " +
         std::to_string(text.size()) + "\r\n\r\n" + text;
}

const json knight_count{{"reduction", "hamilton"}, {"text", ""}, {"options", {{"knight", "8x8"}}}, {"count", true}};

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}


}  // namespace

TEST_CASE("serve: solve answers a sudoku with its one solution") {
  Running server;
  const Reply reply = post(server.port(), "solve", {{"reduction", "sudoku"}, {"text", puzzle17}});
  REQUIRE(reply.status == 200);
  CHECK(reply.type == "application/json");
  const json data = reply.data();
  CHECK(data["status"] == "found");
  const std::string answer = data["output"].get<std::string>().substr(0, 81);
  CHECK(answer == "468931527751624839392578461134756298289413675675289314846192753513867942927345186");
  CHECK(solves(puzzle17, answer, 3, 3));
}

TEST_CASE("serve: generate makes puzzles that check finds unique, with their solutions") {
  Running server;
  for (const int seed : {1, 2, 3}) {
    const Reply made = post(server.port(), "generate",
                            {{"puzzle", "sudoku"}, {"options", {{"size", 4}}}, {"seed", seed}, {"with_solution", true}});
    REQUIRE(made.status == 200);
    REQUIRE(made.data()["status"] == "found");
    std::istringstream line(made.data()["output"].get<std::string>());
    std::string puzzle, solution;
    line >> puzzle >> solution;
    CHECK(solves(puzzle, solution, 2, 2));
    const json checked = post(server.port(), "check", {{"reduction", "sudoku"}, {"text", puzzle}}).data();
    CHECK(checked["verdict"] == "unique");
    CHECK(checked["solution"] == solution + "\n");
  }
}

TEST_CASE("serve: generate --format svg draws each puzzle in output, and its value is the puzzle solve reads") {
  Running server;
  const json made = post(server.port(), "generate", {{"puzzle", "sudoku"}, {"options", {{"size", 4}, {"format", "svg"}}}, {"seed", 3}}).data();
  CHECK(made["output"].get<std::string>().find("<svg") != std::string::npos);
  const std::string puzzle = made["puzzles"][0]["puzzle"];
  CHECK(puzzle.size() == 16);
  CHECK(post(server.port(), "check", {{"reduction", "sudoku"}, {"text", puzzle}}).data()["verdict"] == "unique");
  // A format whose presenter draws no puzzles: refused by validate(), the option named in the request's terms.
  const Reply grid = post(server.port(), "generate", {{"puzzle", "sudoku"}, {"options", {{"format", "grid"}}}});
  CHECK(grid.status == 400);
  CHECK(grid.data()["error"] == "options.format: dance generate sudoku writes text, svg or json; found 'grid'");
}

TEST_CASE("serve: check tells unique, multiple and none") {
  Running server;
  const auto verdict = [&](const std::string& text) {
    return post(server.port(), "check", {{"reduction", "sudoku"}, {"text", text}}).data()["verdict"];
  };
  CHECK(verdict(puzzle17) == "unique");
  CHECK(verdict("1.2.3.4.........") == "multiple");
  CHECK(verdict("11..............") == "none");
  const json none = post(server.port(), "check", {{"reduction", "sudoku"}, {"text", "11.............."}}).data();
  CHECK_THAT(none["log"].get<std::string>(), Catch::Contains("both 1"));
  CHECK_FALSE(none.contains("solution"));
}

TEST_CASE("serve: each answer and each count as a value beside the output, each answer once") {
  Running server;
  const json counted = post(server.port(), "solve", {{"reduction", "queens"}, {"text", "4\n5\n6\n"}, {"count", true}}).data();
  CHECK(counted["counts"] == json::array({2, 10, 4}));
  CHECK(counted["output"] == "2\n10\n4\n");
  // an instance proven to have none before any search counts 0 in its place
  const json clash = post(server.port(), "solve",
                          {{"reduction", "sudoku"}, {"text", "1.2.3.4.........\n11..............\n1...............\n"}, {"count", true}})
                         .data();
  CHECK(clash["counts"] == json::array({4, 0, 72}));
  CHECK(clash["output"] == "4\n0\n72\n");
  // count and unique at once: refused, not one of them dropped
  const Reply both_jobs = post(server.port(), "solve", {{"reduction", "queens"}, {"text", "6\n"}, {"count", true}, {"unique", true}});
  CHECK(both_jobs.status == 400);
  CHECK_THAT(both_jobs.data()["error"].get<std::string>(), Catch::Contains("ask for different answers"));
  const json boards = post(server.port(), "solve", {{"reduction", "queens"}, {"text", "4\n"}, {"solutions", 5}}).data();
  const std::set<std::string> both{". Q . .\n. . . Q\nQ . . .\n. . Q .\n", ". . Q .\nQ . . .\n. . . Q\n. Q . .\n"};
  REQUIRE(boards["answers"].size() == 2);
  const std::string output = boards["output"];  // the text of both, once: the answers are values only
  CHECK((output == *both.begin() + "\n" + *both.rbegin() || output == *both.rbegin() + "\n" + *both.begin()));
  std::set<json> columns;  // the structured answers: the same boards
  for (const json& answer : boards["answers"]) {
    CHECK(answer["instance"] == 1);
    CHECK(answer.size() == 2);  // instance and answer, no text
    columns.insert(answer["answer"]["columns"]);
  }
  CHECK(columns == std::set<json>{json{2, 4, 1, 3}, json{3, 1, 4, 2}});
  const json lines = post(server.port(), "solve", {{"reduction", "queens"}, {"text", "4\n2\n"}, {"options", {{"format", "json"}}}}).data();
  CHECK(lines["output"] == "{\"status\":\"found\",\"answer\":{\"columns\":[2,4,1,3]}}\n{\"status\":\"none\"}\n");
  const json batch = post(server.port(), "solve", {{"reduction", "sudoku"}, {"text", puzzle17 + "\n" + puzzle17 + "\n"}}).data();
  REQUIRE(batch["answers"].size() == 2);
  CHECK(batch["answers"][1]["instance"] == 2);
  std::string grid;
  for (const json& row : batch["answers"][1]["answer"]["rows"])
    for (const json& value : row) grid += std::to_string(value.get<int>());
  CHECK(solves(puzzle17, grid, 3, 3));
  CHECK(batch["output"] == grid + "\n" + grid + "\n");
}

TEST_CASE("serve: every field of dance's own options' table is read by its type at the endpoints that take it") {
  const std::atomic<bool> running{false};
  for (const dance::OwnOption& o : dance::own_options()) {
    if (o.field.empty()) continue;
    CHECK(o.kind != dance::OwnOption::Kind::text);  // no field names a file, nor any free text
    for (const std::string endpoint : {"solve", "generate", "check"}) {
      const bool taken = endpoint == "check" ? o.check_takes
                                             : o.commands.contains(endpoint == "solve" ? dance::Command::solve
                                                                                       : dance::Command::generate);
      const std::string field(endpoint == "generate" && !o.generate_field.empty() ? o.generate_field : o.field);
      json body = endpoint == "generate" ? json{{"puzzle", "sudoku"}} : json{{"reduction", "queens"}, {"text", "4\n"}};
      body[field] = json::array();  // no field of any kind is an array
      INFO(endpoint << ": " << body.dump());
      const auto answer = dance::server::call_api(endpoint, body.dump(), dance::server::ApiLimits(), running);
      CHECK(answer.status == 400);
      if (taken) CHECK_THAT(answer.body, Catch::Contains(field) && !Catch::Contains("unknown field"));
      else CHECK_THAT(answer.body, Catch::Contains("unknown field \\\"" + field));
    }
  }
}

TEST_CASE("serve: a whole-number field takes a JSON integer, -0 too, and every refusal says what it expected") {
  // From an attacker's test: "solutions": 1.0 was told "from 1 to 1000", and "seed": -0 (JSON's 0) was refused.
  const std::atomic<bool> running{false};
  const auto call = [&](const char* endpoint, json body, const char* field, const std::string& value) {
    std::string text = body.dump();
    text.insert(text.size() - 1, ",\"" + std::string(field) + "\":" + value);
    return dance::server::call_api(endpoint, text, dance::server::ApiLimits(), running);
  };
  const json solve{{"reduction", "queens"}, {"text", "5\n"}};
  const json generate{{"puzzle", "sudoku"}, {"options", {{"size", 4}}}};
  const std::tuple<const char*, json, const char*, std::string> fields[] = {
      {"solve", solve, "solutions", "\"solutions\" must be a whole number from 1 to 1000 (count: true counts them all)"},
      {"solve", solve, "sample", "\"sample\" must be a whole number from 1 to 1000"},
      {"solve", solve, "seed", "\"seed\" must be a whole number from 0 to 18446744073709551615"},
      {"solve", solve, "node_limit", "\"node_limit\" must be a whole number from 0 to 18446744073709551615"},
      {"generate", generate, "n", "\"n\" must be a whole number from 1 to 20"},
      {"generate", generate, "seed", "\"seed\" must be a whole number from 0 to 18446744073709551615"}};
  for (const auto& [endpoint, body, field, range] : fields) {
    INFO(endpoint << " " << field);
    const auto expect = [&](const std::string& value, int status, const std::string& message) {
      INFO(value);
      const auto answer = call(endpoint, body, field, value);
      CHECK(answer.status == status);
      if (!message.empty()) CHECK(json::parse(answer.body)["error"] == message);
    };
    const bool from_one = range.find("from 1 ") != std::string::npos;
    expect("1", 200, "");
    expect("-0", from_one ? 400 : 200, from_one ? range + "; found 0" : "");  // -0 is 0
    expect("1.0", 400, range + ", written without a fraction or an exponent (1000, not 1e3 or 1000.0); found 1.0");
    expect("1e3", 400, range + ", written without a fraction or an exponent (1000, not 1e3 or 1000.0); found 1000.0");
    expect("1.5", 400, range + ", written without a fraction or an exponent (1000, not 1e3 or 1000.0); found 1.5");
    expect("-1", 400, range + "; found -1");
    expect("\"1\"", 400, range + " (a JSON number); found a string");
    expect("true", 400, range + " (a JSON number); found true or false");
    expect("null", 400, range + " (a JSON number); found null");
    expect("18446744073709551616", 400, range + "; found 1.8446744073709552e+19");
    expect("1e400", 400, "the body holds a number too large for any field");
  }
  // A reduction's whole-number option says what it found too.
  for (const auto& [value, found] : {std::pair<std::string, std::string>{"1.0", "1.0"}, {"true", "true or false"}, {"null", "null"},
                                     {"18446744073709551616", "1.8446744073709552e+19"}}) {
    const auto answer = dance::server::call_api("solve", R"({"reduction":"queens","text":"","count":true,"options":{"size":)" + value + "}}",
                                                dance::server::ApiLimits(), running);
    CHECK(answer.status == 400);
    CHECK(json::parse(answer.body)["error"] == "options.size must be a whole number (a JSON integer, or its digits in a string); found " + found);
  }
  CHECK(dance::server::call_api("solve", R"({"reduction":"queens","text":"","count":true,"options":{"size":-0}})",
                                dance::server::ApiLimits(), running).status == 400);  // 0, out of the option's range
}

TEST_CASE("serve: a difficulty that is empty, or that the family cannot have, is refused at once") {
  // From an attacker's test: "" was taken as no grade, and clique ran 10,000 attempts before giving up.
  Running server;
  const Reply empty = post(server.port(), "generate", {{"puzzle", "sudoku"}, {"difficulty", ""}});
  CHECK(empty.status == 400);
  CHECK(empty.data()["code"] == "bad_option");
  CHECK(empty.data()["error"] == "difficulty is easy, medium, hard or fiendish; found ''");
  for (const char* puzzle : {"clique", "independent-set"}) {
    const auto start = std::chrono::steady_clock::now();
    const Reply graded = post(server.port(), "generate", {{"puzzle", puzzle}, {"options", {{"k", 4}}}, {"difficulty", "hard"}});
    CHECK(graded.status == 400);
    CHECK(graded.data()["code"] == "bad_option");
    CHECK(graded.data()["error"] == std::string("difficulty: ") + puzzle + " puzzles are graphs given whole, with no clues to grade: it takes no difficulty");
    CHECK(seconds_since(start) < 0.5);
  }
  CHECK(post(server.port(), "generate", {{"puzzle", "sudoku"}, {"difficulty", "easy"}}).status == 200);
}

TEST_CASE("serve: other reductions, their options and counts") {
  Running server;
  const json queens = post(server.port(), "solve", {{"reduction", "queens"}, {"text", ""}, {"options", {{"size", 8}}},
                                                    {"count", true}}).data();
  CHECK(queens["status"] == "found");
  CHECK(queens["output"] == "92\n");
  const json cover = post(server.port(), "solve", {{"reduction", "xcc"}, {"text", "a b c\na b\nc\nb c\n"},
                                                   {"solutions", 10}, {"stats", true}}).data();
  CHECK(cover["output"] == "a b\nc\n");
  CHECK_THAT(cover["log"].get<std::string>(), Catch::StartsWith("nodes"));  // no "dance: " before a line
  const json none = post(server.port(), "solve", {{"reduction", "clique"}, {"text", "1 2\n2 3\n"},
                                                  {"options", {{"k", 3}}}}).data();
  CHECK(none["status"] == "none");
  // A count past 2^128 (the 2 x 200 domino tilings, F(201)) keeps its digits; answers drawn at random by `sample`.
  const std::string board = "piece D 200\nDD\n\nregion\n" + std::string(200, '.') + "\n" + std::string(200, '.') + "\n";
  const json wide = post(server.port(), "solve", {{"reduction", "polyomino"}, {"text", board}, {"count", true}}).data();
  CHECK(wide["output"] == "453973694165307953197296969697410619233826\n");
  CHECK(wide["counts"] == json::array({"453973694165307953197296969697410619233826"}));
  const json drawn = post(server.port(), "solve", {{"reduction", "queens"}, {"text", ""}, {"options", {{"size", 8}}},
                                                   {"sample", 3}, {"seed", 2}, {"verify", true}}).data();
  CHECK(drawn["status"] == "found");
  CHECK(drawn["answers"].size() == 3);
}

TEST_CASE("serve: what a request gets wrong is a 400 with the message") {
  Running server;
  const Reply malformed = post(server.port(), "solve", {{"reduction", "sudoku"}, {"text", "1.2.3\n"}});
  CHECK(malformed.status == 400);
  CHECK_THAT(malformed.data()["error"].get<std::string>(), Catch::StartsWith("text: line 1, column 1: expected"));
  CHECK(malformed.data()["code"] == "parse_error");
  CHECK(malformed.data()["line"] == 1);
  CHECK(malformed.data()["column"] == 1);
  const Reply option = post(server.port(), "solve", {{"reduction", "sudoku"}, {"text", puzzle17}, {"options", {{"size", 0}}}});
  CHECK(option.status == 400);
  CHECK_THAT(option.data()["error"].get<std::string>(), Catch::StartsWith("options.size expects a whole number from 4"));
  CHECK(option.data()["code"] == "bad_option");
  const Reply foreign = post(server.port(), "solve", {{"reduction", "sudoku"}, {"text", puzzle17}, {"options", {{"k", 3}}}});
  CHECK(foreign.status == 400);
  CHECK(foreign.data()["error"] == "\"k\" is not an option of sudoku");
  CHECK(foreign.data()["code"] == "bad_option");
  // From an attacker's test: check takes one puzzle (a batch mixed its instances' verdicts), and a number
  // beyond a double's range in the body is the request's fault, not the server's.
  const Reply batch = post(server.port(), "check", {{"reduction", "queens"}, {"text", "1\n4\n"}});
  CHECK(batch.status == 400);
  CHECK(batch.data()["error"] == "check takes one puzzle; the text holds more");
  std::atomic<bool> running{false};
  const auto huge = dance::server::call_api("solve", R"({"reduction":"queens","text":"4","seed":1e400})", dance::server::ApiLimits(), running);
  CHECK(huge.status == 400);
  CHECK_THAT(huge.body, Catch::Contains("bad_request"));
  // Nothing a request sends names a file.
  for (const char* field : {"output_dir", "resume", "input"}) {
    const Reply file = post(server.port(), "solve", {{"reduction", "sudoku"}, {"text", puzzle17}, {field, "/tmp"}});
    CHECK(file.status == 400);
    CHECK_THAT(file.data()["error"].get<std::string>(), Catch::StartsWith("unknown field"));
  }
  const Reply not_json = request(server.port(), http::verb::post, "/api/solve", "{\"reduction\": ");
  CHECK(not_json.status == 400);
  CHECK_THAT(not_json.data()["error"].get<std::string>(), Catch::Contains("line 1, column 15"));
  CHECK(not_json.data()["code"] == "bad_request");
  const Reply unknown = post(server.port(), "solve", {{"reduction", "nope"}, {"text", ""}});
  CHECK(unknown.status == 400);
  CHECK(unknown.data()["code"] == "unknown_reduction");
  const Reply many = post(server.port(), "generate", {{"puzzle", "sudoku"}, {"n", 1000}});
  CHECK(many.status == 400);
  CHECK(many.data()["code"] == "too_large");
  CHECK(post(server.port(), "generate", {{"puzzle", "sudoku"}, {"text", "x"}}).status == 400);
  const Reply no_generator = post(server.port(), "generate", {{"puzzle", "xcc"}});
  CHECK(no_generator.status == 400);
  CHECK(no_generator.data()["code"] == "unknown_reduction");
  const Reply clues = post(server.port(), "generate", {{"puzzle", "sudoku"}, {"clues", 2}});
  CHECK(clues.data()["code"] == "bad_option");
  CHECK_THAT(clues.data()["error"].get<std::string>(), Catch::Contains("clues 2") && !Catch::Contains("--"));
  // What a request prints stays in memory until it is sent: no request for every solution.
  const Reply all = post(server.port(), "solve", {{"reduction", "queens"}, {"text", "12\n"}, {"solutions", 0}});
  CHECK(all.status == 400);
  CHECK_THAT(all.data()["error"].get<std::string>(), Catch::Contains("\"solutions\" must be a whole number from 1 to 1000"));
  const Reply over = post(server.port(), "solve", {{"reduction", "queens"}, {"text", "12\n"}, {"solutions", 1001}});
  CHECK(over.status == 400);
  CHECK(over.data()["code"] == "too_large");
  CHECK(post(server.port(), "nothing", json::object()).status == 404);
  CHECK(request(server.port(), http::verb::get, "/api/solve").status == 405);
}

TEST_CASE("serve: a body over the limit gets 413, and the server goes on") {
  Running server;
  const Reply big = request(server.port(), http::verb::post, "/api/solve", std::string(2 << 20, ' '));
  CHECK(big.status == 413);
  CHECK(big.data()["code"] == "too_large");
  CHECK(post(server.port(), "solve", {{"reduction", "sudoku"}, {"text", puzzle17}}).status == 200);
}

TEST_CASE("serve: a search cut by the time limit answers unknown") {
  Running server;  // 2 s at most; this request asks for less
  const auto start = std::chrono::steady_clock::now();
  const json counted = post(server.port(), "solve", {{"reduction", "hamilton"}, {"text", ""}, {"options", {{"knight", "8x8"}}},
                                                     {"count", true}, {"time_limit", 0.3}}).data();
  CHECK(counted["status"] == "unknown");
  CHECK_THAT(counted["log"].get<std::string>(), Catch::Contains("time limit"));
  // A request may not ask for more than the server's limit.
  const json capped = post(server.port(), "solve", {{"reduction", "hamilton"}, {"text", ""}, {"options", {{"knight", "8x8"}}},
                                                    {"count", true}, {"time_limit", 1000}}).data();
  CHECK(capped["status"] == "unknown");
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(10));
}

TEST_CASE("serve: a time limit too small to wait for a thread is a 400 naming the range, not busy") {
  // From an attacker's test: 1e-300 s was used up by the wait for a thread, and an idle server said 503 busy.
  Running server;  // -t 2
  for (const double seconds : {1e-300, 0.0009, 0.0, -1.0}) {
    for (const char* endpoint : {"solve", "generate"}) {
      const json body = std::string(endpoint) == "solve" ? json{{"reduction", "queens"}, {"text", "8"}, {"time_limit", seconds}}
                                                         : json{{"puzzle", "sudoku"}, {"time_limit", seconds}};
      const Reply tiny = post(server.port(), endpoint, body);
      CHECK(tiny.status == 400);
      CHECK(tiny.data()["error"] == "\"time_limit\" must be a number of seconds from 0.001 to 2 (the server's -t; more is taken as it)");
    }
  }
  const Reply least = post(server.port(), "solve", {{"reduction", "queens"}, {"text", "8"}, {"time_limit", 0.001}});
  CHECK(least.status != 400);  // taken (a loaded machine may still have it wait its millisecond out)
}

TEST_CASE("serve: a batch ends at the request's time limit, not each instance's") {
  Running server;
  const auto start = std::chrono::steady_clock::now();
  const json batch = post(server.port(), "solve", {{"reduction", "queens"}, {"text", "16\n16\n16\n16\n16\n"},
                                                   {"count", true}, {"time_limit", 1}}).data();
  const auto took = std::chrono::steady_clock::now() - start;
  CHECK(batch["status"] == "unknown");
  CHECK(took < std::chrono::seconds(3));  // five instances of a second each would take five
  CHECK(took >= std::chrono::seconds(1));
  CHECK_THAT(batch["log"].get<std::string>(), Catch::Contains("time limit") && !Catch::Contains("interrupted\n"));
}

TEST_CASE("serve: generate stopped by the request's time limit says so, not that it was interrupted") {
  Running server;
  // A 64x64 sudoku's first complete grid takes longer than the request's half second.
  const json made = post(server.port(), "generate", {{"puzzle", "sudoku"}, {"options", {{"size", 64}}}, {"time_limit", 0.5}}).data();
  CHECK(made["status"] == "unknown");
  CHECK(made["puzzles"].empty());
  CHECK_THAT(made["log"].get<std::string>(), Catch::Contains("time limit") && !Catch::Contains("interrupted"));
}

TEST_CASE("serve: 20 requests at once are all answered, and beyond the queue 503") {
  Running server;
  std::vector<std::string> answers(20);
  std::vector<std::thread> clients;
  for (std::size_t k = 0; k < answers.size(); ++k) {
    clients.emplace_back([&, k] {
      const Reply reply = post(server.port(), "solve", {{"reduction", "queens"}, {"text", ""},
                                                        {"options", {{"size", 4 + k % 6}}}, {"count", true}});
      answers[k] = reply.status == 200 ? reply.data()["output"].get<std::string>() : "status " + std::to_string(reply.status);
    });
  }
  for (auto& client : clients) client.join();
  const char* known[] = {"2\n", "10\n", "4\n", "40\n", "92\n", "352\n"};  // 4..9 queens
  for (std::size_t k = 0; k < answers.size(); ++k) CHECK(answers[k] == known[k % 6]);
  dance::server::ServeOptions small = Running::defaults();
  small.queue = 0;
  Running full(small);
  CHECK(post(full.port(), "solve", {{"reduction", "queens"}, {"text", "4\n"}}).status == 503);
}

TEST_CASE("serve: a key given twice in the body is a 400 naming it, at every endpoint") {
  // From an attacker's test: the last one won, so two readers of one body could disagree.
  Running server;
  const std::pair<std::string, std::string> bodies[] = {
      {"solve", R"({"reduction": "queens", "text": "8", "reduction": "sudoku"})"},
      {"check", R"({"reduction": "queens", "text": "8", "text": "4"})"},
      {"generate", R"({"puzzle": "sudoku", "options": {"size": 4, "size": 9}})"},
      {"solve", R"({"reduction": "queens", "text": "8", "options": {"size": 8}, "count": true, "count": false})"}};
  const char* named[] = {"\"reduction\"", "\"text\"", "\"options.size\"", "\"count\""};
  for (std::size_t k = 0; k < std::size(bodies); ++k) {
    const Reply twice = request(server.port(), http::verb::post, "/api/" + bodies[k].first, bodies[k].second);
    CHECK(twice.status == 400);
    CHECK(twice.data()["code"] == "bad_request");
    CHECK(twice.data()["error"] == std::string(named[k]) + " is given twice (a field is given once)");
  }
  // The same key in two objects is no repeat.
  CHECK(request(server.port(), http::verb::post, "/api/solve", R"({"reduction": "queens", "text": "", "options": {"size": 4}})").status == 200);
}

TEST_CASE("serve: the page and its files, nothing else") {
  Running server;
  const Reply page = request(server.port(), http::verb::get, "/");
  CHECK(page.status == 200);
  CHECK_THAT(page.type, Catch::StartsWith("text/html"));
  CHECK_THAT(page.body, Catch::Contains("<script src=\"dance.js\""));
  CHECK(request(server.port(), http::verb::get, "/dance.js").type == "text/javascript; charset=utf-8");
  CHECK(request(server.port(), http::verb::get, "/dance.css").status == 200);
  CHECK(request(server.port(), http::verb::get, "/favicon.svg").type == "image/svg+xml");
  CHECK(request(server.port(), http::verb::get, "/../CMakeLists.txt").status == 404);
  CHECK(request(server.port(), http::verb::get, "/etc/passwd").status == 404);
  CHECK(request(server.port(), http::verb::put, "/").status == 405);
}

TEST_CASE("serve: what is not there is 404 whatever the method, and a method a target does not take is 405 with Allow") {
  // From an attacker's test: GET on an unknown /api/ path was 405, and POST /api "pages take GET and HEAD".
  Running server;
  for (const http::verb method : {http::verb::get, http::verb::post, http::verb::put, http::verb::delete_}) {
    for (const char* target : {"/api/nothing", "/api", "/api/", "/api/solve/x", "/nothing"}) {
      const Reply missing = request(server.port(), method, target, "{}");
      CHECK(missing.status == 404);
      CHECK(missing.data()["code"] == "not_found");
    }
  }
  CHECK_THAT(request(server.port(), http::verb::post, "/api/nothing", "{}").data()["error"].get<std::string>(),
             Catch::Contains("/api/solve"));
  for (const http::verb method : {http::verb::get, http::verb::head, http::verb::put}) {
    const Reply api = request(server.port(), method, "/api/check");
    CHECK(api.status == 405);
    CHECK(api.allow == "POST");
  }
  // Any answer to HEAD has no body, a refusal too: the next answer on the connection is read where it begins.
  Held both(server.port(), "HEAD /api/check HTTP/1.1\r\nHost: localhost\r\n\r\nGET /nothing HTTP/1.1\r\nHost: localhost\r\n"
                           "Connection: close\r\n\r\n");
  std::string answers;
  boost::system::error_code end;
  net::read(both.socket, net::dynamic_buffer(answers), end);
  CHECK(answers.rfind("HTTP/1.1 405", 0) == 0);
  CHECK_THAT(answers, Catch::Contains("\r\n\r\nHTTP/1.1 404"));
  for (const char* page : {"/", "/dance.js", "/?x=1"}) {
    const Reply posted = request(server.port(), http::verb::post, page, "{}");
    CHECK(posted.status == 405);
    CHECK(posted.allow == "GET, HEAD");
    CHECK(posted.data()["code"] == "method_not_allowed");
  }
}

TEST_CASE("serve: on the loopback, only requests that name this machine (no DNS rebinding)") {
  Running server;
  const std::string port = ":" + std::to_string(server.port());
  for (const std::string& host : {"localhost" + port, "127.0.0.1" + port, "[::1]" + port, std::string("localhost"), "LocalHost" + port})
    CHECK(request(server.port(), http::verb::get, "/", "", host).status == 200);
  for (const std::string& host : {"evil.example" + port, std::string("127.0.0.1.evil.example"), std::string("localhostx")})
    CHECK(request(server.port(), http::verb::get, "/", "", host).status == 403);
  CHECK(request(server.port(), http::verb::post, "/api/solve", R"({"reduction": "queens", "text": "4\n"})", "attacker.example").status == 403);
  // From an attacker's test: a port that is no port (letters, nothing, 0, over 65535, garbage after the bracket) is malformed.
  for (const char* host : {"localhost:abc", "localhost:", "localhost:0", "localhost:65536", "localhost:99999999999999999999",
                                  "[::1]0:880", "[::1]:", "127.0.0.1:80:80", "localhost:+80"}) {
    const Reply malformed = request(server.port(), http::verb::get, "/", "", host);
    CHECK(malformed.status == 400);
    CHECK_THAT(malformed.data()["error"].get<std::string>(), Catch::Contains("port from 1 to 65535"));
  }
  CHECK(request(server.port(), http::verb::get, "/", "", "localhost:65535").status == 200);
  CHECK(request(server.port(), http::verb::get, "http://localhost:x/", "", "localhost").status == 400);  // the target's authority too
}

TEST_CASE("serve: stopping ends the server while a search runs") {
  dance::server::ServeOptions options = Running::defaults();
  options.limits.time_limit = 60;
  Running server(options);
  json answer;
  std::thread client([&] {
    answer = post(server.port(), "solve", {{"reduction", "hamilton"}, {"text", ""}, {"options", {{"knight", "8x8"}}}, {"count", true}}).data();
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const auto start = std::chrono::steady_clock::now();
  server.stop();
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(5));
  client.join();
  CHECK(answer["status"] == "unknown");  // the search cut short still answers
}

TEST_CASE("serve: a port in use is an error, not a second server") {
  Running server;
  dance::server::ServeOptions options = Running::defaults();
  options.port = server.port();
  std::atomic<bool> stop{false};
  CHECK_THROWS_WITH(dance::server::Server(options, stop), Catch::Contains("in use"));
}

TEST_CASE("serve: what a reduction refuses in an instance is a 400, never the server's end") {
  Running server;
  const std::string graph = "a b\nb c\n";
  const std::vector<json> refused{
      {{"path", true}, {"from", "a"}, {"to", "zz"}},   {{"path", true}, {"from", "zz"}, {"to", "a"}},
      {{"from", "a"}},                                 {{"to", "c"}},
      {{"longest", true}},                             {{"longest", true}, {"from", "a"}},
      {{"knight", "5x5"}, {"from", "a1"}, {"to", "zz"}}, {{"knight", "5x5"}, {"from", "a1"}}};
  for (const json& options : refused) {
    const Reply reply = post(server.port(), "solve", {{"reduction", "hamilton"}, {"text", graph}, {"options", options}});
    INFO(options.dump() << " -> " << reply.body);
    CHECK(reply.status == 400);
    CHECK(reply.data()["code"] == "bad_option");
    CHECK_THAT(reply.data()["error"].get<std::string>(), !Catch::Contains("--"));  // the request's terms: options.to
  }
  const Reply to = post(server.port(), "solve", {{"reduction", "hamilton"}, {"text", graph}, {"options", refused[0]}});
  CHECK_THAT(to.data()["error"].get<std::string>(), Catch::Contains("options.to names vertex 'zz'"));
  const Reply longest = post(server.port(), "solve", {{"reduction", "hamilton"}, {"text", graph}, {"options", refused[4]}});
  CHECK_THAT(longest.data()["error"].get<std::string>(), Catch::EndsWith("options.longest needs options.from and options.to"));
  CHECK(post(server.port(), "solve", {{"reduction", "queens"}, {"text", "4\n"}}).status == 200);  // still serving
  // No instance in the text is the request's mistake, not the server's (fuzz_api found a 500).
  const Reply empty = post(server.port(), "solve", {{"reduction", "queens"}, {"text", ""}});
  CHECK(empty.status == 400);
  CHECK(empty.data()["error"] == "text: no queens instance in the input");
}

TEST_CASE("serve: a field's value is of its type, and never an option or a file") {
  Running server;
  const auto refused = [&](const json& body, const char* code) {
    const Reply reply = post(server.port(), "solve", body);
    INFO(body.dump() << " -> " << reply.body);
    CHECK(reply.status == 400);
    CHECK(reply.data()["code"] == code);
    return reply.data()["error"].get<std::string>();
  };
  const std::string directory = std::filesystem::temp_directory_path() / "dance-serve-test-output";
  std::filesystem::remove_all(directory);
  std::filesystem::create_directory(directory);
  const json sudoku{{"reduction", "sudoku"}, {"text", "................"}};
  const auto with = [](json body, const json& more) {
    body.update(more);
    return body;
  };
  CHECK(refused(with(sudoku, {{"stats", "--output-dir=" + directory}}), "bad_request") == "\"stats\" must be true or false");
  CHECK(std::filesystem::is_empty(directory));
  // Whether a file exists is no part of any answer.
  const std::string there = refused(with(sudoku, {{"count", true}, {"stats", "--resume=/etc/passwd"}}), "bad_request");
  const std::string nowhere = refused(with(sudoku, {{"count", true}, {"stats", "--resume=/no/such"}}), "bad_request");
  CHECK(there == nowhere);
  refused({{"reduction", "--help"}, {"text", ""}}, "unknown_reduction");
  refused({{"reduction", "sudoku"}, {"text", 3}}, "bad_request");
  refused(with(sudoku, {{"count", 1}}), "bad_request");
  refused(with(sudoku, {{"seed", "7"}}), "bad_request");
  refused(with(sudoku, {{"seed", -7}}), "bad_option");  // a number out of range: the value is wrong, as on every face
  refused(with(sudoku, {{"time_limit", "1"}}), "bad_request");
  refused(with(sudoku, {{"options", {{"diagonals", "true"}}}}), "bad_option");
  refused(with(sudoku, {{"options", {{"format", 1}}}}), "bad_option");
  refused(with(sudoku, {{"options", {{"size", 4.5}}}}), "bad_option");
  refused(with(sudoku, {{"options", {{"size", "--resume=/etc/passwd"}}}}), "bad_option");
  // The option's own range, as on the command line: a knight's tour of 100x100 is answered, 101 is refused.
  CHECK(refused({{"reduction", "hamilton"}, {"text", ""}, {"options", {{"knight", "101x101"}}}}, "bad_option")
            .find("from 1 to 100") != std::string::npos);
  CHECK(post(server.port(), "solve", {{"reduction", "hamilton"}, {"text", ""}, {"options", {{"knight", "100x100"}}}}).status == 200);
  CHECK(post(server.port(), "solve", with(sudoku, {{"options", {{"size", 4}, {"diagonals", false}}}})).status == 200);
  std::filesystem::remove_all(directory);
}

TEST_CASE("serve: only JSON from the page's own origin") {
  Running server;
  const std::string host = "127.0.0.1:" + std::to_string(server.port());
  const std::string body = R"({"reduction": "queens", "text": "4\n"})";
  const auto sent = [&](const std::map<std::string, std::string>& headers) {
    return request(server.port(), http::verb::post, "/api/solve", body, host, headers).status;
  };
  CHECK(sent({}) == 200);
  CHECK(sent({{"Origin", "http://" + host}}) == 200);
  CHECK(sent({{"Content-Type", "application/json; charset=utf-8"}}) == 200);
  CHECK(sent({{"Origin", "http://evil.example"}}) == 403);
  CHECK(sent({{"Origin", "null"}}) == 403);
  CHECK(sent({{"Content-Type", "text/plain"}}) == 415);
  CHECK(sent({{"Content-Type", "application/x-www-form-urlencoded"}}) == 415);
  CHECK(sent({{"Content-Type", ""}}) == 415);
}

TEST_CASE("serve: connections over the cap are refused at once when every one has a request under way") {
  dance::server::ServeOptions options = Running::defaults();
  options.max_connections = 2;
  options.threads = 1;
  options.limits.time_limit = 30;
  Running server(options);
  std::vector<std::unique_ptr<Held>> busy;
  for (int k = 0; k < 2; ++k) busy.push_back(std::make_unique<Held>(server.port(), api_request(knight_count)));
  std::this_thread::sleep_for(std::chrono::milliseconds(200));  // both read and on the pool
  const auto start = std::chrono::steady_clock::now();
  CHECK(raw(server.port(), "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n") == "HTTP/1.1 503 Service Unavailable");
  CHECK(seconds_since(start) < 2);
  for (auto& held : busy) held->close();  // their searches stop
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  CHECK(request(server.port(), http::verb::get, "/").status == 200);
}

TEST_CASE("serve: the time a request may wait in the queue is its own top-level time_limit, else the server's") {
  dance::server::ApiLimits limits;
  limits.time_limit = 5;
  using dance::server::queue_limit;
  CHECK(queue_limit(R"({"reduction": "queens", "text": "8", "time_limit": 1.5})", limits) == 1.5);
  CHECK(queue_limit(R"({"time_limit": 9})", limits) == 5);        // more is the server's
  CHECK(queue_limit(R"({"time_limit": 0})", limits) == 5);        // refused on its turn, for its own reason
  CHECK(queue_limit(R"({"options": {"time_limit": 1}})", limits) == 5);  // not the top level's
  CHECK(queue_limit(R"({"time_limit": 1, )", limits) == 5);       // not JSON
  CHECK(queue_limit(std::string(100, '[') + std::string(100, ']'), limits) == 5);  // too deep to read
}

TEST_CASE("serve: time in the queue counts against the time limit") {
  dance::server::ServeOptions options = Running::defaults();
  options.threads = 1;
  options.limits.time_limit = 5;  // the requests' own limits are what their waits count against
  Running server(options);
  const auto knights = [](int seconds) {
    return json{{"reduction", "hamilton"}, {"text", ""}, {"options", {{"knight", "8x8"}}}, {"count", true}, {"time_limit", seconds}};
  };
  // One request holds the only thread for 4 s; the three behind it wait longer than their own 1 s.
  unsigned held = 0;
  std::thread holder([&] { held = post(server.port(), "solve", knights(4)).status; });
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // on the pool
  std::vector<unsigned> statuses(3);
  std::vector<double> took(3);
  std::vector<std::thread> clients;
  for (std::size_t k = 0; k < statuses.size(); ++k)
    clients.emplace_back([&, k] {
      const auto start = std::chrono::steady_clock::now();
      statuses[k] = post(server.port(), "solve", knights(1)).status;
      took[k] = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    });
  for (auto& client : clients) client.join();
  holder.join();
  CHECK(held == 200);
  for (std::size_t k = 0; k < statuses.size(); ++k) {
    CHECK(statuses[k] == 503);  // its limit waited out in the queue
    CHECK(took[k] < 3);         // refused at its own limit, not when the thread is free (3.7 s on)
  }
}

TEST_CASE("serve: malformed HTTP is answered 400 or 431, not a silent close") {
  Running server;
  const std::string start = "POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n";
  CHECK(raw(server.port(), start + "Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}") == "HTTP/1.1 400 Bad Request");
  // Equal ones too, as docs/serve.md says (Beast took them as one): the answer is the refusal, not the search's.
  const std::string queens = R"({"reduction":"queens","text":"4"})";
  const std::string twice = "Content-Length: " + std::to_string(queens.size()) + "\r\n";
  CHECK(raw(server.port(), start + twice + twice + "\r\n" + queens) == "HTTP/1.1 400 Bad Request");
  CHECK(raw(server.port(), start + twice + "\r\n" + queens) == "HTTP/1.1 200 OK");
  CHECK(raw(server.port(), start + "Content-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n") ==
        "HTTP/1.1 400 Bad Request");
  CHECK(raw(server.port(), "GET /" + std::string(100000, 'a') + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n") ==
        "HTTP/1.1 431 Request Header Fields Too Large");
  CHECK(raw(server.port(), "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + std::string(100000, 'a') + "\r\n\r\n") ==
        "HTTP/1.1 431 Request Header Fields Too Large");
  CHECK(raw(server.port(), "NOT HTTP AT ALL\r\n\r\n") == "HTTP/1.1 400 Bad Request");
  CHECK(request(server.port(), http::verb::get, "/").status == 200);
}

TEST_CASE("serve: HEAD is GET without the body, and a query leaves the page the page") {
  Running server;
  const Reply page = request(server.port(), http::verb::get, "/");
  const Reply head = request(server.port(), http::verb::head, "/");
  CHECK(head.status == 200);
  CHECK(head.type == page.type);
  CHECK(head.body.empty());
  CHECK(head.length == std::to_string(page.body.size()));
  const Reply query = request(server.port(), http::verb::get, "/?x=1");
  CHECK(query.status == 200);
  CHECK(query.body == page.body);
  CHECK(request(server.port(), http::verb::get, "/dance.js?v=2").type == "text/javascript; charset=utf-8");
}

TEST_CASE("serve: a request's memory is bounded: a few bytes that declare a huge graph are too_large") {
  Running server;
  for (const auto& [reduction, text] : {std::pair<std::string, std::string>{"hamilton", "DIMENSION : 16777215\nEDGE_DATA_SECTION\n1 2\n-1\n"},
                                        {"clique", "p edge 16777215 1\ne 1 2\n"}}) {
    const json body{{"reduction", reduction}, {"text", text}, {"options", reduction == "clique" ? json{{"k", 2}} : json::object()}};
    const Reply reply = post(server.port(), "solve", body);
    INFO(reduction << " -> " << reply.body);
    CHECK(reply.status == 400);
    CHECK(reply.data()["code"] == "too_large");
  }
  // Out of memory inside the search (queens 1000: its encoding) is the request's budget, and said so.
  dance::server::ServeOptions small = Running::defaults();
  small.limits.memory = std::size_t{32} << 20;
  Running tight(small);
  const Reply queens = post(tight.port(), "solve", {{"reduction", "queens"}, {"text", "1000\n"}});
  INFO(queens.body);
  CHECK(queens.status == 400);
  CHECK(queens.data()["code"] == "too_large");
  CHECK_THAT(queens.data()["error"].get<std::string>(), Catch::Contains("MiB of memory a request may take"));
  CHECK(post(server.port(), "solve", {{"reduction", "queens"}, {"text", "8\n"}}).status == 200);
}


TEST_CASE("serve: a chunked body's trailer counts against the header limit, and never ends the server") {
  Running server;
  const std::string chunked = "POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                              "Transfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n";
  CHECK(raw(server.port(), chunked + "X: " + std::string(70000, 'a') + "\r\n\r\n") == "HTTP/1.1 431 Request Header Fields Too Large");
  CHECK(raw(server.port(), chunked + std::string(70000, 'a') + ": 1\r\n\r\n") == "HTTP/1.1 431 Request Header Fields Too Large");
  std::string many;
  for (int k = 0; k < 20; ++k) many += "X" + std::to_string(k) + ": " + std::string(6000, 'a') + "\r\n";
  CHECK(raw(server.port(), chunked + many + "\r\n") == "HTTP/1.1 431 Request Header Fields Too Large");
  // A small trailer is HTTP's own: the request is read and answered.
  CHECK(raw(server.port(), chunked + "X: 1\r\n\r\n") == "HTTP/1.1 400 Bad Request");  // {} has no reduction
  CHECK(post(server.port(), "solve", {{"reduction", "queens"}, {"text", "4\n"}}).status == 200);
}

TEST_CASE("serve: JSON nested deeper than any request needs is a 400, in every field") {
  Running server;
  const std::string deep = std::string(200000, '[') + std::string(200000, ']');
  for (const std::string& body : {R"({"reduction":"queens","text":"","options":)" + deep + "}",
                                  R"({"reduction":"queens","text":"","options":{"format":)" + deep + "}}",
                                  R"({"reduction":"queens","text":)" + deep + "}", deep}) {
    const Reply reply = request(server.port(), http::verb::post, "/api/solve", body);
    CHECK(reply.status == 400);
    CHECK(reply.data()["code"] == "bad_request");
  }
  CHECK(post(server.port(), "solve", {{"reduction", "queens"}, {"text", "4\n"}}).status == 200);
}

TEST_CASE("serve: HTTP it does not read is refused and the connection closed") {
  Running server;
  const std::string post_start = "POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n";
  CHECK(raw(server.port(), post_start + "Transfer-Encoding: gzip\r\n\r\n") == "HTTP/1.1 501 Not Implemented");
  CHECK(raw(server.port(), post_start + "Transfer-Encoding: chunked, identity\r\n\r\n") == "HTTP/1.1 501 Not Implemented");
  CHECK(raw(server.port(), "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\n\r\n") == "HTTP/1.1 400 Bad Request");
  const std::string port = std::to_string(server.port());
  CHECK(raw(server.port(), "GET http://127.0.0.1:" + port + "/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n") == "HTTP/1.1 200 OK");
  CHECK(raw(server.port(), "GET http://evil.example/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n") == "HTTP/1.1 403 Forbidden");
  CHECK(request(server.port(), http::verb::post, "/api/solve?x=1", R"({"reduction":"queens","text":"4\n"})").status == 200);
}

TEST_CASE("serve: a closed connection stops its search and gives up its place in the queue") {
  dance::server::ServeOptions options = Running::defaults();
  options.threads = 1;
  options.limits.time_limit = 30;
  Running server(options);
  std::vector<std::unique_ptr<Held>> abandoned;
  for (int k = 0; k < 8; ++k) abandoned.push_back(std::make_unique<Held>(server.port(), api_request(knight_count)));
  std::this_thread::sleep_for(std::chrono::milliseconds(200));  // the first runs, the others wait
  for (auto& held : abandoned) held->close();
  const auto start = std::chrono::steady_clock::now();
  CHECK(post(server.port(), "solve", {{"reduction", "sudoku"}, {"text", puzzle17}}).status == 200);
  CHECK(seconds_since(start) < 2);  // not 8 searches of 30 s
}

TEST_CASE("serve: connections without a whole request make way for one that has one") {
  dance::server::ServeOptions options = Running::defaults();
  options.max_connections = 4;
  Running server(options);
  std::vector<std::unique_ptr<Held>> idle;
  for (int k = 0; k < 4; ++k) idle.push_back(std::make_unique<Held>(server.port(), k % 2 ? "GET / HT" : ""));
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  for (int k = 0; k < 3; ++k) CHECK(post(server.port(), "solve", {{"reduction", "queens"}, {"text", "4\n"}}).status == 200);
  // A connection that sends no whole request goes soon by itself.
  Held slow(server.port(), "GET / HTTP/1.1\r\n");
  std::string answer;
  boost::system::error_code error;
  const auto start = std::chrono::steady_clock::now();
  net::read(slow.socket, net::dynamic_buffer(answer), error);
  CHECK(error == net::error::eof);
  CHECK(seconds_since(start) < 8);
}

TEST_CASE("serve: an answer's size is bounded, and a cut answer says so") {
  Running server;
  const json many{{"reduction", "sudoku"}, {"text", std::string(4096, '.') + "\n"}, {"options", {{"box", "1x64"}}}, {"solutions", 1000}};
  const Reply reply = post(server.port(), "solve", many);
  REQUIRE(reply.status == 200);
  CHECK(reply.body.size() < (6u << 20));
  const json data = reply.data();
  CHECK(data["cut"] == true);
  CHECK(data["status"] == "found");
  CHECK(!data["answers"].empty());
  CHECK(data["answers"].size() < 1000);
  CHECK(data["log"].get<std::string>().find("cut") != std::string::npos);
}

TEST_CASE("serve: on a public bind, only addresses, this machine's name and the names allowed") {
  dance::server::ServeOptions options = Running::defaults();
  options.host = "0.0.0.0";
  options.allowed_hosts = {"puzzles.example"};
  Running server(options);
  const std::string port = ":" + std::to_string(server.port());
  for (const std::string& host : {"127.0.0.1" + port, "localhost" + port, "puzzles.example" + port, std::string("PUZZLES.example"),
                                  "10.1.2.3" + port, "[2001:db8::1]" + port})
    CHECK(request(server.port(), http::verb::get, "/", "", host).status == 200);
  CHECK(request(server.port(), http::verb::get, "/", "", "evil.example" + port).status == 421);
  CHECK(request(server.port(), http::verb::post, "/api/solve", R"({"reduction": "queens", "text": "4\n"})", "evil.example" + port,
                {{"Origin", "http://evil.example" + port}})
            .status == 421);
}

#if !defined(__SANITIZE_ADDRESS__)  // AddressSanitizer keeps freed memory (its quarantine)
TEST_CASE("serve: what a heavy request used goes back to the system once it is answered") {
  Running server;
  post(server.port(), "solve", {{"reduction", "queens"}, {"text", "8\n"}});  // the server's own start-up
  const std::size_t before = resident_bytes();
  const json heavy{{"reduction", "sudoku"}, {"text", std::string(4096, '.') + "\n"}, {"options", {{"box", "8x8"}}},
                   {"time_limit", 1}};
  for (int k = 0; k < 3; ++k) CHECK(post(server.port(), "solve", heavy).status == 200);
  const json huge{{"reduction", "independent-set"}, {"text", "p edge 65536 1\ne 1 2\n"}, {"options", {{"k", 3}}}};
  const Reply refused = post(server.port(), "solve", huge);
  CHECK(refused.status == 400);
  CHECK(refused.data()["code"] == "too_large");
  const std::size_t after = resident_bytes();
  INFO("resident before " << (before >> 20) << " MiB, after " << (after >> 20) << " MiB");
  CHECK(after < before + (48u << 20));
}
#endif

TEST_CASE("serve: a request's text is read as the command line reads its input, and a name is quoted whole") {
  Running server;
  const std::string answer = "468931527751624839392578461134756298289413675675289314846192753513867942927345186";
  for (const std::string& text : {"\xEF\xBB\xBF" + puzzle17 + "\n", puzzle17 + "\r", "\xEF\xBB\xBF" + puzzle17 + "\r\n"}) {
    const Reply reply = post(server.port(), "solve", {{"reduction", "sudoku"}, {"text", text}});
    REQUIRE(reply.status == 200);
    CHECK(reply.data()["output"] == answer + "\n");
  }
  const Reply nul = post(server.port(), "solve", {{"reduction", std::string("que\0ens", 7)}, {"text", "4\n"}});
  CHECK(nul.status == 400);
  CHECK(nul.data()["error"] == "unknown reduction 'que\\x00ens' (docs/serve.md)");
}
