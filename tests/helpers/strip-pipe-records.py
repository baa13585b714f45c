#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Copy a pipe-mode perf.data stream without the records of some types,
e.g. the EVENT_UPDATE (78) and FEATURE (80) records that name its events,
to make a stream as older perf versions wrote it.

Usage: strip-pipe-records.py IN OUT TYPE[,TYPE...]
"""
import struct
import sys

TRACING_DATA = 66


def main():
    src, dst, types = sys.argv[1], sys.argv[2], {int(t) for t in sys.argv[3].split(',')}
    data = open(src, 'rb').read()
    out = bytearray(data[:16])          # the pipe header
    off = 16
    while off + 8 <= len(data):
        rtype, _misc, size = struct.unpack_from('<IHH', data, off)
        if size < 8:
            sys.exit(f'{src}: record at {off:#x} has size {size}')
        end = off + size
        if rtype == TRACING_DATA:       # its payload follows the record
            (payload,) = struct.unpack_from('<I', data, off + 8)
            end += (payload + 7) & ~7
        if rtype not in types:
            out += data[off:end]
        off = end
    open(dst, 'wb').write(out)


if __name__ == '__main__':
    main()
