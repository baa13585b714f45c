#!/bin/sh
test_description='oracle: record -d/-W/-b/-j and the address options set the attr as Linux perf'
. "$(dirname "$0")/../cli/test-lib.sh"

LINES="$ROOT/tests/oracle/record-attr-cmdlines.txt"
EXTRACT="$ROOT/tests/oracle/attr-extract.sh"

if ! command -v perf >/dev/null 2>&1; then
	test_skip "record attr oracle" "Linux perf is not installed"
	test_done; exit $?
fi

# One line per distinct attr (perf prints a block per event, perf-mini one
# per opened fd); perf's own probes (sample_type 0) left out. perf 6.1
# sets TRANSACTION (--transaction) but has no name for it in its list:
# perf-mini's name is taken out (t3000 checks the samples carry it).
attrs() {
	sh "$EXTRACT" | grep -v ';sample_type=0;' | sed 's/|TRANSACTION;/;/' | sort -u
}

grep -v '^#' "$LINES" | grep -v '^$' >lines
while IFS= read -r opts; do
	case "$opts" in *sched:*) need=TRACEFS ;; *" -a"*|*" -C "*) need=PERF,SYSWIDE ;; *) need=PERF ;; esac
	test_expect_success $need "record $opts: attr equals perf's" "
		perf record -vv $opts -o perf.data -- true 2>perf.err >/dev/null;
		pm record -vv $opts -o pm.data -- true 2>pm.err >/dev/null;
		attrs <perf.err >perf.attr && attrs <pm.err >pm.attr &&
		test -s perf.attr && test_cmp perf.attr pm.attr
	"
done <lines

# the default event's name, which report's header and every script line
# carry: perf's cycles, or where it falls back, cpu-clock named from its
# attr (cpu-clock:ppp; cpu-clock:uhppp for a user who may not profile the
# kernel)
test_expect_success PERF 'record with no -e: the event perf records, named as perf names it' '
	perf record -q -o pdef.data -- "$WL/spin" 50 2>/dev/null >/dev/null &&
	pm record -q -o mdef.data -- "$WL/spin" 50 &&
	perf evlist -i pdef.data >perf.txt 2>/dev/null && perf evlist -i mdef.data >pm.txt 2>/dev/null &&
	test_cmp perf.txt pm.txt &&
	pm script -F event -i mdef.data | sort -u >ev.txt &&
	test $(wc -l <ev.txt) = 1 && test_grep "^$(cat pm.txt): *$" ev.txt
'

test_done
