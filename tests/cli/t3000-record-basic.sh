#!/bin/sh
test_description='record: sampling the live kernel into perf.data, and its error paths'
. "$(dirname "$0")/test-lib.sh"

test_expect_success 'record a workload, report it: samples land in its main()' '
	pm record -e cpu-clock -- "$WL/spin" 300 2>err &&
	test_grep "^\[ perf record: Captured and wrote [0-9.]+ MB perf.data \([0-9]+ samples\) \]" err &&
	pm report --stdio >out &&
	test_grep "# Samples: .* of event .cpu-clock." out &&
	test_grep "spin +spin +\[\.\] main" out
'

test_expect_success 'default event: cycles, falling back to cpu-clock where there is no PMU' '
	pm record -v -o def.data -- "$WL/spin" 100 2>err &&
	pm record -o def2.data -- "$WL/spin" 100 2>err2 && ! grep -q "cycles event" err2 &&
	pm report -i def.data --header-only >hdr &&
	if grep -q "cycles event is not supported" err; then
		test_grep "name = cpu-clock" hdr
	else
		test_grep "name = cycles" hdr
	fi
'

test_expect_success 'the sample count printed matches what report reads' '
	pm record -e cpu-clock -o n.data -- "$WL/spin" 200 2>err &&
	n=$(sed -n "s/.*(\([0-9]*\) samples).*/\1/p" err) &&
	pm report -i n.data --stats >stats &&
	test_grep "SAMPLE events: +$n " stats
'

test_expect_success 'exit status is the workload'"'"'s' '
	test_expect_code 3 pm record -q -o ex.data -- "$WL/spin" 10 3 &&
	pm report -i ex.data --stdio >/dev/null
'

test_expect_success 'missing workload: clear error, exit 255 as perf, no file left' '
	test_expect_code 255 pm record -o none.data -- ./no-such-program 2>err &&
	test_grep "no-such-program" err && ! test -e none.data
'

test_expect_success 'an existing perf.data is kept as perf.data.old' '
	pm record -q -o keep.data -e cpu-clock -- "$WL/spin" 50 &&
	cp keep.data first.data &&
	pm record -q -o keep.data -e cpu-clock -- "$WL/spin" 50 &&
	cmp keep.data.old first.data
'

# readers that check perf's version (hotspot's perfparser) read 6.1.0,
# the format's; the rest names perf-mini and its version
test_expect_success 'record writes perf 6.1'"'"'s version, naming perf-mini' '
	pm record -q -e cpu-clock -o ver.data -- true &&
	v=$(pm --version | sed -n "s/^perf-mini version //p") &&
	pm report --header-only -i ver.data | test_grep "^# perf version : 6\.1\.0 \(perf-mini $v\)$" -
'

test_expect_success 'SIGINT stops recording and the file is complete' '
	"$PERF_MINI" record -q -e cpu-clock -o int.data -- "$WL/spin" 20000 &
	pid=$! && await "test -s int.data && test \$(wc -c <int.data) -gt 2000" &&
	kill -INT $pid && wait $pid;
	pm report -i int.data --header-only >hdr &&
	test_grep "^# hostname" hdr &&
	pm report -i int.data --stdio >out && test_grep "spin" out
'

# as perf: no command and no target samples the whole system until ^C
test_expect_success SYSWIDE 'no command: the whole system until SIGINT, as perf' '
	"$PERF_MINI" record -q -e cpu-clock -o nocmd.data &
	pid=$! && await "test -s nocmd.data && test \$(wc -c <nocmd.data) -gt 2000" &&
	kill -INT $pid && wait $pid;
	pm evlist -v -i nocmd.data >attr &&
	test_grep "inherit: 1" attr && ! grep -q "enable_on_exec" attr &&
	pm report --header-only -i nocmd.data >hdr &&
	test_grep "^# cmdline : .*record -q -e cpu-clock -o nocmd.data *$" hdr &&
	test "$(pm report --stats -i nocmd.data | grep -c "MMAP.* events")" -ge 1
'

test_expect_success 'a workload killed by a signal: exit 128+sig, file complete' '
	( pm record -q -e cpu-clock -o killed.data -- \
		sh -c "echo \$\$ >wl.pid; exec \"$WL/spin\" 20000"; echo $? >rc ) &
	await "test -s wl.pid";
	sleep 0.3 && kill -KILL $(cat wl.pid); wait;
	test "$(cat rc)" = 137 &&
	pm report -i killed.data --header-only | test_grep "^# cmdline" -
'

# The process waits at a fifo until record has attached (its output
# exists once its events are open), then becomes spin: a slow start (a
# loaded machine, the sanitizer build) never finds it gone, and what it
# runs is recorded whole.
test_expect_success 'record -p an existing process until it exits' '
	rm -f go && mkfifo go &&
	{ sh -c "read x <go; exec \"$WL/spin\" 200" & } && pid=$! &&
	{ pm record -q -e cpu-clock -o p.data -p $pid & } && rec=$! &&
	await "[ -s p.data ]"; attached=$?;
	tell go go &&
	wait $rec && test $attached = 0 &&
	pm report -i p.data --stdio --sort comm >out &&
	test_grep "spin" out
'

