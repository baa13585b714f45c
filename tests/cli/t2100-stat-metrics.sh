#!/bin/sh
test_description='stat -M and list metric/metricgroup: pmu-events tables, expressions, groups'
. "$(dirname "$0")/test-lib.sh"

ICL_ID=GenuineIntel-6-7E-5
SKL_ID=GenuineIntel-6-55-4

test_expect_success '-M Software: metric lines under their group leader, computed from counts' '
	pm stat -M Software -x, -- "$WL/spin" 50 2>out &&
	test_grep ",%  major_fault_ratio$" out && test_grep ",faults_per_ms$" out &&
	test_grep ",migrations_per_cs$" out &&
	faults=$(awk -F, "\$3 == \"page-faults$u\" { print \$1 }" out) &&
	msec=$(awk -F, "\$3 == \"task-clock$u\" { print \$1 }" out) &&
	got=$(awk -F, "\$NF == \"faults_per_ms\" { print \$(NF-1) }" out) &&
	# raw counts, as perf: task-clock in ns, so / 1e6 gives ms
	awk -v f="$faults" -v m="$msec" -v g="$got" \
		"BEGIN { w = f / m; d = (g - w) / w; exit !(d < 0.01 && d > -0.01) }"
'

test_expect_success '-M: the table layout puts a second metric on a line of its own' '
	pm stat -M Software -- true 2>out &&
	test_grep "^ +[0-9,]+ +major-faults$u +# +[0-9.]+ /sec" out &&
	test_grep "^ {40,}# +[0-9.]+ %  major_fault_ratio" out &&
	test_grep "^ {40,}# +[0-9.]+ faults_per_ms" out
'

test_expect_success '-M IPC without a hardware PMU: the weak group falls apart, no error' '
	pm stat -M IPC -e page-faults -- true 2>out &&
	if grep -q "<not supported>" out; then
		test_grep "<not supported> +instructions" out && ! grep -q " IPC" out
	else
		test_grep "# +[0-9.]+ IPC" out
	fi
'

test_expect_success '-M with an unknown name: one error naming it, the hint, exit 129' '
	test_expect_code 129 pm stat -M IPC,nosuch -- true 2>err &&
	test_grep "^perf-mini stat: -M nosuch: no metric or metric group of that name" err &&
	test_grep "^hint: .perf-mini list metric" err
'

test_expect_success 'pmu-sim, icelake: -M TopdownL1 gives the example shares' '
	PERF_CPUID=$ICL_ID PERF_MINI_SYSFS="$SYSFS/icelake" pm_sim stat -M TopdownL1 -x, \
		-- "$WL/spin" 200 2>out &&
	test_grep "^[0-9]+,,slots,.*,0\\.4,%  tma_retiring$" out &&
	test_grep "^,,,,,0\\.8,%  tma_bad_speculation$" out &&
	test_grep "^,,,,,0\\.4,%  tma_frontend_bound$" out &&
	test_grep "^,,,,,98\\.4,%  tma_backend_bound$" out
'

test_expect_success 'pmu-sim, sapphire_rapids: TopdownL2 metrics over metrics (max, subtraction)' '
	PERF_CPUID=GenuineIntel-6-8F-4 PERF_MINI_SYSFS="$SYSFS/sapphire_rapids" pm_sim stat \
		-M TopdownL2 -x, -- "$WL/spin" 200 2>out &&
	be=$(awk -F, "\$NF == \"%  tma_memory_bound\" { print \$(NF-1) }" out) &&
	core=$(awk -F, "\$NF == \"%  tma_core_bound\" { print \$(NF-1) }" out) &&
	test -n "$be" && test -n "$core" &&
	# memory + core bound make up backend bound (98.4% in the default profile)
	awk -v a="$be" -v b="$core" "BEGIN { s = a + b; exit !(s > 98.3 && s < 98.5) }"
'

test_expect_success '-M --metric-only: one column per metric' '
	pm stat -M Software --metric-only -- true 2>out &&
	test_grep "%  major_fault_ratio +faults_per_ms +migrations_per_cs" out
'

test_expect_success 'list metric / metricgroup: the common ones, and the CPU family by CPUID' '
	PERF_CPUID=AuthenticAMD-25-1-1 pm list metric >out &&
	test_grep "^Metrics:$" out && test_grep "^  IPC$" out && test_grep "^  CPI$" out &&
	! grep -q tma_ out &&
	PERF_CPUID=$SKL_ID pm list metricgroup >out &&
	test_grep "^TopdownL1$" out && test_grep "^Summary$" out && ! grep -q TopdownL2 out &&
	PERF_CPUID=GenuineIntel-6-8F-4 pm list metricgroup >out && test_grep "^TopdownL2$" out
'

test_expect_success 'table events become cpu PMU aliases where sysfs lacks them' '
	PERF_CPUID=$SKL_ID PERF_MINI_SYSFS="$SYSFS/skylake" pm stat -v \
		-e INST_RETIRED.ANY_P -e cpu/uops_issued.any/ -- true 2>out &&
	test_grep "^INST_RETIRED.ANY_P -> cpu/event=0xc0,umask=0x00/$" out &&
	test_grep "^cpu/uops_issued.any/ -> cpu/event=0x0e,umask=0x01/$" out &&
	PERF_CPUID=$SKL_ID PERF_MINI_SYSFS="$SYSFS/skylake" pm list pmu >out &&
	test_grep "inst_retired.any_p OR cpu/inst_retired.any_p/" out &&
	# another family: not there
	PERF_CPUID=$ICL_ID PERF_MINI_SYSFS="$SYSFS/skylake" test_must_fail pm stat \
		-e uops_issued.any -- true 2>err
'

test_expect_success 'the generator refuses a malformed table, naming the file and entry' '
	mkdir -p arch/common arch/x86/bad &&
	printf "[{\"MetricName\": \"x\"}]" >arch/common/metrics.json &&
	test_must_fail python3 "$ROOT/pmu-events/jevents.py" arch t.c 2>err &&
	test_grep "metrics.json: entry 0: MetricExpr missing" err &&
	printf "[{\"MetricName\": \"x\", \"MetricExpr\": \"1\", \"Colour\": 1}]" \
		>arch/common/metrics.json &&
	test_must_fail python3 "$ROOT/pmu-events/jevents.py" arch t.c 2>err &&
	test_grep "unknown key" err && ! test -e t.c
'

test_expect_success '-M names reading the same events share one group (IPC,CPI)' '
	pm stat -v -M IPC,CPI -- true 2>out &&
	test $(grep -c "^instructions -> " out) -eq 1 &&
	test $(grep -c "^cycles -> " out) -eq 1
'

test_expect_success '--metric-no-group opens the metric events alone, --metric-no-merge twice' '
	pm stat -vv -M Software -- true 2>err &&
	grouped=$(grep -Ec "group_fd [0-9]+ .* = [0-9]+$" err) && test $grouped -ge 2 &&
	pm stat -vv --metric-no-group -M Software -- true 2>err &&
	! grep -Eq "group_fd [0-9]+ .* = [0-9]+$" err &&
	pm stat -vv -M Software,Software -- true 2>err &&
	once=$(grep -Ec " = [0-9]+$" err) &&
	pm stat -vv --metric-no-merge -M Software,Software -- true 2>err &&
	test $(grep -Ec " = [0-9]+$" err) -eq $((2 * once))
'

test_done
