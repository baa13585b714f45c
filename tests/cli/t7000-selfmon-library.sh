#!/bin/sh
test_description='selfmon: a program reads its own counters through the mmap page (libperf-mini-self)'
. "$(dirname "$0")/test-lib.sh"

CHECK="$BUILD/selfmon-check"
CHECK_SIM="$BUILD/selfmon-check-sim"
export PERF_MINI_SYSFS_ICL="$SYSFS/icelake"

# the Ice Lake example of Documentation/topdown.txt, and cycles at a
# quarter of its slots
cat >rates <<'END'
slots 20097158100
topdown-retiring 79327616
topdown-bad-spec 157932715
topdown-fe-bound 81610855
topdown-be-bound 19778286903
cycles 5024289525
END

# sim_count PROFILE-LINES ARGS...: selfmon-check on the simulated Ice Lake
sim_count() {
	{ cat rates; printf '%s\n' "$1"; } >profile
	shift
	PERF_MINI_SYSFS="$PERF_MINI_SYSFS_ICL" PERF_MINI_SIM_PROFILE=$PWD/profile \
		"$CHECK_SIM" "$@"
}

# rate_ok FILE EVENT PER_NS: its value over its enabled ns within 2%
rate_ok() {
	awk -v e="$2" -v r="$3" '$1 == e { found = 1; q = $2 / $3;
		if (q < r * 0.98 || q > r * 1.02) { print "rate " q " not " r; exit 1 } }
		END { exit !found }' "$1"
}

test_expect_success 'software events on this kernel: no user rdpmc (cap_user_rdpmc 0), the read(2) path' '
	"$CHECK" task-clock,page-faults >out &&
	cat out &&
	test_grep "^task-clock(:u)? [0-9]+ [0-9]+ [0-9]+ 0 0$" out &&
	test_grep "^page-faults(:u)? [0-9]+ " out &&
	awk "/^task-clock/ { exit !(\$2 > 1000000 && \$2 <= \$3 * 1.01) }" out
'

test_expect_success 'pmu-sim: counters read from the page (rdpmc path) at the simulated rates' '
	sim_count "" "{cycles,slots}" >out &&
	cat out &&
	test_grep "^cycles [0-9]+ [0-9]+ [0-9]+ 1 0$" out &&
	rate_ok out cycles 5.024289525 &&
	rate_ok out slots 20.0971581
'

test_expect_success 'pmu-sim: a page the kernel rewrites mid-read is read again (40-bit counters, sign-extended)' '
	sim_count "$(printf "page-rewrites 3\npmc-width 40")" cycles >out &&
	cat out &&
	test_grep "^cycles [0-9]+ [0-9]+ [0-9]+ 1 3$" out &&
	rate_ok out cycles 5.024289525
'

test_expect_success 'pmu-sim: without cap_user_rdpmc the library reads through read(2), same counts' '
	sim_count "user-rdpmc 0" cycles >out &&
	test_grep "^cycles [0-9]+ [0-9]+ [0-9]+ 0 0$" out &&
	rate_ok out cycles 5.024289525
'

test_expect_success 'pmu-sim: a multiplexed counter (not on the PMU) is read(2) and scaled to enabled time' '
	sim_count "running-share 0.5" cycles >out &&
	test_grep "^cycles [0-9]+ [0-9]+ [0-9]+ 0 0$" out &&
	awk "{ exit !(\$4 > \$3 * 0.49 && \$4 < \$3 * 0.51) }" out &&
	rate_ok out cycles 5.024289525
'

# the shares of the example: 0.4% retiring, 0.8% bad speculation, 0.4%
# frontend bound, 98.4% backend bound
topdown_ok() {
	test_grep "^slots [1-9][0-9]* fast $2$" "$1" &&
	awk "/^retiring/ { r = \$2 } /^bad-spec/ { b = \$2 } /^fe-bound/ { f = \$2 }
	     /^be-bound/ { k = \$2 }
	     END { exit !(r >= 0.3 && r <= 0.5 && b >= 0.7 && b <= 0.9 && f >= 0.3 && f <= 0.5 &&
			  k >= 98.2 && k <= 98.6) }" "$1"
}

test_expect_success 'pmu-sim: TopDown level 1 of a region from slots and PERF_METRICS (rdpmc)' '
	sim_count "" -t >out &&
	cat out &&
	topdown_ok out 1
'

test_expect_success 'pmu-sim: TopDown level 1 through read(2) gives the same shares' '
	sim_count "user-rdpmc 0" -t >out &&
	cat out &&
	topdown_ok out 0
'

# reset_ok FILE: the count after the reset and a tenth of the work is
# well under the count before it
reset_ok() {
	awk "{ exit !(\$4 > 0 && \$4 < \$2 / 3) }" "$1"
}

test_expect_success 'pm_self_reset: counts start again from 0 (task-clock, read(2) path)' '
	"$CHECK" -r task-clock >out &&
	cat out &&
	reset_ok out
'

test_expect_success 'pm_self_reset on pmu-sim: the page is rewritten, the rdpmc path follows' '
	sim_count "" -r cycles >out &&
	cat out &&
	test_grep "fast 1$" out &&
	reset_ok out
'

test_expect_success 'a bad event spec: the parser message and the fix, exit 1' '
	test_must_fail "$CHECK" "nosuchpmu/x/" 2>err &&
	test_grep "unknown PMU .nosuchpmu." err &&
	test_grep "perf-mini list" err
'

test_expect_success 'TopDown on a CPU without it names what is missing' '
	test_must_fail env PERF_MINI_SYSFS="$SYSFS/skylake" "$CHECK" -t 2>err &&
	test_grep "no TopDown level 1 here: .*Ice Lake" err
'

test_expect_success 'a user kept from the kernel gets the message naming perf_event_paranoid' '
	if test -n "$u"; then
		test_must_fail "$CHECK" task-clock:k 2>err &&
		test_grep "perf_event_paranoid" err
	else
		"$CHECK" task-clock:k >out && test_grep "^task-clock:k " out
	fi
'

cat >prog.c <<'END'
#include <perf-mini/selfmon.h>
#include <stdio.h>

int main(void)
{
	struct pm_self_value v;
	struct pm_self *s;
	volatile long x = 0;

	if (pm_self_open("task-clock", &s)) {
		fprintf(stderr, "%s\n", pm_self_errmsg());
		return 1;
	}
	for (long i = 0; i < 10000000; i++)
		x += i;
	if (pm_self_read(s, &v))
		return 1;
	printf("%s %llu\n", pm_self_name(s, 0), (unsigned long long)v.value);
	pm_self_close(s);
	return 0;
}
END

test_expect_success 'make install: a program built against <perf-mini/selfmon.h> and -lperf-mini-self' '
	make -s -C "$ROOT" install DESTDIR="$TRASH/inst" PREFIX=/usr >make.out 2>&1 ||
		{ cat make.out; false; } &&
	test -f inst/usr/include/perf-mini/selfmon.h &&
	test -x inst/usr/lib/perf-mini/profviz.so &&
	cc -o prog prog.c -Iinst/usr/include -Linst/usr/lib -lperf-mini-self \
		$(pkg-config --libs libtracefs libtraceevent) -lm &&
	./prog >out &&
	test_grep "^task-clock(:u)? [1-9][0-9]+$" out
'

test_done
