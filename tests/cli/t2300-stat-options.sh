#!/bin/sh
test_description='perf-mini stat: run control (--timeout, -D, --pre/--post, -r 0, -S), output (--summary, --table, --quiet, --log-fd, --interval-clear), --all-user/--all-kernel, -g, --no-scale, --per-thread, --per-die, --per-node'
. "$(dirname "$0")/test-lib.sh"

ICL="$SYSFS/icelake"

# Number of lines of $2 matching the extended regex $1.
count_lines() {
	grep -Ec "$1" "$2"
}

test_expect_success '--timeout ends the command, prints its counts and exits 0 as perf' '
	pm stat --timeout 200 -e task-clock -- sleep 5 2>err &&
	test_grep "^sleep: Terminated$" err &&
	test_grep "msec task-clock" err
'

test_expect_success '--timeout under 10 ms and --timeout with -I are usage errors' '
	test_expect_code 129 pm stat --timeout 5 -e task-clock true 2>err &&
	test_grep "too short" err &&
	test_expect_code 129 pm stat --timeout 100 -I 50 -e task-clock true 2>err &&
	test_grep "cannot be used with -I" err
'

test_expect_success '--timeout under 100 ms warns as perf does' '
	pm stat --timeout 50 -e task-clock -- sleep 1 2>err &&
	test_grep "^timeout < 100ms" err
'

test_expect_success 'a command killed by a signal is named as perf names it' '
	pm stat -e task-clock -- sh -c "kill \$\$" 2>err &&
	test_grep "^sh: Terminated$" err
'

test_expect_success '-D enables the events after the delay, not before' '
	pm stat -D 100 -x, -e task-clock -- sleep 0.5 2>err &&
	test_grep "^Events disabled$" err && test_grep "^Events enabled$" err &&
	test_grep "^[0-9.]+,msec,task-clock" err &&
	pm stat -D 5000 -x, -e task-clock -- true 2>err &&
	test_grep "^Events disabled$" err && ! test_grep "^Events enabled$" err &&
	test_grep "^<not counted>,msec,task-clock" err
'

test_expect_success '-D -1 leaves the events disabled: not counted' '
	pm stat -D -1 -x, -e task-clock -- true 2>err &&
	test_grep "^Events disabled$" err &&
	! test_grep "^Events enabled$" err &&
	test_grep "^<not counted>,msec,task-clock" err
'

test_expect_success '-D below -1 is a usage error' '
	test_expect_code 129 pm stat -D -2 -e task-clock true 2>err &&
	test_grep "not a delay" err
'

test_expect_success '--all-user sets exclude_kernel on every event' '
	pm stat -vv --all-user -e task-clock,page-faults true 2>err &&
	test $(count_lines "^  exclude_kernel +1$" err) -eq 2 &&
	! test_grep "exclude_user" err
'

test_expect_success KERNEL '--all-kernel sets exclude_user on every event' '
	pm stat -vv --all-kernel -e task-clock,page-faults true 2>err &&
	test $(count_lines "^  exclude_user +1$" err) -eq 2 &&
	! test_grep "exclude_kernel" err
'

test_expect_success '--all-user with --all-kernel is a usage error' '
	test_expect_code 129 pm stat --all-user --all-kernel -e task-clock true 2>err &&
	test_grep "exclude each other" err
'

test_expect_success '-g puts the events into one group' '
	pm stat -vv -g -e task-clock,page-faults,cs true 2>err &&
	test $(count_lines "group_fd -1 .* = [0-9]+$" err) -eq 1 &&
	test $(count_lines "group_fd [0-9]+ .* = [0-9]+$" err) -eq 2 &&
	test_grep "read_format .*GROUP" err
'

test_expect_success '--quiet prints nothing and keeps the exit status' '
	test_expect_code 3 pm stat --quiet -e task-clock -- "$WL/spin" 1 3 >out 2>err &&
	test ! -s out && test ! -s err
'