# A shell held at a fifo until record has attached (its workload opens the
# fifo), then starting a child that makes 500 page faults: every one of
# them is a sample under -p (inherit, as perf), none under -t.
attach_then_fork() {
	rm -f go && mkfifo go &&
	{ sh -c "read x <go; \"$WL/touch-pages\" 500" & } && pid=$! &&
	pm record -q -e page-faults -c 1 -o "$1" "$2" $pid -- \
		sh -c "echo go >go; tail --pid=$pid -f /dev/null" &&
	pm report -i "$1" --stdio -n --sort comm,sym
}

test_expect_success 'record -p follows what the process starts after the attach, as perf' '
	attach_then_fork pf.data -p >out &&
	n=$(awk "/touch-pages +\[\.\] touch\$/ { print \$2 }" out) &&
	test "$n" -eq 500 &&
	pm evlist -v -i pf.data | test_grep "inherit: 1" -
'

test_expect_success 'record -t records the threads it names alone (no inherit, as perf)' '
	attach_then_fork tf.data -t >out &&
	! grep -q "touch-pages" out &&
	! pm evlist -v -i tf.data | grep -q "inherit: 1"
'

test_expect_success SYSWIDE 'record -a with a timing workload' '
	pm record -q -a -e cpu-clock -o a.data -- sleep 0.3 &&
	pm report -i a.data --stdio --sort cpu >out &&
	test_grep "^ +[0-9.]+%  00[0-9]" out
'

test_expect_success 'record -o - writes pipe mode that report -i - reads' '
	pm record -q -e cpu-clock -o - -- "$WL/spin" 100 >pipe.data &&
	sh "$ROOT/tests/helpers/is-pipe-file.sh" pipe.data &&
	pm report -i - --stdio <pipe.data >out && test_grep "spin" out
'

test_expect_success 'record -c: a fixed period' '
	pm record -q -e page-faults -c 1 -o c.data -- "$WL/touch-pages" 500 &&
	pm report -i c.data --header-only >hdr &&
	test_grep "sample_freq \} = 1," hdr && ! grep -q "freq = 1" hdr
'

test_expect_success 'record -d -W: data address, source and weight in every sample' '
	pm record -q -d -W -e cpu-clock -F 10000 -o d.data -- "$WL/spin" 50 &&
	pm report -i d.data --header-only >hdr &&
	test_grep "sample_type = IP\|TID\|TIME\|ADDR\|PERIOD\|DATA_SRC\|WEIGHT_STRUCT," hdr &&
	test_grep "mmap_data = 1" hdr &&
	pm script -i d.data -F ip,addr,data_src,weight >out &&
	test_grep "^ +[0-9a-f]+ +[0-9a-f]+ \|OP .*\|BLK .* +[0-9]+ +[0-9a-f]+$" out
'

test_expect_success 'record -b / -j: branch stacks need a PMU that keeps them' '
	test_expect_code 255 pm record -b -e cpu-clock -o b.data -- true 2>err &&
	test_grep "cannot sample branch stacks" err && test_grep "^hint:" err &&
	! test -e b.data &&
	test_expect_code 255 pm record -j any_call,u -e cpu-clock -o b.data -- true 2>err &&
	test_grep "cannot sample branch stacks" err
'

test_expect_success 'record -j: an unknown filter is named, with the list (exit 129)' '
	test_expect_code 129 pm record -j any,bogus -o b.data -- true 2>err &&
	test_grep "unknown branch filter .bogus." err &&
	test_grep "hint: filters are u, k, hv, any, any_call" err &&
	test_expect_code 129 pm record -j "any," -o b.data -- true 2>err &&
	test_grep "unknown branch filter ..$" err &&
	test_expect_code 129 pm record -b -j any -o b.data -- true 2>err &&
	test_grep "cannot be used together" err &&
	! test -e b.data
'

test_expect_success 'record -z: smaller file, same report' '
	pm record -q -e cpu-clock -c 100000 -o plain.data -- "$WL/burn" 100 >/dev/null &&
	pm record -q -z -e cpu-clock -c 100000 -o z.data -- "$WL/burn" 100 >/dev/null &&
	test $(stat -c %s z.data) -lt $(stat -c %s plain.data) &&
	pm report --header-only -i z.data | test_grep "compressed : Zstd, level = 1" - &&
	pm report -i z.data --sort comm,dso >z.txt &&
	test_grep "burn +burn" z.txt
'

test_expect_success 'record -z: the summary line says what was compressed, as perf'"'"'s' '
	pm record -z -e page-faults -c 1 -o zs.data -- "$WL/touch-pages" 2000 2>err &&
	line=$(grep "Captured and wrote" err) &&
	echo "$line" | test_grep "^\[ perf record: Captured and wrote [0-9.]+ MB zs\.data, compressed \(original [0-9.]+ MB, ratio is [0-9.]+\) \]$" - &&
	set -- $(echo "$line" | sed "s/.*wrote \([0-9.]*\) MB.*original \([0-9.]*\) MB, ratio is \([0-9.]*\).*/\1 \2 \3/") &&
	awk -v w=$1 -v o=$2 -v r=$3 "BEGIN { exit !(o > w && r > 1) }"
'

test_expect_success 'record -z with a bad level is refused' '
	test_expect_code 129 pm record --compression-level=30 -- true 2>err &&
	test_grep "compression level is 1 .fastest. to 22" err
