#!/bin/sh
# make bench (part 3): the scale case, report and script on generated
# perf.data files of 5M cpu-clock samples (SIZES for others), with and
# without callchains, report
# --mem-mode on as many memory-load samples (gen-perf-data -d), and the
# fixed cost of record, and the default (--children, graph) report at the
# smallest size, a 1.5 GB file (BIG_SAMPLES); perf-mini and Linux perf on the same input, same
# options, outputs checked identical first. Prints wall time and peak RSS
# as "perf-mini/perf = x.xx" ratios.
pm=${1:-./perf-mini}
gen=${2:-build/gen-perf-data}
sizes=${SIZES:-5000000}
. "$(dirname "$0")/bench-lib.sh"

ratio() {
	name=$1 perf_t=$2 perf_m=$3 pm_t=$4 pm_m=$5
	awk -v n="$name" -v a="$perf_t" -v b="$pm_t" -v c="$perf_m" -v d="$pm_m" 'BEGIN {
		printf "%-44s perf %7.3f s %6.0f MB  perf-mini %7.3f s %6.0f MB  time perf-mini/perf = %.2f  rss perf-mini/perf = %.2f\n",
			n, a, c / 1024, b, d / 1024, (a > 0 ? b / a : 0), (c > 0 ? d / c : 0) }'
}

case_report() {
	label=$1 file=$2
	shift 2
	perf report --stdio -i "$file" "$@" 2>/dev/null | sh "$drop_tip" >"$dir/perf.txt"
	"$pm" report --stdio -i "$file" "$@" >"$dir/pm.txt"
	if ! cmp -s "$dir/perf.txt" "$dir/pm.txt"; then
		echo "$label: outputs differ, not timed"; return
	fi
	set -- "$file" "$@"
	p=$(measure perf report --stdio -i "$@")
	m=$(measure "$pm" report --stdio -i "$@")
	ratio "$label" $p $m
}

case_script() {
	label=$1 file=$2
	perf script -i "$file" >"$dir/perf.txt" 2>/dev/null
	"$pm" script -i "$file" >"$dir/pm.txt"
	if ! cmp -s "$dir/perf.txt" "$dir/pm.txt"; then
		echo "$label: outputs differ, not timed"; return
	fi
	p=$(measure perf script -i "$file")
	m=$(measure "$pm" script -i "$file")
	ratio "$label" $p $m
}

for n in $sizes; do
	"$gen" "$dir/flat.data" "$n"
	"$gen" "$dir/g.data" "$n" -g
	"$gen" "$dir/mem.data" "$n" -d
	case_report "report --no-children -s comm,dso,sym ${n}" "$dir/flat.data" \
		--no-children --sort comm,dso,sym
	case_report "report -g none --no-children ${n} (-g file)" "$dir/g.data" \
		--no-children -g none --sort comm,dso,sym
	# the default on a -g file: --children with callchain graphs (perf
	# takes over a minute at 1M of these random chains: 100k and less)
	[ "$n" -le 100000 ] && case_report "report ${n} (-g file, default --children graph)" \
		"$dir/g.data"
	case_report "report --mem-mode ${n} (memory loads)" "$dir/mem.data" --mem-mode
	case_script "script ${n}" "$dir/flat.data"
	case_script "script ${n} (-g file)" "$dir/g.data"
	rm -f "$dir/flat.data" "$dir/g.data" "$dir/mem.data"
done

# The scale hotspot's users report (KDAB/hotspot#97: 500 MB took 20
# minutes): a generated file of 1.5 GB (BIG_SAMPLES, 0 for none), one
# timed run of each, beside the floor, reading the file once (cat).
big=${BIG_SAMPLES:-37500000}
if [ "$big" -gt 0 ]; then
	"$gen" "$dir/big.data" "$big"
	perf report --stdio --no-children --sort comm,dso,sym -i "$dir/big.data" 2>/dev/null |
		sh "$drop_tip" >"$dir/perf.txt"
	"$pm" report --stdio --no-children --sort comm,dso,sym -i "$dir/big.data" >"$dir/pm.txt"
	if cmp -s "$dir/perf.txt" "$dir/pm.txt"; then
		floor=$(runs=1 median_of "cat $dir/big.data")
		p=$(runs=1 measure perf report --stdio --no-children --sort comm,dso,sym -i "$dir/big.data")
		m=$(runs=1 measure "$pm" report --stdio --no-children --sort comm,dso,sym -i "$dir/big.data")
		label="report --no-children -s comm,dso,sym, $(($(wc -c <"$dir/big.data") >> 20)) MB"
		ratio "$label" $p $m
		echo "$m $floor" | awk '{ printf "%-44s floor (cat) %7.3f s  perf-mini/floor = %.1f\n", "", $3, $1 / $3 }'
	else
		echo "report of ${big} samples: outputs differ, not timed"
	fi
	rm -f "$dir/big.data"
fi

p=$(measure perf record -q -e cpu-clock -o "$dir/r1.data" -- true)
m=$(measure "$pm" record -q -e cpu-clock -o "$dir/r2.data" -- true)
ratio "record -e cpu-clock -- true (fixed cost)" $p $m

# Workload slowdown at -F 10000 -g on a CPU-bound fixed amount of work:
# the workload's own time under each recorder over its time alone (median
# of $runs), and the lost events each recorder reported.
burn=$(dirname "$gen")/workloads/burn
own_time() {
	for i in $(seq "$runs"); do "$@" 2>/dev/null | tail -1 | cut -d' ' -f2; done |
		sort -n | awk '{ t[NR] = $1 } END { print t[int((NR + 1) / 2)] }'
}
if [ -x "$burn" ]; then
	alone=$(own_time "$burn" 400)
	p=$(own_time perf record -q -F 10000 -g -o "$dir/b1.data" -- "$burn" 400)
	m=$(own_time "$pm" record -q -F 10000 -g -o "$dir/b2.data" -- "$burn" 400)
	plost=$(perf report --stats -i "$dir/b1.data" 2>/dev/null | awk '/LOST events/ { print $3 }')
	mlost=$("$pm" report --stats -i "$dir/b2.data" | awk '/LOST events/ { print $3 }')
	echo "$alone $p $m ${plost:-0} ${mlost:-0}" | awk '{
		printf "%-44s alone %5.3f s  under perf %5.3f s (x%.3f, %d lost)  under perf-mini %5.3f s (x%.3f, %d lost)  slowdown perf-mini/perf = %.2f\n",
			"record -F 10000 -g -- burn 400", $1, $2, $2 / $1, $4, $3, $3 / $1, $5, ($3 / $1) / ($2 / $1) }'
fi
