#!/usr/bin/env bash
# dance's command line as a user runs it: clique and independent-set.
# usage: clique.sh DANCE TEST_DATA_DIR DATA_DIR (tests/data, then data)
. "$(dirname "$0")/prelude.sh"

# clique and independent-set
expect 0 '^yes: [0-9 ]+$' '' -- "$dance" solve clique -k 11 "$cl/keller4.clq" --verify
expect 1 '^no$' 'no solution' -- "$dance" solve clique -k 12 "$cl/keller4.clq"
expect 3 '^unknown$' 'stopped by node limit' -- "$dance" solve clique -k 45 --node-limit 100 "$cl/C250.9.clq"
expect 0 '^yes: ([0-9]+ ){10}[0-9]+$' '' -- "$dance" solve clique --max "$cl/keller4.clq" --verify
expect 0 '^yes: ([0-9]+ ){6}[0-9]+$' '' -- "$dance" solve independent-set --max "$cl/johnson8-2-4.clq" --verify
# --max: each better answer on stderr as found; stopped, the best so far, said to be a lower bound
expect 0 '^yes: ([0-9]+ ){10}[0-9]+$' 'best so far: yes: ([0-9]+ ){10}[0-9]+$' -- "$dance" solve clique --max "$cl/keller4.clq"
expect 0 '^$' '^$' -- "$dance" solve clique --max "$cl/keller4.clq" -q --verify
expect 3 '^yes: ' 'best found before the search stopped, a lower bound' -- "$dance" solve clique --max --node-limit 1 "$cl/C250.9.clq"
expect 1 '^0$' '' -- sh -c "'$dance' solve clique --max --node-limit 1 -q '$cl/C250.9.clq' 2>&1 | grep -c 'answer printed'"  # -q prints none
expect 1 '^no$' 'no solution: the graph has no vertices' -- sh -c "printf 'p edge 0 0\n' | '$dance' solve clique --max"
expect 0 '^420$' '' -- "$dance" count clique -k 3 "$cl/johnson8-2-4.clq"
expect 0 '^yes: a b c$' '1 repeated edge ignored' -- sh -c "printf 'a b\nb c\nc a\nc d\na b\n' | '$dance' solve clique --max"
expect 2 '' 'needs either -k .the size sought. or --max' -- "$dance" solve clique "$cl/keller4.clq"
expect 1 '^no$' 'no solution: k = 30, but the graph has 28 vertices' -- "$dance" solve clique -k 30 "$cl/johnson8-2-4.clq"
expect 1 '^0$' 'k = 30, but the graph has 28 vertices' -- "$dance" count clique -k 30 "$cl/johnson8-2-4.clq"
expect 1 '^0$' 'clues clash' -- "$dance" count sudoku "$(bad '11..............\n')"
expect 1 '^$' 'clues clash' -- "$dance" split sudoku "$(bad '11..............\n')" --depth 2
expect 2 '' 'line 2, column 5: expected a vertex number' -- sh -c "printf 'p edge 3 1\ne 1 9\n' | '$dance' solve clique -k 2"
expect 2 '' 'one best answer' -- "$dance" count clique --max "$cl/keller4.clq"
expect 2 '' 'clique takes -k or --max, not both' -- "$dance" solve clique -k 2 --max "$cl/keller4.clq"
expect 2 '' '^dance: -k expects a whole number from 1' -- "$dance" solve clique -k 0 "$cl/keller4.clq"
expect 0 '^420$' '' -- sh -c "'$dance' emit clique -k 3 '$cl/johnson8-2-4.clq' | '$dance' count xcc"
# each option written names its vertex, so that an answer of the problem written reads as vertices
expect 0 '^k( #[0-9]+)* va$' '' -- sh -c "printf 'a b\nb c\nc a\nc d\n' | '$dance' emit clique -k 3 2>/dev/null | '$dance' solve xcc"
expect 0 '^k vd$' '' -- sh -c "printf 'a b\nc d\n' | '$dance' emit clique --max 2>/dev/null"
expect 0 '^k v64$' '' -- sh -c "'$dance' emit independent-set --max '$cl/hamming6-4.clq' 2>/dev/null"  # through the kernel

summary
