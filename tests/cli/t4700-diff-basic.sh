#!/bin/sh
test_description='diff: two recordings compared entry by entry (perf diff s table; the oracle is o3600)'
. "$(dirname "$0")/test-lib.sh"

PD="$TEST_DATA/perfdata"

# Work fixed in instructions, not in time, so that a loaded machine keeps
# the shares: the second run's other half is burn again under another
# name (its own command and DSO)
test_expect_success 'setup: a run of burn, then one that burns half as long, and other half' '
	cp "$WL/burn" other &&
	pm record -q -e cpu-clock -c 250000 -o old.data -- "$WL/burn" 300 >/dev/null 2>&1 &&
	pm record -q -e cpu-clock -c 250000 -o new.data -- \
		sh -c "\"$WL/burn\" 150; ./other 150" >/dev/null 2>&1
'

test_expect_success 'burn'"'"'s middle shrinks, other'"'"'s appears without a baseline share' '
	pm diff old.data new.data >out 2>err &&
	test_grep "^# Event .cpu-clock(:u)?.$" out &&
	test_grep "^# Baseline  Delta Abs  Shared Object +Symbol" out &&
	test_grep "^ +[0-9.]+% +-[0-9.]+%  burn +\[\.\] middle$" out &&
	test_grep "^ {12,}\+[0-9.]+%  other +\[\.\] middle$" out
'

test_expect_success 'the deltas are the shares report gives each file' '
	old=$(pm report --stdio -q --sort dso,sym -i old.data | awk "/burn +\[\.\] middle\$/ {print \$1}") &&
	new=$(pm report --stdio -q --sort dso,sym -i new.data | awk "/burn +\[\.\] middle\$/ {print \$1}") &&
	line=$(grep -E "burn +\[\.\] middle$" out) &&
	delta=$(echo "$line" | awk "{print \$2}") &&
	awk -v o="${old%\%}" -v n="${new%\%}" -v d="${delta%\%}" "BEGIN {
		x = n - o - d; exit !(x < 0.016 && x > -0.016) }"
'

test_expect_success 'a file against itself: every change +0.00%, nothing unpaired' '
	pm diff new.data new.data >self 2>/dev/null &&
	grep "%" self | grep -v "^#" >rows &&
	test -s rows && ! grep -v "+0\.00%" rows && ! grep -q "^          " rows
'

test_expect_success '-b: only what both have; -c ratio: N/A where the baseline lacks it' '
	pm diff -b old.data new.data >b 2>/dev/null && ! grep -Eq "  other +\[\.\] middle$" b &&
	pm diff -c ratio old.data new.data >r 2>/dev/null &&
	test_grep "^ +N/A  other +\[\.\] middle$" r &&
	test_grep "^# Baseline +Ratio  Shared Object" r
'

test_expect_success 'a fixture from another machine as the baseline: paired by names' '
	pm diff "$PD/perf.data.callgraph-3.8" "$PD/perf.data.callgraph-3.8" >fx 2>/dev/null &&
	test_grep "swapper|chrome|kernel" fx
'

test_expect_success 'bad requests: one message naming the cause, a non-zero status' '
	test_expect_code 129 pm diff -c nosuch old.data new.data 2>err &&
	test_grep "^perf-mini diff: -c .nosuch. is not a computation" err && test_grep "^hint: " err &&
	test_expect_code 129 pm diff -c wdiff:1 old.data new.data 2>err &&
	test_grep "wdiff takes two non-zero weights" err &&
	test_expect_code 129 pm diff old.data new.data new.data 2>err &&
	test_grep "more than two files" err &&
	test_expect_code 129 pm diff -t, old.data new.data 2>err && test_grep "^hint: " err &&
	test_expect_code 255 pm diff old.data missing.data 2>err &&
	test_grep "cannot open missing.data" err &&
	test_expect_code 129 pm diff --sort nosuch old.data new.data 2>err &&
	test_grep "nosuch" err &&
	test_expect_code 129 pm diff --nosuch 2>err && test_grep "nosuch" err
'

test_done
