# Sourced by the tests that need a function's instruction addresses, as
# binutils' objdump lists them: insns BINARY FUNCTION prints them (hex,
# in the binary), one a line.
insns() {
	objdump -d --no-show-raw-insn "$1" | awk "/<$2>:/,/^\$/" |
		sed -n 's/^ *\([0-9a-f]*\):.*/\1/p'
}
