#!/bin/sh
test_description='pmu-sim steps the workload for its branch stacks (no replay file): every entry a branch of the program, checked against objdump; counts as the program runs them; filters honoured; Linux perf reads the files as perf-mini does'
. "$(dirname "$0")/test-lib.sh"

# tests/workloads/branches.c: per round, main calls once() once, thrice()
# three times, even() or odd() through a table, and down(3), which calls
# itself three times; leaf(), under once() and thrice(), loops 5 times.
sim() {
	PERF_MINI_SYSFS="$SYSFS/icelake" pm_sim "$@"
}

check() {
	python3 "$ROOT/tests/helpers/check-branches.py" "$WL/branches" "$@"
}

# count NAME: check's count of NAME in counts (0 when absent)
count() {
	awk -v k="$1" '$1 == k { n = $2 } END { print n + 0 }' "${2:-counts}"
}

# The stepper traces the workload: a machine may refuse a tracer (Yama's
# ptrace_scope, a seccomp policy). The simulator then says so.
sim record -q -b -e cpu/cpu-cycles/u -o probe.data -- true 2>probe.err
grep -q "cannot trace" probe.err || prereqs="$prereqs PTRACE"

test_expect_success PTRACE 'record -b with no replay file: every entry is a branch of the program, gone where its code says' '
	sim record -q -F 1000 -b -e cpu/cpu-cycles/u -o b.data -- "$WL/branches" 10000000 2>err &&
	! test -s err &&
	pm script -i b.data -F brstacksym >brs &&
	check <brs >counts &&
	test "$(count call:main:thrice)" -gt 50
'

# A round of the program, between two of its first calls (or two of
# main's loop back-edges), is all in a stack of 32 calls (conditional
# branches): each such round must hold what the program does in one.
# (Every sample is a window of single steps, slow on a busy machine: a
# few dozen samples, -F 250, give rounds enough.)
test_expect_success PTRACE 'record -j any_call,u: every complete round of calls in a stack is the program'"'"'s round' '
	sim record -q -F 250 -j any_call,u -e cpu/cpu-cycles/u -o c.data -- "$WL/branches" 10000000 &&
	pm script -i c.data -F brstacksym >c.brs &&
	check call,ind_call --rounds call:main:once <c.brs >c.rounds &&
	test "$(wc -l <c.rounds)" -gt 5 &&
	sed "s/call:main:\(even\|odd\)/call:main:table/" c.rounds | sort -u >c.kinds &&
	echo "round call:down:down=3 call:main:down=1 call:main:table=1 call:main:once=1 call:main:thrice=3 call:once:leaf=1 call:thrice:leaf=3" >c.expect &&
	test_cmp c.expect c.kinds &&
	grep -q "call:main:even=1" c.rounds &&
	grep -q "call:main:odd=1" c.rounds
'

test_expect_success PTRACE 'record -j cond,u: every complete round has leaf()'"'"'s 4 back-edges for each of its 4 calls' '
	sim record -q -F 250 -j cond,u -e cpu/cpu-cycles/u -o d.data -- "$WL/branches" 10000000 &&
	pm script -i d.data -F brstacksym >d.brs &&
	check cond --rounds back:main <d.brs >d.rounds &&
	test "$(wc -l <d.rounds)" -gt 5 &&
	sort -u d.rounds >d.kinds &&
	echo "round back:leaf=16 back:main=1" >d.expect &&
	test_cmp d.expect d.kinds
'

test_expect_success PTRACE 'the sample is where its stack ends; direct calls are predicted, an alternating indirect call sometimes not' '
	pm script -i b.data -F ip,brstack >ipb &&
	awk "NF == 33 { n++; split(\$2, e, \"/\"); if (\"0x\" \$1 != e[2]) { print; bad++ } }
	     END { exit !(n > 50 && !bad) }" ipb &&
	test "$(count mispred:call)" = 0 &&
	test "$(count pred:call)" -gt 0 &&
	test "$(count mispred:ind_call)" -gt 0
'

test_expect_success PTRACE,PERF 'Linux perf reads the stepped file as perf-mini does (script, branch report)' '
	perf script -i b.data -F ip,brstacksym >perf.brs 2>/dev/null &&
	pm script -i b.data -F ip,brstacksym >pm.brs &&
	test_cmp perf.brs pm.brs &&
	same_report b.data &&
	same_report b.data -F overhead,symbol_from,symbol_to,mispredict &&
	same_report b.data -F overhead,addr_from,addr_to &&
	same_report b.data -F overhead,addr_to,symbol_from,dso_from
'

