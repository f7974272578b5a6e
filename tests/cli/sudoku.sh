#!/usr/bin/env bash
# dance's command line as a user runs it: sudoku: stdin, batches, notations, limits, large grids.
# usage: sudoku.sh DANCE TEST_DATA_DIR DATA_DIR (tests/data, then data)
. "$(dirname "$0")/prelude.sh"

# sudoku: stdin, batch lined up with the input, bad and clashing puzzles, uniqueness
inkala=812753649943682175675491283154237896369845721287169534521974368438526917796318452
STDIN="$data/../../examples/sudoku.txt" expect 0 '^[1-9]{81}$' '' -- "$dance" solve sudoku --verify
echo "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.." >"$tmp/inkala.txt"
expect 0 "^$inkala\$" '' -- "$dance" solve sudoku "$tmp/inkala.txt"
expect 0 '^8 1 2 \| 7 5 3|^8 1 2 7 5 3 6 4 9$' '' -- "$dance" solve sudoku "$data/../../examples/inkala_grid.txt"
expect 0 "^$inkala\$" '' -- "$dance" solve sudoku "$data/../../examples/inkala_grid.txt" --format line --verify
# a square number of cells whose side has no boxes: say so, with what to do instead
expect 2 '^error$' '7x7, which no R x C boxes .*--box 1x7' -- "$dance" solve sudoku "$(bad "$(printf '%049d' 0)\n")"
expect 2 '^error$' 'found 121 cells \(as one puzzle, 121 cells are 11x11.*--box 1x11' -- "$dance" solve sudoku "$(bad "$(printf '%0121d' 0)\n")"
# cells separated by tabs are answered with tabs (they were answered with spaces)
sed 's/./&\t/g; s/\t$//' "$tmp/inkala.txt" >"$tmp/inkala_tabs.txt"
expect 0 "^$(echo "$inkala" | sed 's/./&\t/g; s/\t$//')\$" '' -- "$dance" solve sudoku "$tmp/inkala_tabs.txt"
tr ' ' '\t' <"$data/../../examples/inkala_grid.txt" >"$tmp/inkala_grid_tabs.txt"
expect 0 "^$inkala\$" '' -- "$dance" solve sudoku "$tmp/inkala_grid_tabs.txt" --format line
expect 0 "^$(printf '8\t1\t2\t7\t5\t3\t6\t4\t9')\$" '' -- "$dance" solve sudoku "$tmp/inkala_grid_tabs.txt"
"$dance" solve sudoku "$data/sudoku_batch.txt" >"$tmp/batch.out" 2>"$tmp/batch.err"
status=$?
if [ "$status" -eq 2 ] && [ "$(sed -n 2p "$tmp/batch.out")" = error ] && [ "$(sed -n 3p "$tmp/batch.out")" = "no solution" ] &&
   [ "$(wc -l <"$tmp/batch.out")" -eq 4 ] && grep -q 'line 2, column 1: expected' "$tmp/batch.err" &&
   grep -q 'line 3: no solution: clues clash: r1c1 and r1c5 are both 5 in row 1' "$tmp/batch.err"; then
  passed=$((passed + 1))
else
  echo "FAIL: sudoku batch (exit $status): $(cat "$tmp/batch.out" "$tmp/batch.err")"
  failed=$((failed + 1))
fi
# puzzles piped in one at a time: each answer comes out before the next puzzle is sent
coproc DIALOGUE { "$dance" solve sudoku 2>/dev/null; }
dialogue_pid=$DIALOGUE_PID  # bash unsets DIALOGUE_PID once the coprocess has ended
answers=0
for k in 1 2; do
  echo "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.." >&"${DIALOGUE[1]}"
  IFS= read -t 20 -r answer <&"${DIALOGUE[0]}" && [ "$answer" = "$inkala" ] && answers=$((answers + 1))
