#!/bin/sh
test_description='pmu-sim steps the workload to its loads and stores (no replay file): data addresses inside the arrays the program reads, levels from the cache model (a small hot array in the L1, a large strided one in RAM), HITM for a line two threads write, the latency threshold, and Linux perf reads the files as perf-mini does'
. "$(dirname "$0")/test-lib.sh"

# With ldlat=30, a window that starts in hot() (whose loads hit the L1)
# finds a load to sample only once it reaches cold(), and is dropped when
# that is more than 5,000 instructions away: those tests run arrays'
# "mixed" or "cold" modes, so that the samples' number is the ticks', not
# how many land near the end of a 16-pass hot().
# tests/workloads/arrays.c prints where its arrays are; hot() loads only
# small[] (4 KiB), cold() only big[] (64 MiB, a page and a line apart);
# "arrays MS share": two threads add to two longs of one cache line.
sim() {
	PERF_MINI_SYSFS="$SYSFS/icelake" pm_sim "$@"
}

check() {
	python3 "$ROOT/tests/helpers/check-mem.py" "$@"
}

# name_bss WHERE: perf's rows as perf-mini names .bss past the file, and
# blanks squeezed (the names change the columns' widths)
name_bss() {
	python3 "$ROOT/tests/helpers/name-bss.py" "$1" arrays
}

# same_named WHERE FILE OPTION...: same_report, perf's rows named so
same_named() {
	where=$1 file=$2 && shift 2 &&
	perf report --stdio -i "$file" "$@" 2>/dev/null |
		sh "$ROOT/tests/helpers/drop-perf-tip.sh" | name_bss "$where" >perf.txt &&
	pm report --stdio -i "$file" "$@" >pm.txt &&
	name_bss /dev/null <pm.txt >pm.sq &&
	test_cmp perf.txt pm.sq
}

# count NAME [FILE]: check's count of NAME (0 when absent)
count() {
	awk -v k="$1" '$1 == k { n = $2 } END { print n + 0 }' "${2:-counts}"
}

# at_least A B PERCENT: A is at least PERCENT% of B, and B is not 0
at_least() {
	[ "$2" -gt 0 ] && [ $(($1 * 100)) -ge $(($2 * $3)) ] ||
		{ echo "$1 is less than $3% of $2" >&2; return 1; }
}

# The stepper traces the workload, which a machine may refuse
sim record -q -d -e cpu/mem-loads,ldlat=3/P -o probe.data -- true 2>probe.err
grep -q "cannot trace" probe.err || prereqs="$prereqs PTRACE"

# How many samples a stepped workload gives depends on the machine's load
# (its stops and steps are partly its own CPU time, which the simulated
# event samples): a few on a busy machine, hundreds on an idle one. The
# checks are on where each sampled load is, and on shares.
test_expect_success PTRACE 'record -d on mem-loads, no replay file: every sampled load of hot() and cold() is in the array it reads' '
	sim record -q -d -W -e cpu/mem-loads,ldlat=3/P -o m.data -- "$WL/arrays" 20000 >where 2>err &&
	! test -s err &&
	pm script -i m.data -F ip,sym,addr,data_src,weight >m.txt &&
	check where <m.txt >counts &&
	test "$(count hot:small)" -gt 5 || { cat counts; false; } &&
	test "$(count hot:big)" = 0 && test "$(count hot:other)" = 0 &&
	at_least "$(count cold:big)" "$(($(count cold:big) + $(count cold:small) + $(count cold:other)))" 90
'

test_expect_success PTRACE 'the cache model: the small hot array is served by the L1, the large strided one by RAM' '
	at_least "$(count hot@L1)" "$(count hot:small)" 80 &&
	at_least "$(count cold@RAM)" "$(count cold:big)" 80 &&
	grep -q "TLB L2 or Walker miss" m.txt
'

test_expect_success PTRACE 'ldlat=30 (perf mem'"'"'s): no load under the threshold is sampled' '
	sim record -q -d -W -e cpu/mem-loads,ldlat=30/P -o m30.data -- "$WL/arrays" 10000 mixed >where30 &&
	pm script -i m30.data -F ip,sym,addr,data_src,weight >m30.txt &&
	check where30 <m30.txt >counts30 &&
	# the loads sampled, whatever their array: enough to judge the
	# threshold by, and cold() among them (T1, two suites and stress-ng
	# beside it: 13 loads, 2 of them in cold)
	total=$(awk "\$1 ~ /:/ { n += \$2 } END { print n + 0 }" counts30) &&
	{ test "$total" -gt 5 && test "$(count cold:big counts30)" -gt 0 ||
	  { cat counts30; false; }; } &&
	awk "/@weight-min / && \$2 < 30 { print; bad = 1 } END { exit bad }" counts30
'

