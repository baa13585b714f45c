#!/bin/sh
test_description='perf.data written on a big-endian machine: read as the native file'
. "$(dirname "$0")/test-lib.sh"

# test-tool swap-perf-data (tests/helpers) writes the big-endian image of a file (the
# oracle test o3100 checks that Linux perf reads those images as the
# originals); here every report case kept from perf must come out the same
# from the big-endian image of its fixture.
PD="$TEST_DATA/perfdata"
EXP="$ROOT/tests/expected/report"
swap() {
	"$BUILD/test-tool" swap-perf-data "$@"
}
mkdir -p "$TRASH/symfs" "$TRASH/be"

grep -v '^#' "$EXP/cases.txt" | while read -r file name opts; do
	[ -n "$file" ] && echo "$file $name $opts"
done >cases

test_expect_success 'big-endian images of the fixtures carry the swapped magic' '
	for f in $(cut -d" " -f1 cases | sort -u); do
		swap "$PD/$f" "$TRASH/be/$f" || return 1
		test "$(head -c 8 "$TRASH/be/$f")" = "2ELIFREP" || return 1
	done
'

while read -r file name opts; do
	test_expect_success "report $name on the big-endian $file equals perf report" "
		pm report --stdio --kallsyms /dev/null --symfs '$TRASH/symfs' -i '$TRASH/be/$file' \
			$opts >out &&
		test_cmp '$EXP/$file.$name.txt' out
	"
done <cases