'

test_expect_success '-F and -c together are refused (exit 129)' '
	test_expect_code 129 pm record -F 99 -c 1000 -- true 2>err &&
	test_grep "cannot be used together" err
'

# the ring buffer size perf-mini maps shows in -vv as perf-mini record
# prints it: "mmap size <bytes>B" (pages + the header page)
mmap_size() {
	pm record -vv -e cpu-clock "$@" -o m.data -- true 2>&1 | sed -n "s/^mmap size \([0-9]*\)B$/\1/p"
}

test_expect_success '-m: pages or a size (16K, 1M), rounded up to a power of two as perf says' '
	page=$(getconf PAGESIZE) &&
	test "$(mmap_size -m 16K)" = $((16384 + page)) &&
	test "$(mmap_size -m 1M)" = $((1048576 + page)) &&
	test "$(mmap_size -m 8)" = $((8 * page + page)) &&
	pm record -q -m 3 -e cpu-clock -o m.data -- true 2>err &&
	test_grep "^rounding mmap pages size to 16K \(4 pages\)$" err &&
	pm record -q -m 100 -e cpu-clock -o m.data -- true 2>err &&
	test_grep "^rounding mmap pages size to 512K \(128 pages\)$" err
'

test_expect_success '-m: a bad size or an AUX size is refused with the cause (exit 129)' '
	test_expect_code 129 pm record -m abc -- true 2>err &&
	test_grep "not a number of pages or a size" err &&
	test_expect_code 129 pm record -m 2,4 -- true 2>err &&
	test_grep "AUX area size is for Intel PT" err
'

test_expect_success '-F max, -F above the maximum (throttled, or refused with --strict-freq), -F 0' '
	max=$(cat /proc/sys/kernel/perf_event_max_sample_rate) &&
	pm record -F max -e cpu-clock -o f.data -- true 2>err &&
	test_grep "^info: Using a maximum frequency rate of $max Hz$" err &&
	pm report --header-only -i f.data | test_grep "sample_freq \} = $max," - &&
	pm record -F $((max + 1)) -e cpu-clock -o f.data -- true 2>err &&
	test_grep "^warning: Maximum frequency rate \($max Hz\) exceeded, throttling from $((max + 1)) Hz to $max Hz\.$" err &&
	test_grep "Use --strict-freq to disable this throttling" err &&
	pm report --header-only -i f.data | test_grep "sample_freq \} = $max," - &&
	test_expect_code 129 pm record -F $((max + 1)) --strict-freq -e cpu-clock -- true 2>err &&
	test_grep "maximum frequency rate is $max Hz" err &&
	for f in 0 -5 abc; do
		test_expect_code 129 pm record -F $f -e cpu-clock -- true 2>err &&
		test_grep "frequency must be a positive number" err || return 1
	done
'

test_expect_success 'bad --call-graph mode is refused with the choices' '
	test_expect_code 129 pm record --call-graph lbrx -- true 2>err &&
	test_grep "fp, dwarf\[,size\] or lbr" err
'

test_expect_success '--call-graph lbr is taken as perf takes it; without LBR, the cause and the fix' '
	pm record -vv --call-graph lbr -e cpu-clock -o l.data -- true 2>err;
	test_grep "branch_sample_type +USER\|CALL_STACK\|NO_FLAGS\|NO_CYCLES\|HW_INDEX" err &&
	if grep -q "cannot record LBR call stacks" err; then
		test_grep "^hint: --call-graph fp" err && ! test -e l.data
	fi
'

test_expect_success 'bad event: caret error, exit 129, no file' '
	test_must_fail pm record -e cpu-clokc -o bad.data -- true 2>err &&
	test_grep "event syntax error" err && ! test -e bad.data
'

test_expect_success 'unwritable output: clear error naming the file' '
	test_must_fail pm record -q -e cpu-clock -o /proc/nope/x.data -- true 2>err &&
	test_grep "cannot create /proc/nope/x.data" err
'

test_expect_success 'unknown option: perf-style error, exit 129' '
	test_expect_code 129 pm record --bogus 2>err && test_grep "unknown option" err
'

test_expect_success '-k that is not a clock, --pretty that is not a style: exit 129, the choices' '
	test_expect_code 129 pm record -k sundial -o k.data -- true 2>err &&
	test_grep "is not a clock" err && test_grep "monotonic" err && ! test -e k.data &&
	pm record -q -e cpu-clock -o k.data -- true &&
	test_expect_code 129 pm report --pretty fancy -i k.data 2>err &&
	test_grep "is not a style" err
'

