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

test_done
