#!/bin/sh
test_description='script: each sample of the perf.data fixtures as perf script prints it'
. "$(dirname "$0")/test-lib.sh"

EXP="$ROOT/tests/expected/script"
PD="$TEST_DATA/perfdata"
mkdir -p "$TRASH/symfs"

grep -v '^#' "$EXP/cases.txt" | while read -r file name opts; do
	[ -n "$file" ] && echo "$file $name $opts"
done >cases

while read -r file name opts; do
	test_expect_success "script $name on $file equals perf script" "
		pm script --kallsyms /dev/null --symfs '$TRASH/symfs' -i '$PD/$file' $opts >out &&
		test_cmp '$EXP/$file.$name.txt' out
	"
done <cases

test_expect_success 'a field the samples lack is refused, naming it' '
	test_must_fail pm script -i "$PD/perf.data.singleprocess-3.8" -F comm,cpu 2>err &&
	test_grep "Samples for .cycles. event do not have CPU attribute set. Cannot print .cpu. field.$" err
'

test_expect_success '--itrace and --no-itrace: nothing to decode is no change; an AUX trace is refused' '
	pm script -i "$PD/perf.data.singleprocess-3.8" >plain.txt &&
	pm script --no-itrace -i "$PD/perf.data.singleprocess-3.8" >noitrace.txt &&
	pm script --itrace=i100us -i "$PD/perf.data.singleprocess-3.8" >itrace.txt &&
	test_cmp plain.txt noitrace.txt && test_cmp plain.txt itrace.txt &&
	pm script --no-itrace --show-mmap-events -i "$PD/perf.data.intel_pt-4.14" >/dev/null &&
	test_expect_code 255 pm script --itrace -i "$PD/perf.data.intel_pt-4.14" 2>err &&
	test_grep "holds an AUX area trace .*which perf-mini does not decode" err &&
	test_grep "^hint: .*--no-itrace" err &&
	test_expect_code 255 pm report --stdio --itrace=i -i "$PD/perf.data.intel_pt-4.14" 2>err &&
	test_grep "^perf-mini report: --itrace=i: " err
'

test_expect_success 'a memory field the samples lack is refused, naming it' '
	test_must_fail pm script -i "$PD/perf.data.singleprocess-3.8" -F ip,data_src 2>err &&
	test_grep "do not have DATA_SRC attribute set. Cannot print .data_src. field.$" err &&
	test_must_fail pm script -i "$PD/perf.data.weight_struct" -F ip,phys_addr 2>err &&
	test_grep "do not have PHYS_ADDR attribute set" err
'

test_expect_success '-F +x,-y changes the default fields; mixing the forms is refused' '
	pm script -i "$PD/perf.data.singleprocess-3.8" -F +pid,-period >out &&
	test_grep "^ +perf +[0-9]+/[0-9]+ +[0-9]+\.[0-9]+: +cycles: " out &&
	test_expect_code 129 pm script -i "$PD/perf.data.singleprocess-3.8" -F ip,+sym 2>err &&
	test_grep "either replaces the fields" err &&
	test_expect_code 129 pm script -i "$PD/perf.data.singleprocess-3.8" -F +bogus 2>err &&
	test_grep "unknown field .bogus." err
'

test_expect_success '-F type: errors: an unknown type, hiding a type there is none of' '
	test_expect_code 129 pm script -i "$PD/perf.data.singleprocess-3.8" -F bogus:ip 2>err &&
	test_grep "unknown event type .bogus." err && test_grep "hint: the types are hw, sw" err &&
	test_must_fail pm script -i "$PD/perf.data.weight_struct" -F hw: >out 2>err &&
	test_grep "hides the hardware events, but there are none" err && ! test -s out
'

test_expect_success '-F trace for every event: kept for tracepoints only, with perf'"'"'s warnings' '
	pm script -i "$PD/perf.data.singleprocess-3.8" -F comm,trace >out 2>err &&
	test $(grep -c "^.trace. not valid for .* events. Ignoring.$" err) = 7 &&
	test_grep "^ +perf $" out &&
	pm script -i "$PD/perf.data.singleprocess-3.8" -F trace >out 2>err &&
	! test -s out &&
	test_expect_code 129 pm script -i "$PD/perf.data.singleprocess-3.8" -F hw:trace 2>err &&
	test_grep "not valid for hardware events" err
