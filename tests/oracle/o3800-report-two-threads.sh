#!/bin/sh
test_description='oracle: reports of thousands of entries, made on two threads, are perf'"'"'s and one thread'"'"'s'
. "$(dirname "$0")/../cli/test-lib.sh"

# A memory report makes an entry of nearly every sample. Past a few
# thousand entries perf-mini folds them on a second thread, sorts and
# sizes them in two halves and prints its rows in blocks on two threads:
# the output must not change with any of it. taskset -c 0 leaves one CPU,
# where one thread does it all (script's second thread runs there too).
gen=$BUILD/gen-perf-data

one_cpu_same() {
	pm report --stdio "$@" >two.txt &&
	taskset -c 0 "$PERF_MINI" report --stdio "$@" >one.txt &&
	test $(wc -l <two.txt) -gt 5000 && test_cmp one.txt two.txt
}

same_report() {
	perf report --stdio "$@" 2>/dev/null | sh "$ROOT/tests/helpers/drop-perf-tip.sh" >perf.txt &&
	pm report --stdio "$@" >pm.txt && test_cmp perf.txt pm.txt
}

test_expect_success 'setup: 20000 generated memory samples, and 20000 plain ones' '
	"$gen" mem.data 20000 -d >/dev/null && "$gen" flat.data 20000 >/dev/null
'

test_expect_success '--mem-mode: on one CPU as on two' '
	one_cpu_same -i mem.data --mem-mode
'

test_expect_success '--mem-mode -t ,: each row its separators, on one CPU as on two' '
	one_cpu_same -i mem.data --mem-mode -t ,
'

test_expect_success '--sort sym,addr (thousands of entries, no memory): on one CPU as on two' '
	one_cpu_same -i flat.data --sort sym,addr
'

test_expect_success PERF '--mem-mode: perf'"'"'s table, row for row' '
	same_report -i mem.data --mem-mode
'

test_expect_success PERF '--mem-mode with -t , and with --percent-limit: perf'"'"'s' '
	same_report -i mem.data --mem-mode -t , &&
	same_report -i mem.data --mem-mode --percent-limit 0.005
'

test_expect_success PERF '--mem-mode --sort mem,sym,dcacheline: perf'"'"'s' '
	same_report -i mem.data --mem-mode --sort mem,sym,dcacheline
'

test_expect_success PERF '--sort sym,addr and pid,sym on thousands of entries: perf'"'"'s' '
	same_report -i flat.data --sort sym,addr &&
	same_report -i flat.data --sort pid,sym
'

# script's reading thread formats the middle of each line (pid to event
# name) while the printing thread is behind, only the cpu and time
# otherwise: which one did it must not show, on two CPUs or one.
test_expect_success PERF 'script of 20000 samples: perf'"'"'s lines, on two CPUs and on one' '
	perf script -i flat.data >perf.txt 2>/dev/null &&
	pm script -i flat.data >two.txt && test_cmp perf.txt two.txt &&
	taskset -c 0 "$PERF_MINI" script -i flat.data >one.txt && test_cmp perf.txt one.txt &&
	perf script -i mem.data >perf.txt 2>/dev/null &&
	pm script -i mem.data >two.txt &&
	test_cmp perf.txt two.txt
'

test_done
