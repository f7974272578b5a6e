#!/usr/bin/env bash
# dance's command line as a user runs it: --format, dance's own option; json
# for every reduction (tests/test_json.cpp checks each answer's value).
# usage: formats.sh DANCE TEST_DATA_DIR DATA_DIR (tests/data, then data)
. "$(dirname "$0")/prelude.sh"

# A batch: one JSON object per instance and line, in input order, with its status.
printf '8\n2\nx\n4\n' >"$tmp/sizes"
expect 2 '' 'line 3, column 1' -- "$dance" solve queens "$tmp/sizes" --format json
cp "$tmp/out" "$tmp/lines"
expect 0 '^4$' '' -- sh -c "wc -l <'$tmp/lines'"
expect 0 '^\{"status":"found","answer":\{"columns":\[1,5,8,6,3,7,2,4\]\}\}$' '' -- sed -n 1p "$tmp/lines"
expect 0 '^\{"status":"none"\}$' '' -- sed -n 2p "$tmp/lines"
expect 0 '^\{"status":"error","error":\{"code":"parse_error","message":".*","line":3,"column":1\}\}$' '' -- sed -n 3p "$tmp/lines"
expect 0 '^\{"status":"found","answer":\{"columns":\[2,4,1,3\]\}\}$' '' -- sed -n 4p "$tmp/lines"
# every line is one JSON object (parsed, not matched)
expect 0 '^ok$' '' -- python3 -c "import json,sys; [json.loads(l) for l in open(sys.argv[1])]; print('ok')" "$tmp/lines"
# the same lines with -j 2: input order kept
"$dance" solve queens "$tmp/sizes" --format json -j 2 >"$tmp/lines2" 2>/dev/null
expect 0 '^$' '' -- cmp "$tmp/lines" "$tmp/lines2"
# none proven on its face says why
expect 1 '^\{"status":"none","warnings":\[".*"\],"reason":"vertex .b2. has no edges: no Hamiltonian path"\}$' '' -- \
  "$dance" solve hamilton --knight 3x3 --format json
# -q: nothing on stdout, in json too
expect 0 '^$' '' -- "$dance" solve queens --size 4 --format json -q
# count, -n N, --unique, a limit
expect 0 '^\{"status":"found","count":92,"complete":true\}$' '' -- "$dance" count queens --size 8 --format json
expect 0 '^\{"status":"found","answers":\[\{"columns":\[2,4,1,3\]\},\{"columns":\[3,1,4,2\]\}\]\}$' '' -- \
  "$dance" solve queens --size 4 -n 0 --format json
expect 0 '^\{"status":"found","unique":true,"answer":\{"rows":\[\[4,6,8,' '' -- "$dance" solve sudoku "$ex/sudoku.txt" --unique --format json
expect 0 '^\{"status":"found","unique":false,"answer":\{"rows":' '' -- sh -c "echo ................ | '$dance' solve sudoku --unique --format json"
expect 3 '^\{"status":"stopped","stopped_by":"node limit"\}$' 'stopped by node limit' -- \
  "$dance" solve queens --size 30 --node-limit 10 --format json
expect 3 '^\{"status":"stopped","count":[0-9]+,"complete":false,"stopped_by":"node limit"\}$' '' -- \
  "$dance" count queens --size 12 --node-limit 100 --format json
# a sudoku as rows of numbers; a line per puzzle of a batch, the bad one an error in its place
printf '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n11\n' >"$tmp/two"
"$dance" solve sudoku "$tmp/two" --format json >"$tmp/two.json" 2>/dev/null
expect 0 '^\{"status":"found","answer":\{"rows":\[\[5,3,4,6,7,8,9,1,2\],' '' -- sed -n 1p "$tmp/two.json"
expect 0 '^\{"status":"error","error":\{"code":"parse_error"' '' -- sed -n 2p "$tmp/two.json"
# an input with no instance is one error line too
expect 2 '^\{"status":"error","error":\{"code":"bad_request","message":"<stdin>: no queens instance in the input"\}\}$' '' -- \
  "$dance" solve queens --format json
