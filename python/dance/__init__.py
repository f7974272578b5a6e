"""dance: exact cover by dancing links (Knuth's Algorithms X, C and M), the
puzzles it solves and the puzzles it generates (docs/python.md).

    >>> import dance
    >>> p = dance.Problem(["a", "b", "c"], [["a", "b"], ["c"], ["a"], ["b", "c"]])
    >>> dance.count(p)
    2
"""

import numbers as _numbers
import operator as _operator
import re as _re

from . import _dance
from ._dance import Statistics

__version__ = _dance.__version__

__all__ = [
    "Problem", "Search", "Solution", "Statistics", "ParseError", "Stopped", "GenerateError",
    "count", "solutions", "first", "unique",
]


class ParseError(ValueError):
    """Text that cannot be read: the 1-based line and column, and what was expected there."""

    code = "parse_error"  # as dance serve's answer says it

    def __init__(self, message, line=1, column=1):
        super().__init__(f"line {line}, column {column}: {message}")
        self.message = message
        self.line = line
        self.column = column


class Stopped(Exception):
    """A limit (nodes, seconds) stopped a search before it had its answer.

    outcome: "node limit" or "time limit"; solutions: how many were found
    before it stopped (a lower bound for a count); statistics: the search's;
    answer: solve()'s answer found before the limit, or None (for clique
    max=True and the like the best so far, a lower bound; with unique=True
    the first, its uniqueness unknown)."""

    def __init__(self, outcome, solutions, statistics, answer=None):
        super().__init__(f"stopped by the {outcome} before the search was complete "
                         f"({solutions} solutions found so far"
                         + ("; the last in .answer)" if answer is not None else ")"))
        self.outcome = outcome
        self.solutions = solutions
        self.statistics = statistics
        self.answer = answer


class GenerateError(RuntimeError):
    """The generator gave up (no puzzle with those options within its attempts)."""

    code = "bad_option"  # as dance serve's answer says it


# Arguments checked before they reach the extension, so that a wrong one is
# a TypeError or ValueError naming it (not pybind11's list of signatures).

def _whole(name, value, least=0, most=2**64 - 1):
    """value as a whole number from least to most, or an error naming the argument."""
    if isinstance(value, bool):
        raise TypeError(f"{name}: a whole number, not {value!r}")
    try:
        value = _operator.index(value)
    except TypeError:
        raise TypeError(f"{name}: a whole number, not {value!r}") from None
    if value < least:
        raise ValueError(f"{name}: {least} or more, not {value}")
    if value > most:
        raise ValueError(f"{name}: at most {'2**64 - 1' if most == 2**64 - 1 else most}, not {value}")
    return value


def _own(option, keyword, value):
    """value of dance's whole option (its long name or letter) given as the
    keyword: its type checked here, its range by the driver's one check
    (validate's words: memo_mib= is from 1 to 16777216)."""
    if isinstance(value, bool) or not isinstance(value, _numbers.Integral):
        raise TypeError(f"{keyword}: a whole number, not {value!r}")
    return _dance.whole(option, _operator.index(value))


def _seconds(value):
    """A time limit: a number of seconds, 0 (none) or more."""
    if isinstance(value, bool) or not isinstance(value, _numbers.Real):
        raise TypeError(f"seconds: a number, not {value!r}")
    if not value >= 0:  # NaN too
        raise ValueError(f"seconds: a time limit is 0 (none) or more, not {value}")
    return float(value)


def _number(value):
    """seconds as a float (its range is the driver's to check)."""
    if isinstance(value, bool) or not isinstance(value, _numbers.Real):
        raise TypeError(f"seconds: a number, not {value!r}")
    return float(value)


def _flag(name, value):
    if not isinstance(value, bool):
        raise TypeError(f"{name}: True or False, not {value!r}")
    return value


def _text(name, value):
    if not isinstance(value, str):
        raise TypeError(f"{name}: a str, not {type(value).__name__}")
    return value


def _names(where, names):
    """A list of item names (or tokens), each a str."""
    if isinstance(names, str):
        return names.split()
    try:
        names = list(names)
    except TypeError:
        raise TypeError(f"{where}: a list of names, not {names!r}") from None
    for name in names:
        if not isinstance(name, str):
            raise TypeError(f"{where}: names are str, not {name!r}")
    return names


