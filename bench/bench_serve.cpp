// dance serve's throughput: clients, each on one keep-alive connection, post
// a 9x9 sudoku to /api/solve for some seconds against a server already
// running (so that two builds can be measured in turn on the same machine).
//
//   dance serve --port 8089 &
//   bench_serve 8089 [clients=4] [seconds=5]
//   -> requests 27012, 5402 requests/s, 4 clients, every answer the solution
#include <utility>  // before Boost.Asio, which uses std::exchange without it

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;

const std::string puzzle = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
const std::string solution = "468931527751624839392578461134756298289413675675289314846192753513867942927345186";

struct Counts {
  std::atomic<long> answered{0}, wrong{0};
};

void client(unsigned short port, std::chrono::steady_clock::time_point end, Counts& counts) {
  net::io_context io;
  beast::tcp_stream stream(io);
  stream.connect(net::ip::tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  http::request<http::string_body> request{http::verb::post, "/api/solve", 11};
  request.set(http::field::host, "127.0.0.1");
  request.set(http::field::content_type, "application/json");
  request.keep_alive(true);
  request.body() = R"({"reduction": "sudoku", "text": ")" + puzzle + R"("})";
  request.prepare_payload();
  beast::flat_buffer buffer;
  while (std::chrono::steady_clock::now() < end) {
    http::write(stream, request);
    http::response<http::string_body> response;
    http::read(stream, buffer, response);
    ++counts.answered;
    if (response.result_int() != 200 || response.body().find(solution) == std::string::npos) ++counts.wrong;
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: bench_serve PORT [CLIENTS=4] [SECONDS=5] (a dance serve on 127.0.0.1:PORT)\n");
    return 2;
  }
  const auto port = static_cast<unsigned short>(std::atoi(argv[1]));
  const int clients = argc > 2 ? std::atoi(argv[2]) : 4;
  const double seconds = argc > 3 ? std::atof(argv[3]) : 5;
  Counts counts;
  const auto start = std::chrono::steady_clock::now();
  const auto end = start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(seconds));
  std::vector<std::thread> threads;
  for (int k = 0; k < clients; ++k) threads.emplace_back(client, port, end, std::ref(counts));
  for (std::thread& t : threads) t.join();
  const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("requests %ld, %.0f requests/s, %d clients, %s\n", counts.answered.load(),
              static_cast<double>(counts.answered.load()) / took, clients,
              counts.wrong ? (std::to_string(counts.wrong.load()) + " answers wrong").c_str() : "every answer the solution");
  return counts.wrong ? 1 : 0;
}
