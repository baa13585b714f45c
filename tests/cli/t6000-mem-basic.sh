#!/bin/sh
test_description='mem: memory access profiles (record and report), compared with perf mem'
. "$(dirname "$0")/test-lib.sh"

EXP="$ROOT/tests/expected/mem"
PD="$TEST_DATA/perfdata"
mkdir -p "$TRASH/symfs"

grep -v '^#' "$EXP/cases.txt" | while read -r file name opts; do
	[ -n "$file" ] || continue
	echo "$file $name $opts"
done >cases

while read -r file name opts; do
	case "$opts" in
	-D*) ropts= ;;
	*) ropts="--stdio --kallsyms /dev/null --symfs $TRASH/symfs" ;;
	esac
	test_expect_success "mem $opts report ($name) on $file equals perf mem" "
		pm mem $opts '$PD/$file' report $ropts >out &&
		test_cmp '$EXP/$file.$name.txt' out
	"
done <cases

test_expect_success 'mem report is report --mem-mode with a Samples column' '
	pm mem -i "$PD/perf.data.weight_struct" report --stdio >mem.out &&
	pm report --mem-mode -n -i "$PD/perf.data.weight_struct" --stdio >report.out &&
	test_cmp report.out mem.out &&
	pm mem -i "$PD/perf.data.weight_struct" rep --sort mem,snoop >mem.out &&
	test_grep "^# Sort order   : mem,snoop$" mem.out
'

test_expect_success 'mem options after report (perf mem report -D -i F), the rest to report' '
	pm mem report -D -i "$PD/perf.data.weight_struct" >out &&
	test_cmp "$EXP/perf.data.weight_struct.dump.txt" out &&
	pm mem report -t store --stdio --kallsyms /dev/null --symfs "$TRASH/symfs" \
		-i "$PD/perf.data.weight_struct" >out &&
	test_cmp "$EXP/perf.data.weight_struct.store.txt" out &&
	pm mem report -p --data-page-size -i "$PD/perf.data.synth-mem-branch" --stdio \
		--kallsyms /dev/null --symfs "$TRASH/symfs" >out &&
	test_cmp "$EXP/perf.data.synth-mem-branch.phys-page.txt" out
'

test_expect_success 'mem record -t load -p: mem options after record, as perf takes them' '
	PERF_MINI_SYSFS=$SYSFS/icelake test_expect_code 255 pm mem record -t load -p -v \
		-o m.data -- true 2>err &&
	test_grep "^calling: record -e cpu/mem-loads,ldlat=30/P $" err &&
	PERF_MINI_SYSFS=$SYSFS/icelake test_expect_code 255 pm mem record -t store -vv \
		--data-page-size -o m.data -- true 2>err &&
	test_grep "sample_type +IP\|TID\|TIME\|ADDR\|PERIOD\|DATA_SRC\|DATA_PAGE_SIZE$" err
'

test_expect_success 'mem -D -C: only the samples of those CPUs' '
	pm mem -D -C 0 -i "$PD/perf.data.weight_struct" report >out &&
	test $(grep -vc "^#" out) = 3 &&
	pm mem -D -C 0,28-30 -i "$PD/perf.data.weight_struct" report >out &&
	test $(grep -vc "^#" out) = 13 &&
	test_expect_code 255 pm mem -D -C x -i "$PD/perf.data.weight_struct" report 2>err &&
	test_grep "not a CPU list" err
'

test_expect_success 'mem without record or report: the fix, exit 129' '
	test_expect_code 129 pm mem 2>err && test_grep "record or report" err &&
	test_expect_code 129 pm mem bogus 2>err &&
	test_grep "mem: .bogus. is not a mem command" err && test_grep "^hint:" err
'

test_expect_success 'mem -t: an unknown operation is named, exit 129' '
	test_expect_code 129 pm mem -t loads report 2>err &&
	test_grep "unknown memory operation .loads." err && test_grep "^hint: -t load" err
'

test_expect_success 'mem -C report: report -C (perf ignores -C there)' '
	pm mem -C 0 -i "$PD/perf.data.weight_struct" report >out &&
	pm report --mem-mode -n -C 0 -i "$PD/perf.data.weight_struct" >exp &&
	test_cmp exp out && test_grep "^# Samples: 3  of event" out
'

