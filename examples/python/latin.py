"""A reduction written in Python: Latin squares with clues (docs/python.md).

An n x n grid, each row and each column holding 1..n once; some cells given.
Run: python3 latin.py (it checks its own answers)."""
import dance


class LatinSquare:
    name = "latin"
    summary = "Latin squares: every row and column holds 1..n once (written in Python)"
    options = {"order": int}

    def read(self, text, order=0):
        """Rows of digits and '.', one line each; or an empty grid of the given order."""
        rows = [line.split() if " " in line else list(line) for line in text.split("\n") if line.strip()]
        if not rows:
            if order < 1:
                raise dance.ParseError("expected a grid, or order=N for an empty one", 1, 1)
            return [[0] * order for _ in range(order)]
        n = len(rows)
        grid = []
        for r, row in enumerate(rows):
            if len(row) != n:
                raise dance.ParseError(f"expected {n} cells, found {len(row)}", r + 1, 1)
            cells = []
            for c, cell in enumerate(row):
                if cell == ".":
                    cells.append(0)
                elif cell.isdigit() and 1 <= int(cell) <= n:
                    cells.append(int(cell))
                else:
                    raise dance.ParseError(f"expected '.' or a digit 1 to {n}, found {cell!r}", r + 1, c + 1)
            grid.append(cells)
        return grid

    def encode(self, grid):
        """Option (r, c, v): value v in cell (r, c). Items: the cell, v in row r, v in column c."""
        n = len(grid)
        items = [f"p{r},{c}" for r in range(n) for c in range(n)] + \
                [f"r{r}v{v}" for r in range(n) for v in range(1, n + 1)] + \
                [f"c{c}v{v}" for c in range(n) for v in range(1, n + 1)]
        options = [[f"p{r},{c}", f"r{r}v{v}", f"c{c}v{v}"]
                   for r in range(n) for c in range(n) for v in range(1, n + 1)]
        clues = [(r * n + c) * n + grid[r][c] - 1 for r in range(n) for c in range(n) if grid[r][c]]
        return dance.Encoding(dance.Problem(items, options), assume=clues)

    def decode(self, grid, solution):
        n = len(grid)
        square = [[0] * n for _ in range(n)]
        for option in solution:
            cell, value = divmod(option, n)
            square[cell // n][cell % n] = value + 1
        return square

    def verify(self, grid, square):
        """Without the engine: the clues kept, each row and column a permutation of 1..n."""
        n = len(grid)
        for r in range(n):
            for c in range(n):
                if grid[r][c] and square[r][c] != grid[r][c]:
                    return f"the clue at row {r + 1}, column {c + 1} is not kept"
        whole = set(range(1, n + 1))
        if any(set(row) != whole for row in square):
            return "a row is not a permutation"
        if any({square[r][c] for r in range(n)} != whole for c in range(n)):
            return "a column is not a permutation"
        return None

    def print(self, grid, square):
        return "\n".join("".join(map(str, row)) for row in square)


dance.register(LatinSquare())

if __name__ == "__main__":
    puzzle = "1..\n.2.\n..."
    answer = dance.solve("latin", puzzle, unique=True)
    print(answer)
    print("unique:", answer.unique)
    counts = [dance.count("latin", order=n, threads=2) for n in range(1, 6)]
    print("Latin squares of order 1 to 5:", counts)
    assert counts == [1, 2, 12, 576, 161280]
    assert answer.unique and answer.verify() is None
