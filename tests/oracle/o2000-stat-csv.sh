#!/bin/sh
test_description='oracle: stat -x, fields and counts against Linux perf on the same workload'
. "$(dirname "$0")/../cli/test-lib.sh"

EVENTS=task-clock,page-faults,minor-faults,major-faults,context-switches,cpu-migrations

if ! command -v perf >/dev/null 2>&1; then
	test_skip "csv oracle" "Linux perf is not installed"
	test_done; exit $?
fi

perf stat -x, -e $EVENTS -- "$WL/touch-pages" 4000 2>perf.csv
pm stat -x, -e $EVENTS -- "$WL/touch-pages" 4000 2>pm.csv

test_expect_success 'same number of lines and fields per line' '
	test $(wc -l <perf.csv) -eq $(wc -l <pm.csv) &&
	awk -F, "{ print NF }" perf.csv >perf.nf &&
	awk -F, "{ print NF }" pm.csv >pm.nf &&
	test_cmp perf.nf pm.nf
'

test_expect_success 'same event names and units in the same order' '
	cut -d, -f2,3 perf.csv >perf.names &&
	cut -d, -f2,3 pm.csv >pm.names &&
	test_cmp perf.names pm.names
'

test_expect_success 'page-faults within 5% of perf' '
	a=$(awk -F, "\$3 == \"page-faults\" { print \$1 }" perf.csv) &&
	b=$(awk -F, "\$3 == \"page-faults\" { print \$1 }" pm.csv) &&
	awk -v a="$a" -v b="$b" "BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= a * 0.05) }"
'

# the prefix (K/sec, M/sec) follows each run's own rate: the unit is compared
test_expect_success 'same metric units' '
	cut -d, -f7 perf.csv | sed "s/^[KMG]\//\//" >perf.mu &&
	cut -d, -f7 pm.csv | sed "s/^[KMG]\//\//" >pm.mu &&
	test_cmp perf.mu pm.mu
'

test_expect_success 'the table layout has the same columns as perf' '
	perf stat -e $EVENTS -- "$WL/touch-pages" 100 2>perf.txt &&
	pm stat -e $EVENTS -- "$WL/touch-pages" 100 2>pm.all &&
	# perf and perf-mini say they fell back to user space only with -v
	grep -v "^Warning:$\|perf_event_paranoid" pm.all >pm.txt &&
	sed -n "4,9p" perf.txt | awk "{ print length(\$0), \$2, \$3 }" | sed "s/^[0-9]* \([0-9.]*\) /X /" >perf.cols &&
	sed -n "4,9p" pm.txt | awk "{ print length(\$0), \$2, \$3 }" | sed "s/^[0-9]* \([0-9.]*\) /X /" >pm.cols &&
	sed -n "4,9p" perf.txt | awk "{ print length(\$0) }" >perf.len &&
	sed -n "4,9p" pm.txt | awk "{ print length(\$0) }" >pm.len &&
	test_cmp perf.len pm.len
'

test_done
