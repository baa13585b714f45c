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
: "${WL:=$BUILD/workloads}"
: "${SYSFS:=$TEST_DATA/sysfs}"
export PERF_MINI PERF_MINI_SIM BUILD TEST_DATA WL SYSFS

verbose=
for arg in "$@"; do
	case "$arg" in
	-v|--verbose) verbose=t ;;
	esac
done

TRASH=$(mktemp -d "${TMPDIR:-/tmp}/pm-test.XXXXXX")
# a script with a failure keeps its directory (the recordings that failed
# are what tells a flake's cause), named in its last line
trap 'if [ "${test_failure:-0}" -eq 0 ]; then rm -rf "$TRASH"; fi' EXIT
# run-tests.sh stops a script that overruns with TERM: clean up on it too
trap 'exit 143' TERM
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

# What this user may count, probed once with the binary under test, so the
# suite passes as root and as a normal user (perf_event_paranoid 2):
#   $u       ":u" where events are confined to user space (perf names them
#            task-clock:u), "" where they count the kernel too
#   KERNEL   events count the kernel too ($u is empty)
#   SYSWIDE  CPU-wide events (-a, -C, --per-core) may be opened
#   TRACEFS  tracepoints may be read and counted
#   ROOT     the suite runs as root
#   PERF     Linux perf is installed (the oracle)
#   NORMAL_USER  as_user can run a command as a normal user (below)
# A test that needs one names it first: test_expect_success SYSWIDE 'title' '...'
u=$("$PERF_MINI" stat -x, -e task-clock -- true 2>&1 |
	sed -n 's/^[^,]*,msec,task-clock\(:u\)\{0,1\},.*/\1/p')
prereqs=
[ -z "$u" ] && prereqs="$prereqs KERNEL"
"$PERF_MINI" stat -x, -a -e cpu-clock -- true >/dev/null 2>&1 && prereqs="$prereqs SYSWIDE"
"$PERF_MINI" stat -x, -e sched:sched_switch -- true >/dev/null 2>&1 && prereqs="$prereqs TRACEFS"
[ "$(id -u)" = 0 ] && prereqs="$prereqs ROOT"
command -v perf >/dev/null 2>&1 && prereqs="$prereqs PERF"
export u

# perf resolves the vDSO from its copy under $HOME/.debug, which its first
# record there makes: a user whose HOME cannot be written (nobody) gets one
# in the trash directory; a fresh machine's HOME gets its copy now.
if command -v perf >/dev/null 2>&1; then
	if ! [ -w "${HOME:-/nonexistent}" ]; then
		export HOME="$TRASH/home"
		mkdir -p "$HOME"
	fi
	[ -d "$HOME/.debug/[vdso]" ] ||
		perf record -q -o "$TRASH/warm.data" -- true >/dev/null 2>&1
fi

# Run a command as a normal user: as nobody when the suite runs as root
# (the trash directory opened to it, the binaries and data where nobody
# reaches them: user-stage.sh), as itself otherwise. NORMAL_USER is met
# where that can be done.
if [ "$(id -u)" = 0 ]; then
	. "$ROOT/tests/helpers/user-stage.sh"
	user_stage "$TRASH/stage" || exit 1
	as_user() {
		chmod 777 "$TRASH" && setpriv --reuid=65534 --regid=65534 --clear-groups "$@"
	}
	command -v setpriv >/dev/null 2>&1 && prereqs="$prereqs NORMAL_USER"
else
	as_user() {
		"$@"
	}
	prereqs="$prereqs NORMAL_USER"
fi

# await 'SHELL TEST': until the test holds, every twentieth of a second;
# after AWAIT_LIMIT seconds (120) it fails saying what it waited for, so
# a process that never starts is a failure, not a hang.
await() {
	await_n=$((${AWAIT_LIMIT:-120} * 20))
	until eval "$1"; do
		await_n=$((await_n - 1))
		[ $await_n -gt 0 ] || { echo "await: gave up waiting for: $1" >&2; return 1; }
		sleep 0.05
	done
}

# await_comm PID NAME: until process PID runs NAME (it has exec'd)
await_comm() {
	await "[ \"\$(cat /proc/$1/comm 2>/dev/null)\" = $2 ]"
}

# tell FIFO LINE: LINE written to FIFO once a reader has it open; fails
# after 30 s where none comes (the reader ended first)
tell() {
	timeout 30 sh -c 'echo "$2" >"$1"' tell "$1" "$2" ||
		{ echo "tell: nobody read $1 for 30 s" >&2; return 1; }
}

# same_report FILE ARGS...: perf report and perf-mini report --stdio ARGS
# on one file give the same table (perf's tip dropped). A script may
# define its own, for its own masking.
same_report() {
	file=$1; shift
	perf report --stdio -i "$file" "$@" 2>/dev/null |
		sh "$ROOT/tests/helpers/drop-perf-tip.sh" >perf.txt &&
	pm report --stdio -i "$file" "$@" >pm.txt &&
	test_cmp perf.txt pm.txt
}

# All of the comma-separated prerequisites in $1 are met.
test_have_prereq() {
	for p in $(echo "$1" | tr , " "); do
		case " $prereqs " in
		*" $p "*) ;;
		*) return 1 ;;
		esac
	done
}

test_expect_success() {
	if [ $# -eq 3 ]; then
		if ! test_have_prereq "$1"; then
			test_skip "$2" "needs $1, which this user or machine does not give"
			return 0
		fi
		shift
	fi
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

# The command must fail cleanly: non-zero, not killed by a signal or a
# sanitizer (129: a usage error, 255: perf's status for an error).
test_must_fail() {
	"$@"
	rc=$?
	if [ $rc -eq 0 ]; then
		echo "test_must_fail: command succeeded: $*" >&2
		return 1
	fi
	if [ $rc -gt 128 ] && [ $rc -ne 129 ] && [ $rc -ne 255 ]; then
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
	[ $test_failure -eq 0 ] || say "# kept for the failures: $TRASH"
	say "# $(basename "$0"): $passed passed, $test_failure failed, $test_skipped skipped"
	echo "$passed $test_failure $test_skipped" >"${RESULT_FILE:-/dev/null}"
	[ $test_failure -eq 0 ]
}
