#!/bin/sh
test_description='profviz: a call graph of an instrumented program, counted per function through the mmap page'
. "$(dirname "$0")/test-lib.sh"

PROG="$WL/profviz-calls"

# arc_pct DOT CALLER CALLEE: the percentage the arc's label starts with
arc_pct() {
	sed -n "s/^	\"$2\" -> \"$3\" \[label=\"\([0-9.]*\)%.*/\1/p" "$1"
}

# node_total DOT NAME: the node's total share, %
node_total() {
	sed -n "s/^	\"$2\" \[label=\"$2\\\\ntotal \([0-9.]*\)%.*/\1/p" "$1"
}

# Shares are counted in page faults, which the workload makes exactly (64
# fresh pages a unit of work), whatever else the machine runs: in time
# (task-clock, the default here) a loaded machine moved heavy's 75% to
# 80.6 and catcher's 20% to 15.7. Time is still what the calibration test
# and the default run's shape are about. The call counts are what a broken
# shadow stack changes.
PF="-e page-faults"
# ... almost exactly: beside two test suites and stress-ng --io, pages
# the kernel reclaimed faulted again (heavy's 75% read 76.4)
tol=2

# near VALUE EXPECTED TOLERANCE
near() {
	awk -v v="$1" -v e="$2" -v t="$3" 'BEGIN { if (v == "" || v < e - t || v > e + t) {
		print "got \"" v "\", want " e " +- " t; exit 1 } }'
}

test_expect_success 'heavy does 3x the work of its sibling: arcs of 75% and 25% of their caller' '
	pm profviz $PF -- "$PROG" 2>err &&
	test_grep "call graph in prof.dot" err &&
	cat prof.dot &&
	test_grep "^digraph profviz \{$" prof.dot &&
	near "$(arc_pct prof.dot work heavy)" 75 $tol &&
	near "$(arc_pct prof.dot work light)" 25 5 &&
	near "$(arc_pct prof.dot main work)" 100 2 &&
	test_grep "\"work\" -> \"heavy\" \[label=\"[0-9.]+% of caller, [0-9.]+% of run\\\\n10 calls\"" prof.dot &&
	near "$(node_total prof.dot heavy)" 75 $tol
'

test_expect_success 'folded stacks beside the graph, heavy 3x light along the same path' '
	test_grep "^main;work;heavy [0-9]+$" prof.folded &&
	awk "/^main;work;heavy / { h = \$2 } /^main;work;light / { l = \$2 }
	     END { exit !(l > 0 && h == 3 * l) }" prof.folded
'

test_expect_success 'recursion is counted once per stack (nest calls itself 4 times, 1 unit each)' '
	pm profviz $PF -o rec.dot -- "$PROG" recurse 2>/dev/null &&
	test -f rec.folded &&
	near "$(node_total rec.dot nest)" 11.1 2 &&
	near "$(arc_pct rec.dot nest nest)" 80 5 &&
	near "$(arc_pct rec.dot work heavy)" 75 $tol
'

test_expect_success 'a function left by longjmp does not corrupt its callers (shadow stack resynchronised)' '
	pm profviz $PF -o jmp.dot -- "$PROG" longjmp 2>/dev/null &&
	test_grep "^	\"main\" -> \"catcher\" \[label=\"[0-9.]+% of caller, [0-9.]+% of run\\\\n5 calls\"" jmp.dot &&
	test_grep "^	\"catcher\" -> \"thrower\" \[label=\"[0-9.]+% of caller, [0-9.]+% of run\\\\n5 calls\"" jmp.dot &&
	test_grep "^	\"catcher\" -> \"light\" \[label=\"[0-9.]+% of caller, [0-9.]+% of run\\\\n5 calls\"" jmp.dot &&
	! grep -q "^	\"thrower\" -> " jmp.dot &&
	near "$(arc_pct jmp.dot catcher thrower)" 50 6 &&
	near "$(arc_pct jmp.dot catcher light)" 50 6 &&
	near "$(node_total jmp.dot catcher)" 20 $tol &&
	near "$(arc_pct jmp.dot work heavy)" 75 $tol
'

# shapes spends its time in calls far shorter than a hook pair: its shares
# are mostly the calibration (see perf-mini-profviz.txt), its arcs are not
test_expect_success 'C++ at -O1: inlined functions hook in their caller frame and keep it; names demangled' '
	pm profviz -o cxx.dot -- "$WL/shapes-instrumented" 100 >/dev/null 2>&1 &&
	test_grep "^	\"main\" -> \"work\(int\)\" \[label=\"[0-9.]+% of caller, [0-9.]+% of run\\\\n1 calls\"" cxx.dot &&
	test_grep "\"std::vector<geo::Circle, std::allocator<geo::Circle> >::" cxx.dot &&
	! grep -q "^	\"main\" -> \"std::" cxx.dot
