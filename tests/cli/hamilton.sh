#!/usr/bin/env bash
# dance's command line as a user runs it: hamilton.
# usage: hamilton.sh DANCE TEST_DATA_DIR DATA_DIR (tests/data, then data)
. "$(dirname "$0")/prelude.sh"

# hamilton
expect 0 '^1072$' '' -- "$dance" count hamilton "$hm/grid6x6.hcp"
# an edge list numbered from 1 (the dodecahedron's): its vertices are the names in it, no vertex 0
awk '/EDGE_DATA_SECTION/ { on = 1; next } on && NF == 2' "$hm/dodecahedron.hcp" >"$tmp/dodecahedron.edges"
expect 0 '^1( ([2-9]|1[0-9]|20)){19} 1$' '^$' -- "$dance" solve hamilton "$tmp/dodecahedron.edges" --verify
expect 0 '^30$' '' -- "$dance" count hamilton "$tmp/dodecahedron.edges"
# --restarts: a first cycle of a graph built against backtracking, the same twice from one seed.
"$dance" solve hamilton "$hm/a736.hcp" --restarts 30 --seed 2 --verify -t 60 > "$tmp/restart1"
"$dance" solve hamilton "$hm/a736.hcp" --restarts 30 --seed 2 --verify -t 60 > "$tmp/restart2"
expect 0 '^1( [0-9]+){735} 1$' '' -- cat "$tmp/restart1"
expect 0 '' '' -- cmp "$tmp/restart1" "$tmp/restart2"
expect 0 '' 'removals [1-9]' -- "$dance" solve hamilton "$hm/a736.hcp" --restarts 30 --seed 2 -q --stats --encoding edge
expect 0 '' 'algorithm C' -- "$dance" solve hamilton "$hm/i324.hcp" --restarts 300 --seed 1 --verify -q --stats  # degree, by default for degree <= 4
for wrong in "count hamilton" "solve hamilton -n 2" "solve hamilton --unique" "solve hamilton -j 2"; do
  expect 2 '' 'restarts is for solve' -- "$dance" $wrong "$hm/a736.hcp" --restarts 30
done
# two vertices: one edge is no cycle, two arcs a -> b -> a are one, in every encoding
printf 'a b\n' >"$tmp/one_edge"
printf 'a b\nb a\n' >"$tmp/two_arcs"
printf 'a:\n' >"$tmp/lone"
for encoding in edge degree position; do
  expect 1 '^none$' '' -- "$dance" solve hamilton "$tmp/one_edge" --encoding $encoding --verify
  expect 1 '^0$' '' -- "$dance" count hamilton "$tmp/one_edge" --encoding $encoding
  expect 0 '^1$' '' -- "$dance" count hamilton "$tmp/two_arcs" --directed --encoding $encoding
  expect 0 '^a b a$' '' -- "$dance" solve hamilton "$tmp/two_arcs" --directed --encoding $encoding --verify
  expect 0 '^1$' '' -- "$dance" count hamilton "$tmp/one_edge" --directed --path --encoding $encoding
  # one vertex: a path of its own (no edge), and no cycle
  expect 0 '^a$' '' -- "$dance" solve hamilton "$tmp/lone" --path --encoding $encoding --verify
  expect 0 '^1$' '' -- "$dance" count hamilton "$tmp/lone" --path --directed --encoding $encoding
  expect 1 '^0$' '' -- "$dance" count hamilton "$tmp/lone" --encoding $encoding
