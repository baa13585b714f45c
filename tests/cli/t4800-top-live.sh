#!/bin/sh
test_description='top: live sampling of a workload, perf top --stdio screens, the browser in tmux'
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-tmux.sh"

# Each case watches a spin of its own (-p: a normal user may watch its
# own processes), which ends by itself; its pid is in spin.pid.
spin() {
	"$WL/spin" "$1" >/dev/null &
	echo $! >spin.pid
}
spin_pid() {
	cat spin.pid
}
stop_spin() {
	kill "$(spin_pid)" 2>/dev/null; wait "$(spin_pid)" 2>/dev/null; true
}

# top for SECS seconds, then ^C (its status, not timeout's, is returned)
top_for() {
	secs=$1; shift
	COLUMNS=100 LINES=20 timeout --foreground --preserve-status -s INT "$secs" "$PERF_MINI" top "$@"
}

# top_until FILE 'SHELL TEST' ARGS...: top ARGS writing FILE until the
# test holds (await: a busy machine draws fewer screens a second), then
# ^C; its status is returned, or 1 where the test never held
top_until() {
	file=$1 cond=$2
	shift 2
	COLUMNS=100 LINES=20 "$PERF_MINI" top "$@" >"$file" &
	top=$!
	await "$cond"
	held=$?
	kill -INT $top
	wait $top
	rc=$?
	[ $held -eq 0 ] || return 1
	return $rc
}

# the rows of the last screen (after its header, dashes and blank line)
last_screen() {
	awk '/^   PerfTop:/ { n = 0; delete rows; next }
	     { rows[++n] = $0 } END { for (i = 3; i <= n; i++) print rows[i] }' "$1"
}

test_expect_success 'top --stdio -p PID: perf top screens each -d, the workload on top' '
	spin 60000 &&
	top_until out "test \"\$(cat out 2>/dev/null | grep -c \"^   PerfTop:\")\" -ge 3" \
		--stdio -d 1 -p $(spin_pid) 2>err;
	rc=$?; stop_spin &&
	{ { test $rc -eq 0 && test ! -s err; } || { echo "rc $rc"; cat err; false; }; } &&
	test $(grep -c "^   PerfTop:" out) -ge 3 &&
	test $(grep -c "$(printf "\033")\[H$(printf "\033")\[2J" out) -ge 3 &&
	grep "^   PerfTop:" out | tail -1 >header &&
	test_grep "^   PerfTop: +[0-9]+ irqs/sec  kernel: *[0-9.]+%  exact: +[0-9.]+% lost: [0-9]+/[0-9]+ drop: 0/0 \[4000Hz cpu-clock:(uh)?ppp\],  \(target_pid: $(spin_pid)\)$" header &&
	! grep -qE "PerfTop: +0 irqs" header &&
	test $(grep -c "^-\{99\}$" out) -ge 3 &&
	last_screen out >rows && head -1 rows | grep -qE "^ +[0-9.]+%  spin +\[\.\] main$" &&
	test $(wc -l <rows) -le 15 &&
	! grep -v "^   PerfTop:" out | awk "length > 99" | grep -q .
'

test_expect_success 'the top row agrees with report on a recording of the same workload' '
	pm record -q -e cpu-clock -o rec.data -- "$WL/spin" 1500 2>/dev/null &&
	pm report --stdio -q -s dso,sym -i rec.data 2>/dev/null | head -1 |
		awk "{print \$2, \$3, \$4}" >want &&
	spin 6000 && top_for 3 --stdio -d 1 -p $(spin_pid) >out 2>/dev/null; stop_spin &&
	last_screen out | head -1 | awk "{print \$2, \$3, \$4}" >got &&
	test_cmp want got
'

