#!/bin/sh
test_description='oracle: data convert --to-json writes the file perf data convert --to-json writes'
. "$(dirname "$0")/../cli/test-lib.sh"

if ! command -v perf >/dev/null 2>&1; then
	test_skip "data convert oracle" "Linux perf is not installed"
	test_done; exit $?
fi

PD="$TEST_DATA/perfdata"

# same_json FILE: both tools convert it, the files are equal byte for byte
same_json() {
	rm -f perf.json pm.json &&
	perf data convert --to-json perf.json -i "$1" >/dev/null 2>&1 &&
	pm data convert --to-json pm.json -i "$1" 2>err &&
	test_grep "Converted and wrote [0-9.]+ MB \([0-9]+ samples\)" err &&
	test_cmp perf.json pm.json
}

# The fixtures perf 6.1 converts: it crashes on pipes, on armv7 and on
# intel_pt; raw-3.4 has no CPUID and perf writes its own host's there
# (perf-mini leaves the key out); busy.5 is empty and refused by both.
for f in "$PD"/perf.data.*; do
	name=$(basename "$f")
	case "$name" in
	*piped*|*armv7*|*intel_pt*|*raw-3.4|*busy.5-3.8) continue ;;
	esac
	test_expect_success "data convert --to-json on $name equals perf" "same_json '$f'"
done

test_expect_success 'recordings made here: with -g, two events, and a clock (-k)' '
	perf record -q -g -o g.data -- "$WL/burn" 200 >/dev/null 2>&1 &&
	same_json g.data &&
	perf record -q -e cpu-clock,page-faults -o two.data -- "$WL/spin" 100 >/dev/null 2>&1 &&
	same_json two.data &&
	if perf record -q -k 1 -o clock.data -- true >/dev/null 2>&1; then
		same_json clock.data && test_grep "\"clock-time\": " pm.json
	fi
'

test_expect_success 'a C++ program: demangled symbols, as perf' '
	perf record -q -g -o cxx.data -- "$WL/shapes" 100 >/dev/null 2>&1 &&
	same_json cxx.data
'

test_done