# How long after the exec the first sample comes is the machine's (perf
# counts the delay from the signal to exec, before the exec itself): the
# order is what is certain. The workload is a fixed amount of work, not
# of time: a loaded machine lengthens it with the delay (V1: a spin of
# 300 ms had no sample in the 150 ms left to it after the delay).
test_expect_success 'record -D: the events start after the delay, the maps are tracked from the exec' '
	{ pm record -D 150 -e cpu-clock -o delayed.data -- "$WL/burn" 300 2>err >/dev/null ||
	  { echo "record exited $?:"; cat err; false; }; } &&
	test_grep "^Events disabled$" err && test_grep "^Events enabled$" err &&
	pm script -i delayed.data --show-task-events >out &&
	exec_t=$(sed -n "s/.* \([0-9.]*\): PERF_RECORD_COMM exec: burn:.*/\1/p" out) &&
	first_t=$(grep -m1 " cpu-clock" out | sed -n "s/.* \([0-9.]*\): .*/\1/p") &&
	{ test -n "$exec_t" && test -n "$first_t" &&
	  awk -v e="$exec_t" -v f="$first_t" "BEGIN { exit !(f > e) }" ||
	  { echo "exec at \"$exec_t\", first sample at \"$first_t\":"; head -20 out; false; }; } &&
	pm report --stdio -i delayed.data --sort sym >rep &&
	test_grep "[0-9.]+% +\[\.\] middle$" rep &&
	pm report --header-only -i delayed.data >hdr &&
	test_grep "^# event : name = dummy:HGu?, .*enable_on_exec = 1" hdr
'

test_expect_success 'record -D -1: nothing is sampled, the recording is still whole' '
	pm record -D -1 -e cpu-clock -o never.data -- "$WL/spin" 50 2>err &&
	test_grep "^Events disabled$" err && ! test_grep "^Events enabled$" err &&
	pm script -i never.data >out && ! test_grep "cpu-clock" out &&
	test_expect_code 129 pm record -D -5 -o x.data -- true 2>err &&
	test_grep "not a delay" err
'

test_expect_success 'record --max-size stops the recording at the limit, the file whole' '
	pm record --max-size=32K -e cpu-clock -o small.data -- "$WL/spin" 60000 2>err &&
	test_grep "^\[ perf record: perf size limit reached \([0-9]+ KB\), stopping session \]$" err &&
	size=$(wc -c <small.data) && test $size -lt 200000 &&
	pm report --stdio -i small.data >out 2>rep.err &&
	test_grep "^# Samples: [0-9]+" out && ! test -s rep.err
'

test_expect_success 'record --max-size: a size that is not one is a usage error' '
	test_expect_code 129 pm record --max-size=lots -o x.data -- true 2>err &&
	test_grep "not a size" err
'

test_expect_success 'record --dry-run checks the options and records nothing' '
	pm record --dry-run -e cpu-clock -o dry.data -- "$WL/spin" 10 2>err &&
	! test -e dry.data &&
	test_expect_code 129 pm record --dry-run -e nosuch -o dry.data -- true 2>err &&
	test_grep "unknown event" err
'

test_expect_success 'record --timestamp-filename names the file by the time it ends' '
	rm -f stamped.data* &&
	pm record --timestamp-filename -e cpu-clock -o stamped.data -- "$WL/spin" 20 2>err &&
	f=$(ls stamped.data.*) &&
	echo "$f" | grep -Eq "^stamped\.data\.[0-9]{16}$" &&
	test_grep "^\[ perf record: Dump $f \]$" err &&
	test_grep "stamped\.data\.<timestamp> " err &&
	pm report --stdio -i "$f" >out && test_grep "^# Samples: " out
'

test_expect_success 'record --no-buffering wakes the reader for every event' '
	pm record -vv --no-buffering -e cpu-clock -o nb.data -- true 2>err &&
	test_grep "wakeup_events, wakeup_watermark \} +1$" err
'

# The first 1500 page faults' samples (48K) are read before the next come
# (touch-pages pings through --control and waits), so the file is switched
# there whatever the machine's load, and the process lives on until that
# round is done (a second ping): every sample is in one of the files, with
# the maps it needs.
test_expect_success 'record --switch-output=SIZE: one whole file after another, each resolving symbols' '
	rm -f sw.data* ctl ack && mkfifo ctl ack &&
	pm record --switch-output=40K -e page-faults -c 1 --control fifo:ctl,ack -o sw.data \
		-- "$WL/touch-pages" 1500 ctl ack 1500 2>err &&
	test $(ls sw.data.* | wc -l) -ge 2 &&
	test $(grep -c "^\[ perf record: Dump sw\.data\.[0-9]\{16\} \]$" err) -eq $(ls sw.data.* | wc -l) &&
	: >syms && for f in sw.data.*; do
		pm script -F ip,sym -i $f >out 2>rep.err && ! test -s rep.err &&
		cat out >>syms || return 1
	done &&
	test $(grep -c " touch$" syms) -eq 3000 &&
	# a loaded machine once had a switch while the workload exited: its
	# last samples went to a file whose /proc maps were gone, so they
	# resolved to nothing (perf too); the recorder now carries the maps
	# it saw. If a sample of no map comes back, each file says its maps
	{ ! grep unknown syms || { for f in sw.data.*; do echo "== $f";
		pm script --show-mmap-events -F ip,sym -i $f | grep -v " touch$" | head -20; done; false; }; } &&
	pm script -F ip,sym -i $(ls sw.data.* | head -1) | grep -q " touch$"
'

test_expect_success 'record --switch-output=TIME --switch-max-files keeps the newest files' '
	rm -f tm.data* &&
	pm record --switch-output=1s --switch-max-files=2 -e cpu-clock -o tm.data -- "$WL/spin" 3500 2>err &&
	test $(grep -c "^\[ perf record: Dump tm\.data\." err) -ge 3 &&
	test $(ls tm.data.* | wc -l) -eq 2 &&
	last=$(sed -n "s/^\[ perf record: Dump \(.*\) \]$/\1/p" err | tail -n 1) &&
	test -e "$last"
