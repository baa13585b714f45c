#!/bin/sh
test_description='archive: what another machine needs to report a recording with symbols'
. "$(dirname "$0")/test-lib.sh"

# "Another machine" is this one with the program gone and an empty
# build-id cache (HOME of its own): the recording's symbols are then
# unresolved, until the archive is unpacked into that cache.
test_expect_success 'setup: a program of its own, recorded, then gone' '
	cp "$WL/burn" ./app && pm record -q -e cpu-clock -c 100000 -o app.data -- ./app 200 \
		>/dev/null 2>&1 &&
	mkdir -p empty other/.debug &&
	pm archive app.data >out 2>err &&
	test_grep "^\\$ tar xvf app.data.tar.bz2 -C ~/.debug$" out &&
	rm app &&
	HOME=$PWD/empty pm report --stdio -q -i app.data 2>/dev/null | head -1 >gone.txt &&
	! grep -q "middle" gone.txt
'

test_expect_success 'the archive holds the binary by build-id, as perf'"'"'s cache lays it out' '
	id=$(pm buildid-list -i app.data | awk "/app\$/ {print \$1}") && test -n "$id" &&
	tar tjf app.data.tar.bz2 >list &&
	grep -qx ".build-id/$(echo $id | cut -c1-2)/$(echo $id | cut -c3-)" list &&
	grep -qx "$(echo "$TRASH/app" | sed "s|^/||")/$id/elf" list &&
	tar xjf app.data.tar.bz2 -C other/.debug &&
	test -f "other/.debug/.build-id/$(echo $id | cut -c1-2)/$(echo $id | cut -c3-)/elf"
'

test_expect_success 'unpacked into the cache: report, script and annotate resolve again' '
	HOME=$PWD/other pm report --stdio -q -i app.data 2>/dev/null | head -1 >back.txt &&
	grep -qE "app +\\[\\.\\] middle$" back.txt &&
	HOME=$PWD/other pm script -F ip,sym -i app.data 2>/dev/null | grep -q " middle$" &&
	HOME=$PWD/other pm annotate -i app.data middle 2>/dev/null | grep -q "<middle>:" &&
	PERF_BUILDID_DIR=$PWD/other/.debug HOME=$PWD/empty pm report --stdio -q -i app.data \
		2>/dev/null | head -1 | grep -q middle
'

test_expect_success PERF 'perf report finds the symbols in the unpacked archive too' '
	HOME=$PWD/other perf report --stdio -q -i app.data 2>/dev/null | head -1 >perf.txt &&
	grep -q "middle" perf.txt
'

test_expect_success 'what cannot be packed is named, with why' '
	HOME=$PWD/empty pm archive app.data 2>err >/dev/null &&
	test_grep "app: not here, or not the binary recorded" err
'

test_expect_success 'the vDSO: this machine'"'"'s image, packed under its recorded build-id' '
	# a program that only reads the clock: archive packs what samples hit,
	# and a loaded machine gave spin none in the vDSO (R3)
	pm record -q -e cpu-clock -c 50000 -o spin.data -- "$WL/clock-loop" 300 >/dev/null 2>&1 &&
	vid=$(pm buildid-list -i spin.data | awk "/\[vdso\]\$/ {print \$1}") && test -n "$vid" &&
	pm archive spin.data >/dev/null 2>err && ! grep -q vdso err &&
	tar tjf spin.data.tar.bz2 >list &&
	grep -qxF "[vdso]/$vid/vdso" list &&
	mkdir -p vd && tar xjf spin.data.tar.bz2 -C vd &&
	head -c 4 "vd/[vdso]/$vid/vdso" | grep -q "ELF"
'

# another machine's vDSO: a recording (gen-vdso) whose [vdso] has a
# build-id this machine's has not, sampled where this one's has
# __vdso_clock_gettime; its image in the cache under that build-id
if command -v readelf >/dev/null 2>&1; then
test_expect_success 'another machine'"'"'s vDSO: its symbols from the cache, unresolved without' '
	vid=$(pm buildid-list -i spin.data | awk "/\[vdso\]\$/ {print \$1}") &&
	img="vd/[vdso]/$vid/vdso" && test -f "$img" &&
	off=$(readelf -sW "$img" | awk "\$8 ~ /^__vdso_clock_gettime/ { print \$2; exit }") &&
	test -n "$off" && other=0123456789abcdef0123456789abcdef01234567 &&
	"$BUILD/test-tool" gen-vdso vdso.data $other $off &&
	mkdir -p "vc/.debug/[vdso]/$other" vc/.debug/.build-id/01 &&
	cp "$img" "vc/.debug/[vdso]/$other/vdso" &&
	ln -s "../../[vdso]/$other" vc/.debug/.build-id/01/${other#01} &&
	HOME=$PWD/vc pm report --stdio -q -i vdso.data >with.txt 2>&1 &&
	grep -q "\[vdso\] *\[\.\] __vdso_clock_gettime$" with.txt &&
	HOME=$PWD/empty pm report --stdio -q -i vdso.data >without.txt 2>&1 &&
	grep -q "\[vdso\] *\[\.\] 0x0*${off#0*}$" without.txt
'
else
	test_skip "another machine's vDSO from the cache" "readelf (binutils) is not installed to read the image"
fi

# A binary where a clone may put it: its path (the cache's directory)
# and its build-id link past the 100 bytes a ustar header holds (V1: a
# clone under /tmp, the ASan build's workloads). pax headers carry them;
# tar unpacks the binary whole and the link to it.
test_expect_success 'a binary under a long directory: its path and build-id link whole in the archive' '
	deep=$PWD/a-directory-as-long-as-a-clone-may-make-it/and-one-more-level-below-it &&
	mkdir -p "$deep" && cp "$WL/burn" "$deep/a-program-with-a-long-name" &&
	pm record -q -e cpu-clock -c 100000 -o deep.data -- "$deep/a-program-with-a-long-name" 50 \
		>/dev/null 2>&1 &&
	HOME=$PWD/empty pm archive deep.data >/dev/null 2>err && test ! -s err &&
	mkdir -p unpacked && tar xjf deep.data.tar.bz2 -C unpacked &&
	id=$(pm buildid-list -i deep.data | awk "/a-program-with-a-long-name\$/ { print \$1 }") &&
	test -n "$id" && link=unpacked/.build-id/$(echo $id | cut -c1-2)/$(echo $id | cut -c3-) &&
	test $(readlink "$link" | wc -c) -gt 100 &&
	cmp "$link/elf" "$deep/a-program-with-a-long-name"
'

test_expect_success 'errors: a missing file, an unwritable place, two files; nothing half-written' '
	test_expect_code 1 pm archive nosuch.data 2>err && test_grep "nosuch.data" err &&
	! ls nosuch.data.tar.bz2* 2>/dev/null &&
	test_expect_code 1 pm archive -o /nonexistent/dir/x.tar.bz2 app.data 2>err &&
	test_grep "cannot write /nonexistent/dir/x.tar.bz2" err &&
	test_expect_code 129 pm archive a.data b.data 2>err && test_grep "one perf.data at a time" err
'

test_done