def _options_of(problem, name, indices):
    """Option indices of the problem (assume, forbid)."""
    try:
        indices = list(indices)
    except TypeError:
        raise TypeError(f"{name}: a list of option indices, not {indices!r}") from None
    for index in indices:
        _whole(name, index)
        if index >= len(problem):
            raise IndexError(f"{name}: {index} is not an option of the problem (it has {len(problem)})")
    return indices


def _names_list(options):
    try:
        return list(options)
    except TypeError:
        raise TypeError(f"options: a list of options, not {options!r}") from None


class Problem:
    """An exact cover problem in Knuth's vocabulary (TAOCP 7.2.2.1).

    Problem(primary, options, secondary=()): primary items are covered
    exactly once, or within bounds written "lo:hi|name" (or "n|name");
    secondary items at most once, or by options that agree on its colour.
    Each option is a list of items ("name", or "name:colour" for a
    secondary item), or one string of them separated by spaces.

    Problem.from_text(text) reads Knuth's format (DLX1/DLX2/DLX3); text()
    writes it back.
    """

    def __init__(self, primary, options, secondary=()):
        if isinstance(primary, str) or isinstance(secondary, str):
            raise TypeError("primary and secondary are lists of item names")
        if isinstance(options, str):
            raise TypeError("options: a list of options, each a list of items or a str of them")
        listed = [_names(f"option {k}", option) for k, option in enumerate(_names_list(options))]
        self._problem = _dance.problem_from_lists(_names("primary", primary), _names("secondary", secondary), listed)
        self.warnings = []

    @classmethod
    def from_text(cls, text):
        """The problem in Knuth's text format; ParseError names the line and column of a mistake."""
        problem = cls.__new__(cls)
        problem._problem, problem.warnings = _dance.problem_from_text(_text("text", text))
        return problem

    @classmethod
    def _wrap(cls, engine_problem):
        problem = cls.__new__(cls)
        problem._problem, problem.warnings = engine_problem, []
        return problem

    @property
    def items(self):
        """The names of the items, primary first."""
        return self._problem.item_names

    @property
    def primary_count(self):
        return self._problem.primary_count

    @property
    def uses_colours(self):
        return self._problem.uses_colours

    @property
    def uses_multiplicities(self):
        return self._problem.uses_multiplicities

    def __len__(self):
        """The number of options."""
        return self._problem.option_count

    def option(self, index):
        """Option `index` (from 0, in input order) as its items, "item:colour" where coloured."""
        index = _whole("index", index)
        if index >= len(self):
            raise IndexError(f"index: {index} is not an option of the problem (it has {len(self)})")
        return self._problem.option(index)

    def text(self):
        """The problem in Knuth's format."""
        return self._problem.text()

    def __repr__(self):
        return f"<dance.Problem: {len(self.items)} items ({self.primary_count} primary), {len(self)} options>"


class Solution(list):
    """The options of one solution by index (assumed options first);
    .names gives each as its items."""

    def __init__(self, problem, options):
        super().__init__(options)
        self.problem = problem

    @property
    def names(self):
        return [self.problem.option(k) for k in self]


