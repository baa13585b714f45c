#!/bin/sh
test_description='the perf-mini command: help, version, unknown commands and options'
. "$(dirname "$0")/test-lib.sh"

test_expect_success 'no arguments lists the commands' '
	pm >out &&
	test_grep "^   stat +Run a command and gather" out &&
	test_grep "^   list +List all symbolic event types" out
'

test_expect_success 'help lists the commands' '
	pm help >out &&
	test_grep "^   stat " out
'

test_expect_success '--version prints the version' '
	pm --version >out &&
	test_grep "^perf-mini version [0-9]+\.[0-9]+" out
'

# no manual page beside the binary nor installed: the options instead
test_expect_success 'help CMD without a manual page shows that command'"'"'s options' '
	mkdir -p bare none && cp "$PERF_MINI" bare/perf-mini &&
	MANPATH="$PWD/none" bare/perf-mini help stat >out &&
	test_grep "Usage: perf-mini stat" out &&
	test_grep "^    -e, --event <event> " out
'

test_expect_success 'CMD -h shows the options on stderr and exits 129, as perf' '
	test_expect_code 129 pm stat -h >out 2>err &&
	test ! -s out &&
	test_grep "^    -I, --interval-print <n>" err &&
	test_expect_code 129 pm list -h 2>err &&
	test_grep "Usage: perf-mini list" err &&
	pm stat --list-opts >out && test_grep "^--all-cpus .*--interval-print " out
'

test_expect_success 'CMD -h WORD... shows only the options the words name, as perf' '
	test_expect_code 129 pm stat -h -x --per-core EVENT 2>err &&
	test_grep "^    -x, --field-separator <separator>" err &&
	test_grep "^        --per-core " err &&
	test_grep "^    -e, --event <event> " err &&
	test_grep "^    -p, --pid <pid> .*events" err &&
	! grep -q -- "--interval-print" err &&
	test_expect_code 129 pm stat -h nosuch 2>err &&
	! grep -q "^    -" err &&
	if command -v perf >/dev/null 2>&1; then
		for words in "-x --per-core" "e" "--no-aggr -e" "nosuch"; do
			perf stat -h $words 2>&1 | grep -oE "^ +-[^ ]+( --[a-z-]+)?" >want
			pm stat -h $words 2>&1 | grep -oE "^ +-[^ ]+( --[a-z-]+)?" >got
			test_cmp want got || exit 1
		done
	fi
'

test_expect_success 'an unknown command names it and the closest spelling, exit 1' '
	test_expect_code 1 pm stta 2>err &&
	test_grep "^perf-mini: .stta. is not a perf-mini command. Did you mean .stat.\?" err &&
	test $(wc -l <err) -eq 1
'

test_expect_success 'a perf command perf-mini lacks is named as such, not met with a lookalike' '
	for c in kmem iostat lock kwork; do
		test_expect_code 1 pm $c 2>err &&
		test_grep "^perf-mini: .$c. is a Linux perf command perf-mini does not have yet; Linux perf runs it: perf $c$" err &&
		! grep -q "Did you mean" err || return 1
	done
'

test_expect_success 'an unknown command with no close spelling points at help' '
	test_expect_code 1 pm zzzzzzzz 2>err &&
	test_grep "See .perf-mini help." err
'

test_expect_success 'an unknown long option: perf error line, suggestion, usage, exit 129' '
	test_expect_code 129 pm stat --metric-onyl true 2>err &&
	test_grep "^  Error: unknown option .metric-onyl." err &&
	test_grep "Did you mean .--metric-only.\?" err &&
	test_grep "Usage: perf-mini stat" err
'

test_expect_success 'an unknown short option: exit 129' '
	test_expect_code 129 pm stat -Z true 2>err &&
	test_grep "^  Error: unknown switch .Z." err
'

test_expect_success 'an option missing its value: exit 129 naming it' '
	test_expect_code 129 pm stat -e 2>err &&
	test_grep "switch .e. requires a value" err
'

test_expect_success 'a non-numeric value: exit 129 naming the option' '
	test_expect_code 129 pm stat -r abc true 2>err &&
	test_grep "switch .r. expects a numerical value" err
'

test_expect_success 'an ambiguous abbreviation is refused' '
	test_expect_code 129 pm stat --inter 100 true 2>err &&
	test_grep "Ambiguous option" err
'

test_expect_success 'unique abbreviations and --no- forms work' '
	pm stat --metric-o -e cs true 2>err &&
	pm stat --no-big-num -e cs true 2>err
'

test_expect_success 'a global unknown option exits 129' '
	test_expect_code 129 pm --bogus 2>err &&
	test_grep "unknown option" err
'