test_expect_success '--summary adds the total after the intervals (table layout)' '
	pm stat -I 100 --summary -e task-clock -- sleep 0.35 2>err &&
	test $(count_lines "^ +[0-9]+\.[0-9]{9} .*task-clock" err) -ge 3 &&
	test_grep "^ Performance counter stats for .sleep 0.35.:$" err &&
	test_grep "seconds time elapsed" err &&
	total=$(sed -n "s/^ *\([0-9.]*\) msec task-clock .*/\1/p" err) &&
	sum=$(sed -n "s/^ *[0-9]*\.[0-9]* *\([0-9.]*\) msec task-clock .*/\1/p" err |
	      awk "{ s += \$1 } END { print s }") &&
	awk -v t="$total" -v s="$sum" "BEGIN { d = t - s; exit !(d < 0.05 && d > -0.05) }"
'

test_expect_success '--summary in CSV: a summary row, without its label under --no-csv-summary' '
	pm stat -x, -I 100 --summary -e task-clock -- sleep 0.25 2>err &&
	test $(count_lines "^ +summary,[0-9.]+,msec,task-clock" err) -eq 1 &&
	pm stat -x, -I 100 --summary --no-csv-summary -e task-clock -- sleep 0.25 2>err &&
	test $(count_lines "^[0-9.]+,msec,task-clock" err) -eq 1 &&
	! test_grep "summary" err
'

test_expect_success '--summary in JSON: a last line without an interval' '
	pm stat -j -I 100 --summary -e task-clock -- sleep 0.25 2>err &&
	tail -n 1 err | grep -q "^{\"counter-value\" : " &&
	test $(count_lines "^\{\"interval\"" err) -ge 2
'

test_expect_success '--table lists every run of -r with its distance to the mean' '
	pm stat -r 3 --table -e task-clock -- true 2>err &&
	test_grep "^ +# Table of individual measurements:$" err &&
	test $(count_lines "^ +[0-9]+\.[0-9]+ \([+-][0-9.]+\) #+$" err) -eq 3 &&
	test_grep "^ +# Final result:$" err &&
	test_grep "seconds time elapsed" err
'

test_expect_success '--table without -r is a usage error' '
	test_expect_code 129 pm stat --table -e task-clock true 2>err &&
	test_grep "runs of -r" err
'

test_expect_success '--pre and --post run around each run' '
	pm stat -r 2 --pre "echo PRE" --post "echo POST" -e task-clock -- echo RUN >out 2>err &&
	printf "PRE\nRUN\nPOST\nPRE\nRUN\nPOST\n" >expect &&
	test_cmp expect out
'

test_expect_success 'a failing --pre command stops stat with its status named' '
	test_expect_code 1 pm stat --pre "exit 3" -e task-clock -- echo RUN >out 2>err &&
	test_grep "the --pre command .exit 3. exited with status 3" err &&
	! test_grep RUN out &&
	! test_grep "Performance counter stats" err
'

test_expect_success '-S syncs before the run and counts as usual' '
	pm stat -S -x, -e page-faults -- "$WL/touch-pages" 500 2>err &&
	test $(sed -n "s/^\([0-9]*\),,page-faults.*/\1/p" err) -ge 500
'

test_expect_success '-r 0 repeats until interrupted, printing each run' '
	{ timeout --foreground -s INT 1 "$PERF_MINI" stat -r 0 -e task-clock -- sleep 0.2 2>err; true; } &&
	test $(count_lines "^ Performance counter stats for .sleep 0.2.:$" err) -ge 2 &&
	! test_grep "runs\)" err
'

test_expect_success '--log-fd writes the counts to that descriptor' '
	pm stat --log-fd 3 -e task-clock true 2>err 3>log &&
	test_grep "msec task-clock" log &&
	! test_grep "task-clock" err
'

test_expect_success '--log-fd: a closed descriptor and -o with it are clear errors' '
	test_expect_code 1 pm stat --log-fd 9 -e task-clock true 2>err 9>&- &&
	test_grep "descriptor 9" err &&
	test_expect_code 129 pm stat --log-fd 3 -o f -e task-clock true 2>err 3>/dev/null &&
	test_grep "cannot be used together" err
'

