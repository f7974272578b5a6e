"""A reduction written in Python (dance.register), the guide's own: the
Latin squares of examples/python/latin.py, run as a built-in one is."""
import importlib.util
import time

import pytest

import dance
from conftest import SOURCE

spec = importlib.util.spec_from_file_location("latin", SOURCE / "examples" / "python" / "latin.py")
latin = importlib.util.module_from_spec(spec)
spec.loader.exec_module(latin)  # registers "latin"


def brute_force_latin_squares(n):
    """Every n x n Latin square, by permutations row after row (no engine)."""
    import itertools
    rows = list(itertools.permutations(range(1, n + 1)))
    squares = [[]]
    for _ in range(n):
        squares = [s + [row] for s in squares for row in rows
                   if all(row[c] != other[c] for other in s for c in range(n))]
    return squares


@pytest.mark.parametrize("threads", [1, 2])
def test_counts_with_one_and_two_threads(threads):
    for n, known in [(1, 1), (2, 2), (3, 12), (4, 576), (5, 161280)]:
        assert dance.count("latin", order=n, threads=threads) == known
    assert dance.count("latin", order=4, threads=threads) == len(brute_force_latin_squares(4))


def test_clues_unique_verify_and_emit():
    answer = dance.solve("latin", "1..\n.2.\n...", unique=True)
    assert str(answer) == "132\n321\n213" and answer.unique is True and answer.verify() is None
    assert dance.check("latin", "1..\n...\n...").verdict == "multiple"
    assert dance.check("latin", "11.\n...\n...").verdict == "none"
    text = dance.emit("latin", "1..\n.2.\n...")
    assert dance.count(dance.Problem.from_text(text)) == 1
    assert "latin" in dance.reductions() and dance.reductions()["latin"]["options"][0]["name"] == "order"


def test_every_answer_is_verified_by_the_reduction():
    class Wrong(latin.LatinSquare):
        name = "latin-wrong"

        def decode(self, grid, solution):
            square = super().decode(grid, solution)
            square[0][0], square[0][1] = square[0][1], square[0][0]
            return square

    dance.register(Wrong())
    with pytest.raises(RuntimeError, match="fails verification"):
        dance.solve("latin-wrong", order=3)
    with pytest.raises(RuntimeError, match="fails verification"):
        next(dance.solutions("latin-wrong", order=3))
    assert dance.solve("latin-wrong", order=3, verify=False).verify() is not None


def test_bad_input_and_registration():
    with pytest.raises(dance.ParseError) as bad:
        dance.solve("latin", "1..\n.x.\n...")
    assert (bad.value.line, bad.value.column) == (2, 2)
    with pytest.raises(ValueError, match="size"):
        dance.solve("latin", size=3)
    class Named(latin.LatinSquare):
        name = "sudoku"

    with pytest.raises(ValueError, match="already"):
        dance.register(Named())
    with pytest.raises(TypeError, match="encode"):
        dance.register(type("Half", (), {"name": "half", "read": None, "decode": None, "verify": None})())


def test_registering_again_replaces_it():
    class Counting(latin.LatinSquare):
        calls = 0

        def encode(self, grid):
            Counting.calls += 1
            return super().encode(grid)

    dance.register(Counting())
    try:
        assert dance.count("latin", order=3) == 12 and Counting.calls == 1
    finally:
        dance.register(latin.LatinSquare())
    assert dance.count("latin", order=3) == 12 and Counting.calls == 1


def test_an_answer_keeps_the_reduction_that_made_it():
    class Marked(latin.LatinSquare):
        name = "latin-marked"

        def __init__(self, mark):
            self.mark = mark

        def print(self, grid, square):
            return self.mark

        def verify(self, grid, square):
            return None if self.mark == "first" else "the second verifier refuses every answer"

    dance.register(Marked("first"))
    answer = dance.solve("latin-marked", order=3)
    answers = dance.solutions("latin-marked", order=3)
    assert str(next(answers)) == "first"
    dance.register(Marked("second"))  # the name registered again: a notebook's cell run twice
    assert str(answer) == "first" and answer.verify() is None
    assert str(next(answers)) == "first"
    assert str(dance.solve("latin-marked", order=3, verify=False)) == "second"