'

test_expect_success '-F more than 8 times is refused (exit 129)' '
	test_expect_code 129 pm script -i "$PD/perf.data.singleprocess-3.8" -F ip -F ip -F ip \
		-F ip -F ip -F ip -F ip -F ip -F ip 2>err &&
	test_grep "given more than 8 times" err
'

test_expect_success 'unknown -F field: error lists the fields, exit 129' '
	test_expect_code 129 pm script -i "$PD/perf.data.singleprocess-3.8" -F comm,bogus 2>err &&
	test_grep "unknown field .bogus." err && test_grep "hint: fields are" err
'

test_expect_success 'broken file: clear error, no output crash' '
	test_must_fail pm script -i "$PD/perf.data.piped.corrupted.zero_size_sample-3.2" \
		>out 2>err &&
	test_grep "has size 0" err
'

test_expect_success TRACEFS 'a recording of ours: tracepoint payloads printed from the tracing data' '
	pm record -q -e sched:sched_switch -o tp.data -- "$WL/sleep-switch" 20 &&
	pm script -i tp.data >out &&
	test_grep "sched:sched_switch: prev_comm=sleep-switch prev_pid=[0-9]+ .* ==> next_comm=" out
'

test_expect_success 'callchains: one tab-indented frame per line, blank line after' '
	pm record -q -g -e cpu-clock -o g.data -- "$WL/spin" 100 &&
	pm script -i g.data >out &&
	test_grep "^	 *[0-9a-f]+ main\+0x[0-9a-f]+ \(.*workloads/spin\)$" out &&
	test_grep "^$" out
'

test_expect_success '--call-graph dwarf: script unwinds the user stack (libdw CFI)' '
	pm record -q --call-graph dwarf -e cpu-clock -o dw.data -- "$WL/burn" >/dev/null &&
	pm script -i dw.data >out &&
	# a sample in middle: its callers follow, return addresses minus one
	awk "/ middle\\+0x/ { getline a; getline b; print a; print b; exit }" out >chain &&
	test_grep "outer\\+0x[0-9a-f]+ \\(.*/burn\\)" chain &&
	test_grep "main\\+0x[0-9a-f]+ \\(.*/burn\\)" chain &&
	pm report --stdio --no-children -i dw.data >rep && test_grep "outer" rep
'

# libc6-dbg ships its DWARF compressed: the first report that reads it
# keeps a decompressed copy in the cache, later ones map it, with the
# same output (and without a usable cache directory, the same again)
test_expect_success '--call-graph dwarf: compressed debug files decompressed once, in the cache' '
	pm record -q --call-graph dwarf -e cpu-clock -o dwc.data -- "$WL/burn" 300 >/dev/null &&
	XDG_CACHE_HOME="$TRASH/cache" pm report --stdio -i dwc.data >first 2>&1 &&
	XDG_CACHE_HOME="$TRASH/cache" pm report --stdio -i dwc.data >second 2>&1 &&
	: >not-a-dir &&
	XDG_CACHE_HOME="$TRASH/not-a-dir" pm report --stdio -i dwc.data >none 2>&1 &&
	test_cmp first second && test_cmp first none &&
	libc=$(ldd "$WL/burn" | sed -n "s/.*libc.so.6 => \([^ ]*\).*/\1/p") &&
	id=$(readelf -n "$libc" 2>/dev/null | sed -n "s/.*Build ID: *//p") &&
	debug=/usr/lib/debug/.build-id/$(echo "$id" | cut -c1-2)/$(echo "$id" | cut -c3-).debug &&
	if test -n "$id" && test -r "$debug" && readelf -SW "$debug" 2>/dev/null | grep -q " C "; then
		test -s "$TRASH/cache/perf-mini/debug-$id" &&
		! readelf -SW "$TRASH/cache/perf-mini/debug-$id" 2>/dev/null | grep -q "debug.* C "
	else
		say "# no compressed libc debug file here: nothing to cache"
	fi
'

test_expect_success '--call-graph dwarf without the binary on disk: the sampled frame only' '
	pm record -q --call-graph dwarf -e cpu-clock -o dw.data -- "$WL/burn" >/dev/null &&
	mkdir -p emptyfs && pm script --symfs emptyfs -i dw.data >out &&
	test_grep "cpu-clock:" out && ! grep -q "outer" out
