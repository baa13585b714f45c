#!/bin/sh
test_description='oracle: script -F brstackinsn prints what perf script prints'
. "$(dirname "$0")/../cli/test-lib.sh"

if ! command -v perf >/dev/null 2>&1; then
	test_skip "brstackinsn oracle" "Linux perf is not installed"
	test_expect_success 'recorded elsewhere (the binaries not here), and beside events without stacks' '
	for f in perf.data.branch-4.14 perf.data.branch_stack_spec \
		 perf.data.callgraph_and_branch-3.8 perf.data.synth-mem-branch; do
		same_script "$TEST_DATA/perfdata/$f" -F ip,brstackinsn || return 1
	done
'

test_done; exit $?
fi

# gen-lbr's stacks run through real binaries (C and C++): blocks that
# end inside an instruction (perf: "mismatch of LBR data and executable"),
# samples past a branch the stack missed ("... not reaching sample ..."),
# stacks without cycles, predicted and mispredicted branches.
same_script() {
	file=$1; shift
	perf script -i "$file" "$@" 2>/dev/null >perf.txt &&
	pm script -i "$file" "$@" >pm.txt && test -s pm.txt && test_cmp perf.txt pm.txt
}

for bin in spin burn shapes; do
	test_expect_success "$bin: brstackinsnlen, --max-blocks, beside other fields; three seeds" "
		for seed in 1 2 3; do
			\"\$BUILD/test-tool\" gen-lbr $bin-\$seed.data \"\$WL/$bin\" \$seed &&
			same_script $bin-\$seed.data -F brstackinsnlen &&
			same_script $bin-\$seed.data -F brstackinsn --max-blocks 2 &&
			same_script $bin-\$seed.data -F ip,sym,brstack,brstackinsn || return 1
		done &&
		grep -q \"mismatch of LBR data and executable\" pm.txt &&
		grep -q \"not reaching sample\" pm.txt && grep -q MISPRED pm.txt
	"
done

test_expect_success 'recorded elsewhere (the binaries not here), and beside events without stacks' '
	for f in perf.data.branch-4.14 perf.data.branch_stack_spec \
		 perf.data.callgraph_and_branch-3.8 perf.data.synth-mem-branch; do
		same_script "$TEST_DATA/perfdata/$f" -F ip,brstackinsn || return 1
	done
'

test_done
