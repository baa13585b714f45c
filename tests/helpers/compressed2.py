#!/usr/bin/env python3
"""compressed2.py IN OUT: a pipe-mode perf.data with its COMPRESSED records
(type 81) rewritten as the newer perf's COMPRESSED2 (type 83: the frame's
length as a u64, then the frame, padded to 8 bytes), all else as it was.
perf 6.1 cannot read the result; a newer perf writes it with record -z."""
import struct
import sys

src = open(sys.argv[1], "rb").read()
magic, head = struct.unpack_from("<8sQ", src, 0)
if magic != b"PERFILE2" or head != 16:
    sys.exit("compressed2.py: %s is not a little-endian pipe-mode perf.data" % sys.argv[1])
out = bytearray(src[:16])
off = 16
while off + 8 <= len(src):
    rtype, misc, size = struct.unpack_from("<IHH", src, off)
    if size < 8:
        sys.exit("compressed2.py: a record of size %d at %#x" % (size, off))
    rec = src[off:off + size]
    if rtype == 81:
        frame = rec[8:]
        total = 16 + len(frame)
        padded = (total + 7) & ~7
        out += struct.pack("<IHHQ", 83, misc, padded, len(frame)) + frame
        out += b"\0" * (padded - total)
    else:
        out += rec
    off += size
open(sys.argv[2], "wb").write(out)
