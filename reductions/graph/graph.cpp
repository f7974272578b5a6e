#include "graph/graph.hpp"

#include <algorithm>
#include <charconv>
#include <map>
#include <set>
#include <optional>

#include "dance/line_reader.hpp"
#include "dlx/error.hpp"
#include "dlx/tokens.hpp"

namespace dance::graph {

bool Graph::adjacent(Vertex u, Vertex v) const { return std::binary_search(out[u].begin(), out[u].end(), v); }

std::size_t Graph::edge_count() const { return directed ? out.arc_count() : out.arc_count() / 2; }

Adjacency::Adjacency(std::size_t n, std::span<const Arc> arcs, std::size_t& repeats) : start_(n + 1, 0) {
  // Bucketed by tail, then each list sorted on its own: far less work than sorting all arcs.
  for (const Arc& arc : arcs) ++start_[arc.first + 1];
  for (std::size_t u = 0; u < n; ++u) start_[u + 1] += start_[u];
  targets_.resize(arcs.size());
  std::vector<std::size_t> filled(start_.begin(), start_.end() - 1);
  for (const auto& [u, v] : arcs) targets_[filled[u]++] = v;
  // Sorted and made unique list by list, moved down over the repeats.
  std::size_t kept = 0;
  for (std::size_t u = 0; u < n; ++u) {
    const auto first = targets_.begin() + static_cast<std::ptrdiff_t>(start_[u]);
    const auto last = targets_.begin() + static_cast<std::ptrdiff_t>(start_[u + 1]);
    if (!std::is_sorted(first, last)) std::sort(first, last);  // as a file lists them, often
    const auto unique_end = std::unique(first, last);
    start_[u] = kept;
    kept = static_cast<std::size_t>(std::copy(first, unique_end, targets_.begin() + static_cast<std::ptrdiff_t>(kept)) - targets_.begin());
  }
  start_[n] = kept;
  repeats = arcs.size() - kept;
  targets_.resize(kept);
}

namespace {

using dlx::Token;

bool blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

std::optional<long> number(std::string_view text) {
  long value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return value;
}

dlx::ParseError too_many_vertices(std::size_t line, std::size_t column) {
  // Numbered from 1, the last vertex is max_vertices itself.
  return dlx::ParseError(line, column, "at most " + std::to_string(max_vertices) + " vertices (numbered from 1 to " +
                                           std::to_string(max_vertices) + ")");
}

// Collects arcs, then builds the graph: sorted lists, repeats and loops dropped.
class Builder {
 public:
  explicit Builder(bool directed) : directed_(directed) {}
  void vertices(std::size_t n) {
    while (names_.size() < n) names_.push_back(std::to_string(names_.size() + 1));
  }
  void arc(Vertex u, Vertex v, std::size_t line) {
    if (u == v) {
      if (loops_++ == 0) first_loop_ = line;
      return;
    }
    arcs_.push_back({u, v});
    if (!directed_) arcs_.push_back({v, u});
  }
  // Room for `edges` edges as the input announces them (within reason: the
  // announcement may be wrong).
  void expect_arcs(std::size_t edges) { arcs_.reserve(std::min<std::size_t>(edges, std::size_t{1} << 22) * (directed_ ? 1 : 2)); }
  std::vector<std::string>& names() { return names_; }
  std::size_t repeats_ = 0;  // arcs listed twice from the same vertex (adjacency lists)

  // listed_both_ways: an undirected adjacency list names each edge at both
  // ends, so only an arc listed twice from one vertex is a repeat.
  Graph build(GraphWarnings& warnings, bool listed_both_ways = false) {
    Graph g;
    g.directed = directed_;
    g.names = std::move(names_);
    std::size_t duplicates = 0;
    g.out = Adjacency(g.names.size(), arcs_, duplicates);
    const std::size_t repeated = listed_both_ways ? repeats_ : duplicates;
    if (repeated)
    {
      const std::size_t count = directed_ || listed_both_ways ? repeated : repeated / 2;
      warnings.messages.push_back(std::to_string(count) + (directed_ || listed_both_ways ? " repeated arc" : " repeated edge") +
                                  (count == 1 ? "" : "s") + " ignored");
    }
    if (loops_)
      warnings.messages.push_back(std::to_string(loops_) + " self-loops ignored (the first on line " + std::to_string(first_loop_) + ")");
    return g;
  }

