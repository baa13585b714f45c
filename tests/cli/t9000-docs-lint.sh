#!/bin/sh
test_description='docs: every option of -h is documented; module layering holds'
. "$(dirname "$0")/test-lib.sh"

DOC="$ROOT/Documentation"

for cmd in stat list record report script mem profviz evlist buildid-list data diff top annotate archive; do
	test_expect_success "every option of '$cmd -h' is in perf-mini-$cmd.txt" "
		test_expect_code 129 pm $cmd -h 2>help &&
		grep -oE -- '--[a-z][a-z-]*' help | sort -u >opts &&
		while read -r o; do
			grep -q -- \"^\$o\" '$DOC/perf-mini-$cmd.txt' ||
			grep -q -- \"^\$o=\" '$DOC/perf-mini-$cmd.txt' ||
			{ echo \"undocumented: \$o\"; exit 1; }
		done <opts
	"
	test_expect_success "every option in perf-mini-$cmd.txt exists in -h" "
		test_expect_code 129 pm $cmd -h 2>help &&
		{ test $cmd != mem || test_expect_code 129 pm mem record -h 2>>help; } &&
		grep -oE '^--[a-z][a-z-]*' '$DOC/perf-mini-$cmd.txt' | grep -v '^--help$' | sort -u >documented &&
		while read -r o; do
			grep -q -- \"\$o\" help || grep -q -- \"--\${o#--no-}\" help ||
			{ echo \"stale doc: \$o\"; exit 1; }
		done <documented
	"
done

test_expect_success "every option of 'mem record -h' is in perf-mini-mem.txt" '
	test_expect_code 129 pm mem record -h 2>help &&
	grep -oE -- "--[a-z][a-z-]*" help | sort -u >opts &&
	while read -r o; do
		grep -q -- "^$o" "$DOC/perf-mini-mem.txt" || { echo "undocumented: $o"; exit 1; }
	done <opts
'

test_expect_success "every option of 'c2c report -h' is in perf-mini-c2c.txt, and back" '
	test_expect_code 129 pm c2c report -h 2>help &&
	grep -oE -- "--[a-z][a-z-]*" help | sort -u >opts &&
	while read -r o; do
		grep -q -- "^$o" "$DOC/perf-mini-c2c.txt" || { echo "undocumented: $o"; exit 1; }
	done <opts &&
	grep -oE "^--[a-z][a-z-]*" "$DOC/perf-mini-c2c.txt" | sort -u >documented &&
	while read -r o; do
		grep -q -- "$o" help || { echo "stale doc: $o"; exit 1; }
	done <documented
'

for sub in latency timehist map; do
	test_expect_success "every option of 'sched $sub -h' is in perf-mini-sched.txt" "
		test_expect_code 129 pm sched $sub -h 2>help &&
		grep -oE -- '--[a-z][a-z-]*' help | sort -u >opts &&
		while read -r o; do
			grep -q -- \"^\$o\" '$DOC/perf-mini-sched.txt' ||
				{ echo \"undocumented: \$o\"; exit 1; }
		done <opts
	"
done

test_expect_success "every option of 'trace -h' is in perf-mini-trace.txt" '
	test_expect_code 129 pm trace -h 2>help &&
	grep -oE -- "--[a-z][a-z-]*" help | sort -u >opts &&
	while read -r o; do
		grep -q -- "^$o" "$DOC/perf-mini-trace.txt" || { echo "undocumented: $o"; exit 1; }
	done <opts
'

test_expect_success 'every command has a man page' '
	for c in list record report script stat mem c2c sched trace profviz evlist buildid-list data diff top annotate archive; do test -f "$DOC/perf-mini-$c.txt" || exit 1; done
'

test_expect_success 'module layering: util never includes cmd, lower levels never higher' '
	sh "$ROOT/tests/helpers/lint-layers.sh" "$ROOT"
'

# util/ is split into rooms by concern: none grows into a catch-all
test_expect_success 'no util/ folder holds more than a quarter of util'"'"'s lines' '
	cd "$ROOT" &&
	total=$(cat util/*/*.[ch] | wc -l) &&
	for d in util/*/; do
		n=$(cat "$d"*.[ch] | wc -l)
		[ $((n * 4)) -le "$total" ] || { echo "$d: $n of $total lines"; exit 1; }
	done
'

# The syscall seam: pmu-sim stands in for perf-sys.c alone, so nothing
# else may open, ioctl or map a perf fd (the ring's shared mapping).
test_expect_success 'only util/events/perf-sys.c touches perf fds: open, ioctl, the ring mapped' '
	cd "$ROOT" &&
	test "$(grep -rl "__NR_perf_event_open\|SYS_perf_event_open" cmd util perf-mini.c)" = \
		"util/events/perf-sys.c" &&
	! grep -rnE --include="*.c" "[^_a-z]ioctl\\(|MAP_SHARED," cmd util perf-mini.c |
		grep -v "^util/events/perf-sys.c:"
'

# util/ is the engine: it hands messages back and never ends the program
# itself; the one exit is the fatal hook of util/base/xalloc.c (out of
# memory, a broken invariant), which the program installs.
# profviz.so (util/selfmon/profviz-*) runs inside another program: its
# stderr is the one way to say the graph could not be written.
test_expect_success 'util never prints to stderr, exits or aborts (but through xalloc.c), nor uses libiberty allocators that exit' '
	cd "$ROOT" &&
	! grep -rnE --include="*.c" "stderr|[^_a-z](exit|abort)\\(|perror\\(|[^_a-z]errx?\\(" util |
		grep -v "^util/base/xalloc.c:" | grep -v "^util/selfmon/profviz-" &&
	! grep -rn "include <libiberty/libiberty.h>" util
'

test_expect_success 'Documentation/internals.txt names every source file' '
	cd "$ROOT" &&
	for f in $(find cmd util arch pmu-events -name "*.c") perf-mini.c; do
		grep -qw -- "$(basename "$f" .c)" Documentation/internals.txt ||
			{ echo "$f is not in Documentation/internals.txt"; exit 1; }
	done
'

# and names nothing that moved away: a path it gives is a file or folder,
# or a module named without its extension
test_expect_success 'every path Documentation/internals.txt gives exists' '
	cd "$ROOT" &&
	paths=$(grep -oE "(^|[^A-Za-z0-9_])(cmd|util|arch|pmu-events|tests)/[A-Za-z0-9_./-]+" \
		Documentation/internals.txt | sed "s/^[^a-z]//; s/[.,:;)]*\$//" | sort -u) &&
	test -n "$paths" &&
	for p in $paths; do
		for c in "$p" "$p.c" "$p.h" "$p.sh" "$p.md"; do
			test -e "$c" && continue 2
		done
		ls -d "$p"* >/dev/null 2>&1 ||
			{ echo "Documentation/internals.txt names $p, which is not there"; exit 1; }
	done
'

test_expect_success 'tests/cli files are tNNNN-<command>-<topic>.sh, the family their first digit' '
	cd "$ROOT/tests/cli" &&
	for t in t[0-9]*.sh; do
		echo "$t" | grep -qE "^t[0-9]{4}-[a-z0-9]+-[a-z0-9-]+\.sh$" ||
			{ echo "$t: not tNNNN-<command>-<topic>.sh"; exit 1; }
		case "$t" in
		t0*-core-*|t1*-list-*|t2*-stat-*|t3*-record-*|t4*-report-*|t4*-evlist-*|t4*-data-*|t4*-diff-*|t4*-top-*|t4*-annotate-*|t4*-archive-*|t4*-serve-*|t5*-script-*) ;;
		t6*-mem-*|t6*-c2c-*|t6*-sched-*|t6*-trace-*|t6*-record-*|t7*-selfmon-*|t7*-profviz-*|t8*|t9*) ;;
		*) echo "$t: its command is not its family (first digit)"; exit 1 ;;
		esac
	done
'

# cmd/ parses options and wires the pipeline; the engine is util/.
test_expect_success 'cmd/ files stay under 400 lines' '
	cd "$ROOT" &&
	! wc -l cmd/*.c | awk "\$2 != \"total\" && \$1 >= 400 { print; found = 1 } END { exit !found }"
'

# One cmd/ file per command (perf-mini.c's table), a sub-command's own
# beside it (stat-report.c for `stat report`), and the shared helpers.
test_expect_success 'cmd/ holds one file per command or sub-command' '
	cd "$ROOT" &&
	sed -n "s/^	{ \"\([a-z0-9-]*\)\", cmd_.*/\1/p" perf-mini.c >"$TRASH/commands" &&
	test -s "$TRASH/commands" &&
	for f in cmd/*.c; do
		name=$(basename "$f" .c)
		test "$name" = common && continue
		grep -qx -- "$name" "$TRASH/commands" && continue
		cmd=${name%-*} sub=${name##*-}
		grep -qx -- "$cmd" "$TRASH/commands" &&
			grep -q "perf-mini $cmd $sub" "Documentation/perf-mini-$cmd.txt" && continue
		echo "$f is no command of perf-mini.c nor a sub-command of one"; return 1
	done
'

test_expect_success 'no file over 1000 lines' '
	cd "$ROOT" &&
	! find cmd util perf-mini.c -name "*.[ch]" -exec wc -l {} + | \
		awk "\$2 != \"total\" && \$1 > 1000 { print; found = 1 } END { exit !found }"
'

test_done
