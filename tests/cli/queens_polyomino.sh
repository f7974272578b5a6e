#!/usr/bin/env bash
# dance's command line as a user runs it: queens and polyomino.
# usage: queens_polyomino.sh DANCE TEST_DATA_DIR DATA_DIR (tests/data, then data)
. "$(dirname "$0")/prelude.sh"

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

summary
