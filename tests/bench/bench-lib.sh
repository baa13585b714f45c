# Shared by the bench scripts (sourced): $runs runs each, $dir for
# scratch files, made and removed here.
runs=${RUNS:-5}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
drop_tip=$(dirname "$0")/../helpers/drop-perf-tip.sh

# The median of hyperfine's runs of the command line $1, in seconds.
median_of() {
	hyperfine -N -w 1 -r "$runs" --export-json "$dir/h.json" "$1" >/dev/null 2>&1
	python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["results"][0]["median"])' \
		"$dir/h.json"
}

# median wall seconds (hyperfine: millisecond figures at 100k samples) and
# peak RSS in KB (/usr/bin/time, one more run) of "$@", stdout dropped
measure() {
	rss=$(/usr/bin/time -f "%M" "$@" 2>&1 >/dev/null | tail -1)
	echo "$(median_of "$*") $rss"
}