test_expect_success '--interval-clear clears the terminal and repeats the header each interval' '
	pm stat --interval-clear -I 100 -e task-clock -- sleep 0.25 >out 2>err &&
	test $(grep -c "$(printf "\033\\[H\033\\[2J")" out) -ge 2 &&
	test $(count_lines "^# +time +counts unit events" err) -eq $(grep -c "$(printf "\033")" out)
'

test_expect_success 'pmu-sim, icelake: --no-scale prints multiplexed counts as read' '
	printf "running-share 0.5\ncpu/instructions/ 1000000000\n" >mux.profile &&
	PERF_MINI_SYSFS="$ICL" PERF_MINI_SIM_PROFILE=mux.profile \
		pm_sim stat -x, -e cpu/instructions/ -- sleep 0.2 2>scaled &&
	PERF_MINI_SYSFS="$ICL" PERF_MINI_SIM_PROFILE=mux.profile \
		pm_sim stat --no-scale -x, -e cpu/instructions/ -- sleep 0.2 2>raw &&
	test_grep ",50\.00,," scaled && test_grep ",50\.00,," raw &&
	# per nanosecond each run counted: how long a run lasts is up to the machine
	s=$(cut -d, -f1 scaled) && st=$(cut -d, -f4 scaled) &&
	r=$(cut -d, -f1 raw) && rt=$(cut -d, -f4 raw) &&
	awk -v s="$s" -v st="$st" -v r="$r" -v rt="$rt" \
		"BEGIN { q = (s / st) / (r / rt); exit !(q > 1.9 && q < 2.1) }"
'

# A Skylake with uncore memory controllers (three instances, cpumask 0)
# and a free-running PMU whose name only starts the same, made here.
uncore_sysfs() {
	rm -rf unc && cp -r "$SYSFS/skylake" unc &&
	for i in 0 1 10; do
		d=unc/bus/event_source/devices/uncore_imc_$i &&
		mkdir -p $d/events $d/format &&
		echo $((40 + i)) >$d/type && echo 0 >$d/cpumask &&
		echo "config:0-7" >$d/format/event && echo "config:8-15" >$d/format/umask &&
		echo "event=0x04,umask=0x03" >$d/events/cas_count_read &&
		echo 6.103515625e-5 >$d/events/cas_count_read.scale &&
		echo MiB >$d/events/cas_count_read.unit || return 1
	done &&
	d=unc/bus/event_source/devices/uncore_imc_free_running_0 &&
	mkdir -p $d/format && echo 60 >$d/type && echo "config:0-7" >$d/format/event &&
	printf "uncore_imc/cas_count_read/ 1000000\n" >unc.profile
}

test_expect_success 'pmu-sim, uncore: a PMU stem counts every instance, shown as one; --no-merge each' '
	uncore_sysfs &&
	PERF_MINI_SYSFS=unc PERF_MINI_SIM_PROFILE=unc.profile \
		pm_sim stat -a -x, -e uncore_imc/cas_count_read/ -- sleep 0.1 2>merged &&
	test $(wc -l <merged) -eq 1 &&
	test_grep "^[0-9.]+,MiB,uncore_imc/cas_count_read/," merged &&
	PERF_MINI_SYSFS=unc PERF_MINI_SIM_PROFILE=unc.profile \
		pm_sim stat -a -x, --no-merge -e uncore_imc/cas_count_read/ -- sleep 0.1 2>each &&
	cut -d, -f3 each >names &&
	printf "uncore_imc_0/cas_count_read/\nuncore_imc_1/cas_count_read/\nuncore_imc_10/cas_count_read/\n" >want &&
	test_cmp want names &&
	PERF_MINI_SYSFS=unc PERF_MINI_SIM_PROFILE=unc.profile \
		pm_sim stat -a -x, -e imc/cas_count_read/ -- sleep 0.1 2>short &&
	test_grep ",imc/cas_count_read/," short
'

test_expect_success 'uncore: a PMU stem in a group is refused, naming an instance to use' '
	test_expect_code 129 env PERF_MINI_SYSFS=unc "$PERF_MINI" stat -a \
		-e "{uncore_imc/cas_count_read/,cycles}" -- true 2>err &&
	test_grep "is 3 PMUs, which one group cannot span" err &&
	test_grep "uncore_imc_0/" err
'

test_expect_success 'pmu-sim, uncore: each instance opened on its cpumask CPU alone, system-wide' '
	PERF_MINI_SYSFS=unc PERF_MINI_SIM_PROFILE=unc.profile \
		pm_sim stat -vv -a -e uncore_imc/cas_count_read/ -- true 2>vv >/dev/null &&
	grep "sys_perf_event_open:" vv >opens &&
	test $(wc -l <opens) -eq 3 &&
	! grep -v "cpu 0 " opens
'

test_expect_success '--per-thread on a command alone is refused as perf refuses it' '
	test_expect_code 129 pm stat --per-thread -e task-clock true 2>err &&
	test_grep "add -a" err
'

test_expect_success '--per-thread -p lists the busiest thread first' '
	"$WL/spin" 3000 & pid=$! &&
	await_comm $pid spin &&
	pm stat --per-thread -p $pid -x, -e task-clock,page-faults -- sleep 0.3 2>err;
	kill $pid; wait $pid;
	test_grep "^spin-$pid,[0-9.]+,msec,task-clock" err &&
	grep "task-clock" err | cut -d, -f2 >vals &&
	sort -g -r vals >sorted && test_cmp sorted vals
'

test_expect_success SYSWIDE '-a --per-thread: every thread that counted, busiest first' '
	pm stat --per-thread -a -x, -e task-clock -- "$WL/spin" 300 2>err &&
	test $(wc -l <err) -ge 2 &&
	cut -d, -f2 err >vals && sort -g -r vals >sorted && test_cmp sorted vals &&
	! grep -q "not counted" err &&
	test_grep "^perf-mini-[0-9]+,[0-9.]+,msec,task-clock" err
'

test_expect_success SYSWIDE '--per-die and --per-node label the aggregates as perf' '
	cpus=$(grep -c "^processor" /proc/cpuinfo) &&
	pm stat --per-die -a -x, -e task-clock -- sleep 0.1 2>err &&
	test_grep "^S[0-9]+-D[0-9]+,[0-9]+,[0-9.]+,msec,task-clock" err &&
	test $(cut -d, -f2 err | awk "{ s += \$1 } END { print s }") -eq $cpus &&
	pm stat --per-node -a -x, -e task-clock -- sleep 0.1 2>err &&
	test_grep "^N-?[0-9]+,[0-9]+,[0-9.]+,msec,task-clock" err &&
	test $(cut -d, -f2 err | awk "{ s += \$1 } END { print s }") -eq $cpus &&
	pm stat --per-node -a -e task-clock -- sleep 0.1 2>err &&
	test_grep "^N[0-9]+ +[0-9]+ +[0-9.]+ msec task-clock" err
'

test_expect_success '--per-die without CPUs, and two aggregations, are usage errors' '
	test_expect_code 129 pm stat --per-die -e task-clock true 2>err &&
	test_grep "needs CPUs" err &&
	test_expect_code 129 pm stat --per-node --per-die -a -e task-clock true 2>err &&
	test_grep "pick one aggregation" err
'

# burn does a fixed amount of work: its CPU time, unlike spin's (a wall
# time), does not shrink on a busy machine.
test_expect_success 'tool events: duration_time is the elapsed time, user_time and system_time the command CPU time' '
	pm stat -e duration_time,user_time,system_time -- "$WL/burn" 30 2>err >/dev/null &&
	dur=$(sed -n "s/^ *\([0-9]*\) ns *duration_time.*/\1/p" err) &&
	secs=$(sed -n "s/^ *\([0-9.]*\) seconds time elapsed/\1/p" err) &&
	test "$(awk -v d="$dur" "BEGIN { printf \"%.9f\", d / 1e9 }")" = "$secs" &&
	user=$(sed -n "s/^ *\([0-9]*\) ns *user_time.*/\1/p" err) &&
	usecs=$(sed -n "s/^ *\([0-9.]*\) seconds user/\1/p" err) &&
	test "$(awk -v d="$user" "BEGIN { printf \"%.9f\", d / 1e9 }")" = "$usecs" &&
	test "$user" -ge 5000000 && test "$user" -le "$dur" &&
	test_grep "ns *system_time" err
'

test_expect_success 'tool events are listed as perf lists them' '
	pm list sw >out &&
	test_grep "^  duration_time +\[Tool event\]$" out &&
	test_grep "^  user_time +\[Tool event\]$" out &&
	pm list >out &&
	test_grep "^  mem:<addr>\[/len\]\[:access\] +\[Hardware breakpoint\]$" out
'

arch=$(uname -m)
test_expect_success 'mem:ADDR:w counts the writes to a variable (hardware breakpoint)' '
	addr=$(setarch $arch -R "$WL/watched" 0) &&
	pm stat -x, -e mem:$addr:w,mem:$addr/8:rw -- setarch $arch -R "$WL/watched" 1000 \
		>/dev/null 2>err &&
	w=$(sed -n "s/^\([0-9]*\),,mem:$addr:wu\{0,1\},.*/\1/p" err) &&
	rw=$(sed -n "s/^\([0-9]*\),,mem:${addr}u\{0,1\},.*/\1/p" err) &&
	test "$w" -ge 1000 && test "$w" -lt 1100 &&
	test "$rw" -ge 2000 && test "$rw" -lt 2200
'

test_expect_success 'record -e mem:ADDR:w samples every write, in the function that writes' '
	addr=$(setarch $arch -R "$WL/watched" 0) &&
	pm record -o bp.data -e mem:$addr:w -- setarch $arch -R "$WL/watched" 500 >/dev/null 2>&1 &&
	pm report --stdio -i bp.data --sort sym 2>err >out &&
	test_grep "^# Samples: 5[0-9][0-9] +of event .mem:$addr:wu?.$" out &&
	test_grep "[0-9.]+% +\[\.\] main$" out
'

test_expect_success 'bad breakpoint specs get a caret and a hint' '
	test_expect_code 129 pm stat -e mem:zz true 2>err &&
	test_grep "expected a breakpoint address" err &&
	test_expect_code 129 pm stat -e mem:0x1000/:w true 2>err &&
	test_grep "breakpoint length" err &&
	test_expect_code 129 pm stat -e mem:0x1000:q true 2>err &&
	test_grep "unknown modifier" err
'

test_expect_success TRACEFS '--filter keeps the tracepoint hits that match (stat and record)' '
	pm stat -x, -e sched:sched_process_exec -- sh -c "/bin/true; /bin/echo x" >/dev/null 2>all &&
	pm stat -x, -e sched:sched_process_exec --filter "filename ~ \"*true\"" \
		-- sh -c "/bin/true; /bin/echo x" >/dev/null 2>some &&
	test $(cut -d, -f1 all) -ge 2 && test $(cut -d, -f1 some) -eq 1 &&
	pm record -o f.data -e sched:sched_process_exec --filter "filename ~ \"*true\"" \
		-- sh -c "/bin/true; /bin/echo x" >/dev/null 2>&1 &&
	pm script -i f.data >out &&
	test $(wc -l <out) -eq 1 && test_grep "filename=/bin/true " out
'

test_expect_success TRACEFS 'a second --filter is ANDed with the first, as perf' '
	pm stat -x, -e sched:sched_process_exec --filter "filename ~ \"*/bin/*\"" \
		--filter "filename ~ \"*true\"" -- sh -c "/bin/true; /bin/echo x" >/dev/null 2>both &&
	test $(cut -d, -f1 both) -eq 1
'

# By the recorder's pid, not its name: other perf-minis may run beside it.
test_expect_success SYSWIDE,TRACEFS 'record --exclude-perf: no hits of perf-mini itself' '
	{ "$PERF_MINI" record -q -a -e sched:sched_switch -o all.data -- sleep 0.3 & } &&
	all=$! && wait $all &&
	{ "$PERF_MINI" record -q -a -e sched:sched_switch --exclude-perf -o ex.data -- sleep 0.3 & } &&
	ex=$! && wait $ex &&
	pm script -F pid -i all.data | awk "{ print \$1 }" >all &&
	pm script -F pid -i ex.data | awk "{ print \$1 }" >ex &&
	grep -qx $all all && ! grep -qx $ex ex && test -s ex &&
	test_expect_code 129 pm record --exclude-perf -e cpu-clock -o x.data true 2>err &&
	test_grep "exclude-perf applies to the tracepoint" err
'

test_expect_success TRACEFS 'a filter the kernel refuses is one clear error' '
	test_expect_code 255 pm stat -e sched:sched_process_exec --filter "nosuch == 1" true 2>err &&
	test_grep "cannot set the filter .nosuch == 1. on sched:sched_process_exec: Invalid argument" err &&
	test_grep "^hint: " err
'

test_expect_success '--filter without a tracepoint before it is a usage error' '
	test_expect_code 129 pm stat -e task-clock --filter "x == 1" true 2>err &&
	test_grep "applies to the tracepoint of the -e before it" err &&
	test_expect_code 129 pm record --filter "x == 1" -e cpu-clock true 2>err &&
	test_grep "applies to the tracepoint" err
'

# -G needs a cgroup filesystem (cgroup2, or v1 with perf_event) and -a
if "$PERF_MINI" stat -a -e task-clock -G / -- true >/dev/null 2>&1; then
	prereqs="$prereqs CGROUP"
fi

test_expect_success CGROUP 'stat -G: each event counts in its cgroup, a cgroup column as perf' '
	pm stat -a -x, -e task-clock,cs,page-faults -G /,,/ -- "$WL/spin" 100 2>err &&
	test_grep "^[0-9.]+,msec,task-clock,/," err &&
	test_grep ",cs,," err &&
	test_grep ",page-faults,/," err &&
	pm stat -a -e task-clock -G / -- "$WL/spin" 100 2>err &&
	# some kernels leave a lone cgroup event unscheduled (perf says so too)
	test_grep "([0-9] msec task-clock +/ #|<not counted> msec task-clock +/ +$)" err &&
	pm stat -vv -a -e task-clock -G / -- true 2>err &&
	test_grep "flags 0xc = [0-9]+$" err
'

test_expect_success CGROUP 'record -G: samples of the cgroup, the maps from a tracking event' '
	pm record -a -e cpu-clock -G / -o cg.data -- "$WL/spin" 150 2>/dev/null &&
	pm report --stdio -i cg.data --sort sym --comm spin >out &&
	test_grep "\[\.\] main$" out &&
	pm report --header-only -i cg.data >hdr && test_grep "name = dummy:HG" hdr
'

test_expect_success '-G without CPUs, before the events, or of no cgroup: clear errors' '
	test_expect_code 129 pm stat -e task-clock -G / true 2>err &&
	test_grep "needs -a or -C" err &&
	test_expect_code 129 pm stat -G / -a -e task-clock true 2>err &&
	test_grep "cgroups of the events before it" err &&
	test_expect_code 129 pm record -e cpu-clock -G / -o x.data true 2>err &&
	test_grep "needs -a or -C" err
'

test_expect_success CGROUP '-G of a cgroup that does not exist names the directory' '
	test_must_fail pm stat -a -e task-clock -G no/such/group true 2>err &&
	test_grep "^perf-mini stat: -G no/such/group: cannot open .*no/such/group" err
'

test_expect_success '--for-each-cgroup without CPUs, with -G, or of a bad expression: clear errors' '
	test_expect_code 129 pm stat -e task-clock --for-each-cgroup / true 2>err &&
	test_grep "^perf-mini stat: --for-each-cgroup counts a cgroup.s tasks on the CPUs: it needs -a or -C" err &&
	test_expect_code 129 pm stat -a -e task-clock -G / --for-each-cgroup / true 2>err &&
	test_grep "cannot be used together" err &&
	test_expect_code 129 pm stat -a -e task-clock --for-each-cgroup "a\\{" true 2>err &&
	test_grep "is not a regular expression" err
'

test_expect_success CGROUP '--for-each-cgroup: a cgroup that does not exist, an expression that matches none' '
	test_must_fail pm stat -a -e task-clock --for-each-cgroup /,no/such/group true 2>err &&
	test_grep "^perf-mini stat: --for-each-cgroup no/such/group: cannot open .*no/such/group" err &&
	test_must_fail pm stat -a -e task-clock --for-each-cgroup "^no-such-.*" true 2>err &&
	test_grep "no cgroup matched: \^no-such-" err &&
	test_grep "^hint: the expressions match paths under /" err
'

test_expect_success 'stat --control: enable and disable from a fifo, each acknowledged' '
	rm -f ctl ack && mkfifo ctl ack &&
	{ pm stat -D -1 --control fifo:ctl,ack -x, -e task-clock -- "$WL/spin" 4000 2>err & } &&
	pid=$! &&
	tell ctl enable && a1=$(timeout 10 head -n 1 ack) &&
	tell ctl disable && a2=$(timeout 10 head -n 1 ack) &&
	wait $pid &&
	test "$a1" = ack && test "$a2" = ack &&
	test_grep "^Events enabled$" err && test $(grep -c "^Events disabled$" err) -eq 2 &&
	test_grep ",msec,task-clock$u," err
'

test_expect_success 'stat --control: stop ends the measurement, the command gets SIGTERM' '
	rm -f ctl && mkfifo ctl &&
	{ pm stat --control fifo:ctl -x, -e task-clock -- sleep 30 2>err & } &&
	pid=$! && tell ctl stop && wait $pid &&
	test_grep "^sleep: Terminated$" err && test_grep ",msec,task-clock$u," err
'

test_expect_success 'stat --control fd: commands from a descriptor, served until its writer is gone' '
	printf "enable\n" >cmds &&
	pm stat -D -1 --control fd:3 -x, -e task-clock -- sleep 0.3 2>err 3<cmds &&
	test_grep "^Events enabled$" err && test_grep "^[0-9.]+,msec,task-clock$u," err
'

test_expect_success '--control: a closed descriptor, a missing fifo, a bad form are clear errors' '
	test_expect_code 129 pm stat --control fd:9 -e task-clock true 2>err 9>&- &&
	test_grep "not an open file descriptor" err &&
	test_expect_code 129 pm stat --control pipe:x -e task-clock true 2>err &&
	test_grep "expected fd:CTL" err &&
	test_must_fail pm stat --control fifo:no/such/fifo -e task-clock true 2>err &&
	test_grep "cannot open .no/such/fifo." err && test_grep "mkfifo" err
'

# A Skylake as described, with what one option needs added: TSX events
# (tsx), freeze_on_smi and the msr PMU (smi), an IIO uncore (iio), a
# hybrid core type (hybrid).
vendor_sysfs() {
	rm -rf vs && cp -r "$SYSFS/skylake" vs && d=vs/bus/event_source/devices &&
	case $1 in
	tsx)	echo "event=0x3c,in_tx=1" >$d/cpu/events/cycles-t &&
		echo "event=0xc9,umask=0x1" >$d/cpu/events/tx-start ;;
	smi)	echo 0 >$d/cpu/freeze_on_smi ;;
	msr)	echo 0 >$d/cpu/freeze_on_smi && mkdir -p $d/msr/events $d/msr/format &&
		echo 9 >$d/msr/type && echo "config:0-63" >$d/msr/format/event &&
		echo "event=0x02" >$d/msr/events/aperf && echo "event=0x04" >$d/msr/events/smi ;;
	iio)	mkdir -p $d/uncore_iio_0/format && echo 50 >$d/uncore_iio_0/type &&
		echo 0 >$d/uncore_iio_0/cpumask ;;
	hybrid)	cp -r $d/cpu $d/cpu_core && echo 8 >$d/cpu_core/type &&
		echo 0-1 >$d/cpu_core/cpus ;;
	esac
}

