#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Make a recording look as if every MMAP of one process was lost: the
MMAP and MMAP2 records of PID are given to NEWPID (pid and tid: a process
with no samples), so PID's threads have no map at all, as when the records were
dropped with lost chunks on a busy machine. Sizes and offsets stay.

Usage: lose-maps.py SRC DST PID NEWPID  (a perf.data file, not a pipe)"""
import struct
import sys

MMAP, MMAP2 = 1, 10


def main():
    src, dst, pid, newpid = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    buf = bytearray(open(src, "rb").read())
    if buf[:8] != b"PERFILE2":
        sys.exit("lose-maps.py: %s is not a perf.data file (or is byte-swapped)" % src)
    data_off, data_size = struct.unpack_from("<QQ", buf, 40)
    at, moved = data_off, 0
    while at + 8 <= data_off + data_size:
        kind, _misc, size = struct.unpack_from("<IHH", buf, at)
        if size < 8:
            sys.exit("lose-maps.py: a record of size %d at %d" % (size, at))
        if kind in (MMAP, MMAP2) and struct.unpack_from("<I", buf, at + 8)[0] == pid:
            struct.pack_into("<II", buf, at + 8, newpid, newpid)
            moved += 1
        at += size
    open(dst, "wb").write(buf)
    print(moved)


main()
