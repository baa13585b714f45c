#!/bin/sh
# make bench (part 4): a counter read through libperf-mini-self against
# read(2) of the same event, ns per read (tests/helpers/selfmon-check -b).
# Where the kernel allows user rdpmc (a hardware counter on bare metal)
# the library reads the mmap page, and is also put beside a bare
# rdpmc + rdtsc loop, the least any read can cost; elsewhere (software
# events, VMs: cap_user_rdpmc 0) it takes the read(2) path, and the ratio
# shows what the page check adds to it.
check=${1:-build/selfmon-check}
n=${READS:-1000000}

echo "Self-monitoring reads, $n each (library/read(2): < 1 is faster):"
for ev in cycles:u instructions:u task-clock; do
	line=$("$check" -b "$n" "$ev" 2>/dev/null) || { echo "$ev: not countable here"; continue; }
	echo "$line" | awk '{
		printf "%-16s library %7.1f ns  read(2) %7.1f ns  library/read(2) %.2f", $1, $3, $6, $3 / $6
		if ($11 == "bare") printf "  bare rdpmc+rdtsc %6.1f ns  library/bare %.2f", $12, $3 / $12
		else printf "  (read(2) path: no user rdpmc for it here)"
		printf "\n" }'
done
