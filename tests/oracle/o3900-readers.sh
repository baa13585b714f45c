#!/bin/sh
test_description='the programs that read perf-mini output read it as they read perf'"'"'s: go tool pprof, perf2bolt, speedscope, hotspot'
. "$(dirname "$0")/../cli/test-lib.sh"

# Debian's golang-go (go tool pprof) and bolt-19 (perf2bolt), as make deps
# installs them
command -v go >/dev/null 2>&1 && prereqs="$prereqs GO"
# llvm-bolt is perf2bolt when called by that name (not perf2bolt-19)
P2B=$(command -v /usr/lib/llvm-19/bin/perf2bolt || command -v perf2bolt)
[ -n "$P2B" ] && prereqs="$prereqs PERF2BOLT"
# speedscope's release build, as make check-deps fetches it from npm
SPEEDSCOPE="$ROOT/build/npm/speedscope/dist/release"
if [ -f "$SPEEDSCOPE/file-format-schema.json" ] && /usr/bin/python3 -c "import jsonschema" 2>/dev/null
then
	prereqs="$prereqs SPEEDSCOPE"
else
	test_skip "speedscope tests" "no speedscope from npm in build/npm (make check-deps fetches it) or no python3-jsonschema"
fi
command -v chromium >/dev/null 2>&1 && prereqs="$prereqs CHROMIUM"
# hotspot's own reader of perf.data (Debian's hotspot)
PERFPARSER=/usr/lib/x86_64-linux-gnu/libexec/hotspot-perfparser
[ -x "$PERFPARSER" ] && prereqs="$prereqs HOTSPOT"
export HOME="$TRASH"	# go's caches

pprof() {
	go tool pprof "$@" 2>/dev/null
}

test_expect_success GO 'setup: a dwarf recording of burn, as pprof' '
	pm record -q -e cpu-clock -c 100000 --call-graph dwarf -o dw.data -- "$WL/burn" 200 \
		>/dev/null 2>&1 &&
	pm data convert --to-pprof dw.pb.gz -i dw.data 2>/dev/null
'

test_expect_success GO 'go tool pprof -top: named after the program, the event by default, report'"'"'s total' '
	pprof -unit=ns -top dw.pb.gz >top.txt &&
	test_grep "^File: burn$" top.txt && test_grep "^Type: cpu-clock(:u)?$" top.txt &&
	total=$(pm report --stdio -i dw.data | sed -n "s/^# Event count (approx.): //p") &&
	test_grep "Total samples = ${total}ns" top.txt &&
	samples=$(pm report --stats -i dw.data | sed -n "s/^ *SAMPLE events: *\([0-9]*\).*/\1/p" |
		  head -n 1) &&
	pprof -sample_index=samples -top dw.pb.gz | test_grep "Total samples = $samples *$" -
'

# -noinlines: each function with what was inlined into it, as report's
# symbols are; each function's self time is report's period for it.
# pprof shortens names (GCC's .constprop.0, .isra.0 suffixes, glibc's
# __GI_ aliases): both sides so named, and summed
# Functions of 1% of the run or more: a stray sample in ld.so's IFUNC
# resolver is strcat to report (the ELF symbol) and strcat_ifunc to DWARF.
flat_by_name() {
	sed -E "s/\.(constprop|isra|part|cold)\.[0-9]+//g; s/ __GI_/ /" |
	awk "{ sum[\$1] += \$2; all += \$2 }
	     END { for (n in sum) if (100 * sum[n] >= all) print n, sum[n] }" | sort
}
test_expect_success GO 'go tool pprof: each function'"'"'s flat time is report'"'"'s period' '
	pprof -noinlines -nodefraction=0 -unit=ns -top dw.pb.gz |
		awk "/^ *[1-9][0-9]*ns +[0-9.]+%/ { sub(/ns\$/, \"\", \$1); print \$NF, \$1 }" |
		sed "s/^__GI_//" | flat_by_name >pprof.flat &&
	pm report --stdio --no-children --sort sym -g none -F period,sym -i dw.data |
		awk "/^ +[0-9]+ +\[/ { print \$NF, \$1 }" | flat_by_name >report.flat &&
	test -s report.flat && test_cmp report.flat pprof.flat
