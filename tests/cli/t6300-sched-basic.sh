#!/bin/sh
test_description='sched: record the scheduler tracepoints as perf sched record does; latency, timehist, map and script as perf prints them'
. "$(dirname "$0")/test-lib.sh"

# sched record is system-wide: both tools read the one file it writes,
# whatever else the machine ran meanwhile
# (perf's exit status is not compared: its reports stop with an error on
# some files after printing, and what it printed is the oracle)
same() {
	perf sched "$@" >perf.txt 2>perf.err
	pm sched "$@" >pm.txt 2>pm.err &&
	{ test_cmp perf.txt pm.txt || { head -5 perf.err; false; }; }
}

test_expect_success SYSWIDE,TRACEFS 'record: perf sched record'"'"'s events, raw, every event sampled' '
	pm sched record -o s.data -- "$WL/sleep-switch" 50 count >switches 2>err &&
	pm evlist -i s.data >events &&
	for e in sched_switch sched_stat_runtime sched_process_fork sched_wakeup_new \
		 sched_migrate_task; do
		test_grep "^sched:$e$" events || return 1
	done &&
	{ test_grep "^sched:sched_waking$" events || test_grep "^sched:sched_wakeup$" events; } &&
	pm evlist -v -i s.data | grep "^sched:sched_switch:" >attr &&
	test_grep "sample_type: IP\|TID\|TIME\|CPU\|PERIOD\|RAW" attr &&
	test_grep "sample_period, sample_freq \}: 1," attr
'

# ground truth: the voluntary switches the kernel counted for
# sleep-switch (its 50 sleeps, less those whose timer ran out before it
# blocked: T1, a loaded machine, had 46), each a switch out of it, less
# what the kernel dropped (a system-wide recording beside a busy machine
# loses some; the file says how many)
test_expect_success SYSWIDE,TRACEFS 'timehist: a line per switch out of the task, and its summary' '
	lost=$(pm report --stdio -i s.data 2>/dev/null | sed -n "s/^# Total Lost Samples: //p") &&
	switches=$(sed -n "s/^voluntary switches: //p" switches) && test -n "$switches" &&
	need=$((switches - ${lost:-0})) &&
	pm sched timehist -i s.data >out 2>err &&
	test $(grep -c "  sleep-switch\[[0-9]*\] " out) -ge $need &&
	pm sched timehist -s -i s.data >sum 2>err &&
	awk -v need=$need "/ sleep-switch\[[0-9]+\] / { n = \$3 } END { exit !(n >= need) }" sum ||
	{ echo "lost $lost, switches $switches"; grep -c "  sleep-switch\[[0-9]*\] " out; false; }
'

test_expect_success SYSWIDE,TRACEFS,PERF 'latency, timehist, map and script: perf'"'"'s output on the same file' '
	for opts in "" "-p" "-s pid" "-s max,switch"; do
		same latency $opts -i s.data || { echo "latency $opts"; return 1; }
	done &&
	for opts in "" "-s" "-S" "-w" "-M" "-V" "--state" "-n" "-w -n -V -M --state" \
		    "-S --state" "-C 1" "-S -M" "-I" "-I -S" "-I -V --state"; do
		same timehist $opts -i s.data || { echo "timehist $opts"; return 1; }
	done &&
	for opts in "" "--compact" "--cpus 1"; do
		same map $opts -i s.data || { echo "map $opts"; return 1; }
	done &&
	same script -i s.data
'

# latency -C, not on the system-wide file: perf 6.1 copies a migrated
# task's comm into 20 bytes (register_pid's strcpy) and aborts, "buffer
# overflow detected", when one is longer: a kworker's name under I/O
# ("kworker/u8:0-flush-254:0") was enough. Here only the workload's tasks
# have names.
test_expect_success TRACEFS,PERF 'latency -C: perf'"'"'s output on a recording of the workload alone' '
	pm record -q -c 1 -e sched:sched_switch -e sched:sched_stat_runtime \
		-e sched:sched_wakeup_new -e sched:sched_migrate_task -e sched:sched_wakeup \
		-o w.data -- sh -c "\"$WL/sleep-switch\" 30 & \"$WL/sleep-switch\" 30; wait" &&
	for opts in "-C 0" "-C 1" "-C 0 -s max"; do
		same latency $opts -i w.data || { echo "latency $opts"; return 1; }
	done
'

test_expect_success SYSWIDE,TRACEFS,PERF 'timehist -p, -t and --time: the same as perf' '
	pid=$(pm sched timehist -i s.data 2>/dev/null |
	      sed -n "s/.*  sleep-switch\[\([0-9]*\)\] .*/\1/p" | head -1) &&
	from=$(pm script -F time -i s.data | sed -n "200s/[ :]//gp") &&
	to=$(pm script -F time -i s.data | sed -n "900s/[ :]//gp") &&
	for opts in "-p $pid" "-t $pid" "-S -p $pid" "--time $from,$to" "-S --time $from,$to" \
		    "--time ,$to" "--time $from,"; do
		same timehist $opts -i s.data || { echo "timehist $opts"; return 1; }
	done
