#!/usr/bin/env python3
"""A sparse random graph with degree-3 twins, in DIMACS format on stdout:
G(N, P), then PAIRS pairs of new vertices, each pair joined to the same
three random vertices of G (an edge among those three in every other pair),
for the independent-set kernel's twins rule (docs/graphs.md).
usage: bench/twins_graph.py N P PAIRS SEED > g.clq
  e.g. bench/twins_graph.py 3000 0.001 500 1"""
import random
import sys

n, p, pairs, seed = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
r = random.Random(seed)
edges = {(u, v) for u in range(1, n + 1) for v in range(u + 1, n + 1) if r.random() < p}
for pair in range(pairs):
    near = sorted(r.sample(range(1, n + 1), 3))
    if pair % 2:
        edges.add((near[0], near[1]))
    for twin in (n + 2 * pair + 1, n + 2 * pair + 2):
        edges.update((x, twin) for x in near)
print(f"p edge {n + 2 * pairs} {len(edges)}")
sys.stdout.writelines(f"e {u} {v}\n" for u, v in sorted(edges))