test_expect_success '-T: perf.s transaction events missing, perf.s message and 234' '
	PERF_MINI_SYSFS="$SYSFS/vm" test_expect_code 234 pm stat -T -e cpu-clock true 2>err &&
	test_grep "^perf-mini stat: -T: Cannot set up transaction events$" err &&
	test_grep "^event syntax error: .task-clock,.instructions,cycles,cpu/cycles-t/" err &&
	PERF_MINI_SYSFS="$SYSFS/skylake" test_expect_code 234 pm stat --transaction true 2>err &&
	test_grep "unknown term .cycles-t. for pmu .cpu." err
'

test_expect_success '-T: a CPU with TSX events (described): refused, 255, the events named' '
	vendor_sysfs tsx &&
	PERF_MINI_SYSFS=vs test_expect_code 255 pm stat -T true 2>err &&
	test_grep "^perf-mini stat: -T: the transaction metrics .* not implemented" err &&
	test_grep "^hint: count the events: perf-mini stat -e .task-clock,.instructions,cycles,cpu/cycles-t/,cpu/tx-start/..$" err
'

test_expect_success '--smi-cost: freeze_on_smi, then the msr events, checked as perf (234)' '
	PERF_MINI_SYSFS="$SYSFS/skylake" test_expect_code 234 pm stat --smi-cost true 2>err &&
	test_grep "^perf-mini stat: --smi-cost: freeze_on_smi is not supported$" err &&
	vendor_sysfs smi &&
	PERF_MINI_SYSFS=vs test_expect_code 234 pm stat --smi-cost true 2>err &&
	test_grep "To measure SMI cost, it needs msr/aperf/, msr/smi/ and cpu/cycles/ support" err &&
	vendor_sysfs msr &&
	PERF_MINI_SYSFS=vs test_expect_code 255 pm stat --smi-cost true 2>err &&
	test_grep "^perf-mini stat: --smi-cost: the SMI cycles .* not implemented" err &&
	test_grep "^hint: count the events" err &&
	test "$(cat vs/bus/event_source/devices/cpu/freeze_on_smi)" = 0
