#!/bin/sh
test_description='oracle: script options perf 6.1 carries out on a plain recording, perf-mini alike'
. "$(dirname "$0")/../cli/test-lib.sh"

if ! command -v perf >/dev/null 2>&1; then
	test_skip "script options against perf" "Linux perf is not installed"
	test_done; exit $?
fi

# perf script and perf-mini script on one file with the same options:
# the same bytes on stdout and stderr, the same exit status.
same_script() {
	file=$1; shift
	perf script -i "$file" "$@" >perf.txt 2>perf.err; prc=$?
	pm script -i "$file" "$@" >pm.txt 2>pm.err; mrc=$?
	test_cmp perf.txt pm.txt && test_cmp perf.err pm.err &&
	test "$prc" = "$mrc" || { echo "exit: perf $prc, perf-mini $mrc"; cat pm.err; return 1; }
}

test_expect_success 'recordings by perf and perf-mini, with and without callchains' '
	perf record -q -e cpu-clock -c 100000 -o p.data -- "$WL/spin" 150 >/dev/null 2>&1 &&
	perf record -q -e cpu-clock -c 100000 -g -o pg.data -- "$WL/spin" 150 >/dev/null 2>&1 &&
	pm record -q -e cpu-clock -c 100000 -o m.data -- "$WL/spin" 150 >/dev/null 2>&1 &&
	test -s p.data && test -s pg.data && test -s m.data
'

# -a and --dlarg change nothing reading a file; -d shows no sample and
# counts those out of order; --graph-function finds no decoded call in
# sampled events; --stitch-lbr without branch stacks warns and goes on;
# the guest options and --show-text-poke-events see none of theirs
for opts in "-a" "--all-cpus" "-d" "--debug-mode" "--dlarg=x" "--graph-function=main" \
	    "--graph-function=main --show-task-events" "--stitch-lbr" "--show-text-poke-events" \
	    "--guestmount=/tmp" "--guestvmlinux=/nonexistent" "--guestkallsyms=/proc/kallsyms" \
	    "--guestmodules=/proc/modules" "--guest-code" "-d --time 0%-50%"; do
	test_expect_success "script $opts: as perf on each recording" "
		for f in p.data pg.data m.data; do same_script \$f $opts || return 1; done
	"
done

test_expect_success 'script -d: perf says how many samples came out of order' '
	same_script pg.data -d && test_grep "^Misordered timestamps: 0$" pm.err &&
	! test -s pm.txt
'

# the shorthands are -F, --ns and --itrace in one; a later -F changes
# them, and --call-trace pads the DSO names it then shows
for opts in "--call-trace" "--call-ret-trace" "--insn-trace" "--insn-trace=raw" \
	    "--call-trace -F +ip,+sym,+dso" "-F +ip,+sym,+dso --call-trace" \
	    "--call-ret-trace -F +ip,+dso" "--insn-trace -F +period"; do
	test_expect_success "script $opts: as perf on each recording" "
		for f in p.data pg.data m.data; do same_script \$f $opts || return 1; done
	"
done

test_expect_success 'script --insn-trace=disasm and =bad: usage errors, as perf' '
	test_expect_code 129 pm script -i p.data --insn-trace=disasm 2>err &&
	test_grep "no disasm field" err &&
	test_expect_code 129 perf script -i p.data --insn-trace=disasm 2>/dev/null &&
	test_expect_code 129 pm script -i p.data --insn-trace=bad 2>err &&
	test_grep "only raw or disasm" err &&
	test_expect_code 129 perf script -i p.data --insn-trace=bad 2>/dev/null
'

# an address 4 bytes before a user sample (the shell counts in signed 64
# bits: no kernel address): only a range that reaches it keeps it
test_expect_success 'script -S ADDR --addr-range: as perf, the range widening the address' '
	ip=$(perf script -i p.data -F ip 2>/dev/null | awk "\$1 !~ /^ffff/ { print \$1; exit }") &&
	addr=$(printf "0x%x" $((0x$ip - 4))) &&
	for r in 0 2 8 4096 -8; do
		same_script p.data -S $addr --addr-range=$r || return 1
	done &&
	same_script p.data -S $addr --addr-range=8 && test -s pm.txt
'

# a stand-in vmlinux with the recorded kernel build-id: perf names the
# kernel by its path with --show-kernel-path, the 50-wide --call-trace
# column cuts and pads that name too
test_expect_success ROOT,KERNEL 'script --show-kernel-path: the -k vmlinux by its path, as perf' '
	perf record -q -e cpu-clock -c 100000 -g -o k.data -- "$WL/touch-pages" 20000 >/dev/null 2>&1 &&
	bid=$(perf buildid-list -i k.data 2>/dev/null | awk "/kernel.kallsyms/ { print \$1 }") &&
	test -n "$bid" &&
	ip=$(pm script -F ip,dso -G -i k.data | awk "/kernel.kallsyms/ { print \$1; exit }") &&
	test -n "$ip" &&
	/usr/bin/python3 "$ROOT/tests/helpers/fake-vmlinux.py" fake.vmlinux $ip 200000 $bid >/dev/null &&
	same_script k.data -k fake.vmlinux --show-kernel-path &&
	test_grep "(fake.vmlinux)" pm.txt &&
	same_script k.data -k fake.vmlinux &&
	same_script k.data -k "$PWD/fake.vmlinux" --show-kernel-path --call-trace -F +ip,+dso
'

# a branch stack (perf.data.branch-4.14) is an LBR callchain to perf:
# --stitch-lbr then changes nothing (its stacks are no call stacks)
# (the file is of another kernel: each tool warns of it in its own words)
test_expect_success 'script --stitch-lbr on plain branch stacks: no warning, as perf' '
	f="$ROOT/tests/data/perfdata/perf.data.branch-4.14" &&
	perf script -i "$f" --stitch-lbr -F ip,sym >perf.txt 2>perf.err &&
	pm script -i "$f" --stitch-lbr -F ip,sym >pm.txt 2>pm.err &&
	test_cmp perf.txt pm.txt &&
	! grep LBR perf.err && ! grep LBR pm.err
'

test_done
