#!/bin/sh
test_description='data convert --to-json: perf.data as JSON, whole or not at all'
. "$(dirname "$0")/test-lib.sh"

PD="$TEST_DATA/perfdata"

# check_json FILE SAMPLES: valid JSON with perf's keys and SAMPLES samples
check_json() {
	python3 - "$1" "$2" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["linux-perf-json-version"] == 1
for k in ("header-version", "captured-on", "data-offset", "data-size", "cmdline"):
    assert k in d["headers"], k
s = d["samples"]
assert len(s) == int(sys.argv[2]), (len(s), sys.argv[2])
for x in s:
    assert set(("timestamp", "pid", "tid", "comm", "callchain")) <= set(x), x
    assert x["callchain"] and all(c["ip"].startswith("0x") for c in x["callchain"]), x
PY
}

# the samples script prints: one line each with -F event
nr_samples() {
	pm script -F event -i "$1" 2>/dev/null | grep -c .
}

test_expect_success 'a recording made here: every sample, symbols and DSOs of its frames' '
	pm record -q -e cpu-clock -c 100000 -g -o rec.data -- "$WL/burn" 200 2>/dev/null &&
	nr_samples rec.data >count &&
	pm data convert --to-json rec.json -i rec.data 2>err &&
	test_grep "Converted .rec.data. into JSON data .rec.json." err &&
	check_json rec.json "$(cat count)" &&
	grep -q "\"symbol\": \"middle\"" rec.json &&
	grep -q "\"dso\": \"burn\"" rec.json
'

test_expect_success 'pipe streams (perf 6.1 crashes on them) and a stream cut short' '
	pm record -q -e cpu-clock -c 100000 -o - -- "$WL/spin" 100 2>/dev/null >rec.pipe &&
	pm data convert --to-json pipe.json -i rec.pipe 2>err &&
	check_json pipe.json "$(nr_samples rec.pipe)" &&
	head -c $(($(wc -c <rec.pipe) / 2)) rec.pipe >half.pipe &&
	pm data convert --to-json half.json -i - <half.pipe 2>err &&
	python3 -c "import json; json.load(open(\"half.json\"))"
'

test_expect_success 'fixtures: valid JSON, as many samples as script prints' '
	for f in callgraph-3.8 weight_struct synth-mem-branch piped.lost_samples-4.4 \
		 armv7.perf_3.14-3.8; do
		rm -f out.json &&
		pm data convert --to-json out.json -i "$PD/perf.data.$f" 2>/dev/null &&
		check_json out.json "$(nr_samples "$PD/perf.data.$f")" || { echo "$f"; exit 1; }
	done
'

test_expect_success 'an existing output is kept without -f, replaced with it' '
	echo keep >kept.json &&
	test_expect_code 255 pm data convert --to-json kept.json -i rec.data 2>err &&
	test_grep "kept.json exists" err && test_grep "hint: -f/--force" err &&
	test "$(cat kept.json)" = keep &&
	pm data convert -f --to-json kept.json -i rec.data 2>/dev/null &&
	check_json kept.json "$(cat count)"
'

test_expect_success 'a bad input leaves no file behind (perf leaves an empty one)' '
	test_expect_code 255 pm data convert --to-json none.json -i nosuch.data 2>err &&
	test_grep "cannot open nosuch.data" err &&
	test_expect_code 255 pm data convert --to-json none.json -i "$PD/README.md" 2>err &&
	test_grep "not a perf.data file" err &&
	! ls none.json* 2>/dev/null &&
	head -c 3000 rec.data >cut.data &&
	pm data convert --to-json cut.json -i cut.data 2>err;
	rc=$? && test $rc -le 1 &&
	if test $rc = 1; then ! ls cut.json* 2>/dev/null; else python3 -c "import json; json.load(open(\"cut.json\"))"; fi
'

test_expect_success 'usage: no format, --to-ctf, --all/--tod with JSON, no subcommand' '
	test_expect_code 129 pm data convert -i rec.data 2>err &&
	test_grep "convert to what" err &&
	test_expect_code 255 pm data convert --to-ctf dir -i rec.data 2>err &&
	test_grep "babeltrace" err &&
	test_expect_code 129 pm data convert --all --to-json x.json -i rec.data 2>err &&
	test_grep "does not apply to JSON" err &&
	test_expect_code 129 pm data 2>err &&
	test_grep "which data command" err &&
	test_expect_code 129 pm data frobnicate 2>err &&
	test_grep "the one data command is convert" err &&
	! ls x.json 2>/dev/null
'

test_expect_success 'an unwritable place: the cause, exit 255' '
	test_expect_code 255 pm data convert --to-json /nonexistent/dir/x.json -i rec.data 2>err &&
	test_grep "cannot write /nonexistent/dir/x.json" err
