#!/bin/sh
test_description='c2c report on a terminal: the browser (the table of cache lines, d for a line s offsets, n and s, ? for help), driven through tmux and compared with perf s screens'
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIR/lib-tmux.sh"

sim() {
	PERF_MINI_SYSFS="$SYSFS/icelake" pm_sim "$@"
}

# "arrays M lines" (tests/workloads/arrays.c): three shared lines, at the
# addresses it prints; the stepped simulator finds their HITMs
sim record -q -d -e cpu/mem-loads,ldlat=30/P -o probe.data -- true 2>probe.err
grep -q "cannot trace" probe.err || prereqs="$prereqs PTRACE"

# both browsers in a UTF-8 locale (perf draws its boxes in UTF-8 always),
# in a window wide enough for the offsets' last columns
TM_COLS=230
browse() {
	start "LC_ALL=C.UTF-8 $*"
}


test_expect_success TMUX,PTRACE 'the table of lines: perf s title and columns, a row per line' '
	sim record -q -d -W --sample-cpu -e cpu/mem-loads,ldlat=30/P -o lines.data -- \
		"$WL/arrays" 300 lines >where &&
	pm c2c report --stdio -i lines.data >stdio.txt 2>/dev/null &&
	n=$(sed -n "/Shared Data Cache Line Table/,/Pareto/p" stdio.txt | grep -c "^  *[0-9]  *0x") &&
	{ test $n -ge 2 || { echo "$n shared lines:"; cat stdio.txt; false; }; } &&
	browse "\"$PERF_MINI\" c2c report -i lines.data" &&
	wait_for -F "Shared Data Cache Line Table     ($n entries, sorted on Total HITMs)" &&
	screen | sed -n 3p | grep -q "^Index  *Address  Node  PA cnt     Hitm    Total  LclHitm" &&
	screen | tail -1 | grep -q "^? - help" &&
	first=$(sed -n "/Shared Data Cache Line Table/,/Pareto/p" stdio.txt | grep -m1 "^  *0  *0x" |
		cut -c3-232 | sed "s/ *$//") &&
	screen | sed -n 4p | sed "s/ *$//" >row.txt && echo "$first" >want.txt &&
	test_cmp want.txt row.txt && selected | grep -qF "$(echo "$first" | cut -c1-30)"
'

test_expect_success TMUX,PTRACE 'd opens the selected line: its offsets and code, no Num, Off under CL' '
	keys Down && keys d &&
	addr=$(sed -n "/Shared Data Cache Line Table/,/Pareto/p" stdio.txt | grep "^  *1  *0x" |
	       awk "{print \$2}") &&
	wait_for -F "Cacheline $addr" &&
	screen | sed -n 2p | grep -q "^----- HITM -----  ------- Store Refs ------  ------- CL --------" &&
	screen | sed -n 3p | grep -q "^RmtHitm  LclHitm   L1 Hit  L1 Miss      N/A    Off  Node  PA cnt" &&
	screen | sed -n 4p | grep -qE "^ +[0-9.]+% +[0-9.]+%.*  0x[0-9a-f]+ +N/A.* \[\.\] (adder|other_lines)  +arrays  +arrays\.c:[0-9]+"
'

test_expect_success TMUX,PTRACE 'n steps through the node details, s keeps the screen, q goes back' '
	keys n && wait_for "Node\{cpus %hitms %stores\}$" &&
	keys n && wait_for "Node\{cpu list\}$" &&
	keys n && wait_for "  Node$" &&
	keys s && wait_for "Cacheline 0x" &&
	keys q && wait_for "^Shared Data Cache Line Table" &&
	selected | grep -q "^ *1  *0x"
'

test_expect_success TMUX,PTRACE '? shows the keys in perf s words; any key closes it; q leaves, the terminal sane' '
	keys "?" && wait_for -F "Display cacheline details" &&
	shows -F "Press any key..." && keys x && wait_gone "Press any key" &&
	keys d && wait_for "^Cacheline" && keys "?" &&
	wait_for -F "Toggle full length of symbol and source line columns" &&
	keys x && keys q && wait_for "^Shared Data" && keys q && wait_for "^EXIT=0" && shows "^SANE"
'

test_expect_success TMUX,PTRACE 'on a terminal, --stdio and --stats print the tables, as perf' '
	browse "\"$PERF_MINI\" c2c report --stdio -i lines.data 2>/dev/null | head -3 >/dev/null; \"$PERF_MINI\" c2c report --stats -i lines.data | grep -c Trace" &&
	wait_for "^EXIT=0" && screen | grep -q "^1$"
'

# perf s screens, key for key, in windows of one size (perf 6.1 drops the
# first Down it is sent, and after a line s screen draws a scroll bar on
# the table: those are left out)
for case in "list:" "list help:?" "line:d" "line nodes:d n" "line cpus:d n n" "line help:d ?"; do
	test_expect_success TMUX,PTRACE,PERF "perf s screen: ${case%%:*}" '
		keyset="${case#*:}" &&
		browse "perf c2c report -i lines.data 2>/dev/null" && wait_for "^Shared Data" &&
		for k in $keyset; do keys "$k" && sleep 0.3 && settle || return 1; done &&
		screen >perf.screen &&
		browse "\"$PERF_MINI\" c2c report -i lines.data 2>/dev/null" && wait_for "^Shared Data" &&
		for k in $keyset; do keys "$k" && sleep 0.3 && settle || return 1; done &&
		screen >pm.screen &&
		test_cmp perf.screen pm.screen
	'
done

test_done
