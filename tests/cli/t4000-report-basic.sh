#!/bin/sh
test_description='report: perf.data fixtures from real hardware, compared with Linux perf'
. "$(dirname "$0")/test-lib.sh"

EXP="$ROOT/tests/expected/report"
PD="$TEST_DATA/perfdata"
mkdir -p "$TRASH/symfs"

# Each case: perf-mini's output must equal the kept perf output line by line.
grep -v '^#' "$EXP/cases.txt" | while read -r file name opts; do
	[ -n "$file" ] || continue
	echo "$file $name $opts"
done >cases

while read -r file name opts; do
	test_expect_success "report $name on $file equals perf report" "
		pm report --stdio --kallsyms /dev/null --symfs '$TRASH/symfs' -i '$PD/$file' \
			$opts >out &&
		test_cmp '$EXP/$file.$name.txt' out
	"
done <cases

for exp in "$EXP"/*.records.txt; do
	file=$(basename "$exp" .records.txt)
	test_expect_success "report -D on $file: same records (offset, size, type) as perf" "
		pm report -D -i '$PD/$file' >dump 2>err
		sh '$ROOT/tests/helpers/dump-records.sh' <dump |
		if sh '$ROOT/tests/helpers/is-pipe-file.sh' '$PD/$file'; then cut -d' ' -f2-;
		else cat; fi | LC_ALL=C sort >records &&
		test_cmp '$exp' records
	"
done

for exp in "$EXP"/*.header-I.txt; do
	file=$(basename "$exp" .header-I.txt)
	test_expect_success "report --header-only -I on $file: the topology details as perf" "
		pm report --header-only -I -i '$PD/$file' >out 2>err &&
		grep -v '^# captured on' out >header &&
		test_cmp '$exp' header
	"
done

for exp in "$EXP"/*.header.txt; do
	file=$(basename "$exp" .header.txt)
	test_expect_success "report --header-only on $file equals perf (but its mtime)" "
		pm report --header-only -i '$PD/$file' >out 2>err &&
		grep -v '^# captured on' out >header &&
		test_cmp '$exp' header &&
		test_grep '^# captured on    : [A-Z][a-z][a-z] ' out
	"
done

for exp in "$EXP"/*.tasks.txt "$EXP"/*.mmaps.txt; do
	file=$(basename "$exp" .txt) opt=--${file##*.} file=${file%.*}
	test_expect_success "report $opt on $file: perf's task tree" "
		pm report $opt -i '$PD/$file' >out &&
		test_cmp '$exp' out
	"
done

test_expect_success 'report --mmaps on weight_struct (perf-synthesized forks copy no maps): as perf' '
	pm report --mmaps -i "$PD/perf.data.weight_struct" >out &&
	test "$(sha256sum <out | cut -d" " -f1)" = "$(cat "$EXP/perf.data.weight_struct.mmaps.sha256")"
'

test_expect_success 'empty perf.data: one clear error, non-zero exit' '
	test_must_fail pm report -i "$PD/perf.data.busy.5-3.8" >out 2>err &&
	test_grep "is empty \(0 bytes\)" err &&
	test $(wc -l <err) -le 2 && ! test -s out
'

test_expect_success 'record of size 0 (corrupted pipe file): error names the offset' '
	test_must_fail pm report -i "$PD/perf.data.piped.corrupted.zero_size_sample-3.2" \
		>out 2>err &&
	test_grep "offset 0xbfd0 has size 0" err
'

test_expect_success 'missing input: error with a hint' '
	test_must_fail pm report -i nothere.data 2>err &&
	test_grep "cannot open nothere.data" err &&
	test_grep "hint:" err
'

test_expect_success 'not a perf.data file: bad magic' '
	echo "hello world, this is text" >text.data &&
	test_must_fail pm report -i text.data 2>err &&
	test_grep "not a perf.data file" err
'

test_expect_success 'truncated file: the records before the cut, a warning naming the data section' '
	head -c 10500 "$PD/perf.data.singleprocess-3.8" >trunc.data &&
	pm report --stdio -i trunc.data >out 2>err &&
	test_grep "^perf-mini report: warning: trunc.data is truncated: its data section \([0-9]+ bytes at offset 0x[0-9a-f]+\)" err &&
	test_grep "^# Samples: " out
'

test_expect_success 'pipe mode from stdin (-i -) equals reading the file' '
	pm report --stdio --kallsyms /dev/null --symfs "$TRASH/symfs" \
		-i - <"$PD/perf.data.piped.lost_samples-4.4" >out &&
	test_cmp "$EXP/perf.data.piped.lost_samples-4.4.default.txt" out
'

test_expect_success 'unknown sort key: error lists the keys, exit 129' '
	test_expect_code 129 pm report -i "$PD/perf.data.singleprocess-3.8" --sort bogus 2>err &&
	test_grep "unknown --sort key .bogus." err && test_grep "hint: the keys are" err
'

test_expect_success '-F: an unknown field, a memory field without --mem-mode, an empty list are refused, exit 129' '
	test_expect_code 129 pm report -i "$PD/perf.data.singleprocess-3.8" -F comm,bogus 2>err &&
	test_grep "unknown -F key .bogus." err && test_grep "the values overhead" err &&
	test_expect_code 129 pm report -i "$PD/perf.data.singleprocess-3.8" -F mem 2>err &&
	test_grep "^hint: add --mem-mode" err &&
	test_expect_code 129 pm report -i "$PD/perf.data.singleprocess-3.8" -F + 2>err &&
	test_grep "^perf-mini report: -F needs at least one key" err
'

test_expect_success '-F with a branch field outside branch mode names -F and the fix' '
	test_expect_code 255 pm report -F overhead,mispredict -i "$PD/perf.data.weight_struct" 2>err &&
	test_grep "^perf-mini report: -F key .mispredict. describes taken branches" err
'

test_expect_success 'bad --percent-limit is refused' '
	test_expect_code 129 pm report -i "$PD/perf.data.singleprocess-3.8" --percent-limit x 2>err &&
	test_grep "percent-limit" err
'

test_expect_success '--header-only shows the recorded host and events' '
	pm report --header-only -i "$PD/perf.data.group_desc-4.14" >out &&
	test_grep "^# hostname : localhost" out &&
	test_grep "^# cpuid : GenuineIntel,6,78,3" out &&
	test_grep "^# event : name = cache-references, , id = \{ 150, 151, 152, 153 \}" out &&
	test_grep "^# group: \{cache-references,branch-misses\}" out
'

test_expect_success '--stats counts records by type' '
	pm report --stats -i "$PD/perf.data.singleprocess-3.8" >out &&
	test_grep "SAMPLE events: +13" out && test_grep "MMAP events: +100" out
'

test_expect_success '--stats --no-skip-empty: every record type and event, zeros too, as perf' '
	pm report --stats --no-skip-empty -i "$PD/perf.data.group_desc-4.14" >out &&
	test_cmp "$EXP/perf.data.group_desc-4.14.stats-all.txt" out &&
	pm report -f --stats -i "$PD/perf.data.group_desc-4.14" >out
'

# (an empty and a corrupt fixture: perf prints nothing, perf-mini an error)
for f in "$PD"/perf.data.*; do
	name=$(basename "$f")
	test_expect_success "--stats on $name: perf's layout, by type and by event" "
		pm report --stats -i '$f' >out 2>/dev/null; rc=\$? &&
		{ test \$rc = 0 || test \$rc = 255; } &&
		test_cmp '$EXP/$name.stats.txt' out
	"
done

test_expect_success 'a callchain view not built yet (address keys): refused with a hint, not faked' '
	test_expect_code 129 pm report -i "$PD/perf.data.callgraph-3.8" -g graph,0.5,caller,address 2>err &&
	test_grep "not implemented yet" err
'

test_expect_success '-b on a file without branch stacks: one clear error, exit 255' '
	test_expect_code 255 pm report -b -i "$PD/perf.data.singleprocess-3.8" >out 2>err &&
	test_grep "has no branch stacks" err && test_grep "^hint: record them" err &&
	test $(wc -l <err) = 2 && test ! -s out
'

test_expect_success 'branch mode: one entry per branch, percentages of branches' '
	pm report -i "$PD/perf.data.branch-4.14" >out &&
	test_grep "^# Samples: 416  of event .cycles:ppp." out &&
	test_grep "^# Event count \(approx.\): 416$" out &&
	test_grep "Source Shared Object  Source Symbol" out &&
	pm report -b -i "$PD/perf.data.branch-4.14" >out.b && test_cmp out out.b
'

test_expect_success 'branch mode: --no-branch-stack shows samples again' '
	pm report --no-branch-stack -i "$PD/perf.data.branch-4.14" >out &&
	test_grep "^# Samples: 13  of event" out && test_grep "  Symbol" out
'

test_expect_success 'branch mode: Basic Block Cycles from the LBR cycles field' '
	pm report -n --sort cycles -i "$PD/perf.data.branch-4.14" >out &&
	test_grep "^ +[0-9.]+% +[0-9]+  14 *$" out && test_grep "^ +[0-9.]+% +[0-9]+  - *$" out
'

test_expect_success PERF 'branch mode: addr_from, addr_to (unresolved kernel ends) as perf' '
	same_report "$PD/perf.data.branch-4.14" -F overhead,addr_from,addr_to &&
	same_report "$PD/perf.data.branch-4.14" -F overhead,addr_to,dso_to,cycles &&
	pm report --sort addr_from -i "$PD/perf.data.branch-4.14" >out &&
	test_grep "^# Overhead  Source Address" out
'

test_expect_success 'addr_from outside branch mode: a branch key refused with the fix' '
	test_expect_code 255 pm report --sort addr_from -i "$PD/perf.data.singleprocess-3.8" \
		>out 2>err &&
	test_grep "key .addr_from. describes taken branches" err && test ! -s out
'

test_expect_success '--sort srcline: file:line from the DWARF line table, else sym+offset' '
	pm record -q -e cpu-clock -o sl.data -- "$WL/burn" >/dev/null &&
	pm report --stdio --sort srcline -i sl.data >out &&
	test_grep "^# Overhead  Source:Line" out &&
	test_grep "^ +[0-9.]+%  burn\.c:[0-9]+$" out &&
	mkdir -p nofs && pm report --stdio --sort dso,srcline --symfs nofs -i sl.data >out &&
	! grep -q "burn\.c:" out && test_grep "burn +burn\[[0-9a-f]+\]" out
'

test_expect_success '--mem-mode: entries by weight, "Total weight" and the sort order named' '
	pm report --mem-mode -n -i "$PD/perf.data.weight_struct" >out &&
	test_grep "^# Total weight : 1725$" out &&
	test_grep "^# Sort order   : local_weight,mem,sym,dso,symbol_daddr,dso_daddr,snoop,tlb,locked,blocked,local_ins_lat,local_p_stage_cyc$" out &&
	test_grep "^ +14\.43% +1  249  +LFB/MAB or LFB/MAB hit" out &&
	test_grep " anon  +None " out
'

test_expect_success '--mem-mode on a file without memory samples: one clear error, exit 255' '
	test_expect_code 255 pm report --mem-mode -i "$PD/perf.data.singleprocess-3.8" >out 2>err &&
	! test -s out &&
	test_grep "has no memory samples" err && test_grep "^hint: .*mem record" err
'

test_expect_success 'a memory --sort key without --mem-mode is refused with the fix (exit 129)' '
	test_expect_code 129 pm report --sort mem,sym -i "$PD/perf.data.weight_struct" 2>err &&
	test_grep "key .mem. describes memory accesses" err && test_grep "^hint: add --mem-mode" err
'

test_expect_success '--mem-mode and -b together are refused' '
	test_expect_code 255 pm report --mem-mode -b -i "$PD/perf.data.synth-mem-branch" >out 2>err &&
	! test -s out && test_grep "cannot be used together" err
'

test_expect_success 'a branch --sort key outside branch mode is refused with the fix' '
	test_expect_code 255 pm report --sort symbol_from -i "$PD/perf.data.weight_struct" 2>err &&
	test_grep "key .symbol_from. describes taken branches" err && test_grep "^hint: add -b" err
'

test_expect_success '-g on a file without callchains: one clear error, exit 255 (-g none is fine)' '
	test_expect_code 255 pm report -g caller -i "$PD/perf.data.singleprocess-3.8" >out 2>err &&
	! test -s out && test_grep "has no callchains" err &&
	pm report -g none -i "$PD/perf.data.singleprocess-3.8" >out
'

test_expect_success 'report -C: only those CPUs samples, totals too (as perf); errors named' '
	pm report -n -C 28-30 -i "$PD/perf.data.weight_struct" >out &&
	test_grep "^# Samples: 10  of event" out &&
	test_expect_code 255 pm report -C 0 -i "$PD/perf.data.singleprocess-3.8" >out 2>err &&
	! test -s out && test_grep "has no sample CPUs" err &&
	test_expect_code 129 pm report -C 1-x -i "$PD/perf.data.weight_struct" 2>err &&
	test_grep "not a CPU list" err
'

test_expect_success 'kernel data symbols from kallsyms (D, b) in --mem-mode, as perf' '
	"$BUILD/test-tool" gen-kernel-mem km.data &&
	printf "ffffffff81000000 T _text\nffffffff81234500 T kfunc_a\nffffffff81234600 t kfunc_b\nffffffff81240000 T _etext\nffffffff82000000 D kvar\nffffffff82000100 b kbss\n" >ks &&
	pm report --stdio --mem-mode --kallsyms ks --sort sym,symbol_daddr,dso_daddr -i km.data >out &&
	test_grep "\[k\] kfunc_a  \[k\] kvar\+0x10 +\[kernel\.kallsyms\]" out &&
	test_grep "\[k\] kfunc_b  \[k\] kbss\+0x10 +\[kernel\.kallsyms\]" out &&
	test_grep "\[k\] kfunc_b  \[k\] kfunc_a +\[kernel\.kallsyms\]" out &&
	if command -v perf >/dev/null; then
		perf report --stdio --mem-mode --kallsyms ks --sort sym,symbol_daddr,dso_daddr \
			-i km.data 2>/dev/null | sh "$ROOT/tests/helpers/drop-perf-tip.sh" >perf.out &&
		test_cmp perf.out out
	fi
'

# A JIT's process: its code in executable anonymous memory, named by the
# JIT in /tmp/perf-PID.map. A pid of our own, so concurrent runs differ.
test_expect_success 'samples before a thread'"'"'s first COMM take its name, as perf (not :PID)' '
	"$BUILD/test-tool" gen-late-comm late.data &&
	pm report --stdio -n -s comm,pid,dso -i late.data >out &&
	test_grep "^ +42\.86% +3  late +4242:late +app" out &&
	test_grep "^ +14\.29% +1  first +4244:second +app" out &&
	test_grep "^ +28\.57% +2  second +4244:second +app" out &&
	! test_grep ":4242 " out &&
	pm report --stdio -s comm -i late.data >comm.out &&
	test_grep "^ +42\.86%  late" comm.out &&
	if command -v perf >/dev/null; then
		for opts in "-n -s comm,pid,dso" "-s comm" "-s dso"; do
			# shellcheck disable=SC2086
			perf report --stdio -i late.data $opts 2>/dev/null |
				sh "$ROOT/tests/helpers/drop-perf-tip.sh" >perf.out &&
			pm report --stdio -i late.data $opts >out &&
			test_cmp perf.out out || return 1
		done
	fi
'

# The same sample, callchain included, before and after an exec that maps
# another file there, a rename and a fork: -g reports remember what recent
# samples resolved to, and must resolve anew after each event.
test_expect_success '-g: a callchain sample repeated across exec, COMM and FORK resolves anew each time' '
	"$BUILD/test-tool" gen-chain-remap remap.data &&
	pm report --stdio --no-children -s comm,pid,dso -i remap.data >out &&
	test_grep "^ +37\.50%  before +4300:renamed +one" out &&
	test_grep "^ +25\.00%  after +4300:renamed +two" out &&
	test_grep "^ +12\.50%  renamed +4300:renamed +two" out &&
	test_grep "^ +25\.00%  child +4301:child +two" out &&
	pm report --stdio -s dso,sym -g folded -i remap.data >folded &&
	test_grep "^ +62\.50% +0\.00%  two .*0x0000555555556000" folded &&
	if command -v perf >/dev/null; then
		for opts in "--no-children -s comm,pid,dso" "-s comm,dso,sym" "-s dso,sym -g folded" \
			    "-s comm,dso -g caller"; do
			# shellcheck disable=SC2086
			perf report --stdio -i remap.data $opts 2>/dev/null |
				sh "$ROOT/tests/helpers/drop-perf-tip.sh" >perf.out &&
			pm report --stdio -i remap.data $opts >out &&
			test_cmp perf.out out || return 1
		done
	fi
'

test_expect_success 'a file of another kernel: kernel addresses left raw, and why, once; --kallsyms silences it' '
	pm report --stdio -i "$PD/perf.data.singleprocess-3.8" >out 2>err &&
	test_grep "\[k\] 0xffffffff966cd8b3$" out &&
	test "$(wc -l <err)" -eq 2 &&
	test_grep "^perf-mini report: warning: kernel addresses left unresolved: the file.s kernel build-id is not the running kernel.s$" err &&
	test_grep "^hint: .*--kallsyms FILE" err &&
	pm script -i "$PD/perf.data.singleprocess-3.8" >/dev/null 2>err &&
	test_grep "^perf-mini script: warning: kernel addresses left unresolved" err &&
	pm report --stdio --kallsyms /dev/null -i "$PD/perf.data.singleprocess-3.8" >out 2>err &&
	! test -s err
'

test_expect_success '--symfs DIR: kernel symbols from DIR/proc/kallsyms, never this machine.s' '
	mkdir -p sfs/proc &&
	printf "ffffffff966cd800 T recorded_fn_a\nffffffff967e4d00 t recorded_fn_b\n" >sfs/proc/kallsyms &&
	pm report --stdio --symfs sfs -i "$PD/perf.data.singleprocess-3.8" >out 2>err &&
	test_grep "^ +37\.21%  echo +\[kernel\.kallsyms\]  \[k\] recorded_fn_a$" out &&
	test_grep "\[k\] recorded_fn_b$" out &&
	! test -s err
'

# a stripped program whose symbols are in DIR/usr/lib/debug/.build-id,
# where perf looks under --symfs (distributions' debug packages)
test_expect_success '--symfs DIR: a stripped binary.s symbols from DIR.s /usr/lib/debug/.build-id' '
	mkdir -p bin && cp "$WL/spin" bin/spin &&
	pm record -q -o strip.data -- "$TRASH/bin/spin" 100 &&
	mkdir -p "sroot$TRASH/bin" &&
	objcopy --only-keep-debug bin/spin spin.debug &&
	strip -o "sroot$TRASH/bin/spin" bin/spin &&
	id=$(pm buildid-list -i strip.data | awk "/bin\/spin\$/ { print \$1 }") &&
	test -n "$id" &&
	pm report --stdio --symfs sroot --sort sym -i strip.data >out &&
	! test_grep "\[\.\] main$" out &&
	d=sroot/usr/lib/debug/.build-id/$(echo $id | cut -c1-2) &&
	mkdir -p $d && cp spin.debug $d/$(echo $id | cut -c3-).debug &&
	pm report --stdio --symfs sroot --sort sym -i strip.data >out &&
	test_grep "\[\.\] main$" out &&
	if command -v perf >/dev/null; then
		perf report --stdio --symfs sroot --sort sym -i strip.data 2>/dev/null |
			grep -v "^#" | grep -v "^$" >perf.txt &&
		grep -v "^#" out | grep -v "^$" >pm.txt && test_cmp perf.txt pm.txt
	fi
'

test_expect_success '-v: where each object.s symbols came from, on stderr; the same table' '
	pm report --stdio --sort dso,sym -i strip.data >plain &&
	pm report -v --stdio --sort dso,sym -i strip.data >out 2>err &&
	test_cmp plain out &&
	test_grep "^perf-mini: $TRASH/bin/spin: [0-9]+ symbols, from $TRASH/bin/spin" err &&
	pm report --verbose --stdio --symfs sroot -i strip.data >/dev/null 2>err &&
	test_grep "^perf-mini: $TRASH/bin/spin: [0-9]+ symbols, from sroot/usr/lib/debug/\.build-id/" err &&
	pm script -v -i strip.data >out 2>err && pm script -i strip.data >plain && test_cmp plain out &&
	test_grep "^perf-mini: $TRASH/bin/spin: [0-9]+ symbols, from " err &&
	rm spin.debug bin/spin && mkdir -p nohome &&
	HOME="$TRASH/nohome" XDG_CACHE_HOME="$TRASH/nohome" pm script -v -i strip.data >/dev/null 2>err &&
	test_grep "^perf-mini: $TRASH/bin/spin: no symbols: no file with the recorded build-id at $TRASH/bin/spin nor in the build-id cache$" err
'

test_expect_success KERNEL '--symfs without DIR/proc/kallsyms leaves this kernel.s own addresses raw, as perf' '
	pm record -o k.data -- "$WL/touch-pages" 2000 >/dev/null 2>&1 &&
	pm report --stdio -i k.data >host.out &&
	mkdir -p empty &&
	pm report --stdio --symfs empty -i k.data >out 2>err &&
	if test_grep "\[k\] [a-z_]" host.out; then
		! test_grep "\[k\] [a-z_]" out && test_grep "\[k\] 0x" out
	fi
'

test_expect_success 'a build-id table naming a vmlinux: [kernel.vmlinux], and its path in script, as perf' '
	python3 -c "
import sys
b = bytearray(open(sys.argv[1], \"rb\").read())
i = b.rfind(b\"[kernel.kallsyms]\")   # the build-id table, at the end
b[i:i + 17] = b\"/boot/vmlinux-4.1\"
open(sys.argv[2], \"wb\").write(b)
" "$PD/perf.data.singleprocess-3.8" vml.data &&
	pm report --stdio --kallsyms /dev/null --symfs "$TRASH/symfs" -i vml.data >out &&
	test_grep "^ +20\.48%  echo +\[kernel\.vmlinux\]  \[k\] 0xffffffff966cd8b3$" out &&
	! test_grep "kernel\.kallsyms" out &&
	pm script --kallsyms /dev/null --symfs "$TRASH/symfs" -i vml.data >script.out &&
	test_grep "ffffffff96613abf \[unknown\] \(/boot/vmlinux-4\.1\)$" script.out &&
	if command -v perf >/dev/null; then
		perf report --stdio --kallsyms /dev/null --symfs "$TRASH/symfs" -i vml.data \
			2>/dev/null | sh "$ROOT/tests/helpers/drop-perf-tip.sh" >perf.out &&
		test_cmp perf.out out &&
		perf script --kallsyms /dev/null --symfs "$TRASH/symfs" -i vml.data >perf.out \
			2>/dev/null &&
		test_cmp perf.out script.out
	fi
'

test_expect_success 'KVM guest samples: counted in the total, no entry, no script line; hypervisor ones [H], as perf' '
	"$BUILD/test-tool" gen-guest guest.data &&
	pm report --stdio --kallsyms /dev/null --symfs "$TRASH/symfs" -n -i guest.data >out &&
	test_grep "^# Samples: 7  of event" out &&
	test_grep "^ +28\.57% +2  qemu-kvm +qemu-kvm +\[\.\] 0x0000000000001000$" out &&
	test_grep "^ +14\.29% +1  qemu-kvm +\[unknown\] +\[H\] 0xfffffffffe001000$" out &&
	! test_grep "0xffffffff81234560|0x0000000000400123" out &&
	pm script -i guest.data >script.out &&
	test "$(wc -l <script.out)" -eq 4 && ! test_grep "81234560|400123" script.out &&
	if command -v perf >/dev/null; then
		perf report --stdio --kallsyms /dev/null --symfs "$TRASH/symfs" -n -i guest.data \
			2>/dev/null | sh "$ROOT/tests/helpers/drop-perf-tip.sh" >perf.out &&
		test_cmp perf.out out
	fi
'

jit_pid=$((3000000 + $$ % 1000000))
jit_map=/tmp/perf-$jit_pid.map

test_expect_success 'JIT code: symbols from /tmp/perf-PID.map, "[JIT] tid PID" as perf' '
	"$BUILD/test-tool" gen-jit jit.data $jit_pid &&
	printf "7f0000000100 80 jit_fn_a\n7f0000000180 100 LazyCompile:*foo bar.js:12\n7f0000000400 40 Builtin:Call\nshort\n" >"$jit_map" &&
	pm report --stdio -n -i jit.data >out &&
	pm script -F ip,sym,symoff,dso -i jit.data >script.out &&
	rm -f "$jit_map" &&
	test_grep "^ +25\.00% +2  node +\[JIT\] tid $jit_pid +\[\.\] LazyCompile:\*foo bar\.js:12$" out &&
	test_grep "\[JIT\] tid $jit_pid +\[\.\] 0x00007f0000000900$" out &&
	test_grep "\[JIT\] tid $jit_pid +\[\.\] 0x0000555555600020$" out &&
	test_grep "node +anon +\[\.\] 0x00007f1000000040$" out &&
	test_grep "^ +7f00000001a0 LazyCompile:\*foo bar\.js:12\+0x20 \(/tmp/perf-$jit_pid\.map\)$" script.out &&
	if command -v perf >/dev/null; then
		printf "7f0000000100 80 jit_fn_a\n7f0000000180 100 LazyCompile:*foo bar.js:12\n7f0000000400 40 Builtin:Call\nshort\n" >"$jit_map" &&
		perf report --stdio -n -i jit.data 2>/dev/null | sh "$ROOT/tests/helpers/drop-perf-tip.sh" >perf.out &&
		perf script -F ip,sym,symoff,dso -i jit.data >perf.script 2>/dev/null &&
		rm -f "$jit_map" && test_cmp perf.out out && test_cmp perf.script script.out
	fi
'

test_expect_success 'JIT code without its map file: raw addresses, as perf' '
	rm -f "$jit_map" &&
	pm report --stdio -i jit.data >out &&
	test_grep "\[JIT\] tid $jit_pid +\[\.\] 0x00007f0000000180$" out
'
rm -f "$jit_map"

test_expect_success '-t ., --percentage other than relative|absolute (129), --group-sort-idx without a group: refused' '
	test_expect_code 129 pm report -i "$PD/perf.data.forkexit-3.8" -t . >out 2>err &&
	test_grep "cannot separate columns" err && ! test -s out &&
	test_expect_code 129 pm report -i "$PD/perf.data.forkexit-3.8" --percentage half 2>err &&
	test_grep "neither relative nor absolute" err &&
	test_must_fail pm report -i "$PD/perf.data.forkexit-3.8" --group-sort-idx 1 >out 2>err &&
	test_grep "has no event group" err && ! test -s out &&
	test_must_fail pm report -i "$PD/perf.data.group_desc-4.14" --switch-on nosuch >out 2>err &&
	test_grep "has no event .nosuch." err && ! test -s out &&
	test_must_fail pm script -i "$PD/perf.data.group_desc-4.14" --switch-off nosuch >out 2>err &&
	test_grep "switch-off: .* has no event" err && ! test -s out
'

test_expect_success 'report --time-quantum: a value that is not a time is a clear error' '
	test_must_fail pm report --stdio -i "$PD/perf.data.forkexit-3.8" --sort time \
		--time-quantum soon >out 2>err &&
	test_grep "time-quantum soon: not a time" err && test_grep "^hint: " err
'

test_expect_success SYSWIDE,PERF 'report --sort socket,cpu,time on a system-wide recording equals perf' '
	pm record -a -e cpu-clock -o sock.data -- "$WL/spin" 200 2>/dev/null &&
	perf report --stdio --kallsyms /dev/null -i sock.data --sort socket,cpu,time 2>/dev/null |
		sh "$ROOT/tests/helpers/drop-perf-tip.sh" >perf.out &&
	pm report --stdio --kallsyms /dev/null -i sock.data --sort socket,cpu,time >pm.out &&
	test_cmp perf.out pm.out
'

# Three processes at once: their records interleave in the file, and in
# file order a round's end has no taker (perf: "unhandled!")
test_expect_success PERF 'report --disable-order: -D in file order, the table as without it, as perf' '
	pm record -q -g -e cpu-clock -c 100000 -o unord.data -- \
		sh -c "\"$WL/burn\" 50 & \"$WL/burn\" 50 & \"$WL/burn\" 50; wait" &&
	same_report unord.data --disable-order &&
	same_report unord.data --disable-order -D &&
	pm report --stdio -D --disable-order -i unord.data >pm.txt &&
	test_grep "PERF_RECORD_FINISHED_ROUND: unhandled!" pm.txt
'

test_expect_success PERF 'report -p/--parent, -x, --sort parent on a recording with callchains equal perf' '
	pm record -g -e cpu-clock -o par.data -- "$WL/burn" 50 >/dev/null 2>&1 &&
	for args in "-p middle -g none" "-p ^outer -x -g none" "--sort comm,parent -p mid" \
		    "-p middle" "-x -g none" "-p ^(middle|main)$ --no-children"; do
		perf report --stdio -i par.data $args 2>/dev/null |
			sh "$ROOT/tests/helpers/drop-perf-tip.sh" >perf.out &&
		pm report --stdio -i par.data $args >pm.out &&
		test_cmp perf.out pm.out || return 1
	done &&
	test_grep "middle" pm.out
'

# perf takes the first frame the regex matches in the order it walks the
# chain: callers first under --children (or -g caller), where a "main"
# regex meets __libc_start_call_main before main
test_expect_success PERF 'report -p: the first match in the order the chain is walked, as perf' '
	pm record -g -e cpu-clock -o parc.data -- "$WL/shapes" 200 >/dev/null 2>&1 &&
	for args in "--sort parent,sym -p main -g none" "--sort parent,sym -p main --no-children" \
		    "--sort parent,sym -p main --no-children -g caller" "-p main"; do
		perf report --stdio -i parc.data $args 2>/dev/null |
			sh "$ROOT/tests/helpers/drop-perf-tip.sh" >perf.out &&
		pm report --stdio -i parc.data $args >pm.out &&
		test_cmp perf.out pm.out || return 1
	done
'

test_expect_success PERF 'report --ignore-callees: the chain starts at the function it names, as perf' '
	pm record -g -e cpu-clock -c 200000 -o ign.data -- "$WL/shapes" 1500 >/dev/null 2>&1 &&
	pm report --stdio --no-children -i ign.data >plain.out &&
	for args in "--ignore-callees work" "--no-children --ignore-callees ^work$" \
		    "--no-children -g caller --ignore-callees work" "--ignore-callees ^main$" \
		    "--no-children --ignore-callees ^(main|work)$ -p ^main$"; do
		perf report --stdio -i ign.data $args 2>/dev/null |
			sh "$ROOT/tests/helpers/drop-perf-tip.sh" >perf.out &&
		pm report --stdio -i ign.data $args >pm.out &&
		test_cmp perf.out pm.out || return 1
	done &&
	pm report --stdio --no-children --ignore-callees "^main$" -i ign.data >ign.out &&
	test_grep "\[\.\] main$" ign.out && ! grep -q "\[\.\] main$" plain.out
'

test_expect_success 'report --tui into a file: the --stdio table, as perf; --samples changes nothing' '
	pm report --tui -i "$PD/perf.data.callgraph-3.8" >out 2>err &&
	pm report --stdio -i "$PD/perf.data.callgraph-3.8" >a &&
	test_cmp a out &&
	pm report --stdio --samples 10 --no-tui -i "$PD/perf.data.callgraph-3.8" >b &&
	test_cmp a b
'

test_expect_success 'report --ignore-callees: a regex that does not compile is a clear error' '
	test_must_fail pm report --stdio -i "$PD/perf.data.callgraph-3.8" --ignore-callees "(" \
		>out 2>err &&
	test_grep "^perf-mini report: --ignore-callees \(: " err && test_grep "^hint: " err
'

test_expect_success 'report -p: a regex that does not compile is a clear error' '
	test_must_fail pm report --stdio -i "$PD/perf.data.callgraph-3.8" -p "(" >out 2>err &&
	test_grep "^perf-mini report: -p \(: " err && test_grep "^hint: " err
'

test_expect_success '--column-widths: fixed widths by position, names cut as perf' '
	pm report -w 5,3,3 -i "$PD/perf.data.forkexit-3.8" >out &&
	test_grep "^# Overhead  Com  Sha  Symbol" out &&
	test_grep "^   4.88%    shi  lib  \[\.\] 0x0000000000045c0e$" out
'

test_expect_success PERF '--column-widths as perf: values, keys cut, groups, -n, children' '
	same_report "$PD/perf.data.forkexit-3.8" -w 5,3,3,3 &&
	same_report "$PD/perf.data.forkexit-3.8" -n --column-widths=1,2,,4 &&
	same_report "$PD/perf.data.branch-4.14" -w 20,3,0,3 &&
	same_report "$PD/perf.data.group_desc-4.14" -w 12,4,,3 &&
	same_report "$PD/perf.data.callgraph-3.8" -w 3,7,30,2,50
'

test_expect_success '--stitch-lbr without LBR callchains: perf warning, the same report' '
	pm report -i "$PD/perf.data.branch-4.14" >plain &&
	pm report --stitch-lbr -i "$PD/perf.data.branch-4.14" >out 2>err &&
	test_cmp plain out && test_grep "^Can.t find LBR callchain. Switch off --stitch-lbr.$" err &&
	test_grep "^Please apply --call-graph lbr when recording.$" err &&
	pm report --stitch-lbr --percent-limit 1 -i "$PD/perf.data.callgraph_and_branch-3.8" \
		>out 2>err && ! test_grep "LBR callchain" err
'

test_expect_success '-m, --total-cycles outside branch mode: the report unchanged, as perf' '
	pm report -i "$PD/perf.data.forkexit-3.8" >plain &&
	pm report -m --total-cycles -i "$PD/perf.data.forkexit-3.8" >out && test_cmp plain out
'

test_expect_success '--branch-history, --total-cycles refused where perf does what is not here' '
	test_expect_code 255 pm report --branch-history -i "$PD/perf.data.forkexit-3.8" 2>err &&
	test_grep "has no callchains or branch stacks" err && test_grep "^hint: " err &&
	test_expect_code 255 pm report --branch-history -i "$PD/perf.data.branch-4.14" 2>err &&
	test_grep "not implemented" err &&
	test_expect_code 255 pm report --total-cycles -i "$PD/perf.data.branch-4.14" 2>err &&
	test_grep "^perf-mini report: --total-cycles: " err && test_grep "^hint: " err
'

test_expect_success PERF '--stitch-lbr, -m, --total-cycles, --show-ref-call-graph as perf' '
	same_report "$PD/perf.data.branch-4.14" --stitch-lbr &&
	same_report "$PD/perf.data.forkexit-3.8" --modules --total-cycles &&
	same_report "$PD/perf.data.branch-4.14" --total-cycles --no-branch-stack &&
	perf record -q -e cpu-clock/call-graph=no/,task-clock -g -o ref.data -- true 2>/dev/null &&
	same_report ref.data --show-ref-call-graph --no-children &&
	test_grep "show reference callgraph" pm.txt
'

test_done