for exp in "$EXP"/*.records.txt; do
	file=$(basename "$exp" .records.txt)
	[ -e "$TRASH/be/$file" ] || swap "$PD/$file" "$TRASH/be/$file" || continue
	test_expect_success "report -D on the big-endian $file: the same records" "
		pm report -D -i '$TRASH/be/$file' >dump 2>err
		sh '$ROOT/tests/helpers/dump-records.sh' <dump |
		if sh '$ROOT/tests/helpers/is-pipe-file.sh' '$PD/$file'; then cut -d' ' -f2-;
		else cat; fi | LC_ALL=C sort >records &&
		test_cmp '$exp' records
	"
done

for exp in "$EXP"/*.header.txt; do
	file=$(basename "$exp" .header.txt)
	[ -e "$TRASH/be/$file" ] || swap "$PD/$file" "$TRASH/be/$file" || continue
	test_expect_success "report --header-only on the big-endian $file: the same header" "
		pm report --header-only -i '$TRASH/be/$file' >out 2>err &&
		grep -v '^# captured on' out >header &&
		test_cmp '$exp' header
	"
done

for exp in "$EXP"/*.header-I.txt; do
	file=$(basename "$exp" .header-I.txt)
	[ -e "$TRASH/be/$file" ] || swap "$PD/$file" "$TRASH/be/$file" || continue
	test_expect_success "report --header-only -I on the big-endian $file: the same" "
		pm report --header-only -I -i '$TRASH/be/$file' >out 2>err &&
		grep -v '^# captured on' out >header &&
		test_cmp '$exp' header
	"
done

for f in perf.data.callgraph-3.8 perf.data.branch-4.14 perf.data.raw-3.4 \
	 perf.data.ctx_switch_namespaces-4.14 perf.data.piped.header_features-4.16; do
	test_expect_success "script on the big-endian $f prints what it prints on $f" "
		swap '$PD/$f' be.data &&
		pm script --kallsyms /dev/null -i '$PD/$f' >native.txt 2>&1 &&
		pm script --kallsyms /dev/null -i be.data >be.txt 2>&1 &&
		test_cmp native.txt be.txt
	"
done

test_expect_success 'a recording of ours, big-endian: header, events and callchains intact' '
	pm record -q -g -e cpu-clock -o le.data -- "$WL/spin" 100 &&
	swap le.data be.data &&
	pm report --stdio -i le.data >le.txt && pm report --stdio -i be.data >be.txt &&
	test_cmp le.txt be.txt &&
	pm report --header-only -i le.data | grep -v "captured on" >le.hdr &&
	pm report --header-only -i be.data | grep -v "captured on" >be.hdr &&
	test_cmp le.hdr be.hdr
'

test_expect_success 'compressed records cannot be turned: one clear error' '
	pm record -q -z -e cpu-clock -o z.data -- "$WL/spin" 50 &&
	test_must_fail swap z.data zbe.data 2>err &&
	test_grep "compressed records \(record -z\) are not supported" err
'

test_expect_success 'a big-endian file with a compressed record: one clear error, exit 255' '
	swap "$PD/perf.data.singleprocess-3.8" be.data &&
	data=$(od -An -tx1 -j40 -N8 be.data | tr -d " \n") &&
	printf "\000\000\000\121" |
		dd of=be.data bs=1 seek=$((0x$data)) conv=notrunc 2>/dev/null &&
	test_expect_code 255 pm report --stdio -i be.data >out 2>err &&
	test_grep "recorded on a big-endian machine: byte-swapped files with compressed records \(record -z\) are not supported" err &&
	test $(wc -l <err) -eq 1 && ! test -s out
'

test_expect_success 'damaged big-endian files: a message or a report, never a crash' '
	swap "$PD/perf.data.callgraph-3.8" be.data &&
	size=$(wc -c <be.data) && i=0 &&
	while [ $i -lt 150 ]; do
		cp be.data bad.data &&
		off=$(( (i * 7919 + 13) % size )) &&
		printf "\377\377\377" | dd of=bad.data bs=1 seek=$off conv=notrunc 2>/dev/null &&
		{ pm report --stdio -i bad.data >/dev/null 2>&1; rc=$?; } &&
		if [ $rc -ge 128 ] && [ $rc -ne 255 ]; then echo "crash ($rc) at offset $off"; return 1; fi &&
		i=$((i + 1)) || return 1
	done
'

# perf's version 1 files ("PERFFILE", perf 3.2 and older): version 2's
# layout under the old magic, the oldest with a 72-byte header (no feature
# bitmap); perf 6.1 reads them, and they must give the version 2 answers.
v1_of() {
	cp "$1" "$2" && printf PERFFILE | dd of="$2" bs=1 conv=notrunc 2>/dev/null
}

test_expect_success 'version 1 files (PERFFILE): with and without the feature bitmap, either byte order' '
	raw="$PD/perf.data.raw-3.4" &&
	v1_of "$raw" v1.data &&
	v1_of "$raw" v1-short.data &&
	printf "\110\0\0\0\0\0\0\0" | dd of=v1-short.data bs=1 seek=8 conv=notrunc 2>/dev/null &&
	dd if=/dev/zero of=v1-short.data bs=1 seek=72 count=32 conv=notrunc 2>/dev/null &&
	swap "$raw" be.data && v1_of be.data v1-be.data &&
	for f in v1.data v1-short.data v1-be.data; do
		pm report --stdio --kallsyms /dev/null --symfs "$TRASH/symfs" -i $f >out 2>err &&
		test_cmp "$EXP/perf.data.raw-3.4.default.txt" out && ! test -s err || return 1
	done &&
	if command -v perf >/dev/null; then
		perf report --stdio --kallsyms /dev/null --symfs "$TRASH/symfs" -i v1-short.data \
			2>/dev/null | sh "$ROOT/tests/helpers/drop-perf-tip.sh" >perf.out &&
		test_cmp perf.out out
	fi
'

test_expect_success 'a version 1 file whose attr size tells no byte order: one error, exit 255' '
	printf PERFFILE >bad-v1.data &&
	printf "\150\0\0\0\0\0\0\0\1\0\0\0\0\0\0\0" >>bad-v1.data &&
	dd if=/dev/zero bs=1 count=80 >>bad-v1.data 2>/dev/null &&
	test_expect_code 255 pm report -i bad-v1.data >out 2>err &&
	test_grep "version 1 perf.data .PERFFILE. whose attr size .1." err
'

test_done