'

# the chains of kernel functions the tasks switched out in (perf's
# timehist names no user code: it does not read MMAP2 records)
test_expect_success SYSWIDE,TRACEFS,PERF 'timehist of a recording with callchains: the same chains as perf' '
	pm sched record -g -o g.data -- "$WL/sleep-switch" 20 2>/dev/null &&
	for opts in "" "-S" "-w -M -V" "--max-stack 2" "--no-call-graph" "-n --state" "-I" "-I -s" \
		    "-I -S" "-I -s --no-call-graph"; do
		same timehist $opts -i g.data || { echo "timehist $opts"; return 1; }
	done &&
	pm sched timehist -i g.data >out 2>/dev/null && test_grep " <- " out
'

# a frame-pointer walk through code without frame pointers can read a
# value in the markers range that is no marker: perf keeps no frame then
test_expect_success SYSWIDE,TRACEFS,PERF 'timehist: a chain with a corrupt context marker shows no frame, as perf' '
	test -f g.data &&
	n=$(python3 "$ROOT/tests/helpers/corrupt-chain.py" g.data bad.data) &&
	test "$n" -gt 0 &&
	same timehist -i bad.data && same timehist -I -i bad.data &&
	pm sched timehist -i bad.data >out 2>/dev/null && ! grep -q " <- " out
'

test_expect_success SYSWIDE,TRACEFS,PERF 'recorded by perf sched record: the same' '
	perf sched record -o p.data -- "$WL/sleep-switch" 20 >/dev/null 2>&1 &&
	same latency -i p.data && same timehist -S -w -M -i p.data && same map -i p.data
'

# -D: perf dumps each record as the subcommand's tool is handed it, and
# the tool's handlers decide what follows: "unhandled!" where it has none
# (latency takes no MMAP, timehist no MMAP2), timehist's thread and DSO of
# each switch before its line; nothing of a file without tracepoints
test_expect_success SYSWIDE,TRACEFS,PERF 'sched -D: each record as perf dumps it, between the report lines' '
	for f in s.data g.data p.data; do
		for c in latency map "map --compact" timehist "timehist -w -M -V" "timehist -S -I" \
			 script; do
			same -D $c -i $f || { echo "$f -D $c"; return 1; }
		done
	done &&
	pm sched -D timehist -i g.data >out 2>/dev/null &&
	test_grep "^ \.\.\. thread: " out && test_grep "PERF_RECORD_MMAP2: unhandled!" out &&
	pm record -q -e task-clock -o tc.data -- true &&
	same -D latency -i tc.data && same -D map -i tc.data
'

test_expect_success 'errors: no file, no sched events, a bad key or list, no subcommand' '
	test_expect_code 255 pm sched latency -i nosuch.data 2>err &&
	test_grep "nosuch.data" err &&
	pm record -q -e task-clock -o tc.data -- true &&
	pm sched latency -i tc.data >out 2>err &&
	test_grep "No trace sample to read" err &&
	test_expect_code 255 pm sched timehist -i tc.data 2>err &&
	test_grep "no sched_switch events" err &&
	test_expect_code 129 pm sched latency -s nosuch -i tc.data 2>err &&
	test_grep "unknown sort key .nosuch." err &&
	test_expect_code 255 pm sched timehist -p 12x -i tc.data 2>err &&
	test_grep "not a list of ids" err &&
	test_expect_code 255 pm sched timehist --time 2,1 -i tc.data 2>err &&
	test_grep "not a time window" err &&
	test_expect_code 129 pm sched timehist -s -w -i tc.data 2>err &&
	test_expect_code 129 pm sched 2>err && test_grep "which report" err &&
	test_expect_code 129 pm sched frobnicate 2>err && test_grep "not a sched command" err &&
	test_expect_code 129 pm sched record -h 2>out &&
	test_grep "^ Usage: perf-mini record " out && test_grep "^    -a, --all-cpus " out
'

# tracepoints need root or an open tracefs: a normal user is told which,
# in one message with perf's exit status (129), not record's usage
test_expect_success NORMAL_USER 'sched record as a normal user: done, or refused saying why and what to do' '
	if as_user "$PERF_MINI" sched record -o u.data -- true 2>err; then
		test -s u.data
	elif grep -q "tracefs" err; then
		test $(wc -l <err) = 2 &&
		test_grep "^perf-mini sched record: cannot read .*/events/sched: tracefs is readable by root only$" err &&
		test_grep "^hint: run as root, or make tracefs readable " err &&
		test_expect_code 129 as_user "$PERF_MINI" sched record -o u.data -- true 2>/dev/null
	else
		test_grep "paranoid" err && test_grep "^hint: " err
	fi
'

test_done
