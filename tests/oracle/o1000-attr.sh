#!/bin/sh
test_description='oracle: perf_event_attr of -vv equals Linux perf for 40+ event specs'
. "$(dirname "$0")/../cli/test-lib.sh"

SPECS="$ROOT/tests/oracle/attr-cmdlines.txt"
FIXTURE="$SYSFS/icelake/bus/event_source/devices"
EXTRACT="$ROOT/tests/oracle/attr-extract.sh"

# Both tools see the described Ice Lake: a bind mount over the real sysfs
# PMU directory in a private mount namespace (root only).
in_icelake() {
	unshare -m sh -c "mount --bind '$FIXTURE' /sys/bus/event_source/devices && $1"
}

if ! command -v perf >/dev/null 2>&1; then
	test_skip "attr oracle" "Linux perf is not installed"
	test_done; exit $?
fi
if [ "$(id -u)" != 0 ] || ! unshare -m true 2>/dev/null; then
	test_skip "attr oracle" "needs root and unshare -m to present the fixture"
	test_done; exit $?
fi

nr=0
grep -v '^#' "$SPECS" | grep -v '^$' >specs
test_expect_success 'the spec file holds at least 40 command lines' '
	test $(wc -l <specs) -ge 40
'

# a line starting with '-' is a set of stat options, given as is
while IFS= read -r spec; do
	nr=$((nr + 1))
	case $spec in
	-*) args=$spec ;;
	*) args="-e '$spec'" ;;
	esac
	test_expect_success "attr of $args equals perf's" "
		in_icelake \"perf stat -vv $args true\" 2>perf.err >/dev/null;
		in_icelake \"PERF_MINI_SYSFS= '$PERF_MINI' stat -vv $args true\" 2>pm.err >/dev/null;
		sh '$EXTRACT' <perf.err >perf.attr &&
		sh '$EXTRACT' <pm.err >pm.attr &&
		test -s perf.attr &&
		test_cmp perf.attr pm.attr
	"
done <specs

test_done