'

test_expect_success 'record --switch-output: SIGUSR2 starts a new file' '
	rm -f sg.data* &&
	{ "$PERF_MINI" record --switch-output -e cpu-clock -o sg.data -- "$WL/spin" 3000 2>err & } &&
	rec=$! && tries=0 &&
	until test -s sg.data || [ $tries -gt 100 ]; do sleep 0.05; tries=$((tries + 1)); done &&
	sleep 0.3 && kill -USR2 $rec && wait $rec &&
	test $(ls sg.data.* | wc -l) -eq 2 &&
	test_grep "^\[ perf record: dump data: Woken up [0-9]+ times \]$" err
'

# 8K rings of 32-byte samples: at most 256 kept on each CPU the task ran on
test_expect_success 'record --overwrite: a flight recorder, the newest samples of a small ring, in order' '
	pm record --overwrite -m 2 -c 100000 -e cpu-clock -o ow.data -- "$WL/spin" 500 2>err &&
	pm script -F comm,time -i ow.data >out &&
	n=$(wc -l <out) && test "$n" -gt 50 &&
	test "$n" -le $((256 * $(getconf _NPROCESSORS_ONLN))) &&
	sort -c -k2,2n out && ! grep -v "^ *spin " out &&
	pm record --overwrite -e cpu-clock -o ow2.data -- "$WL/spin" 200 2>err &&
	pm report --stdio --sort sym -i ow2.data >rep && test_grep "\[\.\] main$" rep &&
	pm record -q --overwrite -m 2 -c 100000 -e cpu-clock -o - -- "$WL/spin" 200 >ow.pipe &&
	pm script -i ow.pipe >pout && test -s pout
'

test_expect_success 'record --overwrite --switch-output: SIGUSR2 dumps the flight recorder' '
	rm -f fr.data* &&
	{ "$PERF_MINI" record --overwrite --switch-output -e cpu-clock -o fr.data -- "$WL/spin" 2000 2>err & } &&
	rec=$! && tries=0 &&
	until test -s fr.data || [ $tries -gt 100 ]; do sleep 0.05; tries=$((tries + 1)); done &&
	sleep 0.3 && kill -USR2 $rec && wait $rec &&
	set -- fr.data.* && test $# -eq 2 &&
	pm script -F time -i "$1" | tail -n 1 >first &&
	pm script -F time -i "$2" | head -n 1 >second &&
	test -s first && test -s second &&
	test "$(cat first second | sort -n | head -n 1)" = "$(cat first)"
'

# in the file, not in -D's order: the tail's records carry no time, and
# where -D delivers them depends on the rounds the recording was cut in
test_expect_success 'record --tail-synthesize: the side-band at the end, the same report' '
	pm record -q --tail-synthesize -e cpu-clock -o ts.data -- "$WL/spin" 200 &&
	pm report -D -i ts.data >dump &&
	tail=$(sed -n "s/^0 0x\([0-9a-f]*\) \[0x[0-9a-f]*\]: PERF_RECORD_COMM: spin.*/\1/p" dump |
		tail -n 1) &&
	test -n "$tail" &&
	sed -n "s/^[0-9]* 0x\([0-9a-f]*\) \[0x[0-9a-f]*\]: PERF_RECORD_SAMPLE.*/\1/p" dump >offs &&
	test -s offs &&
	while read -r off; do
		test $((0x$off)) -lt $((0x$tail)) ||
			{ echo "a sample at 0x$off, after the tail COMM at 0x$tail"; exit 1; }
	done <offs &&
	pm report --stdio --sort sym -i ts.data >rep && test_grep "\[\.\] main$" rep
'

test_expect_success SYSWIDE,TRACEFS 'record --switch-output-event: an occurrence starts a new file' '
	rm -f ev.data* &&
	pm record --switch-output-event sched:sched_process_exec -e cpu-clock -o ev.data -- \
		sh -c "\"$WL/spin\" 200; \"$WL/spin\" 200" 2>err &&
	test $(ls ev.data.* | wc -l) -ge 2 &&
	test_grep "^\[ perf record: dump data: Woken up [0-9]+ times \]$" err &&
	for f in ev.data.*; do pm script -i "$f" >/dev/null || return 1; done
'

test_expect_success NORMAL_USER 'record --switch-output-event: watched on the whole system, so said where that is not allowed' '
	if as_user "$PERF_MINI" record --switch-output-event cpu-clock -e cpu-clock -o uev.data \
		-- true 2>err; then
		ls uev.data.* >/dev/null
	else
		test_grep "^perf-mini record: --switch-output-event \(watched on the whole system" err &&
		test_grep "^hint: " err && ! ls uev.data* 2>/dev/null
	fi &&
	test_expect_code 129 pm record --switch-output-event nosuch -o x.data -- true 2>err &&
	test_grep "unknown event .nosuch." err
'

