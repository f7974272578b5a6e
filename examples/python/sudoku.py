"""Solve a sudoku from a string, and see that it has one solution.
Run: python3 sudoku.py"""
import dance

puzzle = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
answer = dance.solve("sudoku", puzzle, unique=True)
print(answer)                              # the grid as one line, as `dance solve sudoku` writes it
print("unique:", answer.unique)
print(dance.solve("sudoku", puzzle, format="grid"))  # the reduction's options as keywords
assert answer.verify() is None             # sudoku's own checker, not the engine
picture = answer._repr_svg_()              # what a notebook shows; here only its size
print("picture:", len(picture), "bytes of SVG")
for made in dance.generate("sudoku", n=2, seed=1, difficulty="medium"):
    print(made, dance.check("sudoku", str(made)).verdict)
