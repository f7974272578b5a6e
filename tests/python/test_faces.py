"""The same request through the three faces of dance (the command line,
dance serve's API, Python) gets the same answer, and the same error code:
each only translates into the driver's Request (dance/request.hpp)."""
import json
import re
import subprocess
import urllib.error
import urllib.request

import pytest

import dance
from conftest import DATA, EXECUTABLE, run_dance

SUDOKU = (DATA / "sudoku" / "sudoku17.txt").read_text().splitlines()[0] + "\n"
TWO_SOLUTIONS = "." + SUDOKU[1:].replace("1", ".", 1)  # a clue fewer: more than one answer
UNREADABLE = SUDOKU[:4] + "%" + SUDOKU[5:]  # line 1, column 5
ROW_OF_SIXTEEN = " ".join(str(v) for v in range(1, 17)) + "\n"  # read as a 4x4 puzzle: 5 is out of range


@pytest.fixture(scope="module")
def api():
    """POST /api/NAME with a JSON body on a `dance serve` of its own: (HTTP status, body)."""
    server = subprocess.Popen([EXECUTABLE, "serve", "--port", "0", "-t", "20"], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True)
    try:
        port = re.search(r":(\d+)/", server.stdout.readline()).group(1)

        def post(endpoint, body):
            request = urllib.request.Request(f"http://127.0.0.1:{port}/api/{endpoint}", data=json.dumps(body).encode(),
                                             headers={"Content-Type": "application/json"})
            try:
                with urllib.request.urlopen(request, timeout=60) as answer:
                    return answer.status, json.loads(answer.read())
            except urllib.error.HTTPError as refused:
                return refused.code, json.loads(refused.read())

        yield post
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_a_sudoku_solved_alike(api):
    status, out, _ = run_dance("solve", "sudoku", stdin=SUDOKU)
    http, body = api("solve", {"reduction": "sudoku", "text": SUDOKU})
    answer = dance.solve("sudoku", SUDOKU)
    assert (status, http) == (0, 200)
    assert out.strip() == body["output"].strip() == str(answer)
    assert body["answers"] == [{"instance": 1, "answer": answer.json}]  # each answer once: its value, its text in output
    assert answer.verify() is None


def test_a_count_alike(api):
    status, out, _ = run_dance("count", "queens", "--size", "6", stdin="")
    http, body = api("solve", {"reduction": "queens", "text": "", "options": {"size": 6}, "count": True})
    assert (status, http) == (0, 200)
    assert int(out) == body["counts"][0] == dance.count("queens", size=6) == 4


def test_the_memo_on_refused_with_threads():
    with pytest.raises(ValueError, match="memo= on counts in one thread") as refused:
        dance.count("queens", "6\n", memo="on", threads=2)
    assert refused.value.code == "bad_option"


def test_a_sample_alike(api):
    """--sample N, the API's sample and dance.sample(n=N) draw the same answers from the same seed."""
    status, out, _ = run_dance("solve", "queens", "--size", "8", "--sample", "5", "--seed", "4", stdin="")
    http, body = api("solve", {"reduction": "queens", "text": "", "options": {"size": 8}, "sample": 5, "seed": 4})
    drawn = dance.sample("queens", size=8, n=5, seed=4)
    assert (status, http) == (0, 200)
    assert all(answer.verify() is None for answer in drawn)
    texts = [str(answer).strip() for answer in drawn]
    assert len(texts) == 5 and len(set(texts)) > 1  # five draws among 92, not one answer five times
    assert [answer["answer"] for answer in body["answers"]] == [answer.json for answer in drawn]
    assert body["output"].split() == " ".join(texts).split()
    assert out.split() == " ".join(texts).split()  # the same boards, in the same order
    assert [str(a) for a in dance.sample("queens", size=8, n=5, seed=5)] != [str(a) for a in drawn]


@pytest.mark.parametrize("text, verdict", [(SUDOKU, "unique"), (TWO_SOLUTIONS, "multiple")])
def test_a_check_alike(api, text, verdict):
    _, out, _ = run_dance("solve", "sudoku", "--unique", stdin=text)
    http, body = api("check", {"reduction": "sudoku", "text": text})
    assert http == 200
    assert out.split()[0] == body["verdict"] == dance.check("sudoku", text).verdict == verdict


