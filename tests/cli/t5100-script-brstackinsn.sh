#!/bin/sh
test_description='script -F brstackinsn: the code between the branches of synthesized LBR stacks'
. "$(dirname "$0")/test-lib.sh"

# gen-lbr writes branch stacks through spin's own code (no PMU records
# them here); the instructions are checked against objdump's listing.
what=brstackinsn
. "$TEST_DIR/lib-insns.sh"

test_expect_success 'setup: one stack, now_ms into main and back' '
	"$BUILD/test-tool" gen-lbr one.data "$bin" -- "$n0>$(a 1):3,$(a 6)>$(a 7):6,$(a 8)>$n0:2"
'

test_expect_success 'each block: its function, every instruction, the branch with cycles and IPC' '
	pm script -F brstackinsn -i one.data >out &&
	sed -n 2p out | grep -q "^	now_ms:$" &&
	sed -n 3p out | grep -qE "^	00005555555[0-9a-f]{5}	insn: ([0-9a-f]{2} )+ *	# 3 cycles \[3\]$" &&
	sed -n 4p out | grep -q "^	main+[0-9]*:$" &&
	grep -c "insn:" out >n && test $(cat n) -eq 10 &&
	grep -q "# 6 cycles \[9\] 1\.00 IPC$" out &&
	grep -q "# 2 cycles \[11\] 1\.00 IPC$" out &&
	tail -1 out | grep -q "^$"
'

test_expect_success 'the addresses are the instructions objdump lists, block by block' '
	pm script -F brstackinsn -i one.data |
		sed -n "s/^	0000\([0-9a-f]*\)	insn:.*/\1/p" >addrs &&
	for i in 1 2 3 4 5 6 7 8; do
		printf "%x\n" $((0x555555554000 + 0x$(a $i))) || return 1
	done >want.main &&
	sed -n 2,9p addrs >got.main && test_cmp want.main got.main
'

test_expect_success 'brstackinsnlen: each instruction with its length' '
	pm script -F brstackinsnlen -i one.data >out &&
	grep -q "	ilen: [0-9]*	# 6 cycles" out &&
	! grep "insn:" out | grep -qv "ilen: [1-9]"
'

test_expect_success 'a file without every branch in its stacks: refused, saying why' '
	pm record -q -e cpu-clock -o plain.data -- "$WL/spin" 20 2>/dev/null &&
	test_must_fail pm script -F brstackinsn -i plain.data >out 2>err &&
	grep -q "no stack of every taken branch" err && grep -q "record -b" err &&
	test ! -s out
'

test_done
