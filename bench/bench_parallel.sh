#!/usr/bin/env bash
# One count on several cores, as users run it: `dance count xcc` with one
# thread, with two (-j 2), and over two MPI ranks (mpirun -np 2); wall
# seconds of the whole command and speed-up over one thread, counts checked
# against expected.tsv.
# usage: bench/bench_parallel.sh [--all] [DANCE [DATA_DIR]]   (--all adds langford15_sym.dlx, minutes)
# MPIRUN_FLAGS adds to mpirun's options, e.g. MPIRUN_FLAGS="--mca pml ob1" spares
# Open MPI's start-up the probe for UCX, which a single host does not use (0.2 s here).
set -u
files="pentomino6x10.dlx langford11.dlx queens12.dlx"
if [ "${1:-}" = --all ]; then files="$files langford15_sym.dlx"; shift; fi
dance=${1:-build/cli/dance} dir=${2:-data/xcc}
mpi() { mpirun --allow-run-as-root --oversubscribe ${MPIRUN_FLAGS:-} -np 2 "$@"; }

# run LABEL COMMAND...: prints the seconds; checks the count
wrong=0
run() {
  local start end got
  start=$(date +%s.%N)
  got=$("$@" 2>/dev/null)
  end=$(date +%s.%N)
  [ "$got" = "$expected" ] || { echo "WRONG count $got from $*" >&2; wrong=1; }
  awk -v a="$start" -v b="$end" 'BEGIN { print b - a }'
}

printf '%-20s %10s %8s %8s %8s %8s %8s\n' instance count "1 thr s" "2 thr s" "2 rank s" "thr x" "rank x"
for f in $files; do
  expected=$(awk -v f="$f" '$1 == f { print $2 }' "$dir/expected.tsv")
  one=$(run "$dance" count xcc "$dir/$f")
  two=$(run "$dance" count xcc "$dir/$f" -j 2)
  ranks=$(run mpi "$dance" count xcc "$dir/$f")
  awk -v f="$f" -v n="$expected" -v a="$one" -v b="$two" -v c="$ranks" \
    'BEGIN { printf "%-20s %10s %8.2f %8.2f %8.2f %8.2f %8.2f\n", f, n, a, b, c, a / b, a / c }'
done
exit $wrong
