#!/usr/bin/env bash
# Runs every libFuzzer target of fuzz/ for SECONDS each, from seeds taken
# from data/, examples/ and fuzz/regressions/ (the inputs of bugs found
# before, each one run first). Exits non-zero on the first target that
# finds a crash, a leak, a failed check or a timeout (each target bounds what
# it encodes, so an input that times out is within the bound); the input is left in the
# current folder (crash-*, leak-*, timeout-*) to reproduce with
#   BUILD/fuzz/fuzz_NAME crash-...
# usage: fuzz/run.sh BUILD_DIR [SECONDS]   (BUILD_DIR configured with -DDANCE_FUZZ=ON)
set -euo pipefail
build=$1 seconds=${2:-20}
source=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# seed TARGET FILE...: each file a seed of the target, after a byte that picks its options.
seed() {
  local target=$1
  shift
  mkdir -p "$work/$target"
  for file in "$@"; do
    { printf '\0'; head -c 4000 "$file"; } >"$work/$target/$(basename "$file")"
  done
}
d=$source/data
seed fuzz_xcc "$d"/xcc/knuth_*.dlx "$d/xcc/queens8.dlx" "$d/xcc/langford8.dlx" "$d/xcc/rowcol2_4.dlx"
head -n 3 "$d/sudoku/sudoku17.txt" >"$work/sudoku_lines"
head -n 1 "$d/sudoku/vu_kr_16x16_100.txt" >"$work/sudoku_16"
seed fuzz_sudoku "$work/sudoku_lines" "$work/sudoku_16" "$source/examples/inkala_grid.txt" "$source/tests/data/jigsaw4.txt"
head -n 2 "$d/range/tatham_generated.ids" >"$work/range_ids"
head -n 11 "$d/range/janko_a.txt" >"$work/range_grid"
seed fuzz_range "$work/range_ids" "$work/range_grid"
printf '8\n' >"$work/queens_8"
printf '6\n4\n' >"$work/queens_batch"
seed fuzz_queens "$work/queens_8" "$work/queens_batch"
seed fuzz_polyomino "$source/examples/pentominoes6x10.txt"
seed fuzz_clique "$d/graphs/clique/johnson8-2-4.clq" "$d/graphs/hamilton/petersen.hcp" "$d/graphs/hamilton/ftl24_undirected.edges"
seed fuzz_independent_set "$d/graphs/clique/johnson8-2-4.clq" "$d/graphs/hamilton/petersen.hcp"
seed fuzz_hamilton "$d"/graphs/hamilton/{small-example,petersen,grid4x4,knight3x4}.hcp "$d/graphs/hamilton/ftl24.adj"
printf '# parts of problem 0\n0 8\n1 !0\n' >"$work/parts"
seed fuzz_parts "$work/parts"
mkdir -p "$work/fuzz_api"  # bytes the target builds a request from (its endpoint, reduction, fields), or now and then a body
printf '\0{"reduction": "sudoku", "text": "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"}' >"$work/fuzz_api/solve"
printf '\0{"reduction": "queens", "text": "6\\n", "count": true, "options": {"size": 6}}' >"$work/fuzz_api/count"
printf '\1{"puzzle": "sudoku", "options": {"size": 4, "jigsaw": true}, "seed": 2, "with_solution": true}' >"$work/fuzz_api/generate"
printf '\2{"reduction": "xcc", "text": "a b\\na\\nb\\n"}' >"$work/fuzz_api/check"
mkdir -p "$work/fuzz_http"  # the bytes of connections, as they are
printf 'GET / HTTP/1.1\r\nHost: localhost\r\n\r\n' >"$work/fuzz_http/page"
body='{"reduction":"queens","text":"6\n","count":true}'
printf 'POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s' "${#body}" "$body" >"$work/fuzz_http/solve"
printf 'POST /api/check HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n4\r\n{"re\r\n1b\r\nduction":"xcc","text":"a\\na"}\r\n0\r\nX-Trailer: 1\r\n\r\n' >"$work/fuzz_http/chunked"
printf 'HEAD /dance.js?v=1 HTTP/1.1\r\nHost: [::1]:8080\r\n\r\nGET http://localhost/ HTTP/1.0\r\nHost: localhost\r\nOrigin: http://localhost\r\n\r\n' >"$work/fuzz_http/pipelined"
for regressions in "$source"/fuzz/regressions/*/; do  # as they are: their first byte is part of the bug
  target=fuzz_$(basename "$regressions" | tr - _)
  cp "$regressions"* "$work/$target/"
done

for target in fuzz_xcc fuzz_sudoku fuzz_range fuzz_queens fuzz_polyomino fuzz_clique fuzz_independent_set fuzz_hamilton fuzz_parts fuzz_api fuzz_http; do
  echo "+ $target, $seconds s"
  "$build/fuzz/$target" -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 "$work/$target" 2>"$work/$target.log" || { tail -40 "$work/$target.log"; exit 1; }
  grep -E 'stat::number_of_executed_units|stat::slowest_unit_time_sec' "$work/$target.log" | tr '\n' ' '
  echo
done
echo "fuzzing: every target ran $seconds s without a finding"
