#!/usr/bin/env bash
# MPI tests: `mpirun -np 2 dance count ...` on this host gives the count of
# one process, and fails loudly, printing no count, when a rank dies.
# usage: mpi_test.sh DANCE MPIEXEC TEST_DATA_DIR DATA_DIR (tests/data, then data)
set -u
dance=$1 mpiexec=$2 data=$3 inputs=$4
. "$(dirname "$0")/expect.sh"
# Under AddressSanitizer: Open MPI's own memory, kept till exit, is not a leak
# of dance's (full stacks, so that the suppressions see Open MPI's frames).
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}fast_unwind_on_malloc=0"
export LSAN_OPTIONS="suppressions=$(dirname "$0")/mpi_leaks.supp"
mpirun() { "$mpiexec" --allow-run-as-root --oversubscribe -np 2 "$@"; }

# known counts (data/xcc/expected.tsv), also with two threads per rank
expect 0 '^1$' '' -- mpirun "$dance" count xcc "$data/knuth_toy.dlx"
expect 0 '^35584$' '' -- mpirun "$dance" count xcc "$inputs/xcc/langford11.dlx"
expect 0 '^724$' '' -- mpirun "$dance" count xcc "$inputs/xcc/queens10.dlx" -j 2
expect 0 '^9356$' '' -- mpirun "$dance" count xcc "$inputs/xcc/pentomino6x10.dlx"
expect 0 '^2040$' '' -- mpirun "$dance" count xcc "$inputs/xcc/rowcol2_5.dlx" --seed 5
STDIN="$inputs/xcc/langford8.dlx" expect 0 '^300$' '' -- mpirun "$dance" count xcc
expect 0 '^35584$' '' -- "$mpiexec" --allow-run-as-root --oversubscribe -np 3 "$dance" count xcc "$inputs/xcc/langford11.dlx" -j 2
expect 0 '' 'rank 1: nodes [1-9]' -- mpirun "$dance" count xcc "$inputs/xcc/pentomino6x10.dlx" --stats

# the same counts as one process, for reductions with hooks and assumptions
same() {
  local one
  one=$("$dance" "$@" <"${STDIN:-/dev/null}")
  expect 0 "^$one\$" '' -- mpirun "$dance" "$@"
}
same count hamilton --knight 5x6
same count hamilton --knight 6x6 --closed -j 2
same count queens --size 9
printf '9x6:f3m9b9a6_8_12_11a8b9m11f\n' >"$tmp/range.ids"
STDIN="$tmp/range.ids" same count range
head -1 "$data/sudoku_batch.txt" >"$tmp/sudoku.txt"
STDIN="$tmp/sudoku.txt" same count sudoku

# parts from split, handed out by rank 0
"$dance" split xcc "$inputs/xcc/langford11.dlx" --depth 2 >"$tmp/parts"
same count xcc "$inputs/xcc/langford11.dlx" --resume "$tmp/parts:3-40"

# what does not go: a loud error, exit 2 (or 3 when stopped), no count printed
expect 2 '^$' 'counts only' -- mpirun "$dance" solve xcc "$inputs/xcc/langford8.dlx"
expect 2 '^$' 'cannot open' -- mpirun "$dance" count xcc "$tmp/missing.dlx"
expect 2 '' 'takes one problem' -- mpirun "$dance" count sudoku "$data/sudoku_batch.txt"
expect 2 '' "cannot open '$tmp/missing'" -- mpirun "$dance" count xcc "$inputs/xcc/langford11.dlx" --resume "$tmp/missing"
expect 2 '' 'split from another problem' -- mpirun "$dance" count xcc "$inputs/xcc/langford8.dlx" --resume "$tmp/parts"
expect 3 '^[0-9]+$' 'lower bound' -- mpirun "$dance" count xcc "$inputs/xcc/langford11.dlx" --node-limit 1000

# a rank killed in the middle of the search: mpirun fails, and no count is printed
# (Open MPI says "signal 9", or, when rank 0 ends first on a loaded machine, "returned a non-zero exit code")
expect 137 '^$' 'signal 9|returned a non-zero exit code' -- "$mpiexec" --allow-run-as-root --oversubscribe -np 2 sh -c \
  'if [ "$OMPI_COMM_WORLD_RANK" = 1 ]; then (sleep 0.5; kill -9 $$) & fi; exec "$0" count xcc "$1"' \
  "$dance" "$inputs/xcc/pentomino6x10.dlx"

summary
