#!/usr/bin/env bash
# CLI tests: run `dance` as a user would and check exit codes and output.
# usage: cli_test.sh DANCE TEST_DATA_DIR DATA_DIR (tests/data, then data)
set -u
dance=$1 data=$2 inputs=$3
. "$(dirname "$0")/expect.sh"
bad() { printf '%b' "$1" >"$tmp/bad.dlx"; echo "$tmp/bad.dlx"; }

# found / none / bad input / limit
expect 0 '^a d f$' '^$' -- "$dance" solve xcc "$data/knuth_toy.dlx"
expect 0 '^1$' '' -- "$dance" count xcc "$data/knuth_toy.dlx"
STDIN="$data/knuth_dlx1_example.dlx" expect 0 '^C E F$' '' -- "$dance" solve xcc
STDIN="$data/knuth_dlx1_example.dlx" expect 0 '^B G$' '' -- "$dance" solve xcc -
expect 1 '^$' 'no solution' -- "$dance" solve xcc "$(bad 'a b\na\n')"
expect 1 '^0$' '' -- "$dance" count xcc "$(bad 'a b\na\n')"
expect 3 '' 'node limit' -- "$dance" solve xcc "$inputs/xcc/pentomino6x10.dlx" --node-limit 50
expect 3 '^[0-9]+$' 'lower bound' -- "$dance" count xcc "$inputs/xcc/pentomino6x10.dlx" --node-limit 5000
expect 3 '' 'time limit' -- "$dance" count xcc "$inputs/xcc/pentomino6x10.dlx" -t 0.05
expect 2 '' 'cannot open' -- "$dance" solve xcc "$tmp/missing.dlx"

# counts, all solutions, -n, --verify, --stats, --seed
expect 0 '^92$' '' -- "$dance" count xcc "$inputs/xcc/queens8.dlx"
expect 0 '^92$' '' -- "$dance" solve xcc "$inputs/xcc/queens8.dlx" --count --seed 3
expect 0 '^2040$' '' -- "$dance" count xcc "$inputs/xcc/rowcol2_5.dlx"
expect 0 '^16$' '' -- "$dance" count xcc "$inputs/xcc/debruijn4.dlx"
expect 0 '' 'nodes [0-9]+, updates [0-9]+, solutions 92, max depth 8' -- "$dance" count xcc "$inputs/xcc/queens8.dlx" --stats
expect 0 '^r' '' -- "$dance" solve xcc "$inputs/xcc/queens8.dlx" -n 0 --verify
"$dance" solve xcc "$inputs/xcc/queens8.dlx" -n 0 | grep -c '^$' >"$tmp/blanks"
expect 0 '^91$' '' -- cat "$tmp/blanks"
"$dance" solve xcc "$inputs/xcc/queens8.dlx" -n 3 | grep -c '^r' >"$tmp/lines"
expect 0 '^24$' '' -- cat "$tmp/lines"
expect 0 '' 'option has no primary item' -- "$dance" solve xcc "$data/knuth_colors_example.dlx"
expect 0 '^$' '^$' -- "$dance" solve xcc "$data/knuth_toy.dlx" -q

# malformed input: exit 2, message names line and column
expect 2 '' 'line 2, column 3: .*unknown item' -- "$dance" solve xcc "$(bad 'a b\na c\n')"
expect 2 '' 'line 2, column 5: .*occurs twice' -- "$dance" solve xcc "$(bad 'a b\na b a\n')"
expect 2 '' 'line 2, column 1: .*cannot have a colour' -- "$dance" solve xcc "$(bad 'a | x\na:1 x\n')"
expect 2 '' 'line 1, column 3: .*lo <= hi' -- "$dance" solve xcc "$(bad 'a 3:1|b\n')"
expect 2 '' 'line 1, column 7: .*second' -- "$dance" solve xcc "$(bad 'a | x | y\n')"
expect 2 '' 'line 3, column 3: .*expected a colour' -- "$dance" count xcc "$(bad 'a | x\n\na x:\n')"
expect 2 '' 'line 1, column 1: .*expected a line of item names' -- "$dance" solve xcc "$(bad '')"

# usage
expect 0 'dance solve REDUCTION' '' -- "$dance" --help
expect 0 '^xcc' '' -- "$dance" list
expect 2 '' 'unknown reduction' -- "$dance" solve nosuch
expect 2 '' 'unknown command' -- "$dance" frobnicate
expect 2 '' 'needs a REDUCTION' -- "$dance" solve
expect 2 '' 'Usage' -- "$dance"
expect 2 '' 'invalid|unrecognised|unknown' -- "$dance" solve xcc --node-limit lots
# counts and seeds are digits only: Boost alone reads -3 into an unsigned as 2^64 - 3
expect 2 '' "argument \('-3'\) for option '--solutions' is invalid" -- "$dance" generate sudoku -n -3
expect 2 '' "argument \('-1'\) for option '--node-limit' is invalid" -- "$dance" solve xcc "$data/knuth_toy.dlx" --node-limit -1
expect 2 '' "argument \('-1'\) for option '--seed' is invalid" -- "$dance" solve xcc "$data/knuth_toy.dlx" --seed -1
expect 2 '' "argument \('-1'\) for option '--clues' is invalid" -- "$dance" generate sudoku --clues -1
expect 2 '' 'at most 1024 threads' -- "$dance" solve xcc "$data/knuth_toy.dlx" -j 100000
expect 2 '' 'time-limit must be a number of seconds' -- "$dance" solve xcc "$data/knuth_toy.dlx" -t nan
# serve: its options checked before it listens, and theirs refused elsewhere.
expect 2 '' 'serve takes no arguments' -- "$dance" serve sudoku
expect 2 '' 'port is at most 65535' -- "$dance" serve --port 70000
expect 2 '' 'serve: -t must be above 0' -- "$dance" serve -t 0
expect 2 '' '--count does nothing for serve' -- "$dance" serve --count
expect 2 '' '--port is for serve' -- "$dance" solve xcc "$data/knuth_toy.dlx" --port 1
expect 2 '' '--host is for serve' -- "$dance" generate sudoku --host 0.0.0.0
expect 2 '' '--max-connections is for serve' -- "$dance" solve xcc "$data/knuth_toy.dlx" --max-connections 3
expect 2 '' 'max-connections must be at least 1' -- "$dance" serve --max-connections 0
expect 2 '' 'cannot listen on 203.0.113.9' -- "$dance" serve --host 203.0.113.9 --port 0
expect 2 '' 'cannot listen on nowhere port 0: --host expects an address' -- "$dance" serve --host nowhere --port 0
# Ctrl-C stops it cleanly: it says where it served, then that it stopped, exit 0.
"$dance" serve --port 0 >"$tmp/serve.out" 2>&1 &
serving=$!
for _ in $(seq 50); do grep -q 'serving http://127.0.0.1:[0-9]*/' "$tmp/serve.out" && break; sleep 0.1; done
kill -INT "$serving"
expect 0 '' '' -- wait "$serving"
expect 0 'dance: stopped' '' -- cat "$tmp/serve.out"
expect 0 '^a b c d e f g$' '' -- "$dance" emit xcc "$data/knuth_toy.dlx"

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
expect 2 '^error$' 'column 16: value 16 is out of range 1..4 \(if the line is a row of a 16x16 grid, give --box 4x4\)' -- "$dance" solve sudoku "$(bad '...............G\n')"
expect 0 '^1423$' '' -- "$dance" solve sudoku --jigsaw --verify "$data/jigsaw4.txt"
expect 0 '^unique$' '' -- "$dance" solve sudoku --jigsaw --unique "$data/jigsaw4.txt"
expect 2 '' 'box expects RxC' -- "$dance" solve sudoku --box 3by3 "$data/../../examples/sudoku.txt"
expect 2 '' 'diagonals is not an option of xcc' -- "$dance" solve xcc --diagonals "$data/knuth_toy.dlx"
expect 2 '' 'size expects a whole number' -- "$dance" solve sudoku --size x9 "$data/../../examples/sudoku.txt"
expect 2 '' 'box is not an option of list' -- "$dance" list --box 3x3

