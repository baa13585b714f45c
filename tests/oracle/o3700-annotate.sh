#!/bin/sh
test_description='oracle: annotate shows what perf annotate --stdio shows, instruction by instruction'
. "$(dirname "$0")/../cli/test-lib.sh"

if ! command -v perf >/dev/null 2>&1 || ! command -v objdump >/dev/null 2>&1; then
	test_skip "annotate oracle" "Linux perf (and its objdump) is not installed"
	test_done; exit $?
fi

# The instruction rows of an annotation: value, address, mnemonic. perf
# reads objdump, perf-mini capstone: their spacing and objdump's own line
# numbers differ, and padding nops are spelled their own ways (objdump's
# "cs nopw", "xchg %ax,%ax"), so those mnemonics are left out. So is
# _init: perf's spans the PLT (its end fixed before the PLT stubs are
# named), perf-mini's stops at the first name@plt, as its report does.
rows() {
	awk '/ Source code & Disassembly of / { skip = 0 }
	     /<_init>:$/ { skip = 1 }
	     !skip && /^ +[0-9.]+ : +[0-9a-f]+:/ {
		m = $4; if (m ~ /^(nop|nopw|nopl|cs|xchg|data16)$/) m = "(nop)"; print $1, $3, m }'
}

# What neither capstone 4 nor perf-mini's own decoder knows is .byte data
# of the instruction's length: such rows (none in glibc, libm or ld.so
# here) are left out of the comparison by their address.
same_annotation() {
	perf annotate --stdio "$@" 2>/dev/null | rows >perf.all &&
	pm annotate "$@" 2>err | rows >pm.all &&
	awk "\$3 == \".byte\" { print \" \" \$2 \" \" }" pm.all >undecoded &&
	echo " none " >>undecoded &&
	grep -v -F -f undecoded perf.all >perf.txt; grep -v -F -f undecoded pm.all >pm.txt;
	test -s pm.txt && test_cmp perf.txt pm.txt
}

test_expect_success 'setup: a C and a C++ program recorded by perf, and by perf-mini' '
	perf record -q -e cpu-clock -o c.data -- "$WL/burn" 300 >/dev/null 2>&1 &&
	perf record -q -e cpu-clock -o cxx.data -- "$WL/shapes" >/dev/null 2>&1 &&
	pm record -q -e cpu-clock -o pm.data -- "$WL/burn" 300 >/dev/null 2>&1
'

test_expect_success 'each symbol'"'"'s title and the dashes under it, as perf' '
	for opts in "" "-n" "--show-total-period" "-P"; do
		perf annotate --stdio $opts -i cxx.data 2>/dev/null |
			grep -A1 "Source code & Disassembly of " >perf.txt &&
		pm annotate $opts -i cxx.data 2>/dev/null |
			grep -A1 "Source code & Disassembly of " >pm.txt &&
		test -s pm.txt && test_cmp perf.txt pm.txt || return 1
	done
'

# The names objdump gives: jump and call targets, data a RIP-relative
# operand reaches ("# 2018 <_IO_stdin_used+0x18>", a GOT slot by its
# relocation's symbol and version), each symbol's label (C++ demangled
# with parameters), in the programs themselves; _init left out as above.
# (The libraries a run samples are compared below, with every instruction.)
names() {
	awk '/<_init>:$/ { skip = 1 } / Source code & Disassembly of / { skip = 0 }
	     !skip && /^ +[0-9.]+ : +[0-9a-f]+:/ && /<|#/ { sub(/^ +[0-9.]+ : +/, ""); print }
	     !skip && /^ +: +([0-9]+ +)?[0-9a-f]+ <.*>:$/ { print $NF, $(NF - 1) }' |
		sed "s/ *$//; s/ \{2,\}/ /g"
}

