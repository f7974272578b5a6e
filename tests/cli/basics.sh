#!/usr/bin/env bash
# dance's command line as a user runs it: found, none, a limit; counts, -n, --verify, --stats; malformed input; usage.
# usage: basics.sh DANCE TEST_DATA_DIR DATA_DIR (tests/data, then data)
. "$(dirname "$0")/prelude.sh"

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
# a batch's answers of several lines are kept apart too: 4 and 5 queens, one empty line between
printf '4\n5\n' >"$tmp/two_sizes"
"$dance" solve queens "$tmp/two_sizes" | grep -c '^$' >"$tmp/blanks"
expect 0 '^1$' '' -- cat "$tmp/blanks"
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
expect 2 '^$' "unknown reduction 'nosuch'" -- "$dance" solve nosuch --help
expect 2 '^$' "unknown puzzle 'nosuch'" -- "$dance" generate nosuch --help
expect 2 '' 'unknown command' -- "$dance" frobnicate
expect 2 '' 'needs a REDUCTION' -- "$dance" solve
expect 2 '' 'Usage' -- "$dance"
expect 2 '' "--node-limit takes a whole number, digits only; found 'lots'" -- "$dance" solve xcc --node-limit lots
# counts and seeds are digits only: Boost alone reads -3 into an unsigned as 2^64 - 3
expect 2 '' "--solutions takes a whole number, digits only; found '-3'" -- "$dance" generate sudoku -n -3
expect 2 '' "--node-limit takes a whole number, digits only; found '-1'" -- "$dance" solve xcc "$data/knuth_toy.dlx" --node-limit -1
expect 2 '' "--seed takes a whole number, digits only; found '-1'" -- "$dance" solve xcc "$data/knuth_toy.dlx" --seed -1
expect 2 '' "--clues takes a whole number, digits only; found '-1'" -- "$dance" generate sudoku --clues -1
expect 2 '' "--seed is at most 18446744073709551615; found '18446744073709551616'" -- "$dance" solve xcc "$data/knuth_toy.dlx" --seed 18446744073709551616
expect 2 '' 'threads is at most 1024' -- "$dance" solve xcc "$data/knuth_toy.dlx" -j 100000
expect 2 '' "--memo-mib takes a whole number, digits only; found '-1'" -- "$dance" count xcc "$data/knuth_toy.dlx" --memo-mib -1
expect 2 '' 'time-limit must be a number of seconds' -- "$dance" solve xcc "$data/knuth_toy.dlx" -t nan
# The memo's counts: the domino tilings of 14x14, past 2^64, exact in text and as JSON digits.
awk 'BEGIN { n = 14; for (r = 0; r < n; ++r) for (c = 0; c < n; ++c) printf "r%dc%d ", r, c; print "";
             for (r = 0; r < n; ++r) for (c = 0; c < n; ++c) { if (c + 1 < n) print "r" r "c" c " r" r "c" c + 1;
                                                             if (r + 1 < n) print "r" r "c" c " r" r + 1 "c" c } }' >"$tmp/dominoes14.dlx"
expect 0 '^112202208776036178000000$' '' -- "$dance" count xcc "$tmp/dominoes14.dlx"
expect 0 '"count":"112202208776036178000000"' '' -- "$dance" count xcc "$tmp/dominoes14.dlx" --format json
expect 0 '^112202208776036178000000$' 'solutions 112202208776036178000000, .*memo hits [1-9]' -- "$dance" count xcc "$tmp/dominoes14.dlx" --memo on --stats
expect 2 '' "memo" -- "$dance" count xcc "$tmp/dominoes14.dlx" --memo sometimes
# Algorithm M's memo: the 2 x 200 domino tilings through a piece used 200 times, F(201), past 2^128.
{ printf 'piece D 200\nDD\n\nregion\n'; for r in 1 2; do printf '%0200d\n' 0 | tr 0 .; done; } >"$tmp/dominoes2x200.txt"
expect 0 '^453973694165307953197296969697410619233826$' 'algorithm M with memo' -- "$dance" count polyomino "$tmp/dominoes2x200.txt" --stats
expect 0 '"count":"453973694165307953197296969697410619233826"' '' -- "$dance" count polyomino "$tmp/dominoes2x200.txt" --format json
# --sample: answers drawn at random, each verified; the same seed the same draws, another seed others.
expect 0 'Q' '' -- "$dance" solve queens --size 8 --sample 5 --seed 4 --verify
"$dance" solve queens --size 8 --sample 5 --seed 4 >"$tmp/sample_a"
"$dance" solve queens --size 8 --sample 5 --seed 4 >"$tmp/sample_b"
"$dance" solve queens --size 8 --sample 5 --seed 5 >"$tmp/sample_c"
expect 0 '' '' -- cmp -s "$tmp/sample_a" "$tmp/sample_b"
expect 1 '' '' -- cmp -s "$tmp/sample_a" "$tmp/sample_c"
expect 2 '' 'sample draws from the memo' -- "$dance" solve hamilton --sample 2 "$(bad '0 1\n1 2\n2 0\n')"
expect 2 '' 'without -n' -- "$dance" solve queens --size 8 --sample 2 -n 3
# The memo switched on where it cannot count (threads steal work): refused, not silently dropped; a hook's search does not claim it.
expect 2 '' 'memo on counts in one thread' -- "$dance" count queens --size 6 --memo on -j 2
expect 2 '' "knight makes the instance, so no input is read: no file" -- "$dance" solve hamilton --knight 3x4 "$ex/sudoku.txt"
expect 2 '' "size makes the instance, so no input is read: no file" -- "$dance" count queens --size 4 "$ex/sudoku.txt"
expect 2 '' 'count and --unique ask for different answers' -- "$dance" count queens --size 6 --unique
expect 2 '' 'count and --unique ask for different answers' -- "$dance" solve queens --size 6 --unique --count
expect 2 '' 'unique answers whether there is one answer: without -n' -- "$dance" solve queens --size 6 --unique -n 0
expect 0 '^1$' 'engine: algorithm [XCM]$' -- "$dance" count hamilton --memo on --stats "$(bad '0 1\n1 2\n2 0\n0 3\n3 1\n')"
expect 0 '^1$' 'the memo does not serve hamilton.s search' -- "$dance" count hamilton --memo on "$(bad '0 1\n1 2\n2 0\n0 3\n3 1\n')"
expect 0 '^5$' 'the memo does not serve range.s search' -- sh -c "echo 2x2:d | '$dance' count range --memo on"
# -n 0 from the memo's counts (--memo on): the 8x8 pentomino packings, the same 520 as the search loop's, each verified.
"$dance" solve polyomino "$ex/pentominoes8x8.txt" -n 0 --memo off >"$tmp/walk_plain"
"$dance" solve polyomino "$ex/pentominoes8x8.txt" -n 0 --memo on --verify --stats >"$tmp/walk_memo" 2>"$tmp/walk_stats"
expect 0 'solutions 520.*memo hits [1-9]' '' -- cat "$tmp/walk_stats"
expect 0 '' '' -- python3 -c 'import sys; a, b = (sorted(open(f).read().split("\n\n")) for f in sys.argv[1:]); sys.exit(len(a) != 520 or a != b)' "$tmp/walk_plain" "$tmp/walk_memo"

summary
