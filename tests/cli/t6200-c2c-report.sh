#!/bin/sh
test_description='c2c: record the memory events of both kinds, and report --stats as perf c2c counts them (loads and stores by where they were served, the cache lines another core had modified)'
. "$(dirname "$0")/test-lib.sh"

PD="$TEST_DATA/perfdata"

sim() {
	PERF_MINI_SYSFS="$SYSFS/icelake" pm_sim "$@"
}

# the stepped simulator traces the workload, which a machine may refuse;
# c2c records physical addresses, which only a privileged user may
sim record -q -d -e cpu/mem-loads,ldlat=3/P -o probe.data -- true 2>probe.err
grep -q "cannot trace" probe.err || prereqs="$prereqs PTRACE"
if sim c2c record -o probe2.data -- true >/dev/null 2>probe2.err; then
	prereqs="$prereqs PHYS"
else
	test_skip "c2c record" "physical addresses (--phys-data) need CAP_PERFMON or root: $(grep -m1 . probe2.err)"
fi

# same_stats FILE [OPTIONS]: perf c2c report --stats's three tables
same_stats() {
	file=$1; shift
	perf c2c report --stats "$@" -i "$file" >perf.txt 2>/dev/null &&
	pm c2c report --stats "$@" -i "$file" >pm.txt &&
	test_cmp perf.txt pm.txt
}

test_expect_success PERF 'report --stats of real recordings with data sources: perf'"'"'s counts' '
	for f in perf.data.weight_struct perf.data.branch_stack_spec; do
		same_stats "$PD/$f" || return 1
	done &&
	test_grep "^  Total records  +: +[1-9]" pm.txt
'

# c2c record: mem record's events, both kinds, with physical addresses
test_expect_success PTRACE,PHYS 'c2c record: loads and stores, physical addresses, CPUs' '
	sim c2c record -o c2c.data -- "$WL/arrays" 20 share >line 2>err &&
	pm evlist -v -i c2c.data >events &&
	test_grep "^cpu/mem-loads,ldlat=30/P: " events && test_grep "^cpu/mem-stores/P: " events &&
	test_grep "PHYS_ADDR" events && test_grep "sample_type: [A-Z_|]*CPU" events &&
	pm c2c report --stats -i c2c.data >out &&
	test_grep "^  Events +: cpu/mem-loads,ldlat=30/P$" out &&
	test_grep "^ +: cpu/mem-stores/P$" out &&
	test_grep "^  Cachelines sort on +: Total HITMs$" out
'

# "arrays M share": two threads add to two longs of one cache line, whose
# loads the simulated PMU finds modified in the other's core (HITM): the
# loads event alone, as t6120 records it, for samples enough on a busy
# machine (two events share the stepper's windows)
test_expect_success PTRACE 'report --stats of false sharing: HITMs on the shared line' '
	sim record -q -d -W -e cpu/mem-loads,ldlat=30/P -o fs.data -- "$WL/arrays" 300 share >line &&
	pm c2c report --stats -i fs.data >out &&
	test_grep "^  Total Shared Cache Lines +: +[1-9]" out &&
	test_grep "^  Load Local HITM +: +[1-9]" out
'

test_expect_success PTRACE,PERF 'the same as perf c2c report --stats, with -d and -c too' '
	same_stats fs.data &&
	same_stats fs.data -d lcl &&
	same_stats fs.data -d rmt -c pid,iaddr &&
	same_stats fs.data -c dso
'

test_expect_success 'errors: a bad -d or -c, no --stats yet, no file, no subcommand' '
	test_expect_code 129 pm c2c report --stats -d nosuch -i "$PD/perf.data.weight_struct" 2>err &&
	test_grep "unknown display mode" err &&
	test_expect_code 129 pm c2c report --stats -c nosuch -i "$PD/perf.data.weight_struct" 2>err &&
	test_grep "unknown field .nosuch." err &&
	test_expect_code 255 pm c2c report -i "$PD/perf.data.weight_struct" 2>err &&
	test_grep "hint: perf-mini c2c report --stats" err &&
	test_expect_code 255 pm c2c report --stats -i nosuch.data 2>err &&
	test_grep "nosuch.data" err &&
	test_expect_code 129 pm c2c 2>err && test_grep "record or report" err &&
	test_expect_code 129 pm c2c frobnicate 2>err && test_grep "not a c2c command" err
'

test_done