'

# Debian's python3-protobuf is for Debian's python3 (not a pyenv's first in PATH)
DEB_PY=/usr/bin/python3
# and pprof's own profile.proto (golang-github-google-pprof-dev), compiled
# by protoc (protobuf-compiler): make check-deps installs both
if "$DEB_PY" -c "import google.protobuf" 2>/dev/null && command -v protoc >/dev/null &&
   test -r /usr/share/gocode/src/github.com/google/pprof/proto/profile.proto; then
	prereqs="$prereqs PROTOBUF"
else
	test_skip "pprof decoded with its own schema" "needs python3-protobuf, protobuf-compiler and golang-github-google-pprof-dev ('make check-deps')"
fi

# pprof_check FILE.pb.gz SAMPLES PERIOD: the decoded profile (python3-
# protobuf, tests/helpers/pprof-read.py) has a samples and a period value
# per event, adding up to what report counts, and pid/tid/comm labels
pprof_check() {
	"$DEB_PY" "$ROOT/tests/helpers/pprof-read.py" "$1" >sum.json &&
	python3 - sum.json "$2" "$3" <<-'PY'
	import json, sys
	d = json.load(open(sys.argv[1]))
	assert d["types"][0] == ["samples", "count"], d["types"]
	assert d["totals"][0] == int(sys.argv[2]), (d["totals"], sys.argv[2])
	assert d["totals"][1] == int(sys.argv[3]), (d["totals"], sys.argv[3])
	assert {"pid", "tid", "comm"} <= set(d["labels"]), d["labels"]
	PY
}

event_count() {
	pm report --stdio -i "$1" 2>/dev/null | sed -n "s/^# Event count (approx.): //p" | head -1
}

test_expect_success PROTOBUF '--to-pprof: totals, top function and call edges are the report s' '
	pm record -q -e cpu-clock -c 100000 --call-graph dwarf -o dw.data -- "$WL/burn" 200 \
		>/dev/null 2>&1 &&
	pm data convert --to-pprof dw.pb.gz -i dw.data 2>err &&
	test_grep "Converted .dw.data. into pprof data .dw.pb.gz. \([0-9]+ samples\)" err &&
	test "$(head -c 2 dw.pb.gz | od -An -tx1 | tr -d " \n")" = 1f8b &&
	pprof_check dw.pb.gz "$(nr_samples dw.data)" "$(event_count dw.data)" &&
	top=$(pm report --stdio --no-children -q --sort sym -g none -i dw.data 2>/dev/null |
	      head -1 | awk "{print \$NF}") &&
	python3 - sum.json "$top" <<-PY
	import json, sys
	d = json.load(open(sys.argv[1]))
	top = sys.argv[2]
	# the innermost frame: the top symbol of the report, or a function DWARF
	# says is inlined into it
	assert d["top"] == top or top + "->" + d["top"] in d["edges"], (d["top"], top)
	assert "main->outer" in d["edges"] and "outer->middle" in d["edges"], d["edges"]
	assert d["types"][1][0].startswith("cpu-clock") and d["types"][1][1] == "nanoseconds"
	burn = [m for m in d["mappings"] if m[0].endswith("/burn")]
	assert burn and len(burn[0][1]) == 40, d["mappings"]
	PY
'

# perf sets DATA_SRC with --call-graph dwarf: the samples carry the
# kernel's all-N/A source and no weight. A reader opens the profile on
# the event (not an all-zero weight), and names it after the program.
test_expect_success PROTOBUF '--to-pprof of a dwarf recording: no empty type, the event by default, the program first' '
	python3 - sum.json <<-PY
	import json, sys
	d = json.load(open(sys.argv[1]))
	assert len(d["types"]) == 2 and all(d["totals"]), (d["types"], d["totals"])
	assert d["default_type"] == d["types"][1][0], d["default_type"]
	assert d["mappings"][0][0].endswith("/burn"), d["mappings"]
	assert d["period_type"] == d["types"][1] and d["period"] == 100000, d
	assert d["duration_nanos"] > 0 and d["time_nanos"] > 1.6e18, d
	assert not [l for l in d["labels"] if l.startswith("mem_")], d["labels"]
	PY
'