# Each wrong request: the command line's arguments, the API's endpoint and
# body, Python's call; the code all three give, and each face's words for
# the option at fault.
WRONG = [
    pytest.param(["solve", "hamilton", "--path", "--from", "a", "--to", "zz"], "a b\nb c\n",
                 ("solve", {"reduction": "hamilton", "text": "a b\nb c\n",
                            "options": {"path": True, "from": "a", "to": "zz"}}),
                 lambda: dance.solve("hamilton", "a b\nb c\n", path=True, from_="a", to="zz"),
                 "bad_option", ("--to names", "options.to names", "to= names"), id="a reduction's option"),
    pytest.param(["solve", "sudoku", "--memo", "sometimes"], SUDOKU,
                 ("solve", {"reduction": "sudoku", "text": SUDOKU, "memo": "sometimes"}),
                 lambda: dance.solve("sudoku", SUDOKU, memo="sometimes"),
                 "bad_option", ("--memo is auto, on or off", "memo is auto, on or off", "memo= is auto, on or off"),
                 id="an engine switch (validate)"),
    pytest.param(["solve", "clique"], "a b\n",
                 ("solve", {"reduction": "clique", "text": "a b\n"}),
                 lambda: dance.solve("clique", "a b\n"),
                 "bad_option", ("needs either -k (the size sought) or --max", "needs either options.k (the size sought) or options.max",
                                "needs either k= (the size sought) or max="), id="clique without -k"),
    pytest.param(["solve", "clique", "--max", "-n", "2"], "a b\n",
                 ("solve", {"reduction": "clique", "text": "a b\n", "options": {"max": True}, "solutions": 2}),
                 lambda: dance.count("clique", "a b\n", max=True),
                 "bad_option", ("; -n 2 does not apply", "; solutions 2 does not apply",
                                ": solve(), not count()"), id="an optimum with more than one answer"),
    pytest.param(["solve", "sudoku", "--size", "7"], SUDOKU,
                 ("solve", {"reduction": "sudoku", "text": SUDOKU, "options": {"size": 7}}),
                 lambda: dance.solve("sudoku", SUDOKU, size=7),
                 "bad_option", ("; use --box 1x7", "; use options.box 1x7", "; use box= 1x7"), id="a size without boxes"),
    pytest.param(["solve", "sudoku"], "1" * 49 + "\n",
                 ("solve", {"reduction": "sudoku", "text": "1" * 49 + "\n"}),
                 lambda: dance.solve("sudoku", "1" * 49 + "\n"),
                 "parse_error", ("use --box 1x7, or --jigsaw with", "use options.box 1x7, or options.jigsaw with",
                                 "use box= 1x7, or jigsaw= with"), id="a parse error's hint"),
    pytest.param(["solve", "sudoku"], ROW_OF_SIXTEEN,
                 ("solve", {"reduction": "sudoku", "text": ROW_OF_SIXTEEN}),
                 lambda: dance.solve("sudoku", ROW_OF_SIXTEEN),
                 "parse_error", ("grid, give --box 4x4)", "grid, give options.box 4x4)", "grid, give box= 4x4)"),
                 id="a parse error's hint of a grid row"),
    pytest.param(["generate", "clique", "-k", "5", "--max"], "",
                 ("generate", {"puzzle": "clique", "options": {"k": 5, "max": True}}),
                 lambda: dance.generate("clique", k=5, max=True),
                 "bad_option", ("--max is an option of solve", "options.max is an option of solve", "max= is an option of solve"),
                 id="generate clique --max"),
    pytest.param(["generate", "clique", "-k", "5", "--symmetry", "rot180"], "",
                 ("generate", {"puzzle": "clique", "options": {"k": 5}, "symmetry": "rot180"}),
                 lambda: dance.generate("clique", k=5, symmetry="rot180"),
                 "bad_option", ("have no --symmetry", "have no symmetry", "have no symmetry="), id="clique's symmetry"),
    pytest.param(["generate", "clique"], "",
                 ("generate", {"puzzle": "clique"}),
                 lambda: dance.generate("clique"),
                 "bad_option", ("needs -k, the size", "needs options.k, the size", "needs k=, the size"), id="generate clique without -k"),
    pytest.param(["generate", "range", "--symmetry", "rot90"], "",
                 ("generate", {"puzzle": "range", "symmetry": "rot90"}),
                 lambda: dance.generate("range", symmetry="rot90"),
                 "bad_option", ("take --symmetry none", "take symmetry none", "take symmetry= none"),
                 id="a symmetry the puzzles have not"),
    pytest.param(["generate", "clique", "-k", "5", "--difficulty", "easy"], "",
                 ("generate", {"puzzle": "clique", "options": {"k": 5}, "difficulty": "easy"}),
                 lambda: dance.generate("clique", k=5, difficulty="easy"),
                 "bad_option", ("--difficulty: clique puzzles", "difficulty: clique puzzles", "difficulty=: clique puzzles"),
                 id="check_options"),
    pytest.param(["generate", "sudoku", "--clues", "10"], "",
                 ("generate", {"puzzle": "sudoku", "clues": 10}),
                 lambda: dance.generate("sudoku", clues=10),
                 "bad_option", ("(--clues 10)", "(clues 10)", "(clues= 10)"), id="a generator's GenerateError"),
    pytest.param(["solve", "nope"], "",
                 ("solve", {"reduction": "nope", "text": ""}),
                 lambda: dance.solve("nope", ""),
                 "unknown_reduction", ("'nope'", "'nope'", "'nope'"), id="an unknown reduction"),
    pytest.param(["solve", "sudoku"], UNREADABLE,
                 ("solve", {"reduction": "sudoku", "text": UNREADABLE}),
                 lambda: dance.solve("sudoku", UNREADABLE),
                 "parse_error", ("line 1, column 5",) * 3, id="a parse error"),
    pytest.param(["solve", "sudoku", "--node-limit", "-1"], SUDOKU,
                 ("solve", {"reduction": "sudoku", "text": SUDOKU, "node_limit": -1}),
                 lambda: dance.solve("sudoku", SUDOKU, nodes=-1),
                 "bad_option", ("--node-limit takes a whole number", "\"node_limit\" must be a whole number from 0",
                                "nodes= must be at least 0"), id="a whole number below its range"),
]


