"""Exact cover from Python (docs/python.md): known counts, colours and
multiplicities against the C++ count, limits, statistics, Ctrl-C, the GIL,
assumptions, hooks, bad input, memory."""
import itertools
import os
import re
import signal
import threading
import time

import pytest

import dance
from conftest import DATA, run_dance


def test_the_modules_example():
    import doctest
    assert doctest.testmod(dance).failed == 0


def test_version_is_the_commands():
    status, out, _ = run_dance("--version")
    assert status == 0
    assert out.strip() == f"dance {dance.__version__}"


@pytest.mark.parametrize("name, solutions", [
    ("queens8.dlx", 92), ("queens9.dlx", 352), ("queens10.dlx", 724), ("pentomino6x10.dlx", 9356),
    ("langford8.dlx", 300), ("langford11.dlx", 35584), ("knuth_toy.dlx", 1)])
def test_known_counts(xcc, name, solutions):
    assert dance.count(dance.Problem.from_text(xcc(name))) == solutions


def queens(n):
    """n queens built from lists: rows and columns primary, diagonals secondary."""
    rows, columns = [f"r{r}" for r in range(n)], [f"c{c}" for c in range(n)]
    diagonals = [f"a{d}" for d in range(2 * n - 1)] + [f"b{d}" for d in range(2 * n - 1)]
    options = [[f"r{r}", f"c{c}", f"a{r + c}", f"b{r - c + n - 1}"] for r in range(n) for c in range(n)]
    return dance.Problem(rows + columns, options, secondary=diagonals)


def test_problem_from_lists():
    assert dance.count(queens(8)) == 92
    p = queens(4)
    assert len(p) == 16 and p.primary_count == 8 and p.option(1) == ["r0", "c1", "a1", "b2"]
    solutions = [s.names for s in dance.solutions(p)]
    assert len(solutions) == 2
    for names in solutions:  # every row and column once, every diagonal at most once
        items = [item for option in names for item in option]
        assert sorted(i for i in items if i[0] in "rc") == sorted(p.items[:8])
        assert len(set(items)) == len(items)


def test_knuths_toy_answer(xcc):
    toy = dance.Problem.from_text(xcc("knuth_toy.dlx"))
    solution = dance.first(toy)
    assert sorted(solution) == [0, 3, 4]  # 'c e', 'a d f', 'b g' (TAOCP 7.2.2.1-(5))
    assert sorted(map(tuple, solution.names)) == [("a", "d", "f"), ("b", "g"), ("c", "e")]
    assert dance.unique(toy)


def cpp_count(text, *args):
    status, out, err = run_dance("count", "xcc", "-", *args, stdin=text)
    assert status in (0, 1), err
    return int(out.split()[0])


@pytest.mark.parametrize("name", ["debruijn4.dlx", "knuth_colors_example.dlx", "rowcol2_5.dlx",
                                  "knuth_multiplicities_example.dlx"])
def test_colours_and_multiplicities_as_the_cpp_count(xcc, name):
    p = dance.Problem.from_text(xcc(name))
    assert p.uses_colours or p.uses_multiplicities
    assert dance.count(p) == cpp_count(xcc(name))


def test_colours_and_multiplicities_from_lists():
    # Colours: each option colours x and y; options agreeing on both can share them.
    colours = dance.Problem(["a", "b", "c"], [["a", "x:red"], ["b", "x:red", "y:blue"], ["c", "y:blue"],
                                             ["b", "x:green"], ["c", "y:green"], ["a", "y:red"]],
                            secondary=["x", "y"])
    assert colours.uses_colours
    assert dance.count(colours) == cpp_count(colours.text()) == 1  # red x with a and b, blue y with b and c
    # Multiplicities: each row and column of a 0-1 4x4 matrix sums to 2 (rowcol2_4: 90).
    n = 4
    sums = dance.Problem([f"2|r{r}" for r in range(n)] + [f"2|c{c}" for c in range(n)],
                         [f"r{r} c{c}" for r in range(n) for c in range(n)])
    assert sums.uses_multiplicities
    assert dance.count(sums) == cpp_count(sums.text()) == 90
    bounded = dance.Problem(["1:2|a", "0:1|b"], [["a"], ["a", "b"], ["b"]])
    assert dance.count(bounded) == cpp_count(bounded.text())


