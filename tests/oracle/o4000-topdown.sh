#!/bin/sh
test_description='oracle: stat --topdown resolves the same events and leader attr as Linux perf'
. "$(dirname "$0")/../cli/test-lib.sh"

EXTRACT="$ROOT/tests/oracle/attr-extract.sh"

if ! command -v perf >/dev/null 2>&1; then
	test_skip "topdown oracle" "Linux perf is not installed"
	test_done; exit $?
fi
if [ "$(id -u)" != 0 ] || ! unshare -m true 2>/dev/null; then
	test_skip "topdown oracle" "needs root and unshare -m to present the fixtures"
	test_done; exit $?
fi

# Run $2 with fixture $1 bind-mounted over the real PMU directory.
in_fixture() {
	unshare -m sh -c "mount --bind '$SYSFS/$1/bus/event_source/devices' \
		/sys/bus/event_source/devices && $2"
}

# "name -> cpu/terms/" lines of -v: the event names, in order.
names() {
	sed -n 's/^\([a-z-]*\) -> cpu\/.*/\1/p'
}

for case in "icelake:--topdown" "sapphire_rapids:--topdown --td-level 2"; do
	fixture=${case%%:*}
	opts=${case#*:}
	test_expect_success "$fixture: '$opts' resolves the same events as perf" "
		in_fixture $fixture \"perf stat -vv $opts -a sleep 0.01\" 2>perf.err >/dev/null;
		in_fixture $fixture \"PERF_MINI_SYSFS= '$PERF_MINI' stat -vv $opts -a sleep 0.01\" \
			2>pm.err >/dev/null;
		names <perf.err >perf.names && names <pm.err >pm.names &&
		test -s perf.names && test_cmp perf.names pm.names
	"
	test_expect_success "$fixture: the group leader's attr equals perf's" "
		sh '$EXTRACT' <perf.err | head -1 >perf.attr &&
		sh '$EXTRACT' <pm.err | head -1 >pm.attr &&
		test -s perf.attr && test_cmp perf.attr pm.attr
	"
done

test_done
