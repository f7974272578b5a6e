#include "server.hpp"

#include <malloc.h>

#include <utility>  // before Asio, which needs std::exchange

#include <sys/socket.h>
#include <unistd.h>

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <algorithm>
#include <array>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <iostream>
#include <set>
#include <tuple>
#include <optional>
#include <ostream>
#include <stdexcept>

#include "page_files.hpp"

namespace dance::server {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using Response = http::response<http::string_body>;

// A connection's next request must have its request line and headers here
// this soon (idle keep-alive, a slow sender), its body this soon after: a
// connection with no complete request goes soon, so idle ones cannot hold
// the cap.
constexpr std::chrono::seconds header_time{5};
constexpr std::chrono::seconds body_time{30};
// What a connection's read buffer may hold: a request's line and headers
// (8 KiB, Beast's limit) and a chunked body's trailer both must fit in it
// whole, so this bounds them (a trailer has no limit of its own in Beast).
constexpr std::size_t read_buffer_limit = 16 << 10;

Response reply(http::status status, std::string_view type, std::string body, unsigned version) {
  Response response{status, version};
  response.set(http::field::server, "dance");
  response.set(http::field::content_type, std::string(type));
  response.set(http::field::cache_control, "no-store");
  response.set("X-Content-Type-Options", "nosniff");
  // The page runs its own files only: nothing inline, nothing from elsewhere.
  response.set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'");
  response.set("X-Frame-Options", "DENY");  // no page elsewhere frames it (clickjacking); older browsers
  response.body() = std::move(body);
  response.prepare_payload();
  return response;
}

Response error_reply(http::status status, std::string_view code, const std::string& message, unsigned version) {
  return reply(status, "application/json", error_body(code, message), version);
}

// 405, with the methods the target takes (RFC 9110 15.5.6).
Response not_allowed(const std::string& message, std::string_view allowed, unsigned version) {
  Response response = error_reply(http::status::method_not_allowed, "method_not_allowed", message, version);
  response.set(http::field::allow, std::string(allowed));
  return response;
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

// Where a Host header's name ends: after the bracket of "[::1]", else at the port's colon (or the end).
std::size_t name_end(std::string_view host) {
  if (!host.empty() && host.front() == '[') {
    const std::size_t bracket = host.find(']');
    return bracket == std::string_view::npos ? host.size() : bracket + 1;
  }
  return std::min(host.find(':'), host.size());
}

// Whether a Host header is a name and, after a colon, a port from 1 to 65535 (RFC 9110 7.2): nothing else
// may follow the name ("localhost:abc", "[::1]0:880" and "localhost:" are malformed).
bool well_formed_host(std::string_view host) {
  const std::string_view after = host.substr(name_end(host));
  if (after.empty()) return true;
  const std::string_view port = after.substr(1);
  if (after.front() != ':' || port.empty() || port.size() > 5 ||
      !std::all_of(port.begin(), port.end(), [](unsigned char c) { return std::isdigit(c); }))
    return false;
  const int number = std::stoi(std::string(port));
  return number >= 1 && number <= 65535;
}

// A Host header's name, lower-cased, without its port ("[::1]" keeps its brackets).
std::string host_name(std::string_view host) {
  std::string name(host.substr(0, name_end(host)));
  std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });  // names ignore case
  return name;
}

bool is_loopback_name(const std::string& name) { return name == "localhost" || name == "127.0.0.1" || name == "[::1]"; }

// An address written out (1.2.3.4, [2001:db8::1]): no name that a page elsewhere could point at this machine.
bool is_address(const std::string& name) {
  boost::system::error_code error;
  const std::string bare = !name.empty() && name.front() == '[' && name.back() == ']' ? name.substr(1, name.size() - 2) : name;
  (void)net::ip::make_address(bare, error);
  return !error;
}

