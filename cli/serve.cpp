#include "serve.hpp"

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
#include "parallel.hpp"

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

Response error_reply(http::status status, const std::string& message, unsigned version) {
  return reply(status, "application/json", "{\"error\": \"" + message + "\"}", version);
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
  Session(tcp::socket socket, Server::Impl& server) : stream_(std::move(socket)), server_(server) {}

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
      answer(error_reply(http::status::payload_too_large,
                         "the body is over " + std::to_string(server_.options.body_limit) + " bytes", 11),
             false);
      return;
    }
    if (error) return close();
    http::request<http::string_body> request = parser_->release();
    const bool keep = request.keep_alive();
    const unsigned version = request.version();
    const std::string target(request.target());
    const std::string host(request[http::field::host]);
    if (server_.loopback && (host.empty() || !names_this_machine(host)))
      return answer(error_reply(http::status::forbidden, "this server answers localhost only", version), false);
    if (target.rfind("/api/", 0) == 0) {
      if (request.method() != http::verb::post)
        return answer(error_reply(http::status::method_not_allowed, "the API takes POST", version), keep);
      if (server_.stop.load())  // the pool takes no more work
        return answer(error_reply(http::status::service_unavailable, "stopping", version), false);
      if (server_.in_pool >= server_.options.queue)
        return answer(error_reply(http::status::service_unavailable, "busy: try again", version), keep);
      ++server_.in_pool;
      net::post(server_.pool, [self = shared_from_this(), request = std::move(request), target, keep, version] {
        const ApiResponse api = call_api(std::string_view(target).substr(5), request.body(),
                                         self->server_.options.limits, self->server_.stop);
        Response response = reply(static_cast<http::status>(api.status), "application/json", api.body, version);
        net::post(self->stream_.get_executor(), [self, response = std::move(response), keep]() mutable {
          --self->server_.in_pool;
          self->answer(std::move(response), keep);
        });
      });
      return;
    }
    if (request.method() != http::verb::get)
      return answer(error_reply(http::status::method_not_allowed, "pages take GET", version), keep);
    const auto file = page_file(target == "/" ? "/index.html" : target);
    if (!file) return answer(error_reply(http::status::not_found, "no such page", version), keep);
    answer(reply(http::status::ok, file->type, std::string(file->body), version), keep);
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

void Server::Impl::accept() {
  acceptor.async_accept(io, [this](beast::error_code error, tcp::socket socket) {
    if (error == net::error::operation_aborted) return;
    if (!error) std::make_shared<Session>(std::move(socket), *this)->read();
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
  std::optional<Server> server;
  try {
    server.emplace(options, interrupt);
  } catch (const std::exception& e) {
    err << "dance: cannot listen on " << s.host << " port " << s.port << ": " << e.what() << '\n';
    return exit_status::error;
  }
  const bool ipv6 = s.host.find(':') != std::string::npos;
  out << "dance: serving http://" << (ipv6 ? "[" + s.host + "]" : s.host) << ':' << server->port()
      << "/ (Ctrl-C stops)" << std::endl;
  server->run();
  out << "dance: stopped" << std::endl;
  return exit_status::found;
}

}  // namespace dance::cli
