#!/bin/sh
# Run the tests against one build: the unit tests (cmocka), then the CLI
# and oracle scripts, JOBS of them at once, each in a trash directory of
# its own (test-lib.sh). Prints each script's failures and skips as it
# ends, and closes with "N passed, N failed, N skipped"; the counts also
# go to $BUILD/.results for tests/sum-results.sh.
#
# Usage: tests/run-tests.sh [-j N] [PATTERN...]
#   PATTERN  which scripts, as globs of their names (t4*, o3000, t8500*):
#            all of them, and the unit tests, when none is given
#
# Environment: PERF_MINI (binary), BUILD (build dir holding tests/unit and
# workloads), TEST_TIMEOUT (seconds a script may run before it is stopped
# and counted failed; 1200). The slowest scripts of the last run ($BUILD/.test-times)
# start first, so the run ends when its longest script does.

ROOT=$(cd "$(dirname "$0")/.." && pwd)

# One script, as a job of the pool below: $1 the results directory.
if [ "$1" = --one ]; then
	out=$2 t=$3 limit=${TEST_TIMEOUT:-1200}
	name=$(basename "$t" .sh)
	start=$(date +%s)
	# timeout puts the script in a process group of its own and stops
	# all of it; the watcher notes what was still running just before.
	RESULT_FILE="$out/$name.res" timeout -k 30 "$((limit + 2))" \
		sh "$t" >"$out/$name.log" 2>&1 &
	group=$!
	(
		trap 'kill $nap 2>/dev/null; exit 0' TERM
		sleep "$limit" & nap=$!
		wait $nap && ps -e --forest -o pgid=,pid=,etimes=,args= |
			awk -v g="$group" '$1 == g { $1 = ""; print }' >"$out/$name.ps"
	) </dev/null >/dev/null 2>&1 &
	watcher=$!
	wait $group
	rc=$?
	kill $watcher 2>/dev/null
	echo "$(($(date +%s) - start)) $name" >"$out/$name.time"
	{
		grep -E '^(not ok|skip)|^#' "$out/$name.log"
		if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
			echo "not ok - $name: still running after $limit s (TEST_TIMEOUT), stopped; its last lines:"
			tail -n 15 "$out/$name.log" | sed 's/^/#   /'
			echo "#   and what ran under it then (pid, seconds, command):"
			sed 's/^/#   /' "$out/$name.ps" 2>/dev/null
		elif [ ! -s "$out/$name.res" ]; then
			echo "not ok - $name: ended (exit $rc) before its summary"
		fi
	} >"$out/$name.summary"
	flock "$out/.print" cat "$out/$name.summary"
	exit 0
fi

jobs=1
while [ $# -gt 0 ]; do
	case "$1" in
	-j) jobs=$2; shift 2 ;;
	-j*) jobs=${1#-j}; shift ;;
	*) break ;;
	esac
done
case "$jobs" in
''|*[!0-9]*|0) echo "run-tests.sh: -j takes a number of scripts, not '$jobs'" >&2; exit 2 ;;
esac

: "${BUILD:=$ROOT/build}"
: "${PERF_MINI:=$BUILD/perf-mini}"
: "${PERF_MINI_SIM:=$BUILD/perf-mini-sim}"
WL="$BUILD/workloads"
TEST_DATA="$ROOT/tests/data"
export PERF_MINI PERF_MINI_SIM BUILD WL TEST_DATA
# A sanitizer finding must fail loudly, not look like a clean error exit.
export ASAN_OPTIONS="abort_on_error=1:detect_leaks=1"
export UBSAN_OPTIONS="halt_on_error=1:abort_on_error=1:print_stacktrace=1"
export LSAN_OPTIONS="exitcode=134"

out=$(mktemp -d "${TMPDIR:-/tmp}/pm-run.XXXXXX") || exit 1
trap 'rm -rf "$out"' EXIT
. "$ROOT/tests/helpers/user-stage.sh"
user_stage "$out/stage" || exit 1

passed=0
failed=0
skipped=0
add() {
	passed=$((passed + $1))
	failed=$((failed + $2))
	skipped=$((skipped + ${3:-0}))
}

unit_tests() {
	echo "== unit tests ($BUILD)"
	for t in "$BUILD"/tests/unit/*/test-*; do
		[ -x "$t" ] || continue
		case "$t" in *.d) continue ;; esac
		res=$("$t" 2>&1)
		rc=$?
		ran=$(printf '%s\n' "$res" | sed -n 's/^\[==========\] \([0-9]*\) test(s) run\./\1/p' | tail -1)
		ok=$(printf '%s\n' "$res" | sed -n 's/^\[  PASSED  \] \([0-9]*\) test(s)\./\1/p' | tail -1)
		ran=${ran:-0}
		ok=${ok:-0}
		if [ $rc -ne 0 ] && [ "$ok" -eq "$ran" ]; then
			ok=$((ran - 1))	# crashed or leaked after the cases passed
		fi
		[ "$ran" -eq 0 ] && ran=1
		printf '%s\n' "$res" | grep -E '^\[  (FAILED|ERROR) |^\[  FAILED  \]|ERROR|runtime error|LeakSanitizer' | sed 's/^/#   /'
		echo "$(basename "$t"): $ok of $ran passed"
		add "$ok" $((ran - ok))
	done
}

# The scripts PATTERN names (all when none), the slowest of the last run first.
scripts() {
	for t in "$ROOT"/tests/cli/[to][0-9]*.sh "$ROOT"/tests/oracle/[to][0-9]*.sh; do
		[ -f "$t" ] || continue
		[ $# -eq 0 ] && { echo "$t"; continue; }
		for p in "$@"; do
			case "$(basename "$t" .sh)" in $p|$p*) echo "$t"; break ;; esac
		done
	done | while read -r t; do
		secs=$(sed -n "s/^\([0-9]*\) $(basename "$t" .sh)\$/\1/p" "$BUILD/.test-times" 2>/dev/null)
		echo "${secs:-0} $t"
	done | sort -k1,1nr -k2 | cut -d' ' -f2-
}

start=$(date +%s)
[ $# -eq 0 ] && unit_tests
list=$(scripts "$@")
[ -n "$list" ] || { echo "run-tests.sh: no test script matches: $*" >&2; exit 2; }
echo "== cli and oracle tests ($(echo "$list" | wc -l) scripts, $jobs at a time)"
echo "$list" | xargs -n 1 -P "$jobs" sh "$0" --one "$out"

for t in $list; do
	name=$(basename "$t" .sh)
	if [ -s "$out/$name.res" ]; then
		read -r p f s <"$out/$name.res"
		add "$p" "$f" "$s"
	else
		add 0 1
	fi
done
[ $# -eq 0 ] && cat "$out"/*.time 2>/dev/null | sort -k1,1nr >"$BUILD/.test-times"
echo "# $(echo "$list" | wc -l) scripts in $(($(date +%s) - start)) s, $jobs at a time"

echo "$passed $failed $skipped" >"$BUILD/.results"
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
