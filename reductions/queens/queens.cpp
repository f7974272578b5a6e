#include "queens/queens.hpp"

#include <istream>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>

#include "dance/line_reader.hpp"
#include "dance/svg.hpp"

namespace dance::queens {
namespace {
constexpr long largest = 1000;  // boards beyond take minutes to set up and print
}  // namespace

std::vector<OptionSpec> QueensReduction::options() const {
  return {OptionSpec::integer("size", "N", 1, largest, "the board is N x N (otherwise sizes are read from the input, one per line)")
              .making_instance()};
}

namespace {
// The board as a picture: light and dark squares, a queen a dark disc.
void draw(std::ostream& out, int n, const std::vector<int>& column) {
  constexpr double square = 32;
  Svg svg(out, n * square, n * square);
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) svg.rect(c * square, r * square, square, square, (r + c) % 2 == 0 ? "#f0d9b5" : "#b58863");
  for (int r = 0; r < n; ++r)
    svg.circle((column[static_cast<std::size_t>(r)] + 0.5) * square, (r + 0.5) * square, square * 0.3, "#202020", "white", 1.5);
}
}  // namespace

// [reader]
namespace {
// The sizes: --size N, or one number per line of the input.
class QueensReader final : public InstanceReader {
 public:
  QueensReader(std::istream& in, long size) : lines_(in), size_(size) {}
  std::unique_ptr<Instance> next() override {
    auto instance = std::make_unique<QueensInstance>();
    if (size_ != 0) {
      if (done_) return nullptr;
      done_ = true;
      instance->line = 0;  // from --size, not the input
      instance->n = static_cast<int>(size_);
      return instance;
    }
    const auto line = lines_.next();
    if (!line) return nullptr;
    instance->line = line->number;
    instance->n = static_cast<int>(line->whole_number(1, largest, "a board size"));
    return instance;
  }

 private:
  LineReader lines_;
  long size_;
  bool done_ = false;
};
}  // namespace

std::unique_ptr<InstanceReader> QueensReduction::read(std::istream& in, const ModelOptions& options) const {
  return std::make_unique<QueensReader>(in, options.number("size", 0));
}
// [reader end]

// [encode]
Encoding QueensReduction::encode(const QueensInstance& instance) const {
  const int n = instance.n;
  dlx::ProblemBuilder b;
  for (int r = 0; r < n; ++r) b.add_primary("r" + std::to_string(r + 1));
  for (int c = 0; c < n; ++c) b.add_primary("c" + std::to_string(c + 1));
  // Diagonals need not all be used: secondary items, at most one queen each.
  for (int d = 0; d < 2 * n - 1; ++d) b.add_secondary("a" + std::to_string(d + 1));  // r + c constant
  for (int d = 0; d < 2 * n - 1; ++d) b.add_secondary("b" + std::to_string(d + 1));  // r - c constant
  const auto id = [](int k) { return static_cast<dlx::ItemId>(k); };
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {  // option r*n + c: a queen on row r, column c
      const dlx::Entry entries[] = {{id(r)}, {id(n + c)}, {id(2 * n + r + c)}, {id(2 * n + (2 * n - 1) + r - c + n - 1)}};
      b.add_option(entries);
    }
  }
  Encoding encoding;
  encoding.problem = std::make_shared<const dlx::Problem>(b.build());
  return encoding;
}
// [encode end]

// [decode]
std::unique_ptr<QueensAnswer> QueensReduction::decode(const QueensInstance& instance,
                                                std::span<const dlx::OptionId> solution) const {
  const auto n = static_cast<dlx::OptionId>(instance.n);
  auto answer = std::make_unique<QueensAnswer>();
  answer->column.assign(n, -1);
  for (const dlx::OptionId o : solution) answer->column[o / n] = static_cast<int>(o % n);
  return answer;
}
// [decode end]

// [verify]
std::optional<std::string> QueensReduction::verify(const QueensInstance& instance, const QueensAnswer& answer) const {
  const int n = instance.n;
  const std::vector<int>& column = answer.column;
  if (column.size() != static_cast<std::size_t>(n)) return "not one queen per row";
  for (int r = 0; r < n; ++r) {
    const int c = column[static_cast<std::size_t>(r)];
    if (c < 0 || c >= n) return "row " + std::to_string(r + 1) + " has no queen";
    for (int earlier = 0; earlier < r; ++earlier) {
      const int e = column[static_cast<std::size_t>(earlier)];
      if (e == c || e - c == earlier - r || e - c == r - earlier)
        return "the queens of rows " + std::to_string(earlier + 1) + " and " + std::to_string(r + 1) + " attack";
    }
  }
  return std::nullopt;
}
// [verify end]

// [print]
void QueensReduction::print(std::ostream& out, const QueensInstance& instance, const QueensAnswer& answer) const {
  const int n = instance.n;
  for (const int c : answer.column) {
    for (int k = 0; k < n; ++k) out << (k > 0 ? " " : "") << (k == c ? 'Q' : '.');
    out << '\n';
  }
}
// [print end]

// [formats]
void QueensReduction::write_json(nlohmann::ordered_json& out, const QueensInstance&, const QueensAnswer& answer) const {
  std::vector<int> columns;  // counted from 1, as a person names them
  for (const int c : answer.column) columns.push_back(c + 1);
  out = {{"columns", columns}};
}

std::vector<Writer<QueensInstance, QueensAnswer>> QueensReduction::writers() const {
  return {{"svg", "each board as an SVG picture", [](std::ostream& out, const QueensInstance& instance, const QueensAnswer& answer) {
             draw(out, instance.n, answer.column);
           }}};
}
// [formats end]

}  // namespace dance::queens
