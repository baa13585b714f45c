#!/bin/sh
# count-tasks.sh N OUT: run as a recorder's workload, wait (20 s at most)
# until the recorder (the parent) has N threads or more, then write how
# many it has into OUT
want=$1 out=$2 n=0
for i in $(seq 200); do
	n=$(ls /proc/$PPID/task | wc -l)
	[ "$n" -ge "$want" ] && break
	sleep 0.1
done
echo "$n" >"$out"
