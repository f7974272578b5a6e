#!/usr/bin/env bash
# dance's command line as a user runs it: --format svg and -o DIR.
# usage: pictures.sh DANCE TEST_DATA_DIR DATA_DIR (tests/data, then data)
. "$(dirname "$0")/prelude.sh"

# --format svg: one picture an answer (tests/test_svg.cpp checks that they are well formed)
expect 0 '^<svg xmlns' '' -- "$dance" solve sudoku "$data/../../examples/sudoku.txt" --format svg
expect 0 '^<circle' '' -- "$dance" solve queens --size 5 --format svg
expect 0 '^</svg>$' '' -- "$dance" generate sudoku --seed 2 --format svg
expect 2 '' 'queens writes text, svg or json' -- "$dance" solve queens --size 5 --format png
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

summary