'

test_expect_success 'script expands inlined functions of dwarf frames (libdw); --no-inline not' '
	pm record -q --call-graph dwarf -e cpu-clock -o dw.data -- "$WL/burn" >/dev/null &&
	pm script -i dw.data >a && pm script --inline -i dw.data >b && test_cmp a b &&
	awk "/leaf\\+0x.*\\(inlined\\)/ { getline n; print n; exit }" a >next &&
	test_grep "middle\\+0x[0-9a-f]+ \\(.*/burn\\)" next &&
	pm script --no-inline -i dw.data >c && ! grep -q "(inlined)" c &&
	test $(grep -c . c) -lt $(grep -c . a)
'

test_expect_success 'script --per-event-dump: each event in <input>.<event>.dump, the rest on stdout' '
	pm record -q -e cpu-clock,page-faults -o pe.data -- "$WL/spin" 50 &&
	pm script -i pe.data >all &&
	pm script --per-event-dump --show-task-events -i pe.data >out &&
	test_grep "^\[ perf script: Wrote [0-9.]+ MB pe\.data\.cpu-clock$u\.dump \([0-9]+ samples\) \]$" out &&
	test_grep "PERF_RECORD_COMM" out && ! grep -q "cpu-clock$u:" out &&
	test $(wc -l <"pe.data.cpu-clock$u.dump") -eq $(grep -c " cpu-clock$u: " all) &&
	test $(wc -l <"pe.data.page-faults$u.dump") -eq $(grep -c " page-faults$u: " all) &&
	cat "pe.data.cpu-clock$u.dump" "pe.data.page-faults$u.dump" | sort >both &&
	sort all >all.sorted && test_cmp all.sorted both
'

test_expect_success NORMAL_USER 'script --per-event-dump where the files cannot be written: said, exit 255' '
	mkdir -p ro && cp pe.data ro/ && chmod 644 ro/pe.data && chmod 555 ro &&
	test_expect_code 255 as_user "$PERF_MINI" script --per-event-dump -i ro/pe.data >out 2>err &&
	test_grep "cannot create ro/pe\.data\.[a-z:-]*\.dump" err && test_grep "^hint: " err;
	ret=$?; chmod 755 ro; return $ret
'

test_expect_success 'script -F srccode: needs the ip; the source text once per new line' '
	test_expect_code 129 pm script -F comm,srccode -i dw.data 2>err &&
	test_grep "^perf-mini script: -F srccode needs the ip" err &&
	pm script -F comm,ip,sym,srccode -i dw.data >out &&
	test_grep "^\|[0-9]+ +.*x = leaf\(x\)" out &&
	test $(grep -c "^|" out) -lt $(grep -c "^burn " out)
'

test_expect_success 'report shows the inlined functions of dwarf frames (libdw); --no-inline not' '
	pm record -q --call-graph dwarf -e cpu-clock -o dw.data -- "$WL/burn" >/dev/null &&
	pm report --stdio --no-children -i dw.data >a &&
	pm report --stdio --no-children --inline -i dw.data >b && test_cmp a b &&
	awk "/leaf \\(inlined\\)/ { getline n; print n; exit }" a >next &&
	test_grep "^ +\\|? +middle$" next &&
	pm report --stdio -i dw.data >children &&
	test_grep "\\[\\.\\] leaf \\(inlined\\)$" children &&
	pm report --stdio --no-children --no-inline -i dw.data >c && ! grep -q "(inlined)" c &&
	test_grep "middle" c
'

test_expect_success 'report -g caller: an inline list outermost first, as the chain' '
	pm record -q --call-graph dwarf -e cpu-clock -o dw.data -- "$WL/burn" >/dev/null &&
	pm report --stdio --no-children -g caller -i dw.data >a &&
	awk "/ middle$/ { on = 1; next } on && /^$/ { exit } on" a >below &&
	test_grep "leaf \\(inlined\\)" below
'

