#!/bin/sh
test_description='report --flamegraph: the callchains as folded stacks and as a page that draws them'
. "$(dirname "$0")/test-lib.sh"

PD="$TEST_DATA/perfdata"
command -v chromium >/dev/null 2>&1 && prereqs="$prereqs CHROMIUM"

# same_stacks REPORT FOLDED: report -g folded,0,caller --sort comm,sym
# --no-children prints each entry (command first) and its chains with
# their percentages; the folded file must hold the same chains, each
# behind its command, with periods giving the same percentages.
same_stacks() {
	python3 - "$1" "$2" <<'PY'
import re, sys
want = []
comm = None
for line in open(sys.argv[1]):
    m = re.match(r"^ +[\d.]+%  (.+?) +\[[.kgHu]\] ", line)
    if m:
        comm = m.group(1)
        continue
    m = re.match(r"^([\d.]+)% (.+)$", line.rstrip("\n"))
    if m:
        # stackcollapse names an inlined function by its name alone
        want.append((m.group(1), comm + ";" + m.group(2).replace(" (inlined)", "")))
# Chains through different objects can read the same (ld.so's _start and
# the program's): the report prints each, rounded, the folded file one line
# with their sum; each rounding is off by at most 0.005.
summed = {}
for pct, s in want:
    total, n = summed.get(s, (0.0, 0))
    summed[s] = (total + float(pct), n + 1)
stacks = [l.rstrip("\n").rsplit(" ", 1) for l in open(sys.argv[2])]
total = sum(int(n) for _, n in stacks)
got = {s: 100.0 * int(n) / total for s, n in stacks}
assert want, "no chains in the report"
assert len(got) == len(stacks), "a stack folded twice"
assert summed.keys() == got.keys(), (sorted(summed.keys() - got.keys())[:5], sorted(got.keys() - summed.keys())[:5])
off = [(s, summed[s], got[s]) for s in got if abs(summed[s][0] - got[s]) > 0.005 * summed[s][1] + 1e-9]
assert not off, off[:5]
PY
}

# page_tree PAGE FOLDED: the page's JSON is a consistent tree (each frame
# its own period plus its children's) whose stacks are the folded file's
page_tree() {
	python3 - "$1" "$2" <<'PY'
import json, re, sys
html = open(sys.argv[1]).read()
data = json.loads(re.search(r'<script id="data" type="application/json">(.*?)</script>', html, re.S).group(1))
stacks = {}
def walk(n, path):
    assert n["v"] == n["s"] + sum(c["v"] for c in n.get("c", [])), n["n"]
    if n["s"]:
        stacks[";".join(path)] = stacks.get(";".join(path), 0) + n["s"]
    for c in n.get("c", []):
        walk(c, path + [c["n"]])
for ev in data:
    walk(ev["root"], [])
folded = {}
for l in open(sys.argv[2]):
    s, n = l.rstrip("\n").rsplit(" ", 1)
    folded[s] = folded.get(s, 0) + int(n)
assert stacks == folded, (len(stacks), len(folded))
PY
}

# FlameGraph's stackcollapse-perf.pl on perf script of the fixture, run
# once (tests/expected/flamegraph/README): the same bytes, unresolved
# frames as [its DSO's file] or [unknown], never an address
for f in perf.data.callgraph-3.8 perf.data.callgraph_and_branch-3.8; do
	test_expect_success "$f: the folded stacks stackcollapse-perf.pl makes of perf script" "
		pm report --flamegraph=-  --kallsyms /dev/null --symfs '$TRASH' \
			-i '$PD/$f' >fx.folded 2>/dev/null &&
		test_cmp '$ROOT/tests/expected/flamegraph/$f.folded' fx.folded &&
		! grep -Eq '(^|;)0x[0-9a-f]+(;| )' fx.folded
	"
done

test_expect_success 'a fixture to a file: the same stacks' '
	pm report --flamegraph=cg.folded -i "$PD/perf.data.callgraph-3.8" 2>err &&
	test_grep "flame graph written to cg.folded" err &&
	test_cmp "$ROOT/tests/expected/flamegraph/perf.data.callgraph-3.8.folded" cg.folded
'