# emit: Knuth's format that counts as the reduction does (clues taken as forced)
ex="$data/../../examples"
for args in "sudoku $ex/sudoku.txt" "sudoku $data/jigsaw4.txt --jigsaw" "queens --size 6" "xcc $data/knuth_toy.dlx" \
            "polyomino $ex/pentominoes8x8.txt" "polyomino $ex/pentominoes8x8.txt --up-to-symmetry"; do
  # shellcheck disable=SC2086
  want=$("$dance" count $args 2>/dev/null)
  # shellcheck disable=SC2086
  expect 0 "^$want\$" '' -- sh -c "'$dance' emit $args | '$dance' count xcc"
done
expect 2 '' 'emit takes one problem' -- "$dance" emit sudoku "$data/sudoku_batch.txt"

# queens, the tutorial reduction
expect 0 '^Q \. \. \.' '' -- "$dance" solve queens --size 8
expect 0 '^14200$' '' -- "$dance" count queens --size 12
printf '1\n2\n3\n4\n5\n6\n7\n8\n' >"$tmp/sizes"
expect 0 '^1 0 0 2 10 4 40 92 $' '' -- sh -c "'$dance' count queens '$tmp/sizes' | tr '\n' ' '"
printf '8\nx\n' >"$tmp/badsizes"
expect 2 '' 'line 2, column 1: expected a board size' -- "$dance" solve queens "$tmp/badsizes"
expect 2 '' 'size expects a whole number from 1' -- "$dance" solve queens --size 0

# polyomino, the second example
expect 0 '^9356$' '' -- "$dance" count polyomino "$ex/pentominoes6x10.txt"
expect 2 '' "line 2, column 1: expected the rows of piece X \\(any character but '.' and space is a cell\\)" -- sh -c "printf 'piece X\\n\\nregion\\n..\\n' | '$dance' solve polyomino"
expect 0 '^2339$' '' -- "$dance" count polyomino "$ex/pentominoes6x10.txt" --up-to-symmetry
expect 0 '^[FILNPTUVWXYZ]{10}$' '' -- "$dance" solve polyomino "$ex/pentominoes6x10.txt" --verify
expect 0 '^[A-Z]{3}  [A-Z]{3}$' '' -- "$dance" solve polyomino "$ex/pentominoes8x8.txt"
expect 2 '' 'up-to-symmetry is not an option of queens' -- "$dance" count queens --size 4 --up-to-symmetry

# clique and independent-set
cl="$inputs/graphs/clique"
expect 0 '^yes: [0-9 ]+$' '' -- "$dance" solve clique -k 11 "$cl/keller4.clq" --verify
expect 1 '^no$' 'no solution' -- "$dance" solve clique -k 12 "$cl/keller4.clq"
expect 3 '^unknown$' 'stopped by node limit' -- "$dance" solve clique -k 45 --node-limit 100 "$cl/C250.9.clq"
expect 0 '^yes: ([0-9]+ ){10}[0-9]+$' '' -- "$dance" solve clique --max "$cl/keller4.clq" --verify
expect 0 '^yes: ([0-9]+ ){6}[0-9]+$' '' -- "$dance" solve independent-set --max "$cl/johnson8-2-4.clq" --verify
expect 0 '^420$' '' -- "$dance" count clique -k 3 "$cl/johnson8-2-4.clq"
expect 0 '^yes: a b c$' 'repeated edges' -- sh -c "printf 'a b\nb c\nc a\nc d\na b\n' | '$dance' solve clique --max"
expect 2 '' 'needs either -k K or --max' -- "$dance" solve clique "$cl/keller4.clq"
expect 1 '^no$' 'no solution: k = 30, but the graph has 28 vertices' -- "$dance" solve clique -k 30 "$cl/johnson8-2-4.clq"
expect 1 '^0$' 'k = 30, but the graph has 28 vertices' -- "$dance" count clique -k 30 "$cl/johnson8-2-4.clq"
expect 1 '^0$' 'clues clash' -- "$dance" count sudoku "$(bad '11..............\n')"
expect 1 '^$' 'clues clash' -- "$dance" split sudoku "$(bad '11..............\n')" --depth 2
expect 2 '' 'line 2, column 5: expected a vertex number' -- sh -c "printf 'p edge 3 1\ne 1 9\n' | '$dance' solve clique -k 2"
expect 2 '' 'one best answer' -- "$dance" count clique --max "$cl/keller4.clq"
expect 0 '^420$' '' -- sh -c "'$dance' emit clique -k 3 '$cl/johnson8-2-4.clq' | '$dance' count xcc"