test_expect_success 'mem report: -U and -x belong to -D (perf ignores them), exit 129' '
	test_expect_code 129 pm mem -U -i "$PD/perf.data.weight_struct" report >out 2>err &&
	! test -s out && test_grep "applies to raw samples only" err &&
	test_grep "hint: perf-mini mem report -D -U" err &&
	test_expect_code 129 pm mem -D -i "$PD/perf.data.weight_struct" report --stdio 2>err &&
	test_grep "takes no report options" err
'

test_expect_success 'mem report on a file without memory samples: one clear error, exit 255' '
	test_expect_code 255 pm mem -i "$PD/perf.data.singleprocess-3.8" report >out 2>err &&
	! test -s out && test_grep "has no memory samples" err &&
	test_expect_code 255 pm mem -i nonexistent.data report 2>err &&
	test_grep "nonexistent.data" err &&
	printf "not a perf.data file at all" >junk.data &&
	test_expect_code 255 pm mem report -D -i junk.data >out 2>err &&
	test_grep "not a perf.data file" err &&
	test_expect_code 255 pm mem report -D -i "$PD/perf.data.piped.corrupted.zero_size_sample-3.2" \
		>out 2>err && test_grep "has size 0" err
'

test_expect_success 'mem record without memory events (no PMU described): the cause, exit 1, no file' '
	mkdir -p nopmu/bus/event_source/devices &&
	PERF_MINI_SYSFS=$TRASH/nopmu test_expect_code 255 pm mem record -o m.data -- true 2>err &&
	test_grep "has no memory events" err && test_grep "^hint: .*-e list" err &&
	! test -e m.data &&
	PERF_MINI_SYSFS=$TRASH/nopmu pm mem record -e list 2>err &&
	test_grep "^ldlat-loads  : not available$" err
'

test_expect_success 'mem record on a described Ice Lake: loads and stores asked of the PMU (-vv)' '
	PERF_MINI_SYSFS=$SYSFS/icelake test_expect_code 255 pm mem record -vv -o m.data -- true 2>err &&
	test_grep "^calling: record -e cpu/mem-loads,ldlat=30/P -e cpu/mem-stores/P $" err &&
	test_grep "sample_type +IP\|TID\|TIME\|ADDR\|ID\|PERIOD\|DATA_SRC\|WEIGHT_STRUCT$" err &&
	test_grep "precise_ip +3$" err && test_grep "decreasing precise_ip by one \(0\)" err &&
	! test -e m.data
'

test_expect_success 'mem record on a described AMD Zen (IBS): one ibs_op event with weights, as perf' '
	PERF_MINI_SYSFS=$SYSFS/amd-zen3 test_expect_code 255 pm mem record -vv -o m.data -- true 2>err &&
	test_grep "^calling: record -e ibs_op// $" err &&
	test_grep "sample_type +IP\|TID\|TIME\|ADDR\|PERIOD\|DATA_SRC\|WEIGHT_STRUCT$" err &&
	PERF_MINI_SYSFS=$SYSFS/amd-zen3 test_expect_code 255 pm mem record -e mem-ldst -vv \
		-o m.data -- true 2>err &&
	test_grep "sample_type +IP\|TID\|TIME\|ADDR\|PERIOD\|DATA_SRC$" err &&
	PERF_MINI_SYSFS=$SYSFS/amd-zen3 pm mem record -e list 2>err &&
	test_grep "^mem-ldst     : available$" err && ! test -e m.data
'

test_expect_success 'mem record on IBS: -t load, -t store and the Intel names are refused, exit 129' '
	for t in load store; do
		PERF_MINI_SYSFS=$SYSFS/amd-zen3 test_expect_code 129 pm mem -t $t record \
			-- true 2>err &&
		test_grep "^perf-mini mem record: -t $t: AMD IBS samples loads and stores together" err &&
		test_grep "^hint: record both" err || return 1
	done &&
	PERF_MINI_SYSFS=$SYSFS/amd-zen3 test_expect_code 129 pm mem record -e ldlat-loads \
		-- true 2>err &&
	test_grep "ldlat-loads. is not a memory event of this machine" err &&
	test_grep "^hint: its memory events are mem-ldst" err &&
	PERF_MINI_SYSFS=$SYSFS/icelake test_expect_code 129 pm mem record -e mem-ldst \
		-- true 2>err &&
	test_grep "^hint: its memory events are ldlat-loads, ldlat-stores" err