test_expect_success PTRACE 'two threads writing one cache line: their loads of it are HITMs, at its address' '
	sim record -q -d -W -e cpu/mem-loads,ldlat=30/P -o s.data -- "$WL/arrays" 1000 share >line &&
	pm script -i s.data -F ip,sym,addr,data_src,weight >s.txt &&
	check line <s.txt >scounts &&
	test "$(count adder:line scounts)" -gt 2 &&
	at_least "$(count adder@hitm scounts)" "$(count adder:line scounts)" 80 &&
	pm report --stdio --mem-mode --sort tid,snoop -i s.data >s.rep &&
	test "$(grep -c "HitM" s.rep)" = 2
'

test_expect_success PTRACE 'mem-stores: stores only, each an L1 hit or miss' '
	sim record -q -d -e cpu/mem-stores/P -o st.data -- "$WL/arrays" >/dev/null &&
	pm script -i st.data -F data_src >st.txt &&
	test -s st.txt &&
	! grep -v "OP STORE|LVL L1 or L1 \(hit\|miss\)|" st.txt
'

test_expect_success PTRACE,PERF 'Linux perf reads the stepped files as perf-mini does (script, mem report, --mem-mode)' '
	perf script -i m.data -F ip,sym,addr,data_src,weight >perf.m 2>/dev/null &&
	test_cmp perf.m m.txt &&
	perf mem report --stdio -i m.data 2>/dev/null |
		sh "$ROOT/tests/helpers/drop-perf-tip.sh" | name_bss where >perf.mr &&
	pm mem report --stdio -i m.data | name_bss /dev/null >pm.mr &&
	test_cmp perf.mr pm.mr &&
	same_report s.data --mem-mode --sort mem,snoop,sym
'

# big[] runs past the last page of the file into the anonymous memory the
# loader maps after it: perf shows those addresses raw in "anon".
test_expect_success PTRACE 'data symbols: every address in big[] (.bss past the file) is named big+0x... in the program, as perf cannot' '
	pm mem report --stdio -i m.data --sort symbol_daddr,dso_daddr >bss &&
	awk "/^#/ || !NF { next } { print \$4, \$5 }" bss >rows &&
	grep -q "^big+0x[0-9a-f]* arrays$" rows &&
	pm script -i m.data -F addr >addrs &&
	in_big=$(python3 -c "import sys
name, start, size = [l.split() for l in open(sys.argv[1]) if l.startswith(\"big \")][0]
start, size = int(start, 16), int(size)
print(len({a for a in open(sys.argv[2]).read().split() if start <= int(a, 16) < start + size}))" where addrs) &&
	test "$(grep -c "^big+0x[0-9a-f]* arrays$" rows)" = "$in_big" &&
	size=$(awk "\$1 == \"big\" { print \$3 }" where) &&
	sed -n "s/^big+0x\([0-9a-f]*\) .*/\1/p" rows | while read -r off; do
		test $((0x$off)) -lt "$size" || { echo "big+0x$off is past big"; exit 1; }
	done
'

# data_src with callchains: the graph under each memory entry, callee
# and caller order, with and without children
test_expect_success PTRACE,PERF 'record -d -g on mem-loads: report --mem-mode'"'"'s callchains under each entry as perf' '
	sim record -q -d -g -e cpu/mem-loads,ldlat=3/P -o mg.data -- "$WL/arrays" >where.g &&
	same_named where.g mg.data --mem-mode &&
	test_grep "hot" pm.txt &&
	# each data address is an entry of its own, often all under the 0.5%
	# under which perf draws no graph (P2, pmdev: 0.38% at most)
	same_named where.g mg.data --mem-mode -g graph,0 && grep -q -e "---" pm.txt &&
	same_named where.g mg.data --mem-mode --no-children -g caller &&
	same_report mg.data --mem-mode --sort mem,sym -g folded
'

# 2000 rounds were 8 ms of CPU: on a starved machine the workload could end
# before the stepper ran once, and samples are stepped only while it lives
test_expect_success PTRACE 'mem record on the simulated PMU: loads and stores events, stepped' '
	sim mem record -F 500 -o mr.data -- "$WL/arrays" 50000 cold >/dev/null 2>err &&
	pm mem report --stdio -i mr.data >mr.rep &&
	test_grep "RAM hit" mr.rep
'

# burn computes in registers: its loads all hit the L1, none reaches
# ldlat=30, so every window steps its 5,000 instructions for nothing. The
# samples taken meanwhile each asked for a window of their own, as long:
# the 0.1 s program never ended (timeout: only a guard against that hang,
# 50 times what it takes now)
test_expect_success PTRACE 'a memory event over code with no load above ldlat: the recording ends' '
	timeout 300 env PERF_MINI_SYSFS="$SYSFS/icelake" "$PERF_MINI_SIM" record -q -d \
		-e cpu/mem-loads,ldlat=30/P -o burn.data -- "$WL/burn" >/dev/null &&
	pm report --stdio --mem-mode --sort mem -i burn.data >burn.rep 2>&1 &&
	! grep -q "L1 hit\|LFB" burn.rep
'

test_done
