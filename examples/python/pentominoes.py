"""Count the packings of the twelve pentominoes in a 6 x 10 box, by the
polyomino reduction and as the exact cover problem it encodes (9,356).
Run: python3 pentominoes.py [path of examples/pentominoes6x10.txt]"""
import pathlib
import sys
import time

import dance

path = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).parent.parent / "pentominoes6x10.txt")
pieces = path.read_text()

start = time.monotonic()
print(dance.count("polyomino", pieces, threads=2), "packings")
print(f"{time.monotonic() - start:.1f} s on two threads")

problem = dance.problem("polyomino", pieces)  # the exact cover problem, as `dance emit` writes it
search = dance.Search(problem)
print(search.count(), "packings,", search.statistics)
print(problem, "- the first option:", problem.option(0))