# main calls work from inside step, inlined; the call's return address
# is main's own next line. Frame pointers give that address: the caller's
# functions are those at the call (address - 1), as addr2line -i says.
test_expect_success PROTOBUF '--to-pprof, frame pointers: a caller'"'"'s inlined functions are those of the call' '
	cat >inl.c <<-\EOF &&
	#include <stdlib.h>
	__attribute__((noinline)) long leafy(long x, long i) { return (x ^ i) * 3; }
	__attribute__((noinline)) long work(long x)
	{
		long s = 0;
		for (long i = 0; i < 200000; i++)
			s += leafy(x, i);
		return s;
	}
	static inline __attribute__((always_inline)) long step(long x)
	{
		return work(x);
	}
	int main(int argc, char **argv)
	{
		long acc = 0, n = argc > 1 ? atol(argv[1]) : 1000;
		for (long i = 0; i < n; i++)
			acc += step(i) & 7;
		return (int)(acc & 1);
	}
	EOF
	cc -O2 -g -fno-omit-frame-pointer -o inl inl.c &&
	pm record -q -g -e cpu-clock -o inl.data -- ./inl 600 &&
	pm data convert --to-pprof inl.pb.gz -i inl.data 2>/dev/null &&
	"$DEB_PY" "$ROOT/tests/helpers/pprof-read.py" inl.pb.gz >inl.json &&
	python3 - inl.json <<-PY
	import json, sys
	e = json.load(open(sys.argv[1]))["edges"]
	assert "main->step" in e and ("step->work" in e or "step->leafy" in e), e
	assert "main->work" not in e and "main->leafy" not in e, e
	PY
'

test_expect_success PROTOBUF '--to-pprof: two events, a fixture from another machine, a pipe' '
	pm record -q -e cpu-clock,task-clock -c 100000 -g -o two.data -- "$WL/spin" 100 \
		>/dev/null 2>&1 &&
	pm data convert --to-pprof two.pb.gz -i two.data 2>/dev/null &&
	"$DEB_PY" "$ROOT/tests/helpers/pprof-read.py" two.pb.gz >two.json &&
	python3 -c "
import json; d = json.load(open(\"two.json\"))
assert len(d[\"types\"]) == 4 and d[\"types\"][3][0].startswith(\"task-clock\"), d[\"types\"]
" &&
	f="$PD/perf.data.callgraph-3.8" &&
	pm data convert --to-pprof cg.pb.gz -i "$f" 2>/dev/null &&
	pprof_check cg.pb.gz "$(nr_samples "$f")" "$(event_count "$f")" &&
	grep -q "\"labels\": \[[^]]*\"cpu\"" sum.json &&
	pm data convert --to-pprof pipe.pb.gz -i - <rec.pipe 2>/dev/null &&
	pprof_check pipe.pb.gz "$(nr_samples rec.pipe)" "$(event_count rec.pipe)"
'

test_expect_success PROTOBUF '--to-pprof of a memory profile: data sources as labels, weight as a value' '
	f="$PD/perf.data.weight_struct" &&
	pm data convert --to-pprof mem.pb.gz -i "$f" 2>/dev/null &&
	"$DEB_PY" "$ROOT/tests/helpers/pprof-read.py" mem.pb.gz >mem.json &&
	pm report --mem-mode --stdio -q --sort mem -i "$f" 2>/dev/null |
		sed "s/ *$//; s/^ *//" >levels.txt &&
	total=$(pm report --mem-mode --stdio -i "$f" 2>/dev/null |
		sed -n "s/^# Total weight : //p" | head -1) &&
	python3 - mem.json levels.txt "$total" <<-PY
	import json, sys
	d = json.load(open(sys.argv[1]))
	assert d["types"][2] == ["weight", "cycles"], d["types"]
	assert d["totals"][2] == int(sys.argv[3]), (d["totals"], sys.argv[3])
	assert {"mem_level", "mem_snoop", "mem_tlb", "mem_lock", "mem_blocked"} <= set(d["labels"])
	# each cache level weighs what report --mem-mode --sort mem says
	for row in open(sys.argv[2]):
	    if "%" not in row:
	        continue
	    pct, level = row.split("%", 1)
	    got = 100.0 * d["weight_by_mem_level"][level.strip()] / int(sys.argv[3])
	    assert abs(got - float(pct)) < 0.01, (level, got, pct)
	PY
'

test_expect_success '--to-pprof: one output at a time; an existing one kept without -f' '
	test_expect_code 129 pm data convert --to-json a.json --to-pprof a.pb.gz -i rec.data \
		2>err &&
	test_grep "one output at a time" err &&
	echo keep >kept.pb.gz &&
	test_expect_code 255 pm data convert --to-pprof kept.pb.gz -i rec.data 2>err &&
	test_grep "kept.pb.gz exists" err && test "$(cat kept.pb.gz)" = keep &&
	test_expect_code 255 pm data convert --to-pprof x.pb.gz -i missing.data 2>err &&
	test_grep "cannot open missing.data" err && test ! -e x.pb.gz
'

test_done
