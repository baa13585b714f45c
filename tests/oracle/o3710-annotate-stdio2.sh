#!/bin/sh
test_description='oracle: annotate --stdio2 prints what perf annotate --stdio2 prints'
. "$(dirname "$0")/../cli/test-lib.sh"

if ! command -v perf >/dev/null 2>&1 || ! command -v objdump >/dev/null 2>&1; then
	test_skip "annotate --stdio2 oracle" "Linux perf (and its objdump) is not installed"
	test_done; exit $?
fi

# The symbols of one program's own binary, whole: perf's title, then
# every line of objdump -l -S as perf shows it.
program_blocks() {
	awk -v prog="$1" '/^Samples: / { title = $0; getline
				keep = $0 ~ ("/workloads/" prog "$"); if (keep) print title }
			  keep'
}

same_stdio2() {
	prog=$1; shift
	perf annotate --stdio2 "$@" 2>/dev/null | program_blocks $prog >perf.txt &&
	pm annotate --stdio2 "$@" 2>err | program_blocks $prog >pm.txt &&
	test -s pm.txt && test_cmp perf.txt pm.txt
}

test_expect_success 'setup: C, C++ and spin recordings by perf' '
	perf record -q -e cpu-clock -o c.data -- "$WL/burn" 300 >/dev/null 2>&1 &&
	perf record -q -e cpu-clock -o cxx.data -- "$WL/shapes" >/dev/null 2>&1 &&
	perf record -q -e cpu-clock -o spin.data -- "$WL/spin" 300 >/dev/null 2>&1
'

test_expect_success 'a C function: title, objdump -S source with its context, offsets, arrows' '
	same_stdio2 burn -i c.data middle &&
	grep -qE "^Samples: .* of event .cpu-clock(:u)?., [0-9]+ Hz, Event count \(approx\.\): [0-9]+, \[percent: local period\]$" pm.txt &&
	grep -q "↑ jne " pm.txt && grep -q "← ret" pm.txt && grep -q "^ *[0-9a-f]*: " pm.txt
'

for opts in "" "-n" "--show-total-period" "--no-source" "-M intel" "--asm-raw" \
	    "--percent-type local-hits" "--percent-type global-period"; do
	test_expect_success "perf annotate --stdio2 $opts: every symbol of C, C++ and spin, line for line" "
		same_stdio2 burn -i c.data $opts &&
		same_stdio2 shapes -i cxx.data $opts &&
		same_stdio2 spin -i spin.data $opts
	"
done

test_expect_success '-l: the source lines summary first, then the listing' '
	same_stdio2 burn -i c.data -l middle &&
	perf annotate --stdio2 -l -i c.data middle 2>/dev/null | sed -n "/^Sorted summary/,/^Samples: /p" >perf.txt &&
	pm annotate --stdio2 -l -i c.data middle 2>/dev/null | sed -n "/^Sorted summary/,/^Samples: /p" >pm.txt &&
	test_cmp perf.txt pm.txt && grep -q "burn.c:14" pm.txt
'

# perf takes a vmlinux whose build-id is the recorded kernel's: a
# stand-in with that note, linked 2 MiB below where the kernel ran, is
# read the same way by both (relocated by the recording's _text)
# The sample's function is one without an alias at its address in
# kallsyms (memcpy and __pi_memcpy share one: which a tool names is its
# choice, not the vmlinux's)
test_expect_success ROOT,KERNEL '-k: a vmlinux, relocated as KASLR moved the kernel, as perf reads it' '
	perf record -q -e cpu-clock -c 100000 -o k.data -- "$WL/touch-pages" 20000 >/dev/null 2>&1 &&
	bid=$(perf buildid-list -i k.data 2>/dev/null | awk "/kernel.kallsyms/ { print \$1 }") &&
	test -n "$bid" &&
	pm script -F ip,sym,dso -i k.data >k.script &&
	awk "NR == FNR { n[\$1]++; at[\$3] = \$1; next }
	     \$1 ~ /^ffff/ && \$NF == \"([kernel.kallsyms])\" && n[at[\$2]] == 1 { print \$1, \$2; exit }" \
		/proc/kallsyms k.script >kip &&
	{ read ip sym <kip && test -n "$sym" ||
	  { echo "no sample in a kernel function without an alias"; false; }; } &&
	/usr/bin/python3 "$ROOT/tests/helpers/fake-vmlinux.py" fake.vmlinux $ip 200000 $bid >/dev/null &&
	for opts in "" "-n" "-M intel"; do
		perf annotate --stdio2 $opts -k fake.vmlinux -i k.data "$sym" 2>/dev/null >perf.txt &&
		pm annotate --stdio2 $opts -k fake.vmlinux -i k.data "$sym" 2>pm.err >pm.txt &&
		test -s pm.txt && test_cmp perf.txt pm.txt || { cat pm.err; return 1; }
	done &&
	perf report --stdio -k fake.vmlinux -i k.data --sort dso,sym 2>/dev/null | grep "^ *[0-9.]*%" >perf.txt &&
	pm report --stdio -k fake.vmlinux -i k.data --sort dso,sym 2>/dev/null | grep "^ *[0-9.]*%" >pm.txt &&
	test_cmp perf.txt pm.txt && grep -q "\[k\] $sym" pm.txt