'

test_expect_success '--iostat: no IIO uncore is a usage error as perf (129); with one refused' '
	PERF_MINI_SYSFS="$SYSFS/skylake" test_expect_code 129 pm stat --iostat true 2>err &&
	test_grep "^Unsupported uncore pmu configuration$" err &&
	test_grep "^ +--iostat\[=<default>\]" err &&
	PERF_MINI_SYSFS="$SYSFS/skylake" test_expect_code 129 pm stat --iostat=list true 2>err &&
	vendor_sysfs iio &&
	PERF_MINI_SYSFS=vs test_expect_code 255 pm stat --iostat=list true 2>err &&
	test_grep "^perf-mini stat: --iostat: .* not implemented" err &&
	test_grep "^hint: " err
'

test_expect_success '--cputype: before -e, a hybrid type only (129 as perf); a hybrid core refused' '
	PERF_MINI_SYSFS="$SYSFS/skylake" test_expect_code 129 pm stat --cputype=core true 2>err &&
	test_grep "^--cputype core is not supported!$" err &&
	vendor_sysfs hybrid &&
	PERF_MINI_SYSFS=vs test_expect_code 129 pm stat -e cpu-clock --cputype=core true 2>err &&
	test_grep "^Must define cputype before events/metrics$" err &&
	PERF_MINI_SYSFS=vs test_expect_code 129 pm stat --cputype=atom true 2>err &&
	test_grep "^--cputype atom is not supported!$" err &&
	PERF_MINI_SYSFS=vs test_expect_code 255 pm stat --cputype=core true 2>err &&
	test_grep "^perf-mini stat: --cputype core: counting one type .* not implemented" err &&
	test_grep "^hint: name the PMU in each event: -e cpu_core/cycles/" err
