// dance serve over real HTTP on a free port: the JSON API's answers (checked
// independently), its refusals (400 with the reduction's message, 413), its
// limits (a search cut short says unknown), concurrent requests, the page's
// files, and a stop while a search runs.
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <catch2/catch.hpp>
#include <chrono>
#include <nlohmann/json.hpp>
#include <set>
#include <thread>

#include "serve.hpp"

namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using nlohmann::json;

// A server on 127.0.0.1 at a port the system chose, running until the fixture ends.
class Running {
 public:
  explicit Running(dance::cli::ServeOptions options = defaults()) : server_(options, stop_), thread_([this] { server_.run(); }) {}
  ~Running() { stop(); }
  void stop() {
    stop_ = true;
    if (thread_.joinable()) thread_.join();
  }
  [[nodiscard]] unsigned short port() const { return server_.port(); }

  static dance::cli::ServeOptions defaults() {
    dance::cli::ServeOptions options;
    options.port = 0;
    options.threads = 2;
    options.limits.time_limit = 2;
    return options;
  }

 private:
  std::atomic<bool> stop_{false};
  dance::cli::Server server_;
  std::thread thread_;
};

struct Reply {
  unsigned status;
  std::string type;
  std::string body;
  [[nodiscard]] json data() const { return json::parse(body); }
};

