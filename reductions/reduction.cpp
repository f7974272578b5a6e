#include "dance/reduction.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <sstream>

namespace dance {
namespace {

// "text" by print(), print_none(), print_stopped() and print_error().
class TextPresenter final : public Presenter {
 public:
  explicit TextPresenter(const Reduction& reduction) : reduction_(reduction) {}
  void answer(std::ostream& out, const Instance& instance, const Answer& answer) const override {
    reduction_.print(out, instance, answer);
  }
  void none(std::ostream& out, const Instance& instance) const override { reduction_.print_none(out, instance); }
  void stopped(std::ostream& out, const Instance& instance) const override { reduction_.print_stopped(out, instance); }
  void error(std::ostream& out) const override { reduction_.print_error(out); }

 private:
  const Reduction& reduction_;
};

// "json" answer by answer: the answer's value on a line, null for none. A
// run's JSON Lines (status, count, verdict) are the driver's (dance/json_lines.hpp).
class JsonPresenter final : public Presenter {
 public:
  explicit JsonPresenter(const Reduction& reduction) : reduction_(reduction) {}
  void answer(std::ostream& out, const Instance& instance, const Answer& answer) const override {
    out << reduction_.json_of(instance, answer).dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << '\n';
  }
  void none(std::ostream& out, const Instance&) const override { out << "null\n"; }
  void stopped(std::ostream& out, const Instance&) const override { out << "null\n"; }
  void error(std::ostream& out) const override { out << "null\n"; }

 private:
  const Reduction& reduction_;
};

}  // namespace

std::unique_ptr<InstanceReader> Reduction::reader(std::istream& in, const ModelOptions& options) const {
  options.check(this->options());
  return read(in, options);
}

std::unique_ptr<PuzzleType> Reduction::puzzle_type(const ModelOptions& options) const {
  options.check(this->options());
  return make_puzzle_type(options);
}

std::vector<std::string> Reduction::puzzle_formats() const {
  std::vector<std::string> all{"text"};
  for (const Format& own : own_formats())
    if (own_presenter(own.name)->draws_puzzles()) all.push_back(own.name);
  all.push_back("json");
  return all;
}

bool Reduction::has_option(std::string_view long_name) const {
  const auto specs = options();
  return std::any_of(specs.begin(), specs.end(), [long_name](const OptionSpec& spec) { return spec.long_name() == long_name; });
}

void Reduction::write_json(nlohmann::ordered_json& out, const Instance& instance, const Answer& answer) const {
  std::ostringstream text;
  print(text, instance, answer);
  out = text.str();
}

nlohmann::ordered_json Reduction::json_of(const Instance& instance, const Answer& answer) const {
  nlohmann::ordered_json value;
  write_json(value, instance, answer);
  return value;
}

std::vector<Format> Reduction::formats() const {
  std::vector<Format> all{{"text", text_help()}};
  for (Format& own : own_formats()) all.push_back(std::move(own));
  all.push_back({"json", "one JSON object per instance and line: its status and its answer (docs/json.md)"});
  return all;
}

std::unique_ptr<Presenter> Reduction::presenter(std::string_view format) const {
  if (format == "text" || format.empty()) return std::make_unique<TextPresenter>(*this);
  if (format == "json") return std::make_unique<JsonPresenter>(*this);
  if (auto own = own_presenter(format)) return own;
  std::vector<std::string> names;
  for (const Format& f : formats()) names.push_back(f.name);
  throw OptionError({option_named("format"), {": " + std::string(name()) + " writes " + listed(names) + "; found " + dlx::quoted(format)}});
}

void Presenter::puzzle(std::ostream&, const Instance&, const Answer*) const {
  throw std::invalid_argument("this format draws answers, not generated puzzles");
}

std::string render(const Reduction& reduction, std::string_view format, const Instance& instance, const Answer& answer) {
  std::ostringstream out;
  reduction.presenter(format)->answer(out, instance, answer);
  return std::move(out).str();
}

}  // namespace dance
