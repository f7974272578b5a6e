#!/usr/bin/env bash
# The clique decisions as users run them, beside Cliquer: wall seconds of the
# whole command (best of three: process start, reading, encoding, search) for
# `dance solve clique -k omega` (must say yes) and `-k omega+1` (must say no)
# on every graph that expected.tsv marks `cliquer`, and of `cliquer -q -q -u`
# (Debian package cliquer; its column is empty when it is not installed).
# usage: bench/bench_clique_process.sh [DANCE [DATA_DIR]]
set -u
dance=${1:-build/cli/dance} dir=${2:-data/graphs/clique}
have_cliquer=$(command -v cliquer)

# best EXPECTED_EXIT COMMAND...: the fewest seconds of three runs; checks the exit status
wrong=0
best() {
  local want=$1 fewest="" start end status
  shift
  for _ in 1 2 3; do
    start=$(date +%s.%N)
    "$@" > /dev/null 2>&1
    status=$?
    end=$(date +%s.%N)
    [ "$want" = any ] || [ "$status" = "$want" ] || { echo "WRONG exit $status from $*" >&2; wrong=1; }
    fewest=$(awk -v a="$start" -v b="$end" -v f="$fewest" 'BEGIN { s = b - a; print (f == "" || s < f) ? s : f }')
  done
  echo "$fewest"
}

printf '%-20s %6s %10s %10s %10s\n' graph omega "k=w s" "k=w+1 s" "cliquer s"
while read -r file omega source; do
  [ "$source" = cliquer ] || continue
  yes=$(best 0 "$dance" solve clique -k "$omega" "$dir/$file")
  no=$(best 1 "$dance" solve clique -k $((omega + 1)) "$dir/$file")
  theirs=-
  [ -n "$have_cliquer" ] && theirs=$(best any cliquer -q -q -u "$dir/$file" | awk '{ printf "%.3f", $1 }')
  printf '%-20s %6s %10.3f %10.3f %10s\n' "$file" "$omega" "$yes" "$no" "$theirs"
done < <(tail -n +2 "$dir/expected.tsv")
exit $wrong
