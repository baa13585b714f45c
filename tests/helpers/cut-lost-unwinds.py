#!/usr/bin/env python3
"""Cut the callchains of two perf script outputs where perf's unwinder lost
its way: at perf's first frame in no object ("[unknown] ([unknown])", a
return address read from the wrong slot) or in data ("//anon", "[stack]",
"[heap]": perf's libunwind after a frame without CFI, such as a library's
_fini as the program exits), both chains of that sample end.
perf-mini's libdw unwinder may go on correctly there; everything before,
and every other sample, must still be the same.

Usage: cut-lost-unwinds.py PERF_OUT PM_OUT  (both rewritten in place)"""
import re
import sys

LOST = re.compile(r"^\s+[0-9a-f]+ \[unknown\] \((\[unknown\]|//anon|\[stack\]|\[heap\])\)$")


def blocks(path):
    with open(path) as f:
        return f.read().split("\n\n")


def main():
    perf, pm = blocks(sys.argv[1]), blocks(sys.argv[2])
    if len(perf) != len(pm):
        return 0        # not the same samples: the comparison shows it
    for i, block in enumerate(perf):
        lines = block.split("\n")
        cut = next((k for k, line in enumerate(lines) if LOST.match(line)), None)
        if cut is not None:
            perf[i] = "\n".join(lines[:cut])
            pm[i] = "\n".join(pm[i].split("\n")[:cut])
    for path, out in ((sys.argv[1], perf), (sys.argv[2], pm)):
        with open(path, "w") as f:
            f.write("\n\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
