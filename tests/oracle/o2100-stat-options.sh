#!/bin/sh
test_description='oracle: stat --per-die/--per-node, --summary, --table, -D, --timeout, --per-thread print the layout Linux perf prints'
. "$(dirname "$0")/../cli/test-lib.sh"

if ! command -v perf >/dev/null 2>&1; then
	test_skip "stat options oracle" "Linux perf is not installed"
	test_done; exit $?
fi

# The output with every number masked and runs of blanks squeezed: what
# must equal perf's whatever the counts (a variance of 12.34% has no blank
# after "+-", one of 1.23% has one). The note that events fell back to
# user space (unprivileged, -v only) is left out.
masked() {
	grep -v "^Warning:$\|perf_event_paranoid\|fell back" "$1" | drop_idle_intervals |
	sed -e "s/[0-9][0-9.]*/N/g" -e "s/([+-]N)/(N)/g" -e "s/) #*$/) #/" -e "s/  */ /g" \
	    -e "s/+- N%/+-N%/g" \
	    -e "s,[KMG]/sec,/sec,g" -e "${MASK_RUNNING:+s/ (N%) *\$/ /}"
}

# An interval in which the workload never ran (a loaded machine, the
# sanitizer build) prints "<not counted>" for a task clock, in either tool
# and in every layout (-j's too): whether one falls in a run is the
# machine's, not the layout's
drop_idle_intervals() {
	grep -v "^ *[0-9.]*[ ,]*<not counted>[ ,]*msec[ ,]*task-clock" |
	grep -v "\"counter-value\" : \"<not counted>\", \"unit\" : \"msec\", \"event\" : \"task-clock[^\"]*\""
}

# The table layout's line lengths: fixed widths, whatever the counts.
# Where the running share is masked its line ends, padding and all, are
# cut: a rate's unit ("/sec" or "K/sec", the count's) is then cut too.
lengths() {
	grep -v "^Warning:$\|perf_event_paranoid\|fell back\|seconds \(user\|sys\)" "$1" |
	drop_idle_intervals | sed -e "${MASK_RUNNING:+s/ *([0-9.]*%) *\$//}" -e "${MASK_RUNNING:+s/ *\$//}" \
	    -e "${MASK_RUNNING:+s,[KMG]*/sec\$,,}" |
	awk "{ print length(\$0) }"
}

# same_as_perf TABLE|TEXT ARGS...: both tools run stat ARGS; the masked
# outputs are equal, and for the TABLE layout the line lengths too. Runs
# of the same masked line are one: how many intervals fit in a workload's
# wall time is the machine's (perf's timer slips by its wake-ups, on a
# busy machine an interval fewer), the layout is the tool's.
same_as_perf() {
	kind=$1
	shift
	perf stat "$@" 2>perf.out >/dev/null
	"$PERF_MINI" stat "$@" 2>pm.out >/dev/null
	same_layout "$kind"
}

same_layout() {
	masked perf.out | uniq >perf.m && masked pm.out | uniq >pm.m && test_cmp perf.m pm.m &&
	if [ "$1" = TABLE ]; then
		lengths perf.out | uniq >perf.len && lengths pm.out | uniq >pm.len &&
		test_cmp perf.len pm.len
	fi
}

for layout in "TABLE" "TEXT -x," "TEXT -j" "TABLE -I 100" "TABLE --metric-only"; do
	set -- $layout
	kind=$1
	shift
	for mode in --per-die --per-node; do
		test_expect_success SYSWIDE "stat $mode -a $* is laid out as perf's" "
			same_as_perf $kind $mode -a $* -e task-clock -- '$WL/spin' 250
		"
	done
done

for layout in "TABLE" "TEXT -x," "TEXT -x, --no-csv-summary" "TEXT -j"; do
	set -- $layout
	kind=$1
	shift
	test_expect_success "stat -I 100 --summary $* is laid out as perf's" "
		same_as_perf $kind -I 100 --summary $* -e task-clock -- '$WL/spin' 250
	"
done

test_expect_success 'stat -r 3 --table is laid out as perf s' '
	same_as_perf TEXT -r 3 --table -e task-clock -- "$WL/spin" 20
'

test_expect_success 'stat -D -1 (never enabled) is laid out as perf s' '
	same_as_perf TABLE -D -1 -e task-clock -- "$WL/spin" 20
'

test_expect_success 'stat --timeout on a longer command is laid out as perf s' '
	same_as_perf TABLE --timeout 200 -e task-clock -- sleep 3
'

test_expect_success 'stat --per-thread -p: the same threads in the same order as perf' '
	"$WL/spin" 4000 & pid=$! &&
	await_comm $pid spin &&
	perf stat --per-thread -p $pid -x, -e task-clock,page-faults -- sleep 0.2 2>perf.out &&
	"$PERF_MINI" stat --per-thread -p $pid -x, -e task-clock,page-faults -- sleep 0.2 2>pm.out;
	kill $pid; wait $pid;
	cut -d, -f1,3,4 perf.out >perf.rows && cut -d, -f1,3,4 pm.out >pm.rows &&
	test_cmp perf.rows pm.rows
'

test_expect_success 'stat --per-thread with a command alone is refused as perf refuses it' '
	test_expect_code 129 "$PERF_MINI" stat --per-thread -e task-clock true 2>pm.err &&
	! perf stat --per-thread -e task-clock true 2>perf.err >/dev/null &&
	test_grep "only available when monitoring via -p -t -a" perf.err
'

# An uncore PMU with three instances (and a free-running PMU whose name
# only starts the same), presented to both tools over the real PMUs: perf
# opens nothing on them here, but names and merges the same events.
if [ "$(id -u)" = 0 ] && unshare -m true 2>/dev/null; then
	prereqs="$prereqs UNSHARE"
