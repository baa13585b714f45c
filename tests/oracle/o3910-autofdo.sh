#!/bin/sh
test_description='data convert --to-autofdo: the profile create_llvm_prof writes, llvm-profgen agrees, clang builds with it'
. "$(dirname "$0")/../cli/test-lib.sh"

# Debian's autofdo (create_llvm_prof) and clang/llvm (llvm-profgen), as
# make deps installs them. The branch stacks come from the stepping
# simulator (no PMU needed): the branches the programs really take.
command -v create_llvm_prof >/dev/null 2>&1 && prereqs="$prereqs AUTOFDO"
command -v clang >/dev/null 2>&1 && prereqs="$prereqs CLANG"
PROFGEN=$(ls /usr/lib/llvm-*/bin/llvm-profgen 2>/dev/null | tail -n 1)
[ -n "$PROFGEN" ] && prereqs="$prereqs PROFGEN"
PERF_MINI_SYSFS="$SYSFS/icelake" pm_sim record -q -b -e cpu/cpu-cycles/u -o probe.data -- true \
	2>probe.err
grep -q "cannot trace" probe.err || prereqs="$prereqs PTRACE"

# create_llvm_prof 0.19 reads DWARF 2 to 4 only (a version 5 unit ends
# its reading: an empty profile); -fdebug-info-for-profiling gives the
# discriminators AutoFDO's locations carry
build() {
	clang -O2 -gdwarf-4 -gline-tables-only -fdebug-info-for-profiling -I"$ROOT/tests/workloads" \
		-o "$1" "$1.c"
}

# Programs of some 400 ms of CPU time, so that a loaded machine cannot
# keep perf-mini from its rings until they end (their samples are stepped
# only while they live); the long period keeps the samples few, each the
# program stepped for 32 taken branches
sim_record_b() {
	out=$1
	shift
	PERF_MINI_SYSFS="$SYSFS/icelake" pm_sim record -q -b -e cycles -c 10000000 -o "$out" -- "$@" \
		>/dev/null
}

test_expect_success CLANG,PTRACE 'setup: branches.c and a program with inlined calls, recorded with -b' '
	cp "$ROOT/tests/helpers/branches-printed.c" lbr.c &&
	cat >inl.c <<-\EOF &&
	#include <stdio.h>
	#include <stdlib.h>
	static inline int sq(int x) { return x * x; }
	static inline int poly(int x)
	{
		int s = 0;
		for (int i = 0; i < 3; i++)
			s += sq(x + i) % 7;
		return s;
	}
	__attribute__((noinline)) int work(int n) { return n > 5 ? poly(n) : 0; }
	int main(int argc, char **argv)
	{
		long r = argc > 1 ? atol(argv[1]) : 1000, acc = 0;
		for (long i = 0; i < r; i++)
			acc += work((int)i);
		printf("%ld\n", acc);
		return 0;
	}
	EOF
	build lbr && build inl &&
	sim_record_b lbr.data ./lbr 30000000 && sim_record_b inl.data ./inl 150000000
'

# full -g: clang puts a namespace's functions inside its DIE (with
# -gline-tables-only it does not)
test_expect_success AUTOFDO,CLANG,PTRACE 'C++ in a namespace, templates, full -g: create_llvm_prof'"'"'s profile' '
	cat >ns.cc <<-\EOF &&
	#include <cstdio>
	#include <cstdlib>
	namespace app {
	namespace {
	inline int sq(int x) { return x * x; }
	}
	template <typename T> inline T poly(T x)
	{
		T s = 0;
		for (int i = 0; i < 3; i++)
			s += sq(x + i) % 7;
		return s;
	}
	__attribute__((noinline)) int work(int n) { return n > 5 ? poly(n) : 0; }
	}
	int main(int argc, char **argv)
	{
		long r = argc > 1 ? atol(argv[1]) : 1000, acc = 0;
		for (long i = 0; i < r; i++)
			acc += app::work((int)i);
		printf("%ld\n", acc);
		return 0;
	}
	EOF
	clang++ -O2 -gdwarf-4 -g -o ns ns.cc && sim_record_b ns.data ./ns 150000000 &&
	pm data convert --to-autofdo ns.prof -i ns.data 2>/dev/null &&
	create_llvm_prof --binary=./ns --profile=ns.data --out=ns.ref --format=text 2>/dev/null &&
	/usr/bin/python3 "$ROOT/tests/helpers/autofdo-cmp.py" ns.prof ns.ref &&
	head -n 1 ns.prof | grep -q "^_ZN3app4workEi:[0-9]*:[1-9][0-9]*$" &&
	grep -Eq "^ [0-9.]+: _ZN3app4polyIiEET_S1_:[1-9][0-9]*$" ns.prof
'

