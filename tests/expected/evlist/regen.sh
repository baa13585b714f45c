#!/bin/sh
# Regenerate perf evlist's and perf buildid-list's outputs on the fixtures
# (needs `perf`). Usage: sh tests/expected/evlist/regen.sh
here=$(cd "$(dirname "$0")" && pwd)
data="$here/../../data/perfdata"
# Pipe streams are left out of evlist's: perf evlist stops at their attrs,
# naming events from the attr alone before the stream's own names come
# (cycles:uH where perf report says cycles:u), and on old pipes (attrs
# shorter than today's) reads past each attr into its ids as if they were
# fields (aux_sample_size: 131); perf-mini names them as report does and
# prints the attr the file holds.
for f in "$data"/perf.data.*; do
	name=$(basename "$f")
	# the build-id table; with -H (and for a file without a table, pipes
	# too) the DSOs samples hit. Not raw-3.4, whose vDSO perf names by a
	# temporary file it makes each run, nor intel_pt-4.14, whose hits perf
	# takes from the trace it decodes, nor the corrupted pipe, whose
	# samples perf-mini refuses as report does.
	case $name in
	*corrupted*) ;;
	*) perf buildid-list -i "$f" >"$here/$name.buildid.txt" 2>/dev/null ||
		rm -f "$here/$name.buildid.txt" ;;
	esac
	case $name in
	*raw-3.4|*intel_pt-4.14|*corrupted*) ;;
	*) perf buildid-list -H -i "$f" >"$here/$name.buildid-H.txt" 2>/dev/null ||
		rm -f "$here/$name.buildid-H.txt" ;;
	esac
	sh "$here/../../helpers/is-pipe-file.sh" "$f" && continue
	for o in plain F g v trace-fields; do
		case $o in
		plain) opts= ;;
		trace-fields) opts=--trace-fields ;;
		*) opts=-$o ;;
		esac
		# shellcheck disable=SC2086
		perf evlist $opts -i "$f" >"$here/$name.$o.txt" 2>/dev/null ||
			rm -f "$here/$name.$o.txt"
	done
done
