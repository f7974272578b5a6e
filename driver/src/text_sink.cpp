#include "dance/text_sink.hpp"

#include <stdexcept>

#include "dlx/knuth_format.hpp"

namespace dance {

TextSink::TextSink(const Reduction& reduction, const Presenter* presenter, const RunSpec& spec, std::ostream& out,
                   std::ostream& err, TextSinkOptions options)
    : reduction_(reduction), presenter_(presenter), spec_(spec), out_(out), err_(err), options_(std::move(options)) {}

std::string TextSink::where(const Instance& instance) const {
  return instance.line == 0 ? "" : spec_.source + ": line " + std::to_string(instance.line) + ": ";
}

void TextSink::begin(std::size_t) {
  if (!options_.own_file) return;
  own_.str({});
  printed_ = false;  // a file of its own: nothing before it to keep apart
}

void TextSink::end(std::size_t number) {
  if (!options_.own_file) return;
  try {
    options_.own_file(number, own_.str());
  } catch (const std::runtime_error& e) {
    err_ << options_.prefix << e.what() << '\n';
    file_failed_ = true;
  }
}

void TextSink::solution(const Instance& instance, std::shared_ptr<const Answer> answer, std::uint64_t index) {
  if (options_.quiet || !presenter_) return;
  clear();
  // Answers of several lines are kept apart by an empty line, also those of the instances of a batch.
  if ((index > 0 || printed_) && !reduction_.aligned_output()) out() << '\n';
  presenter_->answer(out(), instance, *answer);
  printed_ = true;
}

// On stderr, in the text notation: a search stopped later, or killed, has
// shown its best so far.
void TextSink::improved(const Instance& instance, std::shared_ptr<const Answer> answer) {
  if (options_.quiet) return;
  clear();
  std::ostringstream text;
  reduction_.print(text, instance, *answer);
  err_ << options_.prefix << where(instance) << "best so far: " << text.str();
}

void TextSink::verdict(const Instance& instance, std::uint64_t found, std::shared_ptr<const Answer> first) {
  clear();
  if (options_.quiet || !presenter_) return;
  out() << (found == 0 ? "none" : found == 1 ? "unique" : "multiple") << '\n';
  if (first) presenter_->answer(out(), instance, *first);
}

void TextSink::count(const Instance&, dlx::Count found, bool complete) {
  clear();
  if (!options_.quiet && presenter_) out() << found << '\n';
  if (!complete) err_ << options_.prefix << "the count is a lower bound\n";
}

void TextSink::none(const Instance& instance, const std::string& why) {
  if (options_.quiet) return;
  clear();
  // Every instance of a batch has its line on stdout (split's stdout is for --resume to read).
  if (presenter_) {
    if (spec_.task == Task::unique) out() << "none\n";
    else if (spec_.task == Task::count) out() << "0\n";
    else if (spec_.task != Task::split) presenter_->none(out(), instance);
  }
  err_ << options_.prefix << where(instance) << "no solution" << why << '\n';
}

void TextSink::stopped(const Instance& instance, dlx::Outcome outcome, bool answered) {
  clear();
  if (spec_.task == Task::unique) {
    if (!options_.quiet && presenter_) out() << "unknown\n";  // a batch keeps its line for each puzzle
  } else if (spec_.task == Task::solve) {
    if (answered && !options_.quiet)  // -q printed no answer to speak of
      err_ << options_.prefix
           << (reduction_.optimises(instance) ? "the answer printed is the best found before the search stopped, a lower bound: a better one may exist\n"
                                              : "the answers printed are those found before the search stopped\n");
    else if (!options_.quiet && presenter_) presenter_->stopped(out(), instance);
  }
  err_ << options_.prefix << where(instance) << "stopped by "
       << (outcome == dlx::Outcome::interrupted ? "an interrupt" : dlx::to_string(outcome))
       << " before the search was complete\n";
}

void TextSink::failed(const Failure& failure) {
  if (first_failure_.code.empty()) first_failure_ = failure;
  err_ << options_.prefix << failure.worded(options_.name) << '\n';
  // A line on stdout in the instance's place, unless the failure is the run's (not an instance's).
  if (spec_.task != Task::emit && failure.code != "bad_request" && presenter_) presenter_->error(out());
}

void TextSink::warning(const std::string& message) { err_ << options_.prefix << message << '\n'; }

void TextSink::problem(const dlx::Problem& forced, bool unstated) {
  if (unstated)
    err_ << options_.prefix << "warning: " << reduction_.name()
         << " also checks a constraint during the search that Knuth's format cannot state; the problem "
            "written may have more solutions\n";
  dlx::write_knuth(out(), forced);
}

void TextSink::parts(std::uint64_t fingerprint) { dlx::write_parts_header(out(), fingerprint); }

void TextSink::part(const dlx::Subproblem& part) { dlx::write_subproblem(out(), part); }

void TextSink::statistics(const std::string& who, const dlx::Statistics& counters) {
  if (options_.stats) err_ << options_.prefix << who << ": " << counters << '\n';
}

Status wrap_up(bool stats, const Session& session, Status status, const std::atomic<bool>& interrupt,
               std::ostream& err, const std::string& prefix, Failure& failure) {
  if (interrupt.load()) {
    err << prefix << "interrupted\n";
    status = worse(status, Status::stopped);
  }
  if (session.instances() == 0 && status == Status::found) {
    const std::string message = session.spec().source + ": no " + std::string(session.reduction().name()) + " instance in the input";
    err << prefix << message << '\n';
    failure = {"bad_request", message};
    status = Status::error;
  }
  if (stats) {
    err << prefix << session.statistics() << '\n';
    for (const std::string& variant : session.variants()) err << prefix << "engine: algorithm " << variant << '\n';
  }
  return status;
}

}  // namespace dance
