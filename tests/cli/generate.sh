#!/usr/bin/env bash
# dance's command line as a user runs it: generate.
# usage: generate.sh DANCE TEST_DATA_DIR DATA_DIR (tests/data, then data)
. "$(dirname "$0")/prelude.sh"

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
expect 2 '' "^dance: --difficulty is easy, medium, hard or fiendish; found ''$" -- "$dance" generate sudoku --difficulty ""
# A family whose puzzles have no clues has no grade: refused at once, not after 10,000 attempts
for puzzle in clique independent-set; do
  expect 2 '' "^dance: --difficulty: $puzzle puzzles are graphs given whole, with no clues to grade: it takes no --difficulty$" -- timeout 5 "$dance" generate $puzzle --k 4 --difficulty easy
done
expect 2 '' 'at least 1' -- "$dance" generate sudoku -n 0
expect 2 '' 'no generator' -- "$dance" generate xcc
expect 2 '' 'unknown puzzle' -- "$dance" generate chess
expect 2 '' 'no puzzle met the options in' -- "$dance" generate sudoku --box 2x2 --clues 4 --difficulty fiendish
expect 0 '(generate too)' '' -- "$dance" list
expect 0 '^clique.*\(generate too\)' '' -- "$dance" list  # its generator needs -k, but it has one
expect 2 '' 'node-limit is for solve, count and split, not generate' -- "$dance" generate sudoku --node-limit 3
# generate -t: a time limit per puzzle; a puzzle past it is left out, the run goes on, exit 3
expect 3 '^$' '^dance: 2 of 2 puzzles stopped by the time limit$' -- timeout 20 "$dance" generate range --size 200x200 -n 2 -t 0.5
expect 3 '^$' '1 of 1 puzzles stopped' -- timeout 20 "$dance" generate sudoku --box 2x32 --minimal -t 0.5
expect 0 '^3$' '' -- sh -c "'$dance' generate sudoku -n 3 -t 30 --seed 4 | grep -cE '^[0-9.]{81}$'"
expect 2 '' 'minimal is for generate' -- "$dance" solve sudoku --minimal "$data/../../examples/sudoku.txt"

summary
