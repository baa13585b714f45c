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

# perf mem looks for its events under /sys/devices/<pmu>, which a bind
# mount cannot add to the real sysfs: both tools run over a private tmpfs
# /sys holding the described PMUs (and an online-CPU list). No PMU answers,
# so each tool shows the attrs it tries (-vv) and fails; the first event's
# tries (precise_ip 3 down to 0) are compared.
in_pmu() {
	devices=$SYSFS/$1/bus/event_source/devices
	shift
	unshare -m sh -c "mount -t tmpfs none /sys &&
		mkdir -p /sys/bus/event_source/devices /sys/devices/system/cpu &&
		mount --bind '$devices' /sys/bus/event_source/devices &&
		for p in \$(ls '$devices'); do
			mkdir -p /sys/devices/\$p && mount --bind '$devices/'\$p /sys/devices/\$p
		done && echo 0-1 >/sys/devices/system/cpu/online && $*"
}

first_tries() {
	sh "$EXTRACT" | head -4
}

# perf mem picks its events by the vendor of the CPU it runs on (CPUID),
# whatever sysfs says: AMD's IBS op event on AMD, Intel's load latency
# events elsewhere. perf-mini follows the PMUs sysfs describes. So each
# host compares the two tools on the described PMUs of its own vendor.
vendor=$(sed -n 's/^vendor_id[^:]*: *//p' /proc/cpuinfo | head -1)
case "$vendor" in
AuthenticAMD|HygonGenuine)
	fixtures=amd-zen3
	test_skip "mem record on described Intel PMUs" \
		"perf mem uses AMD IBS on this $vendor host, whatever sysfs describes"
	;;
*)
	fixtures="icelake sapphire_rapids"
	test_skip "mem record on a described AMD PMU" \
		"perf mem uses Intel's events on this ${vendor:-unknown} host"
	;;
esac

compare_tries() {
	desc=$1
	shift
	in_pmu $desc perf "$@" -vv -o perf.data -- true 2>perf.err >/dev/null
	in_pmu $desc PERF_MINI_SYSFS= "$PERF_MINI" "$@" -vv -o pm.data -- true \
		2>pm.err >/dev/null
	first_tries <perf.err >perf.attr && first_tries <pm.err >pm.attr &&
	test -s perf.attr && test_cmp perf.attr pm.attr && ! test -e pm.data
}

for fixture in $fixtures; do
	case $fixture in
	amd*)	cases="mem record|mem record --ldlat 50|mem -p --data-page-size record|mem record --all-user|mem record -K|mem record -e mem-ldst|mem record -c 5000" ;;
	*)	cases="mem record|mem -t load record|mem -t store record|mem record --ldlat 50|mem -p --data-page-size record|mem record --all-user|mem record -K|mem record -e ldlat-stores|mem record -c 5000" ;;
	esac
	IFS='|'
	for opts in $cases; do
		unset IFS
		test_expect_success "$fixture: $opts: the attrs perf tries" "
			compare_tries $fixture $opts
		"
		IFS='|'
	done
	unset IFS
	test_expect_success "$fixture: mem record -e list: the events perf lists, available where described" "
		in_pmu $fixture PERF_MINI_SYSFS= '$PERF_MINI' mem record -e list 2>pm.list &&
		in_pmu $fixture perf mem record -e list 2>perf.list &&
		test_cmp perf.list pm.list &&
		in_pmu $fixture PERF_MINI_SYSFS= '$PERF_MINI' mem record -v -e list 2>pm.list &&
		in_pmu $fixture perf mem record -v -e list 2>perf.list &&
		test_cmp perf.list pm.list
	"
done

case "$fixtures" in
*sapphire_rapids*)
test_expect_success 'sapphire_rapids: loads go with mem-loads-aux in a group, as perf names them' '
	in_pmu sapphire_rapids PERF_MINI_SYSFS= "$PERF_MINI" mem record -v -o pm.data -- true 2>err;
	test_grep "^calling: record -e \{cpu/mem-loads-aux/,cpu/mem-loads,ldlat=30/\}:P -e cpu/mem-stores/P" err
'
;;
esac

case "$fixtures" in
amd*)
test_expect_success 'amd-zen3: what perf refuses on IBS (-t load, -t store, Intel names) is refused' '
	rm -f perf.data pm.data &&
	for opts in "mem -t load record" "mem -t store record" "mem record -e ldlat-loads"; do
		in_pmu amd-zen3 perf $opts -o perf.data -- true 2>perf.err;
		test $? -ne 0 && ! test -e perf.data || return 1
		in_pmu amd-zen3 PERF_MINI_SYSFS= "$PERF_MINI" $opts -o pm.data -- true 2>pm.err;
		test $? -eq 129 && ! test -e pm.data && test_grep "^hint: " pm.err || return 1
	done
'
;;
esac

test_done
