#!/bin/sh
test_description='stat --topdown: TopDown groups, ratios and outputs (described PMUs via pmu-sim)'
. "$(dirname "$0")/test-lib.sh"

ICL="$SYSFS/icelake"
SPR="$SYSFS/sapphire_rapids"

test_expect_success 'pmu-sim, icelake: --topdown -I prints the example shares each interval' '
	PERF_MINI_SYSFS="$ICL" pm_sim stat --topdown -I 100 --interval-count 3 \
		-- "$WL/spin" 1000 2>out &&
	test_grep "^# +time +retiring +bad speculation +frontend bound +backend bound" out &&
	test $(grep -cE "^ +[0-9.]+ +0\.4% +0\.8% +0\.4% +98\.4%" out) -eq 3 &&
	! grep -q "accuracy may decrease" out
'

test_expect_success 'pmu-sim, icelake: --no-metric-only shows slots and the metric comments' '
	PERF_MINI_SYSFS="$ICL" pm_sim stat --topdown --no-metric-only -I 100 --interval-count 1 \
		-- "$WL/spin" 300 2>out &&
	test_grep "^ +[0-9.]+ +[0-9]+ +slots *$" out &&
	test_grep "topdown-retiring +# +0\.4% retiring" out &&
	test_grep "topdown-bad-spec +# +0\.8% bad speculation" out &&
	test_grep "topdown-fe-bound +# +0\.4% frontend bound" out &&
	test_grep "topdown-be-bound +# +98\.4% backend bound" out
'

test_expect_success 'pmu-sim: metrics are slots times 8-bit shares, reset each read' '
	PERF_MINI_SYSFS="$ICL" pm_sim stat --topdown --no-metric-only -x, -I 100 \
		--interval-count 1 -- "$WL/spin" 300 2>out &&
	slots=$(awk -F, "\$4 == \"slots\" { print \$2 }" out) &&
	be=$(awk -F, "\$4 == \"topdown-be-bound\" { print \$2 }" out) &&
	# 98.4% of 0xff is 251: be-bound is slots * 251 / 255 (to rounding)
	awk -v s="$slots" -v b="$be" "BEGIN { d = b - s * 251 / 255; exit !(d < 2 && d > -2) }"
'

test_expect_success 'pmu-sim: without -I, the note to use -I1000, then the shares' '
	PERF_MINI_SYSFS="$ICL" pm_sim stat --topdown -- "$WL/spin" 200 2>out &&
	test_grep "Topdown accuracy may decrease when measuring long periods" out &&
	test_grep "e\.g\. -I1000" out &&
	test_grep "0\.4% +0\.8% +0\.4% +98\.4%" out
'

test_expect_success 'pmu-sim: -x, and -j carry the same shares' '
	PERF_MINI_SYSFS="$ICL" pm_sim stat --topdown -x, -I 100 --interval-count 1 \
		-- "$WL/spin" 300 2>csv &&
	test_grep ",0\.4,0\.8,0\.4,98\.4," csv &&
	PERF_MINI_SYSFS="$ICL" pm_sim stat --topdown -j -I 100 --interval-count 1 \
		-- "$WL/spin" 300 2>json &&
	test_grep "\"metric-value\" : \"98\.4\"" json
'

test_expect_success 'pmu-sim, sapphire_rapids: --td-level 2 adds level 2 as shares of level 1' '
	cat >l2 <<-\EOF &&
	slots 1000000000
	topdown-retiring 400000000
	topdown-bad-spec 100000000
	topdown-fe-bound 200000000
	topdown-be-bound 300000000
	topdown-heavy-ops 200000000
	topdown-br-mispredict 80000000
	topdown-fetch-lat 100000000
	topdown-mem-bound 150000000
	EOF
	PERF_MINI_SYSFS="$SPR" PERF_MINI_SIM_PROFILE=l2 pm_sim stat --topdown --td-level 2 \
		-I 100 --interval-count 1 -- "$WL/spin" 300 2>out &&
	test_grep "heavy operations +branch mispredict +fetch latency +memory bound" out &&
	# 8-bit shares: heavy-ops 51/255 of retiring 102/255, mem-bound 38 of 77
	test_grep "39\.8% +10\.2% +19\.9% +30\.1% +50\.0% +76\.9% +51\.0% +49\.4%" out
'

test_expect_success 'a profile file changes the counts' '
	cat >profile <<-\EOF &&
	# half retiring, half backend bound
	slots 1000000000
	topdown-retiring 500000000
	topdown-be-bound 500000000
	EOF
	PERF_MINI_SYSFS="$ICL" PERF_MINI_SIM_PROFILE=profile pm_sim stat --topdown -I 100 \
		--interval-count 1 -- "$WL/spin" 300 2>out &&
	test_grep "50\.0% +0\.0% +0\.0% +50\.0%" out
'

test_expect_success 'group rule: metrics without slots are refused before any syscall' '
	PERF_MINI_SYSFS="$ICL" test_expect_code 129 pm stat -vv \
		-e "{topdown-retiring,topdown-fe-bound}" -- true 2>err &&
	test_grep "^perf-mini stat: Topdown group must include slots event" err &&
	! grep -q "sys_perf_event_open" err
'

test_expect_success 'group rule: a metric outside any group is refused' '
	PERF_MINI_SYSFS="$ICL" test_expect_code 129 pm stat -e topdown-retiring -- true 2>err &&
	test_grep "Topdown group must include slots event" err
'