done
exec {DIALOGUE[1]}>&-
wait "$dialogue_pid"
if [ "$answers" -eq 2 ]; then passed=$((passed + 1)); else echo "FAIL: an answer waited for the next puzzle"; failed=$((failed + 1)); fi
"$dance" solve sudoku "$data/sudoku_batch.txt" --unique >"$tmp/unique.out" 2>/dev/null
printf 'unique\nerror\nnone\nmultiple\n' >"$tmp/unique.want"
"$dance" solve sudoku "$inputs/sudoku/magictour_top1465.txt" -j 1 >"$tmp/j1.out" 2>/dev/null
"$dance" solve sudoku "$inputs/sudoku/magictour_top1465.txt" -j 2 --verify >"$tmp/j2.out" 2>/dev/null
expect 0 '' '' -- cmp "$tmp/j1.out" "$tmp/j2.out"
expect 0 '^1465 ' '' -- wc -l "$tmp/j2.out"
# bad lines across the chunks of a batch on threads: answers and messages in input order
awk 'NR % 300 == 0 { print "123" } { print }' "$inputs/sudoku/magictour_top1465.txt" >"$tmp/mixed.txt"
"$dance" solve sudoku "$tmp/mixed.txt" -j 1 >"$tmp/m1.out" 2>"$tmp/m1.err"
"$dance" solve sudoku "$tmp/mixed.txt" -j 2 >"$tmp/m2.out" 2>"$tmp/m2.err"
expect 0 '' '' -- cmp "$tmp/m1.out" "$tmp/m2.out"
expect 0 '' '' -- cmp "$tmp/m1.err" "$tmp/m2.err"
expect 0 '^1469 ' '' -- wc -l "$tmp/m2.out"
expect 0 '^4$' '' -- grep -c '^error$' "$tmp/m2.out"
"$dance" solve sudoku "$data/sudoku_batch.txt" --unique -j 2 >"$tmp/unique2.out" 2>/dev/null
expect 0 '' '' -- diff "$tmp/unique2.out" "$tmp/unique.want"
expect 0 '' '' -- diff "$tmp/unique.out" "$tmp/unique.want"
expect 1 '^no solution$' 'clues clash' -- "$dance" solve sudoku "$(bad '11..............\n')"
# a node limit of 2^64 - 1 is no limit for every puzzle of a batch (the second one's total wrapped round)
printf '%s\n%s\n' "$(head -n 1 "$data/sudoku_batch.txt")" "$(head -n 1 "$data/sudoku_batch.txt")" >"$tmp/twice.txt"
expect 0 '^[1-9]{81}$' '^$' -- "$dance" solve sudoku "$tmp/twice.txt" --node-limit 18446744073709551615
# stopped by a limit: neither an answer nor "no solution", and a batch keeps a line per puzzle
printf '%s\n%s\n' '98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6' \
  '.....8742862734951417952836746893125281645397395271468138529674574386219629417583' >"$tmp/stopped.txt"
expect 3 '^unknown$' 'line 1: stopped by node limit' -- sh -c "head -1 '$tmp/stopped.txt' | '$dance' solve sudoku --node-limit 20"
"$dance" solve sudoku --unique --node-limit 20 "$tmp/stopped.txt" >"$tmp/stopped.out" 2>/dev/null
printf 'unknown\nunique\n' >"$tmp/stopped.want"
expect 0 '' '' -- diff "$tmp/stopped.out" "$tmp/stopped.want"
expect 0 '^288$' '' -- "$dance" count sudoku "$(bad '................\n')"
# above 35 (Z) letters run out: an empty 36x36 line is answered in numbers between spaces, read back as unique
"$dance" solve sudoku --verify "$(bad "$(printf '%01296d' 0)\n")" >"$tmp/big.out" 2>/dev/null
expect 0 '^([1-9]|[12][0-9]|3[0-6])( ([1-9]|[12][0-9]|3[0-6])){1295}$' '' -- cat "$tmp/big.out"
expect 0 '^unique$' '' -- "$dance" solve sudoku --unique "$tmp/big.out"
expect 0 '^288$' '' -- "$dance" solve sudoku "$(bad '................\n')" -n 0
expect 2 '^error$' 'line 1, column 3: unknown symbol' -- "$dance" solve sudoku "$(bad '12?.............\n')"
# a NUL byte is named, not the end of the message
expect 2 '^error$' "unknown symbol '\\\\x00': expected a value" -- "$dance" solve sudoku "$(bad '1\0..............\n')"
expect 2 '^error$' 'column 16: value 16 is out of range 1..4 \(if the line is a row of a 16x16 grid, give --box 4x4\)' -- "$dance" solve sudoku "$(bad '...............G\n')"
expect 0 '^1423$' '' -- "$dance" solve sudoku --jigsaw --verify "$data/jigsaw4.txt"
expect 0 '^unique$' '' -- "$dance" solve sudoku --jigsaw --unique "$data/jigsaw4.txt"
expect 2 '' 'box expects RxC' -- "$dance" solve sudoku --box 3by3 "$data/../../examples/sudoku.txt"
expect 2 '' 'diagonals is not an option of xcc' -- "$dance" solve xcc --diagonals "$data/knuth_toy.dlx"
expect 2 '' 'size expects a whole number' -- "$dance" solve sudoku --size x9 "$data/../../examples/sudoku.txt"
expect 2 '' 'box is not an option of list' -- "$dance" list --box 3x3

summary
