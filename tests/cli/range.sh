#!/usr/bin/env bash
# dance's command line as a user runs it: range.
# usage: range.sh DANCE TEST_DATA_DIR DATA_DIR (tests/data, then data)
. "$(dirname "$0")/prelude.sh"

# range
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

summary