'

test_expect_success GO 'go tool pprof -traces: main calls outer calls middle' '
	pprof -traces dw.pb.gz >traces.txt &&
	awk "/middle\$/ { m = NR } /outer\$/ && m == NR - 1 { o = NR } /main\$/ && o == NR - 1 { ok = 1 }
	     END { exit !ok }" traces.txt
'

# perf2bolt runs perf script and perf buildid-list on the file: with
# perf-mini as the perf on its PATH, the same profile as with perf, for
# a file perf records and one perf-mini records (no LBR here: -nl)
test_expect_success PERF2BOLT,PERF 'perf2bolt with perf-mini as its perf: the fdata perf gives' '
	cat >b.c <<-\EOF &&
	#include <stdlib.h>
	__attribute__((noinline)) long f(long x)
	{
		long s = 0;
		for (long i = 0; i < 1000; i++)
			s += (x * i) % 7 ? i : -i;
		return s;
	}
	__attribute__((noinline)) long g(long x) { return x & 1 ? f(x) : f(x + 1) * 2; }
	int main(int argc, char **argv)
	{
		long n = argc > 1 ? atol(argv[1]) : 100000, acc = 0;
		for (long i = 0; i < n; i++)
			acc += g(i);
		return (int)(acc & 1);
	}
	EOF
	cc -O2 -g -Wl,--emit-relocs -o b b.c &&
	mkdir -p as-perf && ln -s "$PERF_MINI" as-perf/perf &&
	perf record -q -e cpu-clock -o p.data -- ./b 100000 2>/dev/null &&
	pm record -q -e cpu-clock -o m.data -- ./b 100000 &&
	for d in p m; do
		"$P2B" -nl -p $d.data -o $d.perf.fdata ./b >$d.perf.log 2>&1 &&
		PATH="$PWD/as-perf:$PATH" "$P2B" -nl -p $d.data -o $d.pm.fdata ./b \
			>$d.pm.log 2>&1 &&
		{ test_cmp $d.perf.fdata $d.pm.fdata && grep -q "^1 f " $d.pm.fdata; } ||
		{ tail -n 5 $d.perf.log $d.pm.log; return 1; }
	done
'

# A C++ program's frame-pointer callchains, recorded by perf: the file
# speedscope's own schema takes, each thread's stacks (root first) and
# weights as perf script prints them, and the page speedscope imports it
# in, headless, opened on the busiest thread.
test_expect_success PERF,SPEEDSCOPE 'data convert --to-speedscope: speedscope'"'"'s schema, perf script'"'"'s stacks and periods' '
	perf record -q -e cpu-clock -c 100000 -g -o fp.data -- "$WL/shapes" >/dev/null 2>&1 &&
	pm data convert --to-speedscope fp.json -i fp.data 2>err &&
	test_grep "Converted .fp.data. into speedscope data .fp.json. \([0-9]+ samples\)" err &&
	perf script --no-inline -F tid,period,ip,sym -i fp.data 2>/dev/null |
		/usr/bin/python3 "$ROOT/tests/helpers/speedscope-check.py" \
			"$SPEEDSCOPE/file-format-schema.json" fp.json &&
	grep -q "\"unit\":\"nanoseconds\"" fp.json && grep -q "\"file\":\"shapes.cc\",\"line\":" fp.json
'

test_expect_success PERF,SPEEDSCOPE,CHROMIUM 'speedscope imports the file: its title, the busiest thread open' '
	/usr/bin/python3 "$ROOT/tests/helpers/speedscope-load.py" "$SPEEDSCOPE" fp.json >page.txt &&
	test_grep "^fp.data - speedscope$" page.txt &&
	test_grep "^shapes [0-9]+/[0-9]+$" page.txt &&
	sed "s/\"samples\":\[\[/\"samples\":[[99999,/" fp.json >bad.json &&
	/usr/bin/python3 "$ROOT/tests/helpers/speedscope-load.py" "$SPEEDSCOPE" bad.json >bad.txt &&
	! grep -q "^shapes" bad.txt
