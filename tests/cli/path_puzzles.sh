#!/usr/bin/env bash
# dance's command line as a user runs it: the path puzzles (signpost,
# numbrix, hidato), hamilton --given, and clique and independent-set puzzles.
# usage: path_puzzles.sh DANCE TEST_DATA_DIR DATA_DIR (tests/data, then data)
. "$(dirname "$0")/prelude.sh"

expect 0 '^ ?[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+$' '' -- "$dance" solve signpost --verify "$data/signpost/tatham.txt"
echo 4x4:deg16acbga1bdahbbbg >"$tmp/one.signpost"
expect 0 '^ 4 10  3 16$' '' -- "$dance" solve signpost --verify "$tmp/one.signpost"
expect 0 '^4x4:4d10e3g16a' '' -- sh -c "echo 4x4:deg16acbga1bdahbbbg | '$dance' solve signpost --format id"
STDIN="$data/signpost/tatham.txt" expect 0 '^unique$' '' -- "$dance" solve signpost --unique
# A given number is written from 1, as Tatham writes it: 0 is no blank, 01 no 1.
expect 2 '' "column 6: expected a number from 1 \(without a leading 0\) or an arrow 'a' to 'h', found '0'" -- sh -c "echo 4x4:d0eg16acbga1bdahbbbg | '$dance' solve signpost"
expect 2 '' "found '01'" -- sh -c "echo 4x4:d01eg16acbga1bdahbbbg | '$dance' solve signpost"
# -n 0 prints every grid, as -n 2 prints two (a count is sudoku's, whose answers are one line each).
printf '1 . .\n. . .\n. . 9\n' >"$tmp/two.numbrix"
expect 0 '^1 6 7$' '' -- "$dance" solve numbrix -n 0 "$tmp/two.numbrix"
expect 0 '^1 2 3$' '' -- "$dance" solve numbrix -n 0 "$tmp/two.numbrix"
printf '1 . 3\n. . .\n7 . 9\n' >"$tmp/snake.numbrix"
expect 0 '^6 5 4$' '' -- "$dance" solve numbrix --verify "$tmp/snake.numbrix"
printf '. . . .\n. . . .\n. . . .\n. . . .\n' >"$tmp/empty.numbrix"
expect 0 '^552$' '' -- "$dance" count numbrix "$tmp/empty.numbrix"
printf '1 . x\n. . 5\n' >"$tmp/small.hidato"
expect 0 '^1 [234] x$' '' -- "$dance" solve hidato --verify "$tmp/small.hidato"
# The successor encoding's hook rejects cycles, which Knuth's format cannot
# state: emit says so, and the problem written counts covers with cycles too.
expect 0 '^39744$' 'cannot state' -- sh -c "'$dance' emit numbrix '$tmp/empty.numbrix' | '$dance' count xcc"
for args in "hidato $tmp/small.hidato" "signpost $tmp/one.signpost"; do
  # shellcheck disable=SC2086
  expect 0 '^[0-9]+$' 'cannot state' -- sh -c "'$dance' emit $args | '$dance' count xcc"
done
expect 2 '^error$' "line 1, column 6: expected a number or an arrow" -- sh -c "echo 4x4:dzg | '$dance' solve signpost"
expect 2 '' "is an option of .dance generate numbrix." -- "$dance" solve numbrix --size 5 "$tmp/snake.numbrix"
for r in 0 1 2 3 4 5; do for c in 0 1 2 3 4 5; do
  [ "$c" -lt 5 ] && echo "$((r * 6 + c)) $((r * 6 + c + 1))"
  [ "$r" -lt 5 ] && echo "$((r * 6 + c)) $((r * 6 + c + 6))"
done; done >"$tmp/grid6.txt"
expect 0 '^68$' '' -- "$dance" count hamilton "$tmp/grid6.txt" --path --given 0=1,5=36,14=21
expect 2 '' 'position encoding only' -- sh -c "echo 'a b' | '$dance' count hamilton --path --given a=1 --encoding edge"
# a step past the vertices is named as given, not narrowed to 32 bits first
expect 2 '' "vertex 'a' step 99999999999999, beyond the 3 vertices" -- sh -c "printf 'a b\\nb c\\nc a\\n' | '$dance' solve hamilton --given a=99999999999999"
for family in "numbrix --size 5" "hidato --size 5x5" "signpost --size 5x5"; do
  # shellcheck disable=SC2086
  "$dance" generate $family -n 4 --seed 3 --minimal >"$tmp/gen.path" 2>/dev/null
  # shellcheck disable=SC2086
  if [ "$("$dance" solve ${family%% *} --unique <"$tmp/gen.path" | grep -c '^unique$')" != 4 ]; then
    echo "FAIL: generate $family: four puzzles that are not four unique ones"; failed=$((failed + 1))
  fi
done
# Tatham's program reads dance's IDs (--print reads IDs on stdin, and solves them with --with-solutions;
# Debian's sgt-puzzles, named in the README's test command)
"$dance" generate signpost --size 6x6 -n 3 --seed 5 >"$tmp/gen.signpost" 2>/dev/null
STDIN="$tmp/gen.signpost" expect 0 '^%!PS' '' -- /usr/games/sgt-signpost --print 1x1 --with-solutions
expect 2 '' 'random shapes: no --symmetry' -- "$dance" generate hidato --symmetry rot180
# clique and independent-set puzzles: one largest answer
"$dance" generate clique --vertices 40 -k 9 --seed 2 >"$tmp/gen.clq" 2>/dev/null
expect 0 '^1$' '' -- "$dance" count clique -k 9 "$tmp/gen.clq"
expect 1 '^0$' '' -- "$dance" count clique -k 10 "$tmp/gen.clq"
"$dance" generate independent-set --vertices 30 -k 8 --seed 2 >"$tmp/gen.is" 2>/dev/null
expect 0 '^1$' '' -- "$dance" count independent-set -k 8 "$tmp/gen.is"
expect 2 '' 'needs -k, the size of its one largest answer' -- "$dance" generate clique --vertices 30
expect 2 '' '-k 1 is less than 2' -- "$dance" generate clique --vertices 2 -k 1
expect 2 '' '-k 1 is less than 2' -- "$dance" generate independent-set -k 1
expect 2 '' 'is an option of .dance generate clique.' -- "$dance" solve clique -k 3 --vertices 30 "$tmp/gen.clq"


summary
