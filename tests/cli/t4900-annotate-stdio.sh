#!/bin/sh
test_description='annotate: the symbols samples hit, instruction by instruction, with their source'
. "$(dirname "$0")/test-lib.sh"

# the instruction rows of the first symbol shown: "value addr mnemonic"
rows() {
	awk '/^ (Percent|Samples|Period) +\|/ { n++ } n == 1 && /^ +[0-9.]+ : +[0-9a-f]+:/ { print $1, $3, $4 }' "$1"
}

test_expect_success 'setup: burn recorded (its hot loop is middle, with leaf inlined)' '
	pm record -q -e cpu-clock -c 100000 -o burn.data -- "$WL/burn" 300 >/dev/null 2>&1
'

test_expect_success 'the hottest symbol first: its title, rows, source and inlined function' '
	pm annotate -i burn.data >out 2>err &&
	head -1 out | grep -qE "^ Percent \|	Source code & Disassembly of burn for cpu-clock(:u)? \([0-9]+ samples, percent: local period\)$" &&
	sed -n 2p out | grep -qE "^-{90,}$" &&
	grep -qE "^         : 5 +0000000000[0-9a-f]* <middle>:$" out &&
	grep -qE "^         : [0-9]+ +leaf\(\):$" out && grep -q "x = leaf(x) ^ (x >> 17);" out &&
	rows out >rows && test $(wc -l <rows) -ge 8 &&
	awk "{ s += \$1 } END { exit !(s > 99.9 && s < 100.1) }" rows &&
	sort -rn rows | head -1 | awk "{print \$3}" | grep -qE "^(add|imul|shr|xor|mov)$"
'

test_expect_success 'a symbol named alone, or with -s: the same' '
	pm annotate -i burn.data middle >a.out 2>/dev/null &&
	pm annotate -i burn.data -s middle >b.out 2>/dev/null &&
	test_cmp a.out b.out && test $(grep -c "Source code & Disassembly" a.out) -eq 1
'

test_expect_success '--no-source: no source text, the inlined function named as perf; -n: sample counts adding up to the title' '
	pm annotate -i burn.data --no-source middle >out 2>/dev/null &&
	grep -qE "^ +: [0-9]+ +leaf\(\):$" out && ! grep -q "x = leaf" out &&
	pm annotate -i burn.data -n middle >out 2>/dev/null &&
	head -1 out | grep -q "^ Samples |" &&
	n=$(head -1 out | sed "s/.*(\([0-9]*\) samples.*/\1/") &&
	rows out | awk -v n=$n "{ s += \$1 } END { exit !(s == n) }"
'

test_expect_success '--show-total-period: periods adding up to the samples times the count' '
	pm annotate -i burn.data --show-total-period middle >out 2>/dev/null &&
	head -1 out | grep -q "^ Period      |" &&
	n=$(head -1 out | sed "s/.*(\([0-9]*\) samples.*/\1/") &&
	rows out | awk -v n=$n "{ s += \$1 } END { exit !(s == n * 100000) }"
'

test_expect_success '-M intel and --asm-raw: Intel operands, the bytes before each' '
	pm annotate -i burn.data -M intel middle >out 2>/dev/null &&
	rows out >/dev/null && ! grep -E "^ +[0-9.]+ : +[0-9a-f]+:" out | grep -q "%" &&
	pm annotate -i burn.data --asm-raw --no-source middle >out 2>/dev/null &&
	grep -qE "^ +[0-9.]+ : +[0-9a-f]+: +([0-9a-f]{2} )+ +[a-z]" out
'

test_expect_success '--stdio-color always: perf'"'"'s colours on the hot rows; -C a CPU list' '
	pm annotate -i burn.data --stdio-color always middle >out 2>/dev/null &&
	grep -q "$(printf "\033")\[31m *[0-9.]*$(printf "\033")\[m : " out &&
	pm annotate -i burn.data --stdio-color never middle >out 2>/dev/null &&
	! grep -q "$(printf "\033")" out
'

test_expect_success '-l: the source lines by share, and the line on each hot row' '
	pm annotate -i burn.data -l middle >out 2>/dev/null &&
	sed -n 2p out | grep -q "^Sorted summary for file .*burn$" &&
	grep -qE "^ +[0-9.]+ burn\.c:[0-9]+$" out && grep -qE " // burn\.c:[0-9]+$" out
'