class Search:
    """One search of a problem, with its limits and its statistics.

    threads: workers for count() and unique()/first() (0: one a core);
        solutions() comes from one thread.
    seed: 0 keeps the input order; another permutes it reproducibly.
    nodes, seconds: limits on the whole search (per worker with threads);
        a search they stop raises Stopped.
    assume: options (by index) forced before the search; forbid: options
        taken out of it.
    hook: an object with choose(option) -> bool (False rejects the partial
        solution) and unchoose(option), called by the search for every option
        it takes and takes back: slow (a call into Python each time), for
        trying out a constraint; with threads, each worker has a copy.deepcopy.

    Ctrl-C stops the search at once with KeyboardInterrupt, whose
    .statistics and .solutions say how far it got. The GIL is released while
    the engine searches.
    """

    def __init__(self, problem, *, threads=1, seed=0, nodes=0, seconds=0.0, assume=(), forbid=(), hook=None):
        if not isinstance(problem, Problem):
            raise TypeError("Search(problem): a dance.Problem")
        self.problem = problem
        self._threads = threads
        self._search = _dance.Search(problem._problem, threads=_own("threads", "threads", threads), seed=_own("seed", "seed", seed),
                                     nodes=_own("node-limit", "nodes", nodes), seconds=_seconds(seconds),
                                     assume=_options_of(problem, "assume", assume),
                                     forbid=_options_of(problem, "forbid", forbid), hook=hook)

    @property
    def statistics(self):
        """nodes, updates, removals, solutions, max_depth, seconds of the search so far."""
        return self._search.statistics

    @property
    def outcome(self):
        """Why the last call returned: "exhausted", "solution", "solution limit", "node limit", "time limit", "interrupted"."""
        return self._search.outcome

    @property
    def variant(self):
        """The engine's algorithm and heuristics for this problem, e.g. "X with sharing" (dance --stats says it too)."""
        return self._search.variant

    def _check(self, found):
        if not self._search.complete:
            raise Stopped(self._search.outcome, found, self._search.statistics)

    def count(self, limit=0):
        """The number of solutions (or `limit`, if there are that many)."""
        found = self._search.count(_whole("limit", limit))
        self._check(found)
        return found

    def solutions(self):
        """The solutions, lazily, one thread; Stopped after the last one found if a limit stops it."""
        if self._threads != 1:
            raise ValueError("solutions() come from one thread: make the Search with threads=1")
        found = 0
        self._search.restart()  # each iteration from the first solution
        try:
            while (solution := self._search.next()) is not None:
                found += 1
                yield Solution(self.problem, solution)
            self._check(found)
        finally:  # ended, stopped or dropped: a hook sees each option taken back
            self._search.settle()

    def __iter__(self):
        return self.solutions()

    def _first(self, look_for_another):
        first, more = self._search.first(look_for_another)
        self._check(int(first is not None) + int(more))
        return (None if first is None else Solution(self.problem, first)), more

    def first(self):
        """A first solution, or None when there is none."""
        first, _ = self._first(False)
        return first

    def unique(self):
        """Whether there is exactly one solution."""
        first, more = self._first(True)
        return first is not None and not more


# Every reduction by name: dance.solve("sudoku", text), dance.count("queens", size=8), ...

_SEARCH = ("threads", "seed", "nodes", "seconds", "verify", "memo_mib")
# The engine's switches, as the command line's --memo, --tie-break, ...: "auto", "on" or "off".
_ENGINE = tuple(_dance.engine_switches)


class Answer:
    """An answer of a reduction: str() is the reduction's notation,
    _repr_svg_() its picture (a notebook shows it), .json its fields where
    the reduction writes JSON (each also an attribute: answer.vertices),
    .solution the engine's options (assumed first). .unique is set by
    solve(..., unique=True)."""

    def __init__(self, held):
        self._held = held
        self.unique = None

    @property
    def reduction(self):
        return self._held.reduction

    @property
    def solution(self):
        return self._held.solution

    def __str__(self):
        return self._held.text().rstrip("\n")

    def __repr__(self):
        return f"<dance.Answer of {self.reduction}:\n{self._held.text().rstrip()}>"

    def format(self, name):
        """The answer as the reduction writes it in format `name` ("svg", "json", "grid", ...:
        dance.reductions()[reduction]["formats"]); ValueError for a format it has not."""
        written = self._held.print_as(_text("name", name))
        if written is None:
            formats = _dance.reductions()[self.reduction]["formats"]
            raise ValueError(f"format: {self.reduction} writes {', '.join(formats)}; not {name!r}")
        return written

    def _repr_svg_(self):
        return self._held.print_as("svg")

    @property
    def json(self):
        """The answer's fields, from the reduction's JSON, or None where it writes none."""
        if not hasattr(self, "_fields"):
            import json
            text = self._held.print_as("json")
            self._fields = None if text is None else json.loads(text)
        return self._fields

    def __getattr__(self, name):
        """A field of the reduction's JSON as an attribute: answer.vertices, answer.cycle."""
        if name.startswith("_"):  # copy and pickle ask for __copy__ and the like: none here
            raise AttributeError(name)
        fields = self.json
        if fields is None or name not in fields:
            raise AttributeError(f"{self.reduction}'s answer has no field {name!r}")
        return fields[name]

    def verify(self):
        """What is wrong with the answer, by the reduction's own checker (not the engine), or None."""
        return self._held.verify()