'

test_expect_success 'data convert --to-speedscope: one output at a time, an existing file kept' '
	test_expect_code 129 pm data convert --to-speedscope a.json --to-json b.json -i fp.data 2>err &&
	test_grep "one output at a time" err &&
	echo keep >kept.json &&
	test_expect_code 255 pm data convert --to-speedscope kept.json -i fp.data 2>err &&
	test_grep "kept.json exists" err && test "$(cat kept.json)" = keep
'

# hotspot reads a perf.data through its perfparser: perf-mini's files
# whole (the samples report counts, no complaint beyond those it makes of
# perf's own files), and a --call-graph dwarf recording unwound by it
# from the stack copies perf-mini recorded (outer and main are reached
# only so: the samples land in middle).
perfparser_complaints() {
	grep -v "^feature not properly read\|^unhandled event type\|^Linux version .* detected\|Switching to automatic buffering" "$1"
}

test_expect_success HOTSPOT 'hotspot-perfparser reads perf-mini'"'"'s recording: report'"'"'s sample count, nothing more to say' '
	pm record -q -e cpu-clock -c 100000 -g -o hs.data -- "$WL/burn" 200 >/dev/null 2>&1 &&
	"$PERFPARSER" --input hs.data --print-stats >stats.txt 2>stats.err &&
	samples=$(pm report --stats -i hs.data | sed -n "s/^ *SAMPLE events: *\([0-9]*\).*/\1/p" |
		  head -n 1) &&
	test_grep "^samples: $samples$" stats.txt &&
	perfparser_complaints stats.err >complaints; test ! -s complaints &&
	head -c 30000 hs.data >cut.data &&
	"$PERFPARSER" --input cut.data --print-stats >/dev/null 2>cut.err;
	perfparser_complaints cut.err | grep -q .
'

# (a sample a millisecond: 8 KB of stack at ten a millisecond overran
# the ring of a starved recorder, Q2, and perfparser said so)
test_expect_success HOTSPOT 'hotspot-perfparser unwinds a perf-mini --call-graph dwarf recording to main' '
	pm record -q -e cpu-clock -c 1000000 --call-graph dwarf -o hsd.data -- "$WL/burn" 200 \
		>/dev/null 2>&1 &&
	"$PERFPARSER" --input hsd.data --output hsd.b2qt 2>hsd.err &&
	perfparser_complaints hsd.err >complaints;
	# failed once as a normal user beside a loaded run: what perfparser
	# said and what the recording held, next time
	{ { test ! -s complaints && strings hsd.b2qt >names && grep -qx "middle" names &&
	    grep -qx "outer" names && grep -qx "main" names; } ||
	  { echo "complaints:"; head -20 complaints; pm report --stdio -i hsd.data | head -30; false; }; }
'

# data convert --to-bolt writes the fdata perf2bolt writes from the same
# file: the taken branches and the fall-throughs between LBR entries,
# checked against the code. The branch stacks come from the stepping
# simulator (no PMU needed), of branches.c linked with its relocations
# and a main that prints what it computed; llvm-bolt then reorders its
# blocks and functions by the profile, and the bolted program prints
# the same.
PERF_MINI_SYSFS="$SYSFS/icelake" pm_sim record -q -b -e cpu/cpu-cycles/u -o probe.data -- true \
	2>probe.err
grep -q "cannot trace" probe.err || prereqs="$prereqs PTRACE"
LLVM_BOLT=$(command -v /usr/lib/llvm-19/bin/llvm-bolt || command -v llvm-bolt)

