"""Every reduction by name from Python (docs/python.md): each solved and its
answer verified, known counts, generated puzzles unique, pictures, and bad
input raising the documented exceptions."""
import os
import xml.dom.minidom

import pytest

import dance
from conftest import DATA, SOURCE, run_dance

SUDOKU = (SOURCE / "examples" / "sudoku.txt").read_text()
TRIANGLE_AND_TAIL = "a b\nb c\na c\nc d\n"

# One instance of each reduction: (name, text, options).
INSTANCES = [
    ("xcc", (DATA / "xcc" / "knuth_toy.dlx").read_text(), {}),
    ("sudoku", SUDOKU, {}),
    ("range", (DATA / "range" / "janko_a.ids").read_text().splitlines()[0], {}),
    ("queens", "", {"size": 8}),
    ("polyomino", (SOURCE / "examples" / "pentominoes6x10.txt").read_text(), {}),
    ("clique", TRIANGLE_AND_TAIL, {"k": 3}),
    ("independent-set", TRIANGLE_AND_TAIL, {"k": 2}),
    ("hamilton", "", {"knight": "6x6", "closed": True}),
    ("signpost", "4x4:deg16acbga1bdahbbbg", {}),
    ("numbrix", "1 . 3\n. . .\n7 . 9\n", {}),
    ("hidato", "1 . x\n. . 5\n", {}),
]


def test_every_reduction_is_tested():
    written_in_python = ("latin",)  # the other tests' own
    built_in = [name for name in dance.reductions() if not name.startswith(written_in_python)]
    assert sorted(built_in) == sorted(name for name, _, _ in INSTANCES)


@pytest.mark.parametrize("name, text, options", INSTANCES, ids=[i[0] for i in INSTANCES])
def test_every_reduction_solved_and_verified(name, text, options):
    answer = dance.solve(name, text, **options)
    assert answer is not None and answer.reduction == name
    assert answer.verify() is None  # the reduction's own checker, not the engine
    assert str(answer).strip()
    assert answer.solution
    if name != "xcc":  # every reduction but xcc draws
        svg = answer._repr_svg_()
        assert xml.dom.minidom.parseString(svg).documentElement.tagName == "svg"


def test_known_answers_and_counts():
    assert dance.count("queens", size=8) == 92
    assert dance.count("queens", size=10, threads=2) == 724
    assert dance.count("polyomino", (SOURCE / "examples" / "pentominoes6x10.txt").read_text()) == 9356
    assert dance.count("hamilton", knight="6x6", closed=True, threads=2) == 9862
    assert str(dance.solve("sudoku", SUDOKU)).split()[0] == \
        "468931527751624839392578461134756298289413675675289314846192753513867942927345186"
    assert str(dance.solve("clique", TRIANGLE_AND_TAIL, max=True)).split() == ["yes:", "a", "b", "c"]
    assert dance.solve("clique", TRIANGLE_AND_TAIL, k=4) is None


def test_range_answers_match_the_published_solutions():
    ids = (DATA / "range" / "janko_a.ids").read_text().splitlines()[:3]
    for answer in dance.solve_each("range", "\n".join(ids)):
        assert answer is not None and answer.verify() is None
        black = answer.json["black"]  # the answer's fields, and a format by name: the grid below its title
        rows = answer.format("grid").strip().splitlines()[-len(black):]
        assert [[token == "#" for token in row.split()] for row in rows] == black


def test_unique_and_check():
    answer = dance.solve("sudoku", SUDOKU, unique=True)
    assert answer.unique is True
    assert dance.check("sudoku", SUDOKU).verdict == "unique"
    assert dance.check("sudoku", "." * 81).verdict == "multiple"
    clash = "11" + "." * 79
    assert dance.check("sudoku", clash).verdict == "none" and dance.solve("sudoku", clash) is None
    assert dance.count("sudoku", clash) == 0


def test_solutions_of_a_reduction_are_lazy():
    boards = dance.solutions("queens", size=12)
    for _ in range(3):
        board = next(boards)
        assert board.verify() is None and len(str(board).split("\n")) >= 12


def threads_running():
    return len(os.listdir("/proc/self/task"))


