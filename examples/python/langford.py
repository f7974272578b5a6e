"""Langford pairs as exact cover, built in Python: each of 1..n placed twice,
the two copies of k with k numbers between them (TAOCP 7.2.2.1).
Run: python3 langford.py [n] (default 7)."""
import sys

import dance


def langford(n):
    """Items: the numbers 1..n and the 2n positions; an option per placement of a pair."""
    numbers = [str(k) for k in range(1, n + 1)]
    positions = [f"s{i}" for i in range(2 * n)]
    options = [[str(k), f"s{i}", f"s{i + k + 1}"] for k in range(1, n + 1) for i in range(2 * n - k - 1)]
    return dance.Problem(numbers + positions, options)


def sequence(n, solution):
    """The 2n numbers in a row."""
    row = [0] * (2 * n)
    for option in solution.names:
        k = int(option[0])
        for position in option[1:]:
            row[int(position[1:])] = k
    return row


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    problem = langford(n)
    for solution in dance.solutions(problem):  # lazily, one at a time
        print(*sequence(n, solution))
    print(f"{dance.count(problem, threads=2)} Langford sequences of order {n} (each and its reversal)")
