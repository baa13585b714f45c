#!/bin/sh
test_description='perf-mini stat on real software events: targets, output modes, errors'
. "$(dirname "$0")/test-lib.sh"

# Value of event $1 in CSV file $2.
csv_value() {
	awk -F, -v ev="$1" '$3 == ev { print $1 }' "$2"
}

test_expect_success 'default events: software counted, hardware <not supported> on a VM' '
	pm stat -- "$WL/spin" 20 2>err &&
	test_grep "^ Performance counter stats for .*spin 20.:$" err &&
	test_grep "msec task-clock$u +# +[0-9.]+ CPUs utilized" err &&
	test_grep " context-switches$u +# " err &&
	test_grep " page-faults$u +# +[0-9.]+ [KMG]?/sec" err &&
	test_grep "seconds time elapsed" err &&
	test_grep "seconds user" err
'

test_expect_success 'page faults of a known workload are counted' '
	pm stat -x, -e page-faults,minor-faults,major-faults -- "$WL/touch-pages" 3000 2>out &&
	test $(csv_value page-faults$u out) -ge 3000 &&
	test $(csv_value minor-faults$u out) -ge 3000 &&
	test $(csv_value page-faults$u out) -lt 3500
'

# confined to user space (:u), a context switch, made in the kernel, is
# never counted: 0, as perf shows
test_expect_success 'context switches of a known workload are counted' '
	pm stat -x, -e cs,task-clock -- "$WL/sleep-switch" 50 2>out &&
	if [ -z "$u" ]; then
		test $(csv_value cs out) -ge 50
	else
		test $(csv_value cs$u out) -eq 0
	fi
'

test_expect_success 'the workload exit status passes through' '
	test_expect_code 7 pm stat -e cs -- "$WL/spin" 1 7 2>err &&
	test_grep " cs$u " err
'

# perf stat returns the workload's exit status, which a signal's death
# does not have (WEXITSTATUS: 0); record dies of the signal (t3000)
test_expect_success 'a workload killed by a signal: exit 0, as perf stat, and the signal named' '
	pm stat -e cs -- sh -c "kill -9 \$\$" 2>err &&
	test_grep "^sh: Killed$" err &&
	{ "$PERF_MINI" stat -e task-clock -- yes 2>/dev/null; echo $? >rc; } | head -1 >out &&
	test "$(cat out)" = y && test "$(cat rc)" = 0
'

test_expect_success 'a missing program is a clear error, exit 255 as perf' '
	test_expect_code 255 pm stat -e cs -- /nonexistent/prog 2>err &&
	test_grep "^perf-mini stat: cannot run ./nonexistent/prog.: No such file or directory" err &&
	test_grep "^hint: " err &&
	! test_grep "Performance counter stats" err
'

test_expect_success 'a non-executable file is a clear error, exit 255' '
	echo "not a program" >plain && chmod -x plain &&
	test_expect_code 255 pm stat -e cs -- ./plain 2>err &&
	test_grep "Permission denied" err
'

# execvp says EACCES when a PATH directory could not be searched and the
# name was found nowhere: a normal user with /root/... in PATH
test_expect_success NORMAL_USER 'a name in no PATH directory, one of them unsearchable: not found, exit 255' '
	mkdir locked && chmod 000 locked &&
	test_expect_code 255 as_user env PATH="$PWD/locked:/usr/bin:/bin" \
		"$PERF_MINI" stat -e cs -- no-such-program-here 2>err &&
	test_grep "cannot run .no-such-program-here.: No such file or directory" err &&
	as_user env PATH="$PWD/locked:/usr/bin:/bin" "$PERF_MINI" stat -e cs -- true 2>err &&
	chmod 755 locked
'

# as perf: no command and no target counts the whole system until a
# signal; a user who may not count CPUs is told so, as for -a. Its events
# open after its signal handlers are in place: open events are the sign
# that SIGINT will be caught.
test_expect_success SYSWIDE 'no command and no target: the whole system until ^C, as perf' '
	(sh -c "echo \$\$ >stat.pid; exec \"\$PERF_MINI\" stat -e task-clock" 2>out; \
	 echo $? >rc) &
	await "test -s stat.pid && ls -l /proc/\$(cat stat.pid)/fd | grep -q perf_event" &&
	kill -INT "$(cat stat.pid)" && wait &&
	test "$(cat rc)" = 130 &&
	test_grep "^ Performance counter stats for .system wide.:" out &&
	test_grep " task-clock .* CPUs utilized" out
