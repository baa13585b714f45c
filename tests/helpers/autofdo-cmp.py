#!/usr/bin/env python3
# autofdo-cmp.py OURS THEIRS: whether two LLVM text sample profiles are
# the same bytes but for the names of inlined functions, which Debian's
# create_llvm_prof 0.19 writes from freed memory (upstream's fix 88ee9d0
# is not in its build): the right length of any bytes, newlines too.
# So each inlined call's header of OURS ("  4.1: poly:7200") is matched
# with THEIRS as its indent and location, as many bytes as its name,
# and ":7200". Exit 0 when equal, else 1 with where they part.
import re
import sys

HEADER = re.compile(rb"^( +[0-9]+(?:\.[0-9]+)?: )([^ ]+)(:[0-9]+)$")


def main():
    ours = open(sys.argv[1], "rb").read().split(b"\n")
    theirs = open(sys.argv[2], "rb").read()
    at = 0
    for n, line in enumerate(ours):
        last = n == len(ours) - 1
        m = HEADER.match(line)
        if m:
            want = [m.group(1), len(m.group(2)), m.group(3)]
        else:
            want = [line]
        if not last:
            want.append(b"\n")
        for part in want:
            if isinstance(part, int):
                at += part
                continue
            if theirs[at:at + len(part)] != part:
                print("line %d: ours %r, theirs %r" % (n + 1, line, theirs[at:at + 80]))
                return 1
            at += len(part)
    if at != len(theirs):
        print("theirs goes on: %r" % theirs[at:at + 80])
        return 1
    return 0


sys.exit(main())
