#!/bin/sh
test_description='report on a terminal: the browser, driven through tmux'
. "$(dirname "$0")/test-lib.sh"

PD="$TEST_DATA/perfdata"
CG="$PD/perf.data.callgraph-3.8"
. "$TEST_DIR/lib-tmux.sh"

test_expect_success TMUX 'opens on a terminal with --stdio s rows and titles' '
	pm record -q -e cpu-clock -c 100000 -g -o rec.data -- "$WL/burn" 300 2>/dev/null &&
	pm report --stdio -i rec.data 2>/dev/null >stdio.txt &&
	first=$(grep -m1 "^ *[0-9.]*%" stdio.txt | sed "s/ *$//") &&
	start "\"$PERF_MINI\" report -i rec.data" &&
	wait_for "^Samples: .* of event .cpu-clock.*, Event count \(approx\.\): [0-9]+" &&
	screen | grep -q "^  *Children  *Self  *Command" &&
	screen | sed -n 3p | cut -c2- | sed "s/ *$//" >row.txt &&
	echo "$first" | cut -c2- >want.txt && test_cmp want.txt row.txt &&
	wait_for "Press .\?. for help" &&
	selected | grep -q "$(echo "$first" | awk "{print \$NF}")"
'

test_expect_success TMUX 'Down moves, Enter unfolds the callchain as -g prints it, again folds' '
	keys Down &&
	second=$(grep "^ *[0-9.]*%" stdio.txt | sed -n 2p | awk "{print \$NF}") &&
	wait_selected "$second" &&
	first=$(grep -m1 "^ *[0-9.]*%" stdio.txt | awk "{print \$NF}") &&
	keys Up && wait_selected "$first" && keys Enter &&
	wait_for "^-  " &&
	sed -n "/^ *[0-9.]*%/{p;q}" stdio.txt >/dev/null &&
	awk "/^ *[0-9.]*%/ {n++} n == 1 && /---/ {print; exit}" stdio.txt | sed "s/ *$//" >chain.txt &&
	test -s chain.txt && screen | grep -qF -- "$(cat chain.txt)" &&
	keys Enter && wait_for "^\+  " && ! screen | grep -qF -- "$(cat chain.txt)"
'

test_expect_success TMUX 'E unfolds every callchain, C folds them again' '
	keys E && wait_for "---" && ! screen | grep -q "^+" &&
	keys C && wait_gone "---"
'

test_expect_success TMUX '/ keeps the symbols containing a text; Esc takes it back' '
	sym=$(grep -m1 "^ *[0-9.]*%" stdio.txt | awk "{print \$NF}") &&
	keys / && wait_for -F "Symbol contains:" && keys "$sym" Enter &&
	wait_for -F "Zoomed into symbol ~ '$sym'" &&
	screen | sed -n "3,28p" | grep "%" >rows.txt &&
	! grep -v -- "$sym" rows.txt &&
	keys Escape && wait_for "^Sort: .*Press .\?. for help"
'

test_expect_success TMUX 'd zooms into the DSO of the row, d again out; c by command; t by thread' '
	dso=$(grep -m1 "^ *[0-9.]*%" stdio.txt | awk "{print \$4}") &&
	keys Home && sleep 0.2 &&
	keys d && wait_for -F "Zoomed into DSO $dso" &&
	screen | sed -n "3,28p" | grep "%" | sed "s/^[-+]/ /" | awk "{print \$4}" | sort -u >dsos.txt &&
	echo "$dso" >want.txt && test_cmp want.txt dsos.txt &&
	keys d && wait_for "^Sort: " &&
	keys c && wait_for "Zoomed into comm " && keys c && wait_for "^Sort: " &&
	keys t && wait_for "Zoomed into thread [0-9]+" && keys q && wait_for "^Sort: "
'

test_expect_success TMUX 'H goes to the hottest entry, ? shows the keys' '
	keys End && sleep 0.2 && keys H &&
	wait_selected -F "$(grep -m1 "^ *[0-9.]*%" stdio.txt | awk "{print \$NF}")" &&
	keys ? && wait_for "perf-mini report: keys" && screen | grep -q "zoom into the entry.s DSO" &&
	keys x && wait_for "^Samples: "
'

test_expect_success TMUX 's reads the report again by the next keys: dso,sym, then sym' '
	wait_for "Sort: default" && keys s &&
	wait_for "Sort: dso,sym" && screen | sed -n 2p | grep -q "Shared Object  *Symbol" &&
	! screen | sed -n 2p | grep -q Command &&
	keys s && wait_for "Sort: sym " && screen | sed -n 2p | grep -qv "Shared Object" &&
	keys s s s s && wait_for "Sort: comm,dso,sym"
'

test_expect_success TMUX 'a smaller window: the rows cut to it, the status on its last line' '
	tm resize-window -x 70 -y 15 &&
	for i in $(seq 100); do
		[ "$(screen | sed -n 15p | cut -c1-5)" = Sort: ] && break
		sleep 0.1
	done &&
	test "$(screen | sed -n 15p | cut -c1-5)" = Sort: &&
	test "$(screen | awk "{ if (length > max) max = length } END { print max }")" -le 70
