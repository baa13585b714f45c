#!/bin/sh
test_description='lost events: record counts and writes them, report and script show them as perf'
. "$(dirname "$0")/test-lib.sh"

PD="$TEST_DATA/perfdata"

# A sample with a 64 KB stack copy cannot fit in an 8-page (32 KB) ring
# buffer: the kernel drops every one, whatever the machine's speed.
test_expect_success 'setup: a recording that loses every sample (dwarf stacks larger than the buffer)' '
	pm record -e cpu-clock -c 10000 -m 8 --call-graph dwarf,65528 -o lost.data -- \
		"$WL/spin" 50 2>rec.err &&
	test_grep "^Lost [0-9]+ events in [0-9]+ chunks, [1-9][0-9]* samples dropped: the ring buffer was full" rec.err &&
	test_grep "^hint: a bigger buffer" rec.err
'

test_expect_success 'record asks the kernel to count dropped samples (read_format LOST, as perf 6.1)' '
	pm record -vv -e cpu-clock -o rf.data -- true 2>err &&
	test_grep "read_format +ID\|LOST$" err
'

lost_samples() {
	sed -n "s/^# Total Lost Samples: //p" "$1"
}

test_expect_success 'report: perf'"'"'s warnings on stderr (lost chunks, lost samples, no samples)' '
	pm report --stdio -i lost.data >out 2>err &&
	test_grep "^Processed [0-9]+ events and lost [0-9]+ chunks!$" err &&
	test_grep "^Check IO/CPU overload!$" err &&
	test_grep "^Processed [1-9][0-9]* samples and lost 100.00%!$" err &&
	test $(grep -c "^Warning:$" err) -eq 2 &&
	test_grep "^The lost.data data has no samples!$" err && test $(wc -l <out) -eq 2
'

test_expect_success 'script and report -D warn the same way; -D shows each LOST_SAMPLES record' '
	pm script -i lost.data >/dev/null 2>err &&
	test_grep "^Processed [0-9]+ events and lost [0-9]+ chunks!$" err &&
	pm report -D -i lost.data >out 2>err &&
	test_grep "PERF_RECORD_LOST_SAMPLES: id:[0-9]+: lost samples :[1-9]" out &&
	test_grep "PERF_RECORD_LOST: id:[0-9]+: lost:[1-9]" out &&
	test_grep "^Check IO/CPU overload!$" err
'

test_expect_success 'report --stats counts without the warnings, as perf' '
	pm report --stats -i lost.data >out 2>err &&
	test_grep "LOST events:" out && ! test_grep "Check IO" err 2>/dev/null
'

test_expect_success 'a few lost samples (under 5%): counted, no warning (perf 4.4 fixtures)' '
	for f in perf.data.lost_samples-4.4 perf.data.piped.lost_samples-4.4; do
		pm report --stdio -i "$PD/$f" --kallsyms /dev/null >out 2>err &&
		test "$(lost_samples out)" = 2 && ! grep -q "^Warning:" err || return 1
	done
'

test_done
