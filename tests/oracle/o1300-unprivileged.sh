#!/bin/sh
test_description='oracle: as a normal user, the attrs tried and the names given are perf'"'"'s'
. "$(dirname "$0")/../cli/test-lib.sh"

EXTRACT="$ROOT/tests/oracle/attr-extract.sh"

if ! test_have_prereq PERF,NORMAL_USER; then
	test_skip "unprivileged oracle" "needs Linux perf, and setpriv when run as root"
	test_done; exit $?
fi
paranoid=$(cat /proc/sys/kernel/perf_event_paranoid 2>/dev/null || echo 2)
if [ "$paranoid" -lt 2 ]; then
	test_skip "unprivileged oracle" "kernel.perf_event_paranoid is $paranoid: nothing is refused"
	test_done; exit $?
fi

# every attr each tool tries (the refused one, then the user-space one)
attrs() {
	sh "$EXTRACT" | grep -v ';sample_type=0;' | sort -u
}

for opts in "record -e cpu-clock" "record -e cpu-clock,page-faults" "record -e task-clock:p" \
	    "stat -e task-clock" "stat -e cpu-clock,cs"; do
	test_expect_success "$opts as a normal user: the attrs perf tries" "
		as_user perf $opts -vv -o perf.data -- true 2>perf.err >/dev/null;
		as_user '$PERF_MINI' $opts -vv -o pm.data -- true 2>pm.err >/dev/null;
		attrs <perf.err >perf.attr && attrs <pm.err >pm.attr &&
		test \$(wc -l <perf.attr) -ge 2 && test_cmp perf.attr pm.attr
	"
done

# The workload's DSO only: perf as nobody (no writable ~/.debug) leaves the
# vDSO's symbols unresolved
test_expect_success 'perf reads a normal user'"'"'s recording: the same event name and table' '
	as_user "$PERF_MINI" record -q -e cpu-clock -o user.data -- "$WL/spin" 200 &&
	as_user perf report --stdio --dso spin -i user.data 2>/dev/null |
		sh "$ROOT/tests/helpers/drop-perf-tip.sh" >perf.txt &&
	as_user "$PERF_MINI" report --stdio --dso spin -i user.data >pm.txt &&
	test_cmp perf.txt pm.txt &&
	test_grep "of event .cpu-clock:u." pm.txt
'

# as perf: root reads no recording a normal user owns, unless told to (-f)
test_expect_success ROOT 'a recording another user owns: refused in perf'"'"'s words; -f reads it' '
	{ perf report --stdio -i user.data >/dev/null 2>perf.err; test $? -ne 0; } &&
	test_must_fail pm report --stdio -i user.data >/dev/null 2>pm.err &&
	sed "s/^perf-mini report: //" pm.err >pm.msg && test_cmp perf.err pm.msg &&
	test_must_fail pm script -i user.data >/dev/null 2>pm.err &&
	test_grep "^perf-mini script: File user.data not owned by current user or root \(use -f to override\)$" pm.err &&
	perf report --stdio -f --dso spin -i user.data 2>/dev/null |
		sh "$ROOT/tests/helpers/drop-perf-tip.sh" >perf.txt &&
	pm report --stdio -f --dso spin -i user.data >pm.txt && test_cmp perf.txt pm.txt &&
	pm script -f -i user.data >/dev/null
'

test_done
