#!/bin/sh
test_description='oracle: symbols and unresolved addresses mixed, in the rows and order perf gives'
. "$(dirname "$0")/../cli/test-lib.sh"

if ! command -v perf >/dev/null 2>&1; then
	test_skip "unresolved-order oracle" "Linux perf is not installed"
	test_done; exit $?
fi

# Sorted by symbol without the object, perf compares two unresolved
# addresses by address and an unresolved one with a symbol by object
# first: not a total order, so its rows follow the order its tree took
# the samples in. gen-unresolved writes samples of JIT symbols and of
# unresolved addresses in several objects, shuffled by a seed.
map_pid=$((4100000 + $$ % 90000))
map=/tmp/perf-$map_pid.map

same_report() {
	file=$1; shift
	perf report --stdio -i "$file" "$@" 2>/dev/null |
		sh "$ROOT/tests/helpers/drop-perf-tip.sh" >perf.txt &&
	pm report --stdio -i "$file" "$@" >pm.txt && test_cmp perf.txt pm.txt
}

same_diff() {
	perf diff "$@" 2>/dev/null >perf.txt &&
	pm diff "$@" >pm.txt && test -s pm.txt && test_cmp perf.txt pm.txt
}

test_expect_success 'setup: five shuffles of the same samples, the JIT symbols in a perf map' '
	printf "7f0000000100 80 jit_a\n7f0000000180 80 jit_b\n7f0000000200 80 jit_c\n" >"$map" &&
	for seed in 1 2 3 4 5; do
		"$BUILD/test-tool" gen-unresolved u$seed.data $map_pid $seed || return 1
	done
'

test_expect_success 'report -s sym, --sort pid,sym, -s comm,sym: rows in perf order, every shuffle' '
	for seed in 1 2 3 4 5; do
		same_report u$seed.data -s sym &&
		same_report u$seed.data --sort pid,sym -n &&
		same_report u$seed.data -s comm,sym || return 1
	done &&
	test "$(grep -c "\[\.\] 0x" pm.txt)" -eq 52
'

test_expect_success 'unresolved addresses in one object (a total order, sorted without perf'"'"'s tree): as perf' '
	for seed in 6 7 8; do
		"$BUILD/test-tool" gen-unresolved one$seed.data $map_pid $seed one &&
		same_report one$seed.data -s sym &&
		same_report one$seed.data --sort pid,sym -n || return 1
	done &&
	test "$(grep -c "\[\.\] 0x" pm.txt)" -eq 52
'

test_expect_success 'report with the object among the keys: as perf' '
	same_report u1.data -s sym,dso && same_report u2.data -s dso,sym
'

test_expect_success 'diff: unresolved addresses are one row per object, as perf pairs them' '
	same_diff u1.data u2.data &&
	test "$(grep -c "\[\.\] 0x" pm.txt)" -eq 4 &&
	same_diff -c ratio u3.data u4.data && same_diff -b u5.data u1.data
'

test_expect_success 'diff -s sym: every unresolved address in one row, as perf' '
	same_diff -s sym u2.data u3.data &&
	test "$(grep -c "\[\.\] 0x" pm.txt)" -eq 1 &&
	same_diff -s comm,sym u4.data u5.data
'

test_expect_success 'cleanup: the perf map' '
	rm -f "$map"
'

test_done