test_expect_success 'the page holds the same stacks as one tree, and opens offline' '
	pm report --flamegraph=cg.html -i "$PD/perf.data.callgraph-3.8" 2>err &&
	test_grep "open it in a browser" err &&
	page_tree cg.html cg.folded &&
	! grep -Eq "(src|href)=\"?https?:" cg.html &&
	grep -q "const ICICLE = false" cg.html
'

test_expect_success 'a dwarf recording made here: main calls outer calls middle, in that order' '
	pm record -q -e cpu-clock -c 100000 --call-graph dwarf -o rec.data -- "$WL/burn" 200 \
		2>/dev/null &&
	pm report --flamegraph=- -i rec.data >rec.folded 2>err &&
	! grep -q "flame graph written" err &&
	test_grep "^burn;.*main;outer;middle" rec.folded &&
	pm report --stdio --no-children --sort comm,sym -g folded,0,caller -i rec.data \
		>rec.report 2>/dev/null &&
	same_stacks rec.report rec.folded
'

# stackcollapse-perf.pl's rules on C++ names: the function up to its
# first parenthesis (parameters, operator()), "(anonymous namespace)::"
# functions left out, never " (inlined)"
test_expect_success 'C++: names cut at the parenthesis, anonymous namespaces left out' '
	cat >cx.cc <<-\EOF &&
	#include <functional>
	#include <cstdlib>
	namespace {
	struct Adder {
		long k;
		__attribute__((noinline)) long operator()(long x) const
		{ long s = 0; for (long i = 0; i < 2000; i++) s += (x ^ i) * k; return s; }
	};
	}
	struct Scale { long k; __attribute__((noinline)) long operator()(long x) const
		{ long s = 0; for (long i = 0; i < 2000; i++) s += (x ^ i) * k; return s; } };
	template <typename T> __attribute__((noinline)) T apply(const std::function<T(T)> &f, T v)
	{ return f(v); }
	int main(int argc, char **argv)
	{
		long n = argc > 1 ? atol(argv[1]) : 20000, acc = 0;
		std::function<long(long)> f = Adder{3}, g = Scale{5};
		for (long i = 0; i < n; i++)
			acc += apply<long>(f, i) + apply<long>(g, i);
		return (int)(acc & 1);
	}
	EOF
	c++ -O2 -g -fno-omit-frame-pointer -o cx cx.cc &&
	pm record -q -g -e cpu-clock -o cx.data -- ./cx 15000 &&
	{ pm report --flamegraph=- -i cx.data >cx.folded 2>rep.err || { cat rep.err; false; }; } &&
	test_grep ";Scale::operator [0-9]+$" cx.folded &&
	! grep "(inlined)" cx.folded &&
	! grep -E "(^|;)\(anonymous namespace\)" cx.folded &&
	! sed "s/(anonymous namespace)//g" cx.folded | grep "("
'

test_expect_success '-g callee: innermost frames first, the command last (an icicle page)' '
	pm report --flamegraph=callee.folded -g callee -i rec.data 2>/dev/null &&
	! grep -v ";burn [0-9]*$" callee.folded &&
	test_grep ";middle;outer;main;|^middle;outer;main;" callee.folded &&
	pm report --flamegraph=callee.html -g callee -i rec.data 2>/dev/null &&
	grep -q "const ICICLE = true" callee.html
'

test_expect_success 'the report filters apply: --comm keeps that command only' '
	pm report --flamegraph=- --comm burn -i rec.data >comm.folded 2>/dev/null &&
	test -s comm.folded && ! grep -v "^burn;" comm.folded &&
	test_expect_code 255 pm report --flamegraph=none.folded --comm nosuch -i rec.data 2>err &&
	test_grep "no samples to draw" err && test ! -e none.folded
'

test_expect_success 'two events, folded: each stack under its event, never summed together' '
	pm record -q -e cpu-clock,task-clock -c 100000 -g -o two.data -- "$WL/burn" 100 \
		2>/dev/null &&
	pm report --flamegraph=- -i two.data >two.folded 2>/dev/null &&
	test_grep "^cpu-clock(:u)?;burn;" two.folded && test_grep "^task-clock(:u)?;burn;" two.folded &&
	! grep -Ev "^(cpu|task)-clock(:u)?;" two.folded
'

test_expect_success 'two events: one graph each, an event selector on the page' '
	pm record -q -e cpu-clock,task-clock -c 100000 -g -o two.data -- "$WL/burn" 100 \
		2>/dev/null &&
	pm report --flamegraph=two.html -i two.data 2>/dev/null &&
	python3 -c "