# range
rg="$inputs/range"
printf '9x6:f3m9b9a6_8_12_11a8b9m11f  # first\n' >"$tmp/range.ids"
STDIN="$tmp/range.ids" expect 0 '^9x6:.*3.*  # first$' '' -- "$dance" solve range --verify
STDIN="$tmp/range.ids" expect 0 '^unique$' '' -- "$dance" solve range --unique
STDIN="$tmp/range.ids" expect 0 '^# first$' '' -- "$dance" solve range --format grid
printf '3 . .\n. . .\n' >"$tmp/range.grid"
expect 0 '^[0-9]+$' '' -- "$dance" count range "$tmp/range.grid"
STDIN="$tmp/range.grid" expect 0 '^multiple$' '' -- "$dance" solve range --unique
printf '1 1\n. .\n' >"$tmp/range-none.grid"
expect 1 '^no solution$' 'no solution' -- "$dance" solve range "$tmp/range-none.grid"
printf '. . 9\n. .\n\n2 . .\n. . .\n' >"$tmp/range-bad.grid"
expect 2 '^error$' 'line 2, column 3: row 2 has 2 cells' -- "$dance" solve range "$tmp/range-bad.grid"
printf '3x3:a2?\n' >"$tmp/range-bad.ids"
expect 2 '^error$' "line 1, column 7: expected a letter" -- "$dance" solve range "$tmp/range-bad.ids"
expect 2 '' 'too small' -- "$dance" generate range --size 2x2
expect 2 '' 'none or rot180' -- "$dance" generate range --size 5x5 --symmetry rot90
expect 2 '' 'is an option of .dance generate range.' -- "$dance" solve range --size 5x5 "$tmp/range.ids"
"$dance" generate range --size 9x6 -n 5 --seed 4 --symmetry rot180 >"$tmp/gen.ids" 2>/dev/null
STDIN="$tmp/gen.ids" expect 0 '^unique$' '' -- "$dance" solve range --unique -j 2
"$dance" generate range --size 6x5 -n 3 --seed 4 --format grid >"$tmp/gen.grid" 2>/dev/null
STDIN="$tmp/gen.grid" expect 0 '^unique$' '' -- "$dance" solve range --unique
if [ "$("$dance" solve range --unique <"$tmp/gen.grid" | grep -c unique)" != 3 ]; then
  echo "FAIL: three generated grids are not three unique puzzles"; failed=$((failed + 1))
fi
if ! cmp -s <("$dance" generate range --size 9x6 -n 5 --seed 4 --symmetry rot180 -j 2) "$tmp/gen.ids"; then
  echo "FAIL: generate range is not reproducible with -j 2"; failed=$((failed + 1))
fi
head -22 "$rg/janko_a.txt" >"$tmp/janko2.txt"
expect 0 '^# 03_9x9$' '' -- "$dance" solve range --verify "$tmp/janko2.txt"

# path puzzles: signpost (Tatham's game IDs), numbrix, hidato; hamilton --given
expect 0 '^ ?[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+$' '' -- "$dance" solve signpost --verify "$data/signpost/tatham.txt"
echo 4x4:deg16acbga1bdahbbbg >"$tmp/one.signpost"
expect 0 '^ 4 10  3 16$' '' -- "$dance" solve signpost --verify "$tmp/one.signpost"
expect 0 '^4x4:4d10e3g16a' '' -- sh -c "echo 4x4:deg16acbga1bdahbbbg | '$dance' solve signpost --format id"
STDIN="$data/signpost/tatham.txt" expect 0 '^unique$' '' -- "$dance" solve signpost --unique
printf '1 . 3\n. . .\n7 . 9\n' >"$tmp/snake.numbrix"
expect 0 '^6 5 4$' '' -- "$dance" solve numbrix --verify "$tmp/snake.numbrix"
printf '. . . .\n. . . .\n. . . .\n. . . .\n' >"$tmp/empty.numbrix"
expect 0 '^552$' '' -- "$dance" count numbrix "$tmp/empty.numbrix"
printf '1 . x\n. . 5\n' >"$tmp/small.hidato"
expect 0 '^1 [24] x$' '' -- "$dance" solve hidato --verify "$tmp/small.hidato"
for args in "numbrix $tmp/empty.numbrix" "hidato $tmp/small.hidato" "signpost $tmp/one.signpost"; do
  # shellcheck disable=SC2086
  want=$("$dance" count $args 2>/dev/null | head -1)
  # shellcheck disable=SC2086
  expect 0 "^$want\$" '' -- sh -c "'$dance' emit $args | '$dance' count xcc"
done
expect 2 '^error$' "line 1, column 6: expected a number or an arrow" -- sh -c "echo 4x4:dzg | '$dance' solve signpost"
expect 2 '' "is an option of .dance generate numbrix." -- "$dance" solve numbrix --size 5 "$tmp/snake.numbrix"
for r in 0 1 2 3 4 5; do for c in 0 1 2 3 4 5; do
  [ "$c" -lt 5 ] && echo "$((r * 6 + c)) $((r * 6 + c + 1))"
  [ "$r" -lt 5 ] && echo "$((r * 6 + c)) $((r * 6 + c + 6))"
done; done >"$tmp/grid6.txt"
expect 0 '^68$' '' -- "$dance" count hamilton "$tmp/grid6.txt" --path --given 0=1,5=36,14=21
expect 2 '' 'position encoding only' -- sh -c "echo 'a b' | '$dance' count hamilton --path --given a=1 --encoding edge"
for family in "numbrix --size 5" "hidato --size 5x5" "signpost --size 5x5"; do
  # shellcheck disable=SC2086
  "$dance" generate $family -n 4 --seed 3 --minimal >"$tmp/gen.path" 2>/dev/null
  # shellcheck disable=SC2086
  if [ "$("$dance" solve ${family%% *} --unique <"$tmp/gen.path" | grep -c '^unique$')" != 4 ]; then
    echo "FAIL: generate $family: four puzzles that are not four unique ones"; failed=$((failed + 1))
  fi
done
# Tatham's program reads dance's IDs (--print reads IDs on stdin, and solves them with --with-solutions)
if [ -x /usr/games/sgt-signpost ]; then
  "$dance" generate signpost --size 6x6 -n 3 --seed 5 >"$tmp/gen.signpost" 2>/dev/null
  STDIN="$tmp/gen.signpost" expect 0 '^%!PS' '' -- /usr/games/sgt-signpost --print 1x1 --with-solutions
fi
expect 2 '' 'random shapes: no --symmetry' -- "$dance" generate hidato --symmetry rot180
# clique and independent-set puzzles: one largest answer
"$dance" generate clique --vertices 40 -k 9 --seed 2 >"$tmp/gen.clq" 2>/dev/null
expect 0 '^1$' '' -- "$dance" count clique -k 9 "$tmp/gen.clq"
expect 1 '^0$' '' -- "$dance" count clique -k 10 "$tmp/gen.clq"
"$dance" generate independent-set --vertices 30 -k 8 --seed 2 >"$tmp/gen.is" 2>/dev/null
expect 0 '^1$' '' -- "$dance" count independent-set -k 8 "$tmp/gen.is"
expect 2 '' 'needs -k K' -- "$dance" generate clique --vertices 30
expect 2 '' 'is an option of .dance generate clique.' -- "$dance" solve clique -k 3 --vertices 30 "$tmp/gen.clq"

