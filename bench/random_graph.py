#!/usr/bin/env python3
"""A random graph G(N, P) in DIMACS format on stdout, with a clique of K
vertices planted when K is given: the larger graphs of docs/graphs.md's
--max table (Python's own generator, so the same seed makes the same graph).
usage: bench/random_graph.py N P SEED [K] > g.clq"""
import random
import sys

n, p, seed = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3])
k = int(sys.argv[4]) if len(sys.argv) > 4 else 0
r = random.Random(seed)
planted = set(r.sample(range(1, n + 1), k)) if k else set()
edges = [(u, v) for u in range(1, n + 1) for v in range(u + 1, n + 1) if (u in planted and v in planted) or r.random() < p]
print(f"p edge {n} {len(edges)}")
sys.stdout.writelines(f"e {u} {v}\n" for u, v in edges)