// Whether the Transfer-Encoding header says what dance reads: chunked alone.
bool chunked_alone(beast::string_view coding) {
  const auto first = coding.find_first_not_of(" \t");
  const auto last = coding.find_last_not_of(" \t");
  return first != beast::string_view::npos && beast::iequals(coding.substr(first, last - first + 1), "chunked");
}

// An absolute-form target (http://host:port/path?query): its authority and its path.
std::optional<std::pair<std::string, std::string>> absolute_form(std::string_view target) {
  constexpr std::string_view scheme = "http://";
  if (target.size() < scheme.size() ||
      !beast::iequals(beast::string_view(target.data(), scheme.size()), beast::string_view(scheme.data(), scheme.size())))
    return std::nullopt;
  const std::string_view rest = target.substr(scheme.size());
  const std::size_t slash = rest.find_first_of("/?");
  std::string path(slash == std::string_view::npos ? "/" : rest.substr(slash));
  if (path.front() == '?') path.insert(0, "/");
  return std::pair{std::string(rest.substr(0, slash)), path};
}

}  // namespace

class Connection;

struct Server::Impl {
  ServeOptions options;
  const std::atomic<bool>& stop;
  net::io_context io{1};
  tcp::acceptor acceptor{io};
  net::thread_pool pool;
  std::size_t in_pool = 0;  // requests queued or running; only the io thread touches it
  // The connections, oldest first; only the io thread touches it (a
  // connection may end on a pool thread: then its entry has expired).
  std::vector<std::weak_ptr<Connection>> connections;
  bool loopback = true;     // listening on this machine only
  std::set<std::string, std::less<>> allowed_hosts;  // on a public bind: the names a Host header may give

  Impl(const ServeOptions& o, const std::atomic<bool>& s) : options(o), stop(s), pool(o.threads) {
    // An address, or localhost: no name lookup, which a static binary could not do (glibc's NSS).
    const std::string host = options.host == "localhost" ? "127.0.0.1" : options.host;
    boost::system::error_code error;
    const net::ip::address address = net::ip::make_address(host, error);
    if (error) throw std::invalid_argument("--host expects an address such as 127.0.0.1, ::1 or 0.0.0.0, or localhost");
    loopback = address.is_loopback();
    for (const std::string& name : options.allowed_hosts) allowed_hosts.insert(host_name(name));
    if (std::array<char, 256> name{}; gethostname(name.data(), name.size() - 1) == 0) allowed_hosts.insert(host_name(name.data()));
    const tcp::endpoint endpoint{address, options.port};
    acceptor.open(endpoint.protocol());
    acceptor.set_option(net::socket_base::reuse_address(true));
    acceptor.bind(endpoint);
    acceptor.listen();
  }

  // Whether a request naming this host is answered: on the loopback, this
  // machine's loopback names only; on a public bind also addresses and the
  // names allowed (a page elsewhere that reached the server through a name of
  // its own, DNS rebinding, is not).
  [[nodiscard]] bool answers_host(const std::string& host) const {
    const std::string name = host_name(host);
    if (is_loopback_name(name)) return true;
    return !loopback && (is_address(name) || allowed_hosts.contains(name));
  }

  void accept();
  // Room for one more connection: false when every one has a request under way.
  bool make_room();
};

namespace {

using Clock = std::chrono::steady_clock;

}  // namespace

// One connection: requests read and answered in turn (keep-alive), the
// searches on the pool, all reading and writing on the io thread.
class Connection : public std::enable_shared_from_this<Connection> {
 public:
  Connection(tcp::socket socket, Server::Impl& server) : stream_(std::move(socket)), server_(server) {}
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  void read() {
    waiting_since_ = Clock::now();
    reading_ = true;
    head_ = false;
    parser_.emplace();
    parser_->body_limit(server_.options.body_limit);
    stream_.expires_after(header_time);
    http::async_read_header(stream_, buffer_, *parser_,
                            [self = shared_from_this()](beast::error_code error, std::size_t) { self->on_header(error); });
  }