# --format svg: one picture an answer (tests/test_svg.cpp checks that they are well formed)
expect 0 '^<svg xmlns' '' -- "$dance" solve sudoku "$data/../../examples/sudoku.txt" --format svg
expect 0 '^<circle' '' -- "$dance" solve queens --size 5 --format svg
expect 0 '^</svg>$' '' -- "$dance" generate sudoku --seed 2 --format svg
expect 2 '' 'format is text or svg' -- "$dance" solve queens --size 5 --format png
# -o DIR: a file each, in input order; what is no picture (an error) a .txt
mkdir -p "$tmp/pictures" "$tmp/puzzles"
printf '1...............\n11\n.2..............\n' > "$tmp/three"
expect 2 '^$' 'line 2' -- "$dance" solve sudoku "$tmp/three" --format svg -o "$tmp/pictures" -j 2
expect 0 '^0001.svg 0002.txt 0003.svg $' '' -- sh -c "ls '$tmp/pictures' | tr '\n' ' '"
expect 0 '^error$' '' -- cat "$tmp/pictures/0002.txt"
expect 0 '^</svg>$' '' -- cat "$tmp/pictures/0003.svg"
expect 0 '^$' '' -- "$dance" generate range --size 5x5 -n 3 --seed 4 --format svg -o "$tmp/puzzles"
expect 0 '^3$' '' -- sh -c "ls '$tmp/puzzles' | grep -c 'svg$'"
expect 2 '' 'cannot write' -- "$dance" solve queens --size 4 --format svg -o "$tmp/missing"
expect 2 '' 'output-dir is for solve and generate' -- "$dance" count queens --size 4 -o "$tmp/pictures"

# hamilton
hm="$inputs/graphs/hamilton"
expect 0 '^1072$' '' -- "$dance" count hamilton "$hm/grid6x6.hcp"
# an edge list numbered from 1 (the dodecahedron's): its vertices are the names in it, no vertex 0
awk '/EDGE_DATA_SECTION/ { on = 1; next } on && NF == 2' "$hm/dodecahedron.hcp" >"$tmp/dodecahedron.edges"
expect 0 '^1( ([2-9]|1[0-9]|20)){19} 1$' '^$' -- "$dance" solve hamilton "$tmp/dodecahedron.edges" --verify
expect 0 '^30$' '' -- "$dance" count hamilton "$tmp/dodecahedron.edges"
# --restarts: a first cycle of a graph built against backtracking, the same twice from one seed.
"$dance" solve hamilton "$hm/a736.hcp" --restarts 30 --seed 2 --verify -t 60 > "$tmp/restart1"
"$dance" solve hamilton "$hm/a736.hcp" --restarts 30 --seed 2 --verify -t 60 > "$tmp/restart2"
expect 0 '^1( [0-9]+){735} 1$' '' -- cat "$tmp/restart1"
expect 0 '' '' -- cmp "$tmp/restart1" "$tmp/restart2"
expect 0 '' 'removals [1-9]' -- "$dance" solve hamilton "$hm/a736.hcp" --restarts 30 --seed 2 -q --stats --encoding edge
expect 0 '' 'algorithm C' -- "$dance" solve hamilton "$hm/i324.hcp" --restarts 300 --seed 1 --verify -q --stats  # degree, by default for degree <= 4
for wrong in "count hamilton" "solve hamilton -n 2" "solve hamilton --unique" "solve hamilton -j 2"; do
  expect 2 '' 'restarts is for solve' -- "$dance" $wrong "$hm/a736.hcp" --restarts 30
done
# two vertices: one edge is no cycle, two arcs a -> b -> a are one, in every encoding
printf 'a b\n' >"$tmp/one_edge"
printf 'a b\nb a\n' >"$tmp/two_arcs"
printf 'a:\n' >"$tmp/lone"
for encoding in edge degree position; do
  expect 1 '^none$' '' -- "$dance" solve hamilton "$tmp/one_edge" --encoding $encoding --verify
  expect 1 '^0$' '' -- "$dance" count hamilton "$tmp/one_edge" --encoding $encoding
  expect 0 '^1$' '' -- "$dance" count hamilton "$tmp/two_arcs" --directed --encoding $encoding
  expect 0 '^a b a$' '' -- "$dance" solve hamilton "$tmp/two_arcs" --directed --encoding $encoding --verify
  expect 0 '^1$' '' -- "$dance" count hamilton "$tmp/one_edge" --directed --path --encoding $encoding
  # one vertex: a path of its own (no edge), and no cycle
  expect 0 '^a$' '' -- "$dance" solve hamilton "$tmp/lone" --path --encoding $encoding --verify
  expect 0 '^1$' '' -- "$dance" count hamilton "$tmp/lone" --path --directed --encoding $encoding
  expect 1 '^0$' '' -- "$dance" count hamilton "$tmp/lone" --encoding $encoding
done
printf '5 6\n6 7\n7 5\n7 9\n' >"$tmp/pendant.edges"
expect 1 '^none$' "vertex '9' has only one edge: no Hamiltonian cycle" -- "$dance" solve hamilton "$tmp/pendant.edges"
expect 0 '^((5 6|6 5) 7 9|9 7 (5 6|6 5))$' '^$' -- "$dance" solve hamilton "$tmp/pendant.edges" --path --verify
printf '0 1\n1 2\n2 0\n2 3\n3 4\n4 2\n' >"$tmp/bowtie.edges"
expect 1 '^none$' "no solution: no Hamiltonian cycle: without vertex '2' the graph falls into 2 parts" -- "$dance" solve hamilton "$tmp/bowtie.edges"
expect 1 '^0$' '' -- "$dance" count hamilton "$hm/petersen.hcp"
expect 1 '^none$' 'no solution' -- "$dance" solve hamilton "$hm/petersen.hcp"
expect 0 '^a1 ([a-h][1-8] ){63}a1$' '' -- "$dance" solve hamilton --knight 8x8 --closed --verify
expect 0 '^864$' '' -- "$dance" count hamilton --knight 5x5
expect 1 '^0$' 'bipartite with sides of 13 and 12' -- "$dance" count hamilton --knight 5x5 --closed
expect 2 '' 'closed asks for a cycle' -- "$dance" count hamilton --knight 5x5 --closed --path
expect 0 '^1728$' '' -- "$dance" count hamilton --knight 5x5 --path --directed
expect 0 '^60$' '' -- "$dance" count hamilton "$hm/dodecahedron.hcp" --encoding position
expect 0 '^30$' '' -- "$dance" count hamilton "$hm/dodecahedron.hcp" --encoding degree
expect 0 '^8$' '' -- "$dance" count hamilton "$hm/grid4x4.hcp" --from 1 --to 4
expect 0 '^1 ([0-9]+ ){14}4$' '' -- "$dance" solve hamilton "$hm/grid4x4.hcp" --from 1 --to 4 --verify
expect 2 '' 'longest works with the degree encoding only' -- "$dance" solve hamilton "$hm/ftl24.adj" --longest --from 0 --to 23 --encoding edge
expect 2 '' 'encoding is edge, degree or position' -- "$dance" count hamilton "$hm/dodecahedron.hcp" --encoding adjacency
expect 0 '^0( [0-9]+){21} 23$' 'left out' -- "$dance" solve hamilton "$hm/ftl24.adj" --longest --from 0 --to 23 --verify
expect 0 '' '' -- sh -c "'$dance' solve hamilton '$hm/ftl24.adj' --longest --from 0 --to 23 | grep -vw 18"
# --longest --directed keeps every vertex that the start reaches and that reaches the end (issue 45)
printf '1 2\n2 3\n' >"$tmp/chain"
expect 0 '^1 2 3$' '' -- "$dance" solve hamilton "$tmp/chain" --longest --from 1 --to 3 --directed --verify
printf '0 1\n0 2\n1 2\n' >"$tmp/shortcut"
expect 0 '^0 1 2$' '' -- "$dance" solve hamilton "$tmp/shortcut" --longest --from 0 --to 2 --directed --verify
printf '0 3\n0 4\n1 0\n1 2\n1 3\n3 0\n4 1\n' >"$tmp/detour"
expect 0 '^3 0 4 1 2$' '' -- "$dance" solve hamilton "$tmp/detour" --longest --from 3 --to 2 --directed --verify
expect 2 '' 'go together' -- "$dance" solve hamilton "$hm/grid4x4.hcp" --from 1
expect 2 '' 'knight expects MxN' -- "$dance" solve hamilton --knight 8by8
expect 0 '^\{"found": true, "cycle": true, "length": 16, "vertices": \["1"(, "[0-9]+"){15}\]\}$' '' -- \
  "$dance" solve hamilton "$hm/grid4x4.hcp" --format json --verify