test_expect_success 'group rule: slots is moved to lead its group' '
	PERF_MINI_SYSFS="$ICL" pm_sim stat -vv -e "{topdown-retiring,slots}" -I 100 \
		--interval-count 1 -- "$WL/spin" 200 2>err &&
	sed -n "s/^  config  *//p" err | head -1 >first &&
	echo 0x400 >expect && test_cmp expect first
'

test_expect_success 'pmu-sim enforces the kernel rule itself (metric without slots: EINVAL)' '
	PERF_MINI_SYSFS="$ICL" test_must_fail pm_sim stat -e "{cpu-cycles,topdown-retiring}" \
		-- true 2>err ||
	test_grep "Topdown group must include slots event" err
'

test_expect_success 'record refuses to sample a TopDown metric' '
	PERF_MINI_SYSFS="$ICL" test_expect_code 129 pm record -e "{slots,topdown-retiring}:S" \
		-o x.data -- true 2>err &&
	test_grep "metrics cannot be sampled" err && ! test -e x.data
'

test_expect_success '--td-level 2 on a level-1 CPU names what it has' '
	PERF_MINI_SYSFS="$ICL" test_must_fail pm stat --td-level 2 -- true 2>err &&
	test_grep "TopDown level 1 only" err && test_grep "hint: use --td-level 1" err
'

SKL="$SYSFS/skylake"
SKL_PROFILE="$ROOT/tests/pmu-sim/skylake.profile"
ncores=$(cat /sys/devices/system/cpu/cpu[0-9]*/topology/core_id 2>/dev/null | sort -u | wc -l)

test_expect_success 'pmu-sim, skylake: --topdown -a is per core, classic formulas with .scale' '
	PERF_MINI_SYSFS="$SKL" PERF_MINI_SIM_PROFILE="$SKL_PROFILE" \
		pm_sim stat --topdown -a -- "$WL/spin" 200 2>out &&
	test_grep "retiring +bad speculation +frontend bound +backend bound" out &&
	# the profile gives 20% 12.5% 15% 52.5% once the scales (x2, x4) apply
	test $(grep -cE "^S[0-9]+-D[0-9]+-C[0-9]+ +[0-9]+ +20\.0% +12\.5% +15\.0% +52\.5%" out) \
		-eq "$ncores"
'

test_expect_success 'pmu-sim, skylake: --no-metric-only shows the five events with shares' '
	PERF_MINI_SYSFS="$SKL" PERF_MINI_SIM_PROFILE="$SKL_PROFILE" pm_sim stat --topdown \
		--no-metric-only -a -x, -I 100 --interval-count 1 -- "$WL/spin" 300 2>out &&
	test_grep ",topdown-total-slots," out &&
	test_grep ",topdown-slots-retired,.*,20\.0,retiring$" out &&
	test_grep ",topdown-recovery-bubbles,.*,12\.5,bad speculation$" out &&
	test_grep ",topdown-fetch-bubbles,.*,15\.0,frontend bound$" out &&
	test_grep ",topdown-slots-issued,.*,52\.5,backend bound$" out
'

test_expect_success 'skylake: without -a, refused with the fix (its events count whole cores)' '
	PERF_MINI_SYSFS="$SKL" test_expect_code 129 pm stat --topdown -- true 2>err &&
	test_grep "needs system-wide mode" err && test_grep "hint: add -a" err
'

test_expect_success 'skylake: other aggregations than per core are refused' '
	PERF_MINI_SYSFS="$SKL" test_expect_code 129 pm stat --topdown -a -A -- true 2>err &&
	test_grep "counts per core" err &&
	PERF_MINI_SYSFS="$SKL" test_expect_code 129 pm stat --topdown -a --per-socket -- true \
		2>err && test_grep "counts per core" err
'

test_expect_success 'skylake: --td-level 2 names what the CPU has' '
	PERF_MINI_SYSFS="$SKL" test_must_fail pm stat --topdown --td-level 2 -a -- true 2>err &&
	test_grep "TopDown level 1 only" err
'

test_expect_success 'skylake without recovery bubbles: backend bound/bad spec, as perf names it' '
	rm -rf skl && cp -r "$SKL" skl &&
	rm skl/bus/event_source/devices/cpu/events/topdown-recovery-bubbles* &&
	PERF_MINI_SYSFS=skl PERF_MINI_SIM_PROFILE="$SKL_PROFILE" pm_sim stat --topdown \
		--no-metric-only -a -x, -- "$WL/spin" 100 2>out &&
	test_grep ",backend bound/bad spec$" out && ! grep -q ",topdown-recovery" out
'

test_expect_success 'a VM: one line naming what was looked for, non-zero exit' '
	PERF_MINI_SYSFS="$SYSFS/vm" test_must_fail pm stat --topdown -- true 2>err &&
	test $(wc -l <err) -eq 1 &&
	test_grep "no CPU PMU \(looked for .*/bus/event_source/devices/cpu\)" err
'

test_expect_success 'Arm and POWER PMUs: TopDown refused, naming the architecture and what to count' '
	for m in arm64-neoverse-n1:arm64 power9:powerpc; do
		PERF_MINI_SYSFS="$SYSFS/${m%%:*}" test_expect_code 1 pm stat --topdown -- true 2>err &&
		test_grep "TopDown events are Intel.s; this machine.s PMU is ${m#*:}.s" err &&
		test_grep "^hint: count its cycle and stall events" err || return 1
	done
'

test_done