'

test_expect_success NORMAL_USER 'no command as a user who may not count CPUs: told so, as for -a' '
	test_must_fail as_user "$PERF_MINI" stat -e task-clock 2>err &&
	test_grep "perf_event_paranoid" err
'

test_expect_success '-x, gives perf CSV fields in perf order' '
	pm stat -x, -e task-clock,page-faults,cs -- "$WL/spin" 10 2>out &&
	test $(wc -l <out) -eq 3 &&
	awk -F, "NF != 7 { exit 1 }" out &&
	test_grep "^[0-9]+\.[0-9]{2},msec,task-clock$u,[0-9]+,100\.00,[0-9.]+,CPUs utilized$" out &&
	test_grep "^[0-9]+,,page-faults$u,[0-9]+,100\.00,[0-9.]+,[KMG]?/sec$" out
'

test_expect_success '-x with another separator' '
	pm stat -x ";" -e cs -- true 2>out &&
	test_grep "^[0-9]+;;cs$u;" out
'

test_expect_success '-j prints one JSON object per event with perf keys' '
	pm stat -j -e task-clock,page-faults -- true 2>out &&
	python3 -c "
import json, sys
rows = [json.loads(l) for l in open(\"out\") if l.strip()]
assert len(rows) == 2, rows
for r in rows:
    for k in (\"counter-value\", \"unit\", \"event\", \"event-runtime\", \"pcnt-running\", \"metric-value\", \"metric-unit\"):
        assert k in r, (k, r)
assert rows[0][\"event\"] == \"task-clock$u\" and rows[0][\"unit\"] == \"msec\"
"
'

test_expect_success '-x and -j together are refused' '
	test_expect_code 129 pm stat -x, -j -e cs true 2>err &&
	test_grep "cannot be used together" err
'

test_expect_success '-I prints timestamped intervals, --interval-count stops' '
	pm stat -I 100 --interval-count 3 -e task-clock,cs -- "$WL/spin" 2000 2>out &&
	test_grep "^#           time             counts unit events$" out &&
	test $(grep -c " task-clock$u " out) -eq 3 &&
	test_grep "^ +0\.[0-9]{9} +[0-9.]+ msec task-clock" out
'

test_expect_success '-I with -x prefixes the time field' '
	pm stat -x, -I 100 --interval-count 2 -e cs -- "$WL/spin" 1000 2>out &&
	test $(wc -l <out) -eq 2 &&
	test_grep "^ +[0-9]+\.[0-9]{9},[0-9]+,,cs$u," out
'

test_expect_success '-I with -j puts the interval key first' '
	pm stat -j -I 100 --interval-count 1 -e cs -- "$WL/spin" 500 2>out &&
	test_grep "^\{\"interval\" : [0-9.]+, \"counter-value\"" out
'

test_expect_success '-I under 10 ms runs, as perf 6.1; a negative -I is refused' '
	pm stat -I 5 --interval-count 2 -e task-clock -- sleep 1 2>err &&
	test $(grep -c "msec task-clock" err) -eq 2 &&
	test_expect_code 129 pm stat -I -1 -e cs true 2>err &&
	test_grep "must be positive" err
'

test_expect_success '--interval-count needs -I' '
	test_expect_code 129 pm stat --interval-count 2 -e cs true 2>err &&
	test_grep "needs -I" err
'

test_expect_success '-r N shows the runs, the mean and +- noise' '
	pm stat -r 4 -e task-clock,page-faults -- true 2>out &&
	test_grep "for .true. \(4 runs\):" out &&
	test_grep "\( \+- +[0-9.]+% \)$" out &&
	test_grep "[0-9.]+ \+- [0-9.]+ seconds time elapsed" out
'

test_expect_success '-r out of range is refused' '
	test_expect_code 129 pm stat -r -1 -e cs true 2>err &&
	test_expect_code 129 pm stat -r 101 -e cs true 2>err
'

test_expect_success '-o writes the results to a file, --append adds to it' '
	pm stat -o res.txt -e cs -- true 2>err &&
	! grep -v "^Warning:$\|perf_event_paranoid" err &&
	test_grep "^# started on " res.txt &&
	test_grep " cs$u " res.txt &&
	pm stat -o res.txt --append -e faults -- true &&
	test_grep " cs$u " res.txt &&
	test_grep " faults$u " res.txt &&
	pm stat -x, -o csv.txt -e cs -- true &&
	test "$(sed -n 2p csv.txt)" = "" && test_grep "^# started on " csv.txt &&
	test_grep "^[0-9]+,,cs$u," csv.txt
'

test_expect_success '-o into a missing directory fails before running anything' '
	test_expect_code 1 pm stat -o nodir/res.txt -e cs -- touch ran 2>err &&
	test_grep "cannot open .nodir/res.txt. for writing" err &&
	test ! -e ran
'

test_expect_success '--append without -o is refused' '
	test_expect_code 129 pm stat --append -e cs true 2>err
'

test_expect_success '-n counts nothing but times the run' '
	pm stat -n -- true 2>out &&
	test_grep "seconds time elapsed" out &&
	! test_grep " task-clock " out
'

test_expect_success '-d adds the cache events' '
	pm stat -d -- true 2>out &&
	test_grep " L1-dcache-load-misses$u " out &&
	test_grep " LLC-loads$u " out
'

test_expect_success SYSWIDE '-a counts system wide until the command ends' '
	pm stat -a -e cs -- sleep 0.1 2>out &&
	test_grep "for .system wide.:" out &&
	test_grep "^ +[0-9]+ +cs " out
'

test_expect_success SYSWIDE '-A shows one line per CPU' '
	pm stat -a -A -e cs -- sleep 0.05 2>out &&
	test $(grep -c "^CPU[0-9]" out) -eq $(getconf _NPROCESSORS_ONLN)
'

test_expect_success '-A without CPUs is refused' '
	test_expect_code 129 pm stat -A -e cs true 2>err &&
	test_grep "needs CPUs" err
'

test_expect_success SYSWIDE '-C counts the named CPUs' '
	pm stat -C 0 -e cs -- sleep 0.05 2>out &&
	test_grep "for .CPU\(s\) 0.:" out
'

test_expect_success '-C naming a CPU that does not exist is refused (perf accepts it)' '
	test_expect_code 129 pm stat -C 4095 -e cs -- true 2>err &&
	test_grep "CPU 4095 in .4095. does not exist" err &&
	test_expect_code 129 pm stat -C 0-x -e cs -- true 2>err
'

test_expect_success '-p counts a running process for the duration of a command' '
	"$WL/spin" 3000 & pid=$! &&
	pm stat -x, -p $pid -e task-clock -- sleep 0.3 2>out;
	rc=$?; kill $pid; test $rc -eq 0 &&
	test $(csv_value task-clock$u out | tr -d .) -gt 0
'

test_expect_success '--per-thread -t shows comm-tid lines' '
	"$WL/spin" 3000 & pid=$! &&
	await_comm $pid spin &&
	pm stat --per-thread -t $pid -e task-clock -- sleep 0.2 2>out;
	rc=$?; kill $pid; test $rc -eq 0 &&
	test_grep "^ +spin-$pid +[0-9.]+ msec task-clock" out
'

test_expect_success '-p of a process that does not exist is an error' '
	test_expect_code 234 pm stat -p 999999999 -e cs 2>err &&
	test_grep "no such process" err
'

# stat forks the workload after its handlers are in place: the workload
# running is the sign that SIGINT will be caught.
test_expect_success 'SIGINT stops counting and still prints the results' '
	(pm stat -e task-clock -- "$WL/spin" 5000 2>out & echo $! >pid; wait) &
	await "test -s pid && pgrep -P \"\$(cat pid)\" >/dev/null" &&
	kill -INT $(cat pid) && wait &&
	test_grep "task-clock" out &&
	test_grep "seconds time elapsed" out
'

test_expect_success TRACEFS 'tracepoint events count with globs' '
	pm stat -x, -e "sched:sched_process_e*" -- true 2>out &&
	test_grep ",sched:sched_process_exec," out &&
	test_grep ",sched:sched_process_exit," out
'

# perf reads a system's events in its directory's order, not sorted
test_expect_success TRACEFS,PERF 'a tracepoint glob counts its events in perf'"'"'s order' '
	for e in "irq:*" "raw_syscalls:*" "sched:sched_wak*"; do
		perf stat -x, -e "$e" -- true 2>&1 | cut -d, -f3 >perf.txt &&
		pm stat -x, -e "$e" -- true 2>&1 | cut -d, -f3 >pm.txt &&
		test_cmp perf.txt pm.txt || { echo "$e"; return 1; }
	done
'

test_expect_success 'a group is read as a group' '
	pm stat -x, -e "{cs,faults}" -- "$WL/touch-pages" 500 2>out &&
	test $(csv_value faults$u out) -ge 500
'

test_expect_success 'hardware events on a VM: <not supported>, not an error' '
	pm stat -x, -e cycles,cs -- true 2>out &&
	test_grep "^<not supported>,,cycles$u," out
'

test_expect_success 'a hardware group leader that cannot count is a clear error' '
	test_must_fail pm stat -e "{cycles,instructions}" -- true 2>err &&
	test_grep "cannot open event .cycles." err &&
	test_grep "^hint: " err
'

test_expect_success '-B/--no-big-num are accepted, -vv prints the attr' '
	pm stat -B -e cs true 2>out && pm stat --no-big-num -e cs true 2>out &&
	pm stat -vv -e cs true 2>out &&
	test_grep "^perf_event_attr:$" out &&
	test_grep "^sys_perf_event_open: pid [0-9]+  cpu -1  group_fd -1  flags 0x8 = [0-9]+$" out
'

ncores=$(cat /sys/devices/system/cpu/cpu[0-9]*/topology/core_id | sort -u | wc -l)
nsockets=$(cat /sys/devices/system/cpu/cpu[0-9]*/topology/physical_package_id | sort -u | wc -l)
ncpus=$(ls -d /sys/devices/system/cpu/cpu[0-9]* | wc -l)

test_expect_success SYSWIDE '--per-core: one line per core and event, with its CPU count' '
	pm stat --per-core -a -e cpu-clock,page-faults -- sleep 0.05 2>out &&
	test $(grep -cE "^S[0-9]+-D[0-9]+-C[0-9]+ +[0-9]+ +[0-9.,]+ +msec cpu-clock" out) \
		-eq "$ncores" &&
	test $(grep -cE "^S[0-9]+-D[0-9]+-C[0-9]+ +[0-9]+ +[0-9,]+ +page-faults" out) -eq "$ncores"
'

test_expect_success SYSWIDE '--per-socket: the CPUs of each socket add up to all CPUs' '
	pm stat --per-socket -a -x, -e cpu-clock -- sleep 0.05 2>out &&
	test $(grep -c "^S[0-9]*,[0-9]*,.*,cpu-clock," out) -eq "$nsockets" &&
	test $(awk -F, "/cpu-clock/ { n += \$2 } END { print n }" out) -eq "$ncpus"
'

test_expect_success SYSWIDE '--per-core -I: the core and cpus columns in the header' '
	pm stat --per-core -a -e cpu-clock -I 50 --interval-count 1 -- sleep 0.2 2>out &&
	test_grep "^# +time core +cpus +counts unit events" out
'

test_expect_success SYSWIDE '--per-core -j: perf keys core and aggregate-number' '
	pm stat --per-core -a -j -e cpu-clock -- true 2>out &&
	test_grep "^\{\"core\" : \"S[0-9]+-D[0-9]+-C[0-9]+\", \"aggregate-number\" : [0-9]+, " out
'

test_expect_success '--per-core without CPUs, or with another aggregation: refused' '
	test_expect_code 129 pm stat --per-core -- true 2>err &&
	test_grep "needs CPUs to count on" err && test_grep "hint: add -a" err &&
	test_expect_code 129 pm stat --per-core --per-socket -a -- true 2>err &&
	test_grep "cannot be used together" err
'

test_done
