// dance's server: the puzzle page and the JSON API (docs/serve.md) over
// HTTP, on the driver alone (`dance serve` starts one: cli/serve.cpp).
#pragma once

#include <atomic>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "api.hpp"

namespace dance::server {

struct ServeOptions {
  std::string host = "127.0.0.1";  // only this machine, unless --host says otherwise
  unsigned short port = 8080;      // 0: a free port, which port() tells
  std::size_t threads = 2;         // the pool that runs the requests' searches
  std::size_t body_limit = 1 << 20;  // bytes; a larger request body gets 413
  std::size_t queue = 64;            // requests waiting or running; one more gets 503
  std::size_t max_connections = 256;  // open at once; one more closes the longest idle, or gets 503 when none is idle
  std::vector<std::string> allowed_hosts;  // on a public bind: host names answered besides addresses and this machine's name
  ApiLimits limits;
  std::string program = "dance";  // the name in its messages on stderr
};

// Listens at construction (an exception that says why when it cannot); run() serves
// until `stop` is set, then lets the searches running stop (they watch
// `stop` too) and returns.
class Server {
 public:
  Server(const ServeOptions& options, const std::atomic<bool>& stop);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;
  [[nodiscard]] unsigned short port() const;
  void run();

  struct Impl;  // serve.cpp's, where its connections see it

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace dance::server
