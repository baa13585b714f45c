#!/bin/sh
test_description='oracle: a C++ program and Rust symbol names, report and script as perf prints them'
. "$(dirname "$0")/../cli/test-lib.sh"

if ! test_have_prereq PERF; then
	test_skip "C++ oracle" "Linux perf is not installed"
	test_done; exit $?
fi

# perf report and perf-mini report on one file, perf's tip block dropped
same_report() {
	file=$1; shift
	perf report --stdio -i "$file" "$@" 2>/dev/null |
		sh "$ROOT/tests/helpers/drop-perf-tip.sh" >perf.txt &&
	pm report --stdio -i "$file" "$@" >pm.txt && test_cmp perf.txt pm.txt
}

# perf 6.1 names fractal's hidden branches "[...]" through a malloc'd
# symbol whose inlined flag it never sets: a " (inlined)" after it is
# that heap's garbage, taken out of perf's side
same_fractal() {
	file=$1; shift
	perf report --stdio -i "$file" "$@" 2>/dev/null |
		sh "$ROOT/tests/helpers/drop-perf-tip.sh" |
		sed "s/\[\.\.\.\] (inlined)\$/[...]/" >perf.txt &&
	pm report --stdio -i "$file" "$@" >pm.txt && test_cmp perf.txt pm.txt
}

same_script() {
	file=$1; shift
	perf script -i "$file" "$@" 2>/dev/null >perf.txt &&
	pm script -i "$file" "$@" >pm.txt && test_cmp perf.txt pm.txt
}

test_expect_success 'setup: the C++ workload recorded by perf-mini (-g) and by perf' '
	pm record -q -e cpu-clock -c 100000 -g -o pm-cxx.data -- "$WL/shapes" 3000 >/dev/null &&
	perf record -q -e cpu-clock -c 100000 -g -o perf-cxx.data -- "$WL/shapes" 3000 \
		>/dev/null 2>&1
'

# in glibc, perf takes some file names from binutils, which for code of an
# included file can name the including one: the program's own DSO only
test_expect_success 'report --sort srcfile on the C++ program (-g): as perf' '
	same_report pm-cxx.data --sort srcfile --dsos shapes &&
	test_grep "shapes\.cc$" pm.txt &&
	same_report pm-cxx.data --sort sym,srcfile -g none --dsos shapes
'

# the branches under the threshold as perf hides them ("[...]"): a real
# recording with many (a run of the workload may have one branch only:
# seen as a normal user, 98% of it in one function)
test_expect_success '-g fractal,20,caller: the branches below the threshold hidden as perf hides them' '
	same_fractal "$TEST_DATA/perfdata/perf.data.callgraph-3.8" -g fractal,20,caller &&
	test_grep "\[\.\.\.\]$" pm.txt
'

# -g's value field labels each branch with its period or its sample
# count, and the print limit keeps the first N branches of each level
# (the first N chains of flat and folded): each as perf
test_expect_success '-g ...,period|count and the print limit, in every view: as perf' '
	f="$TEST_DATA/perfdata/perf.data.callgraph-3.8" &&
	for g in graph,0.5,caller,function,count graph,0.5,callee,period graph,0.5,2 \
		 fractal,0.5,2,caller,count fractal,20,1,caller fractal,10,callee,count \
		 flat,0,2,count flat,0,1,period folded,0,3,count folded,0,caller,period; do
		same_fractal "$f" -g $g || return 1
		same_fractal "$f" --no-children -g $g || return 1
	done &&
	same_fractal "$f" --no-children --sort comm -g folded,0,count &&
	same_fractal "$f" --no-children --sort dso -g fractal,0.5,callee,count &&
	same_fractal pm-cxx.data -g graph,0,1,caller,count &&
	grep -q "^ *|--[0-9]*--" pm.txt
'

for f in pm-cxx.data perf-cxx.data; do
	test_expect_success "$f: report, flat and by symbol, as perf" "
		same_report $f --no-children &&
		same_report $f --no-children --sort sym &&
		same_report $f --no-children --no-demangle &&
		test_grep 'geo::Circle::area' pm.txt || test_grep '_ZNK3geo6Circle4areaEv' pm.txt
	"
	test_expect_success "$f: callchains (children graph, callee and caller) as perf" "
		same_report $f && same_report $f -g caller && same_report $f --no-children -g folded
	"
	test_expect_success "$f: -g fractal: each branch a share of its parent, as perf" "
		same_fractal $f -g fractal,0 --no-children &&
		same_fractal $f -g fractal,10,callee --no-children &&
		same_fractal $f -g fractal && same_fractal $f -g fractal,20,caller
	"
	test_expect_success "$f: -U drops the unresolved frames of the chains too, as perf" "
		same_report $f -U -g none && ! grep -q '\[unknown\]' pm.txt &&
		same_report $f -U && same_report $f -U --no-children -g caller
	"
	test_expect_success "$f: script with callchains, demangled and not, as perf" "
		same_script $f && same_script $f --no-demangle &&
		test_grep ' _Z[A-Za-z0-9_]+\\+0x' pm.txt
	"
done

test_expect_success 'filters by symbol (-S, --symbol-filter) and comm (-c, --comms), as perf' '
	same_report pm-cxx.data --no-children -S main,work &&
	same_report pm-cxx.data --no-children -S work --sort sym &&
	test_grep "^# symbol: work$" pm.txt &&
	same_report pm-cxx.data --no-children --symbol-filter=Circle &&
	same_report pm-cxx.data --no-children --symbol-filter=sort --sort sym &&
	same_report pm-cxx.data --no-children --symbol-filter=sort --sort comm,dso -n &&
	same_report pm-cxx.data --no-children -c shapes --comms shapes,x