expect 1 '^\{"found": false\}$' '' -- "$dance" solve hamilton "$hm/petersen.hcp" --format json
expect 0 '^\{"found": true, "cycle": false, "length": 25, "vertices": \["[a-e][1-5]", ' '' -- \
  "$dance" solve hamilton --knight 5x5 --format json
printf 'x"1 y\ny z\\w\nz\\w x"1\n' >"$tmp/quoted.txt"
expect 0 '^\{"found": true, "cycle": true, "length": 3, "vertices": \["x\\"1", "z\\\\w", "y"\]\}$' '' -- \
  "$dance" solve hamilton "$tmp/quoted.txt" --format json
expect 2 '' 'format is text, json or svg' -- "$dance" solve hamilton "$hm/grid4x4.hcp" --format xml
# ends that the graph cannot take: exit 2 and the reason (dance serve answered these by dying)
printf 'a b\nb c\n' >"$tmp/line.txt"
expect 2 '' "--to names vertex 'zz'" -- "$dance" solve hamilton "$tmp/line.txt" --path --from a --to zz
expect 2 '' "--from names vertex 'zz'" -- "$dance" solve hamilton --knight 5x5 --from zz --to a1
expect 2 '' '--from and --to go together' -- "$dance" solve hamilton "$tmp/line.txt" --from a
expect 2 '' '--longest needs --from and --to' -- "$dance" solve hamilton "$tmp/line.txt" --longest
# without the hook, sets of disjoint cycles count too (18 against 6): emit says so
expect 0 '^18$' '' -- sh -c "'$dance' emit hamilton '$hm/grid4x4.hcp' 2>/dev/null | '$dance' count xcc"
expect 0 '' 'Knuth.s format cannot state' -- "$dance" emit hamilton "$hm/grid4x4.hcp"

# generate: unique puzzles that `dance solve` reads, reproducible, also with -j
"$dance" generate sudoku -n 30 --seed 5 --minimal --symmetry rot180 >"$tmp/gen1" 2>/dev/null
"$dance" generate sudoku -n 30 --seed 5 --minimal --symmetry rot180 -j 2 >"$tmp/gen2" 2>/dev/null
expect 0 '' '' -- cmp "$tmp/gen1" "$tmp/gen2"
expect 0 '^30$' '' -- sh -c "wc -l <'$tmp/gen1' | tr -d ' '"
expect 0 '^30$' '' -- sh -c "'$dance' solve sudoku --unique '$tmp/gen1' | grep -c '^unique$'"
expect 0 '^[1-9.]{81} [1-9]{81}$' '' -- "$dance" generate sudoku --with-solution --seed 3
"$dance" generate sudoku -n 5 --with-solution --seed 4 >"$tmp/gen3" 2>/dev/null
cut -d' ' -f2 "$tmp/gen3" >"$tmp/gen3.solutions"
expect 0 '' '' -- sh -c "'$dance' solve sudoku '$tmp/gen3' | cmp - '$tmp/gen3.solutions'"
expect 0 '^[1-9A-G.]{256}$' '' -- "$dance" generate sudoku --size 16
expect 0 '^([1-9.]{9}){9}$' '' -- "$dance" generate sudoku --box 3x3 --clues 30 --seed 2
expect 0 '' 'puzzles 3, mean clues 30' -- "$dance" generate sudoku -n 3 --clues 30 --stats
# A grade harder than the first orbit that cannot go leaves (once: no puzzle in 10,000 attempts)
expect 0 '^[1-9.]{81}$' '' -- "$dance" generate sudoku --difficulty fiendish -n 3 --seed 2
cp "$tmp/out" "$tmp/fiendish"
expect 0 '^3$' '' -- sh -c "'$dance' solve sudoku --unique '$tmp/fiendish' | grep -c '^unique$'"
expect 2 '' 'fewer than 17 clues' -- "$dance" generate sudoku --clues 16
expect 2 '' 'whole orbits' -- "$dance" generate sudoku --clues 18 --symmetry rot90
expect 2 '' 'no R x C boxes' -- "$dance" generate sudoku --size 7
# Jigsaw: each puzzle on its own random map, the map on the line after; any size, 7 too
"$dance" generate sudoku --jigsaw --size 7 -n 6 --seed 3 -j 2 >"$tmp/jigsaw" 2>/dev/null
expect 0 '^12$' '' -- sh -c "wc -l <'$tmp/jigsaw' | tr -d ' '"
expect 0 '^6$' '' -- sh -c "'$dance' solve sudoku --jigsaw --unique '$tmp/jigsaw' | grep -c '^unique$'"
expect 0 '^6$' '' -- sh -c "sed -n 'n;p' '$tmp/jigsaw' | sort -u | wc -l | tr -d ' '"
expect 2 '' '--box and --jigsaw exclude each other' -- "$dance" generate sudoku --jigsaw --box 3x3
expect 2 '' 'exclude each other' -- "$dance" generate sudoku --size 9 --box 3x3
expect 2 '' '--symmetry is none' -- "$dance" generate sudoku --symmetry spiral
expect 2 '' '--difficulty is easy' -- "$dance" generate sudoku --difficulty brutal
expect 2 '' 'at least 1' -- "$dance" generate sudoku -n 0
expect 2 '' 'no generator' -- "$dance" generate xcc
expect 2 '' 'unknown puzzle' -- "$dance" generate chess
expect 2 '' 'no puzzle met the options in' -- "$dance" generate sudoku --box 2x2 --clues 4 --difficulty fiendish
expect 0 '(generate too)' '' -- "$dance" list
expect 2 '' 'node-limit is for solve and count' -- "$dance" generate sudoku --node-limit 3
# generate -t: a time limit per puzzle; a puzzle past it is left out, the run goes on, exit 3
expect 3 '^$' '^dance: 2 of 2 puzzles stopped by the time limit$' -- timeout 20 "$dance" generate range --size 200x200 -n 2 -t 0.5
expect 3 '^$' '1 of 1 puzzles stopped' -- timeout 20 "$dance" generate sudoku --box 2x32 --minimal -t 0.5
expect 0 '^3$' '' -- sh -c "'$dance' generate sudoku -n 3 -t 30 --seed 4 | grep -cE '^[0-9.]{81}$'"
expect 2 '' 'minimal is for generate' -- "$dance" solve sudoku --minimal "$data/../../examples/sudoku.txt"