test_expect_success 'targets, data references and labels named as objdump names them' '
	perf record -q -e cpu-clock -o spin.data -- "$WL/spin" 300 >/dev/null 2>&1 &&
	for f in c.data:burn cxx.data:shapes spin.data:spin; do
		perf annotate --stdio --no-source -i ${f%:*} --dsos ${f#*:} 2>/dev/null |
			names >perf.all &&
		pm annotate --no-source -i ${f%:*} --dsos ${f#*:} 2>/dev/null | names >pm.txt &&
		test -s pm.txt && test_cmp perf.all pm.txt || return 1
	done &&
	grep -q "# [0-9a-f]* <" pm.txt
'

# Every instruction of every symbol, the libraries too, as objdump writes
# it: operands, immediates, padding, string instructions, AVX-512, names
# (a stripped library's from its debug file, as objdump -S reads them,
# and the PLT entries it makes up: "*ABS*+0x9f1c0@plt").
insns() {
	grep -E "^ +[0-9.]+ : +[0-9a-f]+:" | sed "s/^ *[0-9.]* : *//"
}

test_expect_success 'every instruction, libraries too, in objdump'"'"'s own words (AT&T and Intel)' '
	for f in c.data cxx.data spin.data; do
		for style in att intel; do
			perf annotate --stdio -M $style -i $f 2>/dev/null | insns >perf.all &&
			pm annotate -M $style -i $f 2>/dev/null | insns >pm.txt &&
			test -s pm.txt && test_cmp perf.all pm.txt || return 1
		done
	done
'

# objdump names a data address by the symbol of a dynamic relocation at
# it unless the nearest symbol lies in the section being disassembled:
# libc's _IO_list_all, which a relocation sets to &_IO_2_1_stderr_, is
# "_IO_2_1_stderr_@@GLIBC_2.2.5-0x20" in every function that reads it.
test_expect_success 'a data word with a dynamic relocation: named after the relocation'"'"'s symbol, as objdump' '
	cat >ff.c <<-\EOF &&
	#include <stdio.h>
	int main(void)
	{
		for (int i = 0; i < 50; i++)
			fopen("/dev/null", "w");
		for (long i = 0; i < 200000; i++)
			fflush(NULL);
		return 0;
	}
	EOF
	cc -O1 -o ff ff.c &&
	perf record -q -e cpu-clock -o ff.data ./ff >/dev/null 2>&1 &&
	perf annotate --stdio --no-source -i ff.data _IO_flush_all_lockp 2>/dev/null | insns |
		grep "#" >perf.ff &&
	pm annotate --stdio --no-source -i ff.data _IO_flush_all_lockp 2>/dev/null | insns |
		grep "#" >pm.ff &&
	test -s perf.ff &&
	test_cmp perf.ff pm.ff
'

# glibc's memcpy and memmove variants are one code with two names and
# two DWARF functions of one range: objdump -l names the later in the
# unit (__memcpy_avx512_unaligned_erms), where a first-match lookup
# would say __memmove_...
test_expect_success 'aliases of one range: the function line objdump -l names, as perf' '
	cat >mc.c <<-\EOF &&
	#include <string.h>
	static char a[8192], b[8192];
	void *(*volatile cp)(void *, const void *, size_t) = memcpy;
	void *(*volatile mv)(void *, const void *, size_t) = memmove;
	int main(void)
	{
		for (long i = 0; i < 2000000; i++) {
			cp(a + (i & 63), b, 200 + (i & 1023));
			mv(a + (i & 63), b, 300 + (i & 1023));
		}
		return a[5];
	}
	EOF
	cc -O1 -o mc mc.c &&
	perf record -q -e cpu-clock -o mc.data ./mc >/dev/null 2>&1 &&
	sym=$(perf report --stdio -i mc.data --dsos libc.so.6 2>/dev/null |
	      awk "/^ +[0-9]/ { print \$NF; exit }") &&
	test -n "$sym" &&
	perf annotate --stdio -i mc.data "$sym" 2>/dev/null | grep "():" >perf.fl &&
	pm annotate --stdio -i mc.data "$sym" 2>/dev/null | grep "():" >pm.fl &&
	test -s perf.fl &&
	test_cmp perf.fl pm.fl
'

test_expect_success 'aliases of one range in DWARF callchains: script names the frames as perf' '
	perf record -q --call-graph dwarf -e cpu-clock -o mcd.data ./mc >/dev/null 2>&1 &&
	perf script -i mcd.data 2>/dev/null >perf.s &&
	pm script -i mcd.data >pm.s &&
	grep -q "mem\(cpy\|move\)" pm.s &&
	test_cmp perf.s pm.s
'

for opts in "-s middle" "" "-n" "--show-total-period" "-s middle --asm-raw" "-s middle -M intel" \
	    "--percent-type local-hits" "--percent-type global-period" "--dsos burn"; do
	test_expect_success "perf annotate $opts: the same values, addresses and mnemonics" "
		same_annotation -i c.data $opts
	"
done

test_expect_success 'a C++ program: every symbol, demangled titles in the same order' '
	same_annotation -i cxx.data &&
	perf annotate --stdio -i cxx.data 2>/dev/null | grep "Source code & Disassembly" >perf.txt &&
	pm annotate -i cxx.data 2>/dev/null | grep "Source code & Disassembly" >pm.txt &&
	test_cmp perf.txt pm.txt
'

# The blocks of a program's own symbols, whole: perf's --stdio shows every
# line objdump -l -S printed, numbered as perf counts objdump's lines (an
# absolute "/file:line" resets the count), in a column as wide as the
# symbol's last address. A -l summary opens the block of its file, which
# may be ld.so's, whose inlined lines perf 6.1's addr2line misnames (see
# o3000's llvm-addr2line test).
program_blocks() {
	awk -v prog="$1" '/^Sorted summary for file / { keep = $NF ~ ("/" prog "$") }
			  /Source code & Disassembly of / { keep = $0 ~ ("Disassembly of " prog " for ") }
			  keep'
}

for opts in "" "--no-source" "-l" "--asm-raw" "-n"; do
	test_expect_success "perf annotate --stdio $opts: every line of C and C++ programs, numbered as perf" "
		for f in c.data:burn cxx.data:shapes; do
			perf annotate --stdio $opts -i \${f%:*} 2>/dev/null | program_blocks \${f#*:} >perf.txt &&
			pm annotate --stdio $opts -i \${f%:*} 2>/dev/null | program_blocks \${f#*:} >pm.txt &&
			test -s pm.txt && test_cmp perf.txt pm.txt || return 1
		done &&
		grep -qE '^ +: [0-9]+ +(Disassembly of section|[a-z_:]+\\(\\))' pm.txt
	"
done

# glibc's AVX-512 string functions (strlen, memchr, strcmp, ... in their
# evex variants), which capstone 4 cannot decode: 16 KiB of libc around
# its first kmovd, every instruction as objdump writes it.
libc_so=$(readlink -f /lib/x86_64-linux-gnu/libc.so.6 2>/dev/null)
kmov_at=$(objdump -d --no-show-raw-insn "$libc_so" 2>/dev/null |
	awk -F'[:\t]' '/\tkmovd / { sub(/^ +/, "", $1); print $1; exit }')
if [ -n "$kmov_at" ]; then
	prereqs="$prereqs LIBCAVX512"
else
	test_skip "glibc's AVX-512 functions" "this libc has none ($libc_so)"
fi
test_expect_success LIBCAVX512 'glibc'"'"'s AVX-512 string functions: every instruction as objdump writes it (AT&T and Intel)' '
	from=$(printf %x $((0x$kmov_at - 0x2000))) && to=$(printf %x $((0x$kmov_at + 0x2000))) &&
	"$BUILD/test-tool" gen-plt evex.data "$libc_so" "$from" "$to" 1 &&
	for style in att intel; do
		perf annotate --stdio -M $style -i evex.data 2>/dev/null | insns >perf.txt &&
		pm annotate -M $style -i evex.data 2>/dev/null | insns >pm.txt &&
		test_cmp perf.txt pm.txt || return 1
	done &&
	grep -q "kmovd *eax,k" pm.txt && ! grep -q "\.byte" pm.txt
'

# A library with dynamic symbols only (libgcc_s): objdump names an
# address in .text before any of them after the PLT entry below it, its
# synthetic "name@plt" symbols counting as symbols ("__cxa_finalize@plt
# +0xd0", an entry of .plt.got); its unwinder's CET instructions (rdsspq,
# incsspq, which capstone 4 reads as lfence). Every instruction of it.
gcc_s=$(readlink -f /lib/x86_64-linux-gnu/libgcc_s.so.1 2>/dev/null)
if [ -r "$gcc_s" ] && ! readelf -SW "$gcc_s" | grep -q " \.symtab "; then
	prereqs="$prereqs GCCS"
else
	test_skip "libgcc_s" "no stripped libgcc_s.so.1 here"
fi
test_expect_success GCCS 'libgcc_s, every instruction: addresses named after the PLT entry below, CET instructions' '
	set -- $(readelf -SW "$gcc_s" | awk "\$2 == \".text\" { print \$4, \$6 }") &&
	"$BUILD/test-tool" gen-plt gccs.data "$gcc_s" "$1" "$(printf %x $((0x$1 + 0x$2)))" 1 &&
	perf annotate --stdio -i gccs.data 2>/dev/null | insns >perf.txt &&
	pm annotate -i gccs.data 2>/dev/null | insns >pm.txt &&
	test_cmp perf.txt pm.txt &&
	if grep -q "incsspq" perf.txt; then test_grep "incsspq" pm.txt; fi &&
	if grep -q "@plt+0x" perf.txt; then test_grep "<[^ ]*@plt\+0x[0-9a-f]+>" pm.txt; fi
'

# The dynamic loader with its debug file (Debian's libc6-dbg), in a
# recording without build-ids: both find the file by the binary's own,
# name by its symbols, and objdump -l names a line again where only its
# discriminator changes ("dl-reloc.c:301 (discriminator 4)").
ld_so=$(readlink -f /lib64/ld-linux-x86-64.so.2 2>/dev/null)
ld_bid=$(readelf -n "$ld_so" 2>/dev/null | awk "/Build ID/ { print \$3 }")
ld_debug=/usr/lib/debug/.build-id/$(echo "$ld_bid" | cut -c1-2)/$(echo "$ld_bid" | cut -c3-).debug
if [ -n "$ld_bid" ] && [ -r "$ld_debug" ] &&
   readelf -sW "$ld_debug" | grep -q " _dl_relocate_object$"; then
	prereqs="$prereqs LDDEBUG"
else
	test_skip "ld.so with its debug file" "no debug file of $ld_so (Debian's libc6-dbg) here"
fi
test_expect_success LDDEBUG 'the dynamic loader with its debug file: every line, discriminators too, as perf --stdio' '
	set -- $(readelf -sW "$ld_debug" | awk "\$8 == \"_dl_relocate_object\" { print \$2, \$3; exit }") &&
	from=$(printf %x $((0x$1))) && to=$(printf %x $((0x$1 + $2))) &&
	"$BUILD/test-tool" gen-plt ld.data "$ld_so" "$from" "$to" 40 &&
	for opts in "--no-source" ""; do
		perf annotate --stdio $opts -i ld.data 2>/dev/null >perf.txt &&
		pm annotate --stdio $opts -i ld.data 2>/dev/null >pm.txt &&
		test_cmp perf.txt pm.txt || return 1
	done &&
	grep -q "<_dl_relocate_object>:" pm.txt && grep -q "(discriminator [0-9]*)$" pm.txt
'

test_expect_success 'a file perf-mini recorded: the same as perf annotates it' '
	same_annotation -i pm.data -s middle
'

# perf counts the summary in hits, leaving out addresses with half a
# percent or less of them, whatever --percent-type says
test_expect_success '-l: the source lines summary and the srclines on the rows' '
	perf annotate --stdio -l -i c.data -s middle 2>/dev/null |
		sed -n "/^Sorted summary/,/^ Percent/p" >perf.txt &&
	pm annotate -l -i c.data -s middle 2>/dev/null |
		sed -n "/^Sorted summary/,/^ Percent/p" >pm.txt &&
	test_cmp perf.txt pm.txt &&
	perf annotate --stdio -l -i c.data -s middle 2>/dev/null | grep -o "// .*" >perf.txt &&
	pm annotate -l -i c.data -s middle 2>/dev/null | grep -o "// .*" >pm.txt &&
	test_cmp perf.txt pm.txt
'

# The rows -l names and its summary, perf's and perf-mini's, for middle
# in $1 with --percent-type $2
same_lines() {
	perf annotate --stdio -l --percent-type "$2" -i "$1" -s middle 2>/dev/null >perf.all &&
	pm annotate -l --percent-type "$2" -i "$1" -s middle 2>/dev/null >pm.all &&
	sed -n "/^Sorted summary/,/^ Percent/p" perf.all >perf.txt &&
	sed -n "/^Sorted summary/,/^ Percent/p" pm.all >pm.txt &&
	grep -o "// .*" perf.all >>perf.txt && grep -o "// .*" pm.all >>pm.txt &&
	test_cmp perf.txt pm.txt
}

# A library with no symbol table of its own (libstdc++ as distributions
# ship it): objdump names its GOT slots by the relocations' symbols, defined
# here or not ("# 214f80 <std::error_category::~error_category()@@GLIBCXX_3.4.15
# +0x16e1a0>"), the unversioned ones "@Base"; its first PLT stubs sampled,
# compared whole
test_expect_success 'a dynamic-symbols-only library: GOT slots named by relocation, as objdump' '
	lib=$(ldd "$WL/shapes" | awk "/libstdc\+\+/ { print \$3 }") &&
	if test -z "$lib" || readelf -SW "$lib" | grep -q " \.symtab "; then
		echo "# no stripped libstdc++ here: nothing to compare"
	else
		set -- $(readelf -SW "$lib" | awk "\$2 == \".plt\" { print \$4 }") &&
		test -n "$1" && to=$(printf %x $((0x$1 + 0x200))) &&
		"$BUILD/test-tool" gen-plt lib.data "$lib" "$1" "$to" 10 &&
		perf annotate --stdio -i lib.data 2>/dev/null | insns >perf.txt &&
		pm annotate -i lib.data 2>/dev/null | insns >pm.txt &&
		test -s pm.txt && test_cmp perf.txt pm.txt &&
		test_grep "# [0-9a-f]+ <.*@@GLIBCXX_[0-9.]+\+0x[0-9a-f]+>" pm.txt &&
		test_grep "# [0-9a-f]+ <[^ ]*@Base>" pm.txt
	fi
'

# libgcc_s (dynamic symbols alone) reads __cpu_model through a GOT slot
# below the symbol: objdump names it by the nearest symbol below, never
# at a negative distance from the relocation's
test_expect_success 'a GOT slot below its relocation'"'"'s symbol: the nearest symbol, as objdump' '
	lib=$(ldd "$WL/shapes" | awk "/libgcc_s/ { print \$3 }") &&
	if test -z "$lib" || readelf -SW "$lib" | grep -q " \.symtab "; then
		echo "# no stripped libgcc_s here: nothing to compare"
	else
		set -- $(readelf -sW --dyn-syms "$lib" | awk "\$8 ~ /^__cpu_indicator_init@/ { print \$2, \$3; exit }") &&
		test -n "$1" && from=$(printf %x $((0x$1))) && to=$(printf %x $((0x$1 + $2))) &&
		"$BUILD/test-tool" gen-plt gcc.data "$lib" "$from" "$to" 1 &&
		perf annotate --stdio -i gcc.data 2>/dev/null | insns | grep "# " >perf.txt &&
		pm annotate -i gcc.data 2>/dev/null | insns | grep "# " >pm.txt &&
		test -s pm.txt && test_cmp perf.txt pm.txt && ! grep -q "[-]0x[0-9a-f]*>" pm.txt
	fi
'

# A libc with IRELATIVE slots (glibc's string functions) lists them in
# .rela.plt in another order than its PLT stubs: objdump names a stub by
# the GOT slot it jumps through. A function that calls such stubs,
# sampled at every byte, is annotated by both.
test_expect_success 'PLT stubs a libc function calls: named by the GOT slot they jump through, as objdump' '
	libc=$(ldd "$WL/spin" | awk "/libc\\.so/ { print \$3 }") &&
	test -n "$libc" &&
	objdump -d --no-show-raw-insn "$libc" >libc.dis 2>/dev/null &&
	fn=$(awk "/^[0-9a-f]+ <.*>:\$/ { fn = \$1 } /call .*<\\*ABS\\*\\+0x[0-9a-f]+@plt>/ { print fn, \$1; exit }" libc.dis) &&
	if test -z "$fn"; then
		echo "# this libc calls no IRELATIVE stub: nothing to compare"
	else
		set -- $fn &&
		to=$(printf %x $((0x${2%:} + 0x10))) &&
		"$BUILD/test-tool" gen-plt irel.data "$libc" "$1" "$to" 1 &&
		perf annotate --stdio -i irel.data 2>/dev/null | insns | grep "@plt>" >perf.txt &&
		pm annotate -i irel.data 2>/dev/null | insns | grep "@plt>" >pm.txt &&
		test -s pm.txt && test_cmp perf.txt pm.txt
	fi
'

# Every byte of middle sampled once, one instruction 20000 times: the
# others hold under half a percent each, and perf names no source line on
# their rows (nor in the summary), though theirs differ from the row's
# before. Then that instruction's 2000 samples weigh 1 each: the others
# hold little of the hits and most of the period, which is what perf
# counts by default (local-period).
test_expect_success '-l: rows under half a percent (of the period, by default) name no source line' '
	set -- $(nm -S "$WL/burn" | awk "\$4 == \"middle\" { print \$1, \$2 }") &&
	test -n "$2" && end=$(printf %x $((0x$1 + 0x$2))) && hot=$(printf %x $((0x$1 + 0x$2 / 2))) &&
	"$BUILD/test-tool" gen-plt l.data "$WL/burn" "$1" "$end" 1 "$hot:20000" &&
	same_lines l.data local-period && test $(grep -c "^// " pm.txt) = 1 &&
	"$BUILD/test-tool" gen-plt w.data "$WL/burn" "$1" "$end" 4 "$hot:2000:1" &&
	same_lines w.data local-period && test $(grep -c "^// " pm.txt) -gt 2 &&
	same_lines w.data global-period &&
	same_lines w.data local-hits && test $(grep -c "^// " pm.txt) = 1
'

test_done
