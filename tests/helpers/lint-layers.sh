#!/bin/sh
# Module layering (STYLE.md section 2): an include may only go to the same
# or a lower level, util/ never includes cmd/, nothing includes tests/, and
# perf-mini.c includes cmd/builtin.h and util/base only; arch/ includes arch/ alone.
root=${1:-.}
cd "$root" || exit 1
level() {
	case "$1" in
	pmu-events/*|arch/*) echo -1 ;;	# tables and arch facts: below util
	util/base/*) echo 0 ;;
	util/events/*) echo 1 ;;
	util/record/*|util/data/*|util/symbols/*|util/selfmon/*|util/disasm/*) echo 2 ;;
	util/report/*|util/stat/*|util/annotate/*) echo 3 ;;
	util/ui/*|util/c2c/*|util/sched/*|util/convert/*|util/script/*) echo 4 ;;
	util/top/*|util/serve/*) echo 5 ;;
	*) echo 9 ;;
	esac
}
bad=0
for f in $(find util arch -name '*.[ch]'); do
	dir=$(dirname "$f")
	for inc in $(sed -n 's/^#include "\(.*\)"/\1/p' "$f"); do
		target=$(realpath -m --relative-to=. "$dir/$inc")
		case "$target" in
		cmd/*|tests/*) echo "$f includes $target"; bad=1; continue ;;
		pmu-events/*) case "$f" in arch/*) echo "$f includes $target"; bad=1; continue ;; esac ;;
		esac
		if [ "$(level "$target")" -gt "$(level "$f")" ]; then
			echo "$f (level $(level "$f")) includes higher $target"
			bad=1
		fi
	done
done
for inc in $(sed -n 's/^#include "\(.*\)"/\1/p' perf-mini.c); do
	case "$inc" in
	cmd/builtin.h|util/base/*) ;;
	*) echo "perf-mini.c includes $inc"; bad=1 ;;
	esac
done
if grep -rn '#include ".*tests/' cmd util perf-mini.c; then
	bad=1
fi
exit $bad