def test_statistics_as_the_command_counts_them(xcc):
    search = dance.Search(dance.Problem.from_text(xcc("queens12.dlx")))
    assert search.count() == 14200
    s = search.statistics
    _, _, err = run_dance("count", "xcc", str(DATA / "xcc" / "queens12.dlx"), "--stats")
    nodes, updates = map(int, re.search(r"nodes (\d+), updates (\d+)", err).groups())
    assert (s.nodes, s.updates, s.solutions) == (nodes, updates, 14200)
    assert s.seconds > 0 and s.max_depth == 12 and s.removals == 0
    assert search.outcome == "exhausted" and search.variant == re.search(r"algorithm (.*)", err).group(1)


def test_threads_count_the_same(xcc):
    p = dance.Problem.from_text(xcc("langford11.dlx"))
    assert dance.count(p, threads=2) == 35584
    assert dance.count(queens(9), threads=2) == 352


def test_solutions_are_lazy(xcc):
    search = dance.Search(dance.Problem.from_text(xcc("queens12.dlx")))
    first_three = list(itertools.islice(search.solutions(), 3))
    assert len(first_three) == 3 and search.statistics.solutions == 3
    assert len(set(map(tuple, first_three))) == 3


def test_first_and_unique():
    none = dance.Problem(["a", "b"], [["a"], ["a", "b"], ["a"]])
    assert dance.count(none) == 1 and dance.unique(none) is True
    assert dance.first(dance.Problem(["a", "b"], [["a"]])) is None
    assert dance.unique(dance.Problem(["a", "b"], [["a"]])) is False
    assert dance.unique(queens(8)) is False
    assert dance.first(queens(3)) is None
    assert dance.count(queens(4), threads=2) == 2 and dance.unique(queens(4), threads=2) is False


def test_each_call_of_a_search_starts_afresh():
    six = queens(6)  # 4 solutions
    search = dance.Search(six)
    assert [search.count(), search.count()] == [4, 4]
    assert search.first() is not None and search.count() == 4 and search.first() is not None
    assert [search.unique(), search.unique()] == [False, False]
    assert len(list(search)) == len(list(search)) == 4
    assert search.count(limit=3) == 3 and search.count() == 4


def test_threads_and_limits_out_of_range():
    with pytest.raises(ValueError, match="threads= is at most 1024"):
        dance.count(queens(6), threads=40000)
    with pytest.raises(ValueError, match="threads= is at most 1024"):
        dance.count("queens", size=6, threads=100000)
    dance.count(queens(8))  # leaves a kept solver whose counters a limit adds to
    assert dance.count(queens(8), nodes=2**64 - 1) == 92


def test_limits(xcc):
    p = dance.Problem.from_text(xcc("pentomino6x10.dlx"))
    with pytest.raises(dance.Stopped) as stopped:
        dance.count(p, nodes=20000)
    assert stopped.value.outcome == "node limit" and stopped.value.statistics.nodes == 20000
    assert 0 < stopped.value.solutions < 9356
    with pytest.raises(dance.Stopped) as stopped:
        dance.count(p, seconds=0.1)
    assert stopped.value.outcome == "time limit" and 0.1 <= stopped.value.statistics.seconds < 2
    assert dance.Search(p).count(limit=7) == 7
    search = dance.Search(p, nodes=5000)  # the iterator gives what it found, then says why it stopped
    found = []
    with pytest.raises(dance.Stopped):
        for solution in search.solutions():
            found.append(solution)
    assert len(found) == search.statistics.solutions > 0


def test_assumptions_and_forbidden_options():
    p = queens(6)  # 4 solutions
    every = [set(s) for s in dance.solutions(p)]
    option = next(iter(every[0]))
    assert dance.count(p, assume=[option]) == sum(option in s for s in every)
    assert dance.count(p, forbid=[option]) == sum(option not in s for s in every)
    assert all(option in s for s in dance.solutions(p, assume=[option]))
    assert dance.count(p, assume=[0, 1]) == 0  # two queens in one row clash
    with pytest.raises((IndexError, ValueError)):
        dance.count(p, assume=[36])


