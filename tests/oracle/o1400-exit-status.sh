#!/bin/sh
test_description='oracle: the exit status of perf'"'"'s errors (scripts written for perf test it)'
. "$(dirname "$0")/../cli/test-lib.sh"

if ! command -v perf >/dev/null 2>&1; then
	test_skip "exit status oracle" "Linux perf is not installed"
	test_done; exit $?
fi

# same_status ARGS...: perf ARGS and perf-mini ARGS end with one status
# (perf stat -C of a CPU that is not there exits 0, printing "<not
# supported>" counts: perf-mini's usage error, 129, is not compared)
same_status() {
	perf "$@" >/dev/null 2>&1
	want=$?
	"$PERF_MINI" "$@" >/dev/null 2>err
	got=$?
	test "$want" = "$got" || { echo "perf $*: $want, perf-mini: $got"; cat err; return 1; }
}

test_expect_success 'setup: a recording, a file that is no perf.data' '
	pm record -q -e cpu-clock -o ok.data -- "$WL/spin" 50 &&
	printf "not perf data\n" >bad.data
'

while read -r args; do
	test_expect_success "$args: perf's status" "
		same_status $args
	"
done <<'EOF'
report --stdio -i missing.data
report --stdio -i bad.data
script -i missing.data
script -i bad.data
annotate --stdio -i missing.data
evlist -i missing.data
buildid-list -i missing.data
diff missing.data ok.data
mem report -i missing.data
data convert --to-json x.json -i missing.data
stat -e task-clock -- ./no-such-program
stat -e task-clock -- /etc/passwd
record -o r.data -e cpu-clock -- ./no-such-program
record -o no-such-dir/r.data -e cpu-clock -- true
report --stdio -i ok.data
script -i ok.data
record -o r.data -p 999999999
stat -e task-clock -p 999999999
record -o r.data -t 999999999
stat -e task-clock -t 999999999
record -o r.data -C 4095 -e cpu-clock -- true
report --stdio -i ok.data --vmlinux=./no-such-vmlinux
script -i ok.data -k ./no-such-vmlinux
annotate --stdio -i ok.data -k ./no-such-vmlinux
EOF

test_expect_success 'report, script, annotate: a -k file that cannot be read is named, with the way' '
	for c in "234 report --stdio" "255 script" "234 annotate --stdio"; do
		set -- $c && code=$1 && shift &&
		test_expect_code "$code" "$PERF_MINI" "$@" -i ok.data -k ./no-such-vmlinux 2>err &&
		test_grep "cannot read the vmlinux .\./no-such-vmlinux.: No such file" err &&
		test_grep "^hint: -k names the kernel image" err || return 1
	done
'

test_done
