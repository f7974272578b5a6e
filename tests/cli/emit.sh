#!/usr/bin/env bash
# dance's command line as a user runs it: emit: Knuth's format that counts as the reduction does.
# usage: emit.sh DANCE TEST_DATA_DIR DATA_DIR (tests/data, then data)
. "$(dirname "$0")/prelude.sh"

# emit: Knuth's format that counts as the reduction does (clues taken as forced)
for args in "sudoku $ex/sudoku.txt" "sudoku $data/jigsaw4.txt --jigsaw" "queens --size 6" "xcc $data/knuth_toy.dlx" \
            "polyomino $ex/pentominoes8x8.txt" "polyomino $ex/pentominoes8x8.txt --up-to-symmetry"; do
  # shellcheck disable=SC2086
  want=$("$dance" count $args 2>/dev/null)
  # shellcheck disable=SC2086
  expect 0 "^$want\$" '' -- sh -c "'$dance' emit $args | '$dance' count xcc"
done
expect 2 '' 'emit takes one problem' -- "$dance" emit sudoku "$data/sudoku_batch.txt"

summary
