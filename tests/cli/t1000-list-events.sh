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
	test $? -eq 0 && chmod 755 tfs/events &&
	test_grep "^perf-mini list: tracepoints are not listed: .*/tfs/events. is readable by root only" err &&
	test_grep "^hint: run as root, or make tracefs readable" err &&
	PERF_MINI_TRACEFS=$TRASH/tfs pm list "sched:*" >out 2>err &&
	test_grep "sched:sched_switch" out && ! test -s err
'

test_expect_success 'list --details: each metric'"'"'s expression under its description' '
	PERF_CPUID=GenuineIntel-6-55-4 pm list metric >plain &&
	PERF_CPUID=GenuineIntel-6-55-4 pm list --details metric >out &&
	grep -A2 "^  CPI$" out >cpi &&
	test_grep "^       \[1 / IPC\]$" cpi &&
	test $(grep -c "^  [^ ]" out) -gt 3 &&
	test $(grep -c "^       \[" out) = $((2 * $(grep -c "^  [^ ]" out))) &&
	test $(grep -c "^       \[" plain) = $(grep -c "^  [^ ]" plain)
'

# cpu_core and cpu_atom, as a hybrid CPU (Alder Lake) names them: the
# described Ice Lake's core PMU twice
test_expect_success '--cputype on a described hybrid CPU: that type'"'"'s PMU only' '
	mkdir -p hybrid/bus/event_source/devices &&
	cp -r "$SYSFS/icelake/bus/event_source/devices/cpu" hybrid/bus/event_source/devices/cpu_core &&
	cp -r "$SYSFS/icelake/bus/event_source/devices/cpu" hybrid/bus/event_source/devices/cpu_atom &&
	echo 10 >hybrid/bus/event_source/devices/cpu_atom/type &&
	PERF_MINI_SYSFS=$PWD/hybrid pm list pmu >all &&
	test_grep "cpu_atom/cpu-cycles/" all && test_grep "cpu_core/cpu-cycles/" all &&
	PERF_MINI_SYSFS=$PWD/hybrid pm list --cputype=atom pmu >out 2>err &&
	test_grep "cpu_atom/cpu-cycles/" out && ! grep -q cpu_core out && ! test -s err &&
	PERF_MINI_SYSFS=$PWD/hybrid pm list --cputype=big pmu >out 2>err &&
	test_cmp all out && test_grep "^WARNING: hybrid cputype is not supported!$" err &&
	test_grep "^hint: this CPU has no PMU cpu_big" err
'

test_expect_success '--cputype where the CPU is not hybrid: perf'"'"'s warning, every event' '
	PERF_MINI_SYSFS=$SYSFS/icelake pm list pmu >all &&
	PERF_MINI_SYSFS=$SYSFS/icelake pm list --cputype=core pmu >out 2>err &&
	test_cmp all out &&
	test_grep "^WARNING: hybrid cputype is not supported!$" err
'

test_expect_success 'list --debug: where the PMUs and the pmu-events table come from' '
	PERF_MINI_SYSFS=$SYSFS/icelake PERF_CPUID=GenuineIntel-6-55-4 pm list --debug sw >out 2>err &&
	test_grep "^PMUs from .*/sysfs/icelake/bus/event_source/devices$" err &&
	test_grep "^CPUID GenuineIntel-6-55-4 \(\\\$PERF_CPUID\): skylake pmu-events table$" err &&
	pm list sw >plain && test_cmp plain out
'

test_expect_success PERF 'perf list'"'"'s description options: the same list as perf'"'"'s' '
	for o in --desc --no-desc -d --long-desc -v --deprecated; do
		perf list $o sw >perf.txt 2>&1 &&
		pm list $o sw >pm.txt 2>&1 &&
		test_cmp perf.txt pm.txt || return 1
	done
'

test_expect_success PERF,TRACEFS 'tracepoints sorted as whole names, as perf (fib6:* before fib:*)' '
	perf list tracepoint >perf.txt 2>/dev/null &&
	pm list tracepoint >pm.txt &&
	test_cmp perf.txt pm.txt &&
	LC_ALL=C sort -c pm.txt
'

