#!/usr/bin/env python3
"""A Signpost game ID of Simon Tatham's (stdin, first line) as clingo facts
for bench/path_puzzle.lp: cell(C), arc(U,V) along each cell's arrow, given(C,K).
With --only-ends, every number but 1 and N is left out (the hard case).
usage: echo ID | bench/signpost_facts.py [--only-ends] | clingo bench/path_puzzle.lp -"""
import re
import sys

DX = [0, 1, 1, 1, 0, -1, -1, -1]  # N, NE, E, SE, S, SW, W, NW: arrows a..h
DY = [-1, -1, 0, 1, 1, 1, 0, -1]

line = sys.stdin.readline().split('#')[0].strip()
head, desc = line.split(':')
w, h = map(int, re.match(r'(\d+)x(\d+)', head).groups())
tokens = re.findall(r'(\d*)([a-h])', desc)
if len(tokens) != w * h:
    sys.exit(f"signpost_facts.py: {len(tokens)} cells, a {w}x{h} grid has {w * h}")
only_ends = '--only-ends' in sys.argv[1:]
for c, (number, arrow) in enumerate(tokens):
    print(f"cell({c}).")
    if number and (not only_ends or int(number) in (1, w * h)):
        print(f"given({c},{number}).")
    d = ord(arrow) - ord('a')
    x, y = c % w + DX[d], c // w + DY[d]
    while 0 <= x < w and 0 <= y < h:
        print(f"arc({c},{y * w + x}).")
        x, y = x + DX[d], y + DY[d]
