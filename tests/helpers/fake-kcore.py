#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Write an ELF core file standing for /proc/kcore (PERF_MINI_KCORE) for
the kernel function holding address IP: one PT_LOAD from the function's
start in /proc/kallsyms, 4 KiB past its end, of known code ("push %rbp;
mov %rsp,%rbp", then one-byte nops). Prints the function's start and name.

Usage: fake-kcore.py OUT IP"""
import struct
import sys

out, ip = sys.argv[1], int(sys.argv[2], 16)
addrs = []
with open("/proc/kallsyms") as f:
    for line in f:
        a, _, name = line.split()[:3]
        addrs.append((int(a, 16), name))
addrs.sort()
start = max((a for a in addrs if a[0] <= ip), default=None)
if start is None or start[0] == 0:
    sys.exit("no kernel symbol holds %x (are the kallsyms addresses hidden?)" % ip)
end = min((a[0] for a in addrs if a[0] > start[0]), default=start[0] + 4096)
code = b"\x55\x48\x89\xe5" + b"\x90" * (end - start[0] + 4096 - 4)
ehsize, phsize = 64, 56
ehdr = struct.pack("<16sHHIQQQIHHHHHH", b"\x7fELF\x02\x01\x01" + b"\0" * 9, 4, 62, 1, 0,
                   ehsize, 0, 0, ehsize, phsize, 1, 0, 0, 0)
phdr = struct.pack("<IIQQQQQQ", 1, 7, ehsize + phsize, start[0], 0, len(code), len(code),
                   4096)
with open(out, "wb") as f:
    f.write(ehdr + phdr + code)
print("%x %s" % start)