def test_the_lazy_answers_run_on_the_driver_one_at_a_time():
    before = threads_running()
    boards = dance.solutions("queens", size=8)
    first = [str(next(boards)) for _ in range(3)]
    assert threads_running() == before + 1  # the driver's run, waiting in its sink
    boards.close()
    assert threads_running() == before  # dropped: the run stopped and its thread joined
    every = list(dance.solutions("queens", size=8))
    assert len(every) == 92 and [str(a) for a in every[:3]] == first and len({str(a) for a in every}) == 92
    assert all(a.verify() is None and len(a.solution) == 8 for a in every)
    assert threads_running() == before
    for _ in range(200):  # many iterators dropped half-way leave no thread behind
        next(dance.solutions("queens", size=6))
    import gc
    gc.collect()
    assert threads_running() == before
    assert list(dance.solutions("sudoku", "11" + "." * 79)) == []
    with pytest.raises(ValueError, match="one thread"):
        next(dance.solutions("queens", size=8, threads=2))


def test_the_lazy_answers_stop_at_a_limit_and_on_ctrl_c():
    import signal
    import threading
    import time
    answers = dance.solutions("queens", size=12, nodes=3000)
    found = []
    with pytest.raises(dance.Stopped) as stopped:
        for answer in answers:
            found.append(answer)
    assert stopped.value.outcome == "node limit" and stopped.value.statistics.nodes == 3000
    assert 0 < len(found) == stopped.value.solutions
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt) as interrupted:
        threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
        for _ in dance.solutions("hamilton", knight="8x8", closed=True, seed=1):
            time.sleep(0.001)  # Ctrl-C lands in the search or in this loop's own Python
    assert time.monotonic() - start < 10


