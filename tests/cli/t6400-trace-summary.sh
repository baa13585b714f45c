#!/bin/sh
test_description='trace: record raw_syscalls as perf trace record does; trace -i of the recording as perf prints it: a line per call (arguments by name and kind, results, errnos), -s (calls, errors, times per thread), -S'
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

# perf 6.1'"'"'s trace exits 0 whatever its command'"'"'s status
test_expect_success TRACEFS '-s -- CMD: the command run, its calls summed up, exit 0 as perf' '
	pm trace -s -- "$WL/sleep-switch" 20 2>out &&
	test_grep "^   clock_nanosleep +20 +0 " out &&
	pm trace -s -- sh -c "exit 3" 2>out &&
	test_grep "^ sh \([0-9]+\)" out &&
	test_expect_code 255 pm trace -s -- /nonexistent/cmd 2>err &&
	test_grep "cannot run" err && ! test_grep "Summary of events" err
'

# live, perf's total is every record it read from the rings: the calls,
# and the kernel's MMAP2, COMM and EXIT records (not those synthesized at
# the start); a single program's share is under 100%
test_expect_success TRACEFS '-s -- CMD: a thread s share of all the records read, as perf' '
	pm trace -s -- /bin/true 2>out &&
	line=$(grep "^ true ([0-9]*), [0-9]* events, " out) &&
	n=$(echo "$line" | sed "s/.*), \([0-9]*\) events.*/\1/") &&
	pct=$(echo "$line" | sed "s/.* events, \([0-9.]*\)%$/\1/") &&
	awk -v n=$n -v p=$pct "BEGIN { exit !(p < 100 && p > 100 * n / (n + 20)) }" &&
	if command -v perf >/dev/null 2>&1; then
		perf trace -s -- /bin/true 2>perf.txt &&
		grep "^ true (" perf.txt | sed "s/([0-9]*)//" >want &&
		echo "$line" | sed "s/([0-9]*)//" >got && test_cmp want got
	fi
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

# the lines: both tools on the same files, perf-mini's recordings and
# perf's; the calls cover perf's formats for flags (open, mmap, futex,
# clone, fcntl's commands and results, sockets, wait4), pids, errnos,
# hex results and calls another thread interrupted
test_expect_success TRACEFS,PERF 'lines: every call as perf prints it, with --failure, --duration, -T, --no-comm, -S' '
	pm trace record -o fc.data -- /usr/bin/python3 -c "import socket, fcntl, os