'

# An address in the vmlinux'"'"'s .text that no symbol holds: perf shows it
# as its offset in the file, not as the address it ran at
test_expect_success ROOT,KERNEL '-k: an address in .text but in no symbol, as its offset in the vmlinux' '
	read ip sym <kip &&
	bid=$(perf buildid-list -i k.data 2>/dev/null | awk "/kernel.kallsyms/ { print \$1 }") &&
	/usr/bin/python3 "$ROOT/tests/helpers/fake-vmlinux.py" gap.vmlinux $ip 200000 $bid gap \
		>/dev/null &&
	perf report --stdio -k gap.vmlinux -i k.data --sort dso,sym 2>/dev/null | grep "^ *[0-9.]*%" >perf.txt &&
	pm report --stdio -k gap.vmlinux -i k.data --sort dso,sym 2>/dev/null | grep "^ *[0-9.]*%" >pm.txt &&
	test_cmp perf.txt pm.txt &&
	grep -q "\[kernel.kallsyms\] *\[k\] 0x0000000000" pm.txt
'

# perf takes a -k vmlinux only when its build-id is the recorded kernel'"'"'s
test_expect_success ROOT,KERNEL '-k: another kernel'"'"'s vmlinux names nothing, and the warning says so' '
	read ip sym <kip &&
	/usr/bin/python3 "$ROOT/tests/helpers/fake-vmlinux.py" other.vmlinux $ip 200000 \
		00112233445566778899aabbccddeeff00112233 >/dev/null &&
	perf report --stdio -k other.vmlinux -i k.data --sort dso,sym 2>/dev/null | grep "^ *[0-9.]*%" >perf.txt &&
	pm report --stdio -k other.vmlinux -i k.data --sort dso,sym 2>pm.err | grep "^ *[0-9.]*%" >pm.txt &&
	test_cmp perf.txt pm.txt && ! grep -q "\[k\] $sym" pm.txt &&
	grep -q "other.vmlinux is not the recorded kernel (another build-id)" pm.err
'

# objdump -l names a C++ function by its linkage name, demangled with
# its parameters, and one without a linkage name (an inlined template)
# by the ELF symbol there the first time, by its own name after that
# (the inlined templates are sampled only now and then: the runs above
# compare them whenever they are)
test_expect_success 'C++ function lines as objdump -l names them' '
	same_stdio2 shapes -i cxx.data geo::Circle::area &&
	grep -q "^ *geo::Circle::area() const:$" pm.txt
'

# A program's _start has no line table (crt1's), yet the program has
# DWARF: objdump -l names it from the ELF symbols, "_start():" (a sample
# there comes now and then in a recording; here every 4th byte)
test_expect_success 'a function no line table knows, in a program with DWARF: its ELF name' '
	set -- $(nm -S "$WL/spin" | awk "\$4 == \"_start\" { print \$1, \$2 }") &&
	test -n "$2" &&
	"$BUILD/test-tool" gen-plt start.data "$WL/spin" "$1" "$(printf %x $((0x$1 + 0x$2)))" 4 &&
	perf annotate --stdio2 -i start.data -s _start 2>/dev/null >perf.txt &&
	pm annotate --stdio2 -i start.data -s _start >pm.txt 2>&1 &&
	test_cmp perf.txt pm.txt && test_grep "^ +_start\(\): *$" pm.txt
'

test_done
