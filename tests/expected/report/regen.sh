#!/bin/sh
# Regenerate the expected report and script outputs from Linux perf (needs
# `perf`).
# Usage: sh tests/expected/report/regen.sh
here=$(cd "$(dirname "$0")" && pwd)
helpers="$here/../../helpers"
data="$here/../../data/perfdata"
symfs=$(mktemp -d)
trap 'rmdir "$symfs"' EXIT
grep -v '^#' "$here/cases.txt" | while read -r file name opts; do
	[ -n "$file" ] || continue
	# perf's closing "(Tip: ...)" block is random and dropped
	# shellcheck disable=SC2086
	perf report --stdio --kallsyms /dev/null --symfs "$symfs" -i "$data/$file" $opts \
		2>/dev/null | sh "$helpers/drop-perf-tip.sh" >"$here/$file.$name.txt"
done
# -D: offset, size and type of every record, sorted (perf prints them in
# delivery order). In pipe mode perf's offsets are not file offsets (they
# count from after the pipe header, some at the record's end), so only
# size and type are kept there.
for f in "$data"/perf.data.*; do
	out="$here/$(basename "$f").records.txt"
	perf report -D -i "$f" 2>/dev/null | sh "$helpers/dump-records.sh" |
	if sh "$helpers/is-pipe-file.sh" "$f"; then cut -d' ' -f2-; else cat; fi |
	LC_ALL=C sort >"$out"
	[ -s "$out" ] || rm -f "$out"
done
# --stats: the counts by record type, then by event
for f in "$data"/perf.data.*; do
	perf report --stats -i "$f" 2>/dev/null >"$here/$(basename "$f").stats.txt"
done
perf report --stats --no-skip-empty -i "$data/perf.data.group_desc-4.14" 2>/dev/null \
	>"$here/perf.data.group_desc-4.14.stats-all.txt"
# --header-only, the "captured on" line (the file's mtime) dropped.
# branch_stack_spec is left out: perf-mini does not print BPF_PROG_INFO
# and BPF_BTF yet.
for f in "$data"/perf.data.*; do
	case "$f" in *branch_stack_spec) continue ;; esac
	out="$here/$(basename "$f").header.txt"
	perf report --header-only -i "$f" 2>/dev/null | grep -v '^# captured on' >"$out"
	[ -s "$out" ] || rm -f "$out"
done
# the same with -I (the topology features' details); weight_struct left
# out: perf 6.1 reads past its CPU_TOPOLOGY section and says the CPU ids
# are not available, which the section has
for f in "$data"/perf.data.*; do
	case "$f" in *branch_stack_spec|*weight_struct) continue ;; esac
	out="$here/$(basename "$f").header-I.txt"
	perf report --header-only -I -i "$f" 2>/dev/null | grep -v '^# captured on' >"$out"
	[ -s "$out" ] || rm -f "$out"
done
# --tasks of every fixture; --mmaps of the small ones, and of weight_struct
# (43 MB: its sha256 only) where perf's synthesized FORKs (misc FORK_EXEC)
# must not copy the parent's maps
for f in "$data"/perf.data.*; do
	out="$here/$(basename "$f").tasks.txt"
	perf report --tasks -i "$f" 2>/dev/null >"$out"
	[ -s "$out" ] || rm -f "$out"
done
for f in branch-4.14 singleprocess-3.8 hybrid_topology piped.header_features-4.16; do
	perf report --mmaps -i "$data/perf.data.$f" 2>/dev/null >"$here/perf.data.$f.mmaps.txt"
done
perf report --mmaps -i "$data/perf.data.weight_struct" 2>/dev/null | sha256sum |
	cut -d' ' -f1 >"$here/perf.data.weight_struct.mmaps.sha256"
# script outputs
sdir="$here/../script"
grep -v '^#' "$sdir/cases.txt" | while read -r file name opts; do
	[ -n "$file" ] || continue
	# shellcheck disable=SC2086
	perf script --kallsyms /dev/null --symfs "$symfs" -i "$data/$file" $opts \
		>"$sdir/$file.$name.txt" 2>/dev/null
done
# mem report outputs
mdir="$here/../mem"
grep -v '^#' "$mdir/cases.txt" | while read -r file name opts; do
	[ -n "$file" ] || continue
	case "$opts" in
	-D*|*" -D "*) ropts= ;;
	*) ropts="--stdio --kallsyms /dev/null --symfs $symfs" ;;
	esac
	# shellcheck disable=SC2086
	perf mem $opts "$data/$file" report $ropts 2>/dev/null |
		sh "$helpers/drop-perf-tip.sh" >"$mdir/$file.$name.txt"
done