  // Waiting for a request (none under way), and since when.
  [[nodiscard]] bool idle() const { return reading_ && !closed_; }
  [[nodiscard]] bool open() const { return !closed_; }
  [[nodiscard]] Clock::time_point waiting_since() const { return waiting_since_; }

  void close() {
    closed_ = true;
    gone_ = true;  // a search under way for it stops
    beast::error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_both, ignored);
    stream_.close();
  }

 private:
  // The request line and headers are in: what dance does not read is refused before the body.
  void on_header(beast::error_code error) {
    if (error) return on_error(error);
    const auto& header = parser_->get();
    const unsigned version = header.version();
    head_ = header.method() == http::verb::head;
    // Beast reads equal Content-Lengths as one; HTTP allows it, but a request with two is refused, as any
    // second copy of a framing header is (docs/serve.md): no two readers can disagree on where the body ends.
    if (header.count(http::field::content_length) > 1)
      return answer(error_reply(http::status::bad_request, "bad_request", "one Content-Length header at most", version), false);
    if (header.count(http::field::host) > 1)
      return answer(error_reply(http::status::bad_request, "bad_request", "one Host header at most", version), false);
    if (header.count(http::field::transfer_encoding) > 1 ||
        (header.count(http::field::transfer_encoding) == 1 && !chunked_alone(header[http::field::transfer_encoding])))
      return answer(error_reply(http::status::not_implemented, "not_implemented",
                                "the only transfer coding read is chunked", version),
                    false);
    stream_.expires_after(body_time);
    http::async_read(stream_, buffer_, *parser_,
                     [self = shared_from_this()](beast::error_code read, std::size_t) { self->on_read(read); });
  }

  void on_error(beast::error_code error) {
    if (error == http::error::body_limit)
      // The rest of the body is read and dropped, so that the client, still sending, gets the answer.
      return answer(error_reply(http::status::payload_too_large, "too_large",
                                "the body is over " + std::to_string(server_.options.body_limit) + " bytes", 11),
                    false);
    if (error == http::error::header_limit || error == http::error::buffer_overflow)
      return answer(error_reply(http::status::request_header_fields_too_large, "too_large",
                                "the request line and headers (or a chunked body's trailer) are over 8 KiB", 11),
                    false);
    // A request that is no HTTP (two Content-Lengths, one with chunked, a bad line): said, then closed.
    if (error.category() == http::make_error_code(http::error::bad_method).category() &&
        error != http::error::end_of_stream && error != http::error::partial_message)
      return answer(error_reply(http::status::bad_request, "bad_request", "malformed HTTP: " + error.message(), 11), false);
    close();  // the client went, or sent no whole request in time
  }

  void on_read(beast::error_code error) {
    if (error) return on_error(error);
    reading_ = false;
    http::request<http::string_body> request = parser_->release();
    const bool keep = request.keep_alive();
    const unsigned version = request.version();
    std::string target(request.target());
    std::string host(request[http::field::host]);
    if (auto absolute = absolute_form(target)) std::tie(host, target) = std::move(*absolute);  // RFC 9112 3.2.2
    if (target.empty() || target.front() != '/')
      return answer(error_reply(http::status::bad_request, "bad_request", "the target must be a path: /api/solve", version), false);
    if (host.empty())
      return answer(error_reply(http::status::bad_request, "bad_request", "the request has no Host header", version), false);
    if (!well_formed_host(host))
      return answer(error_reply(http::status::bad_request, "bad_request",
                                "the Host header must be a name and, after a colon, a port from 1 to 65535", version),
                    false);
    if (!server_.answers_host(host))
      return answer(error_reply(server_.loopback ? http::status::forbidden : http::status::misdirected_request, "forbidden",
                                server_.loopback ? "this server answers localhost only"
                                                 : "this server does not answer to that host name (dance serve --allow-host)",
                                version),
                    false);
    // A page elsewhere, whatever its way of sending (preflight or not), gets nothing; two Origins are no origin.
    if (request.count(http::field::origin) > 1)
      return answer(error_reply(http::status::bad_request, "bad_request", "one Origin header at most", version), false);
    if (const auto origin = request.find(http::field::origin);
        origin != request.end() && origin->value() != "http://" + host)
      return answer(error_reply(http::status::forbidden, "forbidden", "requests from other origins are refused", version),
                    false);
    const std::string path(path_of(target));
    // What is not there is 404 whatever the method; what is there, asked with a method it does not take, 405.
    if (path == "/api" || path.rfind("/api/", 0) == 0) {
      const std::string endpoint = path.substr(std::min<std::size_t>(5, path.size()));
      if (!is_endpoint(endpoint)) return answer(reply(http::status::not_found, "application/json", no_such_endpoint(), version), keep);
      if (request.method() != http::verb::post)
        return answer(not_allowed("the API takes POST", "POST", version), keep);
      if (!says_json(request[http::field::content_type]))
        return answer(error_reply(http::status::unsupported_media_type, "bad_request",
                                  "the API takes Content-Type: application/json", version),
                      keep);
      if (server_.stop.load())  // the pool takes no more work
        return answer(error_reply(http::status::service_unavailable, "busy", "stopping", version), false);
      if (server_.in_pool >= server_.options.queue)
        return answer(error_reply(http::status::service_unavailable, "busy", "busy: try again", version), keep);
      ++server_.in_pool;
      queued_ = true;
      watch_client();
      // The pool's thread and the queue's timer race for the request: the first to take it answers it.
      const auto taken = std::make_shared<std::atomic<bool>>(false);
      wait_in_queue(queue_limit(request.body(), server_.options.limits), taken, keep, version);
      net::post(server_.pool, [self = shared_from_this(), body = std::move(request.body()), endpoint, keep,
                               version, queued = Clock::now(), taken] {
        if (taken->exchange(true)) return;  // the timer answered 503: the request waited past its time limit
        ApiResponse api;
        if (!self->gone_) {  // a client gone while its request waited: its place goes to the next
          const double waited = std::chrono::duration<double>(Clock::now() - queued).count();
          try {
            api = call_api(endpoint, body, self->server_.options.limits, self->server_.stop, waited, &self->gone_);
          } catch (...) {  // out of memory for the answer itself
            api = {500, R"({"error": "internal error", "code": "internal"})"};
          }
        }
        Response response = reply(static_cast<http::status>(api.status), "application/json", std::move(api.body), version);
        net::post(self->stream_.get_executor(), [self, response = std::move(response), keep]() mutable {
          self->queue_timer_.cancel();
          self->leave_queue();
          beast::error_code ignored;
          self->stream_.socket().cancel(ignored);  // watch_client's wait
          if (self->gone_) return self->close();
          self->answer(std::move(response), keep);
        });
      });
      return;
    }
    const bool head = request.method() == http::verb::head;
    const auto file = page_file(path == "/" ? "/index.html" : path);
    if (file && request.method() != http::verb::get && !head)
      return answer(not_allowed("pages take GET and HEAD", "GET, HEAD", version), keep);
    answer(file ? reply(http::status::ok, file->type, std::string(file->body), version)
                : error_reply(http::status::not_found, "not_found", "no such page", version),
           keep);
  }

  // While its request is on the pool: a client that closes its end (or
  // resets it) stops the search; one that sends more (its next request) is
  // still there.
  void watch_client() {
    stream_.socket().async_wait(tcp::socket::wait_read, [self = shared_from_this()](beast::error_code error) {
      if (error) return;  // the answer is ready (the wait cancelled), or the connection closed
      char byte;
      const ssize_t peeked = ::recv(self->stream_.socket().native_handle(), &byte, 1, MSG_PEEK | MSG_DONTWAIT);
      if (peeked == 0 || (peeked < 0 && errno != EAGAIN && errno != EWOULDBLOCK)) {
        self->gone_ = true;
        self->leave_queue();  // its place goes to the next client at once, not when the pool comes to it
      }
    });
  }

  // A request no thread has taken by its time limit is answered 503 then,
  // not when a thread comes to it.
  void wait_in_queue(double seconds, std::shared_ptr<std::atomic<bool>> taken, bool keep, unsigned version) {
    queue_timer_.expires_after(std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds)));
    queue_timer_.async_wait([self = shared_from_this(), taken = std::move(taken), keep, version](beast::error_code error) {
      if (error || taken->exchange(true)) return;  // a thread took it first
      self->leave_queue();
      beast::error_code ignored;
      self->stream_.socket().cancel(ignored);  // watch_client's wait
      if (self->gone_) return self->close();
      self->answer(error_reply(http::status::service_unavailable, "busy", waited_too_long, version), keep);
    });
  }

  void leave_queue() {
    if (queued_) --server_.in_pool;
    queued_ = false;
  }

  void answer(Response response, bool keep) {
    reading_ = false;
    if (head_) {  // any answer to HEAD: the headers GET would get, its Content-Length too, and no body
      const std::size_t length = response.body().size();
      response.body().clear();
      response.content_length(length);
    }
    response_ = std::move(response);
    response_.keep_alive(keep);
    stream_.expires_after(body_time);
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

  beast::tcp_stream stream_;
  Server::Impl& server_;
  beast::flat_buffer buffer_{read_buffer_limit};
  std::optional<http::request_parser<http::string_body>> parser_;
  Response response_;
  net::steady_timer queue_timer_{stream_.get_executor()};  // its request's time limit, while it waits for a thread
  std::array<char, 65536> sink_;
  bool head_ = false;     // the request under way is a HEAD: its answer has no body
  bool queued_ = false;   // its request counts in Impl::in_pool (io thread only)
  bool reading_ = false;  // waiting for a request: it holds no work, so it may go first when the cap is reached
  bool closed_ = false;
  Clock::time_point waiting_since_;
  std::atomic<bool> gone_{false};  // the client went (or the connection was closed): its search stops
};

