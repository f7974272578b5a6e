"""The Python module dance, built by the project's own CMake (python/):
pip install --no-build-isolation . (docs/python.md). The version is the
project's, from CMakeLists.txt, as `dance --version` prints it."""
import os
import pathlib
import re
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = pathlib.Path(__file__).resolve().parent
VERSION = re.search(r"project\(dance VERSION ([0-9.]+)", (ROOT / "CMakeLists.txt").read_text()).group(1)


class CMakeBuild(build_ext):
    """Configures and builds the target dance_python in the build's temporary folder."""

    def build_extension(self, ext):
        built = pathlib.Path(self.build_temp).resolve() / "cmake"
        subprocess.check_call(["cmake", "-S", str(ROOT), "-B", str(built), "-DCMAKE_BUILD_TYPE=Release",
                               f"-DPython3_EXECUTABLE={sys.executable}", "-DDANCE_MPI=OFF"])
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", str(os.cpu_count() or 1))
        subprocess.check_call(["cmake", "--build", str(built), "--target", "dance_python", "-j", jobs])
        target = pathlib.Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(next((built / "python" / "dance").glob("_dance*.so")), target)


setup(version=VERSION, ext_modules=[Extension("dance._dance", sources=[])], cmdclass={"build_ext": CMakeBuild})
