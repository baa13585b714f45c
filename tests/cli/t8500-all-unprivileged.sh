#!/bin/sh
test_description='a normal user: perf_event_paranoid fallback, its refusals, the open-file limit'
. "$(dirname "$0")/test-lib.sh"

# As root the binary runs as nobody (as_user, test-lib.sh); as a normal
# user it runs as that user.
if ! test_have_prereq NORMAL_USER; then
	test_skip "runs as a normal user" "setpriv (util-linux) is not installed"
	test_done; exit $?
fi

paranoid=$(cat /proc/sys/kernel/perf_event_paranoid 2>/dev/null || echo 2)

# Without CAP_PERFMON, a paranoid level of 2 (the distributions' default)
# refuses kernel profiling: that is what the fallback is for.
if [ "$paranoid" -lt 2 ] || as_user sh -c 'grep -q "^CapEff:.*[1-9a-f]" /proc/self/status'; then
	test_skip "the paranoid fallback" \
		"kernel.perf_event_paranoid is $paranoid or the user has capabilities: nothing is refused"
else

test_expect_success 'stat -- true as a normal user: every event on user space (:u), silently as perf 6.1' '
	as_user "$PERF_MINI" stat -- true 2>err &&
	test_grep "msec task-clock:u " err && test_grep " page-faults:u " err &&
	! grep -q "Warning\|fall back\|Permission denied" err &&
	as_user "$PERF_MINI" stat -v -- true 2>err &&
	test $(grep -c "^kernel.perf_event_paranoid=$paranoid, trying to fall back to excluding kernel and hypervisor  samples$" err) -eq 1
'

test_expect_success 'stat -x, as a normal user: perf'"'"'s names (cs:u), no warning in CSV' '
	as_user "$PERF_MINI" stat -x, -e cpu-clock,task-clock,page-faults,cs -- true 2>err &&
	test_grep "^[0-9.]+,msec,cpu-clock:u," err && test_grep "^[0-9]+,,cs:u," err &&
	! grep -q "^Warning:" err && test $(wc -l <err) -eq 4
'

test_expect_success 'the suffix as perf adds it: after modifiers and PMU terms without a colon' '
	as_user "$PERF_MINI" stat -x, -e cpu-clock:p,software/config=0/,"{cs,task-clock}" -- true 2>err &&
	test_grep ",cpu-clock:pu," err && test_grep ",software/config=0/u," err &&
	test_grep ",cs:u," err && test_grep ",task-clock:u," err
'

test_expect_success 'record -- workload as a normal user: user-space samples, a readable file' '
	as_user "$PERF_MINI" record -e cpu-clock -o user.data -- "$WL/spin" 200 2>err &&
	! grep -q "fall back" err &&
	as_user "$PERF_MINI" record -v -e cpu-clock -o userv.data -- true 2>err &&
	test $(grep -c "trying to fall back to excluding kernel" err) -eq 1 &&
	as_user "$PERF_MINI" report --stdio -i user.data >out &&
	test_grep "of event .cpu-clock:u." out && test_grep "spin +spin +\[\.\] main" out &&
	! grep -q "\[k\]" out
'

test_expect_success 'record with the default event as a normal user works too' '
	as_user "$PERF_MINI" record -o def.data -- "$WL/spin" 100 2>err &&
	as_user "$PERF_MINI" report --stdio -i def.data >out && test_grep "spin" out
'

test_expect_success 'refused even on user space (-a, :k): perf_event_paranoid, its value and both fixes' '
	test_expect_code 255 as_user "$PERF_MINI" stat -a -e cpu-clock -- true 2>err &&
	test_grep "^perf-mini stat: cannot open event .cpu-clock.: Permission denied: kernel.perf_event_paranoid is $paranoid" err &&
	test_grep "^hint: lower it \(sudo sysctl -w kernel.perf_event_paranoid=-1\), or give perf-mini CAP_PERFMON" err &&
	test_expect_code 255 as_user "$PERF_MINI" record -e cpu-clock:k -o k.data -- true 2>err &&
	test_grep "cannot open event .cpu-clock:k.: Permission denied: kernel.perf_event_paranoid is $paranoid" err &&
	! test -e k.data
'

test_expect_success 'record --namespaces as a normal user: refused for that reason, not the paranoid level' '
	test_expect_code 255 as_user "$PERF_MINI" record --namespaces -e cpu-clock -o ns.data -- true 2>err &&
	test_grep "namespace records \(--namespaces\) are for privileged users" err &&
	! test -e ns.data
'

fi

test_expect_success 'stat and record work as a normal user whatever the paranoid level' '
	as_user "$PERF_MINI" stat -e task-clock -- true 2>err && test_grep "msec task-clock" err &&
	as_user "$PERF_MINI" record -q -e cpu-clock -o any.data -- "$WL/spin" 50 &&
	as_user "$PERF_MINI" report --stdio -i any.data >out && test_grep "spin" out
'

# 500 counters need 500 fds: with the soft limit at 64, perf raises it to
# the hard limit and goes on; so must perf-mini.
hard=$(sh -c 'ulimit -H -n')
if [ "$hard" != unlimited ] && [ "$hard" -lt 1024 ]; then
	test_skip "500 events under a soft limit of 64 files" "the hard limit is only $hard"
else
test_expect_success '500 events under ulimit -S -n 64: the soft limit is raised, as perf does' '
	events=$(awk "BEGIN { for (i = 0; i < 250; i++) printf \"%scpu-clock,page-faults\", i ? \",\" : \"\" }") &&
	(ulimit -S -n 64 && "$PERF_MINI" stat -x, -e "$events" -- true 2>err) &&
	test $(grep -c ",cpu-clock" err) -eq 250 && test $(grep -c ",page-faults" err) -eq 250
'
fi

test_done
