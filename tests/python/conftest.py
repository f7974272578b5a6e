"""What the Python tests share: the dance command beside the module (for
counts by the C++ path to compare with) and the data folders. ctest sets
DANCE_EXECUTABLE, DANCE_DATA_DIR, DANCE_SOURCE_DIR and PYTHONPATH."""
import os
import pathlib
import subprocess

import pytest

SOURCE = pathlib.Path(os.environ.get("DANCE_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))
DATA = pathlib.Path(os.environ.get("DANCE_DATA_DIR", SOURCE / "data"))
EXECUTABLE = os.environ.get("DANCE_EXECUTABLE", str(SOURCE / "build" / "cli" / "dance"))


def run_dance(*args, stdin=None):
    """`dance ARGS...`: (exit status, stdout, stderr)."""
    done = subprocess.run([EXECUTABLE, *args], input=stdin, capture_output=True, text=True, timeout=600)
    return done.returncode, done.stdout, done.stderr


@pytest.fixture
def xcc():
    """The text of data/xcc/NAME."""
    return lambda name: (DATA / "xcc" / name).read_text()