'

test_expect_success TMUX 'q leaves: status 0, the terminal back in cooked mode' '
	keys q && wait_for "^EXIT=0" && wait_for "^SANE"
'

test_expect_success TMUX 'SIGTERM: the terminal restored, status 143' '
	start "\"$PERF_MINI\" report -i rec.data" && wait_for "^Samples: " &&
	shell=$(tm display-message -p "#{pane_pid}") &&
	pid=$(ps -o pid= --ppid "$shell" | head -1) && test -n "$pid" &&
	kill -TERM $pid && wait_for "^EXIT=143" && wait_for "^SANE"
'

test_expect_success TMUX 'a: the selected symbol annotated as annotate prints it; q comes back' '
	pm record -q -e cpu-clock -c 100000 -o burn.data -- "$WL/burn" 200 >/dev/null 2>&1 &&
	pm annotate -i burn.data middle 2>/dev/null | grep -E "^ +[0-9.]+ : " | sort -rn | head -1 |
		sed "s/ *$//" >hot.txt &&
	start "\"$PERF_MINI\" report -i burn.data" && wait_for "\[\.\] middle" &&
	keys a && wait_for "^Annotate middle \(burn\)$" &&
	screen | grep -qF -- "$(cat hot.txt)" && screen | grep -qE "^ *: [0-9]+ +leaf\(\):$" &&
	keys q && wait_for "^Samples: " && ! screen | grep -q "^Annotate" &&
	keys q && wait_for "^EXIT=0"
'

test_expect_success TMUX 'a with report -M intel --asm-raw --no-source: annotate'"'"'s rows with those options' '
	pm annotate -M intel --asm-raw --no-source -i burn.data middle 2>/dev/null |
		grep -E "^ +[0-9.]+ : " | sort -rn | head -1 | sed "s/ *$//" >hot.txt &&
	grep -qE "[0-9a-f]{2} [0-9a-f]{2} " hot.txt &&
	start "\"$PERF_MINI\" report -M intel --asm-raw --no-source -i burn.data" &&
	wait_for "\[\.\] middle" && keys a && wait_for "^Annotate middle \(burn\)$" &&
	screen | grep -qF -- "$(cat hot.txt)" && ! screen | grep -q "x = leaf(x)" &&
	keys q && wait_for "^Samples: " && keys q && wait_for "^EXIT=0"
'

test_expect_success TMUX 'two events: a menu of them first; Enter browses one, q comes back' '
	pm record -q -e cpu-clock,task-clock -c 100000 -g -o two.data -- "$WL/burn" 100 \
		2>/dev/null &&
	start "\"$PERF_MINI\" report -i two.data" && wait_for "^Available samples" &&
	screen | grep -q "of event .cpu-clock." && screen | grep -q "of event .task-clock." &&
	keys Down Enter && wait_for "^Samples: .* of event .task-clock." &&
	keys q && wait_for "^Available samples" && keys q && wait_for "^EXIT=0"
'

# The browser's rows are the --stdio table's rows cut to the window (120
# columns, less the selection mark's column).
stdio_rows() {
	grep "^ *[0-9.]*%" "$1" | head -${2:-5} | cut -c2-120 | sed "s/ *$//"
}
screen_rows() {
	screen | grep "^.  *[0-9.]*%" | head -${1:-5} | cut -c2- | sed "s/ *$//"
}

test_expect_success TMUX '--mem-mode: the event menu with weights, then the memory columns' '
	MB="$PD/perf.data.synth-mem-branch" &&
	pm report --stdio --mem-mode -i "$MB" 2>/dev/null |
		sed -n "/^# Samples: .* of event .cpu\/mem-loads/,/^# Samples: /p" >mem.txt &&
	start "\"$PERF_MINI\" report --mem-mode -i \"$MB\"" && wait_for "^Available samples" &&
	screen | grep -q "of event .cpu/mem-loads,ldlat=64/pp., Total weight: [0-9]" &&
	keys Enter && wait_for "^Samples: 64  of event .cpu/mem-loads" &&
	screen | sed -n 2p | grep -q "Local Weight  Memory access  .*Shared Object  *Data Symbol" &&
	stdio_rows mem.txt >want.txt && screen_rows >got.txt && test_cmp want.txt got.txt &&
	keys q && wait_for "^Available samples" && keys q && wait_for "^EXIT=0"
'

test_expect_success TMUX '-b: branch entries, source and target, as the --stdio table' '
	BR="$PD/perf.data.branch-4.14" &&
	pm report --stdio -b -i "$BR" 2>/dev/null >br.txt &&
	start "\"$PERF_MINI\" report -b -i \"$BR\"" && wait_for "^Samples: 416  of event" &&
	screen | sed -n 2p | grep -q "Source Symbol  *Target Symbol  *Basic Block Cycles" &&
	stdio_rows br.txt >want.txt && screen_rows >got.txt && test_cmp want.txt got.txt &&
	keys s && wait_for "^Sort: default" &&
	keys q && wait_for "^EXIT=0"
