#include "commands.hpp"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "dance/driver.hpp"
#include "dance/json_lines.hpp"
#include "dance/parallel.hpp"
#include "dance/reduction.hpp"
#include "dlx/error.hpp"
#include "cluster.hpp"
#include "generate.hpp"
#include "dance/input_buffer.hpp"
#include "output_files.hpp"
#include "progress.hpp"
#include "recording_buffer.hpp"
#include "serve.hpp"
#include "dance/text_sink.hpp"

namespace dance::cli {
namespace {

int list(std::ostream& out) {
  for (const Reduction* r : reductions()) {
    out << r->name() << "\t" << r->summary();
    try {
      if (r->puzzle_type(ModelOptions())) out << " (generate too)";
    } catch (const std::invalid_argument&) {  // a generator that needs an option of its own (clique: -k)
      out << " (generate too)";
    }
    std::string formats;  // --format NAME
    for (const Format& format : r->formats()) formats += (formats.empty() ? "" : "|") + format.name;
    out << "\t--format " << formats << '\n';
  }
  return exit_status::found;
}

// A number for a person: 3, 45.2 k, 7.31 M, 1.02 G.
std::string readable(double value) {
  char text[32];
  const char* unit = value >= 1e9 ? " G" : value >= 1e6 ? " M" : value >= 1e3 ? " k" : "";
  const double scaled = value >= 1e9 ? value / 1e9 : value >= 1e6 ? value / 1e6 : value >= 1e3 ? value / 1e3 : value;
  std::snprintf(text, sizeof text, *unit ? "%.3g%s" : "%.0f%s", scaled, unit);
  return text;
}

// The progress line of a search: its workers' nodes and solutions, the rate,
// and for one worker Knuth's estimate of the share of the tree done (a team
// steals work across the tree: no one worker's estimate stands for it).
std::string describe_search(std::span<dlx::Progress> published, double seconds) {
  std::uint64_t nodes = 0, solutions = 0;
  for (const dlx::Progress& p : published) {
    nodes += p.nodes.load(std::memory_order_relaxed);
    solutions += p.solutions.load(std::memory_order_relaxed);
  }
  std::string line = readable(static_cast<double>(nodes)) + " nodes, " + std::to_string(solutions) + " solutions, " +
                     readable(static_cast<double>(nodes) / std::max(seconds, 1e-3)) + " nodes/s";
  if (published.size() == 1) {
    // The search answers at its next check, 1024 nodes on: well within 20 ms, unless it is done.
    published[0].asked.store(true, std::memory_order_relaxed);
    for (int wait = 0; wait < 20 && published[0].asked.load(std::memory_order_relaxed); ++wait)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    if (const double done = published[0].done.load(std::memory_order_relaxed); done >= 0) {
      char share[32];
      std::snprintf(share, sizeof share, "%.4g%%", 100 * done);
      line += ", about " + std::string(share) + " of the tree done";
    }
  }
  return line + ", " + std::to_string(static_cast<long>(seconds)) + " s";
}

// The input named by the settings (stdin for "-"); nothing, said on `err`, when it cannot be opened.
std::istream* open_input(const Settings& s, std::ifstream& file, std::ostream& err) {
  if (s.input == "-") return &std::cin;
  std::error_code error;
  if (std::filesystem::is_directory(s.input, error)) {
    err << program() << ": '" << s.input << "' is a directory, not a file\n";
    return nullptr;
  }
  file.open(s.input);
  if (!file) err << program() << ": cannot open '" << s.input << "': " << std::strerror(errno) << '\n';
  return file ? &file : nullptr;
}

// Rank 0's input as far as the reduction's reader reads it for one instance
// and the check that there is no second (only rank 0 has stdin, and a file
// may be on its host only); nothing when it cannot be opened.
std::optional<std::string> input_to_share(const Settings& s, const Reduction& reduction, std::ostream& err) {
  std::ifstream file;
  std::istream* in = open_input(s, file, err);
  if (!in) return std::nullopt;
  RecordingBuffer recording(*in->rdbuf());
  std::istream recorded(&recording);
  try {
    const auto reader = reduction.reader(recorded, s.model);
    for (int k = 0; k < 2; ++k) {
      try {
        if (!reader->next()) break;
      } catch (const dlx::ParseError&) {  // reported by every rank as it reads the shared text
      } catch (const dlx::BuildError&) {
      }
    }
  } catch (const std::invalid_argument&) {  // reported by every rank as it reads the shared text
  }
  return recording.recorded();
}

}  // namespace

int run(const Settings& s, const std::atomic<bool>& interrupt, std::ostream& out, std::ostream& err, Cluster* cluster) {
  if (cluster && s.job != Job::count) {
    err << program() << ": under mpirun, " << program() << " counts only: " << program() << " count REDUCTION ...\n";
    return exit_status::error;
  }
  if (s.command == Command::list) return list(out);
  if (s.command == Command::generate) return generate(s, interrupt, out, err, program() + ": ");
  if (s.command == Command::serve) return serve(s, interrupt, out, err);
  const Reduction& reduction = *find_reduction(s.reduction);
  std::ifstream file;
  std::istringstream shared;  // under MPI: rank 0's input, on every rank
  std::istream* in = &shared;
  if (cluster) {
    const auto text = cluster->share(cluster->rank() == 0 ? input_to_share(s, reduction, err) : std::nullopt);
    if (!text) return exit_status::error;
    shared.str(*text);
  } else if (!(in = open_input(s, file, err))) {
    return exit_status::error;
  }
  const std::string source = s.input == "-" ? "<stdin>" : s.input;
  InputBuffer buffered(*in->rdbuf(), &out);
  std::istream input(&buffered);
  std::unique_ptr<InstanceReader> reader;
  try {
    reader = reduction.reader(input, s.model);
  } catch (const std::invalid_argument& e) {
    err << program() << ": " << e.what() << "\nTry '" << program() << " --help'.\n";
    return exit_status::error;
  }

  Session session(reduction, run_spec(s, source));
  std::optional<ProgressLine> progress;
  if (s.command == Command::solve || s.command == Command::count) {
    progress.emplace(err, ProgressLine::shown(s.progress),
                     [published = session.progress()](double seconds) { return describe_search(published, seconds); },
                     2.0);
  }
  TextSinkOptions shown;
  shown.prefix = program() + ": ";
  shown.quiet = s.quiet;
  shown.stats = s.stats;
  if (!s.output_dir.empty())
    shown.own_file = [&dir = s.output_dir](std::size_t number, const std::string& text) { write_output_file(dir, number, text); };
  if (progress) shown.clear = [&progress] { progress->clear(); };
  // --format json: each instance's object on stdout, dance's words on stderr as ever
  const bool json = s.format == "json" && !s.quiet;  // -q: nothing on stdout, in any format
  const std::unique_ptr<Presenter> presenter = json ? nullptr : reduction.presenter(s.format == "json" ? "text" : s.format);
  TextSink sink(reduction, presenter.get(), session.spec(), out, err, shown);
  JsonLines lines(reduction, session.spec(), out);
  Tee both(lines, sink);
  Status status = session.run(*reader, json ? static_cast<Sink&>(both) : sink, interrupt, cluster);
  if (sink.file_failed()) status = worse(status, Status::error);
  Failure failure = sink.first_failure();
  if (progress) progress->stop();
  status = wrap_up(s.stats, session, status, interrupt, err, program() + ": ", failure);
  if (json && session.instances() == 0 && failure.code == "bad_request") lines.failed(failure);  // no instance: one line says so
  out.flush();
  return static_cast<int>(status);
}

}  // namespace dance::cli
