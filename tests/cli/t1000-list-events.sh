#!/bin/sh
test_description='perf-mini list: sections and labels as perf list prints them'
. "$(dirname "$0")/test-lib.sh"

test_expect_success 'software events with their aliases' '
	pm list sw >out &&
	test_grep "^  context-switches OR cs +\[Software event\]$" out &&
	test_grep "^  page-faults OR faults +\[Software event\]$" out &&
	test_grep "^  task-clock +\[Software event\]$" out &&
	test $(grep -c "Software event" out) -eq 12
'

test_expect_success 'the label column starts where perf puts it (column 53)' '
	pm list sw >out &&
	awk "{ if (index(\$0, \"[\") != 54) exit 1 }" out
'

test_expect_success 'no hardware events without a CPU PMU (vm fixture)' '
	PERF_MINI_SYSFS=$SYSFS/vm pm list hw >out &&
	test ! -s out
'

test_expect_success 'hardware and cache events on a described Ice Lake' '
	PERF_MINI_SYSFS=$SYSFS/icelake pm list hw >out &&
	test_grep "^  cpu-cycles OR cycles +\[Hardware event\]" out &&
	PERF_MINI_SYSFS=$SYSFS/icelake pm list cache >out &&
	test_grep "^  L1-dcache-load-misses +\[Hardware cache event\]" out &&
	test_grep "^  LLC-loads +\[Hardware cache event\]" out
'

test_expect_success 'sysfs aliases of the core PMU (described Ice Lake)' '
	PERF_MINI_SYSFS=$SYSFS/icelake pm list pmu >out &&
	test_grep "^  slots OR cpu/slots/ +\[Kernel PMU event\]" out &&
	test_grep "^  topdown-retiring OR cpu/topdown-retiring/ " out
'

test_expect_success TRACEFS 'tracepoints from tracefs' '
	pm list tracepoint >out &&
	test_grep "^  sched:sched_switch +\[Tracepoint event\]" out
'

test_expect_success TRACEFS 'a glob selects events across sections' '
	pm list "sched:sched_sw*" >out &&
	test_grep "sched:sched_switch" out &&
	! grep -q "sched_wakeup " out
'

# tracefs that this user may not read: made here (root reads anything,
# so as root the listing runs as nobody)
test_expect_success 'tracepoints this user cannot read: the cause and the fix, not silence' '
	mkdir -p tfs/events/sched/sched_switch && echo 1 >tfs/events/sched/sched_switch/id &&
	chmod 700 tfs/events && chmod 755 tfs "$TRASH" &&
	if [ "$(id -u)" = 0 ]; then
		run() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
	else
		chmod 000 tfs/events; run() { "$@"; }
	fi &&
	PERF_MINI_TRACEFS=$TRASH/tfs run "$PERF_MINI" list "sched:*" >out 2>err;
	test $? -eq 1 && chmod 755 tfs/events &&
	test_grep "^perf-mini list: tracepoints are not listed: .*/tfs/events. is readable by root only" err &&
	test_grep "^hint: run as root, or make tracefs readable" err &&
	PERF_MINI_TRACEFS=$TRASH/tfs pm list "sched:*" >out 2>err &&
	test_grep "sched:sched_switch" out && ! test -s err
'

test_expect_success 'a glob that matches nothing is an error naming it' '
	test_expect_code 1 pm list "nosuchthing*" 2>err &&
	test_grep "no event matches .nosuchthing" err
'

test_done