Reply request(unsigned short port, http::verb method, const std::string& target, const std::string& body = "",
              const std::string& host = "127.0.0.1") {
  net::io_context io;
  beast::tcp_stream stream(io);
  stream.connect(net::ip::tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  http::request<http::string_body> out{method, target, 11};
  out.set(http::field::host, host);
  out.set(http::field::content_type, "application/json");
  out.body() = body;
  out.prepare_payload();
  http::write(stream, out);
  beast::flat_buffer buffer;
  http::response_parser<http::string_body> in;
  in.body_limit(64 << 20);
  http::read(stream, buffer, in);
  const auto& response = in.get();
  return {response.result_int(), std::string(response[http::field::content_type]), response.body()};
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

TEST_CASE("serve: other reductions, their options and counts") {
  Running server;
  const json queens = post(server.port(), "solve", {{"reduction", "queens"}, {"text", ""}, {"options", {{"size", 8}}},
                                                    {"count", true}}).data();
  CHECK(queens["status"] == "found");
  CHECK(queens["output"] == "92\n");
  const json cover = post(server.port(), "solve", {{"reduction", "xcc"}, {"text", "a b c\na b\nc\nb c\n"},
                                                   {"solutions", 10}, {"stats", true}}).data();
  CHECK(cover["output"] == "a b\nc\n");
  CHECK_THAT(cover["log"].get<std::string>(), Catch::Contains("nodes"));
  const json none = post(server.port(), "solve", {{"reduction", "clique"}, {"text", "1 2\n2 3\n"},
                                                  {"options", {{"k", 3}}}}).data();
  CHECK(none["status"] == "none");
}

TEST_CASE("serve: what a request gets wrong is a 400 with the message") {
  Running server;
  const Reply malformed = post(server.port(), "solve", {{"reduction", "sudoku"}, {"text", "1.2.3\n"}});
  CHECK(malformed.status == 400);
  CHECK_THAT(malformed.data()["error"].get<std::string>(), Catch::StartsWith("<request>: line 1, column 1: expected"));
  const Reply option = post(server.port(), "solve", {{"reduction", "sudoku"}, {"text", puzzle17}, {"options", {{"size", 0}}}});
  CHECK(option.status == 400);
  CHECK_THAT(option.data()["error"].get<std::string>(), Catch::Contains("--size expects a whole number from 4"));
  const Reply foreign = post(server.port(), "solve", {{"reduction", "sudoku"}, {"text", puzzle17}, {"options", {{"k", 3}}}});
  CHECK(foreign.status == 400);
  CHECK(foreign.data()["error"] == "\"k\" is not an option of sudoku");
  // Nothing a request sends names a file.
  for (const char* field : {"output_dir", "resume", "input"}) {
    const Reply file = post(server.port(), "solve", {{"reduction", "sudoku"}, {"text", puzzle17}, {field, "/tmp"}});
    CHECK(file.status == 400);
    CHECK_THAT(file.data()["error"].get<std::string>(), Catch::StartsWith("unknown field"));
  }
  const Reply not_json = request(server.port(), http::verb::post, "/api/solve", "{\"reduction\": ");
  CHECK(not_json.status == 400);
  CHECK_THAT(not_json.data()["error"].get<std::string>(), Catch::Contains("line 1, column 15"));
  CHECK(post(server.port(), "solve", {{"reduction", "nope"}, {"text", ""}}).status == 400);
  CHECK(post(server.port(), "generate", {{"puzzle", "sudoku"}, {"n", 1000}}).status == 400);
  CHECK(post(server.port(), "generate", {{"puzzle", "sudoku"}, {"text", "x"}}).status == 400);
  // What a request prints stays in memory until it is sent: no request for every solution.
  const Reply all = post(server.port(), "solve", {{"reduction", "queens"}, {"text", "12\n"}, {"solutions", 0}});
  CHECK(all.status == 400);
  CHECK_THAT(all.data()["error"].get<std::string>(), Catch::Contains("solutions: from 1 to 1000"));
  CHECK(post(server.port(), "solve", {{"reduction", "queens"}, {"text", "12\n"}, {"solutions", 1001}}).status == 400);
  CHECK(post(server.port(), "nothing", json::object()).status == 404);
  CHECK(request(server.port(), http::verb::get, "/api/solve").status == 405);
}

TEST_CASE("serve: a body over the limit gets 413, and the server goes on") {
  Running server;
  const Reply big = request(server.port(), http::verb::post, "/api/solve", std::string(2 << 20, ' '));
  CHECK(big.status == 413);
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

TEST_CASE("serve: a batch ends at the request's time limit, not each instance's") {
  Running server;
  const auto start = std::chrono::steady_clock::now();
  const json batch = post(server.port(), "solve", {{"reduction", "queens"}, {"text", "16\n16\n16\n16\n16\n"},
                                                   {"count", true}, {"time_limit", 1}}).data();
  const auto took = std::chrono::steady_clock::now() - start;
  CHECK(batch["status"] == "unknown");
  CHECK(took < std::chrono::seconds(3));  // five instances of a second each would take five
  CHECK(took >= std::chrono::seconds(1));
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
  dance::cli::ServeOptions small = Running::defaults();
  small.queue = 0;
  Running full(small);
  CHECK(post(full.port(), "solve", {{"reduction", "queens"}, {"text", "4\n"}}).status == 503);
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

TEST_CASE("serve: on the loopback, only requests that name this machine (no DNS rebinding)") {
  Running server;
  const std::string port = ":" + std::to_string(server.port());
  for (const std::string& host : {"localhost" + port, "127.0.0.1" + port, "[::1]" + port, std::string("localhost")})
    CHECK(request(server.port(), http::verb::get, "/", "", host).status == 200);
  for (const std::string& host : {"evil.example" + port, std::string("127.0.0.1.evil.example"), std::string("localhostx")})
    CHECK(request(server.port(), http::verb::get, "/", "", host).status == 403);
  CHECK(request(server.port(), http::verb::post, "/api/solve", R"({"reduction": "queens", "text": "4\n"})", "attacker.example").status == 403);
}

TEST_CASE("serve: stopping ends the server while a search runs") {
  dance::cli::ServeOptions options = Running::defaults();
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
  dance::cli::ServeOptions options = Running::defaults();
  options.port = server.port();
  std::atomic<bool> stop{false};
  CHECK_THROWS_WITH(dance::cli::Server(options, stop), Catch::Contains("in use"));
}
