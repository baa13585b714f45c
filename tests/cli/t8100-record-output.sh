#!/bin/sh
test_description='record: outputs that are not a new regular file (pipes, devices, FIFOs)'
. "$(dirname "$0")/test-lib.sh"

test_expect_success 'stdout a pipe and no -o: the stream goes to stdout, as perf' '
	pm record -q -e cpu-clock -- "$WL/spin" 100 | pm report -i - --stdio >out &&
	test_grep "spin" out && ! test -e perf.data &&
	pm record -q -e cpu-clock -- "$WL/spin" 100 | cat >stream &&
	sh "$ROOT/tests/helpers/is-pipe-file.sh" stream
'

test_expect_success 'stdout a pipe: report and script read stdin without -i' '
	pm record -q -e cpu-clock -- "$WL/spin" 100 | pm report --stdio >out &&
	test_grep "spin" out &&
	pm record -q -e cpu-clock -- "$WL/spin" 100 | pm script >out &&
	test_grep "cpu-clock" out && ! test -e perf.data
'

# burn prints a line on stdout: in the stream it would cut a record
test_expect_success 'the workload writes on stdout: its lines go to stderr, the stream stays whole' '
	pm record -q -e cpu-clock -o - -- "$WL/burn" 100 >stream 2>err &&
	test_grep "^[0-9]+ [0-9.]+$" err &&
	pm report --stdio -i stream >out 2>rerr && test ! -s rerr && test_grep "burn" out &&
	pm record -q -e cpu-clock -o plain.data -- "$WL/burn" 100 >out 2>err &&
	test_grep "^[0-9]+ [0-9.]+$" out && test ! -s err
'

test_expect_success '-o /dev/null is a sink: exit 0, the device stays' '
	pm record -q -e cpu-clock -o /dev/null -- "$WL/spin" 100 &&
	test -c /dev/null
'

test_expect_success '-o /dev/full: the disk-full error, exit 255 as perf, the device stays' '
	test_expect_code 255 pm record -q -e cpu-clock -o /dev/full -- true 2>err &&
	test_grep "^perf-mini record: cannot write /dev/full: No space left on device" err &&
	test -c /dev/full
'

# Each failure after the output was opened must leave what was there.
test_expect_success 'a FIFO given as -o is not removed when recording fails' '
	mkfifo fifo && (cat fifo >/dev/null &) &&
	test_expect_code 255 pm record -q -e cpu-clock -o fifo -- ./no-such-program 2>err &&
	test -p fifo
'

test_expect_success 'an existing empty file given as -o is not removed when recording fails' '
	: >empty.data &&
	test_expect_code 255 pm record -q -e cpu-clock -o empty.data -- ./no-such-program &&
	test -f empty.data
'

test_expect_success 'a file this run created is removed when recording fails' '
	test_expect_code 255 pm record -q -e cpu-clock -o new.data -- ./no-such-program &&
	! test -e new.data
'

# A full disk: a 256 KB tmpfs in a private mount namespace (root only).
if [ "$(id -u)" = 0 ] && unshare -m true 2>/dev/null; then
	test_expect_success 'a disk that fills up: the error, the workload ended, what was written readable' '
		mkdir small &&
		unshare -m sh -c "mount -t tmpfs -o size=256k none small &&
			\"$PERF_MINI\" record -e cpu-clock -c 100000 -o small/p.data -- \
				\"$WL/spin\" 60000 2>err; echo \$? >rc;
			\"$PERF_MINI\" report --stdio -i small/p.data >out 2>report.err" &&
		test "$(cat rc)" = 255 &&	# perf 6.1: 255 too
		test_grep "^perf-mini record: cannot write small/p.data: No space left on device" err &&
		test_grep "^hint: the disk is full" err &&
		test_grep "small/p.data was not finalised" report.err &&
		test_grep "spin +spin +\[\.\] main" out
	'
else
	test_skip "a disk that fills up" "needs root and unshare -m for a small tmpfs"
fi

if [ "$(id -u)" = 0 ]; then
	test_expect_success 'a device node given as -o is not removed when recording fails (root)' '
		mknod null c 1 3 &&
		test_expect_code 255 pm record -q -e cpu-clock -o null -- ./no-such-program &&
		test -c null
	'
else
	test_skip "a device node given as -o survives a failure" "mknod needs root"
fi

test_done
