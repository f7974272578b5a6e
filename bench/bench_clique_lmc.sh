#!/usr/bin/env bash
# clique --max of two builds beside LMC (Jiang, Li and Manyà, ECAI 2016):
# processor seconds (user + sys) of each whole command, the least of three
# runs, with the nodes of each --max (--stats) and LMC's own total and
# search tree. LMC is not a dependency: build it from its public source for
# the bench (LMC.c, e.g. in github.com/leclauss/clique-motif under
# algorithms/clique/lmc: gcc -O3 LMC.c -o LMC). Each answer must have as
# many vertices as LMC's (WRONG on stderr otherwise); a command stopped by
# the time limit shows as '>' the limit. Processor time, not wall time: on a
# shared machine it drifts the least.
# usage: bench/bench_clique_lmc.sh OLD_DANCE NEW_DANCE LMC SECONDS GRAPH...
#   e.g. bench/bench_clique_lmc.sh /tmp/dance-old build/cli/dance /tmp/LMC 120 data/graphs/clique/C125.9.clq
set -u
old=$1 new=$2 lmc=$3 limit=$4
shift 4

# least COMMAND...: the fewest processor seconds of three runs, '>limit' when stopped
times=$(mktemp)
trap 'rm -f "$times"' EXIT
least() {
  local fewest=""
  for _ in 1 2 3; do
    /usr/bin/time -f '%U %S' -o "$times" timeout "$limit" "$@" > /dev/null 2>&1
    [ $? = 124 ] && { echo ">$limit"; return; }
    fewest=$(tail -1 "$times" | awk -v f="$fewest" '{ s = $1 + $2; print (f == "" || s < f) ? s : f }')
  done
  printf '%.3f' "$fewest"
}
nodes() { timeout "$limit" "$1" solve clique --max "$2" -q --stats 2>&1 | grep -oE 'nodes [0-9]+' | cut -d' ' -f2; }

echo "| graph | omega | old --max s (nodes) | new --max s (nodes) | LMC s (its total, tree) |"
echo "|---|---:|---:|---:|---:|"
for graph in "$@"; do
  report=$("$lmc" "$graph" | grep '^>>')
  omega=$(echo "$report" | grep -oE 'MaxCLQ [0-9]+' | cut -d' ' -f2)
  words=$(timeout "$limit" "$new" solve clique --max "$graph" 2> /dev/null | wc -w)
  [ "$words" = $((omega + 1)) ] || echo "WRONG: $new --max $graph: $((words - 1)) vertices, LMC $omega" >&2
  echo "| $(basename "$graph" .clq) | $omega | $(least "$old" solve clique --max "$graph") ($(nodes "$old" "$graph")) |" \
       "$(least "$new" solve clique --max "$graph") ($(nodes "$new" "$graph")) |" \
       "$(least "$lmc" "$graph") ($(echo "$report" | grep -oE 'Total [0-9.]+' | cut -d' ' -f2), $(echo "$report" | grep -oE 'Tree [0-9]+' | cut -d' ' -f2)) |"
done