test_expect_success AUTOFDO,CLANG,PTRACE 'data convert --to-autofdo: create_llvm_prof'"'"'s profile, byte for byte' '
	pm data convert --to-autofdo pm.prof -i lbr.data 2>err &&
	test_grep "Converted .lbr.data. into AutoFDO data .pm.prof. \([0-9]+ samples\)" err &&
	create_llvm_prof --binary=./lbr --profile=lbr.data --out=ref.prof --format=text 2>/dev/null &&
	test -s ref.prof && test_cmp ref.prof pm.prof &&
	grep -q "^leaf:[0-9]*:[1-9][0-9]*$" pm.prof &&
	grep -Eq "^ [0-9]+: [0-9]+ (even:[0-9]+ odd|odd:[0-9]+ even):[0-9]+$" pm.prof &&
	pm data convert --to-autofdo named.prof --binary "$PWD/lbr" -i lbr.data 2>/dev/null &&
	test_cmp ref.prof named.prof
'

# Debian's create_llvm_prof writes inlined callees' names from freed
# memory: they are compared by length (tests/helpers/autofdo-cmp.py)
test_expect_success AUTOFDO,CLANG,PTRACE 'inlined calls: create_llvm_prof'"'"'s nesting and counts, named' '
	pm data convert --to-autofdo inl.prof -i inl.data 2>/dev/null &&
	create_llvm_prof --binary=./inl --profile=inl.data --out=inl.ref --format=text 2>/dev/null &&
	/usr/bin/python3 "$ROOT/tests/helpers/autofdo-cmp.py" inl.prof inl.ref &&
	head -n 1 inl.prof | grep -q "^work:[0-9]*:[1-9][0-9]*$" &&
	grep -Eq "^ [0-9.]+: poly:[1-9][0-9]*$" inl.prof && grep -Eq "^  [0-9.]+: sq:[1-9][0-9]*$" inl.prof
'

# llvm-profgen reads perf script -F ip,brstack --show-mmap-events: from
# perf-mini, the lines and counts of each function as ours (its totals
# are its own: instructions, not bytes)
body_lines() {
	awk "/^[^ ]/ { split(\$0, h, \":\"); f = h[1]; next } { print f \"\\t\" \$0 }" "$1" | sort
}

test_expect_success PROFGEN,AUTOFDO,CLANG,PTRACE 'llvm-profgen on perf-mini script: the lines and counts of ours' '
	pm script -F ip,brstack --show-mmap-events -i lbr.data >lbr.script &&
	"$PROFGEN" --binary=./lbr --perfscript=lbr.script --output=gen.prof --format=text \
		>gen.log 2>&1 &&
	body_lines gen.prof >gen.body && body_lines pm.prof >pm.body &&
	test -s pm.body && test_cmp pm.body gen.body
'

test_expect_success CLANG,PTRACE 'clang -fprofile-sample-use takes it: work inlines poly by its context, the same output' '
	clang -O2 -g -fprofile-sample-use=inl.prof -Rpass=sample-profile-inline -o inl.pgo inl.c \
		2>remarks &&
	test_grep "poly. inlined into .work. to match profiling context" remarks &&
	./inl 1000 >want && ./inl.pgo 1000 >got && test_cmp want got
'

test_expect_success PTRACE 'data convert --to-autofdo: refusals with a hint, never a crash' '
	pm record -q -e cpu-clock -o plain.data -- "$WL/spin" 50 &&
	test_expect_code 255 pm data convert --to-autofdo x.prof -i plain.data 2>err &&
	test_grep "no branch stacks" err && test_grep "^hint: record with -b" err && test ! -e x.prof &&
	test_expect_code 255 pm data convert --to-autofdo x.prof --binary "$WL/burn" -i lbr.data 2>err &&
	test_grep "no sample ran burn" err && test_grep "^hint: --binary" err && test ! -e x.prof &&
	mkdir -p nodebug && cp lbr nodebug/lbr && strip -g nodebug/lbr &&
	test_expect_code 255 pm data convert --to-autofdo x.prof --binary ./nodebug/lbr -i lbr.data \
		2>err &&
	test_grep "has no DWARF" err && test_grep "^hint: build the program with -g" err &&
	test ! -e x.prof &&
	test_expect_code 129 pm data convert --to-json x.json --binary ./lbr -i lbr.data 2>err &&
	test_grep "binary names the program of a --to-bolt or --to-autofdo profile" err &&
	size=$(wc -c <lbr.data) &&
	for n in 100 1000 5000 $((size / 2)) $((size - 7)); do
		head -c $n lbr.data >cut.data &&
		{ pm data convert -f --to-autofdo cut.prof -i cut.data >/dev/null 2>&1; rc=$?; } &&
		{ test $rc = 0 || test $rc = 255; } || { echo "cut at $n: $rc"; return 1; }
	done
'

test_done
