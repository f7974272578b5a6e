// dance serve's throughput: clients, each on one keep-alive connection, post
// a 9x9 sudoku to /api/solve for some seconds against a server already
// running (so that two builds can be measured in turn on the same machine).
//
//   dance serve --port 8089 &
//   bench_serve 8089 [clients=4] [seconds=5]
//   -> requests 27012, 5402 requests/s, 4 clients, every answer the solution
//
// Under attack: `bench_serve 8089 1 10 hostile [PID]` runs, beside the
// well-behaved clients, 256 idle connections (held open, reconnected when
// closed), slow senders (a byte of a header every 200 ms), 64 heavy
// searches abandoned 20 ms after they are sent (again every 2 s) and
// 20 requests for large answers at once; it prints the well-behaved
// solves' latency (median, 99th percentile, slowest) and their 503s, and with
// the server's PID its resident memory idle, at the peak and 3 s after.
#include <utility>  // before Boost.Asio, which uses std::exchange without it

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <fstream>
#include <mutex>
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
  std::atomic<long> answered{0}, wrong{0}, busy{0};
  std::mutex mutex;
  std::vector<double> latencies;  // seconds, each well-behaved request's
};

using Clock = std::chrono::steady_clock;

std::string api_bytes(const std::string& body) {
  return "POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: " +
         std::to_string(body.size()) + "\r\n\r\n" + body;
}

net::ip::tcp::endpoint server_at(unsigned short port) { return {net::ip::make_address("127.0.0.1"), port}; }

// The resident memory of process `pid` in MiB (0 when it cannot be read).
long resident_mib(long pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6)) / 1024;
  return 0;
}

// Connections that send nothing, or a header a byte at a time, held open until `end`.
void idle_and_slow(unsigned short port, Clock::time_point end, int idle, int slow) {
  net::io_context io;
  std::vector<net::ip::tcp::socket> held;
  const std::string header = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ";
  std::size_t step = 0;
  while (Clock::now() < end) {
    held.erase(std::remove_if(held.begin(), held.end(), [](net::ip::tcp::socket& s) {
                 // closed by the server: a read that would not block finds the end
                 s.non_blocking(true);
                 char byte;
                 boost::system::error_code error;
                 s.read_some(net::buffer(&byte, 1), error);
                 return error && error != net::error::would_block;
               }),
               held.end());
    while (held.size() < static_cast<std::size_t>(idle + slow)) {
      boost::system::error_code error;
      held.emplace_back(io).connect(server_at(port), error);
      if (error) held.pop_back();
    }
    for (std::size_t k = static_cast<std::size_t>(idle); k < held.size(); ++k) {
      boost::system::error_code ignored;
      net::write(held[k], net::buffer(&header[step % header.size()], 1), ignored);
    }
    ++step;
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
}

// Heavy searches whose clients go a moment after sending them, again and again.
void abandoned(unsigned short port, Clock::time_point end, int at_once) {
  const std::string heavy = api_bytes(R"({"reduction":"hamilton","text":"","options":{"knight":"8x8"},"count":true})");
  while (Clock::now() < end) {
    net::io_context io;
    std::vector<net::ip::tcp::socket> sent;
    for (int k = 0; k < at_once; ++k) {
      boost::system::error_code error;
      sent.emplace_back(io).connect(server_at(port), error);
      if (!error) net::write(sent.back(), net::buffer(heavy), error);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    sent.clear();  // closed
    std::this_thread::sleep_for(std::chrono::milliseconds(1980));
  }
}

// Requests for large answers (1,000 solutions of an empty 64x64 sudoku), read in full.
void large_answers(unsigned short port, Clock::time_point end) {
  const std::string large = api_bytes(R"({"reduction":"sudoku","text":")" + std::string(4096, '.') +
                                      R"(\n","options":{"box":"1x64"},"solutions":1000})");
  while (Clock::now() < end) {
    net::io_context io;
    beast::tcp_stream stream(io);
    boost::system::error_code error;
    stream.connect(server_at(port), error);
    if (error) continue;
    net::write(stream, net::buffer(large), error);
    beast::flat_buffer buffer;
    http::response_parser<http::string_body> response;
    response.body_limit(64 << 20);
    http::read(stream, buffer, response, error);
  }
}

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
    const auto start = Clock::now();
    http::write(stream, request);
    http::response<http::string_body> response;
    http::read(stream, buffer, response);
    const double took = std::chrono::duration<double>(Clock::now() - start).count();
    ++counts.answered;
    if (response.result_int() == 503) ++counts.busy;
    else if (response.result_int() != 200 || response.body().find(solution) == std::string::npos) ++counts.wrong;
    const std::lock_guard<std::mutex> lock(counts.mutex);
    counts.latencies.push_back(took);
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: bench_serve PORT [CLIENTS=4] [SECONDS=5] [hostile [PID]] (a dance serve on 127.0.0.1:PORT)\n");
    return 2;
  }
  const auto port = static_cast<unsigned short>(std::atoi(argv[1]));
  const int clients = argc > 2 ? std::atoi(argv[2]) : 4;
  const double seconds = argc > 3 ? std::atof(argv[3]) : 5;
  const bool hostile = argc > 4 && std::string(argv[4]) == "hostile";
  const long pid = argc > 5 ? std::atol(argv[5]) : 0;
  const long idle_mib = pid ? resident_mib(pid) : 0;
  Counts counts;
  const auto start = std::chrono::steady_clock::now();
  const auto end = start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(seconds));
  std::vector<std::thread> attackers;
  if (hostile) {
    attackers.emplace_back(idle_and_slow, port, end, 256, 16);
    attackers.emplace_back(abandoned, port, end, 64);
    for (int k = 0; k < 20; ++k) attackers.emplace_back(large_answers, port, end);
    std::this_thread::sleep_for(std::chrono::milliseconds(500));  // the attack under way
  }
  std::atomic<long> peak_mib{idle_mib};
  std::atomic<bool> done{false};
  std::thread watch([&] {
    while (pid && !done) {
      peak_mib = std::max(peak_mib.load(), resident_mib(pid));
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
  });
  std::vector<std::thread> threads;
  for (int k = 0; k < clients; ++k) threads.emplace_back(client, port, end, std::ref(counts));
  for (std::thread& t : threads) t.join();
  for (std::thread& t : attackers) t.join();
  done = true;
  watch.join();
  const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("requests %ld, %.0f requests/s, %d clients, %s\n", counts.answered.load(),
              static_cast<double>(counts.answered.load()) / took, clients,
              counts.wrong ? (std::to_string(counts.wrong.load()) + " answers wrong").c_str() : "every answer the solution");
  if (hostile) {
    std::sort(counts.latencies.begin(), counts.latencies.end());
    const auto at = [&](double q) { return counts.latencies.empty() ? 0.0 : counts.latencies[static_cast<std::size_t>(q * static_cast<double>(counts.latencies.size() - 1))]; };
    std::printf("under attack: 9x9 solve latency median %.4f s, p99 %.4f s, slowest %.4f s; %ld answered 503\n", at(0.5),
                at(0.99), at(1.0), counts.busy.load());
  }
  if (pid) {
    std::this_thread::sleep_for(std::chrono::seconds(3));
    std::printf("server resident memory: idle %ld MiB, peak %ld MiB, 3 s after %ld MiB\n", idle_mib, peak_mib.load(),
                resident_mib(pid));
  }
  return counts.wrong || counts.busy ? 1 : 0;
}
