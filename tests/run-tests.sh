#!/bin/sh
# Run every test against one build: unit tests (cmocka), CLI tests, oracle
# tests. Prints each result and ends with "N passed, N failed"; the counts
# also go to $BUILD/.results for tests/sum-results.sh.
#
# Environment: PERF_MINI (binary), BUILD (build dir holding tests/unit and
# workloads).

ROOT=$(cd "$(dirname "$0")/.." && pwd)
: "${BUILD:=$ROOT/build}"
: "${PERF_MINI:=$BUILD/perf-mini}"
export PERF_MINI BUILD
export TEST_DATA="$ROOT/tests/data"
# A sanitizer finding must fail loudly, not look like a clean error exit.
export ASAN_OPTIONS="abort_on_error=1:detect_leaks=1"
export UBSAN_OPTIONS="halt_on_error=1:abort_on_error=1:print_stacktrace=1"
export LSAN_OPTIONS="exitcode=134"

passed=0
failed=0
skipped=0
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT

add() {
	passed=$((passed + $1))
	failed=$((failed + $2))
	skipped=$((skipped + ${3:-0}))
}

echo "== unit tests ($BUILD)"
for t in "$BUILD"/tests/unit/*/test-*; do
	[ -x "$t" ] || continue
	out=$("$t" 2>&1)
	rc=$?
	ran=$(printf '%s\n' "$out" | sed -n 's/^\[==========\] \([0-9]*\) test(s) run\./\1/p' | tail -1)
	ok=$(printf '%s\n' "$out" | sed -n 's/^\[  PASSED  \] \([0-9]*\) test(s)\./\1/p' | tail -1)
	ran=${ran:-0}
	ok=${ok:-0}
	if [ $rc -ne 0 ] && [ "$ok" -eq "$ran" ]; then
		ok=$((ran - 1))	# crashed or leaked after the cases passed
	fi
	[ "$ran" -eq 0 ] && ran=1
	printf '%s\n' "$out" | grep -E '^\[  (FAILED|ERROR) |^\[  FAILED  \]|ERROR|runtime error|LeakSanitizer' | sed 's/^/#   /'
	echo "$(basename "$t"): $ok of $ran passed"
	add "$ok" $((ran - ok))
done

for dir in cli oracle; do
	echo "== $dir tests"
	for t in "$ROOT"/tests/$dir/[to][0-9]*.sh; do
		[ -f "$t" ] || continue
		RESULT_FILE=$tmp sh "$t" >"$tmp.log" 2>&1
		grep -E '^(not ok|skip)|^#' "$tmp.log"
		if [ -s "$tmp" ]; then
			read -r p f s <"$tmp"
			add "$p" "$f" "$s"
		else
			echo "$(basename "$t"): did not finish"
			add 0 1
		fi
		: >"$tmp"
	done
	rm -f "$tmp.log"
done

echo "$passed $failed $skipped" >"$BUILD/.results"
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