test_expect_success PERF2BOLT,PTRACE,PERF 'data convert --to-bolt: the fdata perf2bolt writes (from perf or perf-mini as its perf), byte for byte; llvm-bolt takes it' '
	cp "$ROOT/tests/helpers/branches-printed.c" lbr.c &&
	cc -O2 -g -Wl,--emit-relocs -I"$ROOT/tests/workloads" -o lbr lbr.c &&
	PERF_MINI_SYSFS="$SYSFS/icelake" pm_sim record -q -b -e cycles -o lbr.data -- ./lbr \
		>/dev/null &&
	"$P2B" -p lbr.data -o ref.fdata ./lbr >p2b.log 2>&1 &&
	mkdir -p as-perf && ln -sf "$PERF_MINI" as-perf/perf &&
	PATH="$PWD/as-perf:$PATH" "$P2B" -p lbr.data -o via-pm.fdata ./lbr >p2b-pm.log 2>&1 &&
	test_cmp ref.fdata via-pm.fdata &&
	pm data convert --to-bolt pm.fdata -i lbr.data 2>err &&
	test_grep "Converted .lbr.data. into BOLT data .pm.fdata. \([0-9]+ samples\)" err &&
	test_cmp ref.fdata pm.fdata &&
	grep -q "^1 leaf [0-9a-f]* 1 leaf [0-9a-f]* [1-9]" pm.fdata &&
	grep -q "^1 branches_main [0-9a-f]* 1 once 0 0 [1-9]" pm.fdata &&
	pm data convert --to-bolt named.fdata --bolt-binary "$PWD/lbr" -i lbr.data 2>/dev/null &&
	test_cmp ref.fdata named.fdata &&
	"$LLVM_BOLT" ./lbr -o lbr.bolt -data pm.fdata -reorder-blocks=ext-tsp \
		-reorder-functions=hfsort >bolt.log 2>&1 &&
	test_grep "have non-empty execution profile" bolt.log &&
	./lbr 1000 >want.out && ./lbr.bolt 1000 >got.out && test_cmp want.out got.out
'

test_expect_success PERF2BOLT,PERF 'data convert --to-bolt without branch stacks: perf2bolt -nl'"'"'s samples' '
	pm data convert --to-bolt nl.fdata -i m.data --bolt-binary ./b 2>/dev/null &&
	"$P2B" -nl -p m.data -o nl.ref ./b >/dev/null 2>&1 &&
	head -n 1 nl.fdata >nl.head && head -n 1 nl.ref >nl.refhead && test_cmp nl.refhead nl.head &&
	sort nl.ref >nl.ref.sorted && sort nl.fdata >nl.sorted && test_cmp nl.ref.sorted nl.sorted
'

test_expect_success PTRACE 'data convert --to-bolt: refusals with a hint, never a crash' '
	test_expect_code 255 pm data convert --to-bolt x.fdata --bolt-binary "$WL/burn" \
		-i lbr.data 2>err &&
	test_grep "no sample ran burn" err && test_grep "^hint: --binary" err && test ! -e x.fdata &&
	test_expect_code 255 pm data convert --to-bolt x.fdata --bolt-binary ./no-such/lbr \
		-i lbr.data 2>err &&
	test_grep "cannot open ./no-such/lbr" err && test_grep "^hint: " err && test ! -e x.fdata &&
	test_expect_code 129 pm data convert --to-json x.json --bolt-binary ./lbr -i lbr.data 2>err &&
	test_grep "binary names the program of a --to-bolt or --to-autofdo profile" err &&
	size=$(wc -c <lbr.data) &&
	for n in 100 1000 5000 20000 $((size / 2)) $((size - 7)); do
		head -c $n lbr.data >cut.data &&
		{ pm data convert -f --to-bolt cut.fdata -i cut.data >/dev/null 2>&1; rc=$?; } &&
		{ test $rc = 0 || test $rc = 255; } || { echo "cut at $n: $rc"; return 1; }
	done &&
	cp lbr.data bad.data && printf "\377\377\377\377\377\377\377\377" |
		dd of=bad.data bs=1 seek=$((size / 3)) conv=notrunc 2>/dev/null &&
	{ pm data convert -f --to-bolt bad.fdata -i bad.data >/dev/null 2>&1; rc=$?; } &&
	{ test $rc = 0 || test $rc = 255; }
'

test_done
