# Shared by the runnel-cli tests (sourced; not a test itself: tests are *.sh).
# Each test runs as: bash TEST.sh RUNNEL_CLI TEST_DATA
set -u
CLI=${1:?usage: bash TEST.sh RUNNEL_CLI TEST_DATA}
DATA=${2:?usage: bash TEST.sh RUNNEL_CLI TEST_DATA}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
cd "$TMP"
# Every test in its own state and config folders: the commit journals of one never replay in another, and
# none lands in the user's own (issue 33).
export XDG_STATE_HOME="$TMP/.state" XDG_CONFIG_HOME="$TMP/.config"

fail() {
  echo "FAIL ($(basename "$0")): $*" >&2
  exit 1
}

# ok CMD...: the command must exit 0.
ok() {
  "$@" >"$TMP/ok.out" 2>"$TMP/ok.err" || fail "exit $? from: $* -- $(head -c 600 "$TMP/ok.err")"
}

# Every file under the working folder but the captured output.
files_now() { find "$TMP" -mindepth 1 ! -name .out ! -name .err ! -name .rss ! -path "$TMP/.state*" ! -path "$TMP/.config*" | sort; }

# expect_exit CODE NEEDLE CMD...: exit status CODE, exactly one line on stderr, matching NEEDLE (an extended
# regular expression, case-insensitive), and no
# new file in the working folder (a failed run writes nothing).
expect_exit() {
  local code=$1 needle=$2
  shift 2
  local before after status=0
  before=$(files_now)
  "$@" >"$TMP/.out" 2>"$TMP/.err" || status=$?
  after=$(files_now)
  [ "$status" -eq "$code" ] || fail "exit $status (wanted $code) from: $* -- $(cat "$TMP/.err")"
  [ "$(wc -l <"$TMP/.err")" -eq 1 ] || fail "wanted one line on stderr from: $* -- got: $(cat "$TMP/.err")"
  grep -qiE -- "$needle" "$TMP/.err" || fail "stderr of: $* -- does not name '$needle': $(cat "$TMP/.err")"
  [ "$before" == "$after" ] || fail "files appeared after a failed run of: $* -- $(comm -13 <(echo "$before") <(echo "$after"))"
  rm -f "$TMP/.out" "$TMP/.err"
}

# expect_exit_within KB CODE NEEDLE CMD...: as expect_exit, and the run's peak memory (the maximum resident
# set /usr/bin/time reports) under KB kilobytes.
expect_exit_within() {
  local kb=$1
  shift
  : >"$TMP/.rss"
  expect_exit "$1" "$2" /usr/bin/time -o "$TMP/.rss" -f "%M" "${@:3}"
  [ "$(tail -1 "$TMP/.rss")" -lt "$kb" ] || fail "peak memory $(tail -1 "$TMP/.rss") KB (over $kb KB) from: ${*:3}"
}

# info_field FILE KEY [ARGS...]: the value of "KEY: value" in `runnel-cli info FILE`.
info_field() {
  local file=$1 key=$2
  shift 2
  "$CLI" info "$file" "$@" | sed -n "s/^$key: //p"
}

# close A B TOL: |A - B| <= TOL
close() {
  python3 -c "import sys; a,b,t=map(float,sys.argv[1:]); sys.exit(0 if abs(a-b)<=t else 1)" "$1" "$2" "$3"
}