namespace {

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

}  // namespace

bool Server::Impl::make_room() {
  std::erase_if(connections, [](const std::weak_ptr<Connection>& c) {
    const auto held = c.lock();
    return !held || !held->open();
  });
  if (connections.size() < options.max_connections) return true;
  // The cap is shared fairly: the connection that has waited longest for a
  // request of its own (idle, or sending one slowly) makes way.
  std::shared_ptr<Connection> oldest;
  for (const auto& c : connections)
    if (const auto held = c.lock(); held && held->idle() && (!oldest || held->waiting_since() < oldest->waiting_since()))
      oldest = held;
  if (!oldest) return false;
  oldest->close();
  return true;
}

void Server::Impl::accept() {
  acceptor.async_accept(io, [this](beast::error_code error, tcp::socket socket) {
    if (error == net::error::operation_aborted) return;
    if (!error) {
      try {
        if (!make_room()) {
          refuse(std::move(socket));
        } else {
          auto connection = std::make_shared<Connection>(std::move(socket), *this);
          connections.push_back(connection);
          connection->read();
        }
      } catch (const std::exception& e) {  // that connection is lost; the server must still accept the next
        std::cerr << options.program << ": serve: a connection failed: " << e.what() << '\n';
      }
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
  while (!impl_->stop.load()) {
    try {
      impl_->io.run_for(std::chrono::milliseconds(100));
    } catch (const std::exception& e) {  // one connection's failure (its handler threw): it ends, the server goes on
      std::cerr << impl_->options.program << ": serve: a connection failed: " << e.what() << '\n';
    }
  }
  impl_->acceptor.close();
  impl_->pool.join();  // the searches see `stop` and end
  // Their answers (unknown, mostly) go out, for half a second at most.
  impl_->io.restart();
  impl_->io.run_for(std::chrono::milliseconds(500));
}

}  // namespace dance::server