@pytest.mark.parametrize("method", ["read", "encode", "decode", "verify", "print"])
@pytest.mark.parametrize("raised", [dance.ParseError("bad", 2, 3), ValueError("v"), KeyError("k")],
                         ids=["ParseError", "ValueError", "KeyError"])
def test_what_a_reduction_raises_reaches_the_caller_unchanged(method, raised):
    def raise_it(self, *args, **kwargs):
        raise raised

    failing = type("Failing", (latin.LatinSquare,), {"name": "latin-failing", method: raise_it})
    dance.register(failing())
    calls = [lambda: str(dance.solve("latin-failing", order=3)),
             lambda: str(next(dance.solutions("latin-failing", order=3)))]
    if method != "print":
        calls += [lambda: dance.solve("latin-failing", order=3, threads=2), lambda: dance.check("latin-failing", order=3)]
    if method in ("read", "encode"):
        calls += [lambda: dance.count("latin-failing", order=3, threads=2), lambda: dance.emit("latin-failing", order=3)]
    for call in calls:
        with pytest.raises(type(raised)) as caught:
            call()
        assert caught.value is raised


def test_a_python_hook_in_a_python_reduction():
    class NoOneInTheCorner:
        def choose(self, option):
            return option != 0  # value 1 at the top left

        def unchoose(self, option):
            pass

    class Cornered(latin.LatinSquare):
        name = "latin-cornered"

        def encode(self, grid):
            encoding = super().encode(grid)
            return dance.Encoding(encoding.problem, encoding.assume, NoOneInTheCorner())

    dance.register(Cornered())
    assert dance.count("latin-cornered", order=4) == 576 * 3 // 4
    assert dance.count("latin-cornered", order=4, threads=2) == 576 * 3 // 4


def test_a_shared_hook_is_left_clean_by_a_stop_and_a_time_limit_holds():
    class Chosen:
        def __init__(self, seconds=0):
            self.chosen, self.seconds = [], seconds

        def choose(self, option):
            time.sleep(self.seconds)
            self.chosen.append(option)
            return True

        def unchoose(self, option):
            assert self.chosen.pop() == option

    shared = Chosen()
    problems = {}

    class Hooked(latin.LatinSquare):
        name = "latin-hooked"

        def encode(self, grid):
            encoding = super().encode(grid)
            problem = problems.setdefault(len(grid), encoding.problem)  # one problem a size: its solver is kept
            return dance.Encoding(problem, encoding.assume, shared)

    dance.register(Hooked())
    for threads in (1, 2):
        with pytest.raises(dance.Stopped):
            dance.count("latin-hooked", order=4, nodes=30, threads=threads)
        assert shared.chosen == []
        assert dance.solve("latin-hooked", order=4, threads=threads) is not None and shared.chosen == []
        assert dance.count("latin-hooked", order=4, threads=threads) == 576 and shared.chosen == []
    shared.seconds = 0.002
    start = time.monotonic()
    with pytest.raises(dance.Stopped) as stopped:
        dance.count("latin-hooked", order=5, seconds=0.05)
    assert stopped.value.outcome == "time limit" and time.monotonic() - start < 0.8


def test_the_lazy_answers_decode_only_what_is_asked_for():
    """solutions() runs on the driver, one answer at a time: nothing is searched or decoded ahead."""
    class Counted(latin.LatinSquare):
        name = "latin-counted"
        decoded = 0

        def decode(self, grid, solution):
            Counted.decoded += 1
            return super().decode(grid, solution)

    dance.register(Counted())
    answers = dance.solutions("latin-counted", order=4)
    squares = [next(answers) for _ in range(5)]
    time.sleep(0.05)
    assert Counted.decoded == 5 and all(s.verify() is None for s in squares)
    assert len({str(s) for s in squares}) == 5
    answers.close()
    assert sum(1 for _ in dance.solutions("latin-counted", order=4)) == 576