# Ctrl-C: the search stops, exit 3, statistics still printed
"$dance" count xcc "$inputs/xcc/pentomino6x10.dlx" --stats >"$tmp/int.out" 2>"$tmp/int.err" &
pid=$!
sleep 0.5
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

# one search on many threads: the same counts for 1 to 4 threads, the
# same set of solutions, a valid first solution; split + resume add up
hm="$inputs/graphs/hamilton"
for j in 1 2 3 4; do
  expect 0 '^35584$' '' -- "$dance" count xcc "$inputs/xcc/langford11.dlx" -j $j
  expect 0 '^67950$' '' -- "$dance" count xcc "$inputs/xcc/rowcol2_6.dlx" -j $j
  expect 0 '^2048$' '' -- "$dance" count xcc "$inputs/xcc/debruijn5.dlx" -j $j
  expect 0 '^1072$' '' -- "$dance" count hamilton "$hm/grid6x6.hcp" -j $j
  expect 0 '^1728$' '' -- "$dance" count hamilton --knight 5x5 --path --directed -j $j
  expect 0 '^537048$' '' -- "$dance" count clique -k 5 "$inputs/graphs/clique/MANN_a9.clq" -j $j
  expect 0 '^288$' '' -- "$dance" count sudoku "$(bad '................\n')" -j $j
  expect 0 '^multiple$' '' -- "$dance" solve sudoku --unique "$(bad '................\n')" -j $j
  expect 1 '^0$' '' -- "$dance" solve sudoku -n 0 "$(bad '12....3.........\n')" -j $j
done
"$dance" generate range --size 7x7 -n 1 --seed 3 >"$tmp/range1.id" 2>/dev/null
expect 0 '^1$' '' -- "$dance" count range "$tmp/range1.id" -j 3
# each solution (a block of option lines) as one line of its options, sorted
one_line_each() {
  awk 'BEGIN{RS=""} {gsub("\n", "|"); print}' | while read -r block; do
    tr '|' '\n' <<<"$block" | sort | tr '\n' '|'; echo
  done | sort
}
"$dance" solve xcc "$inputs/xcc/pentomino8x8_hole.dlx" -n 0 -j 1 2>/dev/null | one_line_each >"$tmp/all1"
"$dance" solve xcc "$inputs/xcc/pentomino8x8_hole.dlx" -n 0 -j 3 2>/dev/null | one_line_each >"$tmp/all3"
if [ "$(wc -l <"$tmp/all1")" -ne 520 ] || ! cmp -s "$tmp/all1" "$tmp/all3" || [ "$(uniq "$tmp/all3" | wc -l)" -ne 520 ]; then
  echo "FAIL: solve -n 0 -j 3 does not print the 520 solutions of -j 1, each once"; failed=$((failed + 1))
else
  passed=$((passed + 1))
fi
expect 0 '' '' -- "$dance" solve xcc "$inputs/xcc/queens12.dlx" -j 2 --verify
expect 0 '^[0-9]+$' '' -- "$dance" split xcc "$inputs/xcc/langford11.dlx" --depth 1
"$dance" split xcc "$inputs/xcc/rowcol2_6.dlx" --depth 3 >"$tmp/parts" 2>/dev/null
lines=$(wc -l <"$tmp/parts")
sum=0
for range in "1-10" "11-$lines"; do
  sum=$((sum + $("$dance" count xcc "$inputs/xcc/rowcol2_6.dlx" --resume "$tmp/parts:$range" 2>/dev/null)))
done
if [ "$lines" -lt 11 ] || [ "$sum" -ne 67950 ]; then
  echo "FAIL: split --depth 3 into $lines parts, resumed counts sum to $sum, not 67950"; failed=$((failed + 1))
else
  passed=$((passed + 1))
fi
expect 0 '^67950$' '' -- "$dance" count xcc "$inputs/xcc/rowcol2_6.dlx" --resume "$tmp/parts" -j 2
"$dance" split xcc "$inputs/xcc/langford11.dlx" --depth 1 >"$tmp/langford_parts" 2>/dev/null
{ head -n 1 "$tmp/langford_parts"; printf '1 x\n'; } >"$tmp/badparts"
expect 2 '' 'line 2, column 3: expected an option number' -- "$dance" count xcc "$inputs/xcc/langford11.dlx" --resume "$tmp/badparts"
printf '1 2\n' >"$tmp/badparts"
expect 2 '' 'line 1, column 1: expected the header' -- "$dance" count xcc "$inputs/xcc/langford11.dlx" --resume "$tmp/badparts"
# parts name the problem they were split from: the same option numbers would count another one wrong
"$dance" split queens --size 8 --depth 2 >"$tmp/queens_parts" 2>/dev/null
expect 0 '^92$' '' -- "$dance" count queens --size 8 --resume "$tmp/queens_parts"
expect 2 '' 'split from another problem' -- "$dance" count queens --size 9 --resume "$tmp/queens_parts"
printf '%s\n' "$(head -n 1 "$data/sudoku_batch.txt")" >"$tmp/puzzle1"
printf '%s\n' "$(sed -n 4p "$data/sudoku_batch.txt")" >"$tmp/puzzle2"
"$dance" split sudoku "$tmp/puzzle1" --depth 2 >"$tmp/sudoku_parts" 2>/dev/null
expect 0 '^1$' '' -- "$dance" count sudoku "$tmp/puzzle1" --resume "$tmp/sudoku_parts"
expect 2 '^error$' 'split from another problem' -- "$dance" count sudoku "$tmp/puzzle2" --resume "$tmp/sudoku_parts"
# an option assumed twice in a part is refused, not counted as none
{ head -n 1 "$tmp/parts"; echo '0 0'; } >"$tmp/twice_parts"
expect 2 '' 'line 2, column 3: option 0 is listed twice' -- "$dance" count xcc "$inputs/xcc/rowcol2_6.dlx" --resume "$tmp/twice_parts"
{ head -n 1 "$tmp/parts"; echo '0 !0'; } >"$tmp/twice_parts"
expect 2 '' 'option 0 is listed twice' -- "$dance" count xcc "$inputs/xcc/rowcol2_6.dlx" --resume "$tmp/twice_parts"
expect 2 '' 'lines are numbered from 1' -- "$dance" count xcc "$inputs/xcc/langford11.dlx" --resume "$tmp/parts:0-2"
expect 2 '' 'depth goes with split' -- "$dance" split xcc "$inputs/xcc/langford11.dlx"
# options that the command would ignore are refused
expect 2 '^$' 'count does nothing for emit' -- "$dance" emit xcc "$data/knuth_toy.dlx" --count
expect 2 '^$' 'threads does nothing for split' -- "$dance" split xcc "$data/knuth_toy.dlx" --depth 1 -j 2
expect 2 '^$' 'quiet does nothing for list' -- "$dance" list -q
expect 2 '' 'resume is for count' -- "$dance" solve xcc "$inputs/xcc/langford11.dlx" --resume "$tmp/parts"
expect 2 '' 'takes one problem' -- "$dance" split sudoku "$data/sudoku_batch.txt" --depth 1

