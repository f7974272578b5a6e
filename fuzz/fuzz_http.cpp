// A libFuzzer target for dance serve's connection handler over raw HTTP
// bytes: one server runs in this process (a pool of one thread, requests of
// 50 ms at most), and each input is sent as it is on a connection of its
// own, whose end is then closed for writing and read until the server
// closes it. Whatever the bytes (bad request lines, huge headers and
// trailers, chunk sizes, pipelined requests, JSON bodies), the server
// answers or closes that connection and goes on: a crash, a hang (libFuzzer's
// -timeout) or a server that no longer accepts is a finding.
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <arpa/inet.h>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>

#include "server.hpp"

namespace {

class Running {
 public:
  Running() : server_(options(), stop_), thread_([this] { server_.run(); }) {}
  ~Running() {
    stop_ = true;
    thread_.join();
  }
  Running(const Running&) = delete;
  Running& operator=(const Running&) = delete;
  [[nodiscard]] unsigned short port() const { return server_.port(); }

 private:
  static dance::server::ServeOptions options() {
    dance::server::ServeOptions o;
    o.port = 0;
    o.threads = 1;
    o.limits.time_limit = 0.05;
    o.limits.largest = 12;  // a generator at 64x64 takes seconds to start in this instrumented build
    return o;
  }
  std::atomic<bool> stop_{false};
  dance::server::Server server_;
  std::thread thread_;
};

// A socket connected to the server, or -1 when the machine has no socket to
// give. libFuzzer's timer (SIGALRM) may interrupt connect(): then it is tried
// again on a new socket; a refusal means the server is gone, a finding.
int connected(unsigned short port) {
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(port);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  for (;;) {
    const int socket = ::socket(AF_INET, SOCK_STREAM, 0);
    if (socket < 0) return -1;
    if (::connect(socket, reinterpret_cast<const sockaddr*>(&address), sizeof address) == 0) return socket;
    const int error = errno;
    ::close(socket);
    if (error == EINTR) continue;
    std::fprintf(stderr, "fuzz_http: connect: %s\n", std::strerror(error));
    std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static Running server;
  const int socket = connected(server.port());
  if (socket < 0) return 0;
  const timeval patience{5, 0};  // a server that neither answers nor closes is a finding
  setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &patience, sizeof patience);
  setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &patience, sizeof patience);
  for (std::size_t sent = 0; sent < size;) {
    const ssize_t n = ::send(socket, data + sent, size - sent, MSG_NOSIGNAL);
    if (n <= 0) break;  // the server closed early (a refusal): fine
    sent += static_cast<std::size_t>(n);
  }
  ::shutdown(socket, SHUT_WR);
  char answer[65536];
  for (;;) {
    const ssize_t n = ::recv(socket, answer, sizeof answer, 0);
    if (n == 0) break;
    if (n < 0) {
      if (errno == EAGAIN || errno == EWOULDBLOCK) std::abort();  // neither an answer nor a close in 5 s
      break;  // reset: the server's close while bytes were unread
    }
  }
  ::close(socket);
  return 0;
}
