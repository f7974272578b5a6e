#include "serve.hpp"

#include <malloc.h>

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <array>
#include <chrono>
#include <optional>
#include <ostream>
#include <stdexcept>

#include "commands.hpp"
#include "page_files.hpp"
#include "dance/parallel.hpp"

namespace dance::cli {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using Response = http::response<http::string_body>;

// A client that sends nothing for this long is let go, so that it holds no socket for ever.
constexpr std::chrono::seconds idle_client{30};

Response reply(http::status status, std::string_view type, std::string body, unsigned version) {
  Response response{status, version};
  response.set(http::field::server, "dance");
  response.set(http::field::content_type, std::string(type));
  response.set(http::field::cache_control, "no-store");
  response.set("X-Content-Type-Options", "nosniff");
  // The page runs its own files only: nothing inline, nothing from elsewhere.
  response.set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:");
  response.body() = std::move(body);
  response.prepare_payload();
  return response;
}

Response error_reply(http::status status, std::string_view code, const std::string& message, unsigned version) {
  return reply(status, "application/json", error_body(code, message), version);
}

// The target's path, without a query (the page at /?x=1 is the page).
std::string_view path_of(std::string_view target) { return target.substr(0, target.find('?')); }

// Whether a Content-Type says JSON: application/json, with parameters or not, in any case.
bool says_json(beast::string_view type) {
  const beast::string_view media = type.substr(0, type.find(';'));
  constexpr beast::string_view json = "application/json";
  return media.size() >= json.size() && beast::iequals(media.substr(0, json.size()), json) &&
         media.find_first_not_of(" \t", json.size()) == beast::string_view::npos;
}

// Whether a Host header names this machine (localhost, 127.0.0.1, [::1], any
// port): a server on the loopback answers nothing else, so that a page
// elsewhere cannot reach it through a name of its own (DNS rebinding).
bool names_this_machine(std::string_view host) {
  const std::size_t end = host.front() == '[' ? host.find(']') + 1 : host.find(':');
  const std::string_view name = host.substr(0, end);
  return name == "localhost" || name == "127.0.0.1" || name == "[::1]";
}

}  // namespace

struct Server::Impl {
  ServeOptions options;
  const std::atomic<bool>& stop;
  net::io_context io{1};
  tcp::acceptor acceptor{io};
  net::thread_pool pool;
  std::size_t in_pool = 0;  // requests queued or running; only the io thread touches it
  std::atomic<std::size_t> connections{0};  // open; a session may end on a pool thread
  bool loopback = true;     // listening on this machine only

  Impl(const ServeOptions& o, const std::atomic<bool>& s) : options(o), stop(s), pool(o.threads) {
    // An address, or localhost: no name lookup, which a static binary could not do (glibc's NSS).
    const std::string host = options.host == "localhost" ? "127.0.0.1" : options.host;
    boost::system::error_code error;
    const net::ip::address address = net::ip::make_address(host, error);
    if (error) throw std::invalid_argument("--host expects an address such as 127.0.0.1, ::1 or 0.0.0.0, or localhost");
    loopback = address.is_loopback();
    const tcp::endpoint endpoint{address, options.port};
    acceptor.open(endpoint.protocol());
    acceptor.set_option(net::socket_base::reuse_address(true));
    acceptor.bind(endpoint);
    acceptor.listen();
  }

  void accept();
};

namespace {

// One connection: requests read and answered in turn (keep-alive), the
// searches on the pool, all reading and writing on the io thread.
class Session : public std::enable_shared_from_this<Session> {
 public:
  Session(tcp::socket socket, Server::Impl& server) : stream_(std::move(socket)), server_(server) { ++server_.connections; }
  ~Session() { --server_.connections; }
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  void read() {
    parser_.emplace();
    parser_->body_limit(server_.options.body_limit);
    stream_.expires_after(idle_client);
    http::async_read(stream_, buffer_, *parser_,
                     [self = shared_from_this()](beast::error_code error, std::size_t) { self->on_read(error); });
  }

