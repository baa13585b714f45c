#!/bin/sh
# make bench (part 6): what recording costs the system. record -a -g
# -c 10000 for SECS seconds (4) on every CPU while two busy programs run
# on them: the recorder's own CPU time (user and system; the sleep it
# waits on costs nothing), the samples it lost, and the bytes it wrote
# per sample; perf and perf-mini alternating, RUNS times each, medians.
pm=${1:-./perf-mini}
wl=${2:-build/workloads}
secs=${SECS:-4}
. "$(dirname "$0")/bench-lib.sh"

# one recording by $1 (perf or perf-mini): "cpu-seconds lost samples bytes"
record_cost() {
	out="$dir/rec.data"
	rm -f "$out"
	/usr/bin/time -f "%U %S" -o "$dir/time" "$1" record -q -a -g -c 10000 -o "$out" \
		-- sleep "$secs" >/dev/null 2>&1
	# perf-mini reads both tools' files and counts as perf does (o-tests)
	"$pm" report --stdio --no-children -g none -i "$out" >"$dir/rep" 2>/dev/null
	"$pm" report --stats -i "$out" >>"$dir/rep" 2>/dev/null
	awk -v bytes="$(wc -c <"$out")" -v cpu="$(awk '{ print $1 + $2 }' "$dir/time")" '
		/^# Total Lost Samples:/ { lost += $5 }
		/SAMPLE events:/ && !samples { samples = $3 }
		END { print cpu, lost + 0, samples + 0, bytes }' "$dir/rep"
}

median() {
	sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

"$wl/spin" 3600000 >/dev/null & b1=$!
"$wl/spin" 3600000 >/dev/null & b2=$!
trap 'kill $b1 $b2 2>/dev/null; rm -rf "$dir"' EXIT
for i in $(seq "$runs"); do
	echo "perf $(record_cost perf)" >>"$dir/costs"
	echo "pm $(record_cost "$pm")" >>"$dir/costs"
done
for t in perf pm; do
	awk -v t=$t '$1 == t { print $2 }' "$dir/costs" | median >"$dir/$t.cpu"
	awk -v t=$t '$1 == t { print $3 }' "$dir/costs" | median >"$dir/$t.lost"
	awk -v t=$t '$1 == t && $4 { print $5 / $4 }' "$dir/costs" | median >"$dir/$t.bps"
done
awk -v pc="$(cat "$dir/perf.cpu")" -v mc="$(cat "$dir/pm.cpu")" \
    -v pl="$(cat "$dir/perf.lost")" -v ml="$(cat "$dir/pm.lost")" \
    -v pb="$(cat "$dir/perf.bps")" -v mb="$(cat "$dir/pm.bps")" -v s="$secs" 'BEGIN {
	printf "%-44s perf %6.3f s CPU %7d lost %5.0f B/sample  perf-mini %6.3f s CPU %7d lost %5.0f B/sample  cpu perf-mini/perf = %.2f\n",
		"record -a -g -c 10000, " s " s, 2 busy programs", pc, pl, pb, mc, ml, mb, (pc > 0 ? mc / pc : 0) }'
