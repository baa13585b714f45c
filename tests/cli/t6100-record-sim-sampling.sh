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
	pm report --header-only -f -i jn.data >jn.hdr &&
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

# Sapphire Rapids loads need mem-loads-aux to lead their group; the
# reports undo that group (perf's evlist__check_mem_load_aux), the aux
# event carrying no memory data.
test_expect_success PERF 'mem record on a simulated Sapphire Rapids: the mem-loads-aux group, reported as perf' '
	PERF_MINI_SYSFS="$SYSFS/sapphire_rapids" PERF_MINI_SIM_PROFILE="$TRASH/sim.profile" \
		pm_sim mem record -o spr.data -- "$WL/spin" 200 2>rec.err &&
	pm report --header-only -i spr.data >hdr &&
	test_grep "name = cpu/mem-loads-aux/" hdr &&
	test_grep "group: \{cpu/mem-loads-aux/u?,cpu/mem-loads,ldlat=30/u?\}" hdr &&
	pm mem report --stdio -i spr.data >pm.m &&
	! grep -q "anon group" pm.m &&
	perf mem report --stdio -i spr.data 2>/dev/null |
		sh "$ROOT/tests/helpers/drop-perf-tip.sh" >perf.m &&
	test_cmp perf.m pm.m &&
	same_report spr.data --group
'

# A described POWER9: the kernel derives data_src from SIER's LDST field
# (arch/powerpc's mapping, the POWER8 patch's table); the simulator gives
# marked loads from each level in turn, and a store.
test_expect_success 'mem record on a simulated POWER9: data_src from SIER, each level named' '
	PERF_MINI_SYSFS="$SYSFS/power9" pm_sim mem record -o p9.data -- "$WL/spin" 100 2>rec.err &&
	pm script -i p9.data -F data_src >ds &&
	test_grep "^ +442 \|OP LOAD\|LVL L2 hit\|" ds &&
	test_grep "Remote Cache \(2 hops\) hit" ds &&
	test_grep "^ +184 \|OP STORE\|LVL L1 miss\|" ds &&
	pm mem report --stdio --sort mem -i p9.data >pm.m &&
	test_grep "Local RAM hit" pm.m
'

test_expect_success PERF 'POWER9 memory samples: perf mem report and script read them the same' '
	perf mem report --stdio --sort mem -i p9.data 2>/dev/null |
		sh "$ROOT/tests/helpers/drop-perf-tip.sh" >perf.m &&
	test_cmp perf.m pm.m &&
	perf script -i p9.data -F ip,sym,data_src,addr >perf.s 2>/dev/null &&
	pm script -i p9.data -F ip,sym,data_src,addr >pm.s &&
	test_cmp perf.s pm.s
'

# Generic hardware events go to the described core PMU, as the kernel
# hands them to it; the default profile gives cycles and instructions.
test_expect_success 'record -e cycles -g on the simulated PMU: the generic event samples with callchains' '
	PERF_MINI_SYSFS="$ICL" pm_sim record -q -e cycles -g -o cg.data -- "$WL/spin" 200 &&
	pm report --header-only -i cg.data >hdr &&
	test_grep "name = cycles.*sample_type = IP[|]TID[|]TIME[|]CALLCHAIN" hdr &&
	pm report --stdio --no-children -i cg.data >rep &&
	test_grep "spin +spin +\[\.\] main" rep
'

test_expect_success PERF 'record -e cycles -g: perf reads it as perf-mini does' '
	same_report cg.data &&
	same_report cg.data --no-children -g caller
'

# :S: the leader samples, each sample carries the group counts, and the
# reader makes one sample per count that grew (its period the growth).
test_expect_success 'record {cycles,instructions}:S: samples read the group, members weigh their counts' '
	PERF_MINI_SYSFS="$ICL" pm_sim record -q -e "{cycles,instructions}:S" -o gs.data \
		-- "$WL/spin" 200 &&
	pm report --header-only -i gs.data >hdr &&
	test_grep "name = instructions.*sample_type = IP[|]TID[|]TIME[|]READ[|]ID[|]PERIOD, read_format = ID[|]GROUP[|]LOST" hdr &&
	pm script -i gs.data -F event,period >sr &&
	test_grep "^ *[1-9][0-9]* instructions: *$" sr &&
	pm report --stdio --group -i gs.data >rep &&
	test_grep "Samples: .* of events .anon group \{ cycles(:u)?, instructions(:u)? \}." rep
'

test_expect_success PERF 'record :S: perf reads the group samples as perf-mini does' '
	same_report gs.data &&
	same_report gs.data --group --sort comm,dso &&
	perf script -i gs.data >perf.s 2>/dev/null &&
	pm script -i gs.data >pm.s &&
	test_cmp perf.s pm.s
'

# perf dumps in time order, perf-mini in file order (the CPUs' rings
# interleave differently): the lines compared as sets.
test_expect_success PERF 'report -D: a sample read shown as perf shows it' '
	perf report -D -i gs.data 2>/dev/null | grep "^\.\.\.\.* \(sample_read\|group nr\|id \)" |
		sort >perf.d &&
	pm report -D -i gs.data | grep "^\.\.\.\.* \(sample_read\|group nr\|id \)" | sort >pm.d &&
	test -s pm.d &&
	test_cmp perf.d pm.d
'

# A PMU that takes less skid than asked (caps/max_precise, here the
# profile): :P finds the most it takes, too many p is refused.
test_expect_success 'precise levels: :P steps down to what the PMU takes, too many p refused with the reason' '
	printf "max-precise 1\n" >mp.profile &&
	PERF_MINI_SYSFS="$ICL" PERF_MINI_SIM_PROFILE="$TRASH/mp.profile" \
		pm_sim record -q -e cycles:P -o p.data -- "$WL/spin" 50 &&
	pm report --header-only -i p.data >hdr &&
	test_grep "name = cycles:P.* precise_ip = 1," hdr &&
	test_must_fail env PERF_MINI_SYSFS="$ICL" PERF_MINI_SIM_PROFILE="$TRASH/mp.profile" \
		"$PERF_MINI_SIM" record -q -e cycles:ppp -o p3.data -- "$WL/spin" 50 2>err &&
	test_grep "skid level 3" err && test_grep "^hint: use fewer" err &&
	! test -e p3.data
'

test_done