# bash completion for perf reads this: names only, space-separated, no newline
test_expect_success PERF '--raw-dump: the names perf dumps, per section and glob' '
	for args in "hw sw" pmu cache tracepoint "sched:*"; do
		# a glob that matches nothing (sched:* where tracefs is root'"'"'s)
		# is an error in perf-mini, with nothing on stdout either way
		perf list --raw-dump $args >perf.txt 2>/dev/null
		pm list --raw-dump $args >pm.txt 2>/dev/null
		test_cmp perf.txt pm.txt || return 1
	done &&
	pm list --raw-dump sw >pm.txt &&
	test_grep "^alignment-faults bpf-output .* task-clock duration_time user_time system_time $" pm.txt &&
	PERF_MINI_SYSFS=$SYSFS/icelake pm list --raw-dump pmu >pm.txt &&
	test_grep " cpu/slots/ " pm.txt && ! grep -q " OR " pm.txt
'

# A build-id cache (in $HOME/.debug, as perf record and perf buildid-cache
# --add leave it) with the SDT notes of three binaries: "%group:event=..."
# lines in a probes file beside each; "throw" is in two of them. perf
# lists an entry only while its binary is there with its build-id: the
# stale entry (another build-id for spin's path) and a dangling link are
# not listed.
build_id_of() {
	readelf -n "$1" | awk "/Build ID/ { print \$3 }"
}

sdt_entry() {	# sdt_entry PATH BUILD-ID EVENT...
	dir="sdt/.debug${1}/$2" && mkdir -p "$dir" "sdt/.debug/.build-id/$(echo $2 | cut -c1-2)" &&
	ln -s "../..${1}/$2" "sdt/.debug/.build-id/$(echo $2 | cut -c1-2)/$(echo $2 | cut -c3-)" &&
	bin=$1 && shift 2 &&
	for ev in "$@"; do
		printf "%%%s=%s\np:%s %s:0x1234\n" "$ev" "${ev#*:}" "$(echo $ev | tr : /)" "$bin" ||
			return 1
	done >"$dir/probes"
}

burn=$(readlink -f "$WL/burn") spin=$(readlink -f "$WL/spin")
py=$(readlink -f "$(command -v python3)")

test_expect_success 'setup: a build-id cache holding SDT events' '
	test -n "$(build_id_of "$burn")" && test -n "$(build_id_of "$spin")" &&
	sdt_entry "$burn" "$(build_id_of "$burn")" sdt_app:catch sdt_app:throw &&
	sdt_entry "$spin" "$(build_id_of "$spin")" sdt_app:throw &&
	sdt_entry "$spin" 00112233445566778899aabbccddeeff00112233 sdt_stale:gone &&
	if test -n "$(build_id_of "$py")"; then
		sdt_entry "$py" "$(build_id_of "$py")" sdt_py:audit sdt_py:gc__start sdt_py:gc__done
	fi &&
	mkdir -p sdt/.debug/.build-id/ff && ln -s ../../gone/ff00 sdt/.debug/.build-id/ff/00
'

test_expect_success 'list sdt: the cache'"'"'s events, one binary'"'"'s plain, shared ones by binary' '
	HOME=$PWD/sdt pm list sdt >out &&
	test_grep "^  sdt_app:catch  +\[SDT event\]$" out &&
	test_grep "^  sdt_app:throw@$burn\($(build_id_of "$burn" | cut -c1-12)\) +\[SDT event\]$" out &&
	test_grep "^  sdt_app:throw@$spin\($(build_id_of "$spin" | cut -c1-12)\) +\[SDT event\]$" out &&
	! grep -q "sdt_stale" out &&
	HOME=$PWD/sdt pm list "sdt_app:*" >out && test "$(wc -l <out)" = 3 &&
	HOME=$PWD/sdt pm list thr >out && test "$(grep -c "SDT event" out)" = 2 &&
	HOME=$PWD/sdt pm list --raw-dump sdt >out &&
	test_grep "sdt_app:catch sdt_app:throw sdt_app:throw" out
'

test_expect_success PERF 'list sdt, globs and --raw-dump: the lines perf prints from the same cache' '
	for args in sdt "--raw-dump sdt" "sdt_app:*" "sdt_py:gc*" throw "sdt_*" ""; do
		HOME=$PWD/sdt perf list $args 2>/dev/null | sed -n "/SDT event/p; /^sdt/p" >perf.txt
		HOME=$PWD/sdt pm list $args 2>/dev/null | sed -n "/SDT event/p; /^sdt/p" >pm.txt
		test_cmp perf.txt pm.txt || return 1
	done &&
	test_grep "SDT event" pm.txt
'

test_expect_success 'a glob that matches nothing is named on stderr; the status is perf'"'"'s 0' '
	pm list "nosuchthing*" >out 2>err &&
	test ! -s out &&
	test_grep "no event matches .nosuchthing" err
'

test_done
