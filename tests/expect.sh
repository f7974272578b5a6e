# The helpers of the shell tests (sourced): a scratch directory, expect(), the tally.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0

# matches PATTERN FILE: '' matches anything, '^$' only an empty file, else grep -E
matches() {
  case "$1" in
    '') return 0 ;;
    '^$') [ ! -s "$2" ] ;;
    *) grep -qE -- "$1" "$2" ;;
  esac
}

# expect STATUS STDOUT_PATTERN STDERR_PATTERN -- command... (stdin from $STDIN)
expect() {
  local status=$1 out_pattern=$2 err_pattern=$3
  shift 4
  "$@" >"$tmp/out" 2>"$tmp/err" <"${STDIN:-/dev/null}"
  local got=$?
  [ -n "${RECORD:-}" ] && record "$got" "$@"
  if [ "$got" -ne "$status" ] || ! matches "$out_pattern" "$tmp/out" || ! matches "$err_pattern" "$tmp/err"; then
    echo "FAIL: $* (exit $got, wanted $status)"
    echo "  stdout: $(head -c 400 "$tmp/out")"
    echo "  stderr: $(head -c 400 "$tmp/err")"
    failed=$((failed + 1))
  else
    passed=$((passed + 1))
  fi
}
# With RECORD=FILE, every command line, its status and its output go into
# FILE too (tests/cli/same_output.sh compares two builds' records).
record() {
  local got=$1
  shift
  {
    echo "\$ $* (exit $got)"
    cat "$tmp/out"
    echo "-- stderr"
    cat "$tmp/err"
  } | sed -e "s|$tmp|TMP|g" -e "s|$dance|DANCE|g" >>"$RECORD"
}
# The tally; the status of the test script.
summary() {
  echo "$passed passed, $failed failed"
  [ "$failed" -eq 0 ]
}