@pytest.mark.parametrize("args, stdin, request_, call, code, words", WRONG)
def test_a_wrong_request_fails_alike(api, args, stdin, request_, call, code, words):
    status, _, err = run_dance(*args, stdin=stdin)
    assert status == 2 and words[0] in err
    http, body = api(*request_)
    assert http == 400 and body["code"] == code and words[1] in body["error"]
    with pytest.raises((ValueError, dance.GenerateError)) as raised:  # GenerateError: the generator cannot
        call()
    assert raised.value.code == code and words[2] in str(raised.value)


SIXTEEN = (DATA / "sudoku" / "vu_kr_16x16_100.txt").read_text().splitlines()[0] + "\n"


def engine_line(log):
    return next(line for line in log.splitlines() if "engine: algorithm" in line)


def test_the_engine_switches_reach_the_engine_from_each_face(api):
    # A 16x16 sudoku: the ring and the tie-break are on by themselves; each face turns them off.
    _, out, err = run_dance("solve", "sudoku", "--stats", stdin=SIXTEEN)
    _, out_off, err_off = run_dance("solve", "sudoku", "--stats", "--ring", "off", "--tie-break", "off", stdin=SIXTEEN)
    assert "ring" in engine_line(err) and "tie-break" in engine_line(err)
    assert "ring" not in engine_line(err_off) and "tie-break" not in engine_line(err_off)
    _, body = api("solve", {"reduction": "sudoku", "text": SIXTEEN, "stats": True, "ring": "off", "tie_break": "off"})
    assert engine_line(body["log"]) == engine_line(err_off).removeprefix("dance: ")
    answer = dance.solve("sudoku", SIXTEEN, ring="off", tie_break="off")
    assert out == out_off == body["output"] and str(answer) == out.strip()
    nodes = re.search(r"nodes (\d+)", err_off).group(1)  # Python's search is the command line's, node for node
    run = dance._one("sudoku", SIXTEEN, {"ring": "off", "tie_break": "off"})
    run.first(False)
    assert run.statistics.nodes == int(nodes) != int(re.search(r"nodes (\d+)", err).group(1))
    with pytest.raises(ValueError) as raised:
        dance.solve("sudoku", SIXTEEN, tie_break="sometimes")
    assert raised.value.code == "bad_option" and "tie_break= is auto, on or off" in str(raised.value)


@pytest.mark.parametrize("value", [-1, 0, 2**24 + 1, 2**64])
def test_python_s_whole_numbers_are_refused_in_validate_s_words(value):
    # One check (the driver's outside_range) for a value a field holds and one it cannot (-1, 2**64),
    # in the command line's words but for the option's name. (dance serve has bounds of its own: a
    # request's memory.)
    if 0 <= value < 2**64:
        status, _, err = run_dance("count", "queens", "--size", "4", "--memo-mib", str(value), stdin="")
        assert status == 2 and "--memo-mib is from 1 to 16777216\n" in err
    with pytest.raises(ValueError, match=r"^memo_mib= is from 1 to 16777216$") as raised:
        dance.count("queens", size=4, memo_mib=value)
    assert raised.value.code == "bad_option"
    with pytest.raises(ValueError, match=r"^threads= is from 0 to 1024$"):
        dance.generate("sudoku", threads=-1 if value < 1 else 2**64)
