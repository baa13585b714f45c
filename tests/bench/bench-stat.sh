#!/bin/sh
# make bench: perf-mini vs Linux perf on the same command lines, measured
# in one hyperfine run each; prints "perf-mini/perf = x.xx" per case.
pm=${1:-./perf-mini}
runs=${RUNS:-300}
if ! command -v perf >/dev/null || ! command -v hyperfine >/dev/null; then
	echo "bench needs perf and hyperfine" >&2
	exit 1
fi
out=$(mktemp)
trap 'rm -f "$out"' EXIT
bench() {
	name=$1
	shift
	hyperfine -N -w 20 -r "$runs" --export-json "$out" \
		"perf stat $* -- true" "$pm stat $* -- true" >/dev/null 2>&1 || return 1
	python3 - "$out" "$name" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"]
perf, pm = r[0]["median"], r[1]["median"]
print(f"{sys.argv[2]:<40} perf {perf*1e3:7.2f} ms  perf-mini {pm*1e3:7.2f} ms  perf-mini/perf = {pm/perf:.2f}")
PY
}
bench "stat -e task-clock,page-faults,cs" -e task-clock,page-faults,context-switches
bench "stat -x, -e task-clock,page-faults,cs" -x, -e task-clock,page-faults,context-switches
bench "stat (default events)"
