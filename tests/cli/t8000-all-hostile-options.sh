#!/bin/sh
test_description='robustness: hostile event specs and options never crash'
. "$(dirname "$0")/test-lib.sh"

long=$(awk 'BEGIN { for (i = 0; i < 5000; i++) printf "cs,"; printf "zz" }')
deep=$(awk 'BEGIN { for (i = 0; i < 2000; i++) printf "{"; printf "cs" }')

test_expect_success 'a 15000-character spec with an error at the end: clear error, short context' '
	test_expect_code 129 pm stat -e "$long" true 2>err &&
	test_grep "unknown event .zz." err &&
	test $(head -1 err | wc -c) -lt 100
'

test_expect_success 'deeply nested braces: one error, no recursion blow-up' '
	test_expect_code 129 pm stat -e "$deep" true 2>err &&
	test_grep "groups cannot be nested" err
'

for spec in ":" "," "{}" "}" "/" "cpu//" "cpu/,/" "cpu/=5/" "cpu/event=/" \
	    "r" "rxyz" "sched:" ":u" "cs::u" "cs:u:k" "{cs}:" "a/b/c/d" \
	    "cpu/event=0xffffffffffffffffff/" "cs/period=-1/" "\$\$\$" "sched:*:*"; do
	test_expect_success "bad spec '$spec' fails cleanly" "
		test_must_fail pm stat -e '$spec' true 2>err &&
		test_grep 'event syntax error|Error' err
	"
done

test_expect_success 'a huge -r value is refused, not attempted' '
	test_expect_code 129 pm stat -r 99999999999 -e cs true 2>err
'

test_expect_success 'a huge -I value is refused' '
	test_expect_code 129 pm stat -I 99999999999 -e cs true 2>err
'

test_expect_success 'garbage -p and -t lists are refused' '
	test_must_fail pm stat -p "1,,x" -e cs true 2>err &&
	test_must_fail pm stat -t "-5" -e cs true 2>err
'

test_expect_success 'a described PMU tree that is empty or broken is survived' '
	mkdir -p broken/bus/event_source/devices/cpu/format broken/bus/event_source/devices/cpu/events &&
	echo notanumber >broken/bus/event_source/devices/cpu/type &&
	echo "config:99-1" >broken/bus/event_source/devices/cpu/format/event &&
	PERF_MINI_SYSFS=$PWD/broken pm list pmu >out &&
	test_must_fail env PERF_MINI_SYSFS=$PWD/broken "$PERF_MINI" stat -e cpu/event=1/ true 2>err &&
	test_grep "unknown PMU .cpu." err
'

test_expect_success SYSWIDE 'stat report on 300 damaged stat files: an error or output, never a crash' '
	pm stat record -o good.data -I 50 -a -A -e cpu-clock,page-faults -- sleep 0.12 \
		2>/dev/null &&
	python3 - good.data <<-\EOF &&
	import random, sys
	data = open(sys.argv[1], "rb").read()
	# the data section starts after the 104-byte header and the attrs
	off = int.from_bytes(data[40:48], "little")
	size = int.from_bytes(data[48:56], "little")
	rnd = random.Random(42)
	for i in range(300):
	    b = bytearray(data)
	    for _ in range(rnd.randint(1, 8)):
	        pos = off + rnd.randrange(size)
	        b[pos] = rnd.randrange(256)
	    open("bad%03d.data" % i, "wb").write(bytes(b))
	EOF
	for f in bad*.data; do
		pm stat report -i "$f" >/dev/null 2>err
		rc=$?
		if test $rc -ne 0 && test $rc -ne 1; then
			echo "$f: exit $rc"; cat err; return 1
		fi
	done
'

test_done
