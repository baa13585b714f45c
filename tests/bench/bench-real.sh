#!/bin/sh
# make bench (part 2): report and script on recordings Linux perf makes
# here, now, of programs like real ones (perf-mini records one too): a few
# seconds of a user program, the same with -g, a C++ program, a
# multi-process system-wide run with and without -g, perf's own bench
# (many functions, shared libraries) with --call-graph dwarf, and a
# tracepoint recording. perf-mini and Linux perf read the same file with
# the same options, outputs checked identical first; median wall time
# (hyperfine) and peak RSS are printed as "perf-mini/perf" ratios, with
# the floor: reading the file once (cat), and separately what printing
# /proc/kallsyms costs the kernel, which perf pays on every report and
# perf-mini on the first one of a boot (then it reads its cache).
pm=${1:-./perf-mini}
wl=${2:-build/workloads}
secs=${SECS:-3}
. "$(dirname "$0")/bench-lib.sh"

floor_of() {
	median_of "cat $1"
}

ratio() {
	name=$1 floor=$2 perf_t=$3 perf_m=$4 pm_t=$5 pm_m=$6
	awk -v n="$name" -v f="$floor" -v a="$perf_t" -v b="$pm_t" -v c="$perf_m" -v d="$pm_m" 'BEGIN {
		printf "%-46s floor %6.3f s  perf %7.3f s %5.0f MB  perf-mini %7.3f s %5.0f MB  time %.2f  rss %.2f\n",
			n, f, a, c / 1024, b, d / 1024, (a > 0 ? b / a : 0), (c > 0 ? d / c : 0) }'
}

# case LABEL CMD FILE [OPTIONS]: CMD is report or script
case_run() {
	label=$1 cmd=$2 file=$3
	shift 3
	[ "$cmd" = report ] && set -- --stdio "$@"
	perf "$cmd" -i "$file" "$@" 2>/dev/null | sh "$drop_tip" >"$dir/perf.txt"
	"$pm" "$cmd" -i "$file" "$@" 2>/dev/null >"$dir/pm.txt"
	if ! cmp -s "$dir/perf.txt" "$dir/pm.txt"; then
		# kept, to see why: the recordings are made anew at every run
		keep=$(mktemp -d "${TMPDIR:-/tmp}/perf-mini-bench.XXXXXX")
		cp "$file" "$dir/perf.txt" "$dir/pm.txt" "$keep/"
		echo "$label: outputs differ ($(diff "$dir/perf.txt" "$dir/pm.txt" | grep -c '^<') lines), not timed; file and outputs in $keep"
		return
	fi
	p=$(measure perf "$cmd" -i "$file" "$@")
	m=$(measure "$pm" "$cmd" -i "$file" "$@")
	ratio "$label" "$(floor_of "$file")" $p $m
}

rec() {
	out=$1
	shift
	perf record -q -o "$dir/$out" "$@" >/dev/null 2>&1 || echo "recording $out failed"
}

ms=$((secs * 1000))
rec user.data -- "$wl/burn" "$ms"
rec user-g.data -g -- "$wl/burn" "$ms"
rec cxx-g.data -g -- "$wl/shapes" "$ms"
"$pm" record -q -g -o "$dir/pm-user-g.data" -- "$wl/burn" "$ms" >/dev/null
rec sys.data -a -F 10000 -- sh -c "$wl/spin $ms & $wl/spin $ms & wait"
rec sys-g.data -a -g -F 10000 -- sh -c "$wl/spin $ms & $wl/spin $ms & wait"
rec dwarf.data --call-graph dwarf -- "$wl/burn" "$ms"
rec cxx-dwarf.data --call-graph dwarf -- "$wl/shapes" "$ms"
rec dwarf-perf.data --call-graph dwarf -- perf bench sched messaging -l 100
rec tp.data -a -e sched:sched_switch -e sched:sched_wakeup -- sleep "$secs"

echo "Recordings made by perf on this machine (${secs}s workloads); perf-mini/perf ratios:"
case_run "report: user program" report "$dir/user.data"
case_run "script: user program" script "$dir/user.data"
case_run "report: user program -g (children graph)" report "$dir/user-g.data"
case_run "report: user program -g, perf-mini's file" report "$dir/pm-user-g.data"
case_run "report: C++ program -g" report "$dir/cxx-g.data"
case_run "report: system-wide, --sort comm,dso,sym" report "$dir/sys.data" \
	--no-children --sort comm,dso,sym
case_run "script: system-wide" script "$dir/sys.data"
case_run "report: system-wide -g, --no-children" report "$dir/sys-g.data" --no-children
case_run "report: system-wide -g (children graph)" report "$dir/sys-g.data"
case_run "report: user program, dwarf" report "$dir/dwarf.data"
case_run "script: user program, dwarf" script "$dir/dwarf.data"
# perf 6.1's addr2line names some glibc frames by an alias (__GI_*) and
# misses some of the inlined C++ functions libdw lists: inlined frames are
# left out of these comparisons
case_run "report: C++ program, dwarf, --no-inline" report "$dir/cxx-dwarf.data" --no-inline
# perf bench's outputs still differ in samples taken in a library's _fini
# (no CFI) as the program exits: perf's libunwind gives up after one
# made-up frame, libdw (perf-mini) goes on to _start; then not timed.
case_run "report: perf bench, dwarf, --no-inline" report "$dir/dwarf-perf.data" --no-inline
case_run "script: perf bench, dwarf, --no-inline" script "$dir/dwarf-perf.data" --no-inline
case_run "report: tracepoints, system-wide" report "$dir/tp.data"
case_run "script: tracepoints, system-wide" script "$dir/tp.data"

printf "the kernel printing /proc/kallsyms (perf pays it per report): %.3f s\n" \
	"$(median_of "cat /proc/kallsyms")"
