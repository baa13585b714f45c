#!/bin/sh
test_description='script: perf options perf-mini takes but does not carry out, refused by name as perf checks them'
. "$(dirname "$0")/test-lib.sh"

PD="$ROOT/tests/data/perfdata"

test_expect_success 'setup: a recording of spin' '
	pm record -q -e cpu-clock -c 100000 -o spin.data -- "$WL/spin" 100 >/dev/null 2>&1 &&
	test -s spin.data
'

# each refusal: exit 255, "perf-mini script: <option>: ..." and a hint
refused() {
	opt=$1; shift
	test_expect_code 255 pm script "$@" 2>err >out &&
	test_grep "^perf-mini script: $opt" err && test_grep "^hint: " err
}

test_expect_success 'perf scripting: -l, -s and -g are refused (no scripting engine)' '
	refused "-l: perf-mini runs no scripts" -i spin.data -l &&
	refused "-l: " -i spin.data --list &&
	refused "-s foo.py: perf-mini has no scripting engine" -i spin.data -s foo.py &&
	refused "-s python:foo: " -i spin.data --script=python:foo &&
	refused "-g python: perf-mini has no scripting engine" -i spin.data -g python &&
	refused "-g Perl: " -i spin.data --gen-script=Perl &&
	! test -e perf-script.py && ! test -e perf-script.pl
'

# perf lists its script languages and exits 0: perf-mini lists none
test_expect_success 'script -s lang: the heading of the language list, no language, status 0' '
	pm script -s lang >out 2>err && test ! -s err &&
	printf "Scripting language extensions (used in perf-mini script -s [spec:]script.[spec]):\n\n" \
		>want && test_cmp want out
'

# perf refuses these before any script runs, with its own statuses
test_expect_success 'script languages checked as perf: 129 for -s, 254 and 234 for -g' '
	test_expect_code 129 pm script -i spin.data -s foo 2>err &&
	test_grep "invalid script extension" err &&
	test_expect_code 129 pm script -i spin.data -s foo.rb 2>err &&
	test_grep "invalid script extension" err &&
	test_expect_code 129 pm script -i spin.data -s ruby:foo 2>err &&
	test_grep "invalid language specifier" err &&
	test_expect_code 254 pm script -i spin.data -g ruby 2>err &&
	test_grep "^perf-mini script: -g: invalid language specifier" err &&
	test_expect_code 234 pm script -i spin.data -g python -F ip 2>err &&
	test_grep "custom fields not supported for generated scripts" err
'

test_expect_success 'dlfilters and xed are refused, before the file is read' '
	refused "--list-dlfilters: " --list-dlfilters -i spin.data &&
	refused "--dlfilter: cannot open .nonexistent.so." -i spin.data --dlfilter=nonexistent.so &&
	: >filter.so &&
	refused "--dlfilter: loading filters \(filter.so\) is not implemented" \
		-i spin.data --dlfilter=filter.so --dlarg=1 &&
	refused "--xed: " -i spin.data --xed &&
	refused "--xed: " -i nonexistent.data --xed &&
	! test -s out
'

test_expect_success '--dlarg without --dlfilter changes nothing, as perf' '
	pm script -i spin.data >plain &&
	pm script -i spin.data --dlarg=x --dlarg=y >out && test_cmp plain out
'

# perf decodes the trace for them; perf-mini names the option it cannot do
test_expect_success 'the itrace shorthands and --graph-function on an Intel PT file are refused' '
	for opt in --call-trace --call-ret-trace --insn-trace --graph-function=main; do
		test_expect_code 255 pm script -i "$PD/perf.data.intel_pt-4.14" $opt 2>err &&
		test_grep "^perf-mini script: ${opt%%=*}: .* holds an AUX area trace" err &&
		test_grep "^hint: perf script ${opt%%=*}" err || return 1
	done
'

test_expect_success 'the guest options stop at the first guest sample, which perf would show' '
	"$BUILD/test-tool" gen-guest guest.data &&
	pm script -i guest.data >plain &&
	for opt in --guestmount=/tmp --guestvmlinux=v --guestkallsyms=k --guestmodules=m --guest-code; do
		test_expect_code 255 pm script -i guest.data $opt >out 2>err &&
		test_grep "^perf-mini script: ${opt%%=*}: guest.data holds guest samples" err &&
		test_grep "^hint: drop ${opt%%=*}" err || return 1
	done &&
	head -n 3 plain >first && test_cmp first out
'

test_expect_success 'the guest options on a file without guest samples change nothing' '
	pm script -i spin.data >plain &&
	pm script -i spin.data --guestmount=/tmp --guest-code >out && test_cmp plain out
'

# only a stitched LBR call stack is refused: elsewhere perf warns or does nothing
test_expect_success '--stitch-lbr: LBR call stacks refused, no branch stacks warned of' '
	PERF_MINI_SYSFS="$ROOT/tests/data/sysfs/icelake" pm_sim record -q --call-graph lbr \
		-e cycles -o lbr.data -- "$WL/spin" 50 >/dev/null 2>&1 &&
	refused "--stitch-lbr: stitching the LBR call stacks" -i lbr.data --stitch-lbr &&
	pm script -i spin.data --stitch-lbr >out 2>err &&
	test_grep "^Can.t find LBR callchain. Switch off --stitch-lbr.$" err &&
	test_grep "^Please apply --call-graph lbr when recording.$" err &&
	pm script -i spin.data >plain && test_cmp plain out
'

test_expect_success '-d: no sample shown, the count of misordered ones on stderr' '
	pm script -i spin.data -d >out 2>err &&
	! test -s out && test_grep "^Misordered timestamps: 0$" err
'

test_expect_success '--graph-function on sampled events: none shown, the records still' '
	pm script -i spin.data --graph-function=main >out && ! test -s out &&
	pm script -i spin.data --graph-function=main --show-task-events >out &&
	test_grep "PERF_RECORD_COMM" out
'

test_done
