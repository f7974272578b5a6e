"""The examples (examples/python/) run as a user runs them, writing no
file where they are run, and
docs/python.md quotes them exactly: every ```python block after a
"<!-- from: PATH -->" line appears, character for character, in that file."""
import os
import subprocess
import sys

import pytest

from conftest import SOURCE

EXAMPLES = SOURCE / "examples" / "python"


def run_example(name, *args, cwd):
    done = subprocess.run([sys.executable, str(EXAMPLES / name), *args], capture_output=True, text=True, cwd=cwd,
                          timeout=600, env=dict(os.environ))
    assert done.returncode == 0, done.stderr
    assert list(cwd.iterdir()) == [], f"{name} wrote files where it was run"
    return done.stdout


def test_sudoku(tmp_path):
    out = run_example("sudoku.py", cwd=tmp_path).splitlines()
    assert out[0] == "468931527751624839392578461134756298289413675675289314846192753513867942927345186"
    assert out[1] == "unique: True"
    assert any(line.startswith("picture: ") and line.endswith(" bytes of SVG") for line in out)
    assert [line.split()[1] for line in out[-2:]] == ["unique", "unique"]


def test_pentominoes(tmp_path):
    out = run_example("pentominoes.py", cwd=tmp_path)
    assert out.startswith("9356 packings\n") and "\n9356 packings, Statistics(" in out


def test_langford(tmp_path):
    out = run_example("langford.py", "4", cwd=tmp_path).splitlines()
    assert sorted(out[:-1]) == ["2 3 4 2 1 3 1 4", "4 1 3 1 2 4 3 2"]
    assert out[-1] == "2 Langford sequences of order 4 (each and its reversal)"
    assert run_example("langford.py", cwd=tmp_path).splitlines()[-1].startswith("52 ")


def test_latin(tmp_path):
    out = run_example("latin.py", cwd=tmp_path)
    assert out.startswith("132\n321\n213\nunique: True\n")


def test_the_guide_quotes_the_examples():
    guide = (SOURCE / "docs" / "python.md").read_text().splitlines()
    checked, source = 0, None
    lines = iter(guide)
    for line in lines:
        if line.startswith("<!-- from: "):
            source = line[len("<!-- from: "):line.index(" -->")]
        elif line == "```python" and source:
            block = ""
            for inner in lines:
                if inner == "```":
                    break
                block += inner + "\n"
            assert block in (SOURCE / source).read_text(), f"a block of docs/python.md is not in {source}:\n{block}"
            checked += 1
            source = None
    assert checked >= 5
