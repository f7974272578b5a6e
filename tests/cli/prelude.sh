# What every area of the command-line tests (tests/cli/*.sh) starts with:
# the arguments, expect() and the tally (tests/expect.sh), the inputs' folders.
set -u
dance=$1 data=$2 inputs=$3
. "$(dirname "${BASH_SOURCE[0]}")/../expect.sh"
bad() { printf '%b' "$1" >"$tmp/bad.dlx"; echo "$tmp/bad.dlx"; }
ex="$data/../../examples"
hm="$inputs/graphs/hamilton"
cl="$inputs/graphs/clique"
rg="$inputs/range"
# Waits until process $1 catches SIGINT (dance's handler is set): until then a
# background job of a script ignores Ctrl-C, and a loaded machine or a
# sanitized build can take seconds to get there (CI saw a batch of a million
# puzzles run to its end).
catching_interrupt() {
  local caught
  for _ in $(seq 600); do
    caught=$(awk '/^SigCgt/ { print $2 }' "/proc/$1/status" 2>/dev/null) || return 0
    [ -z "$caught" ] && return 0
    (( 16#$caught & 2 )) && return 0
    sleep 0.1
  done
}