class NoQueenOn:
    """A hook that rejects any partial solution with an option of `banned`."""

    def __init__(self, banned):
        self.banned, self.calls = set(banned), 0

    def choose(self, option):
        self.calls += 1
        return option not in self.banned

    def unchoose(self, option):
        pass


def test_a_python_hook():
    p = queens(8)
    corners = [0, 7, 56, 63]
    hook = NoQueenOn(corners)
    without_corners = sum(not set(corners) & set(s) for s in dance.solutions(p))
    assert dance.count(p, hook=hook) == dance.count(p, forbid=corners) == without_corners == 76
    assert hook.calls > 0
    assert dance.count(p, hook=NoQueenOn(corners), threads=2) == 76


class Chosen:
    """A hook that keeps the options chosen and not yet taken back, in order."""

    def __init__(self):
        self.chosen = []

    def choose(self, option):
        self.chosen.append(option)
        return True

    def unchoose(self, option):
        assert self.chosen.pop() == option


@pytest.mark.parametrize("threads", [1, 2])
def test_a_hook_sees_every_option_taken_back_after_a_stop(threads):
    """A limit, a first solution or a dropped iterator leaves the hook with nothing chosen, so that it serves again."""
    p, hook = queens(8), Chosen()
    with pytest.raises(dance.Stopped):
        dance.count(p, hook=hook, nodes=50, threads=threads)
    assert hook.chosen == []  # while the search (in the traceback) is alive
    assert dance.first(p, hook=hook, threads=threads) is not None and hook.chosen == []
    assert dance.count(p, hook=hook, threads=threads, assume=[3]) == 18 and hook.chosen == []
    if threads == 1:
        solutions = dance.solutions(p, hook=hook, assume=[3])
        assert len(next(solutions)) == 8 and len(hook.chosen) == 8
        solutions.close()
        assert hook.chosen == []
        with pytest.raises(dance.Stopped):
            list(dance.solutions(p, hook=hook, nodes=30))
        assert hook.chosen == []
    assert dance.count(p, hook=hook, threads=threads) == 92 and hook.chosen == []


def test_what_a_hook_raises_when_told_of_the_options_taken_back_reaches_the_caller():
    class Failing(Chosen):
        def unchoose(self, option):
            raise KeyError("unchoose")

    with pytest.raises(KeyError, match="unchoose"):  # was Stopped: the exception was dropped
        dance.count(queens(6), hook=Failing(), nodes=5)


class Slow:
    """A hook that takes `seconds` a call."""

    def __init__(self, seconds):
        self.seconds = seconds

    def choose(self, option):
        time.sleep(self.seconds)
        return True

    def unchoose(self, option):
        pass


def test_a_time_limit_holds_within_a_few_calls_of_a_slow_hook():
    """The limits were looked at every 1024 nodes: 2 s of a 2 ms hook's calls for a limit of 0.05 s."""
    start = time.monotonic()
    with pytest.raises(dance.Stopped) as stopped:
        dance.count(queens(10), hook=Slow(0.002), seconds=0.05)
    assert stopped.value.outcome == "time limit"
    assert time.monotonic() - start < 0.8


def test_a_hooks_exception_goes_to_the_caller():
    class Failing:
        def choose(self, option):
            raise ArithmeticError("from the hook")

        def unchoose(self, option):
            pass

    with pytest.raises(ArithmeticError, match="from the hook"):
        dance.count(queens(6), hook=Failing())
    with pytest.raises(ArithmeticError):
        dance.count(queens(6), hook=Failing(), threads=2)
    with pytest.raises(TypeError):
        dance.count(queens(6), hook=object())


def interrupt_after(seconds):
    threading.Timer(seconds, lambda: os.kill(os.getpid(), signal.SIGINT)).start()


