#!/bin/sh
test_description='evlist and buildid-list: what a perf.data holds, as perf evlist and perf buildid-list print it'
. "$(dirname "$0")/test-lib.sh"

EXP="$ROOT/tests/expected/evlist"
PD="$TEST_DATA/perfdata"

# perf's outputs on every fixture (tests/expected/evlist/regen.sh)
for exp in "$EXP"/perf.data.*.txt; do
	name=$(basename "$exp" .txt)
	file=${name%.*}
	what=${name##*.}
	case $what in
	plain) opts= ;;
	trace-fields) opts=--trace-fields ;;
	buildid|buildid-H) continue ;;
	*) opts=-$what ;;
	esac
	test_expect_success "evlist $opts on $file equals perf evlist" "
		pm evlist $opts -i '$PD/$file' >out 2>err &&
		test_cmp '$exp' out
	"
done

for exp in "$EXP"/perf.data.*.buildid.txt; do
	file=$(basename "$exp" .buildid.txt)
	test_expect_success "buildid-list on $file equals perf buildid-list" "
		pm buildid-list -i '$PD/$file' >out &&
		test_cmp '$exp' out
	"
done

for exp in "$EXP"/perf.data.*.buildid-H.txt; do
	file=$(basename "$exp" .buildid-H.txt)
	test_expect_success "buildid-list -H on $file equals perf buildid-list -H (DSOs samples hit)" "
		pm buildid-list -H -i '$PD/$file' >out &&
		test_cmp '$exp' out
	"
done

test_expect_success 'evlist reads a file from stdin, and a cut stream to its last whole record' '
	pm evlist -g -i - <"$PD/perf.data.group_desc-4.14" >out &&
	test_cmp "$EXP/perf.data.group_desc-4.14.g.txt" out &&
	pm evlist -F -i "$PD/perf.data.piped.corrupted.zero_size_sample-3.2" >out 2>err &&
	test_grep "^cycles: sample_freq=1000$" out &&
	test_grep "warning: .*record at offset 0xbfd0 has size 0" err
'

test_expect_success 'evlist on a recording made here: names, -F, --trace-fields of tracepoints' '
	pm record -q -o rec.data -e task-clock -c 100000 -- true 2>/dev/null &&
	pm evlist -F -i rec.data >out &&
	test_grep "^task-clock(:u)?: sample_period=100000$" out &&
	pm evlist --trace-fields -i rec.data >out &&
	test_grep "^task-clock(:u)?: \\(not a tracepoint\\)$" out
'

test_expect_success TRACEFS 'evlist --trace-fields names a tracepoint fields' '
	pm record -q -o tp.data -e sched:sched_process_exec -- true 2>/dev/null &&
	pm evlist --trace-fields -i tp.data >out &&
	test_grep "^sched:sched_process_exec: trace_fields: filename,pid,old_pid$" out &&
	! grep -q "Tip" out &&
	for opts in "" -v -F -g; do
		pm evlist $opts -i tp.data >out &&
		test "$(tail -1 out)" = "# Tip: use '"'"'perf evlist --trace-fields'"'"' to show fields for tracepoint events" ||
		{ echo "evlist $opts: no tip"; return 1; }
	done
'

test_expect_success 'evlist -g with -v/-F/--trace-fields, or an argument: usage errors (129)' '
	test_expect_code 129 pm evlist -g -v -i "$PD/perf.data.group_desc-4.14" 2>err &&
	test_grep "does not combine" err &&
	test_expect_code 129 pm evlist file 2>err &&
	test_grep "hint: name the file with -i FILE" err
'

test_expect_success 'evlist and buildid-list on a missing or foreign file: the cause, exit 255' '
	test_expect_code 255 pm evlist -i nosuch.data 2>err &&
	test_grep "cannot open nosuch.data" err &&
	test_expect_code 255 pm buildid-list -i "$PD/README.md" 2>err &&
	test_grep "not a perf.data file" err &&
	test_expect_code 255 pm buildid-list -i "$PD/perf.data.piped.corrupted.zero_size_sample-3.2" \
		2>err &&
	test_grep "record at offset 0xbfd0 has size 0" err
'

test_expect_success 'buildid-list -m (modules) is refused with the cause, not faked' '
	test_expect_code 255 pm buildid-list -m 2>err &&
	test_grep "not done yet" err
'

# exit 0 or 1 with a message, never a signal or a hang (timeout: 124)
survives() {
	rc=0
	timeout 20 "$PERF_MINI" "$@" >/dev/null 2>err || rc=$?
	[ $rc = 0 ] || [ $rc = 255 ] || { echo "$* exited $rc"; cat err; return 1; }
	[ $rc = 0 ] || test -s err
}

test_expect_success 'hostile input: /dev/zero, a stream of zeros, files cut anywhere, fuzz seeds' '
	test_expect_code 255 timeout 20 "$PERF_MINI" evlist -i /dev/zero 2>err &&
	test_grep "not a perf.data file" err &&
	(printf PERFILE2; head -c 100000 /dev/zero) | survives evlist -i - &&
	pm record -q -e cpu-clock -c 100000 -o full.data -- "$WL/spin" 100 2>/dev/null &&
	n=$(wc -c <full.data) &&
	for at in 8 16 100 200 1000 $((n / 2)) $((n - 100)) $((n - 1)); do
		head -c $at full.data >cut.data &&
		survives evlist -v --trace-fields -i cut.data &&
		survives evlist -g -i cut.data &&
		survives buildid-list -i cut.data || exit 1
	done &&
	for f in "$TEST_DATA"/fuzz-seeds/*.data; do
		survives evlist -v -i "$f" && survives buildid-list -i "$f" || exit 1
	done
'

test_expect_success 'buildid-list -k: the running kernel build-id (/sys/kernel/notes)' '
	if test -r /sys/kernel/notes; then
		pm buildid-list -k >out &&
		test_grep "^[0-9a-f]{40}$" out &&
		if command -v perf >/dev/null; then perf buildid-list -k >perf.out && test_cmp perf.out out; fi
	else
		test_expect_code 255 pm buildid-list -k 2>err && test_grep "notes" err
	fi
'

# 50 page faults in touch-pages' own code: samples there on any load (a
# millisecond of spin could end before a cpu-clock sample fell in it)
test_expect_success 'a recording made here lists its DSOs with their build-ids' '
	pm record -q -e page-faults -c 1 -o own.data -- "$WL/touch-pages" 50 2>/dev/null &&
	pm buildid-list -i own.data >out &&
	test_grep "^[0-9a-f]+ .*/touch-pages$" out &&
	pm buildid-list -H -i own.data >hits &&
	test_grep "^[0-9a-f]+ .*/touch-pages$" hits &&
	pm record -q -e page-faults -c 1 -o - -- "$WL/touch-pages" 50 2>/dev/null |
		pm buildid-list -i - >pipe &&
	test_grep "^ {41}.*/touch-pages$" pipe
'

test_done