class Puzzle:
    """A generated puzzle: str() in the family's notation (solve() reads it
    back), .solution, .clues, and _repr_svg_() where the family draws."""

    def __init__(self, reduction, generated):
        self.reduction = reduction
        self._generated = generated
        self.solution = generated.solution.rstrip("\n")
        self.clues = generated.clues
        self.attempts = generated.attempts

    def __str__(self):
        return self._generated.puzzle.rstrip("\n")

    def __repr__(self):
        return f"<dance.Puzzle of {self.reduction}, {self.clues} clues: {self}>"

    def _repr_svg_(self):
        return self._generated.svg or None


class Check:
    """What check() found: verdict "unique", "multiple" or "none", and the first answer (or None)."""

    def __init__(self, verdict, answer):
        self.verdict, self.answer = verdict, answer

    def __repr__(self):
        return f"<dance.Check: {self.verdict}>"


# Each keyword's type; its range and the rules between them are the driver's
# (dance/request.hpp: validate), as for the command line and dance serve.
_CHECKS = {"threads": lambda v: _own("threads", "threads", v), "seed": lambda v: _own("seed", "seed", v),
           "nodes": lambda v: _own("node-limit", "nodes", v), "seconds": _number, "verify": lambda v: _flag("verify", v),
           "memo_mib": lambda v: _own("memo-mib", "memo_mib", v)}


def _split(kwargs):
    search = {k: _CHECKS[k](kwargs.pop(k)) for k in _SEARCH if k in kwargs}
    engine = {k: _text(k, kwargs.pop(k)) for k in _ENGINE if k in kwargs}
    if engine:
        search["engine"] = engine
    return search, kwargs


def _runs(name, text, kwargs):
    """The Run of each instance of the text, as they are read."""
    if isinstance(name, Problem):
        raise TypeError("a dance.Problem is searched by dance.first, count, solutions and unique; "
                        "solve and check take a reduction's name (dance.reductions() lists them)")
    if not isinstance(name, str):
        raise TypeError("a reduction's name (dance.reductions() lists them), or a dance.Problem")
    search, options = _split(dict(kwargs))
    reading = _dance.Reading(name, _text("text", text), options, **search)
    while (run := reading.next()) is not None:
        yield run


def _one(name, text, kwargs):
    """The Run of the one instance of the text."""
    runs = _runs(name, text, kwargs)
    run = next(runs, None)
    if run is None:
        raise ValueError(f"no {name} instance in the text")
    if next(runs, None) is not None:
        raise ValueError(f"the text holds more than one {name} instance: solve_each() answers each")
    return run


def _check_run(run, found):
    if not run.complete:
        raise Stopped(run.outcome, found, run.statistics)


def _solve_run(run, unique):
    first, more = run.first(_flag("unique", unique))
    answer = None if first is None else Answer(first)
    if not run.complete:
        raise Stopped(run.outcome, int(first is not None) + int(more), run.statistics, answer)
    if answer is not None and unique:
        answer.unique = not more
    return answer


def solve(name, text="", *, unique=False, **kwargs):
    """A first answer of the reduction `name` for the one instance in `text`
    (the best one for clique --max and the like), or None when there is
    none; with unique=True, answer.unique says whether it is the only one.

    Keyword arguments: threads, seed, nodes, seconds (limits: Stopped),
    verify (default True: every answer checked by the reduction's own
    verifier), the engine's switches (memo, learning, sharing, ring,
    tie_break, probing, pair_rule: "auto", "on" or "off", as dance's --memo,
    --tie-break, ...), memo_mib (the memo's table at most, in MiB, as
    --memo-mib), and the reduction's own options: knight="6x6", closed=True,
    box="3x3", size=8 (dance.reductions() lists them).
    """
    return _solve_run(_one(name, text, kwargs), unique)