test_expect_success TRACEFS 'a pipe stream naming no events: tracepoints named from its tracing data, as perf' '
	pm record -e sched:sched_process_exec -o - -- /bin/true >tp.pipe 2>/dev/null &&
	python3 "$ROOT/tests/helpers/strip-pipe-records.py" tp.pipe tp-old.pipe 78,80 &&
	pm script -i tp-old.pipe >out &&
	test_grep " sched:sched_process_exec: filename=/bin/true " out &&
	pm report --stdio -i tp-old.pipe >report.out &&
	test_grep "^# Samples: 1  of event .sched:sched_process_exec.$" report.out &&
	if command -v perf >/dev/null; then
		perf script -i tp-old.pipe >perf.out 2>/dev/null &&
		test_cmp perf.out out
	fi
'

test_expect_success '--time that is not a range: one message with the forms, exit 129' '
	for t in abc 10%/x 5%-x 1,2,3; do
		test_expect_code 129 pm script -i "$PD/perf.data.branch_stack_spec" --time "$t" \
			>out 2>err || return 1
		test_grep "is not a time range" err && test_grep "^hint: START,STOP" err &&
		! test -s out || return 1
	done &&
	test_expect_code 129 pm report -i "$PD/perf.data.branch_stack_spec" --time x 2>err &&
	test_grep "is not a time range" err
'

test_expect_success '--time as a percentage on a file without SAMPLE_TIME names the feature' '
	test_must_fail pm script -i "$PD/perf.data.forkexit-3.8" --time 10%/1 >out 2>err &&
	test_grep "no SAMPLE_TIME header feature" err && test_grep "^hint: give absolute times" err &&
	! test -s out
'

test_expect_success '--reltime with --deltatime: refused, exit 129' '
	test_expect_code 129 pm script -i "$PD/perf.data.forkexit-3.8" --reltime --deltatime 2>err &&
	test_grep "cannot be used together" err
'

test_expect_success '-C on a file without sample CPUs: says why, no output' '
	test_must_fail pm script -i "$PD/perf.data.branch_stack_spec" -C 0 >out 2>err &&
	test_grep "has no sample CPUs" err && ! test -s out
'

# at -F 20000 the start-up code (ld.so, libc) always has samples beside
# burn's middle: at the default 4000 a normal user's run could have none
test_expect_success '-S/--symbols keeps the samples in those functions only' '
	pm record -q -F 20000 -e cpu-clock -o s.data -- "$WL/burn" >/dev/null &&
	pm script -i s.data -F ip,sym | awk "{ print \$2 }" >all &&
	sort -u all >syms && test $(wc -l <syms) -ge 2 &&
	first=$(grep -m1 -x "[a-z_]*" syms) &&
	pm script -i s.data -F ip,sym -S "$first" | awk "{ print \$2 }" >one &&
	test -s one && test "$(sort -u one)" = "$first" &&
	test $(wc -l <one) -eq $(grep -c -x "$first" all)
'

test_expect_success '--time START,STOP keeps the samples between (ends included), as its times say' '
	pm record -q -e cpu-clock -o t.data -- "$WL/spin" 200 &&
	pm script -i t.data -F time --ns >times && test $(wc -l <times) -ge 10 &&
	a=$(sed -n 3p times | tr -d " :") && b=$(sed -n 7p times | tr -d " :") &&
	pm script -i t.data -F time --ns --time "$a,$b" >cut &&
	sed -n 3,7p times >want && test_cmp want cut
'

test_expect_success 'script --header-only -I: the header report -I prints' '
	pm script --header-only -I -i "$PD/perf.data.hybrid_topology" >s.hdr &&
	pm report --header-only -I -i "$PD/perf.data.hybrid_topology" >r.hdr &&
	test_cmp r.hdr s.hdr && test_grep "^# cpu_atom cpu list : 4-11$" s.hdr &&
	test_grep "^#  L3 Unified +12288K \[0-11\]$" s.hdr
'

test_expect_success '-F insn,insnlen: the sampled instruction, its bytes decoding to its length' '
	pm record -q -e cpu-clock -c 100000 -o insn.data -- "$WL/burn" 100 >/dev/null 2>&1 &&
	pm script -i insn.data -F ip,sym,insnlen,insn >out 2>err && test ! -s err &&
	grep " middle " out >middle.txt && test -s middle.txt &&
	awk "{ n = 0; for (i = 5; i <= NF; i++) n++; if (\$3 != \"ilen:\" || \$4 != n - 1) exit 1 }" \
		middle.txt &&
	test_expect_code 129 pm script -i insn.data -F ip,insn,nosuch 2>err &&
	test_grep "insnlen" err
'

test_done
