#include "clique/clique.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <iterator>
#include <nlohmann/json.hpp>
#include <numeric>
#include <ostream>
#include <span>
#include <stdexcept>
#include <utility>

#include "clique/colouring_bound.hpp"
#include "clique/kernel.hpp"
#include "clique/maximum.hpp"
#include "clique/preprocessing.hpp"
#include "clique/puzzles.hpp"
#include "clique/reader.hpp"
#include "graph/picture.hpp"

namespace dance::clique {


std::vector<OptionSpec> CliqueReduction::options() const {
  return {OptionSpec::integer("k,k", "K", 1, 1L << 30, "the number of vertices asked for"),
          OptionSpec::flag("max", "the largest: one branch and bound search from a greedy answer, each better answer on stderr as found"),
          OptionSpec::integer("vertices", "N", 2, 400, "generate: a graph of N vertices (default 30) whose one largest answer has K"),
          OptionSpec::integer("density", "PERCENT", 1, 100, "generate: the share of pairs that may share an answer, at first (default 50)")};
}

namespace {

// The K-sets that a random graph of n vertices, each pair compatible with
// `density` percent, holds on average: C(n, k) p^(k(k-1)/2).
double expected_sets(long n, long k, long density) {
  const double p = static_cast<double>(density) / 100;
  double log_sets = static_cast<double>(k) * (static_cast<double>(k) - 1) / 2 * std::log(p);
  for (long j = 0; j < k; ++j) log_sets += std::log(static_cast<double>(n - j)) - std::log(static_cast<double>(j + 1));
  return std::exp(std::min(log_sets, 80.0));
}

// The repairs a generated graph of n vertices may be expected to need:
// each reads and searches the whole graph, so 200 at 200 vertices (about
// 0.5 s), fewer on larger graphs, more on smaller ones.
double most_repairs(long n) { return 200.0 * 200.0 * 200.0 / static_cast<double>(n * n); }

}  // namespace

std::unique_ptr<PuzzleType> CliqueReduction::make_puzzle_type(const ModelOptions& options) const {
  // Worded so that every face's way of naming k reads right: -k, options.k, k=.
  const std::string what = "a generated " + std::string(name()) + " graph";
  if (!options.has("k")) throw OptionError({{what + " needs "}, option_named("k"), {", the size of its one largest answer"}});
  const long n = options.number("vertices", 30), k = options.number("k", 0);
  if (k > n) throw OptionError({option_named("k"), {" " + std::to_string(k) + " is more than the " + std::to_string(n) + " vertices"}});
  // A largest answer of one vertex is any vertex: never the only one (and the planting needs a pair).
  if (k < 2)
    throw OptionError({option_named("k"), {" " + std::to_string(k) + " is less than 2: a largest answer of one vertex is never the only one"}});
  if (options.has("max")) throw OptionError({option_named("max"), {" is an option of solve: generate makes graphs"}});
  // Each K-set beyond the planted one costs a repair, a search of the whole
  // graph: a density at which a random graph has a great many is lowered
  // (by default) or refused (asked for).
  const auto densest = [&](double sets) {
    long d = 50;
    while (d > 1 && expected_sets(n, k, d) > sets) --d;
    return d;
  };
  long density = options.number("density", densest(1));
  if (options.has("density") && expected_sets(n, k, density) > most_repairs(n))
    throw OptionError({option_named("density"),
                       {" " + std::to_string(density) + ": a random graph of " + std::to_string(n) + " vertices has about " +
                        std::to_string(static_cast<long long>(expected_sets(n, k, density))) + " sets of " + std::to_string(k) +
                        ", each repaired by a search; take "},
                       option_named("density"),
                       {" " + std::to_string(densest(most_repairs(n))) + " or less, or a larger "},
                       option_named("k")});
  return std::make_unique<CliquePuzzles>(*this, static_cast<int>(n), static_cast<int>(k), static_cast<int>(density));
}

std::unique_ptr<InstanceReader> CliqueReduction::read(std::istream& in, const ModelOptions& options) const {
  for (const char* option : {"vertices", "density"})
    if (options.has(option)) throw OptionError({option_named(option), {" is an option of 'dance generate " + std::string(name()) + "'"}});
  const bool maximum = options.has("max");
  if (maximum && options.has("k"))
    throw OptionError({{std::string(name()) + " takes "}, option_named("k"), {" or "}, option_named("max"), {", not both"}});
  if (!maximum && !options.has("k"))
    throw OptionError({{std::string(name()) + " needs either "}, option_named("k"), {" (the size sought) or "}, option_named("max")});
  return make_reader(in, *this, options.number("k", 0), maximum);
}

Encoding CliqueReduction::encode(const CliqueInstance& clique) const {
  const std::size_t n = clique.order->size();
  if (clique.maximum && n == 0) {  // no vertices, no clique (and no colours for item k's hi)
    Encoding none = contradiction("the graph has no vertices");
    none.improving = Encoding::Improving{};
    return none;
  }
  // A secondary item per conflict group of twin classes, in the options of
  // their vertices. A group with a class of twins gives each class a colour
  // of its own: the item then keeps whole classes apart (a set of
  // incompatible pairs a class's size squared strong) while twins agree.
  // --max has none: its hook keeps incompatible vertices apart from bit
  // sets (ColouringBound's keeps_apart), where a take hid every option
  // incompatible with it (G(1000, 0.3): 15,000 link updates a node).
  dlx::BigVector<std::pair<std::size_t, dlx::Entry>> memberships;  // (vertex, its entry), group by group
  dlx::ItemId groups = 0;
  std::size_t colours = 0;
  if (!clique.maximum) {
    const TwinClasses twins = twin_classes(*clique.compatible);
    const std::vector<Bits>& between = twins.size() == n ? *clique.compatible : twins.compatible;
    for_each_conflict_group(between, [&](const std::vector<std::size_t>& group) {
      ++groups;
      const bool coloured = std::any_of(group.begin(), group.end(), [&](std::size_t c) { return twins.members(c).size() > 1; });
      if (coloured) colours = std::max(colours, group.size());
      for (std::size_t place = 0; place < group.size(); ++place) {
        // For now the colour is the class's place in the group, named below.
        const auto colour = coloured ? static_cast<dlx::ColourId>(place + 1) : dlx::no_colour;
        for (const std::size_t v : twins.members(group[place])) memberships.push_back({v, {groups, colour}});
      }
    });
  }
  // Each vertex's option: item k, then its groups in order (a counting sort, in one block).
  std::vector<std::size_t> start(n + 1, 1);
  start[0] = 0;
  for (const auto& [v, entry] : memberships) ++start[v + 1];
  for (std::size_t v = 0; v < n; ++v) start[v + 1] += start[v];
  dlx::BigVector<dlx::Entry> entries(start[n]);
  std::vector<std::size_t> filled(start.begin(), start.end() - 1);
  for (std::size_t v = 0; v < n; ++v) entries[filled[v]++] = {0};
  for (const auto& [v, entry] : memberships) entries[filled[v]++] = entry;
  // --max: item k between 1 and the colours of a greedy colouring, the
  // lower bound raised by the driver past a clique found without search,
  // then past each the search finds (Encoding::improving).
  std::vector<std::size_t> found;
  std::uint32_t lo = static_cast<std::uint32_t>(clique.k), hi = lo;
  if (clique.maximum) {
    lo = 1;
    hi = static_cast<std::uint32_t>(greedy_colours(*clique.compatible));
    if (clique.start_found) found = large_clique(*clique.compatible, hi);
  }
  dlx::ProblemBuilder b;
  b.reserve(groups + 1, n, entries.size());
  b.add_primary("k", lo, hi);
  for (dlx::ItemId item = 1; item <= groups; ++item) b.add_secondary("#" + std::to_string(item));
  std::vector<dlx::ColourId> colour_named(colours + 1, dlx::no_colour);
  for (std::size_t place = 1; place <= colours; ++place) colour_named[place] = b.colour(std::to_string(place));
  for (dlx::Entry& entry : entries) entry.colour = colour_named[entry.colour];
  for (std::size_t v = 0; v < n; ++v) b.add_option(std::span<const dlx::Entry>(entries.data() + start[v], start[v + 1] - start[v]));
  Encoding encoding;
  encoding.problem = std::make_shared<const dlx::Problem>(b.build());
  // Written out, each option names its vertex ("v" before the name, apart from k and the groups "#1"),
  // or the kernel's folded vertex it is (#fold1, ...).
  const std::size_t graph_size = clique.graph->size();
  for (const Vertex v : *clique.order)
    encoding.option_labels.push_back(v < graph_size ? "v" + clique.graph->names[v] : "#fold" + std::to_string(v - graph_size + 1));
  encoding.hook_is_bound = !clique.maximum;  // --max: the hook keeps incompatible vertices apart
  if (clique.maximum) {
    encoding.improving = Encoding::Improving{0, std::vector<dlx::OptionId>(found.begin(), found.end())};
    encoding.hook = std::make_unique<ColouringBound>(clique.compatible, hi, true);
    return encoding;
  }
  // k beyond the vertices is a question with the answer no, not a mistake.
  const std::string k = "k = " + std::to_string(clique.k) + ", but ";
  if (clique.k <= static_cast<long>(n))
    encoding.hook = std::make_unique<ColouringBound>(clique.compatible, clique.k);
  else if (clique.k > static_cast<long>(clique.graph->size()))
    encoding.contradiction = k + "the graph has " + std::to_string(clique.graph->size()) + " vertices";
  else
    encoding.contradiction = k + "only " + std::to_string(n) + " vertices are left when those with fewer than " +
                             std::to_string(clique.k - 1) + " neighbours are taken away, again and again";
  return encoding;
}

std::unique_ptr<CliqueAnswer> CliqueReduction::decode(const CliqueInstance& instance, std::span<const dlx::OptionId> solution) const {
  const auto& order = *instance.order;
  auto answer = std::make_unique<CliqueAnswer>();
  for (const dlx::OptionId o : solution) answer->vertices.push_back(order[o]);
  if (instance.kernel) answer->vertices = instance.kernel->lift(std::move(answer->vertices));
  std::sort(answer->vertices.begin(), answer->vertices.end());
  return answer;
}

std::optional<std::string> CliqueReduction::verify(const CliqueInstance& clique, const CliqueAnswer& answer) const {
  const graph::Graph& g = *clique.graph;
  const std::vector<Vertex>& vertices = answer.vertices;
  if (clique.maximum ? vertices.empty() : static_cast<long>(vertices.size()) != clique.k)
    return std::to_string(vertices.size()) + " vertices, not " + (clique.maximum ? "one or more" : std::to_string(clique.k));
  for (std::size_t a = 0; a < vertices.size(); ++a) {
    if (vertices[a] >= g.size()) return "no vertex " + std::to_string(vertices[a]);
    for (std::size_t c = 0; c < a; ++c) {
      if (vertices[a] == vertices[c]) return "vertex " + g.names[vertices[a]] + " twice";
      // Straight from the edge lists, not through compatible().
      const auto& list = g.out[vertices[a]];
      const bool edge = std::find(list.begin(), list.end(), vertices[c]) != list.end();
      if (edge == independent_)
        return g.names[vertices[c]] + " and " + g.names[vertices[a]] + (independent_ ? " are adjacent" : " are not adjacent");
    }
  }
  return std::nullopt;
}

void CliqueReduction::print(std::ostream& out, const CliqueInstance& instance, const CliqueAnswer& answer) const {
  const graph::Graph& g = *instance.graph;
  out << "yes:";
  for (const Vertex v : answer.vertices) out << ' ' << g.names[v];
  out << '\n';
}

void CliqueReduction::write_json(nlohmann::ordered_json& out, const CliqueInstance& instance, const CliqueAnswer& answer) const {
  std::vector<std::string> names;
  for (const Vertex v : answer.vertices) names.push_back(instance.graph->names[v]);
  out = {{"vertices", std::move(names)}};
}

std::vector<Writer<CliqueInstance, CliqueAnswer>> CliqueReduction::writers() const {
  return {{"svg", "the answer as an SVG picture: the graph on a circle, the answer marked",
           [](std::ostream& out, const CliqueInstance& instance, const CliqueAnswer& answer) {
             // the chosen vertices marked, and the edges among them (none for an independent set)
             const graph::Graph& g = *instance.graph;
             std::vector<bool> chosen(g.size(), false);
             std::vector<std::pair<Vertex, Vertex>> among;
             for (const Vertex v : answer.vertices) chosen[v] = true;
             for (const Vertex u : answer.vertices)
               for (const Vertex v : g.out[u])
                 if (v > u && chosen[v]) among.push_back({u, v});
             graph::draw_on_circle(out, g, chosen, among);
           }}};
}

void CliqueReduction::print_none(std::ostream& out, const CliqueInstance&) const { out << "no\n"; }
void CliqueReduction::print_stopped(std::ostream& out, const CliqueInstance&) const { out << "unknown\n"; }

bool CliqueReduction::optimises(const CliqueInstance& instance) const {
  return instance.maximum;
}

}  // namespace dance::clique
