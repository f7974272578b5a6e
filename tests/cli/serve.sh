#!/usr/bin/env bash
# dance's command line as a user runs it: serve's options, and Ctrl-C.
# usage: serve.sh DANCE TEST_DATA_DIR DATA_DIR (tests/data, then data)
. "$(dirname "$0")/prelude.sh"

# serve: its options checked before it listens, and theirs refused elsewhere.
expect 2 '' 'serve takes no arguments' -- "$dance" serve sudoku
expect 2 '' 'port is at most 65535' -- "$dance" serve --port 70000
expect 2 '' 'serve: -t must be above 0' -- "$dance" serve -t 0
expect 2 '' '--count is for solve and count, not serve' -- "$dance" serve --count
expect 2 '' '--port is for serve' -- "$dance" solve xcc "$data/knuth_toy.dlx" --port 1
expect 2 '' '--host is for serve' -- "$dance" generate sudoku --host 0.0.0.0
expect 2 '' '--max-connections is for serve' -- "$dance" solve xcc "$data/knuth_toy.dlx" --max-connections 3
expect 2 '' 'max-connections must be at least 1' -- "$dance" serve --max-connections 0
expect 2 '' 'cannot listen on 203.0.113.9' -- "$dance" serve --host 203.0.113.9 --port 0
expect 2 '' 'cannot listen on nowhere port 0: --host expects an address' -- "$dance" serve --host nowhere --port 0
# Ctrl-C stops it cleanly: it says where it served, then that it stopped, exit 0;
# SIGTERM (a service manager's stop) is Ctrl-C: the same clean end.
for signal in INT TERM; do
  "$dance" serve --port 0 >"$tmp/serve.out" 2>&1 &
  serving=$!
  for _ in $(seq 50); do grep -q 'serving http://127.0.0.1:[0-9]*/' "$tmp/serve.out" && break; sleep 0.1; done
  kill -"$signal" "$serving"
  expect 0 '' '' -- wait "$serving"
  expect 0 'dance: stopped' '' -- cat "$tmp/serve.out"
done
expect 2 '' '--allow-host is for serve' -- "$dance" solve xcc "$data/knuth_toy.dlx" --allow-host a.example
expect 0 '^a b c d e f g$' '' -- "$dance" emit xcc "$data/knuth_toy.dlx"

summary
