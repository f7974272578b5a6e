#!/usr/bin/env python3
"""What the Python module costs (docs/python.md; a bench, not a test):

1. pentomino 6x10 (data/xcc) counted from Python against `dance count xcc`,
   runs alternating, the engine's own seconds and the CPU time in all (the
   machine's other load shows less in it than in the wall time);
2. a 9x9 sudoku solved per call, dance.solve("sudoku", text), against the
   command's time a puzzle in a batch of the same puzzle (CPU time);
3. dance against Algorithm X written in Python with dicts (Ali Assaf's, the
   baseline most Python users start from) on the same problems, CPU time.

usage: PYTHONPATH=build/python python3 bench/python_bench.py build/cli/dance [--runs N] [--long]
--long adds pentomino 6x10 to the pure-Python side (minutes)."""
import argparse
import os
import pathlib
import re
import resource
import statistics
import subprocess
import tempfile
import time

import dance

ROOT = pathlib.Path(__file__).resolve().parent.parent
XCC = ROOT / "data" / "xcc"


def algorithm_x(problem):
    """Counts the solutions of a dance.Problem without colours or multiplicities by Algorithm X with dicts."""
    primary = set(problem.items[:problem.primary_count])
    rows = {r: problem.option(r) for r in range(len(problem))}
    columns = {item: set() for item in problem.items}
    for r, items in rows.items():
        for item in items:
            columns[item].add(r)

    def select(r):
        removed = []
        for j in rows[r]:
            for i in columns[j]:
                for k in rows[i]:
                    if k != j:
                        columns[k].remove(i)
            removed.append(columns.pop(j))
        return removed

    def deselect(r, removed):
        for j in reversed(rows[r]):
            columns[j] = removed.pop()
            for i in columns[j]:
                for k in rows[i]:
                    if k != j:
                        columns[k].add(i)

    def search():
        left = [c for c in columns if c in primary]
        if not left:
            return 1
        c = min(left, key=lambda c: len(columns[c]))
        found = 0
        for r in list(columns[c]):
            removed = select(r)
            found += search()
            deselect(r, removed)
        return found

    return search()


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def command_count(executable, path):
    """`dance count xcc PATH --stats`: the count, the engine's seconds, the CPU time in all."""
    before = children_cpu()
    done = subprocess.run([executable, "count", "xcc", str(path), "--stats"], capture_output=True, text=True, check=True)
    seconds = float(re.search(r"seconds ([0-9.]+)", done.stderr).group(1))
    return int(done.stdout.split()[0]), seconds, children_cpu() - before


def python_count(path):
    start = time.process_time()
    search = dance.Search(dance.Problem.from_text(path.read_text()))
    count = search.count()
    return count, search.statistics.seconds, time.process_time() - start


def pentomino(executable, runs):
    path = XCC / "pentomino6x10.dlx"
    ours, theirs = [], []
    for _ in range(runs):  # alternating: the machine's speed drifts
        ours.append(python_count(path))
        theirs.append(command_count(executable, path))
    assert {r[0] for r in ours + theirs} == {9356}
    py_engine, py_wall = (statistics.median(r[k] for r in ours) for k in (1, 2))
    cli_engine, cli_wall = (statistics.median(r[k] for r in theirs) for k in (1, 2))
    print(f"pentomino6x10, {runs} runs each, medians: Python {py_engine:.3f} s searching ({py_wall:.3f} s CPU in all), "
          f"dance count xcc {cli_engine:.3f} s ({cli_wall:.3f} s): {100 * (py_engine / cli_engine - 1):+.1f}% "
          f"searching, {100 * (py_wall / cli_wall - 1):+.1f}% CPU in all")


def sudoku_per_call(executable, runs):
    puzzle = (ROOT / "examples" / "sudoku.txt").read_text().splitlines()[0]
    calls = 2000
    with tempfile.TemporaryDirectory() as folder:
        batch, one = pathlib.Path(folder) / "batch.txt", pathlib.Path(folder) / "one.txt"
        batch.write_text((puzzle + "\n") * calls)
        one.write_text(puzzle + "\n")

        def command(path):
            before = children_cpu()
            subprocess.run([executable, "solve", "sudoku", str(path)], capture_output=True, check=True)
            return children_cpu() - before

        def module():
            start = time.process_time()
            for _ in range(calls):
                dance.solve("sudoku", puzzle)
            return time.process_time() - start

        dance.solve("sudoku", puzzle)
        per_call, per_puzzle = [], []
        for _ in range(runs):
            per_call.append(module() / calls)
            per_puzzle.append((command(batch) - command(one)) / (calls - 1))
    py, cli = min(per_call), min(per_puzzle)
    print(f"9x9 sudoku (examples/sudoku.txt), CPU time, best of {runs}: dance.solve {py * 1e6:.1f} us a call, "
          f"dance solve sudoku {cli * 1e6:.1f} us a puzzle in a batch: {(py - cli) * 1e6:.1f} us of overhead a call")


def against_pure_python(long):
    names = ["knuth_toy.dlx", "queens8.dlx", "langford8.dlx", "sudoku_inkala.dlx", "queens10.dlx", "langford11.dlx"]
    if long:
        names.append("pentomino6x10.dlx")
    ratios = []
    for name in names:
        problem = dance.Problem.from_text((XCC / name).read_text())
        start = time.process_time()
        ours = dance.count(problem)
        ours_seconds = time.process_time() - start
        start = time.process_time()
        theirs = algorithm_x(problem)
        theirs_seconds = time.process_time() - start
        assert ours == theirs, name
        ratios.append(theirs_seconds / ours_seconds)
        print(f"  {name:20s} {ours:7d} solutions: dance {ours_seconds * 1e3:9.2f} ms, "
              f"Algorithm X with dicts {theirs_seconds * 1e3:10.1f} ms: {ratios[-1]:7.0f} times as long")
    print(f"dance against Algorithm X with dicts: {min(ratios):.0f} to {max(ratios):.0f} times as fast "
          f"(geometric mean {statistics.geometric_mean(ratios):.0f})")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("executable", help="the dance command (build/cli/dance)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--long", action="store_true", help="pentomino 6x10 by pure Python too (minutes)")
    args = parser.parse_args()
    print(f"dance {dance.__version__}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}")
    pentomino(args.executable, args.runs)
    sudoku_per_call(args.executable, args.runs)
    against_pure_python(args.long)


if __name__ == "__main__":
    main()