import json, re
d = json.loads(re.search(r\"<script id=.data. type=.application/json.>(.*?)</script>\", open(\"two.html\").read(), re.S).group(1))
assert [e[\"event\"].replace(\":u\", \"\") for e in d] == [\"cpu-clock\", \"task-clock\"], d
"
'

test_expect_success 'no callchains: each sample its function alone' '
	pm record -q -e cpu-clock -c 100000 -o flat.data -- "$WL/burn" 100 2>/dev/null &&
	pm report --flamegraph=- -i flat.data >flat.folded 2>/dev/null &&
	test_grep "^burn;middle [0-9]+$" flat.folded &&
	! grep -q "^[^;]*;[^;]*;" flat.folded
'

test_expect_success 'bad requests: one message, exit 255, no file left' '
	test_expect_code 255 pm report --flamegraph=m.html --mem-mode -i rec.data 2>err &&
	test_grep "draws callchains, not memory accesses" err && test_grep "hint: drop --mem-mode" err &&
	test_expect_code 255 pm report --flamegraph=nodir/x.html -i rec.data 2>err &&
	test_grep "cannot write nodir/x.html" err &&
	test_expect_code 255 pm report --flamegraph -i missing.data 2>err &&
	test_grep "cannot open missing.data" err &&
	test ! -e flamegraph.html &&
	! ls | grep -q "\.html\..\{6\}$"
'

test_expect_success 'a title that is markup is shown as text' '
	cp rec.data "a<b>&c.data" &&
	pm report --flamegraph=t.html -i "a<b>&c.data" 2>/dev/null &&
	grep -q "<title>a&lt;b&gt;&amp;c.data</title>" t.html
'

# Debian's chromium, headless: the page draws without a script error; a
# click on a frame zooms it to the full width, a search colours it and
# says its share, Reset goes back to the root (the page's #selftest does
# these on the first frame above the root and writes what it sees into
# the body's data attributes).
test_expect_success CHROMIUM 'chromium draws the page; a click zooms, search matches, reset' '
	chromium --headless --no-sandbox --disable-gpu --user-data-dir="$PWD/chrome" \
		--enable-logging=stderr --v=0 --dump-dom "file://$PWD/cg.html#selftest" \
		>dom.html 2>chrome.err &&
	! grep -q "Uncaught" chrome.err &&
	grep -q "data-zoomed-width=\"100%\"" dom.html &&
	grep -q "data-zoomed=\"" dom.html &&
	grep -Eq "data-matches=\"[1-9][0-9]*\"" dom.html &&
	grep -Eq "data-matched=\"Matched: [0-9]+\.[0-9]{2}%\"" dom.html &&
	grep -q "data-reset-to=\"all\"" dom.html &&
	chromium --headless --no-sandbox --disable-gpu --user-data-dir="$PWD/chrome" \
		--window-size=1200,600 --screenshot="$PWD/shot.png" "file://$PWD/cg.html" \
		>/dev/null 2>&1 &&
	test "$(head -c 8 shot.png | od -An -tx1 | tr -d " \n")" = 89504e470d0a1a0a &&
	test "$(wc -c <shot.png)" -gt 10000
'

# diff --flamegraph: the folded form is FlameGraph's difffolded.pl's
# ("stack OLD NEW", every stack of either run), as it printed it once for
# the fixtures' folded stacks (tests/expected/flamegraph/README)
test_expect_success 'diff --flamegraph=-: the stacks of both runs as difffolded.pl prints them' '
	pm diff --flamegraph=- "$TEST_DATA/perfdata/perf.data.callgraph-3.8" \
		"$TEST_DATA/perfdata/perf.data.callgraph_and_branch-3.8" >d.folded &&
	test_cmp "$ROOT/tests/expected/flamegraph/perf.data.callgraph-3.8-to-callgraph_and_branch-3.8.difffolded" \
		d.folded
'

# A run of spin then burn against one where burn runs five times longer
# and spin a fifth: the page draws the new run, burn red (a larger share
# of the run), spin blue, and says what each was.
test_expect_success CHROMIUM 'diff --flamegraph: the page of the new run, coloured by the change of each share' '
	pm record -q -g -e cpu-clock -o old.data -- sh -c "\"$WL/spin\" 300; \"$WL/burn\" 60" \
		>/dev/null 2>&1 &&
	pm record -q -g -e cpu-clock -o new.data -- sh -c "\"$WL/spin\" 60; \"$WL/burn\" 300" \
		>/dev/null 2>&1 &&
	pm diff --flamegraph=d.html old.data new.data 2>err &&
	test_grep "flame graph written to d.html" err &&
	grep -q "<title>new.data vs old.data</title>" d.html &&
	grep -q "\"diff\":true" d.html &&
	chromium --headless --no-sandbox --disable-gpu --user-data-dir="$PWD/chrome" \
		--dump-dom "file://$PWD/d.html#selftest" >dom.html 2>/dev/null &&
	grep -Eq "data-colors=\"[^\"]*burn=rgb\(255, [0-9]+, [0-9]+\)" dom.html &&
	grep -Eq "data-colors=\"[^\"]*spin=rgb\([0-9]+, [0-9]+, 255\)" dom.html &&
	test_expect_code 255 pm diff --flamegraph=gone.html old.data nosuch.data 2>err &&
	test_grep "cannot open nosuch.data" err && test ! -e gone.html
'

# --flamegraph-opts: stackcollapse-perf.pl's --pid, --tid, --kernel,
# --jit, --all and --addrs, as it printed them once for the fixtures
# (tests/expected/flamegraph/README)
test_expect_success '--flamegraph-opts tid,all and pid,kernel: the bytes stackcollapse-perf.pl printed' '
	pm report --flamegraph=- --flamegraph-opts=tid,all -i "$TEST_DATA/perfdata/perf.data.callgraph-3.8" >t.folded &&
	test_cmp "$ROOT/tests/expected/flamegraph/perf.data.callgraph-3.8.tid-all.folded" t.folded &&
	pm report --flamegraph=- --flamegraph-opts=pid,kernel \
		-i "$TEST_DATA/perfdata/perf.data.callgraph_and_branch-3.8" >p.folded &&
	test_cmp "$ROOT/tests/expected/flamegraph/perf.data.callgraph_and_branch-3.8.pid-kernel.folded" p.folded &&
	grep -q "^swapper-?/0;" t.folded && grep -q "_\[k\]" t.folded
'

test_expect_success '--flamegraph-opts addrs: frames without a symbol with their address, the bytes stackcollapse-perf.pl printed' '
	pm report --flamegraph=- --flamegraph-opts=addrs -i "$TEST_DATA/perfdata/perf.data.callgraph-3.8" >a.folded &&
	test_cmp "$ROOT/tests/expected/flamegraph/perf.data.callgraph-3.8.addrs.folded" a.folded &&
	grep -q "\[chrome <3b2a998>\]" a.folded && grep -q "\[mac80211.ko <ffffffffc010407a>\]" a.folded
'

jit_pid=$((3000000 + $$ % 1000000))
test_expect_success '--flamegraph-opts jit: a JIT'"'"'s functions (perf-PID.map) marked _[j], no others' '
	"$BUILD/test-tool" gen-jit jit.data $jit_pid &&
	printf "7f0000000100 80 jit_fn_a\n7f0000000180 100 LazyCompile:*foo bar.js:12\n" >/tmp/perf-$jit_pid.map &&
	pm report --flamegraph=- --flamegraph-opts=jit -i jit.data >j.folded;
	ret=$?; rm -f /tmp/perf-$jit_pid.map; test $ret = 0 &&
	grep -q "^node;LazyCompile:\*foo bar.js:12_\[j\] " j.folded &&
	grep -q "^node;\[perf-$jit_pid.map\]_\[j\] " j.folded && grep -q "^node;\[anon\] " j.folded &&
	test $(grep -c "_\[j\]" j.folded) = $(grep -c "LazyCompile\|jit_fn_a\|perf-$jit_pid" j.folded)
'

test_expect_success '--flamegraph-opts: a name not known, or no --flamegraph, refused' '
	test_expect_code 129 pm report --flamegraph=- --flamegraph-opts=inline -i "$TEST_DATA/perfdata/perf.data.callgraph-3.8" 2>err &&
	test_grep "not one of stackcollapse-perf.pl.s options perf-mini keeps" err &&
	test_expect_code 129 pm report --flamegraph-opts=pid -i "$TEST_DATA/perfdata/perf.data.callgraph-3.8" 2>err &&
	test_grep "shapes a flame graph" err
'

test_done
