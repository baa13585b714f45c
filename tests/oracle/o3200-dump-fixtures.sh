#!/bin/sh
test_description='oracle: report -D and script -D on real recordings print what perf prints, in its order'
. "$(dirname "$0")/../cli/test-lib.sh"

if ! command -v perf >/dev/null 2>&1; then
	test_skip "dump oracle" "Linux perf is not installed"
	test_done; exit $?
fi

PD="$TEST_DATA/perfdata"

# Every fixture but four: intel_pt (perf decodes the AUX trace into
# samples of its own), raw-3.4 (perf names its vDSO by a copy it
# extracts to /tmp), the corrupted pipe (perf-mini refuses it) and
# busy.5 (empty: both refuse it).
for f in "$PD"/perf.data.*; do
	name=$(basename "$f")
	case "$name" in
	*intel_pt*|*raw-3.4|*corrupted*|*busy.5-3.8) continue ;;
	esac
	test_expect_success "report -D and script -D on $name: perf's lines, in perf's order" "
		perf report -D -i '$f' >perf.txt 2>/dev/null &&
		pm report -D -i '$f' >pm.txt 2>/dev/null &&
		test_cmp perf.txt pm.txt &&
		perf script -D -i '$f' >perf.txt 2>/dev/null &&
		pm script -D -i '$f' >pm.txt 2>/dev/null &&
		test_cmp perf.txt pm.txt
	"
done

test_done
