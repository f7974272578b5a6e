#!/bin/sh
# Counts beside Knuth's SSXCC (issue 56): the same Knuth-format files, each
# program's count and wall seconds. SSXCC is built from its CWEB source
# (ssxcc.w and gb_flip.w, e.g. from github.com/ascherer/cwebtest) for the
# bench only, not as a dependency:
#   CWEBINPUTS=. ctangle ssxcc - ssxcc.c; CWEBINPUTS=. ctangle gb_flip - gb_flip.c
#   gcc -O3 -w -o ssxcc ssxcc.c gb_flip.c        (ctangle: Debian's texlive-binaries)
# usage: bench/count_beside_ssxcc.sh SSXCC DANCE FILE.dlx...
# SSXCC has no multiplicities: a file for it names each piece's copies as options.
set -eu
ssxcc=$1 dance=$2
shift 2
seconds() { start=$(date +%s.%N); "$@" >"$out" 2>&1 || true; echo "$(date +%s.%N) - $start" | bc; }
out=$(mktemp)
printf '%-28s %22s %9s %22s %9s\n' file ssxcc seconds dance seconds
for f in "$@"; do
  s=$(seconds sh -c "\"$ssxcc\" < \"$f\""); a=$(grep -oE 'Altogether [0-9]+' "$out" | grep -oE '[0-9]+' || echo '?')
  d=$(seconds "$dance" count xcc "$f"); b=$(tail -n 1 "$out")
  printf '%-28s %22s %9.3f %22s %9.3f\n' "$(basename "$f")" "$a" "$s" "$b" "$d"
done
rm -f "$out"
