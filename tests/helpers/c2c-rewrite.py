#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Give a memory recording what c2c's tables need and a test machine lacks:
a NUMA machine (NODES nodes: node k has CPU k for k < 2, the others have
no CPU; each has memory blocks), physical addresses on those nodes, and a
known mix of data sources. Each sample, in file order, gets the data
source KIND[i % len] of the comma-separated plan (lhitm, rhitm, lpeer,
rpeer, rhit, l1, lfb, llc, ldram, rdram, st_l1hit, st_l1miss, st_na, or
keep), CPU i % 2, a weight of 60 + 7i % 50 cycles, and a physical address
made from its data address (every fifth 0, one on no node, some on node 1
or 3 with "node1" / "node3"). A recording without PHYS_ADDR gets it.

The samples must be flat: IDENTIFIER, IP, TID, TIME, ADDR, ID, STREAM_ID,
CPU (required), PERIOD, WEIGHT or WEIGHT_STRUCT, DATA_SRC, PHYS_ADDR (as
`record -d --sample-cpu` writes them).

Usage: c2c-rewrite.py SRC DST NODES PLAN [node1] [node3]"""
import struct
import sys

SAMPLE = 9
BITS = dict(IP=1 << 0, TID=1 << 1, TIME=1 << 2, ADDR=1 << 3, READ=1 << 4, CALLCHAIN=1 << 5,
            ID=1 << 6, CPU=1 << 7, PERIOD=1 << 8, STREAM_ID=1 << 9, RAW=1 << 10,
            BRANCH_STACK=1 << 11, REGS_USER=1 << 12, STACK_USER=1 << 13, WEIGHT=1 << 14,
            DATA_SRC=1 << 15, IDENTIFIER=1 << 16, TRANSACTION=1 << 17, REGS_INTR=1 << 18,
            PHYS_ADDR=1 << 19, WEIGHT_STRUCT=1 << 24)
FLAT = ["IDENTIFIER", "IP", "TID", "TIME", "ADDR", "ID", "STREAM_ID", "CPU", "PERIOD", "WEIGHT",
        "DATA_SRC", "PHYS_ADDR"]
NUMA_TOPOLOGY, MEM_TOPOLOGY = 14, 22
BLOCK = 0x8000000


def data_src(op=0, lvl=0, snoop=0, snoopx=0):
    return op | lvl << 5 | snoop << 19 | snoopx << 38


LOAD, STORE = 2, 4
NA, HIT, MISS, L1, LFB, L2, L3, LRAM, RRAM1, RCCE1 = 1, 2, 4, 8, 0x10, 0x20, 0x40, 0x80, 0x100, 0x400
S_NA, S_NONE, S_HIT, S_MISS, S_HITM = 1, 2, 4, 8, 16
KINDS = {
    "lhitm": data_src(LOAD, HIT | L3, S_HITM), "rhitm": data_src(LOAD, HIT | RCCE1, S_HITM),
    "lpeer": data_src(LOAD, HIT | L2, S_NA, 2), "rpeer": data_src(LOAD, HIT | RCCE1, S_NA, 2),
    "rhit": data_src(LOAD, HIT | RCCE1, S_HIT), "l1": data_src(LOAD, HIT | L1, S_NONE),
    "lfb": data_src(LOAD, HIT | LFB, S_NONE), "llc": data_src(LOAD, HIT | L3, S_NONE),
    "ldram": data_src(LOAD, HIT | LRAM, S_MISS), "rdram": data_src(LOAD, HIT | RRAM1, S_MISS),
    "st_l1hit": data_src(STORE, HIT | L1), "st_l1miss": data_src(STORE, MISS | L1),
    "st_na": data_src(STORE, NA),
}


def sample_type_of(b, attr_size):
    attrs_off, attrs_size = struct.unpack_from("<QQ", b, 24)
    types = set()
    for at in range(attrs_off, attrs_off + attrs_size, attr_size + 16):
        types.add(struct.unpack_from("<Q", b, at + 24)[0])
    if len(types) != 1:
        sys.exit("the events' sample types differ")
    return types.pop(), attrs_off, attrs_size


def layout(st):
    """The flat sample's fields, in order, or exit naming what is not."""
    other = st & ~sum(BITS[f] for f in FLAT) & ~BITS["WEIGHT_STRUCT"]
    if other or not st & BITS["CPU"]:
        sys.exit("samples must be flat and have CPU (sample_type %#x)" % st)
    fields = []
    for f in FLAT:
        bit = BITS[f] | (BITS["WEIGHT_STRUCT"] if f == "WEIGHT" else 0)
        if st & bit:
            fields.append(f)
    return fields


