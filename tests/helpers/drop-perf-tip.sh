#!/bin/sh
# Drop perf report's random closing tip ("#", "# (Tip: ...)", "#").
awk '{ l[NR] = $0 }
END {
	for (i = 1; i <= NR; i++)
		if (l[i] ~ /^# \((Tip: |Cannot load tips)/)
			t = i
	for (i = 1; i <= NR; i++)
		if (!t || (i != t - 1 && i != t && i != t + 1))
			print l[i]
}'