test_expect_success '-E caps the rows; -U hides user entries, -K kernel ones' '
	spin 10000 &&
	top_for 3 --stdio -d 1 -E 2 -p $(spin_pid) >e.out 2>/dev/null &&
	top_for 3 --stdio -d 1 -U -p $(spin_pid) >u.out 2>/dev/null &&
	top_for 3 --stdio -d 1 -K -p $(spin_pid) >k.out 2>/dev/null; stop_spin &&
	last_screen e.out >rows && test $(wc -l <rows) -eq 2 &&
	! grep -q "\[\.\]" u.out && grep -q "PerfTop" u.out &&
	! grep -q "\[k\]" k.out && grep -qE "spin +\[\.\] main" k.out
'

# a screen's row with both shares, and a callchain line under it
children_and_chain='grep -qE "^ +[0-9.]+% +[0-9.]+%  spin +\[\.\] main$" out && grep -q -- --- out'
test_expect_success '-g: children and self, and the callchain under the entry' '
	spin 30000 &&
	top_until out "$children_and_chain" --stdio -d 1 -g -E 40 -p $(spin_pid) 2>err;
	rc=$?; stop_spin &&
	test $rc -eq 0 && test ! -s err
'

# The watched process waits at a fifo until top has drawn a screen, runs
# spin, and exits; top goes on until a screen after that has no samples
# (the screens are awaited: a busy machine draws fewer a second).
test_expect_success 'the watched process exits: top goes on, -z shows nothing new, ^C ends it with 0' '
	rm -f go && mkfifo go &&
	{ sh -c "read x <go; exec \"$WL/spin\" 300" >/dev/null & } && echo $! >spin.pid &&
	{ (sleep 0.1; await "grep -q \"^   PerfTop:\" out" && tell go go) & } &&
	top_until out "grep -qE \"spin +\\[\\.\\] main\" out && ! kill -0 $(spin_pid) 2>/dev/null &&
		grep \"^   PerfTop:\" out | tail -1 | grep -q \"PerfTop: *0 irqs/sec\" &&
		test \$(last_screen out | wc -l) -eq 0" --stdio -d 1 -z -p $(spin_pid) 2>err; rc=$?;
	stop_spin &&
	test $rc -eq 0 && test ! -s err &&
	test $(grep -c "^   PerfTop:" out) -ge 3
'

test_expect_success 'an exited process stays resolved while its entries decay' '
	rm -f go && mkfifo go &&
	{ sh -c "read x <go; exec \"$WL/spin\" 300" >/dev/null & } && echo $! >spin.pid &&
	{ (sleep 0.1; await "grep -q \"^   PerfTop:\" out" && tell go go) & } &&
	top_until out "grep -qE \"spin +\\[\\.\\] main\" out && ! kill -0 $(spin_pid) 2>/dev/null &&
		grep \"^   PerfTop:\" out | tail -1 | grep -q \"PerfTop: *0 irqs/sec\" &&
		last_screen out | grep -q ." --stdio -d 1 -p $(spin_pid) 2>err; rc=$?;
	stop_spin &&
	test $rc -eq 0 && test ! -s err &&
	grep "^   PerfTop:" out | tail -1 | grep -q "PerfTop: *0 irqs/sec" &&
	last_screen out | head -1 | grep -qE "^ +[0-9.]+%  spin +\[\.\] main$"
'

# reading every process at the start takes a while under the churn: six
# seconds, and what went wrong shown
test_expect_success SYSWIDE 'every CPU while processes come and go: screens, no error, 0' '
	sh -c "while :; do /bin/true; done" & churn=$! &&
	top_for 6 --stdio -d 1 >out 2>err; rc=$?; kill $churn; wait $churn 2>/dev/null
	{ test $rc -eq 0 && test ! -s err || { echo "status $rc"; cat err; false; }; } &&
	test $(grep -c "^   PerfTop:" out) -ge 2 &&
	grep "^   PerfTop:" out | tail -1 | grep -q "(all, [0-9]* CPUs\{0,1\})$" &&
	last_screen out | grep -qE "^ +[0-9.]+%  "
'

