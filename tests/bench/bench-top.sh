#!/bin/sh
# make bench (part 5): top's memory over a long run while processes come
# and go (a shell starting short programs without end): perf-mini top
# and perf top, both --stdio -d 1 on every CPU for $TOP_SECS seconds
# (default 60), their resident memory after 5 s and at the end. Flat is
# the aim: each refresh keeps only the entries still counting. Nothing is
# asserted; the figures are printed.
pm=${1:-./perf-mini}
secs=${TOP_SECS:-60}

if ! "$pm" stat -a -e cpu-clock -- true >/dev/null 2>&1; then
	echo "top memory: skipped (this user may not watch every CPU: run make bench as root)"
	exit 0
fi

rss_kb() {
	awk -v k="$2" '$1 == k ":" { print $2 }' "/proc/$1/status" 2>/dev/null
}

# TOOL...: started, its RSS at 5 s and at the end, then ^C
run_top() {
	"$@" top --stdio -d 1 </dev/null >/dev/null 2>&1 &
	p=$!
	sleep 5
	early=$(rss_kb $p VmRSS)
	sleep $((secs - 5))
	late=$(rss_kb $p VmRSS)
	peak=$(rss_kb $p VmHWM)
	kill -INT $p
	wait $p 2>/dev/null
	echo "${early:-0} ${late:-0} ${peak:-0}"
}

sh -c 'while :; do /bin/true; ls / >/dev/null; done' &
churn=$!
trap 'kill $churn 2>/dev/null' EXIT
mini=$(run_top "$pm")
if command -v perf >/dev/null 2>&1; then
	perf=$(run_top perf)
else
	perf="0 0 0"
fi
kill $churn 2>/dev/null

echo "top over $secs s with processes coming and going, resident KB (after 5 s, at the end, peak):"
echo "$mini $perf" | awk '{
	printf "  perf-mini top  %7d %7d %7d   growth %+d KB\n", $1, $2, $3, $2 - $1
	if ($4) printf "  perf top       %7d %7d %7d   growth %+d KB\n", $4, $5, $6, $5 - $4
	if ($6) printf "  peak perf-mini/perf %.2f\n", $3 / $6
}'
