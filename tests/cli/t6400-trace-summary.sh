#!/bin/sh
test_description='trace: record raw_syscalls as perf trace record does; trace -s of the recording as perf prints it (calls, errors, times per thread)'
. "$(dirname "$0")/test-lib.sh"

# perf trace writes to stderr, as perf-mini does (or to -o FILE)
same() {
	perf trace "$@" 2>perf.txt >/dev/null &&
	pm trace "$@" 2>pm.txt >/dev/null &&
	test_cmp perf.txt pm.txt
}

test_expect_success TRACEFS 'record: raw_syscalls enter and exit, every call, the workload'"'"'s only' '
	pm trace record -o t.data -- "$WL/sleep-switch" 20 2>err &&
	pm evlist -i t.data >events &&
	test_grep "^raw_syscalls:sys_enter$" events && test_grep "^raw_syscalls:sys_exit$" events &&
	pm evlist -v -i t.data | grep "^raw_syscalls:sys_enter:" >attr &&
	test_grep "sample_type: IP\|TID\|TIME\|ID\|CPU\|PERIOD\|RAW" attr &&
	test_grep "sample_period, sample_freq \}: 1," attr
'

# ground truth: sleep-switch sleeps 20 times (nanosleep: clock_nanosleep)
test_expect_success TRACEFS '-s: the workload'"'"'s sleeps, each a call' '
	pm trace -s -i t.data 2>out &&
	test_grep "^ sleep-switch \([0-9]+\), [0-9]+ events, 100.0%$" out &&
	test_grep "^   clock_nanosleep +20 +0 " out
'

test_expect_success TRACEFS '-s -- CMD: the command run, its calls summed up, its exit status' '
	pm trace -s -- "$WL/sleep-switch" 20 2>out &&
	test_grep "^   clock_nanosleep +20 +0 " out &&
	test_expect_code 3 pm trace -s -- sh -c "exit 3" 2>out &&
	test_grep "^ sh \([0-9]+\)" out &&
	test_expect_code 255 pm trace -s -- /nonexistent/cmd 2>err &&
	test_grep "cannot run" err && ! test_grep "Summary of events" err
'

test_expect_success TRACEFS,PERF '-s, --errno-summary, -p, --tid, --sched: the same as perf' '
	pm trace record -o f.data -- sh -c "ls /nonexistent; cat /nonexistent; ls / >/dev/null" \
		>/dev/null 2>&1;
	pm trace record -o mt.data -- /usr/bin/python3 -c "import threading, os
t = [threading.Thread(target=os.stat, args=(\"/\",)) for i in range(3)]
[x.start() for x in t]; [x.join() for x in t]" 2>/dev/null &&
	for f in t.data f.data mt.data; do
		for opts in "-s" "-s --errno-summary" "--errno-summary" "-s --sched" \
			    "-s --duration 0.5 --failure --max-events 3 --sort-events --comm -T"; do
			same $opts -i $f || { echo "$f $opts"; return 1; }
		done
	done &&
	pm trace --errno-summary -i f.data 2>out && test_grep "ENOENT: [1-9]" out &&
	pid=$(pm script -F pid -i mt.data | sort | uniq -c | sort -rn | awk "NR == 1 { print \$2 }") &&
	tid=$(pm script -F tid -i mt.data | awk "{ print \$1 }" | sort -u | grep -vx "$pid" | head -1) &&
	test -n "$tid" &&
	same -s -p $pid -i mt.data && same -s --tid $tid -i mt.data &&
	same -s -p $pid,$tid -i mt.data
'

test_expect_success TRACEFS,PERF 'recorded by perf trace record, with page faults: the same' '
	perf trace -F all --syscalls record -o p.data -- ls / >/dev/null 2>&1 &&
	same -s -i p.data && test_grep "minfaults" pm.txt
'

test_expect_success TRACEFS '-o: the summary in a file, the old one kept as .old' '
	echo old >sum.txt &&
	pm trace -s -o sum.txt -i t.data 2>err &&
	test ! -s err && test_grep "Summary of events" sum.txt && test_grep "^old$" sum.txt.old
'

test_expect_success 'errors: no file, not done yet, a bad list' '
	test_expect_code 255 pm trace -s -i nosuch.data 2>err &&
	test_grep "nosuch.data" err &&
	test_expect_code 129 pm trace -- true 2>err &&
	test_grep "live is not done yet" err && test_grep "hint: perf-mini trace record" err &&
	test_expect_code 129 pm trace -S -i nosuch.data 2>err &&
	test_grep "not done yet" err &&
	pm record -q -e task-clock -o tc.data -- true &&
	pm trace -s -i tc.data 2>out && test_grep "Summary of events" out &&
	test_expect_code 255 pm trace -s -p 1x -i tc.data 2>err &&
	test_grep "not a list of ids" err &&
	pm trace record -h >out 2>&1 && test_grep "^ Usage: perf-mini record " out
'

# tracepoints need root or an open tracefs: a normal user is told which
test_expect_success NORMAL_USER 'trace record as a normal user: done, or refused saying why and what to do' '
	if as_user "$PERF_MINI" trace record -o u.data -- true 2>err; then
		test -s u.data
	else
		test_grep "permission denied|paranoid" err && test_grep "^hint: " err
	fi
'

test_done