def test_python_exits_cleanly_with_iterators_not_run_to_their_end():
    import subprocess
    import sys
    script = ("import dance\n"
              "boards = dance.solutions('queens', size=8); next(boards)\n"
              "tours = dance.solutions('hamilton', knight='8x8', closed=True, seed=1); next(tours)\n"
              "cycle = [boards]; cycle.append(cycle)\n"
              "print('done')\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (0, "done\n", "")


def test_the_json_fields():
    answer = dance.solve("hamilton", knight="6x6", closed=True)
    fields = answer.json
    assert fields["cycle"] is True and len(fields["vertices"]) == 36
    assert answer.vertices == fields["vertices"] and answer.cycle is True
    with pytest.raises(AttributeError, match="no field 'colour'"):
        answer.colour
    assert dance.solve("queens", size=4).columns in ([2, 4, 1, 3], [3, 1, 4, 2])  # every reduction has its fields
    assert "json" in dance.reductions()["queens"]["formats"]


def test_generated_puzzles_are_unique():
    puzzles = dance.generate("sudoku", n=3, seed=1)
    assert len(puzzles) == 3 and len({str(p) for p in puzzles}) == 3
    assert [str(p) for p in dance.generate("sudoku", n=3, seed=1)] == [str(p) for p in puzzles]
    for puzzle in puzzles:
        assert puzzle.clues == sum(c != "." for c in str(puzzle))
        check = dance.check("sudoku", str(puzzle))
        assert check.verdict == "unique"
        assert str(check.answer).split()[0] == puzzle.solution.split()[0]
        assert puzzle._repr_svg_().lstrip().startswith("<")
    jigsaw = dance.generate("sudoku", n=1, seed=1, jigsaw=True, size=6)[0]
    assert dance.check("sudoku", str(jigsaw), jigsaw=True).verdict == "unique"
    hard = dance.generate("sudoku", n=1, seed=2, difficulty="hard")[0]
    assert dance.check("sudoku", str(hard)).verdict == "unique"
    small = dance.generate("range", n=1, seed=3, size="5x5")[0]
    assert dance.check("range", str(small)).verdict == "unique"


@pytest.mark.parametrize("name", ["clique", "independent-set"])
def test_graph_puzzles_are_generated_as_on_the_command_line(name):
    puzzles = dance.generate(name, n=2, seed=4, vertices=12, k=4)
    status, out, err = run_dance("generate", name, "--vertices", "12", "-k", "4", "-n", "2", "--seed", "4")
    assert status == 0, err
    assert "".join(str(p) + "\n" for p in puzzles) == out
    for puzzle in puzzles:
        assert dance.check(name, str(puzzle), k=4).verdict == "unique"
        assert dance.solve(name, str(puzzle), k=5) is None
        assert puzzle._repr_svg_() is None  # the generator writes graphs, not pictures


def test_emit_is_knuths_format():
    text = dance.emit("queens", size=6)
    assert dance.count(dance.Problem.from_text(text)) == 4
    assert dance.count(dance.problem("sudoku", SUDOKU)) == 1
    # one problem, as the command line's emit: a second instance is refused, not dropped
    with pytest.raises(ValueError, match="emit takes one problem") as two:
        dance.emit("sudoku", SUDOKU + "\n" + SUDOKU + "\n")
    assert two.value.code == "bad_request"
    with pytest.raises(ValueError, match="no sudoku instance"):
        dance.emit("sudoku", "")


def test_a_best_answer_cut_short_is_kept_in_stopped():
    graph = (DATA / "graphs" / "clique" / "brock200_1.clq").read_text()
    with pytest.raises(dance.Stopped) as cut:
        dance.solve("clique", graph, max=True, nodes=50)
    best = cut.value.answer
    assert best is not None and 1 < len(best.vertices) < 21  # brock200_1's largest clique has 21
    assert dance.solve("clique", graph, k=len(best.vertices)) is not None
    with pytest.raises(dance.Stopped) as none_yet:
        dance.solve("queens", size=30, nodes=5)
    assert none_yet.value.answer is None


def test_bad_input_raises_the_documented_exceptions():
    with pytest.raises(dance.ParseError) as bad:
        dance.solve("sudoku", "12x4")
    assert bad.value.line >= 1 and bad.value.column >= 1 and str(bad.value).startswith("line ")
    with pytest.raises(dance.ParseError) as bad:
        dance.solve("xcc", "a b\na q\n")
    assert (bad.value.line, bad.value.column) == (2, 3)
    with pytest.raises(ValueError, match="unknown reduction 'nosuch'"):
        dance.solve("nosuch", "")
    with pytest.raises(ValueError, match="colour"):
        dance.solve("queens", size=8, colour="red")
    with pytest.raises(ValueError, match="^size= expects a whole number"):  # the option in Python's words
        dance.count("queens", size=0)
    with pytest.raises(TypeError, match="closed"):
        dance.count("hamilton", knight="5x5", closed="yes")
    with pytest.raises(ValueError, match="to= names vertex 'zz'"):
        dance.solve("hamilton", "a b\nb c\n", path=True, from_="a", to="zz")
    with pytest.raises(ValueError, match="longest= needs from_= and to="):
        dance.solve("hamilton", "a b\nb c\n", longest=True)
    with pytest.raises(ValueError, match="^box= and size= exclude each other$"):
        dance.solve("sudoku", "." * 16, box="2x2", size=4)
    with pytest.raises(ValueError, match="more than one"):
        dance.solve("sudoku", SUDOKU + SUDOKU)
    with pytest.raises(ValueError, match="difficulty"):
        dance.generate("sudoku", difficulty="impossible")
    # An empty grade is refused as the command line and the API refuse it (it was taken as none).
    with pytest.raises(ValueError, match="^difficulty= is easy, medium, hard or fiendish; found ''$"):
        dance.generate("sudoku", difficulty="")
    with pytest.raises(ValueError, match="no generator"):
        dance.generate("queens", size=8)
    with pytest.raises(ValueError, match="best answer"):
        dance.count("clique", TRIANGLE_AND_TAIL, max=True)


@pytest.mark.parametrize("call, error, words", [
    (lambda: dance.solve("queens", size=4, threads=-2), ValueError, "threads= is from 0 to 1024"),
    (lambda: dance.solve("queens", size=4, nodes=-1), ValueError, "nodes= must be at least 0"),
    (lambda: dance.solve("queens", size=4, verify="no"), TypeError, "verify: True or False"),
    (lambda: dance.solve("queens", size=4, unique=1), TypeError, "unique: True or False"),
    (lambda: dance.solve("queens", None, size=4), TypeError, "text: a str, not NoneType"),
    (lambda: dance.emit("queens", 5), TypeError, "text: a str, not int"),
    (lambda: dance.count("queens", size=4, limit=-1), ValueError, "limit: 0 or more"),
    (lambda: dance.generate("sudoku", n=-1), ValueError, "n= must be at least 0"),
    (lambda: dance.generate("sudoku", seed=-1), ValueError, "seed= must be at least 0"),
    (lambda: dance.generate("sudoku", clues=-1), ValueError, "clues= must be at least 0"),
    (lambda: dance.generate("sudoku", difficulty=3), TypeError, "difficulty: a str, not int"),
    (lambda: dance.generate("sudoku", minimal="yes"), TypeError, "minimal: True or False"),
    (lambda: dance.generate(None), TypeError, "name: a str"),
])
def test_a_bad_argument_of_a_reduction_is_named(call, error, words):
    with pytest.raises(error) as raised:
        call()
    assert str(raised.value).startswith(words) and "incompatible" not in str(raised.value)


def test_ctrl_c_stops_the_generator():
    import signal
    import threading
    import time
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt) as interrupted:
        threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
        dance.generate("sudoku", n=1000, seed=1, box="4x4", minimal=True)
    assert time.monotonic() - start < 10
    made = interrupted.value.puzzles
    assert len(made) < 1000 and all(isinstance(p, dance.Puzzle) for p in made)


