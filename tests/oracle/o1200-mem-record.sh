#!/bin/sh
test_description='oracle: mem record asks for the same events and attrs as perf mem record'
. "$(dirname "$0")/../cli/test-lib.sh"

EXTRACT="$ROOT/tests/oracle/attr-extract.sh"

if ! command -v perf >/dev/null 2>&1; then
	test_skip "mem record oracle" "Linux perf is not installed"
	test_done; exit $?
fi
if [ "$(id -u)" != 0 ] || ! unshare -m true 2>/dev/null; then
	test_skip "mem record oracle" "needs root and unshare -m to present the fixture"
	test_done; exit $?
fi

# perf mem looks for its events under /sys/devices/cpu, which a bind mount
# cannot add to the real sysfs: both tools run over a private tmpfs /sys
# holding the described PMUs (and an online-CPU list). No PMU answers, so
# each tool shows the attrs it tries (-vv) and fails; the first event's
# tries (precise_ip 3 down to 0) are compared.
in_pmu() {
	fixture=$SYSFS/$1/bus/event_source/devices
	shift
	unshare -m sh -c "mount -t tmpfs none /sys &&
		mkdir -p /sys/bus/event_source/devices /sys/devices/cpu /sys/devices/system/cpu &&
		mount --bind '$fixture' /sys/bus/event_source/devices &&
		mount --bind '$fixture/cpu' /sys/devices/cpu &&
		echo 0-1 >/sys/devices/system/cpu/online && $*"
}

first_tries() {
	sh "$EXTRACT" | sed 's/read_format=[^;]*;//' | head -4
}

for fixture in icelake sapphire_rapids; do
	for opts in "mem record" "mem -t load record" "mem -t store record" \
		    "mem record --ldlat 50" "mem -p --data-page-size record" \
		    "mem record --all-user" "mem record -K" "mem record -e ldlat-stores" \
		    "mem record -c 5000"; do
		test_expect_success "$fixture: $opts: the attrs perf tries" "
			in_pmu $fixture perf $opts -vv -o perf.data -- true 2>perf.err >/dev/null;
			in_pmu $fixture PERF_MINI_SYSFS= '$PERF_MINI' $opts -vv -o pm.data -- true \
				2>pm.err >/dev/null;
			first_tries <perf.err >perf.attr && first_tries <pm.err >pm.attr &&
			test -s perf.attr && test_cmp perf.attr pm.attr &&
			! test -e pm.data
		"
	done
done

test_expect_success 'sapphire_rapids: loads go with mem-loads-aux in a group, as perf names them' '
	in_pmu sapphire_rapids PERF_MINI_SYSFS= "$PERF_MINI" mem record -v -o pm.data -- true 2>err;
	test_grep "^calling: record -e \{cpu/mem-loads-aux/,cpu/mem-loads,ldlat=30/\}:P -e cpu/mem-stores/P" err
'

test_expect_success 'mem record -e list: the events perf lists, available where described' '
	in_pmu icelake PERF_MINI_SYSFS= "$PERF_MINI" mem record -e list 2>pm.list &&
	in_pmu icelake perf mem record -e list 2>perf.list &&
	test_cmp perf.list pm.list &&
	in_pmu icelake PERF_MINI_SYSFS= "$PERF_MINI" mem record -v -e list 2>pm.list &&
	in_pmu icelake perf mem record -v -e list 2>perf.list &&
	test_cmp perf.list pm.list
'

test_done
