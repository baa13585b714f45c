#!/bin/sh
test_description='oracle: diff prints the table perf diff prints'
. "$(dirname "$0")/../cli/test-lib.sh"

if ! command -v perf >/dev/null 2>&1; then
	test_skip "diff oracle" "Linux perf is not installed"
	test_done; exit $?
fi

# same_diff [OPTIONS] OLD NEW: both tools' tables, equal
same_diff() {
	perf diff "$@" 2>/dev/null >perf.txt &&
	pm diff "$@" 2>err >pm.txt &&
	test -s pm.txt && test_cmp perf.txt pm.txt
}

# The baseline burns in middle() alone; the new run burns half as long,
# then spins in another program: middle shrinks, spin's main appears,
# and each run's loader and kernel entries come and go.
test_expect_success 'setup: recordings by perf-mini and by perf, one change apart' '
	pm record -q -e cpu-clock -c 250000 -o old.data -- "$WL/burn" 300 >/dev/null 2>&1 &&
	pm record -q -e cpu-clock -c 250000 -o new.data -- \
		sh -c "\"$WL/burn\" 150; \"$WL/spin\" 150" >/dev/null 2>&1 &&
	perf record -q -e cpu-clock -c 250000 -o pold.data -- "$WL/burn" 300 >/dev/null 2>&1 &&
	perf record -q -e cpu-clock -c 250000 -o pnew.data -- \
		sh -c "\"$WL/burn\" 150; \"$WL/spin\" 150" >/dev/null 2>&1
'

for opts in "" "-c delta" "-c delta-abs" "-c ratio" "-c wdiff:1,2" "-p" "-F" "-b" \
	    "-F -c ratio" "-p -c delta" "-s comm,dso" "-s sym" "--dsos burn,spin"; do
	test_expect_success "diff ${opts:-(default)}: as perf, on perf-mini's files" "
		same_diff $opts old.data new.data
	"
done

test_expect_success 'on perf s files, and one of each tool' '
	same_diff pold.data pnew.data && same_diff -c ratio pold.data new.data
'

# perf's default event is named cpu-clock:pppH (or cycles:P) in its file,
# perf-mini's cpu-clock (cycles): perf pairs them by type and config
# each tool's default event (the same name now, perf's: cpu-clock:ppp
# where there are no cycles), and an explicit cpu-clock beside it: paired
# by type and config, as perf pairs them, not by name
test_expect_success 'default events of each tool: paired as perf pairs them, not by name' '
	perf record -q -c 250000 -o pdef.data -- "$WL/burn" 300 >/dev/null 2>&1 &&
	pm record -q -c 250000 -o def.data -- "$WL/burn" 150 >/dev/null 2>&1 &&
	test "$(perf evlist -i pdef.data)" = "$(perf evlist -i def.data)" &&
	same_diff pdef.data def.data &&
	pm record -q -c 250000 -e cpu-clock -o exp.data -- "$WL/burn" 150 >/dev/null 2>&1 &&
	test "$(perf evlist -i pdef.data)" != "$(perf evlist -i exp.data)" &&
	same_diff pdef.data exp.data
'

test_expect_success 'no event in common: the cause named, exit 255' '
	pm record -q -e page-faults -o pf.data -- "$WL/touch-pages" 100 >/dev/null 2>&1 &&
	test_expect_code 255 pm diff old.data pf.data >out 2>err &&
	! test -s out &&
	test_grep "no event of old.data \(cpu-clock(:u)?\) is in pf.data \(page-faults(:u)?\)" err &&
	test_grep "^hint: events pair by type and config" err
'

test_expect_success 'the new run against itself: every change +0.00%, nothing unpaired' '
	same_diff new.data new.data && ! grep -q "^          " pm.txt
'

test_expect_success 'no file named: perf.data.old against perf.data; one: perf.data.old against it' '
	cp old.data perf.data.old && cp new.data perf.data &&
	pm diff >a.txt 2>/dev/null && pm diff old.data new.data >b.txt 2>/dev/null &&
	test_cmp b.txt a.txt && pm diff new.data >c.txt 2>/dev/null && test_cmp b.txt c.txt
'

test_done