'

test_expect_success 'Rust symbol names: legacy and v0, as perf demangles them' '
	pm record -q -e cpu-clock -c 100000 -o rust.data -- "$WL/rust-names" 300 &&
	perf report --stdio -i rust.data --sort sym 2>/dev/null |
		sh "$ROOT/tests/helpers/drop-perf-tip.sh" >perf.txt &&
	pm report --stdio -i rust.data --sort sym >pm.txt &&
	test_cmp perf.txt pm.txt && test_grep "mycrate::spin_v0" pm.txt &&
	perf script -i rust.data 2>/dev/null >perf.txt && pm script -i rust.data >pm.txt &&
	test_cmp perf.txt pm.txt && test_grep "mycrate::spin_legacy\+0x" pm.txt
'

test_expect_success KERNEL 'DWARF callchains of the C++ program (--no-inline) as perf unwinds them (up to where perf loses its way)' '
	pm record -q -e cpu-clock -c 1000000 --call-graph dwarf,4096 -o dw.data -- \
		"$WL/shapes" 3000 >/dev/null &&
	perf script -i dw.data --no-inline 2>/dev/null >perf.txt &&
	pm script -i dw.data --no-inline >pm.txt &&
	python3 "$ROOT/tests/helpers/cut-lost-unwinds.py" perf.txt pm.txt &&
	test_cmp perf.txt pm.txt && test_grep "geo::Circle::area\+" pm.txt
'

# perf's unwinder stops at 127 frames, or where the stack copy ends: then
# the return address past the copy reads as 0 and perf keeps it, less one
# (ffffffffffffffff), as the last frame. Ground truth: the recursion is
# 400 calls deep, so every sample at its bottom ends one way or the other.
test_expect_success KERNEL 'DWARF: a recursion deeper than perf unwinds, and deeper than the stack copy, as perf' '
	# each sample at the bottom: its number of user frames, and its last one
	cat >bottoms.awk <<-\EOF &&
	BEGIN { RS = "" }
	/bottom\+/ {
		n = split($0, l, "\n"); user = 0
		for (i = 2; i <= n; i++) user += l[i] !~ /kernel\.kallsyms/
		print user, l[n]
	}
	EOF
	pm record -q -e cpu-clock --call-graph dwarf -o deep.data -- "$WL/deep-recurse" 400 0.3 &&
	same_script deep.data &&
	awk -f bottoms.awk pm.txt >deep.txt &&
	test $(wc -l <deep.txt) -gt 10 && ! grep -v "^127 " deep.txt &&
	pm record -q -e cpu-clock --call-graph dwarf -o wide.data -- "$WL/deep-recurse" 400 0.3 wide &&
	same_script wide.data &&
	awk -f bottoms.awk pm.txt >wide.txt &&
	test $(wc -l <wide.txt) -gt 10 &&
	! grep -v "ffffffffffffffff \[unknown\] (\[unknown\])$" wide.txt &&
	same_report wide.data --no-children
'

# perf 6.1 asks a long-lived binutils addr2line, whose first answer for an
# inlined function is the ELF symbol around it (work) and later ones the
# DWARF name: perf-mini names it from DWARF every time
test_expect_success KERNEL 'report: the lambda inlined into work is a frame of its own, named from DWARF' '
	pm report --stdio --no-children -i dw.data >pm.txt &&
	awk "/operator\\(\\) \\(inlined\\)/ { getline n; print n; exit }" pm.txt >next &&
	test_grep "^ +(\\| +)?work$" next &&
	pm report --stdio --no-children --no-inline -i dw.data >plain.txt &&
	! grep -q "(inlined)" plain.txt
'

# libdw asks debuginfod when no debug file is on disk (libstdc++ here has
# none), loading libdebuginfod and twenty libraries into the process even
# when no server is set: perf-mini answers "none" first then. The program
# spends half its time in libstdc++ (stream insertion), so its unwinding
# goes there whichever samples are taken.
command -v strace >/dev/null 2>&1 && prereqs="$prereqs STRACE"
test_expect_success KERNEL,STRACE 'no server set: unwinding the C++ program loads no debuginfod client' '
	cat >stream.cc <<-\EOF &&
	#include <cstdio>
	#include <sstream>
	int main()
	{
		std::ostringstream s;
		for (long i = 0; i < 200000; i++)
			s << i << " ";
		printf("%zu\n", s.str().size());
		return 0;
	}
	EOF
	g++ -O1 -g -o stream stream.cc &&
	pm record -q -e cpu-clock -c 50000 --call-graph dwarf -o dw2.data -- ./stream >/dev/null &&
	# LeakSanitizer cannot run under ptrace
	(unset DEBUGINFOD_URLS; export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
	 strace -f -e trace=openat -o open.txt \
		"$PERF_MINI" report --stdio --no-inline -i dw2.data >/dev/null 2>&1) &&
	# failed once under load, which check unknown: say which next time
	{ grep -q "libstdc++" open.txt || { echo "libstdc++ never opened:";
		"$PERF_MINI" report --stdio --no-children --sort dso -i dw2.data 2>&1 | head -20; false; }; } &&
	{ ! grep "libdebuginfod" open.txt || { tail -5 open.txt; false; }; }
'

test_done
