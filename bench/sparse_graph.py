#!/usr/bin/env python3
"""A large sparse graph whose independent-set kernel is small, in DIMACS
format on stdout: CLIQUES cliques of 10 vertices, two of each with no other
edge (so the kernel's domination takes each clique away), the other eight
joined by EXTRA random edges across the cliques, a path of PATH vertices
hung on each clique (degree 1 and folding), and a core G(CORE, P) joined to
some clique vertices, which the kernel keeps.
usage: bench/sparse_graph.py CLIQUES EXTRA PATH CORE P SEED > g.clq
  e.g. bench/sparse_graph.py 9800 550000 0 200 0.1 1   (about 100,000 vertices, 1,000,000 edges)"""
import random
import sys

cliques, extra, path, core, p, seed = (int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]),
                                       float(sys.argv[5]), int(sys.argv[6]))
r = random.Random(seed)
edges = set()
joined = []  # clique vertices that take other edges
n = 0
for c in range(cliques):
    members = list(range(n + 1, n + 11))
    n += 10
    edges.update((u, v) for i, u in enumerate(members) for v in members[i + 1:])
    joined.extend(members[2:])
    at = members[2]
    for _ in range(path):
        n += 1
        edges.add((at, n))
        at = n
while len(edges) < cliques * 45 + cliques * path + extra:
    u, v = r.sample(joined, 2)
    edges.add((min(u, v), max(u, v)))
first = n + 1
n += core
edges.update((u, v) for u in range(first, n + 1) for v in range(u + 1, n + 1) if r.random() < p)
for u in range(first, n + 1):
    edges.add((r.choice(joined), u))
print(f"p edge {n} {len(edges)}")
sys.stdout.writelines(f"e {u} {v}\n" for u, v in sorted(edges))