fi
uncore_sysfs() {
	rm -rf unc && mkdir -p unc &&
	for i in 0 1 10; do
		d=unc/uncore_imc_$i &&
		mkdir -p $d/events $d/format &&
		echo $((40 + i)) >$d/type && echo 0 >$d/cpumask &&
		echo "config:0-7" >$d/format/event && echo "config:8-15" >$d/format/umask &&
		echo "event=0x04,umask=0x03" >$d/events/cas_count_read &&
		echo MiB >$d/events/cas_count_read.unit || return 1
	done &&
	mkdir -p unc/uncore_imc_free_running_0/format &&
	echo 60 >unc/uncore_imc_free_running_0/type &&
	cp -r /sys/bus/event_source/devices/software unc/
}
in_uncore() {
	unshare -m sh -c "mount --bind '$TRASH/unc' /sys/bus/event_source/devices && $1"
}

test_expect_success UNSHARE 'uncore instances: perf and perf-mini print the same lines, merged, with --no-merge, per CPU (-A)' '
	uncore_sysfs &&
	for opts in "" "--no-merge" "-A" "-A --no-merge"; do
		in_uncore "perf stat -x, -a $opts -e uncore_imc/cas_count_read/ -- true" \
			2>perf.err >/dev/null;
		in_uncore "PERF_MINI_SYSFS= $PERF_MINI stat -x, -a $opts -e uncore_imc/cas_count_read/ -- true" \
			2>pm.err >/dev/null;
		grep "not supported" perf.err | sort >perf.lines &&
		grep "not supported" pm.err | sort >pm.lines &&
		test -s perf.lines && test_cmp perf.lines pm.lines || return 1
	done &&
	test $(wc -l <pm.lines) -eq 3
'

# --for-each-cgroup: cgroups made for the test (root can) under the mount
# perf counts in, one holding a spinning task, one empty
cg_root=$(awk '$3 == "cgroup" && $4 ~ /(^|,)perf_event(,|$)/ { print $2; exit }' /proc/self/mounts)
[ -n "$cg_root" ] || cg_root=$(awk '$3 == "cgroup2" { print $2; exit }' /proc/self/mounts)
cg=pm-o2100-$$
if [ -n "$cg_root" ] && mkdir "$cg_root/$cg-busy" "$cg_root/$cg-idle" 2>/dev/null; then
	prereqs="$prereqs CGMAKE"
	# test-lib's own trap (the trash directory) kept
	trap 'rmdir "$cg_root/$cg-busy" "$cg_root/$cg-idle" 2>/dev/null; rm -rf "$TRASH"' EXIT
fi
# The workload of the busy cgroup's tests: it joins the cgroup once
# counting has begun, and spins there. A task that enters a cgroup has
# that cgroup's events scheduled in on its CPU at once (the kernel's
# cgroup attach), so the cgroup counts in every run, whatever the load;
# one already spinning there before counting starts may not be switched
# in while it lasts. The share of time the events ran, "(50.00%)", is
# the scheduler's, in either tool's run: masked (MASK_RUNNING) wherever
# a cgroup is counted, the root one included.
busy="echo \$\$ >'$cg_root/$cg-busy/cgroup.procs' && exec '$WL/spin' 250"

# Not -I: an interval in which the cgroup's task did not run is "<not
# counted>", by the scheduler's timing
for layout in "TABLE" "TEXT -x," "TEXT -j"; do
	set -- $layout
	kind=$1
	shift
	test_expect_success SYSWIDE,CGMAKE "stat -a --for-each-cgroup $*: each event per cgroup, laid out as perf's" "
		MASK_RUNNING=1 same_as_perf $kind -a $* -e task-clock,page-faults \
			--for-each-cgroup /,$cg-busy,$cg-idle -- sh -c \"\$busy\" &&
		test_grep '$cg-idle' pm.out
	"
done

test_expect_success SYSWIDE,CGMAKE 'stat --for-each-cgroup with expressions: the cgroups perf finds, in its order' '
	MASK_RUNNING=1 same_as_perf TABLE -a -e task-clock --for-each-cgroup "^$cg-.*" -- sh -c "$busy" &&
	test $(grep -c "task-clock *$cg-" pm.out) -eq 2 &&
	MASK_RUNNING=1 same_as_perf TABLE -a -e task-clock --for-each-cgroup ",^$cg-id" -- true &&
	test $(grep -c "task-clock" pm.out) -eq 2
'

test_expect_success SYSWIDE,CGMAKE 'stat --for-each-cgroup: the default events of each cgroup, cpu-clock first as perf' '
	MASK_RUNNING=1 same_as_perf TABLE -a --for-each-cgroup /,$cg-idle -- true &&
	test $(grep -c "cpu-clock" pm.out) -eq 2
'

test_expect_success SYSWIDE,CGMAKE 'stat -M --for-each-cgroup: each cgroup its metric, of its own counts' '
	pm stat -a -M faults_per_ms --for-each-cgroup /,$cg-busy -- sh -c "$busy" 2>out &&
	test $(grep -c "# .* faults_per_ms" out) -eq 2 &&
	test_grep "^ +[0-9.]+ msec task-clock +$cg-busy # +[0-9.]+ CPUs utilized" out
'

test_expect_success SYSWIDE 'stat -a and -C without -e: cpu-clock as perf, not task-clock' '
	same_as_perf TABLE -a -- true &&
	same_as_perf TEXT -x, -C 0 -- true &&
	test_grep ",cpu-clock," pm.out
'

test_done