test_expect_success SYSWIDE 'record --synth: no, task, mmap say what of the running tasks is described' '
	pm record -q --synth=no -a -e cpu-clock -o sn.data -- true &&
	pm record -q --synth=task -a -e cpu-clock -o sk.data -- true &&
	pm record -q --synth=mmap -a -e cpu-clock -o sm.data -- true &&
	count() { pm report --stats -i "$1" | sed -n "s/^ *$2 events: *\([0-9]*\).*/\1/p"; } &&
	test "$(count sn.data COMM)" -lt "$(count sk.data COMM)" &&
	test "$(count sk.data MMAP2)" -lt "$(count sm.data MMAP2)" &&
	test_expect_code 129 pm record --synth=bogus -o x.data -- true 2>err &&
	test_grep "not a type of event to synthesize" err
'

# Each write ends in a FINISHED_ROUND: with --mmap-flush 64K, every
# round but the last follows 64K of data or more. Without it record
# writes what a tenth of a second brought (some 40K here at 10 kHz); how
# many rounds either makes depends on the machine's load, so they are
# not compared. A second of 10 kHz (400K) makes two rounds or more even
# on a CPU a quarter as fast.
# 3000 page faults (96K of samples) wait before the next 3000 come (the
# ping): one round of at least 64K, then the rest at the end, on any load.
test_expect_success 'record --mmap-flush: the buffers are written once that much waits, all of it at the end' '
	rm -f ctl ack && mkfifo ctl ack &&
	pm record -q --mmap-flush 64K -e page-faults -c 1 --control fifo:ctl,ack -o mf2.data \
		-- "$WL/touch-pages" 3000 ctl ack 3000 &&
	pm report -D -i mf2.data >dump &&
	{
		sed -n "s/^\(0x[0-9a-f]*\)@.*/\1/p" dump | head -n 1 &&
		sed -n "s/^0 \(0x[0-9a-f]*\) \[0x8\]: PERF_RECORD_FINISHED_ROUND$/\1/p" dump
	} >offsets &&
	set -- $(cat offsets) && test $# -ge 3 &&
	prev=$1 && shift &&
	while test $# -gt 1; do
		test $(($1 - prev)) -ge 65536 || { echo "a round of $(($1 - prev)) bytes"; return 1; }
		prev=$1 && shift
	done &&
	samples=$(pm report --stats -i mf2.data | sed -n "s/^ *SAMPLE events: *\([0-9]*\).*/\1/p" | head -n 1) &&
	test "$samples" -gt 0 && test $(pm script -i mf2.data | wc -l) = "$samples" &&
	test_expect_code 129 pm record --mmap-flush lots -o x.data -- true 2>err &&
	test_grep "not a size" err
'

test_expect_success NORMAL_USER 'record --uid: the processes the user runs' '
	# recorded once the user runs spin (U1: 0.2 s after starting it was
	# not enough on a loaded machine); it spins until it is stopped
	rm -f uid-spin.pid &&
	{ as_user sh -c "echo \$\$ >uid-spin.pid; exec \"$WL/spin\" 120000" & } && bg=$! &&
	await "test -s uid-spin.pid" && await_comm "$(cat uid-spin.pid)" spin &&
	user=$(as_user id -u) &&
	pm record -q --uid "$user" -e cpu-clock$u -o uid.data -- sleep 0.5 &&
	kill "$(cat uid-spin.pid)" && { wait $bg; true; } &&
	pm report --stdio --sort comm -i uid.data >out &&
	test_grep "^ +[0-9.]+% +spin *$" out &&
	test_expect_code 129 pm record --uid no-such-user -o x.data -- true 2>err &&
	test_grep "no such user" err &&
	test_expect_code 129 pm record --uid 0 -a -o x.data -- true 2>err &&
	test_grep "cannot be used with -p, -t, -a or -C" err
'

test_expect_success 'record --switch-output: a pipe or a bad value is a usage error' '
	test_expect_code 129 pm record --switch-output -o - -- true 2>err >/dev/null &&
	test_grep "cannot write to a pipe" err &&
	test_expect_code 129 pm record --switch-output=soon -o x.data -- true 2>err &&
	test_grep "not signal, a size or a time" err
'

test_expect_success 'record --group groups the events (GROUP_DESC), --per-thread uses one buffer' '
	pm record --group -e cpu-clock,page-faults -o grp.data -- "$WL/spin" 20 2>err &&
	pm report --header-only -i grp.data >hdr &&
	test_grep "^# group: \{cpu-clock$u,page-faults$u\}$" hdr &&
	pm record --per-thread -vv -e cpu-clock -o pt.data -- "$WL/spin" 50 2>err &&
	test $(grep -Ec "sys_perf_event_open: .* = [0-9]+$" err) -eq 1 &&
	test_grep "cpu -1 " err &&
	pm report --stdio -i pt.data --sort sym >out && test_grep "\[\.\] main$" out
'

test_expect_success 'record --off-cpu and --per-thread -a are refused with the reason' '
	test_expect_code 129 pm record --off-cpu -o x.data -- true 2>err &&
	test_grep "BPF" err && test_grep "^hint: .*sched:sched_switch" err &&
	test_expect_code 129 pm record --per-thread -a -o x.data -- true 2>err &&
	test_grep "cannot be used with -a or -C" err
'

test_expect_success PERF 'record --per-thread: no TIME in the samples, script prints as perf' '
	pm record --per-thread -e cpu-clock -o ptt.data -- "$WL/spin" 30 2>/dev/null &&
	perf script -i ptt.data >perf.out 2>/dev/null && pm script -i ptt.data >pm.out &&
	test_cmp perf.out pm.out && ! grep -q "0\.000000:" pm.out
