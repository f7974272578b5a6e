#!/usr/bin/env bash
# dance's command line as a user runs it: threads, split and count --resume, options a command would ignore.
# usage: split.sh DANCE TEST_DATA_DIR DATA_DIR (tests/data, then data)
. "$(dirname "$0")/prelude.sh"

# one search on many threads: the same counts for 1 to 4 threads, the
# same set of solutions, a valid first solution; split + resume add up
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
# a problem without solutions splits into a header and no parts: resumed, it counts 0 (a range there is a mistake)
"$dance" split xcc "$(bad 'a b\na\n')" --depth 1 >"$tmp/no_parts" 2>/dev/null
expect 1 '^0$' '' -- "$dance" count xcc "$(bad 'a b\na\n')" --resume "$tmp/no_parts"
expect 2 '' 'no parts on those lines' -- "$dance" count xcc "$(bad 'a b\na\n')" --resume "$tmp/no_parts:2-3"
expect 2 '' 'depth goes with split' -- "$dance" split xcc "$inputs/xcc/langford11.dlx"
# options that the command would ignore are refused
expect 2 '^$' 'count is for solve and count, not emit' -- "$dance" emit xcc "$data/knuth_toy.dlx" --count
expect 2 '^$' 'threads is for solve, count, generate and serve, not split' -- "$dance" split xcc "$data/knuth_toy.dlx" --depth 1 -j 2
expect 2 '^$' 'quiet is for solve, count and generate, not list' -- "$dance" list -q
expect 2 '' 'resume is for count' -- "$dance" solve xcc "$inputs/xcc/langford11.dlx" --resume "$tmp/parts"
expect 2 '' 'takes one problem' -- "$dance" split sudoku "$data/sudoku_batch.txt" --depth 1

summary
