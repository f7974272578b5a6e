#!/usr/bin/env bash
# Every command line of the shell tests (tests/cli/*.sh) run by two builds of
# dance, their status, stdout and stderr side by side: prints the differences.
# usage: same_output.sh OLD_DANCE NEW_DANCE [AREA...]   (from the repository's root)
# Left out: serve (ports, timing) and interrupt (signals, timing).
set -u
old=$1 new=$2
shift 2
root=$(cd "$(dirname "$0")/../.." && pwd)
areas=("$@")
[ ${#areas[@]} -eq 0 ] && areas=(basics clique emit formats generate hamilton input path_puzzles pictures queens_polyomino range split sudoku)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for build in old new; do
  for area in "${areas[@]}"; do
    RECORD="$out/$build.$area" bash "$root/tests/cli/$area.sh" "${!build}" "$root/tests/data" "$root/data" >/dev/null 2>&1
  done
done
# Wall time is no output to compare: --stats' seconds are masked (a count
# under -t still differs from run to run, and shows as a difference).
sed -i -E 's/seconds [0-9.e-]+/seconds S/g' "$out"/old.* "$out"/new.*
lines=0 differ=0
for area in "${areas[@]}"; do
  lines=$((lines + $(grep -c '^\$ ' "$out/old.$area")))
  if ! diff -u --label "old $area" --label "new $area" "$out/old.$area" "$out/new.$area"; then differ=$((differ + 1)); fi
done
echo "$lines command lines in ${#areas[@]} areas; $differ areas differ"
[ "$differ" -eq 0 ]