def test_limits_on_a_reduction():
    with pytest.raises(dance.Stopped) as stopped:
        dance.count("hamilton", knight="6x6", closed=True, nodes=10000)
    assert stopped.value.outcome == "node limit" and stopped.value.statistics.nodes == 10000


def resident_kilobytes():
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024


def test_no_leak_of_solver_objects_by_name():
    def solve_many(n):
        for _ in range(n):
            assert dance.solve("sudoku", SUDOKU) is not None

    solve_many(1000)
    before = resident_kilobytes()
    solve_many(10000)
    assert resident_kilobytes() - before < 2048


def test_no_value_of_any_option_crashes_the_interpreter():
    """Each option of each reduction given odd values, on odd texts: a Python exception at worst."""
    import random
    odd_values = [0, -1, 1, 2, 3, 7, 10**12, "", "x", "3x3", "0x0", "100x100", "2x", "line", "svg", "json", True]
    odd_texts = ["", "\n", "x", "a b\n", "1 2\n2 3\n", "#\n", "....", "9x9:\n", "| c\na\n", "piece A\nAA\n"] + \
        [text for _, text, _ in INSTANCES if len(text) < 1000]
    allowed = (ValueError, TypeError, IndexError, dance.Stopped, RuntimeError)
    rng = random.Random(1)
    for name, reduction in dance.reductions().items():
        if name.startswith("latin"):
            continue
        for option in reduction["options"]:
            for _ in range(12):
                kwargs = {}
                for chosen in (option, rng.choice(reduction["options"])):
                    key = "from_" if chosen["name"] == "from" else chosen["name"].replace("-", "_")
                    kwargs[key] = rng.choice(odd_values)
                text = rng.choice(odd_texts)
                try:
                    dance.count(name, text, nodes=20000, seconds=1, **kwargs)
                except allowed:
                    pass
                try:
                    answer = dance.solve(name, text, nodes=20000, seconds=1, **kwargs)
                    if answer is not None:
                        assert answer.verify() is None
                        str(answer), answer._repr_svg_()
                except allowed:
                    pass


def test_what_a_new_user_met_is_said_plainly():
    import copy
    answer = dance.solve("sudoku", SUDOKU)
    with pytest.raises(ValueError, match="format: sudoku writes text, line, grid, svg, json; not 'nope'"):
        answer.format("nope")
    assert str(copy.copy(answer)) == str(answer)  # was RecursionError
    with pytest.raises(TypeError, match="dance.first, count, solutions and unique"):
        dance.solve(dance.Problem(["a"], [["a"]]))
    with pytest.raises(ValueError, match="n= must be at least 1"):
        dance.generate("sudoku", n=0)


def test_generate_has_a_time_limit_per_puzzle():
    # A 25x25 sudoku takes far longer than 10 ms to make: each is left out, and Stopped says so.
    with pytest.raises(dance.Stopped) as stopped:
        dance.generate("sudoku", n=2, seed=1, box="5x5", minimal=True, seconds=0.01)
    assert stopped.value.outcome == "time limit" and stopped.value.puzzles == []
    made = dance.generate("sudoku", n=2, seed=1, seconds=30)  # within it: as without one
    assert [str(p) for p in made] == [str(p) for p in dance.generate("sudoku", n=2, seed=1)]
