#!/bin/sh
test_description='pmu-sim samples: record -b, -j, record -d and mem record run end to end on a simulated Ice Lake, and Linux perf reads the files as perf-mini does'
. "$(dirname "$0")/test-lib.sh"

# The simulated PMU's samples: the workload's IPs (a real cpu-clock twin),
# memory fields and branch stacks replayed from real recordings.
ICL="$SYSFS/icelake"
cat >sim.profile <<EOF
replay-mem $TEST_DATA/perfdata/perf.data.weight_struct
replay-branches $TEST_DATA/perfdata/perf.data.branch-4.14
EOF

sim() {
	PERF_MINI_SYSFS="$ICL" PERF_MINI_SIM_PROFILE="$TRASH/sim.profile" pm_sim "$@"
}

# perf and perf-mini on one file: the same table (perf's tip dropped).
same_report() {
	file=$1; shift
	perf report --stdio -i "$file" "$@" 2>/dev/null |
		sh "$ROOT/tests/helpers/drop-perf-tip.sh" >perf.txt &&
	pm report --stdio -i "$file" "$@" >pm.txt &&
	test_cmp perf.txt pm.txt
}

test_expect_success 'record -b on the simulated LBR: branch stacks in the samples, BRANCH_STACK in the header' '
	sim record -q -b -e cpu/cpu-cycles/ -o b.data -- "$WL/spin" 200 &&
	pm report --header-only -i b.data >hdr &&
	test_grep "sample_type = .*BRANCH_STACK" hdr &&
	test_grep "branch_sample_type = ANY" hdr &&
	pm script -i b.data -F ip,brstack >brs &&
	test_grep "^ *[0-9a-f]+ 0x[0-9a-f]+/0x[0-9a-f]+/[PM]/" brs &&
	pm report --stdio -i b.data >rep &&
	test_grep "Source Symbol +Target Symbol +Basic Block Cycles" rep
'

test_expect_success PERF 'record -b: perf reads the file as perf-mini does (branch mode, -F, script)' '
	same_report b.data &&
	same_report b.data -F overhead,sample,comm,dso_from,symbol_from,symbol_to,mispredict &&
	same_report b.data --no-branch-stack --sort comm,dso,sym &&
	perf script -i b.data -F ip,brstack >perf.brs 2>/dev/null &&
	pm script -i b.data -F ip,brstack >pm.brs &&
	test_cmp perf.brs pm.brs
'

test_expect_success 'record -j any,u: the kernel filter keeps user branches only' '
	sim record -q -j any,u -e cpu/cpu-cycles/u -o ju.data -- "$WL/spin" 100 &&
	pm script -i ju.data -F brstack >ju &&
	test -s ju &&
	! grep -q "0xffff" ju
'

test_expect_success NORMAL_USER 'record -b as a normal user: kernel branches refused (EACCES), user ones recorded' '
	chmod 644 sim.profile &&
	as_user env PERF_MINI_SYSFS="$ICL" PERF_MINI_SIM_PROFILE="$TRASH/sim.profile" \
		"$PERF_MINI_SIM" record -q -j any,k -e cpu/cpu-cycles/k -o "$TRASH/jk.data" \
		-- "$WL/spin" 50 2>err;
	if [ "$(id -u)" = 0 ] && [ "$(cat /proc/sys/kernel/perf_event_paranoid)" -gt 1 ]; then
		test_grep "ermission|rivileg|aranoid|EACCES" err
	fi &&
	as_user env PERF_MINI_SYSFS="$ICL" PERF_MINI_SIM_PROFILE="$TRASH/sim.profile" \
		"$PERF_MINI_SIM" record -q -j any,u -e cpu/cpu-cycles/u -o "$TRASH/jn.data" \
		-- "$WL/spin" 50 &&
	pm report --header-only -i jn.data >jn.hdr &&
	test_grep "branch_sample_type = USER[|]ANY" jn.hdr
'

test_expect_success 'record -d on mem-loads: data addresses, sources and weights in the samples' '
	sim record -q -d -W -e cpu/mem-loads,ldlat=30/P -o d.data -- "$WL/spin" 200 &&
	pm report --header-only -i d.data >hdr &&
	test_grep "sample_type = .*ADDR.*DATA_SRC" hdr &&
	pm report --stdio --mem-mode -i d.data >mem &&
	test_grep "L1 or L1 hit|LFB/MAB or LFB/MAB hit|L3 or L3 hit" mem
'

test_expect_success PERF 'record -d: perf reads it as perf-mini does (--mem-mode, script)' '
	same_report d.data --mem-mode &&
	same_report d.data --mem-mode --sort mem,snoop,tlb,sym &&
	perf script -i d.data -F ip,addr,data_src,weight >perf.d 2>/dev/null &&
	pm script -i d.data -F ip,addr,data_src,weight >pm.d &&
	test_cmp perf.d pm.d
'

test_expect_success 'mem record / mem report on the simulated PMU: the loads and stores events' '
	sim mem record -o m.data -- "$WL/spin" 200 2>rec.err &&
	pm report --header-only -i m.data >hdr &&
	test_grep "name = cpu/mem-loads,ldlat=30/P" hdr &&
	test_grep "name = cpu/mem-stores/P" hdr &&
	pm mem report --stdio -i m.data >mrep &&
	test_grep "Memory access" mrep
'

test_expect_success PERF 'mem report: perf mem report reads the file the same' '
	perf mem report --stdio -i m.data 2>/dev/null |
		sh "$ROOT/tests/helpers/drop-perf-tip.sh" >perf.m &&
	test_cmp perf.m mrep
'

test_done