# -j: the kernel's LBR filter, which the simulator applies as it steps.
# (perf 6.1 itself crashes on --sort symbol_from,...: -F is compared.)
# A sparse filter's window steps thousands of instructions (ind_call's
# 32 entries take 10,000): a dozen samples (-F 250) are plenty here.
for f in any_call:call,ind_call any_ret:ret cond:cond ind_call:ind_call call:call; do
	test_expect_success PTRACE "record -j ${f%%:*},u: only ${f#*:} entries" '
		sim record -q -F 250 -j ${f%%:*},u -e cpu/cpu-cycles/u -o j.data -- "$WL/branches" &&
		pm script -i j.data -F brstacksym >j.brs &&
		check ${f#*:} <j.brs >j.counts &&
		test "$(awk "/^(pred|mispred):/ { n += \$2 } END { print n + 0 }" j.counts)" -gt 0
	'
done

test_expect_success PTRACE,ROOT 'record -j any,k: kernel branches are not modelled, so the stacks are empty, never user ones' '
	sim record -q -j any,k -e cpu/cpu-cycles/ -o k.data -- "$WL/branches" &&
	pm script -i k.data -F ip >k.ips &&
	test -s k.ips &&
	pm script -i k.data -F brstack >k.brs &&
	! grep -q 0x k.brs
'

test_expect_success PTRACE 'record -b -g: callchains walked at the stack'"'"'s end reach main() (frame pointers)' '
	sim record -q -b -g -e cpu/cpu-cycles/u -o g.data -- "$WL/branches" &&
	pm report --stdio --no-children --no-branch-stack -g caller --sort sym -i g.data >g.rep &&
	sed -n "/\[\.\] leaf/,/%.*\[\.\]/p" g.rep >leaf.rep &&
	test_grep "(---|--[0-9.]+%--|^ +)main$" leaf.rep &&
	test_grep "--thrice" leaf.rep
'

test_expect_success PTRACE,PERF 'record -b -g: perf reads the callchains as perf-mini does' '
	same_report g.data --no-children --no-branch-stack -g caller --sort sym &&
	perf script -i g.data -F ip,sym >perf.g 2>/dev/null &&
	pm script -i g.data -F ip,sym >pm.g &&
	test_cmp perf.g pm.g
'

# --call-graph lbr: the user callchain is the LBR call stack (perf's
# resolve_lbr_callchain_sample: the last call's target, then each call's
# source). leaf() is called only from once() and thrice(), those only
# from main(); down() only from main() and itself.
test_expect_success PTRACE 'record --call-graph lbr: every chain is the program'"'"'s call chain' '
	sim record -q --call-graph lbr -e cpu/cpu-cycles/u -o lbr.data -- "$WL/branches" &&
	pm report --header-only -i lbr.data >hdr &&
	test_grep "branch_sample_type = USER[|]CALL_STACK" hdr &&
	pm script -i lbr.data -F ip,sym >lbr.txt &&
	awk "BEGIN { RS = \"\" }
	     \$2 == \"leaf\" { n++; if (!((\$4 == \"once\" || \$4 == \"thrice\") && \$6 == \"main\")) { print; bad++ } }
	     \$2 == \"down\" { for (i = 4; i <= NF; i += 2) if (\$i != \"down\") { if (\$i != \"main\") { print; bad++ }; break } }
	     END { exit !(n > 5 && !bad) }" lbr.txt &&
	pm report --stdio --no-children --no-branch-stack -g caller --sort sym -i lbr.data >lbr.rep &&
	sed -n "/\[\.\] leaf/,/%.*\[\.\]/p" lbr.rep >leaf.lbr &&
	test_grep "main" leaf.lbr && test_grep "--thrice" leaf.lbr
'

test_expect_success PTRACE,PERF 'record --call-graph lbr: perf resolves the same chains (script, report)' '
	perf script -i lbr.data -F ip,sym >perf.lbr 2>/dev/null &&
	test_cmp perf.lbr lbr.txt &&
	same_report lbr.data --children --no-branch-stack &&
	same_report lbr.data --no-children --no-branch-stack -g caller --sort sym
'

# perf expands inlined functions in dwarf-unwound frames only: an LBR
# call stack's frames are the functions the branches name, even where
# the sample's code was inlined (here all of it: step() in work())
test_expect_success PTRACE,PERF 'record --call-graph lbr of inlined code: no inlined frames, as perf' '
	cat >inl.c <<-\EOF &&
	#include <stdlib.h>
	static inline __attribute__((always_inline)) long step(long x)
	{
		return x * 2654435761u ^ (x >> 7);
	}
	__attribute__((noinline)) long work(long n)
	{
		long s = 1;

		for (long i = 0; i < n; i++)
			s = step(s + i);
		return s;
	}
	volatile long sink;
	int main(int argc, char **argv)
	{
		sink = work(argc > 1 ? atol(argv[1]) : 30000000);
		return 0;
	}
	EOF
	cc -O2 -g -fno-omit-frame-pointer -o inl inl.c &&
	sim record -q --call-graph lbr -e cpu/cpu-cycles/u -o inl.data -- ./inl &&
	pm script -i inl.data -F ip,sym >pm.txt &&
	perf script -i inl.data -F ip,sym >perf.txt 2>/dev/null &&
	test_cmp perf.txt pm.txt &&
	test_grep "[0-9a-f]+ work$" pm.txt && ! grep -q "(inlined)" pm.txt
'

# Each process lives some 200 ms at 500 Hz: a 50 ms one (the default
# rounds) could end on a starved machine (ASan, stress, a second suite)
# before perf-mini read any of its samples, and so unstepped (H1)
test_expect_success PTRACE 'threads and children are stepped too (inherit)' '
	sim record -q -F 500 -b -e cpu/cpu-cycles/u -o t.data -- \
		sh -c "\"$WL/branches\" 10000000 & bg=\$!; \"$WL/branches\" 10000000; fg=\$?; wait \$bg;
		       echo \"exit: foreground \$fg, background \$?\" >status" &&
	pm report --stdio --sort pid --no-branch-stack -i t.data >t.rep &&
	# seen under load (ASan, stress) three times: one process without a
	# row; what the next one shows: how each ended, and the task records
	{ { test "$(grep -c ":branches" t.rep)" = 2 && grep -q "foreground 0, background 0" status; } || {
		cat status t.rep; pm script --show-task-events -i t.data | grep -v "^ *branches.*cycles" | head -30
		false; }; } &&
	pm script -i t.data -F brstacksym | check >/dev/null
'

test_done
