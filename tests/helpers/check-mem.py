#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""check-mem.py WHERE < script -F ip,sym,addr,data_src,weight

Memory samples against what the program says of itself: WHERE holds its
lines "NAME ADDR SIZE" (tests/workloads/arrays.c prints them). For each
function that sampled loads, and each array, it prints
  FUNC:NAME N   samples of FUNC whose address lies in NAME
  FUNC:other N  samples of FUNC whose address lies in none
and per function and level (L1, L2, L3, RAM, other), FUNC@LEVEL N, with
FUNC@hitm N for snoop HitM, and FUNC@weight-min N: the lowest weight.
"""
import collections
import re
import sys


def main():
    arrays = []
    for line in open(sys.argv[1]):
        name, addr, size = line.split()
        arrays.append((name, int(addr, 16), int(size)))
    counts = collections.Counter()
    lowest = {}
    for line in sys.stdin:
        fields = line.split()
        if len(fields) < 5:
            continue
        addr, func = int(fields[0], 16), fields[-1]
        where = next((n for n, a, s in arrays if a <= addr < a + s), "other")
        counts[f"{func}:{where}"] += 1
        level = re.search(r"\|LVL ([^|]*)\|", line)
        level = level.group(1) if level else ""
        for name, pattern in (("L1", "L1 hit"), ("L2", "L2 hit"), ("L3", "L3 hit"),
                              ("RAM", "RAM hit")):
            if pattern in level:
                counts[f"{func}@{name}"] += 1
                break
        else:
            counts[f"{func}@other"] += 1
        if "SNP HitM" in line:
            counts[f"{func}@hitm"] += 1
        weight = int(fields[-3])
        lowest[func] = min(weight, lowest.get(func, weight))
    for k in sorted(counts):
        print(k, counts[k])
    for f in sorted(lowest):
        print(f"{f}@weight-min", lowest[f])


main()
