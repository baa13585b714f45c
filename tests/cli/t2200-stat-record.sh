#!/bin/sh
test_description='stat record / stat report: counts in a perf.data, both ways with Linux perf'
. "$(dirname "$0")/test-lib.sh"

test_expect_success 'stat record writes the counts stat prints; stat report shows them again' '
	pm stat record -o s.data -e page-faults,task-clock,context-switches -- "$WL/spin" 50 \
		2>live && test -s s.data &&
	pm stat report -i s.data 2>out &&
	test_grep "^ Performance counter stats for .perf-mini stat record -o s.data -e page-faults" out &&
	grep -E "^ +[0-9.,]+ .*(page-faults|task-clock|context-switches)" live |
		cut -c1-60 >live.counts &&
	grep -E "^ +[0-9.,]+ .*(page-faults|task-clock|context-switches)" out |
		cut -c1-60 >out.counts && test -s out.counts &&
	test_cmp live.counts out.counts &&
	grep "seconds time elapsed" live >live.t && grep "seconds time elapsed" out >out.t &&
	test_cmp live.t out.t
'

test_expect_success 'stat record -I: the report repeats every interval, the last partial one too' '
	pm stat record -o i.data -e page-faults,task-clock -I 100 -- "$WL/spin" 350 2>live &&
	pm stat report -i i.data 2>out &&
	test $(grep -c "page-faults" out) -ge 3 &&
	grep "page-faults" live | cut -c1-45 >live.counts &&
	grep "page-faults" out | cut -c1-45 >out.counts &&
	test_cmp live.counts out.counts
'

test_expect_success 'an existing perf.data becomes perf.data.old' '
	echo old >perf.data &&
	pm stat record -e page-faults -- true 2>/dev/null &&
	test "$(cat perf.data.old)" = old && pm stat report 2>out && test_grep page-faults out
'

test_expect_success 'pmu-sim: stat record --topdown -I, the report shows the shares again' '
	PERF_MINI_SYSFS="$SYSFS/icelake" pm_sim stat record -o td.data --topdown -I 100 \
		--interval-count 2 -- "$WL/spin" 500 2>/dev/null &&
	pm stat report -i td.data 2>out &&
	test_grep "retiring +bad speculation +frontend bound +backend bound" out &&
	test $(grep -cE "^ +[0-9.]+ +0\\.4% +0\\.8% +0\\.4% +98\\.4%" out) -eq 2 &&
	pm stat report --no-metric-only -i td.data 2>out &&
	test_grep "topdown-be-bound +# +98\\.4% backend bound" out
'

test_expect_success 'stat report on a sample file: one error naming the fix' '
	test_expect_code 1 pm stat report -i "$TEST_DATA/perfdata/perf.data.singleprocess-3.8" 2>err &&
	test_grep "holds samples, not counts" err && test_grep "hint: read it with perf-mini report" err
'

test_expect_success 'stat report on a missing or truncated file: a clear error, no crash' '
	test_expect_code 1 pm stat report -i nosuch.data 2>err && test_grep "nosuch.data" err &&
	pm stat record -o t.data -e page-faults -- true 2>/dev/null &&
	head -c 300 t.data >trunc.data &&
	test_expect_code 1 pm stat report -i trunc.data 2>err && test -s err
'

test_expect_success 'stat record refuses -r and --append, and an unwritable -o' '
	test_expect_code 129 pm stat record -r 2 -o r.data -- true 2>err &&
	test_grep "counts one run" err &&
	test_expect_code 255 pm stat record -o /nonexistent/dir/x.data -- true 2>err &&
	test_grep "/nonexistent/dir/x.data" err && ! test -e /nonexistent/dir/x.data
'

if ! command -v perf >/dev/null 2>&1; then
	test_skip "stat record oracle" "Linux perf is not installed"
	test_done; exit $?
fi

# The same file through both reports: the outputs must be equal.
both_reports() {
	pm stat report -i "$1" >pm.out 2>&1 && perf stat report -i "$1" 2>&1 |
		grep -v "WARNING: No sample_id_all" >perf.out && test_cmp perf.out pm.out
}

for opts in "-e page-faults,task-clock,context-switches" "-e page-faults,task-clock -I 100" \
	    "-a -A -e cpu-clock,page-faults" "-a --per-core -e cpu-clock" \
	    "-a --per-die -e cpu-clock" "-a --per-node -e cpu-clock" "-a --per-socket -e cpu-clock"; do
	case "$opts" in -a*) need=SYSWIDE ;; *) need=PERF ;; esac
	test_expect_success $need "oracle: perf stat report reads perf-mini's file ($opts)" "
		pm stat record -o m.data $opts -- sleep 0.25 2>/dev/null && both_reports m.data
	"
	test_expect_success $need "oracle: perf-mini stat report reads perf's file ($opts)" "
		perf stat record -o p.data $opts -- sleep 0.25 2>/dev/null && both_reports p.data
	"
done

test_done
