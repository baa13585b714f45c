# Sourced by the tests of code gen-lbr's branch stacks run through: spin's
# instructions as binutils' objdump lists them (the tests' reference),
# main's in main.insns ("a N": the Nth, from 0), now_ms's first in $n0.
# Without objdump the test is skipped, saying so ($what: what it tests).
if ! command -v objdump >/dev/null 2>&1; then
	test_skip "$what" "objdump (binutils) is not installed to list the instructions"
	test_done; exit $?
fi

# insns BINARY FUNCTION: its instructions' addresses (hex), one a line
insns() {
	objdump -d --no-show-raw-insn "$1" | awk "/<$2>:/,/^\$/" |
		sed -n 's/^ *\([0-9a-f]*\):.*/\1/p'
}

a() { sed -n "$(($1 + 1))p" main.insns; }

bin="$WL/spin"
insns "$bin" main >main.insns
n0=$(insns "$bin" now_ms | head -1)
