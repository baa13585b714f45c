#!/bin/sh
test_description='report/script: endless, hostile, cut and unfinalised inputs'
. "$(dirname "$0")/test-lib.sh"

# An input that is no perf.data must fail at once: `timeout` turns a read
# that never ends (exit 124) into a failure instead of a hung suite.
must_refuse() {
	test_expect_code 255 timeout 20 "$PERF_MINI" "$@" >out 2>err &&
	test_grep "^perf-mini (report|script): " err && ! test -s out
}

test_expect_success 'report -i /dev/zero, -i - </dev/zero, -i /dev/urandom: refused at once' '
	must_refuse report --stdio -i /dev/zero &&
	test_grep "/dev/zero is not a perf.data file \(bad magic at offset 0\)" err &&
	must_refuse report --stdio -i - </dev/zero &&
	test_grep "^perf-mini report: - is not a perf.data file" err &&
	must_refuse report --stdio -i /dev/urandom &&
	must_refuse script -i /dev/zero
'

test_expect_success 'a pipe with the magic and then zeros: refused at the first impossible size' '
	(printf PERFILE2; cat /dev/zero) | must_refuse report --stdio -i - &&
	test_grep "its header claims 0 bytes, which no perf.data header has" err &&
	(printf "PERFILE2\020\0\0\0\0\0\0\0"; cat /dev/zero) | must_refuse report --stdio -i - &&
	test_grep "record at offset 0x10 has size 0 \(smaller than its 8-byte header\)" err &&
	(printf "PERFILE2\020\0\0\0\0\0\0\0"; cat /dev/zero) | must_refuse script -i -
'

cut_at() {
	head -c "$2" "$1" >"$3"
}

size_of() {
	wc -c <"$1" | tr -d " "
}

# An offset inside FILE's data section, halfway between the end of its
# first sample and the section's end: whatever the sample count (a loaded
# machine gives fewer, and the header's features may outweigh the data).
# In a pipe stream (whose records run from its 16-byte header to its end)
# the offset is 3 bytes into the record found there, so that a cut there
# is inside a record (T1: at half the bytes a loaded run had only the
# exec's two samples before it).
samples_middle() {
	python3 -c '
import struct, sys
b = open(sys.argv[1], "rb").read()
pipe = struct.unpack_from("<Q", b, 8)[0] == 16
off, size = (16, len(b) - 16) if pipe else struct.unpack_from("<QQ", b, 40)
at, end, first = off, off + size, None
while at + 8 <= end:
    kind, _, n = struct.unpack_from("<IHH", b, at)
    if kind == 9 and first is None:
        first = at + n
    at += n
middle = first + (end - first) // 2
at = off
while pipe:
    n = struct.unpack_from("<H", b, at + 6)[0]
    if at + n > middle:
        middle = at + 3
        break
    at += n
print(middle)' "$1"
}

# the samples perf-mini script prints from a file or stream
samples_of() {
	pm script -F event -i - <"$1" 2>/dev/null | grep -c cpu-clock
}

test_expect_success 'setup: a pipe-mode stream and a file of the same workload' '
	pm record -q -e cpu-clock -c 100000 -o - -- "$WL/spin" 300 >full.pipe &&
	pm record -q -e cpu-clock -c 100000 -o full.data -- "$WL/spin" 300 &&
	pm report --stdio -n -i full.data >full.out && test_grep "spin" full.out &&
	test $(samples_of full.data) -gt 2
'

test_expect_success 'a pipe stream cut inside a record: what came before, perf'"'"'s warning, exit 0' '
	cut_at full.pipe $(samples_middle full.pipe) half.pipe &&
	pm report --stdio -i - <half.pipe >out 2>err &&
	test_grep "^perf-mini report: warning: -: unexpected end of event stream: the record at offset 0x[0-9a-f]+ is cut after [0-9]+ bytes" err &&
	test_grep "spin +spin +\[\.\] main" out &&
	pm script -i - <half.pipe >out 2>err &&
	test_grep "unexpected end of event stream" err && test_grep "cpu-clock" out
'

test_expect_success 'a pipe stream cut anywhere: exit 0 or one error, never a crash' '
	n=$(size_of full.pipe) && for at in 4 8 15 16 17 100 1000 $((n - 1)) $((n - 7)); do
		cut_at full.pipe $at c.pipe &&
		pm report --stdio -i - <c.pipe >out 2>err; rc=$?
		{ test $rc = 0 || test $rc = 255; } || { echo "cut at $at: exit $rc"; return 1; }
	done
'

test_expect_success 'a stream cut before its first sample says so' '
	cut_at full.pipe 100 c.pipe &&
	pm report --stdio -i - <c.pipe >out 2>err &&
	test_grep "^perf-mini report: warning: - holds no samples: it was cut off before the first one" err
'

test_expect_success 'a file cut inside its data section: the whole records before the cut, a warning, exit 0' '
	cut_at full.data $(samples_middle full.data) cut.data &&
	pm report --stdio -n -i cut.data >out 2>err &&
	test_grep "^perf-mini report: warning: cut.data is truncated: its data section \([0-9]+ bytes at offset 0x[0-9a-f]+\) ends past the end of the file" err &&
	test_grep "spin +spin +\[\.\] main" out &&
	test $(samples_of cut.data) -gt 0 && test $(samples_of cut.data) -lt $(samples_of full.data)
