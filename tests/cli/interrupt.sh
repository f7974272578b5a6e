#!/usr/bin/env bash
# dance's command line as a user runs it: Ctrl-C and the progress line on a terminal.
# usage: interrupt.sh DANCE TEST_DATA_DIR DATA_DIR (tests/data, then data)
. "$(dirname "$0")/prelude.sh"

# Ctrl-C: the search stops, exit 3, statistics still printed
"$dance" count xcc "$inputs/xcc/pentomino6x10.dlx" --stats >"$tmp/int.out" 2>"$tmp/int.err" &
pid=$!
sleep 0.5
catching_interrupt "$pid"
kill -INT "$pid"
wait "$pid"
status=$?
if [ "$status" -eq 3 ] && grep -q interrupted "$tmp/int.err" && grep -q 'nodes [0-9]' "$tmp/int.err"; then
  passed=$((passed + 1))
else
  echo "FAIL: Ctrl-C gave exit $status: $(cat "$tmp/int.err")"
  failed=$((failed + 1))
fi

# Progress on a terminal (script gives the run one): a line redrawn every
# second that ends with the count asked for; none when stderr is a file
script -qec "\"$dance\" generate sudoku --size 36 -n 30 --seed 1 >/dev/null" /dev/null >"$tmp/progress.tty" 2>&1
last=$(tr '\r' '\n' <"$tmp/progress.tty" | sed 's/\x1b\[K//g' | grep -a 'puzzles,' | tail -n 1)
"$dance" generate sudoku --size 36 -n 30 --seed 1 >/dev/null 2>"$tmp/progress.file"
if [[ "$last" == "dance: 30 of 30 puzzles, "*" s" ]] && [ ! -s "$tmp/progress.file" ]; then
  passed=$((passed + 1))
else
  echo "FAIL: progress on a terminal ended '$last'; to a file: $(head -c 200 "$tmp/progress.file")"
  failed=$((failed + 1))
fi

# Ctrl-C in a long generation (25x25 --minimal takes seconds a puzzle, in
# long uniqueness proofs): it stops within seconds, exit 3; the puzzles of a
# batch before it stay, whole
"$dance" generate sudoku --size 25 --minimal -n 1000 >"$tmp/gen_int.out" 2>"$tmp/gen_int.err" &
pid=$!
sleep 1
catching_interrupt "$pid"
kill -INT "$pid"
for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$pid" 2>/dev/null; then
  kill -KILL "$pid"
  echo "FAIL: generate went on 5 s after Ctrl-C"
  failed=$((failed + 1))
else
  wait "$pid"
  status=$?
  if [ "$status" -eq 3 ] && grep -q interrupted "$tmp/gen_int.err"; then
    passed=$((passed + 1))
  else
    echo "FAIL: generate after Ctrl-C gave exit $status: $(cat "$tmp/gen_int.err")"
    failed=$((failed + 1))
  fi
fi
"$dance" generate sudoku -n 1000000 >"$tmp/gen_batch.out" 2>/dev/null &
pid=$!
sleep 1
catching_interrupt "$pid"
kill -INT "$pid"
wait "$pid"
status=$?
STDIN="$tmp/gen_batch.out" expect 0 '' '' -- "$dance" solve sudoku --unique
if [ "$status" -eq 3 ] && [ -s "$tmp/gen_batch.out" ] && ! grep -qv '^unique$' "$tmp/out"; then
  passed=$((passed + 1))
else
  echo "FAIL: a batch stopped by Ctrl-C (exit $status) left $(wc -l <"$tmp/gen_batch.out") lines, not all whole and unique"
  failed=$((failed + 1))
fi

summary