def solve_each(name, text, *, unique=False, **kwargs):
    """solve() for each instance of a batch (a file of sudoku, a line each), lazily."""
    for run in _runs(name, text, kwargs):
        yield _solve_run(run, unique)


def check(name, text="", **kwargs):
    """Whether the instance has one answer: Check(verdict, answer), verdict "unique", "multiple" or "none"."""
    answer = solve(name, text, unique=True, **kwargs)
    if answer is None:
        return Check("none", None)
    return Check("unique" if answer.unique else "multiple", answer)


def emit(name, text="", **options):
    """The instance as an exact cover problem in Knuth's format (its clues forced)."""
    if not isinstance(name, str):
        raise TypeError("a reduction's name (dance.reductions() lists them)")
    return _dance.Reading(name, _text("text", text), options).emit()


def problem(name, text="", **options):
    """The instance as a dance.Problem (its clues forced)."""
    return Problem.from_text(emit(name, text, **options))


def generate(name, n=1, *, seed=0, difficulty=None, symmetry=None, minimal=False, clues=0, seconds=0.0, threads=1,
             **options):
    """n puzzles with one solution each (dance generate): a list of Puzzle.

    seed: puzzle i of a seed is always the same; difficulty: easy, medium,
    hard or fiendish; symmetry: rot180, rot90, mirror, diagonal; minimal:
    no clue can go; clues: exactly that many; seconds: a time limit per
    puzzle (0: none), a puzzle past it left out and Stopped raised at the
    end, with .puzzles, those made; threads: puzzles made side by side (0:
    one a core); and the family's own options (box="4x4", size="9x6",
    jigsaw=True). Ctrl-C raises KeyboardInterrupt with .puzzles, those made
    so far."""
    _text("name", name)
    n, seed = _own("n", "n", n), _own("seed", "seed", seed)
    clues, threads = _own("clues", "clues", clues), _own("threads", "threads", threads)
    difficulty = None if difficulty is None else _text("difficulty", difficulty)
    symmetry = "" if symmetry is None else _text("symmetry", symmetry)
    try:
        made, timed_out = _dance.generate(name, n, seed, difficulty, symmetry, _flag("minimal", minimal), clues,
                                          _number(seconds), threads, options)
    except KeyboardInterrupt as interrupt:
        interrupt.puzzles = [Puzzle(name, g) for g in getattr(interrupt, "puzzles", [])]
        raise
    puzzles = [Puzzle(name, g) for g in made]
    if timed_out:
        stopped = Stopped("time limit", len(puzzles), None)
        stopped.puzzles = puzzles
        raise stopped
    return puzzles


def reductions():
    """Every reduction by name: its summary, its own options (name, kind,
    argument, help; range or choices) and whether it generates puzzles."""
    return _dance.reductions()


def _problem_or_run(what, text, kwargs):
    if isinstance(what, Problem):
        if text:
            raise TypeError("a dance.Problem takes no text")
        return None
    return _one(what, text, kwargs)


def count(what, text="", *, limit=0, **kwargs):
    """The number of solutions of a dance.Problem, or of the one instance of
    a reduction: count("queens", size=8), count("hamilton", knight="6x6",
    closed=True, threads=2). Up to `limit` if given. A limit (nodes,
    seconds) that stops the count raises Stopped with the count so far."""
    run = _problem_or_run(what, text, kwargs)
    if run is None:
        return Search(what, **kwargs).count(limit)
    found = run.count(_whole("limit", limit))
    _check_run(run, found)
    return found


def solutions(what, text="", **kwargs):
    """The solutions of a dance.Problem (Solution), or the answers of a
    reduction's instance (Answer), lazily, from one thread."""
    run = _problem_or_run(what, text, kwargs)
    if run is None:
        return Search(what, **kwargs).solutions()
    return _answers(run)


def _answers(run):
    found = 0
    try:
        while (answer := run.next()) is not None:
            found += 1
            yield Answer(answer)
    finally:  # ended or dropped: the run's thread stopped now, not when the generator is collected
        run.close()
    _check_run(run, found)