'

test_expect_success '--hybrid-merge, --percore-show-thread: the counts as without them' '
	pm stat -x, --hybrid-merge --percore-show-thread -e cpu-clock/percore/ true 2>err &&
	test_grep "^[0-9.]+,msec,cpu-clock/percore/u?," err &&
	test_expect_code 129 pm stat -a -A --percore-show-thread -e cpu-clock/percore/ true 2>err &&
	test_grep "percore term with -A is not supported" err
'

test_expect_success PERF 'vendor-neutral: exit codes of -T, --smi-cost, --iostat, --cputype as perf.s' '
	if perf stat -T true >/dev/null 2>&1 || ls /sys/bus/event_source/devices | grep -q "^uncore_iio\|^cpu_"; then
		skip=1
	fi &&
	for o in --hybrid-merge --percore-show-thread --cputype=nosuch; do
		perf stat $o -e cpu-clock true >/dev/null 2>&1; pe=$?;
		pm stat $o -e cpu-clock true >/dev/null 2>&1; me=$?;
		test "$pe" = "$me" || { echo "$o: perf $pe, perf-mini $me"; return 1; }
	done &&
	if test -z "$skip"; then
		for o in -T --iostat; do
			perf stat $o -e cpu-clock true >/dev/null 2>&1; pe=$?;
			pm stat $o -e cpu-clock true >/dev/null 2>&1; me=$?;
			test "$pe" = "$me" || { echo "$o: perf $pe, perf-mini $me"; return 1; }
		done
	fi
'

test_done
