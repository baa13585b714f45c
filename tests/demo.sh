#!/bin/sh
# make demo: the main job on a bundled workload.
pm=$1
wl=$2
sim=$(dirname "$pm")/perf-mini-sim
root=$(cd "$(dirname "$0")/.." && pwd)
echo "== perf-mini stat --topdown -I1000 -- spin 3000 (Intel TopDown)"
if "$pm" stat --topdown -I 1000 --interval-count 3 -- "$wl/spin" 3000 2>/tmp/pm-td.$$; then
	cat /tmp/pm-td.$$
else
	head -1 /tmp/pm-td.$$
	echo "-- SIMULATED: the same command on the described Ice Lake PMU through ./perf-mini-sim"
	PERF_MINI_SYSFS="$root/tests/data/sysfs/icelake" "$sim" stat --topdown -I 1000 \
		--interval-count 3 -- "$wl/spin" 3000
fi
rm -f /tmp/pm-td.$$
echo "== perf-mini stat -- touch-pages 20000 (software events, any machine)"
"$pm" stat -- "$wl/touch-pages" 20000
echo "== perf-mini stat -I 200 --interval-count 5 -e task-clock,cs,page-faults -- spin 2000"
"$pm" stat -I 200 --interval-count 5 -e task-clock,cs,page-faults -- "$wl/spin" 2000
echo "== perf-mini stat -x, -e '{cs,faults},sched:sched_switch' -- sleep-switch 200"
"$pm" stat -x, -e '{cs,faults},sched:sched_switch' -- "$wl/sleep-switch" 200
echo "== perf-mini record -g -e cpu-clock -- spin 500; perf-mini report --stdio"
"$pm" record -g -e cpu-clock -o /tmp/perf-mini-demo.data -- "$wl/spin" 500
"$pm" report --stdio -i /tmp/perf-mini-demo.data | head -30
echo "== perf-mini script | head"
"$pm" script -i /tmp/perf-mini-demo.data | head -12
echo "== perf-mini mem record -- touch-data (memory events: loads and stores)"
if "$pm" mem record -q -o /tmp/perf-mini-demo.data -- "$wl/touch-data" 2>/tmp/pm-mem.$$; then
	"$pm" mem report --stdio -i /tmp/perf-mini-demo.data | head -20
else
	head -2 /tmp/pm-mem.$$
	echo "-- software events give data addresses on any machine:"
	echo "== perf-mini record -d -e page-faults -- touch-data 16; perf-mini report --mem-mode"
	"$pm" record -q -d -c 1 -e page-faults -o /tmp/perf-mini-demo.data -- "$wl/touch-data" 16
	"$pm" report --stdio --mem-mode --sort symbol_daddr,dso_daddr,sym -n \
		-i /tmp/perf-mini-demo.data | grep -E "^#|table" | head -20
fi
rm -f /tmp/pm-mem.$$
# The simulated Ice Lake samples too: its loads, stores and branch
# stacks are the workload's own, single-stepped at each sample, with
# data sources from a cache model (tests/pmu-sim).
echo "== SIMULATED (./perf-mini-sim, Ice Lake): mem record -- arrays; mem report --sort mem,sym,symbol_daddr"
PERF_MINI_SYSFS="$root/tests/data/sysfs/icelake" \
	"$sim" mem record -q -o /tmp/perf-mini-demo.data -- "$wl/arrays" >/dev/null
"$pm" mem report --stdio --sort mem,sym,symbol_daddr -i /tmp/perf-mini-demo.data | head -18
echo "== SIMULATED (./perf-mini-sim, Ice Lake): record -b -- branches; report (branch mode)"
PERF_MINI_SYSFS="$root/tests/data/sysfs/icelake" \
	"$sim" record -q -b -e cpu/cpu-cycles/u -o /tmp/perf-mini-demo.data -- "$wl/branches"
"$pm" report --stdio -i /tmp/perf-mini-demo.data | head -16
rm -f /tmp/perf-mini-demo.data /tmp/perf-mini-demo.data.old