@pytest.mark.parametrize("threads", [1, 2])
def test_ctrl_c_stops_a_long_count(xcc, threads):
    p = dance.Problem.from_text(xcc("langford15_sym.dlx"))  # minutes of work
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt) as interrupted:
        interrupt_after(0.3)  # inside: the signal must not come before pytest.raises is ready for it
        dance.count(p, threads=threads)
    assert time.monotonic() - start < 5
    assert interrupted.value.statistics.nodes > 0
    assert interrupted.value.solutions == interrupted.value.statistics.solutions > 0
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # Python's own again


def test_the_search_releases_the_gil(xcc):
    p = dance.Problem.from_text(xcc("pentomino6x10.dlx"))
    counted = []
    worker = threading.Thread(target=lambda: counted.append(dance.Search(p).count(limit=400)))
    worker.start()
    spins = 0
    while worker.is_alive():
        spins += 1
    worker.join()
    assert counted == [400]
    assert spins > 10000  # this thread ran Python while the other searched


def test_one_search_on_two_threads_at_once_is_refused(xcc):
    search = dance.Search(dance.Problem.from_text(xcc("pentomino6x10.dlx")))
    stopped = []

    def count():
        try:
            search.count()
        except dance.Stopped as why:
            stopped.append(why.outcome)

    worker = threading.Thread(target=count)
    worker.start()
    time.sleep(0.2)
    with pytest.raises(RuntimeError, match="another thread"):
        search.count()
    # Ctrl-C stops the search on the other thread too; KeyboardInterrupt comes here, to the main thread.
    with pytest.raises(KeyboardInterrupt):
        interrupt_after(0)
        while worker.is_alive():
            time.sleep(0.01)
    worker.join()
    assert stopped == ["interrupted"]


def test_bad_input():
    with pytest.raises(dance.ParseError) as bad:
        dance.Problem.from_text("a b\na zz\n")
    assert (bad.value.line, bad.value.column) == (2, 3) and "zz" in str(bad.value)
    assert isinstance(bad.value, ValueError)
    with pytest.raises(ValueError, match="option 1"):
        dance.Problem(["a", "b"], [["a"], ["b", "nosuch"]])
    with pytest.raises(ValueError, match="white space"):
        dance.Problem(["a b"], [["a"]])
    with pytest.raises(ValueError, match="option 0"):
        dance.Problem(["a"], [["a", "a"]])
    with pytest.raises(TypeError):
        dance.Problem("abc", [])
    with pytest.raises(TypeError):
        dance.Search("a b\na b\n")


def resident_kilobytes():
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024


def test_no_leak_of_solver_objects():
    p = queens(6)

    def solve_many(n):
        for _ in range(n):
            assert dance.first(p) is not None

    solve_many(1000)
    before = resident_kilobytes()
    solve_many(10000)
    assert resident_kilobytes() - before < 2048


@pytest.mark.parametrize("call, error, words", [
    (lambda p: dance.count(p, threads=-1), ValueError, "threads= is from 0 to 1024"),
    (lambda p: dance.count(p, threads=5000), ValueError, "threads= is at most 1024"),
    (lambda p: dance.count(p, threads="2"), TypeError, "threads: a whole number"),
    (lambda p: dance.count(p, nodes=-1), ValueError, "nodes= must be at least 0"),
    (lambda p: dance.count(p, nodes=2**64), ValueError, "nodes= is at most 18446744073709551615"),
    (lambda p: dance.count(p, seed=-3), ValueError, "seed= must be at least 0"),
    (lambda p: dance.count(p, limit=-1), ValueError, "limit: 0 or more"),
    (lambda p: dance.count(p, limit=1.5), TypeError, "limit: a whole number"),
    (lambda p: dance.count(p, seconds="1"), TypeError, "seconds: a number"),
    (lambda p: dance.count(p, seconds=float("nan")), ValueError, "seconds"),
    (lambda p: dance.count(p, assume=[-1]), ValueError, "assume: 0 or more"),
    (lambda p: dance.count(p, assume=[2**40]), IndexError, "assume: 1099511627776 is not an option"),
    (lambda p: dance.count(p, forbid=["a"]), TypeError, "forbid: a whole number"),
    (lambda p: dance.count(p, assume=3), TypeError, "assume: a list of option indices"),
    (lambda p: p.option(-1), ValueError, "index: 0 or more"),
    (lambda p: p.option(3), IndexError, "index: 3 is not an option"),
    (lambda p: dance.Problem(["a"], [[1]]), TypeError, "option 0: names are str, not 1"),
    (lambda p: dance.Problem([None], [["a"]]), TypeError, "primary: names are str, not None"),
    (lambda p: dance.Problem(["a"], 5), TypeError, "options: a list of options"),
    (lambda p: dance.Problem([], []), ValueError, "primary: no items"),
    (lambda p: dance.Problem.from_text(b"a\na\n"), TypeError, "text: a str, not bytes"),
])
def test_a_bad_argument_is_named(call, error, words):
    """Not pybind11's dump of signatures: the argument, and what it takes."""
    p = dance.Problem(["a", "b"], [["a"], ["b"], ["a", "b"]])
    with pytest.raises(error) as raised:
        call(p)
    assert str(raised.value).startswith(words) and "incompatible" not in str(raised.value)