done
printf '5 6\n6 7\n7 5\n7 9\n' >"$tmp/pendant.edges"
expect 1 '^none$' "vertex '9' has only one edge: no Hamiltonian cycle" -- "$dance" solve hamilton "$tmp/pendant.edges"
expect 0 '^((5 6|6 5) 7 9|9 7 (5 6|6 5))$' '^$' -- "$dance" solve hamilton "$tmp/pendant.edges" --path --verify
printf 'p edge 0 0\n' >"$tmp/no_vertices.clq"
expect 1 '^none$' 'the graph has no vertices' -- "$dance" solve hamilton "$tmp/no_vertices.clq"
expect 1 '^0$' '' -- "$dance" count hamilton "$tmp/no_vertices.clq" --path
printf '0 1\n1 2\n2 0\n2 3\n3 4\n4 2\n' >"$tmp/bowtie.edges"
expect 1 '^none$' "no solution: no Hamiltonian cycle: without vertex '2' the graph falls into 2 parts" -- "$dance" solve hamilton "$tmp/bowtie.edges"
expect 1 '^0$' '' -- "$dance" count hamilton "$hm/petersen.hcp"
expect 1 '^none$' 'no solution' -- "$dance" solve hamilton "$hm/petersen.hcp"
expect 0 '^a1 ([a-h][1-8] ){63}a1$' '' -- "$dance" solve hamilton --knight 8x8 --closed --verify
expect 0 '^864$' '' -- "$dance" count hamilton --knight 5x5
expect 1 '^0$' 'bipartite with sides of 13 and 12' -- "$dance" count hamilton --knight 5x5 --closed
expect 2 '' 'closed asks for a cycle' -- "$dance" count hamilton --knight 5x5 --closed --path
expect 0 '^1728$' '' -- "$dance" count hamilton --knight 5x5 --path --directed
expect 0 '^60$' '' -- "$dance" count hamilton "$hm/dodecahedron.hcp" --encoding position
expect 0 '^30$' '' -- "$dance" count hamilton "$hm/dodecahedron.hcp" --encoding degree
expect 0 '^8$' '' -- "$dance" count hamilton "$hm/grid4x4.hcp" --from 1 --to 4
expect 0 '^1 ([0-9]+ ){14}4$' '' -- "$dance" solve hamilton "$hm/grid4x4.hcp" --from 1 --to 4 --verify
expect 2 '' 'longest works with the degree encoding only' -- "$dance" solve hamilton "$hm/ftl24.adj" --longest --from 0 --to 23 --encoding edge
expect 2 '' 'encoding is edge, degree or position' -- "$dance" count hamilton "$hm/dodecahedron.hcp" --encoding adjacency
expect 0 '^0( [0-9]+){21} 23$' 'left out' -- "$dance" solve hamilton "$hm/ftl24.adj" --longest --from 0 --to 23 --verify
expect 0 '' '' -- sh -c "'$dance' solve hamilton '$hm/ftl24.adj' --longest --from 0 --to 23 | grep -vw 18"
# --longest --directed keeps every vertex that the start reaches and that reaches the end (issue 45)
printf '1 2\n2 3\n' >"$tmp/chain"
expect 0 '^1 2 3$' '' -- "$dance" solve hamilton "$tmp/chain" --longest --from 1 --to 3 --directed --verify
printf '0 1\n0 2\n1 2\n' >"$tmp/shortcut"
expect 0 '^0 1 2$' '' -- "$dance" solve hamilton "$tmp/shortcut" --longest --from 0 --to 2 --directed --verify
printf '0 3\n0 4\n1 0\n1 2\n1 3\n3 0\n4 1\n' >"$tmp/detour"
expect 0 '^3 0 4 1 2$' '' -- "$dance" solve hamilton "$tmp/detour" --longest --from 3 --to 2 --directed --verify
expect 2 '' 'go together' -- "$dance" solve hamilton "$hm/grid4x4.hcp" --from 1
expect 2 '' 'knight expects MxN' -- "$dance" solve hamilton --knight 8by8
expect 0 '^\{"status":"found","answer":\{"vertices":\["1"(,"[0-9]+"){15}\],"cycle":true\}\}$' '' -- \
  "$dance" solve hamilton "$hm/grid4x4.hcp" --format json --verify
expect 1 '^\{"status":"none"\}$' '' -- "$dance" solve hamilton "$hm/petersen.hcp" --format json
expect 0 '^\{"status":"found","answer":\{"vertices":\["[a-e][1-5]",' '' -- \
  "$dance" solve hamilton --knight 5x5 --format json
printf 'x"1 y\ny z\\w\nz\\w x"1\n' >"$tmp/quoted.txt"
expect 0 '^\{"status":"found","answer":\{"vertices":\["x\\"1","z\\\\w","y"\],"cycle":true\}\}$' '' -- \
  "$dance" solve hamilton "$tmp/quoted.txt" --format json
expect 2 '' 'hamilton writes text, svg or json' -- "$dance" solve hamilton "$hm/grid4x4.hcp" --format xml
# ends that the graph cannot take: exit 2 and the reason (dance serve answered these by dying)
printf 'a b\nb c\n' >"$tmp/line.txt"
expect 2 '' "--to names vertex 'zz'" -- "$dance" solve hamilton "$tmp/line.txt" --path --from a --to zz
expect 2 '' "--from names vertex 'zz'" -- "$dance" solve hamilton --knight 5x5 --from zz --to a1
expect 2 '' '--from and --to go together' -- "$dance" solve hamilton "$tmp/line.txt" --from a
expect 2 '' '--longest needs --from and --to' -- "$dance" solve hamilton "$tmp/line.txt" --longest
# without the hook, sets of disjoint cycles count too (18 against 6): emit says so
expect 0 '^18$' '' -- sh -c "'$dance' emit hamilton '$hm/grid4x4.hcp' 2>/dev/null | '$dance' count xcc"
expect 0 '' 'Knuth.s format cannot state' -- "$dance" emit hamilton "$hm/grid4x4.hcp"

summary
