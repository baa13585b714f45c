#!/bin/sh
test_description='oracle: a callchain holding garbage in the context markers range is dropped whole, as perf drops it'
. "$(dirname "$0")/../cli/test-lib.sh"

if ! command -v perf >/dev/null 2>&1; then
	test_skip "corrupt-chain oracle" "Linux perf is not installed"
	test_done; exit $?
fi

# A frame-pointer walk through code built without frame pointers (cc1,
# most of a distribution) reads garbage as return addresses; -8 lies in
# the context markers' range and is none of them. perf resets the chain
# there: the sample counts with no frame. Seen in system-wide recordings
# of a busy machine, where it moved children totals.
same() {
	perf "$@" 2>/dev/null | sh "$ROOT/tests/helpers/drop-perf-tip.sh" >perf.txt &&
	pm "$@" >pm.txt && test_cmp perf.txt pm.txt
}

test_expect_success 'setup: samples whose chains hold -8 at the end, in the middle, after frames' '
	"$BUILD/test-tool" gen-bad-chain bad.data
'

test_expect_success 'script: the garbled chains print no frame, as perf' '
	same script -i bad.data &&
	test $(grep -c "^garbled" pm.txt) -eq 12 && test $(grep -c "3000 \[unknown\]" pm.txt) -eq 3
'

for opts in "--no-children" "--no-children -g caller" "--no-children -g folded" "-g none" \
	    "-g none --sort sym"; do
	test_expect_success "report $opts: the totals and chains perf gives" "
		same report --stdio -i bad.data $opts
	"
done

# Not compared: --children with a graph. perf orders rows whose children
# totals tie (a dropped chain's 25% self row against a frame's 25%) by its
# trees' insertion order there, which perf-mini does not follow yet.
test_expect_success 'report --children: the dropped chains add to no frame' '
	pm report --stdio -i bad.data -g none >pm.txt &&
	test_grep "^ +50.00% +50.00% +garbled +garbled +\[\.\] 0x0000000000001000" pm.txt &&
	test_grep "^ +25.00% +0.00% +garbled +garbled +\[\.\] 0x0000555555556000" pm.txt
'

# --children counts a function once per sample however far apart its
# frames are: a 100-frame chain whose one address comes twice, both past
# the 64th distinct frame from the outermost (a JIT's code reached again;
# perf-mini's list of a sample's entries held 64 and counted it twice)
test_expect_success PERF 'report --children: an address twice in a long chain counts once, as perf' '
	"$BUILD/test-tool" gen-long-chain long.data &&
	for opts in "-g none --sort dso,sym" "-g none --sort sym" "--sort dso,sym" "-g caller"; do
		same report --stdio --children -i long.data $opts || { echo "$opts"; return 1; }
	done &&
	pm report --stdio --children -g none -i long.data >pm.txt &&
	test_grep "^ +100.00% +0.00% .*\[\.\] 0x00000000113d1a50$" pm.txt
'

test_done
