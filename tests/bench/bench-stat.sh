#!/bin/sh
# make bench: perf-mini vs Linux perf on the same command lines, measured
# in one hyperfine run each; prints "perf-mini/perf = x.xx" per case, and,
# given stat-floor (tests/bench/stat-floor.c), the same ratio for that
# program: the part of the ratio this machine sets, whatever the tool.
pm=${1:-./perf-mini}
floor=$2
runs=${RUNS:-300}
if ! command -v perf >/dev/null || ! command -v hyperfine >/dev/null; then
	echo "bench needs perf and hyperfine" >&2
	exit 1
fi
out=$(mktemp)
trap 'rm -f "$out"' EXIT
bench() {
	name=$1
	floor_args=$2
	shift 2
	set -- "perf stat $* -- true" "$pm stat $* -- true"
	[ -n "$floor" ] && set -- "$@" "$floor $floor_args -- true"
	hyperfine -N -w 20 -r "$runs" --export-json "$out" "$@" >/dev/null 2>&1 || return 1
	python3 - "$out" "$name" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"]
perf, pm = r[0]["median"], r[1]["median"]
line = f"{sys.argv[2]:<40} perf {perf*1e3:7.2f} ms  perf-mini {pm*1e3:7.2f} ms  perf-mini/perf = {pm/perf:.2f}"
if len(r) > 2:
    line += f"  (floor {r[2]['median']*1e3:.2f} ms, floor/perf = {r[2]['median']/perf:.2f})"
print(line)
PY
}
bench "stat -e task-clock,page-faults,cs" "" -e task-clock,page-faults,context-switches
bench "stat -x, -e task-clock,page-faults,cs" "" -x, -e task-clock,page-faults,context-switches
bench "stat (default events)" -d