'

# Other architectures' memory events, from their described PMUs (arch/):
# Arm's SPE (loads with a minimum latency, stores, or both by one event),
# POWER's marked loads and stores on the core PMU, as perf 6.1 names them.
test_expect_success 'mem record on a described Arm Neoverse (SPE): spe-load, spe-store, spe-ldst as perf' '
	ARM=$SYSFS/arm64-neoverse-n1 &&
	PERF_MINI_SYSFS=$ARM pm mem record -v -e list 2>err &&
	test_grep "^spe-load     arm_spe_0/ts_enable=1,pa_enable=1,load_filter=1,store_filter=0,min_latency=30/: available$" err &&
	test_grep "^spe-ldst " err &&
	PERF_MINI_SYSFS=$ARM test_expect_code 255 pm mem record -vv -o m.data -- true 2>err &&
	test_grep "^calling: record -e arm_spe_0/ts_enable=1,pa_enable=1,load_filter=1,store_filter=1,min_latency=30/ $" err &&
	test_grep "sample_type +IP\|TID\|TIME\|ADDR\|PERIOD\|DATA_SRC\|WEIGHT_STRUCT$" err &&
	PERF_MINI_SYSFS=$ARM test_expect_code 255 pm mem -t load record --ldlat 64 -v -o m.data \
		-- true 2>err &&
	test_grep "^calling: record -e arm_spe_0/.*load_filter=1,store_filter=0,min_latency=64/ $" err &&
	PERF_MINI_SYSFS=$ARM test_expect_code 255 pm mem -t store record -vv -o m.data -- true 2>err &&
	test_grep "^calling: record -e arm_spe_0/ts_enable=1,pa_enable=1,load_filter=0,store_filter=1/ $" err &&
	test_grep "sample_type +IP\|TID\|TIME\|ADDR\|PERIOD\|DATA_SRC$" err &&
	PERF_MINI_SYSFS=$ARM test_expect_code 129 pm mem record -e ldlat-loads -- true 2>err &&
	test_grep "^hint: its memory events are spe-load, spe-store, spe-ldst" err &&
	! test -e m.data
'

test_expect_success 'mem record on a described POWER9: cpu/mem-loads/ and cpu/mem-stores/ as perf' '
	PERF_MINI_SYSFS=$SYSFS/power9 pm mem record -e list 2>err &&
	test_grep "^ldlat-loads  : available$" err && test_grep "^ldlat-stores : available$" err &&
	PERF_MINI_SYSFS=$SYSFS/power9 test_expect_code 255 pm mem record -v -o m.data -- true 2>err &&
	test_grep "^calling: record -e cpu/mem-loads/ -e cpu/mem-stores/ $" err &&
	! test -e m.data
'

test_expect_success 'mem record: a bad -e or --ldlat is named, exit 129' '
	PERF_MINI_SYSFS=$SYSFS/icelake test_expect_code 129 pm mem record -e cycles -- true 2>err &&
	test_grep ".cycles. is not a memory event" err &&
	PERF_MINI_SYSFS=$SYSFS/icelake test_expect_code 129 pm mem record --ldlat 0 -- true 2>err &&
	test_grep "ldlat: .0. is not a latency" err &&
	PERF_MINI_SYSFS=$SYSFS/icelake test_expect_code 129 pm mem record --ldlat 2>err &&
	test_grep "ldlat needs a value" err
'

test_expect_success 'mem record -U with -K, and record --all-user with --all-kernel: refused' '
	PERF_MINI_SYSFS=$SYSFS/icelake test_expect_code 129 pm mem record -U -K -- true 2>err &&
	test_grep "cannot be used together" err &&
	test_expect_code 129 pm record --all-user --all-kernel -e cpu-clock -- true 2>err &&
	test_grep "cannot be used together" err
'

test_expect_success 'mem -h and mem record -h list the options' '
	test_expect_code 129 pm mem -h 2>out && test_grep "^ Usage: perf-mini mem \[<options>\] \{record\|report\}" out &&
	test_grep "dump-raw-samples" out &&
	test_expect_code 129 pm mem record -h 2>out && test_grep "\-\-ldlat <n>" out && test_grep "all-kernel" out
'

test_done
