#!/usr/bin/env bash
# clique --max as users run it, two builds side by side: wall seconds of the
# whole command (best of three) for the new build's --max, the old build's
# --max, and the new build's two decisions -k omega + -k omega+1 (what
# --max cannot beat by much: a clique of omega and the proof that there is
# none larger), with the nodes of each --max (--stats). Each answer must
# have omega vertices (WRONG on stderr otherwise); a command stopped by the
# time limit shows as '>' the limit.
# usage: bench/bench_clique_max.sh OLD_DANCE [NEW_DANCE [DATA_DIR [SECONDS]]]
#   e.g. cp build/cli/dance /tmp/dance-old (on main), then on the branch:
#   bench/bench_clique_max.sh /tmp/dance-old build/cli/dance data/graphs/clique 60
set -u
old=$1 new=${2:-build/cli/dance} dir=${3:-data/graphs/clique} limit=${4:-60}

# best DANCE ARGS...: the fewest wall seconds of three runs, '>limit' when stopped
best() {
  local fewest="" start end
  for _ in 1 2 3; do
    start=$(date +%s.%N)
    timeout "$limit" "$@" -q > /dev/null 2>&1
    [ $? = 124 ] && { echo ">$limit"; return; }
    end=$(date +%s.%N)
    fewest=$(awk -v a="$start" -v b="$end" -v f="$fewest" 'BEGIN { s = b - a; print (f == "" || s < f) ? s : f }')
  done
  printf '%.3f' "$fewest"
}
# nodes DANCE FILE: the nodes of its --max, checking the answer's size
wrong=0
nodes() {
  local words
  words=$(timeout "$limit" "$1" solve clique --max "$2" 2> /dev/null | wc -w)
  [ "$words" = 0 ] || [ "$words" = $((omega + 1)) ] || { echo "WRONG: $1 --max $2: $((words - 1)) vertices, not $omega" >&2; wrong=1; }
  timeout "$limit" "$1" solve clique --max "$2" -q --stats 2>&1 | grep -oE 'nodes [0-9]+' | cut -d' ' -f2
}

printf '%-20s %6s %10s %10s %10s %10s %10s\n' graph omega "new --max" "old --max" "k=w+k=w+1" "new nodes" "old nodes"
while read -r file omega _; do
  yes=$(best "$new" solve clique -k "$omega" "$dir/$file")
  no=$(best "$new" solve clique -k $((omega + 1)) "$dir/$file")
  both=$(awk -v a="${yes#>}" -v b="${no#>}" -v s="$yes$no" 'BEGIN { printf (s ~ />/) ? ">%.3f" : "%.3f", a + b }')
  printf '%-20s %6s %10s %10s %10s %10s %10s\n' "$file" "$omega" "$(best "$new" solve clique --max "$dir/$file")" \
    "$(best "$old" solve clique --max "$dir/$file")" "$both" "$(nodes "$new" "$dir/$file")" "$(nodes "$old" "$dir/$file")"
done < <(tail -n +2 "$dir/expected.tsv")
exit $wrong