# --version; progress lines: forced into a file a line every 2 s, none with --no-progress or by default off a terminal
expect 0 '^dance [0-9]+\.[0-9]+\.[0-9]+$' '^$' -- "$dance" --version
progress_lines() {  # progress_lines OPTIONS...: the progress lines of a 5-second count
  "$dance" count xcc "$inputs/xcc/langford15_sym.dlx" -t 5 "$@" 2>&1 >/dev/null | grep -c 'nodes/s'
}
expect 3 '^[0-9]+$' 'nodes, [0-9]+ solutions, .* nodes/s, about .*% of the tree done, [0-9]+ s' -- \
  "$dance" count xcc "$inputs/xcc/langford15_sym.dlx" -t 3 --progress
cp "$tmp/err" "$tmp/progress_file"  # expect's next call writes $tmp/err anew
expect 0 '' '' -- sh -c "! grep -q \"\$(printf '\\r')\" '$tmp/progress_file'"  # no carriage returns in a file
expect 3 '' 'nodes, [0-9]+ solutions' -- "$dance" count xcc "$inputs/xcc/langford15_sym.dlx" -t 3 -j 2 --progress
progress_lines --progress >"$tmp/forced"
expect 0 '^[23]$' '' -- cat "$tmp/forced"  # at 2 s and 4 s (6 s on a loaded machine)
progress_lines --no-progress >"$tmp/off"
expect 0 '^0$' '' -- cat "$tmp/off"
progress_lines >"$tmp/default"
expect 0 '^0$' '' -- cat "$tmp/default"
expect 2 '' 'opposite' -- "$dance" count queens --size 4 --progress --no-progress
expect 2 '' 'progress does nothing for emit' -- "$dance" emit queens --size 4 --progress
# on a terminal: drawn after 2 s and redrawn in place, erased at the end
script -qec "'$dance' count xcc '$inputs/xcc/langford15_sym.dlx' -t 4 2>&1 >/dev/null" /dev/null >"$tmp/search.tty"
expect 0 'nodes/s' '' -- cat "$tmp/search.tty"
expect 0 '^1$' '' -- sh -c "grep -c 'stopped by time limit' '$tmp/search.tty'"
expect 0 '' '' -- sh -c "tr '\\r' '\\n' <'$tmp/search.tty' | grep -a 'stopped by' | grep -qv nodes/s"  # erased before the message

# a failed write of the answers is exit 2 with a message, not success
expect 2 '' 'cannot write the output' -- sh -c "'$dance' solve sudoku '$data/sudoku_batch.txt' >/dev/full"
expect 2 '' 'cannot write the output' -- sh -c "'$dance' count queens --size 8 >/dev/full"
expect 2 '' 'cannot write the output' -- sh -c "'$dance' generate sudoku -n 2 >/dev/full"
expect 2 '' 'cannot write the output' -- sh -c "'$dance' list >/dev/full"
# a UTF-8 byte-order mark is skipped; lone carriage returns end lines, also across the reader's 4 KiB pieces
{ printf '\xEF\xBB\xBF'; cat "$data/knuth_toy.dlx"; } >"$tmp/bom.dlx"
expect 0 '^a d f$' '' -- "$dance" solve xcc "$tmp/bom.dlx"
{ printf '\xEF\xBB\xBF'; head -n 1 "$data/sudoku_batch.txt"; } >"$tmp/bom.txt"
expect 0 '^[1-9]{81}$' '' -- "$dance" solve sudoku "$tmp/bom.txt" --verify
tr '\n' '\r' <"$inputs/xcc/debruijn4.dlx" >"$tmp/cr.dlx"
expect 0 '^16$' '' -- "$dance" count xcc "$tmp/cr.dlx"
sed 's/$/\r/' "$inputs/xcc/debruijn4.dlx" >"$tmp/crlf.dlx"
expect 0 '^16$' '' -- "$dance" count xcc "$tmp/crlf.dlx"
STDIN="$tmp/cr.dlx" expect 0 '^16$' '' -- "$dance" count xcc

# messages: a number too large for a side is quoted as written; a directory is named as one; a long token is cut
STDIN=<(echo '99999999999x99999999999:a') expect 2 '^error$' "line 1, column 1: expected a side from 1 to 1000, found '99999999999'" -- "$dance" solve range
expect 2 '^$' "'/tmp' is a directory" -- "$dance" count xcc /tmp
head -c 100000 /dev/zero | tr '\0' 'Q' >"$tmp/long_token"
expect 2 '' "found 'Q{40}\.\.\.'$" -- "$dance" count queens "$tmp/long_token"
STDIN=<(echo '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9.......Z') \
  expect 2 '^error$' 'out of range 1\.\.9$' -- "$dance" solve sudoku
# one answer per instance: a bad line in a queens batch says error, a size without queens none
printf '4\nx\n3\n' >"$tmp/queens_batch"
expect 2 '^error$' 'line 2, column 1' -- "$dance" solve queens "$tmp/queens_batch"
"$dance" solve queens "$tmp/queens_batch" 2>/dev/null | wc -l >"$tmp/queens_lines"
expect 0 '^6$' '' -- cat "$tmp/queens_lines"
# a truncated grid ends at a blank line and leaves the next puzzle whole: 5 grids, 5 answers
grid=$data/../../examples/inkala_grid.txt
{ cat "$grid"; echo; head -n 7 "$grid"; echo; cat "$grid"; echo; cat "$grid"; echo; cat "$grid"; } >"$tmp/five_grids"
"$dance" solve sudoku "$tmp/five_grids" --format line >"$tmp/five.out" 2>"$tmp/five.err"
expect 0 '^5$' '' -- sh -c "wc -l <'$tmp/five.out'"
expect 0 '^4$' '' -- sh -c "grep -c '^[1-9]\{81\}$' '$tmp/five.out'"
expect 0 'line 21, column 1: expected 9 grid rows, found 5 before a blank line' '' -- cat "$tmp/five.err"