def sample(name, text="", n=1, **kwargs):
    """`n` answers of the one instance of the reduction `name`, drawn
    uniformly at random among all its answers, with replacement, as
    dance solve --sample N: seed=S makes the draws repeatable, e.g.
    sample("queens", size=8, n=5, seed=4). Drawn down the memo's counts, so
    not for a reduction with a global constraint (hamilton, range, path
    puzzles). Keyword arguments as solve()'s."""
    run = _one(name, text, kwargs)
    answers = run.sample(_whole("n", n, least=1))
    _check_run(run, len(answers))
    return [Answer(answer) for answer in answers]


def first(what, text="", **kwargs):
    """A first solution of a dance.Problem, or a first answer of a reduction's instance; None when there is none."""
    if isinstance(what, Problem):
        return Search(what, **kwargs).first()
    return solve(what, text, **kwargs)


def unique(what, text="", **kwargs):
    """Whether a dance.Problem, or a reduction's instance, has exactly one solution."""
    if isinstance(what, Problem):
        return Search(what, **kwargs).unique()
    return check(what, text, **kwargs).verdict == "unique"


__all__ += ["Answer", "Puzzle", "Check", "solve", "solve_each", "check", "sample", "emit", "problem", "generate",
            "reductions"]


# Reductions written in Python (docs/python.md).

class Encoding:
    """What a Python reduction's encode() may return instead of a bare
    Problem: options to assume (a puzzle's clues) and a hook."""

    def __init__(self, problem, assume=(), hook=None):
        if not isinstance(problem, Problem):
            raise TypeError(f"Encoding(problem): a dance.Problem, not {type(problem).__name__}")
        for method in ("choose", "unchoose"):
            if hook is not None and not callable(getattr(hook, method, None)):
                raise TypeError(f"hook: an object with a method {method}(option)")
        self.problem, self.assume, self.hook = problem, _options_of(problem, "assume", assume), hook


def register(reduction):
    """Adds a reduction written in Python, which then runs by its name as the
    built-in ones do: solve, count (threads too), solutions, check, emit.

    It has `name` (and `summary`, and `options`: {name: bool, int or str}),
    and the methods
        read(text, **options) -> instance  (raise ParseError for bad text)
        encode(instance) -> Problem or Encoding
        decode(instance, solution) -> answer  (solution: option indices, assumed first)
        verify(instance, answer) -> None, or what is wrong (without the engine)
        print(instance, answer) -> str  (optional: str(answer) otherwise)
    What they raise reaches the caller unchanged. Registering a name again
    replaces the reduction for instances read from then on (a notebook's
    cell run twice): answers already made keep the one that made them. A
    built-in's name is a ValueError. Returns the reduction."""
    if isinstance(reduction, type):
        raise TypeError(f"register an instance: {reduction.__name__}(), not the class")
    name = getattr(reduction, "name", None)
    if not isinstance(name, str):
        raise TypeError(f"a reduction's name is a str, not {name!r}")
    if not _re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_-]*", name):
        raise ValueError(f"name: {name!r} is not a word of letters, digits, '-' and '_'")
    options = getattr(reduction, "options", {})
    if not isinstance(options, dict):
        raise TypeError("options: a dict of option names to bool, int or str")
    for option, kind in options.items():
        if not isinstance(option, str) or not _re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*", option):
            raise ValueError(f"options: {option!r} is not a name of letters, digits and '_' (a keyword argument)")
        if option in _TAKEN:
            raise ValueError(f"options: {option!r} is taken by dance's own keyword arguments ({', '.join(sorted(_TAKEN))})")
        if kind not in (bool, int, str):
            raise TypeError(f"options: {option} is bool, int or str, not {kind!r}")
    _dance.register(reduction)
    return reduction


# The keyword arguments of solve(), count(), solutions() and check() besides a reduction's own options.
_TAKEN = frozenset(_SEARCH) | frozenset(_ENGINE) | {"unique", "limit", "text", "name", "what"}


import atexit as _atexit  # noqa: E402

_atexit.register(_dance._at_exit)

__all__ += ["Encoding", "register"]