# Unknown formats and formats where there is nothing to write: usage errors that name what there is
expect 2 '^$' 'sudoku writes text, line, grid, svg or json; found .xml' -- "$dance" solve sudoku "$ex/sudoku.txt" --format xml
expect 2 '^$' 'xcc writes text or json' -- "$dance" solve xcc "$ex/knuth_toy.dlx" --format svg
expect 2 '^$' 'format is for solve, count and generate' -- "$dance" emit queens --size 4 --format json
expect 2 '^$' 'no --output-dir' -- "$dance" solve queens --size 4 --format json -o "$tmp"
# generate --format json: every generating reduction, an object per puzzle
# whose puzzle solve reads back, with one answer, its solution
expect 0 '^\{"puzzle":"[^"]+","solution":"[^"]+","clues":51\}$' '' -- "$dance" generate sudoku --format json
expect 0 '^\{"puzzle":"7x7:' '' -- "$dance" generate range --format json
# each: generate's arguments | solve's
for family in "sudoku|sudoku" "sudoku --jigsaw --size 6|sudoku --jigsaw" "range|range" "numbrix|numbrix" \
              "hidato|hidato" "signpost|signpost" "clique -k 4 --vertices 12|clique -k 4" \
              "independent-set -k 4 --vertices 12|independent-set -k 4"; do
  # shellcheck disable=SC2086
  "$dance" generate ${family%%|*} --format json -n 2 --seed 5 >"$tmp/made.json"
  expect 0 '^unique unique$' '' -- python3 -c "
import json, subprocess, sys
dance, made, solve = sys.argv[1], sys.argv[2], sys.argv[3].split()
verdicts = [subprocess.run([dance, 'solve', *solve, '--unique'], input=json.loads(line)['puzzle'] + '\\n',
                           capture_output=True, text=True).stdout.split()[0] for line in open(made)]
print(' '.join(verdicts))
" "$dance" "$tmp/made.json" "${family#*|}"
done
# Where they are listed: dance list, and dance solve NAME --help
expect 0 '^sudoku.*--format text\|line\|grid\|svg\|json$' '' -- "$dance" list
expect 0 '^  id +each answer as a game ID' '' -- "$dance" solve signpost --help
# Every command line that worked before --format was dance's works the same
expect 0 '^4x4:4d10e3g16a' '' -- sh -c "echo 4x4:deg16acbga1bdahbbbg | '$dance' solve signpost --format id"
expect 0 '^\. Q \. \.$' '' -- "$dance" solve queens --size 4 --format text

# From an attacker's test: bytes that are not UTF-8 keep every instance's line; formats that print nothing refused;
# a solve stopped by a limit after some of its answers says so
expect 2 '^\{"status":"found","answer":\{"columns":\[2,4,6,1,3,5\]' 'line 2, column 1' -- sh -c "printf '4\\n\\377\\n6\\n' | '$dance' solve queens --format json"
expect 2 '' 'count writes numbers: --format text or json' -- "$dance" count queens --size 8 --format svg
expect 2 '' '--format needs a name' -- "$dance" solve queens --size 6 --format ''
expect 2 '' '--format: dance generate sudoku writes text, svg or json; found .line.' -- "$dance" generate sudoku --format line
expect 2 '' '--format: dance generate signpost writes text, svg, id or json; found .grid.' -- "$dance" generate signpost -n 1 --format grid
expect 0 '' 'the answers printed are those found before the search stopped' -- "$dance" solve queens --size 12 -n 0 --node-limit 3000
expect 0 '^$' '^dance: stopped by node limit before the search was complete$' -- "$dance" solve queens --size 12 -n 0 --node-limit 3000 -q  # -q printed none
expect 0 '"stopped_by":"node limit"' '' -- "$dance" solve queens --size 12 -n 0 --node-limit 3000 --format json

summary