'

test_expect_success 'a file cut inside its header: one error, exit 255' '
	cut_at full.data 50 cut.data &&
	test_expect_code 255 pm report --stdio -i cut.data 2>err &&
	test_grep "cut.data: truncated header \(50 bytes, needs 104\)" err
'

# What perf record leaves when it is killed: the header written at the
# start (data size 0, the feature bits set) and the data, no features.
test_expect_success 'a perf-style unfinalised file (data size 0, no features): every sample read' '
	off=$(od -An -tu8 -j40 -N8 full.data | tr -d " ") &&
	size=$(od -An -tu8 -j48 -N8 full.data | tr -d " ") &&
	head -c $((off + size)) full.data >killed.data &&
	printf "\0\0\0\0\0\0\0\0" | dd of=killed.data bs=1 seek=48 conv=notrunc 2>/dev/null &&
	pm report --stdio -n -i killed.data >out 2>err &&
	test_grep "^perf-mini report: warning: killed.data was not finalised \(its recording was killed, or stopped by a full disk\)" err &&
	grep -v "^#" full.out >full.rows && grep -v "^#" out >rows && test_cmp full.rows rows &&
	pm script -i killed.data >out 2>err && test_grep "was not finalised" err &&
	test $(grep -c cpu-clock out) -eq $(samples_of full.data)
'

# Killed once its file holds data: no timing, only the file's growth.
test_expect_success 'record killed by SIGKILL: what it took is readable' '
	"$PERF_MINI" record -e cpu-clock -c 50000 -o k.data -- sh -c "echo \$\$ >wl.pid; exec \"$WL/spin\" 60000" \
		2>/dev/null & pid=$! &&
	await "test -s k.data && test \$(size_of k.data) -ge 20000 && test -s wl.pid";
	kill -KILL $pid $(cat wl.pid); wait $pid;
	pm report --stdio -n -i k.data >out 2>err &&
	test_grep "k.data was not finalised" err && test $(samples_of k.data) -gt 0 &&
	test_grep "spin +spin +\[\.\] main" out
'

test_expect_success 'a header-only file from a recording killed at once says it holds no samples' '
	head -c $(od -An -tu8 -j40 -N8 full.data | tr -d " ") full.data >empty.data &&
	printf "\0\0\0\0\0\0\0\0" | dd of=empty.data bs=1 seek=48 conv=notrunc 2>/dev/null &&
	pm report --stdio -i empty.data >out 2>err &&
	test_grep "empty.data holds no samples: it was cut off before the first one" err
'

# A valid stream that never ends fills what perf-mini may keep: under a
# 600 MB address-space limit that is a clear message, not a silent exit.
# (AddressSanitizer reserves far more address space than that: skipped.)
endless_stream() {
	python3 -c 'import sys, struct
sys.stdout.buffer.write(b"PERFILE2" + struct.pack("<Q", 16))
rec = struct.pack("<IHH", 68, 0, 8) * 8192
try:
    while True: sys.stdout.buffer.write(rec)
except BrokenPipeError: pass'
}

case "$BUILD" in
*asan*) test_skip "an endless pipe stream: a clear message" "ulimit -v and ASan do not mix" ;;
*)
test_expect_success 'an endless pipe stream: out of memory named, with the fix, exit 255' '
	(ulimit -v 600000 && endless_stream | must_refuse report --stdio -i -) &&
	test_grep "^perf-mini report: -: out of memory after reading [0-9]+ MiB of it" err &&
	test_grep "^hint: a pipe is kept whole in memory: write it to a file" err
'

# Memory running out anywhere in report or script (address-space limits
# from where the file barely opens to where it is read whole): the run
# ends with one message naming it, exit 1, never a signal.
test_expect_success 'out of memory at any point of report or script: named, exit 255, no crash' '
	pm record -q -e cpu-clock -g -o oom.data -- "$WL/spin" 200 &&
	: >ran-out &&
	# below the binary s own size (static, with its libraries) nothing of
	# it runs: the limits start where --version does
	least=5000 &&
	until (ulimit -v $least && exec "$PERF_MINI" --version >/dev/null 2>&1); do
		least=$((least + 1000)); test $least -le 60000 || exit 1
	done &&
	# every 100K for the first 2M (where mapping the file fails but a
	# read of it fits: CI saw "bad magic" there once), then every half
	# megabyte: the generic out-of-memory path (an allocation that cannot
	# fail) shows in a narrower window than the histogram s
	for cmd in "report --stdio" "report --stdio --no-children --sort dso,sym" \
		   "report --stdio -g caller" "script" "script -F ip,sym"; do
		kb=$least
		while [ $kb -le $((least + 25000)) ]; do
			step=500 && test $kb -ge $((least + 2000)) || step=100
			rc=0
			(ulimit -v $kb && exec "$PERF_MINI" $cmd -i oom.data >/dev/null 2>err) || rc=$?
			if { [ $rc != 0 ] && [ $rc != 255 ]; } || { [ $rc = 255 ] && ! grep -q "memory" err; }; then
				echo "$cmd under ${kb}K: exit $rc"; cat err; exit 1
			fi
			cat err >>ran-out
			kb=$((kb + step))
		done
	done &&
	test_grep "^perf-mini: out of memory \([0-9]+ x [0-9]+ bytes\)" ran-out
'
;;
esac

test_done