# --stdio2: offsets, each jump's target labelled with its own offset,
# arrows, and the percentages of --stdio (the same counts, as "%6.2f")
test_expect_success '--stdio2: the browser'"'"'s listing, offsets labelled where jumps land' '
	pm annotate --stdio2 -i burn.data middle >out2 2>err &&
	head -1 out2 | grep -qE "^Samples: [0-9]+K? +of event .cpu-clock(:u)?., 100000 Hz, Event count \(approx\.\): [0-9]+, \[percent: local period\]$" &&
	sed -n 2p out2 | grep -q "^middle() .*/workloads/burn$" &&
	sed -n 3p out2 | grep -q "^Percent  *$" &&
	grep -q "^ *[0-9a-f]*: ← ret" out2 && grep -qE "↑ j[a-z]+ +[0-9a-f]+ *$" out2 &&
	for t in $(grep -oE "[↑↓] j[a-z]+ +[0-9a-f]+" out2 | awk "{print \$3}"); do
		grep -qE "^ {7,} +$t: " out2 || grep -qE "^ *[0-9.]+ +$t: " out2 || return 1
	done &&
	# a line whose few samples round to 0.00 shows it in one, not the other
	pm annotate -i burn.data middle | awk "/^ +[0-9.]+ : / && \$1 > 0 { print \$1 }" >pct1 &&
	grep -oE "^ *[0-9]+\.[0-9]{2} " out2 | awk "\$1 > 0 { print \$1 }" >pct2 && test_cmp pct1 pct2 &&
	grep -q "^ *leaf():" out2 && grep -q "return x \* 6364136223846793005UL" out2
'

test_expect_success 'a stream on stdin annotates as the file does' '
	pm record -q -e cpu-clock -c 100000 -o - -- sh -c "\"$WL/burn\" 100 >/dev/null" \
		2>/dev/null >rec.pipe &&
	pm annotate -i - middle <rec.pipe >out 2>/dev/null &&
	grep -q "<middle>:" out
'

test_expect_success 'errors: one message, the fix, a status' '
	test_expect_code 255 pm annotate -i burn.data nosuch 2>err &&
	test_grep "^perf-mini annotate: no sample hit a symbol named .nosuch." err &&
	test_grep "hint: " err &&
	test_expect_code 129 pm annotate -i burn.data a b 2>err && test_grep "one symbol at a time" err &&
	test_expect_code 129 pm annotate --percent-type nosuch 2>err && test_grep "not a type" err &&
	test_expect_code 129 pm annotate -M arm 2>err && test_grep "not a disassembler style" err &&
	test_expect_code 129 pm annotate --objdump /usr/bin/objdump 2>err &&
	test_grep "perf-mini runs none" err &&
	test_expect_code 129 pm annotate --itrace i 2>err && test_grep "itrace is not implemented: instruction traces" err &&
	test_expect_code 129 pm annotate --stdio-color rainbow 2>err && test_grep "not a mode" err &&
	test_expect_code 255 pm annotate -i burn.data -C x 2>err && test_grep "not a CPU list" err &&
	test_expect_code 255 pm annotate -i nosuch.data 2>err && test_grep "nosuch.data" err &&
	test_expect_code 255 pm annotate -i /dev/null 2>err && test -s err
'

# an empty build-id cache: perf's ~/.debug may hold a copy of burn
test_expect_success 'the binary gone: the samples hit no symbol that can be read, exit 255' '
	cp "$WL/burn" ./gone && pm record -q -e cpu-clock -c 100000 -o gone.data -- ./gone 100 \
		>/dev/null 2>&1 && rm gone &&
	mkdir -p empty &&
	test_expect_code 255 env HOME=$PWD/empty "$PERF_MINI" annotate -i gone.data --dsos gone \
		>out 2>err &&
	test_grep "samples hit no symbol that can be read" err && test_grep "hint: .*--symfs" err &&
	test ! -s out &&
	test_expect_code 255 env HOME=$PWD/empty "$PERF_MINI" annotate -i gone.data middle \
		>out 2>err &&
	test_grep "no sample hit a symbol named .middle." err
'

