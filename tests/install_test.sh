#!/usr/bin/env bash
# Install and package tests: `cmake --install` into a scratch prefix gives the
# command, headers, libraries, CMake package, man page and bash completion;
# examples/out-of-tree builds against it with find_package(dance) and its
# command runs its own reduction and the built-in ones; `cpack -G DEB` makes
# a package that holds the same and whose command runs.
# With PYTHON (the one the module dance was built for), the module too:
# installed in that Python's site directory under the prefix, and in the package.
# usage: install_test.sh BUILD_DIR SOURCE_DIR [PYTHON]
set -u
build=$1 source=$2 python=${3:-}
. "$(dirname "$0")/expect.sh"
prefix=$tmp/prefix
check() {  # check WHAT COMMAND...: a step that must succeed
  local what=$1
  shift
  if "$@" >"$tmp/step.log" 2>&1; then
    passed=$((passed + 1))
  else
    echo "FAIL: $what"
    tail -20 "$tmp/step.log"
    failed=$((failed + 1))
  fi
}

check "cmake --install" cmake --install "$build" --prefix "$prefix"
for file in bin/dance include/dlx/solver.hpp include/dance/reduction.hpp include/dance/generator.hpp \
  include/dance/cli.hpp lib/cmake/dance/danceConfig.cmake lib/cmake/dance/danceTargets.cmake \
  share/man/man1/dance.1 share/bash-completion/completions/dance; do
  check "installed $file" test -e "$prefix/$file"
done
expect 0 '^dance [0-9]+\.[0-9]+\.[0-9]+$' '' -- "$prefix/bin/dance" --version
expect 0 '^92$' '' -- "$prefix/bin/dance" count queens --size 8

if [ -n "$python" ]; then
  site=$(grep '^DANCE_PYTHON_INSTALL_DIR:' "$build/CMakeCache.txt" | cut -d= -f2)
  check "installed the Python module in $site" test -e "$prefix/$site/dance/__init__.py"
  PYTHONPATH=$prefix/$site expect 0 "^$("$prefix/bin/dance" --version | cut -d' ' -f2) 92\$" '' -- \
    "$python" -c 'import dance; print(dance.__version__, dance.count(dance.Problem.from_text(open("'"$source"'/data/xcc/queens8.dlx").read())))'
fi

# The man page names every option that --help does (with troff's \- for each dash).
"$prefix/bin/dance" --help | grep -o -- '--[a-z][a-z-]*' | sort -u >"$tmp/options"
: >"$tmp/unnamed"
while read -r option; do
  grep -qF -- "${option//-/\\-}" "$prefix/share/man/man1/dance.1" || echo "$option" >>"$tmp/unnamed"
done <"$tmp/options"
expect 0 '^$' '' -- cat "$tmp/unnamed"
expect 0 '' '' -- test -s "$tmp/options"

# A program of one's own: every built-in command and option, and its reduction.
check "configure examples/out-of-tree" cmake -S "$source/examples/out-of-tree" -B "$tmp/example" \
  -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release
check "build examples/out-of-tree" cmake --build "$tmp/example" -j2
mine=$tmp/example/my-dance
expect 0 '^300$' '' -- "$mine" count langford --pairs 8
expect 1 '^0$' '' -- "$mine" count langford --pairs 5
printf '3\n4\n7\n' >"$tmp/batch"
STDIN=$tmp/batch expect 0 '^52$' '' -- "$mine" count langford
expect 0 '^(2 3 1 2 1 3|3 1 2 1 3 2)$' '' -- "$mine" solve langford --pairs 3 --verify
# A batch on two threads: each answer decoded with its own encoding's placements (what encode kept).
printf '3\n4\n7\n8\n11\n' >"$tmp/sizes"
STDIN=$tmp/sizes expect 0 '^([0-9]+ ){21}[0-9]+$' '' -- "$mine" solve langford -j 2 --verify
expect 0 '^52$' '' -- "$mine" count langford --pairs 7 -j 2 --stats
expect 0 '^4$' '' -- "$mine" count queens --size 6
expect 0 'langford' '' -- "$mine" list
# It speaks in its own name: messages, usage, --version.
expect 0 '^my-dance \(dance [0-9.]+\)$' '' -- "$mine" --version
expect 2 '' "^my-dance: unknown reduction 'nosuch'" -- "$mine" solve nosuch
expect 0 '^  my-dance solve REDUCTION' '' -- "$mine" --help
expect 0 'Options of langford' '' -- "$mine" --help
expect 2 '' 'not an option of queens' -- "$mine" count queens --size 6 --pairs 3
expect 2 '' 'line 1, column 1' -- "$mine" count langford "$(printf 'x\n' >"$tmp/bad"; echo "$tmp/bad")"
emitted=$tmp/langford8.dlx
"$mine" emit langford --pairs 8 >"$emitted"
expect 0 '^300$' '' -- "$prefix/bin/dance" count xcc "$emitted"

# Bash completion: commands, reductions (from dance list), options (from dance --help).
complete_words() {  # complete_words WORD... : what completing the last word offers
  ( PATH=$prefix/bin:$PATH
    . "$prefix/share/bash-completion/completions/dance"
    COMP_WORDS=("$@")
    COMP_CWORD=$(($# - 1))
    _dance
    printf '%s\n' "${COMPREPLY[@]}" )
}
complete_words dance so >"$tmp/c1"
expect 0 '^solve$' '' -- cat "$tmp/c1"
complete_words dance count su >"$tmp/c2"
expect 0 '^sudoku$' '' -- cat "$tmp/c2"
complete_words dance count sudoku --pro >"$tmp/c3"
expect 0 '^--progress$' '' -- cat "$tmp/c3"
complete_words dance se >"$tmp/c4"
expect 0 '^serve$' '' -- cat "$tmp/c4"
complete_words dance serve --po >"$tmp/c5"
expect 0 '^--port$' '' -- cat "$tmp/c5"

# The Debian package.
check "cpack -G DEB" cpack -G DEB --config "$build/CPackConfig.cmake" -B "$tmp/package"
deb=$(ls "$tmp"/package/*.deb 2>/dev/null | head -1)
dpkg -c "$deb" >"$tmp/contents" 2>&1
for file in usr/bin/dance usr/include/dlx/solver.hpp usr/include/dance/cli.hpp 'usr/lib/.*cmake/dance/danceConfig.cmake' \
  usr/share/man/man1/dance.1 usr/share/bash-completion/completions/dance; do
  expect 0 "\./$file\$" '' -- cat "$tmp/contents"
done
check "dpkg -x" dpkg -x "$deb" "$tmp/unpacked"
expect 0 '^dance [0-9.]+$' '' -- "$tmp/unpacked/usr/bin/dance" --version
expect 0 '^a d f$' '' -- "$tmp/unpacked/usr/bin/dance" solve xcc "$source/tests/data/knuth_toy.dlx"
if [ -n "$python" ]; then
  expect 0 "\./usr/$site/dance/_dance.*\.so\$" '' -- cat "$tmp/contents"
fi
summary