def rewrite(sample, fields, i, plan, flags, add_phys):
    v, at = {}, 8
    for f in fields:
        if f in ("TID", "CPU"):
            v[f] = struct.unpack_from("<II", sample, at)
        else:
            v[f] = struct.unpack_from("<Q", sample, at)[0]
        at += 8
    kind = plan[i % len(plan)]
    if kind != "keep":
        v["DATA_SRC"] = KINDS[kind]
    v["WEIGHT"] = (v.get("WEIGHT", 0) & ~0xffffffff) | (60 + (i * 7) % 50)
    v["CPU"] = (i % 2, 0)
    addr = v.get("ADDR", 0)
    phys = 0 if i % 5 == 4 else 0x10000000 + (addr & 0xffff) + (i % 3) * 0x1000
    if i == 7:
        phys = 0xc8000000	# in no node's blocks
    elif phys and "node1" in flags and i % 4 == 1:
        phys += 0x100000000
    elif phys and "node3" in flags and i % 6 == 3:
        phys = 0x180000000 + (addr & 0xffff)
    v["PHYS_ADDR"] = phys
    out = bytearray(sample[:8])
    for f in fields + (["PHYS_ADDR"] if add_phys else []):
        out += struct.pack("<II", *v[f]) if f in ("TID", "CPU") else struct.pack("<Q", v[f])
    out += sample[at:]
    struct.pack_into("<H", out, 6, len(out))
    return out


def string(s):
    s = s.encode() + b"\0"
    n = (len(s) + 63) // 64 * 64
    return struct.pack("<I", n) + s + b"\0" * (n - len(s))


def bitmap(blocks, nbits=256):
    words = [0] * ((nbits + 63) // 64)
    for x in blocks:
        words[x // 64] |= 1 << (x % 64)
    return struct.pack("<QQ", nbits, nbits) + b"".join(struct.pack("<Q", w) for w in words)


def topology(nodes):
    numa = struct.pack("<I", nodes)
    mem = struct.pack("<QQQ", 1, BLOCK, nodes)
    for n in range(nodes):
        numa += struct.pack("<IQQ", n, 1000000, 500000) + string(str(n) if n < 2 else "")
        blocks = range(0, 24) if n == 0 else range(32 + 8 * (n - 1), 40 + 8 * (n - 1))
        mem += struct.pack("<Q", n) + bitmap(blocks)
    return numa, mem


def main():
    src, dst, nodes, plan = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4].split(",")
    flags = sys.argv[5:]
    b = bytearray(open(src, "rb").read())
    attr_size = struct.unpack_from("<Q", b, 16)[0]
    st, attrs_off, attrs_size = sample_type_of(b, attr_size)
    fields = layout(st)
    add_phys = not st & BITS["PHYS_ADDR"]
    for at in range(attrs_off, attrs_off + attrs_size, attr_size + 16):
        struct.pack_into("<Q", b, at + 24, st | BITS["PHYS_ADDR"])
    data_off, data_size = struct.unpack_from("<QQ", b, 40)
    features = [struct.unpack_from("<Q", b, 72 + 8 * i)[0] for i in range(4)]
    bits = [i for i in range(256) if features[i // 64] >> (i % 64) & 1]
    table = data_off + data_size
    sections = {}
    for j, bit in enumerate(bits):
        off, size = struct.unpack_from("<QQ", b, table + 16 * j)
        sections[bit] = b[off:off + size]
    sections[NUMA_TOPOLOGY], sections[MEM_TOPOLOGY] = topology(nodes)
    for bit in (NUMA_TOPOLOGY, MEM_TOPOLOGY):
        if bit not in bits:
            bits.append(bit)
            features[bit // 64] |= 1 << (bit % 64)
    bits.sort()
    data, at, i = bytearray(), data_off, 0
    while at < data_off + data_size:
        kind, _, size = struct.unpack_from("<IHH", b, at)
        if size < 8:
            sys.exit("a record of size %d at %#x" % (size, at))
        record = b[at:at + size]
        if kind == SAMPLE:
            record = rewrite(record, fields, i, plan, flags, add_phys)
            i += 1
        data += record
        at += size
    head = bytearray(b[:data_off])
    struct.pack_into("<QQ", head, 40, data_off, len(data))
    for w in range(4):
        struct.pack_into("<Q", head, 72 + 8 * w, features[w])
    body, table, at = bytearray(), bytearray(), data_off + len(data) + 16 * len(bits)
    for bit in bits:
        table += struct.pack("<QQ", at, len(sections[bit]))
        body += sections[bit]
        at += len(sections[bit])
    open(dst, "wb").write(head + data + table + body)
    print(i, "samples")


main()