s = socket.socket(); f = fcntl.fcntl(s, fcntl.F_GETFL)
fcntl.fcntl(s, fcntl.F_SETFL, f | os.O_NONBLOCK); fcntl.fcntl(s, fcntl.F_GETFD)
os.close(os.dup(0)); socket.socket(socket.AF_INET6, socket.SOCK_DGRAM, 17).close()
os.open(\"fc.out\", os.O_CREAT | os.O_WRONLY | os.O_TRUNC, 0o640)
os.access(\"/\", os.R_OK | os.X_OK); os.kill(os.getpid(), 0)
if os.fork() == 0: os._exit(0)
os.wait(); r, w = os.pipe2(os.O_CLOEXEC | os.O_NONBLOCK); a, b = socket.socketpair()
a.send(b\"x\", socket.MSG_DONTWAIT); b.recv(1, socket.MSG_PEEK)
import select; e = select.epoll(); e.register(r, select.EPOLLIN); e.unregister(r)
os.eventfd(0, os.EFD_CLOEXEC); fcntl.flock(a, fcntl.LOCK_EX | fcntl.LOCK_NB)" 2>/dev/null &&
	for f in t.data f.data mt.data fc.data; do
		for opts in "" "--failure" "--duration 0.01" "-T" "--no-comm" "-S" \
			    "-S --errno-summary" "--failure --no-comm" "--max-events 3"; do
			same $opts -i $f || { echo "$f $opts"; return 1; }
		done
	done &&
	pid=$(pm script -F pid -i mt.data | sort | uniq -c | sort -rn | awk "NR == 1 { print \$2 }") &&
	tid=$(pm script -F tid -i mt.data | awk "{ print \$1 }" | sort -u | grep -vx "$pid" | head -1) &&
	same -p $pid -i mt.data && same --tid $tid -i mt.data && same -S -p $pid -i mt.data
'

# ground truth: what the programs are known to call
test_expect_success TRACEFS 'lines: the calls the programs make, by name, flags and result' '
	pm trace -i t.data 2>out &&
	test "$(grep -cE " sleep-switch/[0-9]+ clock_nanosleep\(rqtp: 0x[0-9a-f]+\) += 0$" out)" = 20 &&
	pm trace -i f.data 2>out &&
	test_grep "cat/[0-9]+ openat\(dfd: CWD, filename: 0x[0-9a-f]+\) += -1 ENOENT \(No such file or directory\)$" out &&
	test_grep "cat/[0-9]+ exit_group\(error_code: 1\) += \?$" out &&
	test_grep "sh/[0-9]+ set_tid_address\(tidptr: 0x[0-9a-f]+\) += [0-9]+ \(sh\)$" out &&
	pm trace -i fc.data 2>out &&
	test_grep "socket\(family: INET, type: STREAM\|CLOEXEC\) += [0-9]+$" out &&
	test_grep "socket\(family: INET6, type: DGRAM\|CLOEXEC, protocol: UDP\)" out &&
	test_grep "fcntl\(fd: [0-9]+, cmd: SETFL, arg: RDWR\|NONBLOCK\)" out &&
	test_grep "fcntl\(fd: [0-9]+, cmd: GETFL\) += RDWR$" out &&
	test_grep "openat\(dfd: CWD, filename: 0x[0-9a-f]+, flags: (CLOEXEC\|)?CREAT\|TRUNC\|WRONLY, mode: IRUSR\|IWUSR\|IRGRP\)" out &&
	test_grep "access\(filename: 0x[0-9a-f]+, mode: RX\) += 0$" out &&
	test_grep "kill\(pid: [0-9]+ \(python3\)\) += 0$" out &&
	test_grep "pipe2\(fildes: 0x[0-9a-f]+, flags: CLOEXEC\|NONBLOCK\) += 0$" out &&
	test_grep "sendto\(fd: [0-9]+, buff: 0x[0-9a-f]+, len: 1, flags: DONTWAIT\) += 1$" out &&
	test_grep "recvfrom\(fd: [0-9]+, ubuf: 0x[0-9a-f]+, size: 1, flags: PEEK\) += 1$" out &&
	test_grep "epoll_ctl\(epfd: [0-9]+, op: ADD, fd: [0-9]+" out &&
	test_grep "eventfd2\(flags: CLOEXEC\) += [0-9]+$" out &&
	test_grep "flock\(fd: [0-9]+, cmd: EX\|NB\) += 0$" out
'

# a pipe's events are known as it is read: page faults there too
test_expect_success 'a pipe stream with page faults: their lines, no crash' '
	pm record -q -e page-faults -o - -- true >faults.pipe &&
	pm trace -i - <faults.pipe 2>out &&
	test_grep "^ +[0-9.]+ \\( 0.000 ms\\): true/[0-9]+ minfault \\[.*\\] => 0x[0-9a-f]+ \\(" out
'

test_expect_success TRACEFS '-- CMD: the command recorded, its lines, exit 0 as perf' '
	pm trace -- sh -c "cat /nonexistent 2>/dev/null; exit 3" 2>out &&
	pm trace -- sh -c "kill -TERM \$\$" 2>/dev/null &&
	test_grep "sh/[0-9]+ exit_group\(error_code: 3\) += \?$" out &&
	test_grep "cat/[0-9]+ openat\(dfd: CWD, filename: 0x[0-9a-f]+\) += -1 ENOENT" out &&
	test_expect_code 255 pm trace -- /nonexistent/cmd 2>err &&
	test_grep "cannot run" err
'

# perf traces a command live: its output is the user's, its lines come as
# it runs, an fd named by its file while the process still has it (the
# name kept until its close is printed: close traced too, as with perf)
test_expect_success TRACEFS '-- CMD live: the command s output on stdout, fds named by their files' '
	pm trace -e write -- sh -c "echo hi" >out 2>err &&
	test "$(cat out)" = hi && test_grep " write\(fd: 1" err &&
	echo data >read-me.txt &&
	pm trace -e read,close -- python3 -c "import time; f = open(\"read-me.txt\"); f.read(); time.sleep(2)" 2>err &&
	test_grep "read\(fd: [0-9]+<$PWD/read-me.txt>, " err
'

test_expect_success TRACEFS,PERF 'recorded by perf trace record, with page faults: the same' '
	perf trace -F all --syscalls record -o p.data -- ls / >/dev/null 2>&1 &&
	same -s -i p.data && test_grep "minfaults" pm.txt &&
	same -i p.data && same -S -i p.data
'

# the arguments are named from this machine's tracefs: without it, say so
test_expect_success TRACEFS,NORMAL_USER 'lines as a normal user: printed, or refused naming tracefs and the fix' '
	cp t.data u.data && chmod 644 u.data &&
	if as_user "$PERF_MINI" trace -f -i u.data 2>out; then
		test_grep "clock_nanosleep" out
	else
		test_grep "system calls. formats in .*/events/syscalls" out && test_grep "^hint: " out
	fi
'

test_expect_success TRACEFS '-o: the summary in a file, the old one kept as .old' '
	echo old >sum.txt &&
	pm trace -s -o sum.txt -i t.data 2>err &&
	test ! -s err && test_grep "Summary of events" sum.txt && test_grep "^old$" sum.txt.old
'

test_expect_success 'errors: no file, not done yet, a bad list or duration, a file and a command' '
	test_expect_code 255 pm trace -s -i nosuch.data 2>err &&
	test_grep "nosuch.data" err &&

	test_expect_code 255 pm trace -S -i nosuch.data 2>err &&
	test_grep "nosuch.data" err &&
	test_expect_code 129 pm trace --duration 1ms -i nosuch.data 2>err &&
	test_grep "not a number of milliseconds" err &&
	test_expect_code 129 pm trace -i nosuch.data -- true 2>err &&
	test_grep "which one to trace" err &&
	pm record -q -e task-clock -o tc.data -- true &&
	pm trace -s -i tc.data 2>out && test_grep "Summary of events" out &&
	test_expect_code 255 pm trace -s -p 1x -i tc.data 2>err &&
	test_grep "not a list of ids" err &&
	test_expect_code 129 pm trace record -h 2>out && test_grep "^ Usage: perf-mini record " out
'

# live: a shell whose loop runs sleep (children, not traced, as perf's
# -p) and a builtin (its own calls: clone, wait4); Ctrl-C as a kill of
# the printer alone, once the first line is out
test_expect_success TRACEFS 'live -p: the process s own calls as they come, no thread column, until SIGINT' '
	sh -c "while :; do sleep 0.2; done" & loop=$! &&
	# attached before the fork runs sh, trace -p would see its execve
	await "grep -q while /proc/$loop/cmdline 2>/dev/null" &&
	{ "$PERF_MINI" trace -p $loop 2>live.txt & tp=$!; } &&
	for i in $(seq 300); do grep -q "wait4" live.txt && break; sleep 0.1; done &&
	kill -INT $tp && wait $tp && kill $loop &&
	test_grep "^ +[0-9]+\.[0-9]{3} \( *[0-9]+\.[0-9]{3} ms\): (clone|wait4)\(" live.txt &&
	! grep -q "execve\|nanosleep\|/$loop " live.txt &&
	! grep -vE "^ +([0-9.]+|\?) \([ 0-9.]+(ms)?\): ([a-z_0-9]+\(| \.\.\. \[continued\])" live.txt
'

# a file the program keeps open: its fd is named by its path, as perf
# names it live (read from /proc); one opened and closed again is named
# only when it is still there when its call is printed (perf too). The
# program is traced once it is in its loop (its start-up is long on a
# busy machine)
test_expect_success TRACEFS 'live: fds named by their files, as perf' '
	rm -f py.ready &&
	/usr/bin/python3 -c "import time
f = open(\"/etc/passwd\")
open(\"py.ready\", \"w\").close()
while True:
    f.seek(0); time.sleep(0.05)" & py=$! &&
	for i in $(seq 600); do test -e py.ready && break; sleep 0.1; done &&
	{ "$PERF_MINI" trace -p $py 2>fds.txt & tp=$!; } &&
	for i in $(seq 600); do grep -q "lseek" fds.txt && break; sleep 0.1; done &&
	kill -INT $tp && wait $tp && kill $py &&
	test_grep "lseek\(fd: [0-9]+</etc/passwd>, whence: SET\)" fds.txt
'

test_expect_success TRACEFS '-e names and globs: only those calls, live and for a command; a name of none: 129' '
	pm trace -e "clock_nano*,write" -- sh -c "sleep 0.01; echo x" >/dev/null 2>calls.txt &&
	test_grep " clock_nanosleep\(" calls.txt && test_grep " write\(fd: 1(<[^>]*>)?," calls.txt &&
	! grep -vE "^ +[0-9.]+ \([ 0-9.]+ms\): [a-z]+/[0-9]+ (clock_nanosleep|write)\(" calls.txt &&
	{ sh -c "while :; do sleep 0.1; done" & loop=$!; } &&
	"$PERF_MINI" trace -e wait4 --max-events 3 -p $loop 2>calls.txt; kill $loop &&
	test $(wc -l <calls.txt) = 3 && test $(grep -c " wait4(" calls.txt) = 3 &&
	test_expect_code 129 pm trace -e nosuchcall -- true 2>err &&
	test_grep "no system call of that name" err
'

# perf's lines for the other events -e names: its fields by name, zeros
# left out, strings quoted, pids with their COMM; the duration column only
# where calls are traced too. The times, ids and pointers differ from run
# to run (and with a pointer's width, the padding before the result), and
# an fd's path is read from /proc live, as perf does: a race with the
# command (both tools lose it to a short command now and then).
# Live, perf prints each CPU's events as it reads them, not in time order:
# both run on one CPU, where that order is the events'.
one_cpu=$(taskset -pc $$ 2>/dev/null | sed "s/.*: //; s/[-,].*//")
norm() {
	sed -E "s/^ +([0-9]+\.[0-9]+|\?) //; s/\( *[0-9.]+ ms\)/(D ms)/; s/0x[0-9a-f]+/0xH/g; s/([0-9])<[^>]*>/\1/g; s/[0-9]{3,}/N/g; s/\) += /) = /" "$1"
}

test_expect_success TRACEFS,PERF '-e system:event: tracepoints lines as perf prints them, alone, with calls, with -s' '
	for opts in "-e sched:sched_process_exec,sched:sched_process_fork,sched:sched_process_exit" \
		    "--no-syscalls -e sched:sched_process_e*" "-e execve,sched:sched_process_exec" \
		    "-s -e sched:sched_process_exec"; do
		taskset -c "$one_cpu" perf trace $opts -- sh -c "/bin/true; \"$WL/sleep-switch\" 1" 2>perf.txt &&
		taskset -c "$one_cpu" "$PERF_MINI" trace $opts -- sh -c "/bin/true; \"$WL/sleep-switch\" 1" 2>pm.txt &&
		norm perf.txt >perf.n && norm pm.txt >pm.n &&
		test_cmp perf.n pm.n || { echo "with $opts"; return 1; }
	done &&
	# -s: the event line (no duration column: no calls traced), then the summary
	test_grep "^sh/N sched:sched_process_exec\(filename: \"/(usr/)?bin/sh\", pid: N \(sh\), old_pid: N \(sh\)\)$" pm.n
'

# syscalls:sys_enter_* are printed with the call's own argument formats
# (perf's, as in its strace-like lines), without __syscall_nr; the exits
# field by field. perf 6.1 prints "" for strings it cannot read where
# perf-mini keeps the pointer, and garbage for some (getxattr's name,
# connect's address): the calls compared are those without.
test_expect_success TRACEFS,PERF '-e syscalls:sys_enter_*: each call with its arguments formatted, as perf' '
	ev=syscalls:sys_enter_mmap,syscalls:sys_enter_close,syscalls:sys_enter_read,syscalls:sys_enter_openat,syscalls:sys_exit_openat &&
	taskset -c "$one_cpu" perf trace -e $ev -- /bin/true 2>perf.txt &&
	taskset -c "$one_cpu" "$PERF_MINI" trace -e $ev -- /bin/true 2>pm.txt &&
	norm perf.txt | sed "s/filename: \"\"/filename: 0xH/" >perf.n && norm pm.txt >pm.n &&
	test_cmp perf.n pm.n &&
	test_grep "^true/N syscalls:sys_enter_mmap\(len: N, prot: READ\|WRITE, flags: PRIVATE\|ANONYMOUS\)$" pm.n
'

# hundreds of events: their EVENT_DESC is too big for a pipe's record,
# left out as perf leaves it; the events keep their names (EVENT_UPDATE)
test_expect_success TRACEFS '-e syscalls:sys_enter_* (every call, a glob): traced, each named' '
	pm trace -e "syscalls:sys_enter_*" -- /bin/true 2>pm.txt &&
	test_grep " syscalls:sys_enter_mmap\(len: " pm.txt &&
	test_grep " syscalls:sys_enter_close\(fd: " pm.txt &&
	pm record -q -o - -e "syscalls:sys_enter_*" -- /bin/true >glob.pipe &&
	pm script -i - <glob.pipe >pm.txt && test_grep "syscalls:sys_enter_brk:" pm.txt &&
	pm evlist -i - <glob.pipe >events && test $(wc -l <events) -gt 100 &&
	if command -v perf >/dev/null; then
		perf script -i - <glob.pipe >perf.txt 2>/dev/null && test_cmp perf.txt pm.txt
	fi
'

# -F: perf's page-fault lines, live or for a command; the system calls
# only when asked for too (--syscalls, -e CALLS), as perf. The program
# writes a byte to each of 300 fresh pages: 300 faults at its store, each
# a new anonymous page.
test_expect_success TRACEFS '-F min|maj|all: a fault per page the program touches, no calls unless asked' '
	pm trace -F min -- "$WL/touch-pages" 300 2>pm.txt &&
	grep "minfault \[touch+0x[0-9a-f]*\] => //anon@0x[0-9a-f]* (d\.)$" pm.txt >touch.txt &&
	test $(wc -l <touch.txt) -ge 300 &&
	test $(sed "s/.*@//" touch.txt | sort -u | wc -l) -ge 300 &&
	! grep -q " = " pm.txt &&
	pm trace -F all --syscalls -- "$WL/touch-pages" 10 2>pm.txt &&
	test_grep "minfault \[" pm.txt && test_grep " mmap\(.*\) += 0x" pm.txt &&
	pm trace -F maj -e brk -- /bin/true 2>pm.txt && test_grep " brk\(" pm.txt &&
	! grep -q "minfault" pm.txt &&
	test_expect_code 129 pm trace -F some -- /bin/true 2>err && test_grep "not all, maj or min" err &&
	if command -v perf >/dev/null 2>&1; then
		perf trace -F min -- "$WL/touch-pages" 300 2>perf.txt &&
		test $(grep -c "minfault \[touch+0x[0-9a-f]*\] => //anon@" perf.txt) = \
		     $(wc -l <touch.txt)
	fi
'

# perf's chains under each line: 38 columns, "sym (dso)", inlined functions
# of an unwound chain "(inlined)"; the calls' user frames only unless
# --kernel-syscall-graph; --max-stack of each walk, --min-stack hides
test_expect_success TRACEFS,PERF '--call-graph fp, dwarf: each call s chain under it, as perf' '
	for opts in "--call-graph fp" "--call-graph dwarf --max-stack 3" \
		    "--call-graph dwarf --min-stack 6 -e clock_nanosleep,openat" \
		    "--call-graph dwarf -e clock_nanosleep,sched:sched_process_exit"; do
		taskset -c "$one_cpu" perf trace $opts -- "$WL/sleep-switch" 2 2>perf.txt &&
		taskset -c "$one_cpu" "$PERF_MINI" trace $opts -- "$WL/sleep-switch" 2 2>pm.txt &&
		norm perf.txt >perf.n && norm pm.txt >pm.n &&
		test_cmp perf.n pm.n || { echo "with $opts"; return 1; }
	done &&
	pm trace --call-graph dwarf -e clock_nanosleep -- "$WL/sleep-switch" 2 2>pm.txt &&
	test $(grep -c "^ \{39\}main (.*/sleep-switch)$" pm.txt) = 2
'

test_expect_success TRACEFS,PERF,KERNEL '--kernel-syscall-graph: the calls kernel frames too, as perf' '
	for opts in "--call-graph fp --kernel-syscall-graph -e brk" \
		    "--call-graph dwarf --kernel-syscall-graph --max-stack 4 -e brk,sched:sched_process_exec"; do
		taskset -c "$one_cpu" perf trace $opts -- /bin/true 2>perf.txt &&
		taskset -c "$one_cpu" "$PERF_MINI" trace $opts -- /bin/true 2>pm.txt &&
		norm perf.txt >perf.n && norm pm.txt >pm.n &&
		test_cmp perf.n pm.n || { echo "with $opts"; return 1; }
	done &&
	test_grep "\(\[kernel.kallsyms\]\)$" pm.txt
'

# ground truth: the values tests/workloads/syscall-args.c passes; perf
# prints them the same (fd paths left out: read live, they race the process)
test_expect_success TRACEFS 'call formats: sockets, perf_event_open, policies, seccomp, sync_file_range, pkeys' '
	calls=connect,bind,perf_event_open,sched_setscheduler,seccomp,sync_file_range,pkey_alloc,pkey_free &&
	pm trace -e $calls -- "$WL/syscall-args" 2>args.txt &&
	test_grep " connect\(fd: [0-9]+, uservaddr: 0x[0-9a-f]+, addrlen: 16\) " args.txt &&
	test_grep " perf_event_open\(attr_uptr: 0x[0-9a-f]+, cpu: -1, group_fd: -1, flags: FD_CLOEXEC\) " args.txt &&
	test_grep "flags: FD_NO_GROUP\|FD_CLOEXEC\|0x10\) " args.txt &&
	test_grep " sched_setscheduler\(policy: 0x9\|0x100, " args.txt &&
	test_grep " sched_setscheduler\(policy: BATCH\|RESET_ON_FORK, " args.txt &&
	test_grep " seccomp\(op: FILTER, flags: TSYNC\|0x2\) " args.txt &&
	test_grep " seccomp\(op: 0x2\) " args.txt &&
	test_grep "flags: WRITE_AND_WAIT0\) " args.txt &&
	test_grep "flags: WAIT_BEFORE\|WAIT_AFTER\) " args.txt &&
	test_grep " pkey_alloc\(init_val: DISABLE_ACCESS\|DISABLE_WRITE\) " args.txt &&
	test_grep " pkey_alloc\(init_val: DISABLE_WRITE\) " args.txt &&
	test_grep " pkey_free\(pkey: 99\) " args.txt
'

test_expect_success TRACEFS,PERF 'call formats: the same as perf' '
	calls=connect,bind,perf_event_open,sched_setscheduler,seccomp,sync_file_range,pkey_alloc,pkey_free &&
	perf trace -e $calls -- "$WL/syscall-args" 2>perf.txt &&
	pm trace -e $calls -- "$WL/syscall-args" 2>pm.txt &&
	norm perf.txt >perf.n && norm pm.txt >pm.n &&
	test_cmp perf.n pm.n
'

# ground truth: the values syscall-args passes to bpf, keyctl, kcmp and the
# mount calls (all fail: nothing is mounted), as perf 6.1 prints them
# (pointers, pids and numbers of 3 digits and more masked): its bit
# tables' holes too, whose "0x" what follows writes over
fs_calls=bpf,keyctl,kcmp,mount,fsconfig,fsmount,fspick,move_mount,mq_unlink
test_expect_success TRACEFS 'call formats: bpf, keyctl, kcmp, mount, fsconfig, fsmount, fspick, move_mount' '
	pm trace -e $fs_calls -- "$WL/syscall-args" 2>fs.txt &&
	norm fs.txt >fs.n &&
	while read -r call; do
		grep -qF " $call = " fs.n || { echo "no line: $call"; return 1; }
	done <<-\EOF
	bpf(cmd: MAP_CREATE, uattr: 0xH, size: N)
	bpf(cmd: PROG_BIND_MAP)
	bpf(cmd: 36)
	keyctl(option: GET_KEYRING_ID, arg2: N)
	keyctl(option: GET_PERSISTENT)
	keyctl(option: 23)
	kcmp(pid1: N (syscall-args), pid2: N (syscall-args), idx2: 1)
	kcmp(pid1: N (syscall-args), pid2: N (syscall-args), type: VM)
	kcmp(pid1: N (syscall-args), pid2: N (syscall-args), type: 8)
	mount(dev_name: 0xH, dir_name: 0xH, type: 0xH, flags: RDONLY|BIND)
	mount(dev_name: 0xH, dir_name: 0xH, type: 0xH)
	mount(dev_name: 0xH, dir_name: 0xH, type: 0xH, flags: REC|PRIVATE|RELATIME)
	mount(dev_name: 0xH, dir_name: 0xH, type: 0xH, flags: RDONLY, data: 0xH)
	mount(dev_name: 0xH, dir_name: 0xH, type: 0xH, flags:, data: 0xH)
	mount(flags: 0x)
	fsconfig(fd: -1, cmd: SET_FLAG)
	fsconfig(fd: -1, cmd: CMD_RECONFIGURE, _key: 0xH, aux: 3)
	fsconfig(fd: -1, cmd: 8)
	fsmount(fs_fd: -1, flags: CLOEXEC)
	fsmount(fs_fd: -1, flags: , attr_flags: RDONLY|RELATIME)
	fsmount(fs_fd: -1, attr_flags: )
	fsmount(fs_fd: -1, attr_flags: RDONLY|0x)
	fsmount(fs_fd: -1, attr_flags:|RELATIME)
	fsmount(fs_fd: -1, attr_flags: IDMAP|NOSYMFOLLOW|RELATIME)
	fspick(dfd: CWD, path: 0xH, flags: CLOEXEC|SYMLINK_NOFOLLOW|NO_AUTOMOUNT|EMPTY_PATH)
	fspick(dfd: CWD, path: 0xH, flags: )
	move_mount(from_dfd: CWD, from_pathname: 0xH, to_dfd: CWD, to_pathname: 0xH, flags: F_SYMLINKS|F_AUTOMOUNTS|F_EMPTY_PATH|T_SYMLINKS|T_AUTOMOUNTS|T_EMPTY_PATH|SET_GROUP)
	move_mount(from_dfd: CWD, from_pathname: 0xH, to_dfd: 99, to_pathname: 0xH, flags:|SET_GROUP)
	move_mount(from_dfd: CWD, from_pathname: 0xH, to_dfd: CWD, to_pathname: 0xH, flags: 0x)
	mq_unlink(u_name: 0xH)
	EOF
'

# live (fds and comms read from /proc, times and pointers masked), and
# byte for byte from the same recordings, perf-mini's and perf's
test_expect_success TRACEFS,PERF 'call formats of bpf, keyctl, kcmp and the mount calls: the same as perf' '
	perf trace -e $fs_calls -- "$WL/syscall-args" 2>perf.txt &&
	pm trace -e $fs_calls -- "$WL/syscall-args" 2>pm.txt &&
	norm perf.txt >perf.n && norm pm.txt >pm.n &&
	test_cmp perf.n pm.n &&
	pm trace record -o fs-pm.data -- "$WL/syscall-args" >/dev/null 2>&1 &&
	perf trace record -o fs-perf.data -- "$WL/syscall-args" >/dev/null 2>&1 &&
	for f in fs-pm.data fs-perf.data; do
		same -i $f && test_grep " move_mount\(.*flags:\|SET_GROUP\) " pm.txt &&
		same --failure -i $f || { echo "with $f"; return 1; }
	done
'

# record's options perf trace takes, passed on; on one CPU, as perf's
# live lines come in its ring order
test_expect_success TRACEFS,PERF 'record options, --filter, --filter-pids, --libtraceevent_print, --expr: as perf' '
	for opts in "--libtraceevent_print -e sched:sched_process_exec,sched:sched_process_exit" \
		    "-e sched:sched_process_exit --filter prio>100" \
		    "-e sched:sched_process_exit --filter prio<100" \
		    "--expr execve,sched:sched_process_exec" "--no-inherit -e execve,brk" \
		    "-m 16 -D 0 -e brk" "--filter-pids 1,2 -e brk"; do
		taskset -c "$one_cpu" perf trace $opts -- sh -c /bin/true 2>perf.txt &&
		taskset -c "$one_cpu" "$PERF_MINI" trace $opts -- sh -c /bin/true 2>pm.txt &&
		norm perf.txt >perf.n && norm pm.txt >pm.n &&
		test_cmp perf.n pm.n || { echo "with $opts"; return 1; }
	done &&
	pm trace --libtraceevent_print -e sched:sched_process_exec -- /bin/true 2>pm.txt &&
	test_grep "sched:sched_process_exec\(filename=/bin/true pid=[0-9]+ old_pid=[0-9]+\)$" pm.txt
'

# perf's evswitch: lines from the on event's first sample (itself shown
# with --show-on-off-events); an off event alone hides its first sample only
test_expect_success TRACEFS,PERF '--switch-on, --switch-off, --show-on-off-events: as perf' '
	for opts in "--switch-on sched:sched_process_exec" \
		    "--switch-on sched:sched_process_exec --show-on-off-events" \
		    "--switch-off sched:sched_process_exec" \
		    "--switch-on sched:sched_process_exit --switch-off sched:sched_process_exec"; do
		taskset -c "$one_cpu" perf trace -e sched:sched_process_exec,sched:sched_process_exit,brk \
			$opts -- sh -c /bin/true 2>perf.txt &&
		taskset -c "$one_cpu" "$PERF_MINI" trace -e sched:sched_process_exec,sched:sched_process_exit,brk \
			$opts -- sh -c /bin/true 2>pm.txt &&
		norm perf.txt >perf.n && norm pm.txt >pm.n &&
		test_cmp perf.n pm.n || { echo "with $opts"; return 1; }
	done &&
	test_expect_code 129 pm trace --switch-on nosuch:event -e brk -- true 2>err &&
	test_grep "nosuch:event is not an event traced here" err
'

test_expect_success TRACEFS,PERF '--print-sample, --tool_stats: as perf; --map-dump: no BPF here, said' '
	for opts in "--print-sample -e brk" "--tool_stats -e brk"; do
		taskset -c "$one_cpu" perf trace $opts -- /bin/true 2>perf.txt &&
		taskset -c "$one_cpu" "$PERF_MINI" trace $opts -- /bin/true 2>pm.txt &&
		sed -E "s/^ *raw_syscalls:sys_e[a-z]+ [0-9.]+ /SAMPLE /" perf.txt | norm /dev/stdin >perf.n &&
		sed -E "s/^ *raw_syscalls:sys_e[a-z]+ [0-9.]+ /SAMPLE /" pm.txt | norm /dev/stdin >pm.n &&
		test_cmp perf.n pm.n || { echo "with $opts"; return 1; }
	done &&
	test_grep "^ proc_getname: 0$" pm.txt &&
	test_expect_code 129 pm trace --map-dump foo -- true 2>err &&
	test_grep "^--map-dump foo: perf-mini trace loads no BPF program" err
'

test_expect_success TRACEFS 'record options: a -C of other CPUs sees nothing of the command; bad values said' '
	taskset -c "$one_cpu" "$PERF_MINI" trace -C "$one_cpu" -e sched:sched_process_exec -- /bin/true 2>pm.txt &&
	test_grep "true/[0-9]+ sched:sched_process_exec\(" pm.txt &&
	test_expect_code 129 pm trace --filter-pids 12x -- true 2>err &&
	test_grep "^perf-mini trace: --filter-pids: .12x. is not a list of pids" err &&
	test_expect_code 129 pm trace -m nosuch -- true 2>err && test -s err
'

test_expect_success TRACEFS '-e system:event: the fields the kernel wrote, a name of none: 129' '
	pm trace -e sched:sched_process_fork,sched:sched_process_exec -- sh -c "/bin/true" 2>tp.txt &&
	test $(grep -c " sched:sched_process_exec(" tp.txt) = 2 &&
	sh_pid=$(sed -n "s|^ *[0-9.]* sh/\([0-9]*\) sched:sched_process_exec(.*|\1|p" tp.txt) &&
	test_grep "sched:sched_process_fork\(parent_comm: \"sh\", parent_pid: $sh_pid \(sh\), child_comm: \"sh\", child_pid: [0-9]+ \(sh\)\)$" tp.txt &&
	test_grep "true/[0-9]+ sched:sched_process_exec\(filename: \"/bin/true\"" tp.txt &&
	! grep -v "sched:sched_process_\(fork\|exec\)(" tp.txt &&
	test_expect_code 129 pm trace -e sched:nosuch -- true 2>err &&
	test_grep "sched:nosuch: no such tracepoint" err
'

test_expect_success TRACEFS 'live --max-events N: N lines, then it ends by itself; -- CMD too, as perf' '
	sh -c "while :; do sleep 0.1; done" & loop=$! &&
	"$PERF_MINI" trace --max-events 4 -p $loop 2>max.txt; rc=$?; kill $loop &&
	test $rc = 0 && test $(wc -l <max.txt) = 4 &&
	pm trace --max-events 3 -- true 2>max.txt && test $(wc -l <max.txt) = 3 &&
	pm trace --max-events 3 -i t.data 2>max.txt && test $(wc -l <max.txt) -gt 3
'

# the summary once Ctrl-C ends it, exit status 0 as perf; the recorder is
# on once the process has its events open
test_expect_success TRACEFS 'live -s -p: the summary when SIGINT ends it, 0' '
	{ sh -c "while :; do sleep 0.1; done" & loop=$!; } &&
	{ "$PERF_MINI" trace -s -p $loop 2>sum.txt & tp=$!; } &&
	for i in $(seq 300); do ls -l /proc/$tp/fd 2>/dev/null | grep -q perf_event && break; sleep 0.1; done &&
	sleep 2 && kill -INT $tp && wait $tp && kill $loop &&
	test_grep "^ sh \($loop\), [0-9]+ events" sum.txt &&
	test_grep "^   wait4 +[1-9]" sum.txt
'

test_expect_success TRACEFS 'live: a process that is not there, or a bad list: one message, 255' '
	test_expect_code 255 pm trace -p 999999999 2>err &&
	test $(wc -l <err) = 2 && test_grep "no such process: 999999999" err &&
	test_expect_code 255 pm trace -t 1x 2>err && test_grep "invalid" err &&
	test_expect_code 255 pm trace -s -p 999999999 2>err && test_grep "no such process" err &&
	! grep -q "is empty" err
'

test_expect_success TRACEFS,SYSWIDE 'live, the whole machine: other processes s calls, not the tracer s own' '
	{ "$PERF_MINI" trace 2>all.txt & tp=$!; } &&
	for i in $(seq 300); do cat /dev/null; test -s all.txt && grep -q "cat/" all.txt && break; sleep 0.1; done &&
	rec=$(pgrep -P $tp) && kill -INT $tp && wait $tp &&
	test_grep "cat/[0-9]+ " all.txt && ! grep -E "/($tp|$rec) " all.txt
'

# tracepoints need root or an open tracefs: a normal user is told which,
# in one message and with perf's exit status (255), not as an event
# syntax error in events the user never typed, with record's usage
test_expect_success NORMAL_USER 'trace and trace record as a normal user: done, or refused saying why and what to do' '
	for c in "trace record -o u.data" "trace"; do
		if as_user "$PERF_MINI" $c -- true >out 2>err; then
			test -s u.data || return 1
		elif grep -q "tracefs" err; then
			test $(wc -l <err) = 2 &&
			test_grep "^perf-mini trace: cannot read .*/events/raw_syscalls: tracefs is readable by root only$" err &&
			test_grep "^hint: run as root, or make tracefs readable \(sudo mount -o remount,mode=755 " err &&
			test_expect_code 255 as_user "$PERF_MINI" $c -- true 2>/dev/null || return 1
		else
			test_grep "paranoid" err && test_grep "^hint: " err || return 1
		fi
	done &&
	# page faults are software events: no tracefs needed (perf 6.1 fails)
	if [ "$(cat /proc/sys/kernel/perf_event_paranoid)" -le 2 ]; then
		as_user "$PERF_MINI" trace -F min -- "$WL/touch-pages" 50 2>err &&
		test $(grep -c "minfault \[touch+0x[0-9a-f]*\] => //anon@" err) -ge 50
	fi
'

# a tracefs a normal user cannot read: said so, not "no such tracepoint"
test_expect_success NORMAL_USER '-e system:event as a normal user: traced, or tracefs named as the cause' '
	if as_user "$PERF_MINI" trace -e sched:sched_process_exec -- /bin/true 2>err; then
		test_grep "sched:sched_process_exec\(" err
	else
		test_grep "tracefs" err && ! grep -q "no such tracepoint" err
	fi
'

test_done