 private:
  bool directed_;
  std::vector<std::string> names_;
  dlx::BigVector<Arc> arcs_;
  std::size_t loops_ = 0, first_loop_ = 0;
};

// A 1-based vertex number in a numbered format.
Vertex numbered(const Line& line, const Token& token, std::size_t n) {
  const auto value = number(token.text);
  if (!value || *value < 1 || static_cast<std::size_t>(*value) > n)
    throw dlx::ParseError(line.number, token.column,
                          "expected a vertex number from 1 to " + std::to_string(n) + ", found " + dlx::quoted(std::string(token.text)));
  return static_cast<Vertex>(*value - 1);
}

// An edge line "e U V" with both vertices from 1 to n, read without tokens
// (a benchmark graph is mostly these); false for anything else, which the
// general path then reads or reports.
bool plain_edge(std::string_view text, std::size_t n, Vertex& u, Vertex& v) {
  const char* at = text.data();
  const char* const end = at + text.size();
  const auto skip_blanks = [&] {
    const char* from = at;
    while (at < end && blank(*at)) ++at;
    return at > from;
  };
  const auto vertex = [&](Vertex& out) {
    std::size_t value = 0;
    const auto [stop, error] = std::from_chars(at, end, value);
    if (error != std::errc{} || stop == at || value < 1 || value > n) return false;
    at = stop;
    out = static_cast<Vertex>(value - 1);
    return true;
  };
  skip_blanks();
  if (at == end || *at++ != 'e' || !skip_blanks() || !vertex(u) || !skip_blanks() || !vertex(v)) return false;
  skip_blanks();
  return at == end;
}

Graph read_dimacs(LineReader& lines, std::optional<Line> line, bool directed, GraphWarnings& warnings) {
  Builder b(directed);
  std::size_t n = 0;
  bool header = false;
  std::size_t header_line = 0, announced = 0, listed = 0;  // the edges the 'p' line announces, the 'e' lines read
  std::vector<Token> tokens;
  // A line in full: c, p or e, with what is wrong said by line and column.
  const auto take = [&](const Line& whole) {
    dlx::split(whole.text, blank, tokens);
    const std::string_view kind = tokens[0].text;
    if (kind == "c") return;
    if (kind == "p") {
      if (header) throw dlx::ParseError(whole.number, 1, "one 'p' line");
      if (tokens.size() != 4 || (tokens[1].text != "edge" && tokens[1].text != "col" && tokens[1].text != "edges"))
        throw dlx::ParseError(whole.number, tokens.size() > 1 ? tokens[1].column : 2, "expected 'p edge VERTICES EDGES'");
      const auto v = number(tokens[2].text);
      if (!v || *v < 0) throw dlx::ParseError(whole.number, tokens[2].column, "expected the number of vertices");
      if (static_cast<std::size_t>(*v) > max_vertices) throw too_many_vertices(whole.number, tokens[2].column);
      if (!number(tokens[3].text)) throw dlx::ParseError(whole.number, tokens[3].column, "expected the number of edges");
      n = static_cast<std::size_t>(*v);
      b.vertices(n);
      announced = static_cast<std::size_t>(std::max(0L, *number(tokens[3].text)));
      b.expect_arcs(announced);
      header = true;
      header_line = whole.number;
      if (tokens[1].text == "col") warnings.messages.push_back("'p col' read as 'p edge'");
      return;
    }
    if (kind != "e") throw dlx::ParseError(whole.number, 1, "expected a 'c', 'p' or 'e' line, found " + dlx::quoted(std::string(kind)));
    if (!header) throw dlx::ParseError(whole.number, 1, "expected the 'p edge N M' line before the edges");
    if (tokens.size() != 3) throw dlx::ParseError(whole.number, tokens.size() < 3 ? whole.text.size() + 1 : tokens[3].column, "expected 'e U V'");
    b.arc(numbered(whole, tokens[1], n), numbered(whole, tokens[2], n), whole.number);
    ++listed;
  };
  // Line by line up to the header, which says how many vertices there are.
  for (; line; line = lines.next()) {
    take(*line);
    if (header) break;
  }
  if (!header) throw dlx::ParseError(1, 1, "expected a 'p edge N M' line");
  // The edges, thousands of lines: parsed in place.
  lines.for_each_left([&](std::size_t number, std::string_view text) {
    if (Vertex u = 0, v = 0; plain_edge(text, n, u, v)) {
      b.arc(u, v, number);
      ++listed;
    } else if (!LineReader::ignored(text)) {
      take(Line{number, std::string(text)});
    }
  });
  Graph g = b.build(warnings);
  // Said, not refused: a file cut short shows here, and some benchmark files count each edge twice.
  if (listed != announced)
    warnings.messages.push_back("line " + std::to_string(header_line) + ": the 'p' line announces " + std::to_string(announced) +
                                " edges; " + std::to_string(listed) + " 'e' lines follow");
  return g;
}

Graph read_tsplib(LineReader& lines, std::optional<Line> line, bool directed, GraphWarnings& warnings) {
  Builder b(directed);
  std::size_t n = 0;
  for (; line; line = lines.next()) {  // the header
    const std::string& text = line->text;
    if (text.find("EDGE_DATA_SECTION") != std::string::npos) break;
    const auto colon = text.find(':');
    if (colon == std::string::npos) throw dlx::ParseError(line->number, 1, "expected 'KEY : value' or EDGE_DATA_SECTION");
    const auto key = dlx::split(std::string_view(text).substr(0, colon), blank);
    const auto value = dlx::split(std::string_view(text).substr(colon + 1), blank);
    if (key.empty()) throw dlx::ParseError(line->number, 1, "expected a key before ':'");
    if (key[0].text == "DIMENSION") {
      const auto v = value.empty() ? std::nullopt : number(value[0].text);
      if (!v || *v < 0) throw dlx::ParseError(line->number, colon + 2, "expected the number of vertices");
      if (static_cast<std::size_t>(*v) > max_vertices) throw too_many_vertices(line->number, value[0].column + colon + 1);
      n = static_cast<std::size_t>(*v);
      b.vertices(n);
    } else if (key[0].text == "TYPE" && !value.empty() && value[0].text != "HCP" && value[0].text != "TSP") {
      warnings.messages.push_back("TYPE " + std::string(value[0].text) + " read as HCP");
    } else if (key[0].text == "EDGE_DATA_FORMAT" && !value.empty() && value[0].text != "EDGE_LIST") {
      throw dlx::ParseError(line->number, colon + 2, "expected EDGE_DATA_FORMAT : EDGE_LIST");
    }
  }
  if (!line) throw dlx::ParseError(1, 1, "expected an EDGE_DATA_SECTION");
  if (n == 0) throw dlx::ParseError(line->number, 1, "expected DIMENSION before EDGE_DATA_SECTION");
  bool pending = false;  // the first vertex of a pair is read; a pair may span lines
  Vertex first_vertex = 0;
  std::size_t pending_line = 0, pending_column = 0;
  bool ended = false;  // past -1 or EOF: only more of them may follow (a second graph would go unread)
  for (line = lines.next(); line; line = lines.next()) {
    for (const Token& token : dlx::split(line->text, blank)) {
      if (token.text == "-1" || token.text == "EOF") {
        ended = true;
        continue;
      }
      if (ended)
        throw dlx::ParseError(line->number, token.column, "expected the end of the input after -1 or EOF (one graph an input), found " +
                                                             dlx::quoted(std::string(token.text)));
      if (!pending) {
        first_vertex = numbered(*line, token, n);
        pending = true;
        pending_line = line->number;
        pending_column = token.column;
        continue;
      }
      b.arc(first_vertex, numbered(*line, token, n), pending_line);
      pending = false;
    }
  }
  if (pending) throw dlx::ParseError(pending_line, pending_column, "expected a second vertex for this edge");
  return b.build(warnings);
}

// Adjacency lists (U: V W ...) and edge lists (U V), with names.
Graph read_named(LineReader& lines, std::optional<Line> line, bool adjacency, bool directed, GraphWarnings& warnings) {
  struct Arc {
    std::string u, v;
    std::size_t line;
  };
  std::vector<Arc> arcs;
  std::vector<std::string> order;  // names in order of first appearance
  std::set<std::string, std::less<>> seen;
  const auto name = [&](std::string_view text) {
    if (seen.emplace(text).second) order.emplace_back(text);
  };
  for (; line; line = lines.next()) {
    if (adjacency) {
      const auto colon = line->text.find(':');
      if (colon == std::string::npos) throw dlx::ParseError(line->number, 1, "expected 'U: V W ...'");
      const auto head = dlx::split(std::string_view(line->text).substr(0, colon), blank);
      if (head.size() != 1) throw dlx::ParseError(line->number, 1, "expected one vertex before ':'");
      name(head[0].text);
      for (const Token& token : dlx::split(std::string_view(line->text).substr(colon + 1), blank)) {
        name(token.text);
        arcs.push_back({std::string(head[0].text), std::string(token.text), line->number});
      }
    } else {
      const auto tokens = dlx::split(line->text, blank);
      if (tokens.size() != 2)
        throw dlx::ParseError(line->number, tokens.size() > 2 ? tokens[2].column : line->text.size() + 1, "expected an edge: 'U V'");
      name(tokens[0].text);
      name(tokens[1].text);
      arcs.push_back({std::string(tokens[0].text), std::string(tokens[1].text), line->number});
    }
  }
  Builder b(directed);
  // The vertices are the names that appear; when all are whole numbers, in
  // their numeric order (a list numbered from 1 has no vertex 0).
  const bool numeric = !order.empty() && std::all_of(order.begin(), order.end(), [](const std::string& s) {
    const auto v = number(s);
    return v && *v >= 0 && std::to_string(*v) == s;
  });
  if (numeric)
    std::sort(order.begin(), order.end(), [](const std::string& x, const std::string& y) { return *number(x) < *number(y); });
  std::map<std::string, Vertex, std::less<>> id;
  for (std::size_t k = 0; k < order.size(); ++k) id.emplace(order[k], static_cast<Vertex>(k));
  b.names() = std::move(order);
  std::vector<std::pair<Vertex, Vertex>> listed;
  for (const Arc& arc : arcs) {
    b.arc(id[arc.u], id[arc.v], arc.line);
    listed.push_back({id[arc.u], id[arc.v]});
  }
  std::sort(listed.begin(), listed.end());
  b.repeats_ = static_cast<std::size_t>(listed.end() - std::unique(listed.begin(), listed.end()));
  return b.build(warnings, adjacency && !directed);
}

}  // namespace

Graph read_graph(std::istream& in, bool directed, GraphWarnings& warnings) {
  LineReader lines(in);
  std::optional<Line> first = lines.next();
  if (!first) throw dlx::ParseError(1, 1, "expected a graph, found an empty input");
  const auto tokens = dlx::split(first->text, blank);
  const std::string_view word = tokens[0].text;
  if (word == "c" || word == "p" || (word == "e" && tokens.size() == 3)) return read_dimacs(lines, std::move(first), directed, warnings);
  const bool keyword = !word.empty() && std::all_of(word.begin(), word.end(), [](char c) { return (c >= 'A' && c <= 'Z') || c == '_'; });
  if (keyword && (first->text.find(':') != std::string::npos || word == "EDGE_DATA_SECTION"))
    return read_tsplib(lines, std::move(first), directed, warnings);
  const bool adjacency = first->text.find(':') != std::string::npos;
  return read_named(lines, std::move(first), adjacency, directed, warnings);
}

}  // namespace dance::graph
