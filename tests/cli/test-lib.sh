# Shared helpers for tests/cli/t*.sh, in the spirit of git's t/test-lib.sh.
#
# A test script sets test_description, sources this file, calls
# test_expect_success "title" 'commands' for each case, and ends with
# test_done. Run one alone with: sh tests/cli/t2000-stat-basic.sh -v
#
# Environment: PERF_MINI (the binary under test), BUILD (the build dir with
# workloads/), TEST_DATA (tests/data). Defaults suit a plain `make`.

TEST_DIR=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$TEST_DIR/../.." && pwd)
: "${PERF_MINI:=$ROOT/perf-mini}"
: "${PERF_MINI_SIM:=$ROOT/perf-mini-sim}"
: "${BUILD:=$ROOT/build}"
: "${TEST_DATA:=$ROOT/tests/data}"
WL="$BUILD/workloads"
SYSFS="$TEST_DATA/sysfs"
export PERF_MINI PERF_MINI_SIM BUILD TEST_DATA WL SYSFS

verbose=
for arg in "$@"; do
	case "$arg" in
	-v|--verbose) verbose=t ;;
	esac
done

TRASH=$(mktemp -d "${TMPDIR:-/tmp}/pm-test.XXXXXX")
trap 'rm -rf "$TRASH"' EXIT
cd "$TRASH" || exit 1

test_count=0
test_failure=0
test_skipped=0

pm() {
	"$PERF_MINI" "$@"
}

# perf-mini with tests/pmu-sim answering for the PMU $PERF_MINI_SYSFS describes
pm_sim() {
	"$PERF_MINI_SIM" "$@"
}

say() {
	printf '%s\n' "$*"
}

test_expect_success() {
	test_count=$((test_count + 1))
	if [ -n "$verbose" ]; then
		( eval "$2" )
	else
		( eval "$2" ) >"$TRASH/.out" 2>&1
	fi
	if [ $? -eq 0 ]; then
		say "ok $test_count - $1"
	else
		test_failure=$((test_failure + 1))
		say "not ok $test_count - $1"
		[ -z "$verbose" ] && sed 's/^/#	/' "$TRASH/.out"
	fi
}

# A test that cannot run here (a missing tool, no root): reported, not counted.
test_skip() {
	test_skipped=$((test_skipped + 1))
	say "skip - $1 ($2)"
}

# The command must fail cleanly: non-zero, not killed by a signal or a sanitizer.
test_must_fail() {
	"$@"
	rc=$?
	if [ $rc -eq 0 ]; then
		echo "test_must_fail: command succeeded: $*" >&2
		return 1
	fi
	if [ $rc -gt 128 ] && [ $rc -ne 129 ]; then
		echo "test_must_fail: command died with $rc: $*" >&2
		return 1
	fi
	return 0
}

# Exit status must be exactly $1.
test_expect_code() {
	want=$1
	shift
	"$@"
	rc=$?
	if [ $rc -ne "$want" ]; then
		echo "expected exit $want, got $rc: $*" >&2
		return 1
	fi
}

test_cmp() {
	diff -u "$1" "$2"
}

# The file must contain a line matching the extended regexp.
test_grep() {
	if ! grep -E -q -- "$1" "$2"; then
		echo "no line matches '$1' in $2:" >&2
		cat "$2" >&2
		return 1
	fi
}

test_done() {
	passed=$((test_count - test_failure))
	say "# $(basename "$0"): $passed passed, $test_failure failed, $test_skipped skipped"
	echo "$passed $test_failure $test_skipped" >"${RESULT_FILE:-/dev/null}"
	[ $test_failure -eq 0 ]
}
