#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""name-bss.py WHERE PROGRAM < perf report output

perf shows an address in a program's .bss past the last page of its file
as "0x0000... anon": the loader maps that part of .bss as anonymous
memory. perf-mini names it from the program's symbol table. This rewrites
perf's rows as perf-mini names them, from what the program says of itself
(WHERE holds its lines "NAME ADDR SIZE", tests/workloads/arrays.c prints
them): "NAME+0xOFF PROGRAM". Runs of blanks become one blank and the
dotted rule under the header is dropped, since the names change the
columns' widths.
"""
import re
import sys


def main():
    arrays = []
    for line in open(sys.argv[1]):
        name, addr, size = line.split()
        arrays.append((name, int(addr, 16), int(size)))
    program = sys.argv[2]
    raw = re.compile(r"0x([0-9a-f]{16}) +anon\b")

    def named(m):
        addr = int(m.group(1), 16)
        for name, start, size in arrays:
            if start <= addr < start + size:
                return "%s+0x%x %s" % (name, addr - start, program)
        return m.group(0)

    for line in sys.stdin:
        if re.match(r"# \.", line):
            continue
        print(" ".join(raw.sub(named, line).split()))


if __name__ == "__main__":
    main()
