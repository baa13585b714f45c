#!/bin/sh
# Sum the per-build results of `make check` (plain and sanitizer builds) into
# the final line "N passed, N failed". A build that left no results counts
# as one failure, so a broken build can never look green.
passed=0
failed=0
skipped=0
for f in "$@"; do
	if [ -s "$f" ]; then
		read -r p fl s <"$f"
		passed=$((passed + p))
		failed=$((failed + fl))
		skipped=$((skipped + s))
	else
		echo "no results from $(dirname "$f"): the build or the runner failed"
		failed=$((failed + 1))
	fi
done
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
