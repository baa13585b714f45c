#!/bin/sh
test_description='oracle: recordings killed with SIGKILL, by perf and by perf-mini, in file and pipe mode'
. "$(dirname "$0")/../cli/test-lib.sh"

if ! command -v perf >/dev/null 2>&1; then
	test_skip "killed recordings" "Linux perf is not installed"
	test_done; exit $?
fi

# Run TOOL record (its remaining arguments) on a spinning workload whose PID
# lands in wl.pid, wait until OUT has BYTES (no timing: the file's growth),
# then SIGKILL the recorder and the workload, by PID.
record_killed() {
	out=$1 bytes=$2
	shift 2
	rm -f wl.pid
	"$@" -- sh -c "echo \$\$ >wl.pid; exec \"$WL/spin\" 60000" 2>/dev/null &
	rec=$!
	tries=0
	until test -s wl.pid && test -s "$out" && test $(wc -c <"$out") -ge "$bytes"; do
		tries=$((tries + 1))
		[ $tries -gt 600 ] && break
		sleep 0.1
	done
	kill -KILL $rec $(cat wl.pid 2>/dev/null) 2>/dev/null
	wait $rec 2>/dev/null
	test $tries -le 600
}

samples_in() {
	pm script -F event -i - <"$1" 2>/dev/null | grep -c cpu-clock
}

test_expect_success 'perf record killed (file mode, data size 0): perf-mini reads its samples' '
	record_killed pk.data 300000 perf record -q -e cpu-clock -c 50000 -o pk.data &&
	test "$(od -An -tu8 -j48 -N8 pk.data | tr -d " ")" = 0 &&
	pm report --stdio -i pk.data >out 2>err &&
	test_grep "pk.data was not finalised" err &&
	test $(samples_in pk.data) -gt 0 && test_grep "spin +spin +\[\.\] main" out
'

# Both tools' tables of a pipe stream read from stdin are the same, and
# it holds samples.
same_pipe_table() {
	perf report --stdio -i - <"$1" 2>/dev/null |
		sh "$ROOT/tests/helpers/drop-perf-tip.sh" >perf.txt &&
	pm report --stdio -i - <"$1" >pm.txt 2>err &&
	test_cmp perf.txt pm.txt && test $(samples_in "$1") -gt 0
}

test_expect_success 'perf record killed in pipe mode: the same table in both tools' '
	record_killed pk.pipe 300000 sh -c "exec perf record -q -e cpu-clock -c 50000 -o - \"\$@\" >pk.pipe" sh &&
	same_pipe_table pk.pipe
'

test_expect_success 'perf-mini record killed (file mode): both tools read what it wrote' '
	record_killed mk.data 100000 "$PERF_MINI" record -q -e cpu-clock -c 50000 -o mk.data &&
	pm report --stdio -i mk.data >pm.txt 2>err && test_grep "was not finalised" err &&
	test $(samples_in mk.data) -gt 0 &&
	perf report --stdio -i mk.data 2>/dev/null | test_grep "spin +spin +\[\.\] main" -
'

test_expect_success 'perf-mini record killed in pipe mode: the same table in both tools' '
	record_killed mk.pipe 100000 sh -c "exec \"$PERF_MINI\" record -q -e cpu-clock -c 50000 -o - \"\$@\" >mk.pipe" sh &&
	same_pipe_table mk.pipe
'

test_done