test_expect_success 'SIGTERM ends top with 0 and its recorder with it' '
	spin 8000 &&
	{ "$PERF_MINI" top --stdio -d 1 -p $(spin_pid) >out 2>err & } && top=$! &&
	for i in $(seq 50); do pgrep -P $top >rec.pid && break; sleep 0.1; done &&
	sleep 1 && kill -TERM $top && wait $top; rc=$?; stop_spin &&
	test $rc -eq 0 && test ! -s err &&
	! kill -0 "$(cat rec.pid)" 2>/dev/null
'

# timeout and a terminal signal the whole group: top can get a second
# SIGINT while it stops its recorder, and still ends with 0
test_expect_success 'SIGINT twice: top ends with 0, not killed by the second' '
	spin 8000 &&
	{ "$PERF_MINI" top --stdio -d 1 -p $(spin_pid) >out 2>err & } && top=$! &&
	for i in $(seq 50); do pgrep -P $top >/dev/null && break; sleep 0.1; done &&
	sleep 1 && kill -INT $top && sleep 0.01 && { kill -INT $top 2>/dev/null || :; } &&
	wait $top; rc=$?; stop_spin &&
	test $rc -eq 0 && test ! -s err
'

test_expect_success 'errors: one message, the fix, status 129 for what was asked wrongly' '
	test_expect_code 129 pm top --no-such-option 2>err && test_grep "unknown option" err &&
	test_expect_code 129 pm top sleep 1 2>err &&
	test_grep "^perf-mini top: unexpected argument .sleep." err && test_grep "hint: .*-p PID" err &&
	test_expect_code 129 pm top -d 0 2>err && test_grep "refresh delay" err &&
	test_expect_code 129 pm top -E -1 2>err && test_grep "entries" err &&
	test_expect_code 129 pm top -p 1 -t 1 2>err && test_grep "give one of them" err &&
	test_expect_code 129 pm top -s nokey 2>err && test_grep "unknown --sort key .nokey." err &&
	test_expect_code 129 pm top --stdio -e nosuch -p $$ 2>err &&
	test_grep "unknown event .nosuch." err && ! grep -q "Usage: perf-mini record" err &&
	test_expect_code 129 pm top --call-graph foo 2>err && test_grep "not a recording mode" err &&
	test_expect_code 129 pm top --sym-annotate main 2>err &&
	test_grep "annotation is not implemented yet" err && test $(grep -c "not implemented" err) -eq 1
'

test_expect_success 'a process that does not exist: a message naming it, no screen' '
	! timeout 20 "$PERF_MINI" top --stdio -p 999999999 >out 2>err &&
	test_grep "^perf-mini top: .*999999999" err && test ! -s out
'

test_expect_success NORMAL_USER 'a normal user: its own process is watched (user space); everything is refused with the way out' '
	rm -f spin.pid && { as_user sh -c "echo \$\$ >spin.pid; exec \"$WL/spin\" 60000" & } &&
	await "test -s spin.pid" &&
	# until a screen names spin (R1: a loaded machine drew none in 3 s);
	# top writes its own pid: as_user is a function, run in a subshell
	rm -f top.pid && { as_user sh -c "echo \$\$ >top.pid; exec env COLUMNS=100 LINES=20 \
		\"$PERF_MINI\" top --stdio -d 1 -p $(spin_pid)" >out 2>err & } && job=$! &&
	await "test -s top.pid" &&
	{ await "grep -qE \"spin +\\[\\.\\] main\" out"; held=$?; } &&
	kill -INT "$(cat top.pid)" && { wait $job; rc=$?; } && stop_spin &&
	{ { test $held -eq 0 && test $rc -eq 0; } || { echo "rc $rc"; cat err; false; }; } &&
	if as_user "$PERF_MINI" stat -x, -a -e cpu-clock -- true >/dev/null 2>&1; then
		say "# this user may watch every CPU: no refusal to check"
	else
		! as_user timeout 20 "$PERF_MINI" top --stdio >out 2>err &&
		test_grep "perf_event_paranoid" err && test_grep "hint: top watches every CPU" err &&
		test ! -s out
	fi
