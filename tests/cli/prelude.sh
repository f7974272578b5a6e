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
