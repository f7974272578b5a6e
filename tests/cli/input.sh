#!/usr/bin/env bash
# dance's command line as a user runs it: --version and progress lines, write failures, odd bytes, long inputs, messages, a reduction's options.
# usage: input.sh DANCE TEST_DATA_DIR DATA_DIR (tests/data, then data)
. "$(dirname "$0")/prelude.sh"

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
expect 2 '' 'progress is for solve, count and generate, not emit' -- "$dance" emit queens --size 4 --progress
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
# vertex and piece names that look like the encodings' own items ('a-b', 'a>', 'step0', '*', a cell '1,2') are names like any other
printf 'a b-c\na-b c\nb-c a-b\nc a\n' >"$tmp/edge_names"    # a 4-cycle a, b-c, a-b, c
printf 'x> >x\n>x step0\nstep0 x>\n' >"$tmp/arc_names"       # a triangle
for encoding in edge degree position; do
  twice=$([ $encoding = position ] && echo 2 || echo 1)  # the position encoding finds each undirected answer both ways
  expect 0 "^$twice\$" '' -- "$dance" count hamilton "$tmp/edge_names" --encoding $encoding
  expect 0 "^$twice\$" '' -- "$dance" count hamilton "$tmp/arc_names" --encoding $encoding
  expect 0 '^1$' '' -- "$dance" count hamilton "$tmp/arc_names" --encoding $encoding --directed
  expect 0 "^$((3 * twice))\$" '' -- "$dance" count hamilton "$tmp/arc_names" --encoding $encoding --path
done
expect 0 '^x> >x step0 x>$' '' -- "$dance" solve hamilton "$tmp/arc_names" --given 'step0=3'
printf 'piece 1,2\nXX\nregion\n..\n' >"$tmp/cell_piece"
expect 0 '^1$' '' -- "$dance" count polyomino "$tmp/cell_piece"
printf 'EDGE_DATA_FORMAT \v\v\v\n\v\v\v y\ny EDGE_DATA_FORMAT\n' >"$tmp/tab_name"  # found by fuzz_hamilton
expect 0 '^1$' '' -- "$dance" count hamilton "$tmp/tab_name"
expect 0 '^1$' '' -- sh -c "'$dance' emit hamilton '$tmp/tab_name' 2>/dev/null | '$dance' count xcc"
printf 'piece A:1\nXX\n\npiece B%%%%\nX\nX\n\nregion\n..\n..\n' >"$tmp/colon_piece"
expect 0 '^4$' '' -- "$dance" count polyomino "$tmp/colon_piece"
expect 0 '^4$' '' -- sh -c "'$dance' emit polyomino '$tmp/colon_piece' | '$dance' count xcc"
printf ' | x y\n' >"$tmp/no_primary.dlx"
expect 0 '^ \| x y$' '' -- "$dance" emit xcc "$tmp/no_primary.dlx"
expect 0 '^1$' '' -- sh -c "'$dance' emit xcc '$tmp/no_primary.dlx' | '$dance' count xcc"
# Nothing to cover: the empty selection is the one solution (Knuth's programs count it), on every path
for way in "count xcc --memo off" "count xcc --memo on" "count xcc -j 2" "solve xcc --count"; do
  expect 0 '^1$' '' -- "$dance" $way "$tmp/no_primary.dlx"
done
expect 0 '^unique$' '' -- "$dance" solve xcc --unique "$tmp/no_primary.dlx"
expect 0 '"options":\[\]' '' -- "$dance" solve xcc -n 0 --memo on --format json "$tmp/no_primary.dlx"
expect 0 '' 'solutions 1,' -- "$dance" solve xcc -n 0 --stats "$tmp/no_primary.dlx"
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
