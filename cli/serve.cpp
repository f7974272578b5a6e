#include "serve.hpp"

#include <malloc.h>

#include <algorithm>
#include <optional>
#include <ostream>

#include "commands.hpp"
#include "dance/parallel.hpp"
#include "server.hpp"

namespace dance::cli {

int serve(const Settings& s, const std::atomic<bool>& interrupt, std::ostream& out, std::ostream& err) {
  server::ServeOptions options;
  options.program = program();
  options.host = s.host;
  options.port = static_cast<unsigned short>(s.port);
  // By default four threads a core: the system shares the cores among them,
  // so that a short request is not held behind long ones (bench_serve hostile:
  // a 9x9 solve's p99 0.78 s with 8 threads on 2 cores, 1.47 s with 2).
  options.threads = s.threads == 0 ? 4 * thread_count(0) : thread_count(s.threads);
  options.limits.time_limit = s.time_limit;
  options.max_connections = s.max_connections;
  for (std::size_t from = 0; from < s.allow_hosts.size();) {  // a comma-separated list
    const std::size_t comma = std::min(s.allow_hosts.find(',', from), s.allow_hosts.size());
    if (comma > from) options.allowed_hosts.push_back(s.allow_hosts.substr(from, comma - from));
    from = comma + 1;
  }
  // A server runs for days: freed memory goes back to the system (the command line keeps it, for speed).
  mallopt(M_MMAP_THRESHOLD, 4 << 20);
  mallopt(M_TRIM_THRESHOLD, 32 << 20);
  std::optional<server::Server> server;
  try {
    server.emplace(options, interrupt);
  } catch (const std::exception& e) {
    err << program() << ": cannot listen on " << s.host << " port " << s.port << ": " << e.what() << '\n';
    return exit_status::error;
  }
  const bool ipv6 = s.host.find(':') != std::string::npos;
  out << program() << ": serving http://" << (ipv6 ? "[" + s.host + "]" : s.host) << ':' << server->port()
      << "/ (Ctrl-C stops)" << std::endl;
  server->run();
  out << program() << ": stopped" << std::endl;
  return exit_status::found;
}

}  // namespace dance::cli