'

# --- the browser ---------------------------------------------------------

# one spin for the browser's tests, stopped by the last of them (SIGTERM):
# two minutes, for a loaded machine on which they take several times longer
test_expect_success TMUX 'on a terminal: the browser, perf top title, refreshed' '
	spin 120000 &&
	start "\"$PERF_MINI\" top -d 1 -p $(spin_pid)" &&
	wait_for "^Samples: [0-9]+.? of event .cpu-clock:(uh)?ppp., 4000 Hz, Event count \(approx\.\): [0-9]+ lost: 0/0 drop: 0/0$" &&
	screen | grep -q "^  *Overhead  *Shared Object  *Symbol" &&
	wait_for "^ +[0-9.]+%  spin +\[\.\] main" &&
	screen | head -1 >title1 && sleep 2.5 && screen | head -1 >title2 &&
	! test_cmp title1 title2 >/dev/null
'

# each in a top of its own: a key that failed to land leaves no filter behind
test_expect_success TMUX 'the report browser s keys in top: move, filter, zoom, resize, kept across refreshes' '
	start "\"$PERF_MINI\" top -d 1 -p $(spin_pid)" && wait_for "\[\.\] main" &&
	keys Down && sleep 0.3 && selected >sel1 && test -s sel1 &&
	keys / && wait_for "^Symbol" && keys -l main && keys Enter &&
	wait_for "symbol ~ .main." && sleep 2.5 && screen | grep -q "symbol ~ .main." &&
	screen | grep -E "^ +[0-9.]+%" >rows && test -s rows &&
	! awk "{ if (\$NF !~ /main/) bad = 1 } END { exit !bad }" rows &&
	keys Escape && wait_for "Press .\?. for help" &&
	keys d && wait_for "Zoomed into DSO " &&
	keys d && wait_for "Press .\?. for help" && ! screen | grep -q "Zoomed into" &&
	tm resize-window -x 90 -y 20 && sleep 1.5 && test "$(screen | wc -l)" -eq 20 &&
	wait_for "^Samples: " && keys q && wait_for "^EXIT=0"
'

# a before z: zeroed, a refresh between two rounds of samples has no rows
# for a to act on
test_expect_success TMUX 'h: the keys, z among them; z marks the title; q quits, terminal restored' '
	start "\"$PERF_MINI\" top -d 1 -p $(spin_pid)" && wait_for "\[\.\] main" &&
	keys h && wait_for "^perf-mini top: keys" && screen | grep -q "toggle sample zeroing" &&
	! screen | grep -q "read the report again" &&
	keys Space && wait_for "^Samples: " &&
	keys a && wait_for "annotate: not in top yet" &&
	keys z && wait_for ", \[z\]$" &&
	keys q && wait_for "^EXIT=0" && wait_for "^SANE"
'

test_expect_success TMUX 'SIGTERM in the browser: status 0, the terminal restored' '
	start "\"$PERF_MINI\" top -d 1 -p $(spin_pid)" && wait_for "^Samples: " &&
	shell=$(tm list-panes -F "#{pane_pid}") && top=$(pgrep -P $shell | head -1) &&
	kill -TERM $top && wait_for "^EXIT=0" && wait_for "^SANE"; rc=$?; stop_spin; test $rc -eq 0
'

test_expect_success TMUX '--stdio on a terminal: the screens, not the browser' '
	spin 8000 &&
	start "\"$PERF_MINI\" top --stdio -d 1 -p $(spin_pid)" &&
	wait_for "^   PerfTop: +[0-9]+ irqs/sec" && wait_for "spin +\[\.\] main" &&
	! screen | grep -q "^Samples: " &&
	keys x && wait_for "^Mapped keys:" && screen | grep -q "toggle sample zeroing" &&
	keys q && wait_for "^EXIT=0" && wait_for "^SANE"; rc=$?; stop_spin; test $rc -eq 0
'

test_done