@pytest.mark.parametrize("primary, options, secondary, words", [
    (["|", "a"], [["a"], ["|"]], (), "primary item: an item name '|' may not contain ':' or '|'"),
    (["a", "b"], [["a"], ["|", "b"]], (), "option 1: an item name '|' may not"),
    (["a", "b"], [["a"], ["|b"]], (), "option 1: an item name '|b' may not"),
    (["a"], [["a"]], ["|"], "secondary item: an item name '|' may not"),
    (["a:b"], [["a:b"]], (), "items: an item name 'a:b' may not contain ':' or '|'"),
    (["a|b"], [["a|b"]], (), "items: expected a bound like 2|name"),
    (["a"], [["a", "x|y"]], ["x"], "option 0: an item name 'x|y' may not"),
    (["a"], [["a"]], ["x:y"], "items: an item name 'x:y' may not"),
    (["a"], [["a"]], ["x y"], "secondary item: 'x y' holds white space"),
    (["a", ""], [["a"]], (), "primary item: an empty name"),
    (["a"], [["a", ""]], (), "option 0: an empty name"),
])
def test_names_that_knuths_format_cannot_write_are_refused(primary, options, secondary, words):
    """An item named '|' became the separator; each such name is a ValueError naming it."""
    with pytest.raises(ValueError) as refused:
        dance.Problem(primary, options, secondary=secondary)
    assert str(refused.value).startswith(words)


def test_counts_past_2_to_the_128_are_exact_ints():
    # The 2 x 200 domino tilings are Fibonacci's F(201): the memo's counts of any size, as a Python int.
    a, b = 1, 1
    for _ in range(199):
        a, b = b, a + b
    assert b > 2**128
    cells = [f"r{r}c{c}" for r in range(2) for c in range(200)]
    lines = [" ".join(cells)]
    lines += [f"r{r}c{c} r{r}c{c + 1}" for r in range(2) for c in range(199)]
    lines += [f"r0c{c} r1c{c}" for c in range(200)]
    assert dance.count(dance.Problem.from_text("\n".join(lines) + "\n")) == b
    board = "piece D 200\nDD\n\nregion\n" + "." * 200 + "\n" + "." * 200 + "\n"
    assert dance.count("polyomino", board) == b


def test_statistics_count_solutions_exactly_past_2_to_the_64():
    # The domino tilings of 2 x 100 by exact cover: F(101), past 2**64; the memo counts them.
    cells = [f"r{r}c{c}" for r in range(2) for c in range(100)]
    options = [[f"r{r}c{c}", f"r{r}c{c + 1}"] for r in range(2) for c in range(99)]
    options += [[f"r0c{c}", f"r1c{c}"] for c in range(100)]
    search = dance.Search(dance.Problem(cells, options))
    fib = [0, 1]
    while len(fib) < 102:
        fib.append(fib[-1] + fib[-2])
    assert search.count() == fib[101] > 2**64
    assert search.statistics.solutions == fib[101]