# The kernel's code comes from /proc/kcore, which many machines (this
# VM among them) do not have or let read: a stand-in image (an ELF core
# file of known code at the sampled function's address) shows the path.
test_expect_success ROOT,KERNEL 'kernel code: from the kernel image (/proc/kcore, here a stand-in)' '
	pm record -q -e cpu-clock -c 100000 -o k.data -- "$WL/touch-pages" 20000 \
		>/dev/null 2>&1 &&
	pm script -F ip,sym -i k.data | awk "\$1 ~ /^ffff/ { print \$1, \$2; exit }" >kip &&
	read ip sym <kip && test -n "$sym" &&
	/usr/bin/python3 "$ROOT/tests/helpers/fake-kcore.py" kcore.img $ip >kstart &&
	env PERF_MINI_KCORE="$PWD/kcore.img" "$PERF_MINI" annotate -i k.data "$sym" >out 2>err &&
	head -1 out | grep -q "Disassembly of \[kernel.kallsyms\] for cpu-clock" &&
	grep -qE "^         : 5 +$(cut -d" " -f1 kstart) <$sym>:$" out &&
	grep -q " : *$(cut -d" " -f1 kstart): *push   %rbp$" out &&
	grep -q ": *mov    %rsp,%rbp$" out &&
	rows out >rows && awk "{ s += \$1 } END { exit !(s > 99.9 && s < 100.1) }" rows
'

# -k: a vmlinux named, here a stand-in linked 2 MiB below where the
# kernel ran (as KASLR moves it): the code and symbols are relocated by
# the recording's _text, the addresses shown are the vmlinux's
test_expect_success ROOT,KERNEL '-k: the kernel'"'"'s code and symbols from a vmlinux, relocated as KASLR moved them' '
	read ip sym <kip &&
	bid=$(pm buildid-list -i k.data | awk "/kernel.kallsyms/ { print \$1 }") &&
	/usr/bin/python3 "$ROOT/tests/helpers/fake-vmlinux.py" fake.vmlinux $ip 200000 $bid >klink &&
	read link name <klink && test "$name" = "$sym" &&
	pm annotate -k fake.vmlinux -i k.data "$sym" >out 2>err &&
	head -1 out | grep -q "Disassembly of fake.vmlinux for cpu-clock" &&
	grep -qE "^         : 5 +$link <$sym>:$" out && grep -qE "^         : 6 +$sym\(\):$" out &&
	grep -q " : *$link: *push   %rbp$" out &&
	rows out >rows && awk "{ s += \$1 } END { exit !(s > 99.9 && s < 100.1) }" rows &&
	pm annotate --stdio2 -k fake.vmlinux -i k.data "$sym" >out2 &&
	sed -n 2p out2 | grep -q "^$sym() fake.vmlinux$" &&
	pm report --stdio -k fake.vmlinux -i k.data -s sym 2>/dev/null | grep -q "\[k\] $sym$" &&
	test_expect_code 234 pm annotate -k nosuch.vmlinux -i k.data 2>err &&
	test_grep "cannot read the vmlinux .nosuch.vmlinux." err &&
	/usr/bin/python3 "$ROOT/tests/helpers/fake-vmlinux.py" other.vmlinux $ip 200000 >/dev/null &&
	pm annotate -k other.vmlinux -i k.data "$sym" >out 2>err;
	test_grep "other.vmlinux is not the recorded kernel .it has no build-id." err
'

test_expect_success KERNEL 'no kernel image to read: the kernel samples counted in a note' '
	pm record -q -e cpu-clock -c 100000 -o k2.data -- "$WL/touch-pages" 20000 \
		>/dev/null 2>&1 &&
	env PERF_MINI_KCORE=/nonexistent/kcore "$PERF_MINI" annotate -i k2.data >out 2>err &&
	{ ! pm script -F ip -i k2.data | grep -q "^ *ffff" ||
	  test_grep "samples in the kernel are not annotated .this kernel has no /proc/kcore" err; }
'

test_expect_success 'a file without samples: perf'"'"'s message' '
	pm record -q -e cpu-clock -c 1000000000 -o none.data -- true >/dev/null 2>&1 &&
	pm annotate -i none.data >out 2>err &&
	test_grep "has no samples" err
'

# a kernel function report lists: annotated where its code can be read
# (/proc/kcore, as root), else the reason, not "no sample hit" it
test_expect_success KERNEL 'a kernel symbol by name: its code, or why the kernel'"'"'s code cannot be read' '
	pm record -q -e cpu-clock -c 100000 -o k.data -- \
		dd if=/dev/zero of=/dev/null bs=64k count=30000 2>/dev/null &&
	ksym=$(pm report --stdio -q --sort sym -g none -i k.data 2>/dev/null |
	       sed -n "s/^ *[0-9.]*%  \[k\] //p" | head -n 1) &&
	test -n "$ksym" &&
	if pm annotate --stdio -i k.data "$ksym" >out 2>err; then
		test_grep "Disassembly of" out
	else
		test_grep "^perf-mini annotate: $ksym is in the kernel, whose code cannot be read: " err &&
		test_grep "^hint: give the recording kernel.s image with -k" err &&
		! grep -q "no sample hit" err
	fi
'

test_done