 private:
  void on_read(beast::error_code error) {
    if (error == http::error::body_limit) {
      // The rest of the body is read and dropped, so that the client, still sending, gets the answer.
      answer(error_reply(http::status::payload_too_large, "too_large",
                         "the body is over " + std::to_string(server_.options.body_limit) + " bytes", 11),
             false);
      return;
    }
    if (error == http::error::header_limit)
      return answer(error_reply(http::status::request_header_fields_too_large, "too_large",
                                "the request line and headers are over 8 KiB", 11),
                    false);
    // A request that is no HTTP (two Content-Lengths, one with chunked, a bad line): said, then closed.
    if (error.category() == http::make_error_code(http::error::bad_method).category() &&
        error != http::error::end_of_stream && error != http::error::partial_message)
      return answer(error_reply(http::status::bad_request, "bad_request", "malformed HTTP: " + error.message(), 11), false);
    if (error) return close();
    http::request<http::string_body> request = parser_->release();
    const bool keep = request.keep_alive();
    const unsigned version = request.version();
    const std::string target(request.target());
    const std::string host(request[http::field::host]);
    if (server_.loopback && (host.empty() || !names_this_machine(host)))
      return answer(error_reply(http::status::forbidden, "forbidden", "this server answers localhost only", version), false);
    // A page elsewhere, whatever its way of sending (preflight or not), gets nothing.
    if (const auto origin = request.find(http::field::origin);
        origin != request.end() && origin->value() != "http://" + host)
      return answer(error_reply(http::status::forbidden, "forbidden", "requests from other origins are refused", version),
                    false);
    if (target.rfind("/api/", 0) == 0) {
      if (request.method() != http::verb::post)
        return answer(error_reply(http::status::method_not_allowed, "method_not_allowed", "the API takes POST", version), keep);
      if (!says_json(request[http::field::content_type]))
        return answer(error_reply(http::status::unsupported_media_type, "bad_request",
                                  "the API takes Content-Type: application/json", version),
                      keep);
      if (server_.stop.load())  // the pool takes no more work
        return answer(error_reply(http::status::service_unavailable, "busy", "stopping", version), false);
      if (server_.in_pool >= server_.options.queue)
        return answer(error_reply(http::status::service_unavailable, "busy", "busy: try again", version), keep);
      ++server_.in_pool;
      net::post(server_.pool, [self = shared_from_this(), request = std::move(request), target, keep, version,
                               queued = std::chrono::steady_clock::now()] {
        const double waited = std::chrono::duration<double>(std::chrono::steady_clock::now() - queued).count();
        ApiResponse api;
        try {
          api = call_api(std::string_view(target).substr(5), request.body(), self->server_.options.limits,
                         self->server_.stop, waited);
        } catch (...) {  // out of memory for the answer itself
          api = {500, R"({"error": "internal error", "code": "internal"})"};
        }
        Response response = reply(static_cast<http::status>(api.status), "application/json", api.body, version);
        net::post(self->stream_.get_executor(), [self, response = std::move(response), keep]() mutable {
          --self->server_.in_pool;
          self->answer(std::move(response), keep);
        });
      });
      return;
    }
    const bool head = request.method() == http::verb::head;
    if (request.method() != http::verb::get && !head)
      return answer(error_reply(http::status::method_not_allowed, "method_not_allowed", "pages take GET and HEAD", version), keep);
    const std::string_view path = path_of(target);
    const auto file = page_file(path == "/" ? "/index.html" : path);
    Response response = file ? reply(http::status::ok, file->type, std::string(file->body), version)
                             : error_reply(http::status::not_found, "not_found", "no such page", version);
    if (head) {  // the headers GET would send, its Content-Length too, and no body
      const std::size_t length = response.body().size();
      response.body().clear();
      response.content_length(length);
    }
    answer(std::move(response), keep);
  }

  void answer(Response response, bool keep) {
    response_ = std::move(response);
    response_.keep_alive(keep);
    stream_.expires_after(idle_client);
    http::async_write(stream_, response_, [self = shared_from_this(), keep](beast::error_code error, std::size_t) {
      if (error) return self->close();
      if (keep) return self->read();
      self->drain();
    });
  }

  // After the last answer: no more writing; what the client still sends is
  // read and dropped until it closes (or goes quiet), then the socket closes.
  void drain() {
    beast::error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
    stream_.expires_after(std::chrono::seconds(5));
    stream_.async_read_some(net::buffer(sink_), [self = shared_from_this()](beast::error_code error, std::size_t) {
      if (error) return self->close();
      self->drain();
    });
  }

  void close() {
    beast::error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_both, ignored);
    stream_.close();
  }

  beast::tcp_stream stream_;
  Server::Impl& server_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  Response response_;
  std::array<char, 65536> sink_;
};

}  // namespace

// A connection over the cap: told so at once, then closed.
void refuse(tcp::socket socket) {
  static const std::string body = error_body("busy", "too many connections: try again");
  static const std::string busy = "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\n"
                                  "Connection: close\r\nContent-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
  auto held = std::make_shared<tcp::socket>(std::move(socket));
  net::async_write(*held, net::buffer(busy), [held](beast::error_code, std::size_t) {
    beast::error_code ignored;
    held->shutdown(tcp::socket::shutdown_both, ignored);
    held->close(ignored);
  });
}

void Server::Impl::accept() {
  acceptor.async_accept(io, [this](beast::error_code error, tcp::socket socket) {
    if (error == net::error::operation_aborted) return;
    if (!error) {
      if (connections.load() >= options.max_connections) refuse(std::move(socket));
      else std::make_shared<Session>(std::move(socket), *this)->read();
    }
    accept();
  });
}

Server::Server(const ServeOptions& options, const std::atomic<bool>& stop)
    : impl_(std::make_unique<Impl>(options, stop)) {}

Server::~Server() = default;

unsigned short Server::port() const { return impl_->acceptor.local_endpoint().port(); }

void Server::run() {
  impl_->accept();
  // Ctrl-C sets the flag from a signal handler: looked at ten times a second.
  while (!impl_->stop.load()) impl_->io.run_for(std::chrono::milliseconds(100));
  impl_->acceptor.close();
  impl_->pool.join();  // the searches see `stop` and end
  // Their answers (unknown, mostly) go out, for half a second at most.
  impl_->io.restart();
  impl_->io.run_for(std::chrono::milliseconds(500));
}

int serve(const Settings& s, const std::atomic<bool>& interrupt, std::ostream& out, std::ostream& err) {
  ServeOptions options;
  options.host = s.host;
  options.port = static_cast<unsigned short>(s.port);
  options.threads = thread_count(s.threads);
  options.limits.time_limit = s.time_limit;
  options.max_connections = s.max_connections;
  // A server runs for days: freed memory goes back to the system (the command line keeps it, for speed).
  mallopt(M_MMAP_THRESHOLD, 4 << 20);
  mallopt(M_TRIM_THRESHOLD, 32 << 20);
  std::optional<Server> server;
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