test_expect_success "perf's global options before the command" '
	pm --list-opts >opts && test $(wc -l <opts) -eq 1 &&
	for o in --help --version --exec-path --paginate --no-pager --buildid-dir --list-cmds; do
		grep -q -- "$o " opts || { echo "no $o"; return 1; }
	done &&
	pm --exec-path >dir && test -r "$(cat dir)/profviz.so" &&
	pm -p --no-pager --paginate --exec-path=/nonexistent list sw >out &&
	test_grep "cpu-clock" out &&
	mkdir -p cache/.build-id/ab &&
	pm record -q -e cpu-clock -o perf.data -- true 2>/dev/null &&
	pm --buildid-dir "$PWD/cache" buildid-list --with-hits -i perf.data >/dev/null &&
	test_expect_code 129 pm --buildid-dir 2>err && test_grep "needs a directory" err &&
	test_expect_code 129 pm --debug verbose=1 list 2>err && test_grep "hint: give the command -v" err &&
	mkdir -p dbg/tracing/events/fakesys/fakeev && echo 1 >dbg/tracing/events/fakesys/fakeev/id &&
	pm --debugfs-dir "$PWD/dbg" list "fakesys:*" >out &&
	test_grep "^  fakesys:fakeev  *\[Tracepoint event\]" out
'

# perf's hooks for shell completion, and perf-mini's bash completion on them
test_expect_success '--list-cmds and COMMAND --list-opts: what completion offers, as perf prints them' '
	pm --list-cmds >cmds && test $(wc -l <cmds) -eq 1 &&
	pm --help | awk "/commands are:/ { on = 1; next } on && NF { print \$1 }" | sed "/^See$/d" >want &&
	for c in $(cat want); do grep -q " $c \|^$c " cmds || { echo "no $c"; return 1; }; done &&
	pm report --list-opts >opts && test $(wc -l <opts) -eq 1 &&
	for o in --input --stdio --sort --children --itrace --percent-limit; do
		grep -q -- "$o " opts || { echo "no $o"; return 1; }
	done
'

test_expect_success 'bash completion: commands, a command'"'"'s options, events for -e' '
	command -v bash >/dev/null || return 0
	cat >complete.sh <<-\EOF &&
	. "$1"; shift
	COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
	_perf_mini
	printf "%s\n" "${COMPREPLY[@]}"
	EOF
	c="$ROOT/Documentation/perf-mini-completion.bash" &&
	bash complete.sh "$c" "$PERF_MINI" rep >got && test "$(cat got)" = report &&
	bash complete.sh "$c" "$PERF_MINI" report --std >got &&
	grep -qx -- --stdio got && grep -qx -- --stdio-color got &&
	bash complete.sh "$c" "$PERF_MINI" stat -e task-cl >got && test "$(cat got)" = task-clock
'

test_expect_success 'version --build-options: perf'"'"'s names and layout, then perf-mini'"'"'s own' '
	pm version --build-options >opts &&
	head -n 1 opts | test_grep "^perf-mini version [0-9.]+$" - &&
	test_grep "^ +dwarf: \[ on  \]  # HAVE_DWARF_SUPPORT$" opts &&
	test_grep "^ +libpython: \[ OFF \]  # HAVE_LIBPYTHON_SUPPORT$" opts &&
	test_grep "^ +libcapstone: \[ on  \]" opts &&
	if perf --version 2>/dev/null | grep -q "^perf version 6\.1\."; then	# the names it mirrors
		perf version --build-options | sed -n "s/^ *\([^:]*\): .*/\1/p" >perf.names &&
		sed -n "s/^ *\([^:]*\): .*/\1/p" opts | head -n $(wc -l <perf.names) >pm.names &&
		test_cmp perf.names pm.names
	fi &&
	test_expect_code 129 pm version --bogus 2>err && test_grep "unknown option" err
'

# make check builds the pages beside the binary (make man) when
# asciidoctor is there; man prints them when its output is no terminal
test -r "$(dirname "$PERF_MINI")/man/perf-mini-report.1" && command -v man >/dev/null 2>&1 &&
	prereqs="$prereqs MANPAGES"
test_expect_success MANPAGES 'help CMD and CMD --help show the manual page, as perf; -h the options' '
	pm help report >page && test_grep "^PERF-MINI-REPORT\(1\)" page &&
	test_grep "^NAME" page && test_grep "perf-mini-report - " page &&
	pm report --help >page2 && test_cmp page page2 &&
	test_expect_code 129 pm report -h 2>usage && test_grep "Usage: perf-mini report" usage &&
	! grep -q "^NAME" usage &&
	pm help stat | test_grep "^PERF-MINI-STAT\(1\)" -
'

test_done