'

test_expect_success TMUX 'TERM=dumb or --stdio on a terminal: the --stdio table, no browser' '
	start "TERM=dumb \"$PERF_MINI\" report -g none --percent-limit 5 -i \"$CG\"" &&
	wait_for "^EXIT=0" && screen | grep -q "^# Samples: " && ! screen | grep -q "Press .\?." &&
	start "\"$PERF_MINI\" report --stdio --tui -g none --percent-limit 5 -i \"$CG\"" &&
	wait_for "^EXIT=0" && screen | grep -q "^# Samples: " && ! screen | grep -q "Press .\?."
'

# A stream that stalls: the first bytes, a pause, more, a longer pause,
# the rest. Loading it takes over a second: the terminal shows how far it
# got, and the line is gone when the table comes; stderr into a file
# never gets it.
test_expect_success TMUX 'a slow load on a terminal: a progress line on stderr, then gone' '
	pm record -q -e cpu-clock -c 100000 -o - -- sh -c "\"$WL/burn\" 300 >/dev/null" \
		>rec.pipe 2>/dev/null &&
	cat >slow.sh <<-EOF &&
	head -c 3000 rec.pipe; sleep 2; tail -c +3001 rec.pipe | head -c 10000; sleep 3
	tail -c +13001 rec.pipe
	EOF
	start "sh slow.sh | \"$PERF_MINI\" report --stdio -i - >table.txt" &&
	wait_for "^Reading the stream\.\.\. [0-9]+ MB" && wait_for "^EXIT=0" &&
	! screen | grep -q "Reading the stream" &&
	grep -q "\[\.\] middle" table.txt &&
	sh slow.sh | pm report --stdio -i - >table2.txt 2>err2 && test ! -s err2
'

test_expect_success '--tui into a pipe: the --stdio table, as perf' '
	pm report --tui -i "$CG" 2>/dev/null | head -1 >tui.txt &&
	grep -q "^# To display the perf.data header" tui.txt
'

# perf's keys: Enter on an entry without a callchain (and m) opens the
# popup menu; i the header; P the rows shown into perf.hist.N; k the
# kernel's entries alone
test_expect_success TMUX 'Enter without a callchain, and m: perf'"'"'s menu (annotate, zooms, header, print)' '
	start "\"$PERF_MINI\" report -i burn.data" && wait_for "\[\.\] middle" &&
	keys Enter && wait_for "Annotate middle" && screen | grep -qE "Zoom into burn\([0-9]+\) thread" &&
	screen | grep -q "Zoom into burn DSO" && screen | grep -q "Show the header information" &&
	keys Escape && wait_gone "Annotate middle" &&
	keys m && wait_for "Annotate middle" && keys Enter && wait_for "^Annotate middle \(burn\)$" &&
	keys q && wait_for "^Samples: " && keys m && wait_for "Zoom into burn DSO" &&
	keys Down Down Enter && wait_for -F "Zoomed into DSO burn" &&
	keys q && wait_for "^Sort: " && keys q && wait_for "^EXIT=0"
'

test_expect_success TMUX 'i: the header as --header-only prints it; P: the rows shown into perf.hist.0' '
	pm report --header-only -i burn.data 2>/dev/null | grep -m1 "^# hostname :" >host.txt &&
	start "\"$PERF_MINI\" report -i burn.data" && wait_for "\[\.\] middle" &&
	keys i && wait_for "^Header of burn.data" && screen | grep -qF -- "$(cat host.txt)" &&
	keys q && wait_for "^Samples: " &&
	keys P && wait_for "perf.hist.0 written" &&
	sed -n 1p perf.hist.0 | grep -q "^Samples: .* of event .cpu-clock" &&
	grep -q "\[\.\] middle" perf.hist.0 &&
	test $(grep -c "%" perf.hist.0) -eq $(pm report --stdio -q -i burn.data 2>/dev/null | grep -c "%") &&
	keys P && wait_for "perf.hist.1 written" && keys q && wait_for "^EXIT=0"
'

test_expect_success TMUX,KERNEL 'k: the kernel'"'"'s entries alone, again all' '
	pm record -q -e cpu-clock -c 100000 -o k.data -- "$WL/touch-pages" 20000 >/dev/null 2>&1 &&
	pm report --stdio -q -i k.data 2>/dev/null | grep -q "\[k\]" &&
	start "\"$PERF_MINI\" report -i k.data" && wait_for "Press .\?. for help" &&
	keys k && wait_for -F "Zoomed into DSO [kernel.kallsyms]" &&
	! screen | sed -n "3,27p" | grep "%" | grep -qv "\[k\]" &&
	keys k && wait_for "^Sort: " && keys q && wait_for "^EXIT=0"
'

test_done
