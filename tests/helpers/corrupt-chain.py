#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""corrupt-chain.py IN OUT

Copy a file-mode perf.data whose samples have callchains, with the first
kernel frame of every chain replaced by -8: a value in the context
markers' range that is no marker, as a frame-pointer walk through code
without frame pointers reads. perf then keeps no frame of the sample
(add_callchain_ip resets its cursor), so a tool that shows chains must
show none. Samples with a READ group are not supported (none here).
"""
import struct
import sys

SAMPLE = 9
CONTEXT_KERNEL = (1 << 64) - 128
GARBAGE = (1 << 64) - 8
FIELDS = [(1 << 16, 8), (1 << 0, 8), (1 << 1, 8), (1 << 2, 8), (1 << 3, 8),
          (1 << 6, 8), (1 << 9, 8), (1 << 7, 8), (1 << 8, 8)]
READ, CALLCHAIN, IDENTIFIER = 1 << 4, 1 << 5, 1 << 16


def sample_types(buf):
    """The sample type of each event id (the attrs' id lists)."""
    attr_size, attrs_off, attrs_size = struct.unpack_from("<QQQ", buf, 16)
    types = {}
    for i in range(attrs_off, attrs_off + attrs_size, attr_size):
        stype = struct.unpack_from("<Q", buf, i + 24)[0]
        ids_off, ids_size = struct.unpack_from("<QQ", buf, i + attr_size - 16)
        for j in range(ids_off, ids_off + ids_size, 8):
            types[struct.unpack_from("<Q", buf, j)[0]] = stype
    if len(set(types.values())) > 1 and not all(t & IDENTIFIER for t in types.values()):
        sys.exit("corrupt-chain.py: several sample types and no IDENTIFIER")
    return types


def stype_of(buf, off, types):
    if len(set(types.values())) == 1:
        return next(iter(types.values()))
    return types.get(struct.unpack_from("<Q", buf, off + 8)[0], 0)


def corrupt(buf, off, stype):
    pos = off + 8
    for bit, size in FIELDS:
        pos += size if stype & bit else 0
    if stype & READ:
        sys.exit("corrupt-chain.py: READ samples are not supported")
    nr = struct.unpack_from("<Q", buf, pos)[0]
    first = struct.unpack_from("<Q", buf, pos + 8)[0] if nr >= 2 else None
    if first == CONTEXT_KERNEL:
        struct.pack_into("<Q", buf, pos + 16, GARBAGE)
        return 1
    return 0


def main():
    buf = bytearray(open(sys.argv[1], "rb").read())
    if buf[:8] != b"PERFILE2":
        sys.exit("corrupt-chain.py: not a file-mode perf.data")
    types = sample_types(buf)
    data_off, data_size = struct.unpack_from("<QQ", buf, 40)
    off, done = data_off, 0
    while off + 8 <= data_off + data_size:
        rtype, _, size = struct.unpack_from("<IHH", buf, off)
        if size < 8:
            break
        stype = stype_of(buf, off, types) if rtype == SAMPLE else 0
        if stype & CALLCHAIN:
            done += corrupt(buf, off, stype)
        off += size
    open(sys.argv[2], "wb").write(buf)
    print(done)


if __name__ == "__main__":
    main()