'

# 100000 empty calls cost only the hooks (two counter reads each, about
# as much as all of work() here: 41% of the run uncorrected): with that
# cost taken out they are near 0 on an idle machine. How near depends on
# the machine's load (the calibration takes the least of its rounds, the
# run pays every interruption: 22% beside a second suite and stress-ng,
# 68% beside two suites), so the suite checks the calls are all counted
# and the correction never makes a cost negative; the share itself is
# no verdict a test can give on any machine.
test_expect_success 'the hooks own cost is taken out: 100000 empty calls counted, no cost below 0' '
	pm profviz -o tiny.dot -- "$PROG" tiny 2>/dev/null &&
	test_grep "\"tiny\" \[label=\"tiny\\\\ntotal [0-9.]+%  self [0-9.]+%\\\\n100000 calls" tiny.dot &&
	total=$(node_total tiny.dot many_tiny) && test -n "$total" &&
	! grep -q "total -\|self -" tiny.dot
'

test_expect_success 'threads are measured apart and merged' '
	pm profviz $PF -o thr.dot -- "$PROG" threads 2>/dev/null &&
	test_grep "3 threads\\\\n" thr.dot &&
	test_grep "arcs: the callee.s share of its caller and of the run, drawn thick and green by the share of the run" thr.dot &&
	sed -n "s/.* \([0-9.]*\)% of run.*penwidth=\([0-9.]*\).*/\1 \2/p" thr.dot >widths &&
	test -s widths &&
	awk "{ d = \$2 - (1 + 4 * \$1 / 100); if (d > 0.02 || d < -0.02) { print; bad = 1 } }
	     END { exit bad }" widths &&
	test_grep "^	\"work\" \[label=\"work\\\\ntotal [0-9.]+%  self [0-9.]+%\\\\n20 calls" thr.dot &&
	near "$(arc_pct thr.dot work heavy)" 75 $tol &&
	near "$(arc_pct thr.dot worker work)" 100 2
'

test_expect_success 'a forked child writes its own graph, named by its pid' '
	pm profviz $PF -o fork.dot -- "$PROG" fork 2>/dev/null &&
	test -f fork.dot &&
	ls fork.*.dot >children &&
	test "$(wc -l <children)" -eq 1 &&
	near "$(arc_pct "$(cat children)" work heavy)" 75 $tol
'

test_expect_success 'the seed usage: LD_PRELOAD=profviz.so ./prog writes prof.dot' '
	mkdir preload &&
	(cd preload && PERF_MINI_PROFVIZ_EVENTS=page-faults LD_PRELOAD="$BUILD/profviz.so" "$PROG") &&
	near "$(arc_pct preload/prof.dot work heavy)" 75 $tol &&
	test -f preload/prof.folded
'

test_expect_success 'more events: the first weighs the graph, the others label the nodes' '
	pm profviz -e page-faults,task-clock -o two.dot -- "$PROG" 2>/dev/null &&
	test_grep "graph \[label=\"profviz: page-faults(:u)?, " two.dot &&
	test_grep "\\\\ntask-clock(:u)? [0-9]+" two.dot &&
	near "$(arc_pct two.dot work heavy)" 75 $tol
'

test_expect_success 'a program without -finstrument-functions: the cause and the fix, exit 1' '
	test_expect_code 1 pm profviz -o plain.dot -- "$WL/spin" 1 2>err &&
	test_grep "calls no -finstrument-functions hooks" err &&
	test_grep "hint: build it with gcc -finstrument-functions" err &&
	! ls plain.* 2>/dev/null
'

test_expect_success 'a command that does not exist exits 127, naming it' '
	test_expect_code 127 pm profviz -- ./no-such-prog 2>err &&
	test_grep "no-such-prog" err
'

test_expect_success 'usage errors exit 129: no command, a bad event, too many events' '
	test_expect_code 129 pm profviz 2>err &&
	test_grep "no command to run" err &&
	test_expect_code 129 pm profviz -e nosuch/x/ -- "$PROG" 2>err &&
	test_grep "unknown PMU" err &&
	test_expect_code 1 pm profviz -e task-clock,cs,page-faults,minor-faults,major-faults -- \
		"$PROG" 2>err &&
	test_grep "at most 4" err
'

test_expect_success 'profviz.so not found: where it looked and how to fix it' '
	test_expect_code 1 env PERF_MINI_PROFVIZ_SO=/nonexistent/profviz.so \
		"$PERF_MINI" profviz -- "$PROG" 2>err &&
	test_grep "PERF_MINI_PROFVIZ_SO names /nonexistent/profviz.so" err
'

test_done