'

# The test holds the ack fifo open itself (read and write, which never
# blocks): the ack of stop stays there after record has exited, where a
# reader opening it late would find no writer and nothing to read
test_expect_success 'record -D -1 --control: enable, then stop; the file whole' '
	rm -f ctl ack && mkfifo ctl ack && exec 8<>ack &&
	{ pm record -D -1 --control fifo:ctl,ack -e cpu-clock -o ctl.data -- "$WL/spin" 30000 \
		2>err & } &&
	pid=$! &&
	tell ctl enable && a1=$(timeout 10 head -n 1 <&8) &&
	sleep 0.3 &&
	tell ctl stop && a2=$(timeout 10 head -n 1 <&8) &&
	{ wait $pid && test "$a1" = ack && test "$a2" = ack ||
	  { echo "acks: \"$a1\" \"$a2\", record: $?"; cat err; false; }; } &&
	test_grep "^Events enabled$" err &&
	pm report --stdio -i ctl.data --sort sym >out && test_grep "\[\.\] main$" out
'

test_expect_success ROOT 'record -r: the recorder at SCHED_FIFO, the workload keeps its policy' '
	pm record -r 10 -e cpu-clock -o rt.data -- sh -c "chrt -p \$\$" >out 2>err &&
	test_grep "policy: SCHED_OTHER" out &&
	pm report --stdio -i rt.data >rep && test_grep "^# Samples: " rep
'

test_expect_success 'record -r: a priority out of range is one clear error, no file' '
	test_must_fail pm record -r 200 -e cpu-clock -o rt2.data -- true 2>err &&
	test_grep "SCHED_FIFO priority 200" err && test_grep "^hint: " err &&
	! test -e rt2.data
'

test_expect_success PERF 'record --buildid-all: the DSOs perf lists with it' '
	perf record --buildid-all -e cpu-clock -o pba.data -- "$WL/spin" 30 >/dev/null 2>&1 &&
	pm record --buildid-all --no-bpf-event -e cpu-clock -o mba.data -- "$WL/spin" 30 2>/dev/null &&
	perf buildid-list -i pba.data 2>/dev/null | cut -d" " -f2- | sort >perf.ids &&
	perf buildid-list -i mba.data 2>/dev/null | cut -d" " -f2- | sort >pm.ids &&
	test -s pm.ids && test_cmp perf.ids pm.ids
'

# The ring is mapped through the syscall seam, so the simulated PMU can
# stand behind it: a simulated event records (its ring stays empty: the
# simulator does not sample yet) into a file perf-mini reads back.
test_expect_success KERNEL 'record -e EV/call-graph=dwarf/: that event alone unwinds its stacks' '
	pm record -q -e cpu-clock/call-graph=dwarf,stack-size=4096/ -e task-clock -o pev.data -- \
		"$WL/burn" 200 &&
	pm evlist -v -i pev.data >ev &&
	test_grep "^cpu-clock/call-graph=dwarf,stack-size=4096/: .*sample_stack_user: 4096" ev &&
	test_grep "^task-clock:" ev && ! grep "^task-clock:" ev | grep -q CALLCHAIN &&
	pm report --stdio --no-children -i pev.data --comm burn >out &&
	test_grep "^ +\|? *--+[0-9.]+%--middle|^ +---middle|^ +middle" out &&
	pm script -i pev.data -F event,ip,sym >s &&
	test_grep "^ *task-clock: +[0-9a-f]+ [a-z_]" s
'

test_expect_success TRACEFS 'a tracepoint takes perf.s short list of terms only' '
	test_expect_code 129 pm record -e sched:sched_switch/config=5/ -o x.data true 2>err &&
	test_grep "unknown term .config. for tracepoint .sched:sched_switch." err &&
	test_grep "^hint: valid terms: call-graph,stack-size," err &&
	test ! -e x.data
'

test_expect_success 'sampling terms: refused by stat as perf, a bad value or a per-event ring named' '
	test_expect_code 129 pm stat -e cpu-clock/call-graph=fp/ true 2>err &&
	test_grep "^event syntax error: .cpu-clock/call-graph=fp/.$" err &&
	test_grep ".call-graph. is not usable in .perf-mini stat." err &&
	test_expect_code 129 pm stat -e cpu-clock/freq=100/ true 2>err &&
	test_grep ".freq. is not usable in .perf-mini stat." err &&
	test_expect_code 129 pm record -e cpu-clock/call-graph=bogus/ -o x.data true 2>err &&
	test_grep "call-graph=bogus is not a record mode" err &&
	test_expect_code 129 pm record -e cpu-clock/max-stack=x/ -o x.data true 2>err &&
	test_grep ".max-stack. needs a number" err &&
	test_expect_code 129 pm record -e cpu-clock/overwrite/ -o x.data true 2>err &&
	test_grep "hint: --overwrite" err &&
	test_expect_code 129 pm stat -a -A -e cpu-clock/percore/ true 2>err &&
	test_grep "percore term with -A is not supported" err &&
	pm stat -x, -e cpu-clock/percore/ true 2>err && test_grep ",cpu-clock/percore/u?," err &&
	test ! -e x.data
'

