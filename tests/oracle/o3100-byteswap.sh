#!/bin/sh
test_description='oracle: Linux perf reads our big-endian images as the originals'
. "$(dirname "$0")/../cli/test-lib.sh"

if ! command -v perf >/dev/null 2>&1; then
	test_skip "big-endian images" "Linux perf is not installed"
	test_done; exit $?
fi

# t3300 trusts tests/helpers/swap-perf-data to write what a big-endian
# machine writes; this checks it against perf's own byte-swapping reader.
# File-mode fixtures only: perf 6.1 cannot read byte-swapped pipe streams
# (it takes a HEADER_FEATURE's id unswapped), and Intel PT is not decoded.
PD="$TEST_DATA/perfdata"
EXP="$ROOT/tests/expected/report"
mkdir -p "$TRASH/symfs"

grep -v '^#' "$EXP/cases.txt" | while read -r file name opts; do
	[ -n "$file" ] || continue
	sh "$ROOT/tests/helpers/is-pipe-file.sh" "$PD/$file" && continue
	case $file in *intel_pt*) continue ;; esac
	echo "$file $name $opts"
done >cases

while read -r file name opts; do
	test_expect_success "perf report $name on the big-endian $file equals the original's" "
		'$BUILD/test-tool' swap-perf-data '$PD/$file' be.data &&
		perf report --stdio --kallsyms /dev/null --symfs '$TRASH/symfs' -i be.data \
			$opts 2>/dev/null | sh '$ROOT/tests/helpers/drop-perf-tip.sh' >out &&
		test_cmp '$EXP/$file.$name.txt' out
	"
done <cases

test_expect_success 'a perf recording with callchains: perf reads its big-endian image alike' '
	perf record -q -g -e cpu-clock -o le.data -- "$WL/spin" 100 2>/dev/null &&
	"$BUILD/test-tool" swap-perf-data le.data be.data &&
	perf report --stdio -i le.data 2>/dev/null |
		sh "$ROOT/tests/helpers/drop-perf-tip.sh" >le.txt &&
	perf report --stdio -i be.data 2>/dev/null |
		sh "$ROOT/tests/helpers/drop-perf-tip.sh" >be.txt &&
	test_cmp le.txt be.txt &&
	pm report --stdio -i be.data >pm.txt &&
	test_cmp le.txt pm.txt
'

test_done
