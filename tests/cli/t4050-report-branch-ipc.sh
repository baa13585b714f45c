#!/bin/sh
test_description='report -b: the IPC column of resolved symbols, from the cycles of synthesized LBR stacks'
. "$(dirname "$0")/test-lib.sh"

# No PMU records branch stacks here: gen-lbr writes them, through spin's
# code. perf 6.1 crashes on such a report (a use-after-free in its branch
# mode with a symbol key; perf script reads the files), so the expected
# numbers are worked out by hand from perf's rules, on instructions that
# binutils' objdump lists.
what="branch IPC"
. "$TEST_DIR/lib-insns.sh"

# Three stacks (oldest branch first) into main:
#   1: a block a1..a6 (6 instructions, 6 cycles), then a7..a8 (2, 2)
#   2: a2..a6 in 10 cycles: shorter than a1..a6, so perf keeps that one
#   3: a0..a6 in 5 cycles: longer, so it replaces it (7 instructions)
# main's IPC: (7 + 2) instructions / (5 + 2) cycles = 1.29, covering 9 of
# its instructions; now_ms ends a block with no known start: 0.00.
test_expect_success 'setup: three stacks through main' '
	test $(wc -l <main.insns) -ge 9 && test -n "$n0" &&
	"$BUILD/test-tool" gen-lbr ipc.data "$bin" -- \
		"$n0>$(a 1):3,$(a 6)>$(a 7):6,$(a 8)>$n0:2" \
		"$n0>$(a 2):3,$(a 6)>$(a 7):10" \
		"$n0>$(a 0):3,$(a 6)>$(a 7):5"
'

test_expect_success '--sort symbol: the IPC and coverage perf computes, each symbol' '
	pm report --stdio -b --sort symbol -i ipc.data >out &&
	cover=$(awk -v n=$(wc -l <main.insns) "BEGIN { printf \"%5.1f\", 900 / n }") &&
	grep -q "^# Overhead  Symbol      IPC   \[IPC Coverage\]$" out &&
	grep -q "\[\.\] main    1\.29  \[$cover%\]      $" out &&
	grep -q "\[\.\] now_ms  0\.00  \[  0\.0%\]      $" out
'

test_expect_success 'symbol_from,symbol_to: each row the IPC of its target symbol' '
	pm report --stdio -b --sort symbol_from,symbol_to -i ipc.data >out &&
	grep -q "\[\.\] now_ms  *\[\.\] main  *1\.29  \[" out &&
	grep -q "\[\.\] main  *\[\.\] now_ms  *0\.00  \[  0\.0%\]" out
'

test_expect_success 'a stack whose newest branch counted no cycles adds nothing' '
	"$BUILD/test-tool" gen-lbr nocyc.data "$bin" -- \
		"$n0>$(a 0):3,$(a 6)>$(a 7):5,$(a 8)>$n0:0" &&
	pm report --stdio -b --sort symbol -i nocyc.data >out &&
	grep -q "\[\.\] main    0\.00  \[  0\.0%\]" out
'

test_expect_success 'binary gone: the symbols unresolved, "-" as perf' '
	cp "$bin" spin.copy &&
	"$BUILD/test-tool" gen-lbr gone.data "$PWD/spin.copy" -- "$n0>$(a 0):3,$(a 6)>$(a 7):5" &&
	rm spin.copy &&
	pm report --stdio -b --sort symbol -i gone.data >out &&
	grep -q "\[\.\] 0x[0-9a-f]*  *-  *$" out && ! grep -q "IPC.*[0-9]\.[0-9][0-9]  \[" out
'

test_expect_success 'without symbol in --sort: no IPC column' '
	pm report --stdio -b --sort dso -i ipc.data >out &&
	! grep -q IPC out
'

test_done