# emit writes what count xcc reads back with the same count: names with ':' or '|', no primary items, nothing left to choose
printf 'a|b c\nc d\nd a|b\n' >"$tmp/bar_names"
for encoding in edge degree position; do
  "$dance" count hamilton "$tmp/bar_names" --encoding $encoding >"$tmp/direct" 2>/dev/null
  expect 0 "^$(cat "$tmp/direct")\$" '' -- sh -c "'$dance' emit hamilton '$tmp/bar_names' --encoding $encoding 2>/dev/null | '$dance' count xcc"
done
printf 'EDGE_DATA_FORMAT \v\v\v\n\v\v\v y\ny EDGE_DATA_FORMAT\n' >"$tmp/tab_name"  # found by fuzz_hamilton
expect 0 '^1$' '' -- "$dance" count hamilton "$tmp/tab_name"
expect 0 '^1$' '' -- sh -c "'$dance' emit hamilton '$tmp/tab_name' 2>/dev/null | '$dance' count xcc"
printf 'piece A:1\nXX\n\npiece B%%%%\nX\nX\n\nregion\n..\n..\n' >"$tmp/colon_piece"
expect 0 '^4$' '' -- "$dance" count polyomino "$tmp/colon_piece"
expect 0 '^4$' '' -- sh -c "'$dance' emit polyomino '$tmp/colon_piece' | '$dance' count xcc"
printf ' | x y\n' >"$tmp/no_primary.dlx"
expect 0 '^ \| x y$' '' -- "$dance" emit xcc "$tmp/no_primary.dlx"
expect 0 '^1$' '' -- sh -c "'$dance' emit xcc '$tmp/no_primary.dlx' | '$dance' count xcc"
head -n 1 "$data/sudoku_batch.txt" | "$dance" solve sudoku --format line >"$tmp/full_grid"
expect 0 '^ \|$' '' -- "$dance" emit sudoku "$tmp/full_grid"
expect 0 '^1$' '' -- sh -c "'$dance' emit sudoku '$tmp/full_grid' | '$dance' count xcc"
expect 0 '^1$' '' -- "$dance" count sudoku "$tmp/full_grid"

# large inputs end in seconds: one option of 300,000 items (each checked against the earlier ones was
# quadratic), 700,000 items of one option each (each node scanned the covered items from the start)
awk 'BEGIN { for (k = 0; k < 300000; ++k) printf "i%d ", k; print ""; for (k = 0; k < 300000; ++k) printf "i%d ", k; print "" }' >"$tmp/long_option.dlx"
expect 0 '^1$' '' -- timeout 15 "$dance" count xcc "$tmp/long_option.dlx"
awk 'BEGIN { for (k = 0; k < 700000; ++k) printf "i%d ", k; print ""; for (k = 0; k < 700000; ++k) print "i" k }' >"$tmp/singles.dlx"
expect 0 '^1$' 'nodes 700001,' -- timeout 8 "$dance" count xcc "$tmp/singles.dlx" --stats

# a vertex without edges answers none at once, whatever the number of vertices declared
printf 'DIMENSION : 16777215\nEDGE_DATA_SECTION\n1 2\n-1\n' >"$tmp/huge.hcp"
expect 1 '^none$' "vertex '1' has only one edge" -- timeout 10 "$dance" solve hamilton "$tmp/huge.hcp"
expect 0 '^1$' '' -- sh -c "printf '1 16777215\n' | timeout 10 '$dance' count hamilton --path"

# range: a board of more than 90,000 cells is refused at once (1000x1000 took minutes)
STDIN=<(echo '1000x1000:a') expect 2 '^error$' 'at most 90000 cells' -- timeout 5 "$dance" solve range

# polyomino: areas that cannot add up, and a piece larger than the region, are answered at once
awk 'BEGIN { print "piece A"; for (r = 0; r < 300; ++r) { s = ""; for (c = 0; c < 300; ++c) s = s "X"; print s }
  print ""; print "region"; for (r = 0; r < 30; ++r) print "..............................";
}' >"$tmp/big_piece"
expect 1 '^0$' 'the pieces have 90000 cells and the region 900' -- timeout 5 "$dance" count polyomino "$tmp/big_piece"
expect 1 '^0$' '' -- sh -c "'$dance' emit polyomino '$tmp/big_piece' | '$dance' count xcc"
awk 'BEGIN { print "piece A"; for (r = 0; r < 30; ++r) print "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXX"; print "";
  print "piece B"; for (r = 0; r < 2; ++r) { s = ""; for (c = 0; c < 450; ++c) s = s "X"; print s }
  print ""; print "region"; for (r = 0; r < 60; ++r) print "..............................";
}' >"$tmp/long_piece"
expect 1 '^0$' '' -- timeout 5 "$dance" count polyomino "$tmp/long_piece"

# a sudoku line with 20 MB of text after it: the cells are taken, the rest is not split into tokens
{ head -n 1 "$data/sudoku_batch.txt" | tr -d '\n'; printf ' '; head -c 20000000 /dev/zero | tr '\0' 'x'; echo; } >"$tmp/trailing.txt"
expect 0 '^[1-9]{81}$' '' -- timeout 5 "$dance" solve sudoku "$tmp/trailing.txt"
{ head -c 20000000 /dev/zero | tr '\0' '1' | sed 's/1/1 /g'; echo; } >"$tmp/spaced.txt"
expect 2 '^error$' 'found more than 4096 cells' -- timeout 5 "$dance" solve sudoku "$tmp/spaced.txt"

# a reduction's options: no guessed abbreviations, messages name the long option, an instance
# given by options alone has no line of stdin in its messages, NAME --help shows that reduction
expect 2 '' "unrecognised option '--n'" -- "$dance" count queens --size 6 --n 4
expect 2 '' "unrecognised option '--node'" -- "$dance" count queens --size 6 --node 4
expect 2 '' "^dance: --size expects a whole number from 1 to 1000; found '-3'" -- "$dance" count queens --size -3
expect 1 '^none$' '^dance: no solution$' -- "$dance" solve queens --size 3
expect 3 '' '^dance: stopped by node limit' -- "$dance" count queens --size 12 --node-limit 5
expect 0 'Options of queens' '' -- "$dance" solve queens --help
expect 0 '' '' -- sh -c "! '$dance' solve queens --help | grep -q 'Options of sudoku'"

summary
