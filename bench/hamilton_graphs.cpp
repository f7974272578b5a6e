#include "hamilton_graphs.hpp"

#include <algorithm>
#include <numeric>
#include <random>
#include <set>
#include <sstream>
#include <stdexcept>

namespace dance::bench {

namespace {

using Edge = std::pair<std::uint32_t, std::uint32_t>;

Edge sorted(std::uint32_t u, std::uint32_t v) { return u < v ? Edge{u, v} : Edge{v, u}; }

// Whether the edges join all vertices not in `gone`.
bool connected(std::size_t n, const std::vector<Edge>& edges, const std::vector<bool>& gone) {
  std::vector<std::vector<std::uint32_t>> adjacent(n);
  for (const auto& [u, v] : edges) adjacent[u].push_back(v), adjacent[v].push_back(u);
  std::vector<bool> seen(n, false);
  std::uint32_t first = 0;
  while (first < n && gone[first]) ++first;
  if (first == n) return true;
  std::vector<std::uint32_t> stack{first};
  seen[first] = true;
  std::size_t reached = 1;
  while (!stack.empty()) {
    const std::uint32_t v = stack.back();
    stack.pop_back();
    for (const std::uint32_t w : adjacent[v])
      if (!seen[w] && !gone[w]) seen[w] = true, ++reached, stack.push_back(w);
  }
  return reached == n - static_cast<std::size_t>(std::count(gone.begin(), gone.end(), true));
}

// Pairs the points of `stubs` (a vertex once per edge end) at random until
// the graph is simple and connected.
std::vector<Edge> pairing(std::size_t n, std::vector<std::uint32_t> stubs, std::mt19937_64& rng,
                          std::size_t left = 0) {
  for (;;) {
    std::vector<Edge> edges;
    std::set<Edge> seen;
    bool simple = true;
    if (left == 0) {
      std::shuffle(stubs.begin(), stubs.end(), rng);
      for (std::size_t k = 0; k + 1 < stubs.size() && simple; k += 2) {
        const Edge e = sorted(stubs[k], stubs[k + 1]);
        simple = e.first != e.second && seen.insert(e).second;
        edges.push_back(e);
      }
    } else {  // bipartite: the first `left` stubs pair with the rest
      std::vector<std::uint32_t> right(stubs.begin() + static_cast<long>(left), stubs.end());
      std::shuffle(right.begin(), right.end(), rng);
      for (std::size_t k = 0; k < left && simple; ++k) {
        const Edge e = sorted(stubs[k], right[k]);
        simple = seen.insert(e).second;
        edges.push_back(e);
      }
    }
    if (simple && connected(n, edges, std::vector<bool>(n, false))) return edges;
  }
}

}  // namespace

std::string hcp(const EdgeList& g, const std::string& name) {
  std::ostringstream out;
  out << "NAME : " << name << "\nTYPE : HCP\nDIMENSION : " << g.vertices << "\nEDGE_DATA_FORMAT : EDGE_LIST\nEDGE_DATA_SECTION\n";
  for (const auto& [u, v] : g.edges) out << u + 1 << ' ' << v + 1 << '\n';
  out << "-1\nEOF\n";
  return out.str();
}

EdgeList generalized_petersen(std::uint32_t n, std::uint32_t k) {
  EdgeList g{2 * n, {}};
  for (std::uint32_t i = 0; i < n; ++i) {
    g.edges.push_back(sorted(i, (i + 1) % n));
    g.edges.push_back({i, n + i});
    if (2 * k != n || i < k) g.edges.push_back(sorted(n + i, n + (i + k) % n));  // n = 2k: each inner edge once
  }
  return g;
}

EdgeList flower_snark(std::uint32_t n) {
  if (n % 2 == 0 || n < 3) throw std::invalid_argument("a flower snark J_n has n odd, 3 at least");
  // Vertex 4i + 0..3: the centre a_i and b_i, c_i, d_i.
  EdgeList g{4 * n, {}};
  const auto a = [](std::uint32_t i) { return 4 * i; };
  const auto b = [](std::uint32_t i) { return 4 * i + 1; };
  const auto c = [](std::uint32_t i) { return 4 * i + 2; };
  const auto d = [](std::uint32_t i) { return 4 * i + 3; };
  for (std::uint32_t i = 0; i < n; ++i) {
    const std::uint32_t j = (i + 1) % n;
    g.edges.push_back({a(i), b(i)});
    g.edges.push_back({a(i), c(i)});
    g.edges.push_back({a(i), d(i)});
    g.edges.push_back(sorted(b(i), b(j)));
    // c_0 ... c_{n-1} d_0 ... d_{n-1} c_0: one cycle of length 2n
    g.edges.push_back(j ? sorted(c(i), c(j)) : sorted(c(i), d(j)));
    g.edges.push_back(j ? sorted(d(i), d(j)) : sorted(d(i), c(j)));
  }
  return g;
}

EdgeList petersen_dot_products(std::uint32_t count, std::uint64_t seed) {
  if (count == 0) throw std::invalid_argument("a chain of Petersen graphs has one at least");
  std::mt19937_64 rng(seed);
  // The Petersen graph: outer cycle 0-4, inner pentagram 5-9, spokes.
  std::vector<Edge> petersen;
  for (std::uint32_t i = 0; i < 5; ++i) {
    petersen.push_back(sorted(i, (i + 1) % 5));
    petersen.push_back(sorted(5 + i, 5 + (i + 2) % 5));
    petersen.push_back({i, 5 + i});
  }
  EdgeList g{10, petersen};
  for (std::uint32_t k = 1; k < count; ++k) {
    Edge first, second;
    do {
      first = g.edges[rng() % g.edges.size()];
      second = g.edges[rng() % g.edges.size()];
    } while (first.first == second.first || first.first == second.second || first.second == second.first ||
             first.second == second.second);
    std::erase(g.edges, first);
    std::erase(g.edges, second);
    const Edge gone = petersen[rng() % petersen.size()];  // x, y: adjacent
    // The new copy's vertices other than x and y, numbered on from g's.
    std::vector<std::uint32_t> number(10);
    for (std::uint32_t v = 0, next = static_cast<std::uint32_t>(g.vertices); v < 10; ++v)
      number[v] = v == gone.first || v == gone.second ? 0 : next++;
    g.vertices += 8;
    std::vector<std::uint32_t> x_ends, y_ends;
    for (const auto& [u, v] : petersen) {
      const bool at_x = u == gone.first || v == gone.first, at_y = u == gone.second || v == gone.second;
      if (at_x && at_y) continue;  // the edge x-y
      if (at_x) x_ends.push_back(number[u == gone.first ? v : u]);
      else if (at_y) y_ends.push_back(number[u == gone.second ? v : u]);
      else g.edges.push_back(sorted(number[u], number[v]));
    }
    g.edges.push_back(sorted(first.first, x_ends[0]));
    g.edges.push_back(sorted(first.second, x_ends[1]));
    g.edges.push_back(sorted(second.first, y_ends[0]));
    g.edges.push_back(sorted(second.second, y_ends[1]));
  }
  return g;
}

EdgeList random_cubic(std::uint32_t n, std::uint64_t seed) {
  if (n % 2) throw std::invalid_argument("a cubic graph has an even number of vertices");
  std::mt19937_64 rng(seed);
  std::vector<std::uint32_t> stubs;
  for (std::uint32_t v = 0; v < n; ++v) stubs.insert(stubs.end(), 3, v);
  return {n, pairing(n, stubs, rng)};
}

namespace {

// `g` with vertex v (of degree 3) replaced by a triangle whose vertices take
// one of v's edges each: v itself and two new vertices at the end.
void truncate(EdgeList& g, std::uint32_t v) {
  const auto a = static_cast<std::uint32_t>(g.vertices), b = a + 1;
  g.vertices += 2;
  std::uint32_t seen = 0;
  for (auto& [x, y] : g.edges)
    if (x == v || y == v) {
      const std::uint32_t corner = seen == 0 ? v : seen == 1 ? a : b;
      ++seen;
      (x == v ? x : y) = corner;
      if (x > y) std::swap(x, y);
    }
  g.edges.push_back({v, a});
  g.edges.push_back({v, b});
  g.edges.push_back({a, b});
}

}  // namespace

EdgeList cubic_with_petersen_piece(std::uint32_t n, std::uint64_t seed, std::uint32_t truncated) {
  EdgeList g = random_cubic(n, seed);
  // Vertex 0 goes; its neighbours take its number's place among the piece's ends.
  std::vector<std::uint32_t> ends;
  std::vector<Edge> edges;
  for (const auto& [u, v] : g.edges)
    if (u == 0) ends.push_back(v);
    else edges.push_back(sorted(u - 1, v - 1));
  for (std::uint32_t& e : ends) --e;
  // The Petersen graph's vertices 1..9 (vertex 0 gone) as n - 1 + 0..8: outer
  // 0-4 cycle, inner 5-9 pentagram, spokes; 0's neighbours 1, 4 and 5.
  const std::uint32_t base = n - 1;
  const auto p = [base](std::uint32_t v) { return base + v - 1; };
  for (std::uint32_t i = 0; i < 5; ++i) {
    const Edge outer{i, (i + 1) % 5}, inner{5 + i, 5 + (i + 2) % 5}, spoke{i, 5 + i};
    for (const Edge& e : {outer, inner, spoke})
      if (e.first != 0 && e.second != 0) edges.push_back(sorted(p(e.first), p(e.second)));
  }
  edges.push_back(sorted(ends[0], p(1)));
  edges.push_back(sorted(ends[1], p(4)));
  edges.push_back(sorted(ends[2], p(5)));
  EdgeList made{n + 8, edges};
  for (std::uint32_t k = 0; k < truncated; ++k) truncate(made, p(2 + k));  // the piece's vertices 2, 3, ...
  return made;
}

EdgeList unbalanced_bipartite(std::uint32_t left, std::uint32_t right, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<std::uint32_t> stubs;
  for (std::uint32_t v = 0; v < left; ++v) stubs.insert(stubs.end(), 3, v);
  for (std::uint32_t k = 0; k < 3 * left; ++k) stubs.push_back(left + k % right);
  return {left + right, pairing(left + right, stubs, rng, 3 * left)};
}

EdgeList two_hubs_three_pieces(std::uint32_t n, std::uint64_t seed) {
  EdgeList g{3 * n + 2, {}};
  const std::uint32_t hub_a = 3 * n, hub_b = 3 * n + 1;
  for (std::uint32_t piece = 0; piece < 3; ++piece) {
    EdgeList cubic = random_cubic(n, seed + piece);
    const std::uint32_t base = piece * n;
    const Edge cut = cubic.edges.front();  // its ends go to the hubs instead
    for (std::size_t k = 1; k < cubic.edges.size(); ++k)
      g.edges.push_back({base + cubic.edges[k].first, base + cubic.edges[k].second});
    g.edges.push_back({base + cut.first, hub_a});
    g.edges.push_back({base + cut.second, hub_b});
  }
  return g;
}

namespace {

// The same graph with its vertices numbered at random.
EdgeList shuffled(const EdgeList& g, std::mt19937_64& rng) {
  std::vector<std::uint32_t> number(g.vertices);
  std::iota(number.begin(), number.end(), 0);
  std::shuffle(number.begin(), number.end(), rng);
  EdgeList made{g.vertices, {}};
  for (const auto& [u, v] : g.edges) made.edges.push_back(sorted(number[u], number[v]));
  std::sort(made.edges.begin(), made.edges.end());
  return made;
}

}  // namespace

EdgeList not_one_tough(std::uint32_t cut, std::uint32_t cut_degree, std::uint32_t vertices, double decoys,
                       std::uint64_t seed) {
  const std::uint32_t parts = cut + 1, least = cut_degree == 4 ? 3 : 2;
  if (cut < 2 || (cut_degree != 3 && cut_degree != 4) || cut_degree * cut < least * parts || vertices < cut + 6 * parts)
    throw std::invalid_argument("not_one_tough: a cut of degree 3 or 4 whose edges reach every part, 6 vertices a part");
  std::mt19937_64 rng(seed);
  // The parts' sizes (6 at least each) and the edges each takes from S's.
  std::vector<std::uint32_t> size(parts, 6), attached(parts, least);
  for (std::uint32_t k = cut + 6 * parts; k < vertices; ++k) ++size[rng() % parts];
  for (std::uint32_t k = least * parts; k < cut_degree * cut; ++k) ++attached[rng() % parts];
  EdgeList g{vertices, {}};
  std::vector<std::uint32_t> ends;  // the parts' vertices that take S's edges, one each
  for (std::uint32_t p = 0, base = cut; p < parts; base += size[p++]) {
    // Stubs: 3 a vertex, 4 for decoys, 2 for those joined to S; an even sum.
    std::vector<std::uint32_t> degree(size[p], 3);
    for (std::uint32_t v = 0; v < attached[p]; ++v) degree[v] = 2, ends.push_back(base + v);
    for (std::uint32_t v = attached[p]; v < size[p]; ++v)
      if (std::uniform_real_distribution<double>(0, 1)(rng) < decoys) degree[v] = 4;
    if (std::accumulate(degree.begin(), degree.end(), 0u) % 2) degree.back() = degree.back() == 4 ? 3 : 4;
    std::vector<std::uint32_t> stubs;
    for (std::uint32_t v = 0; v < size[p]; ++v) stubs.insert(stubs.end(), degree[v], v);
    for (const auto& [u, v] : pairing(size[p], stubs, rng)) g.edges.push_back({base + u, base + v});
  }
  // S's stubs to the parts' ends: no vertex of S twice at one end
  // (each end takes one), so the graph stays simple.
  std::vector<std::uint32_t> stubs;
  for (std::uint32_t v = 0; v < cut; ++v) stubs.insert(stubs.end(), cut_degree, v);
  std::shuffle(stubs.begin(), stubs.end(), rng);
  for (std::size_t k = 0; k < ends.size(); ++k) g.edges.push_back({stubs[k], ends[k]});
  return shuffled(g, rng);
}

constexpr std::size_t window_of_hub_blocks = 12;

EdgeList hub_graph(const std::vector<std::pair<std::uint32_t, std::uint32_t>>& blocks, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uint32_t n = 0;
  for (const auto& [size, hubs] : blocks) n += size + hubs;
  std::set<Edge> edges;
  const auto join = [&edges](std::uint32_t u, std::uint32_t v) { return u != v && edges.insert(sorted(u, v)).second; };
  // The planted cycle: each block's vertices at random in `hubs` segments,
  // a hub of the block after each, then the next block.
  std::vector<std::uint32_t> cycle;
  std::vector<std::vector<std::uint32_t>> members, hubs_of;
  for (std::uint32_t base = 0; const auto& [size, hubs] : blocks) {
    if (hubs == 0 || size < 4 * hubs) throw std::invalid_argument("a hub graph's block has a hub and 4 vertices a hub at least");
    std::vector<std::uint32_t> block(size), hub(hubs);
    std::iota(block.begin(), block.end(), base);
    std::iota(hub.begin(), hub.end(), base + size);
    std::shuffle(block.begin(), block.end(), rng);
    for (std::uint32_t h = 0, at = 0; h < hubs; ++h) {
      const std::uint32_t until = (h + 1) * size / hubs;
      while (at < until) cycle.push_back(block[at++]);
      cycle.push_back(hub[h]);
    }
    members.push_back(block);
    hubs_of.push_back(hub);
    base += size + hubs;
  }
  for (std::size_t k = 0; k < cycle.size(); ++k) join(cycle[k], cycle[(k + 1) % cycle.size()]);
  // Degree 4 for every block vertex: a hub of its segment's and a block
  // edge, or two block edges; the block edges join vertices near on the
  // cycle (within `window`), so that each hub's neighbours lie close
  // together, as in FHCP's.
  for (std::size_t b = 0; b < blocks.size(); ++b) {
    const std::uint32_t size = blocks[b].first, hubs = blocks[b].second;
    std::vector<std::uint32_t> stubs;
    for (std::uint32_t k = 0; k < size; ++k) {
      const std::uint32_t v = members[b][k];
      if (rng() % 5 != 0) {
        const std::uint32_t own = std::min(hubs - 1, k * hubs / size);
        const std::uint32_t hub = hubs_of[b][rng() % 2 && own + 1 < hubs ? own + 1 : own];
        if (!join(v, hub)) join(v, hubs_of[b][own]);
        stubs.push_back(v);
      } else {
        stubs.insert(stubs.end(), 2, v);
      }
    }
    constexpr std::size_t window = window_of_hub_blocks;
    for (std::size_t at = 0; at < stubs.size(); at += window) {
      const auto first = stubs.begin() + static_cast<long>(at);
      std::shuffle(first, first + static_cast<long>(std::min(window, stubs.size() - at)), rng);
    }
    for (std::size_t k = 0; k + 1 < stubs.size(); k += 2) join(stubs[k], stubs[k + 1]);  // a repeat is left out
  }
  // A few edges between hubs, as FHCP's have.
  for (std::size_t b = 0; b + 1 < blocks.size(); ++b) join(hubs_of[b][rng() % hubs_of[b].size()], hubs_of[b + 1][rng() % hubs_of[b + 1].size()]);
  EdgeList g{n, std::vector<Edge>(edges.begin(), edges.end())};
  return shuffled(g, rng);
}

EdgeList grid(std::uint32_t rows, std::uint32_t columns) {
  EdgeList g{static_cast<std::size_t>(rows) * columns, {}};
  for (std::uint32_t r = 0; r < rows; ++r)
    for (std::uint32_t c = 0; c < columns; ++c) {
      const std::uint32_t v = r * columns + c;
      if (c + 1 < columns) g.edges.push_back({v, v + 1});
      if (r + 1 < rows) g.edges.push_back({v, v + columns});
    }
  return g;
}

namespace {

// The grid without the cells in `gone`, renumbered.
EdgeList without(const EdgeList& full, const std::vector<bool>& gone) {
  std::vector<std::uint32_t> number(full.vertices);
  std::uint32_t next = 0;
  for (std::size_t v = 0; v < full.vertices; ++v) number[v] = gone[v] ? 0 : next++;
  EdgeList g{next, {}};
  for (const auto& [u, v] : full.edges)
    if (!gone[u] && !gone[v]) g.edges.push_back({number[u], number[v]});
  return g;
}

}  // namespace

EdgeList grid_with_holes(std::uint32_t rows, std::uint32_t columns, std::uint32_t holes, std::uint64_t seed) {
  if (rows % 2 || columns % 2) throw std::invalid_argument("a grid of 2x2 blocks has even sides");
  std::mt19937_64 rng(seed);
  const EdgeList full = grid(rows, columns);
  std::vector<bool> gone(full.vertices, false);
  std::vector<std::uint32_t> blocks((rows / 2) * (columns / 2));
  std::iota(blocks.begin(), blocks.end(), 0);
  std::shuffle(blocks.begin(), blocks.end(), rng);
  std::uint32_t made = 0;
  for (const std::uint32_t b : blocks) {
    if (made == holes) break;
    const std::uint32_t r = 2 * (b / (columns / 2)), c = 2 * (b % (columns / 2));
    const std::uint32_t cells[4] = {r * columns + c, r * columns + c + 1, (r + 1) * columns + c, (r + 1) * columns + c + 1};
    for (const std::uint32_t v : cells) gone[v] = true;
    if (connected(full.vertices, full.edges, gone)) ++made;
    else
      for (const std::uint32_t v : cells) gone[v] = false;
  }
  return without(full, gone);
}

EdgeList grid_minus_cells(std::uint32_t rows, std::uint32_t columns, std::uint32_t cells, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  const EdgeList full = grid(rows, columns);
  std::vector<bool> gone(full.vertices, false);
  for (std::uint32_t made = 0; made < cells;) {
    const auto v = static_cast<std::uint32_t>(rng() % full.vertices);
    if (gone[v]) continue;
    gone[v] = true;
    if (connected(full.vertices, full.edges, gone)) ++made;
    else gone[v] = false;
  }
  return without(full, gone);
}

}  // namespace dance::bench
