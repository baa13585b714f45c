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
	test_expect_code 1 pm data convert --to-json kept.json -i rec.data 2>err &&
	test_grep "kept.json exists" err && test_grep "hint: -f/--force" err &&
	test "$(cat kept.json)" = keep &&
	pm data convert -f --to-json kept.json -i rec.data 2>/dev/null &&
	check_json kept.json "$(cat count)"
'

test_expect_success 'a bad input leaves no file behind (perf leaves an empty one)' '
	test_expect_code 1 pm data convert --to-json none.json -i nosuch.data 2>err &&
	test_grep "cannot open nosuch.data" err &&
	test_expect_code 1 pm data convert --to-json none.json -i "$PD/README.md" 2>err &&
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
	test_expect_code 1 pm data convert --to-ctf dir -i rec.data 2>err &&
	test_grep "babeltrace" err &&
	test_expect_code 129 pm data convert --all --to-json x.json -i rec.data 2>err &&
	test_grep "does not apply to JSON" err &&
	test_expect_code 129 pm data 2>err &&
	test_grep "which data command" err &&
	test_expect_code 129 pm data frobnicate 2>err &&
	test_grep "the one data command is convert" err &&
	! ls x.json 2>/dev/null
'

test_expect_success 'an unwritable place: the cause, exit 1' '
	test_expect_code 1 pm data convert --to-json /nonexistent/dir/x.json -i rec.data 2>err &&
	test_grep "cannot write /nonexistent/dir/x.json" err
'

test_done