test_expect_success 'pmu-sim: record maps a simulated event ring through the seam' '
	PERF_MINI_SYSFS="$SYSFS/icelake" pm_sim record -q -e cpu/instructions/ -o sim.data -- true &&
	pm report --header-only -i sim.data >hdr &&
	test_grep "event : name = cpu/instructions/u?, .*type = 4," hdr
'

test_expect_success '--transaction: every sample carries the transaction flags' '
	pm record --transaction -e page-faults -c 1 -o tx.data -- true 2>err &&
	pm report --header-only -i tx.data >hdr &&
	pm report -D -i tx.data >dump &&
	test_grep "PERF_RECORD_SAMPLE" dump &&
	test "$(grep -c "PERF_RECORD_SAMPLE" dump)" = "$(grep -c "^\.\.\. transaction: " dump)"
'

test_expect_success PERF '--transaction: perf reads the flags of perf-mini.s samples' '
	pm record --transaction -e page-faults -c 1 -o tx.data -- true 2>err &&
	perf report -D -i tx.data >dump 2>&1 &&
	test_grep "^\.\.\. transaction: 0" dump
'

test_expect_success '-S, --aux-sample: no AUX area event, refused as perf (234)' '
	test_expect_code 234 pm record -S -e cpu-clock -o x.data true 2>err &&
	test_grep "^perf-mini record: -S/--snapshot: no AUX area tracing to snapshot$" err &&
	test_grep "^hint: add an AUX area event" err &&
	test_expect_code 234 pm record --snapshot=e -e cpu-clock -o x.data true 2>err &&
	test_grep "no AUX area tracing to snapshot" err &&
	test_expect_code 234 pm record --aux-sample=8k -e cpu-clock -o x.data true 2>err &&
	test_grep "^perf-mini record: --aux-sample: no AUX area event to sample$" err &&
	test_expect_code 234 pm record --aux-sample --threads -e cpu-clock -o x.data true 2>err &&
	test_grep "not available in parallel streaming mode" err &&
	test_expect_code 234 pm record -S --dry-run -e cpu-clock -o x.data true 2>err &&
	test ! -e x.data
'

test_expect_success '-S, --aux-sample with an AUX area event (SPE described): refused, 255' '
	spe="$SYSFS/arm64-neoverse-n1" &&
	PERF_MINI_SYSFS="$spe" test_expect_code 255 pm record -e arm_spe_0// -S -o x.data true 2>err &&
	test_grep "^perf-mini record: -S/--snapshot: recording an AUX area .* not implemented" err &&
	test_grep "^hint: use perf record for AUX area tracing" err &&
	PERF_MINI_SYSFS="$spe" test_expect_code 255 pm record -e arm_spe_0// --aux-sample \
		-o x.data true 2>err &&
	test_grep "^perf-mini record: --aux-sample: recording an AUX area" err &&
	test ! -e x.data
'

test_expect_success '--kcore: refused with the reason, 255, nothing written; --dry-run passes' '
	test_expect_code 255 pm record --kcore -e cpu-clock -o x.data true 2>err &&
	test_grep "^perf-mini record: --kcore: (kcore is not readable|copying the kernel)" err &&
	test_grep "^hint: " err &&
	test ! -e x.data &&
	pm record --kcore --dry-run -e cpu-clock -o x.data true
'

test_expect_success '--vmlinux: checked as perf (234), and names the kernel.s build-id' '
	test_expect_code 234 pm record --vmlinux=nosuch/vmlinux -e cpu-clock -o x.data true 2>err &&
	test_grep "^perf-mini record: --vmlinux: invalid file: .nosuch/vmlinux." err &&
	test ! -e x.data &&
	cp "$WL/spin" vmlinux &&
	pm record --vmlinux=vmlinux -e cpu-clock -o vm.data true 2>err &&
	pm buildid-list -i vm.data >ids &&
	pm record -e cpu-clock -o novm.data true 2>err &&
	pm buildid-list -i novm.data >ids0 &&
	if grep -q "kernel.kallsyms" ids0; then
		k=$(sed -n "s/ .kernel.kallsyms.$//p" ids0) &&
		test_grep "^$k vmlinux$" ids && ! grep -q "kernel.kallsyms" ids
	fi
'

test_expect_success '--debuginfod, --clang-path, --clang-opt: taken, the recording as without' '
	pm record --debuginfod -e cpu-clock -o d.data true 2>err &&
	test_grep "^WARNING: debuginfod support requested" err &&
	pm record --debuginfod=http://127.0.0.1:1 --clang-path=/no/clang --clang-opt=-O2 \
		-e cpu-clock -o c.data true 2>err &&
	pm report --header-only -i c.data >hdr &&
	test_grep "event : name = cpu-clock" hdr
'

test_expect_success PERF 'AUX, --vmlinux, --debuginfod, --clang-*: exit codes as perf.s' '
	for o in -S --snapshot=e --aux-sample --aux-sample=4k --vmlinux=nosuch --debuginfod \
		 --clang-path=x --clang-opt=y --transaction; do
		perf record -q $o -e cpu-clock -o p.data true >/dev/null 2>&1; pe=$?;
		pm record -q $o -e cpu-clock -o m.data true >/dev/null 2>&1; me=$?;
		test "$pe" = "$me" || { echo "$o: perf $pe, perf-mini $me"; return 1; }
	done
'

test_done
