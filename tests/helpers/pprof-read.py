#!/usr/bin/env python3
"""Read a gzipped pprof profile with Debian's python3-protobuf (profile.proto
described here field by field, as google/pprof defines it: no protoc) and
print what the tests check, as JSON: the sample types, each value's total,
the function most samples end in, the caller->callee edges by function
name, the labels' keys, the mappings' files and build-ids, and for a
memory profile the weight by cache level (the mem_level label), and
the default sample type, the period and the time span.

Usage: pprof-read.py FILE.pb.gz"""
import gzip
import json
import sys

from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

F = descriptor_pb2.FieldDescriptorProto
OPT, REP = F.LABEL_OPTIONAL, F.LABEL_REPEATED
I64, U64, BOOL, STR, MSG = F.TYPE_INT64, F.TYPE_UINT64, F.TYPE_BOOL, F.TYPE_STRING, F.TYPE_MESSAGE

MESSAGES = {
    "Profile": [("sample_type", 1, MSG, REP, "ValueType"), ("sample", 2, MSG, REP, "Sample"),
                ("mapping", 3, MSG, REP, "Mapping"), ("location", 4, MSG, REP, "Location"),
                ("function", 5, MSG, REP, "Function"), ("string_table", 6, STR, REP, None),
                ("drop_frames", 7, I64, OPT, None), ("keep_frames", 8, I64, OPT, None),
                ("time_nanos", 9, I64, OPT, None), ("duration_nanos", 10, I64, OPT, None),
                ("period_type", 11, MSG, OPT, "ValueType"), ("period", 12, I64, OPT, None),
                ("comment", 13, I64, REP, None), ("default_sample_type", 14, I64, OPT, None)],
    "ValueType": [("type", 1, I64, OPT, None), ("unit", 2, I64, OPT, None)],
    "Sample": [("location_id", 1, U64, REP, None), ("value", 2, I64, REP, None),
               ("label", 3, MSG, REP, "Label")],
    "Label": [("key", 1, I64, OPT, None), ("str", 2, I64, OPT, None), ("num", 3, I64, OPT, None),
              ("num_unit", 4, I64, OPT, None)],
    "Mapping": [("id", 1, U64, OPT, None), ("memory_start", 2, U64, OPT, None),
                ("memory_limit", 3, U64, OPT, None), ("file_offset", 4, U64, OPT, None),
                ("filename", 5, I64, OPT, None), ("build_id", 6, I64, OPT, None),
                ("has_functions", 7, BOOL, OPT, None), ("has_filenames", 8, BOOL, OPT, None),
                ("has_line_numbers", 9, BOOL, OPT, None),
                ("has_inline_frames", 10, BOOL, OPT, None)],
    "Location": [("id", 1, U64, OPT, None), ("mapping_id", 2, U64, OPT, None),
                 ("address", 3, U64, OPT, None), ("line", 4, MSG, REP, "Line"),
                 ("is_folded", 5, BOOL, OPT, None)],
    "Line": [("function_id", 1, U64, OPT, None), ("line", 2, I64, OPT, None)],
    "Function": [("id", 1, U64, OPT, None), ("name", 2, I64, OPT, None),
                 ("system_name", 3, I64, OPT, None), ("filename", 4, I64, OPT, None),
                 ("start_line", 5, I64, OPT, None)],
}


def profile_class():
    fdp = descriptor_pb2.FileDescriptorProto(name="profile.proto", package="perftools.profiles",
                                             syntax="proto3")
    for name, fields in MESSAGES.items():
        m = fdp.message_type.add(name=name)
        for fname, number, ftype, label, tname in fields:
            f = m.field.add(name=fname, number=number, type=ftype, label=label)
            if tname:
                f.type_name = ".perftools.profiles." + tname
    pool = descriptor_pool.DescriptorPool()
    pool.Add(fdp)
    desc = pool.FindMessageTypeByName("perftools.profiles.Profile")
    if hasattr(message_factory, "GetMessageClass"):
        return message_factory.GetMessageClass(desc)
    return message_factory.MessageFactory(pool).GetPrototype(desc)


def main():
    with gzip.open(sys.argv[1], "rb") as f:
        prof = profile_class()()
        prof.ParseFromString(f.read())
    s = prof.string_table
    assert s[0] == "", "string_table[0] must be empty"
    funcs = {fn.id: s[fn.name] for fn in prof.function}
    locs = {}
    for loc in prof.location:
        # a location's lines: inlined functions first, the caller last
        locs[loc.id] = [funcs[line.function_id] for line in loc.line]
    totals = [0] * len(prof.sample_type)
    weight_at = next((i for i, t in enumerate(prof.sample_type) if s[t.type] == "weight"), None)
    weight_by_level = {}
    leaf = {}
    edges = set()
    for smp in prof.sample:
        for i, v in enumerate(smp.value):
            totals[i] += v
        for lab in smp.label:
            if weight_at is not None and s[lab.key] == "mem_level":
                level = s[lab.str]
                weight_by_level[level] = weight_by_level.get(level, 0) + smp.value[weight_at]
        frames = []     # innermost first, inlined ones unfolded
        for lid in smp.location_id:
            frames.extend(locs[lid] or ["?"])
        if frames:
            leaf[frames[0]] = leaf.get(frames[0], 0) + smp.value[0 if len(smp.value) < 2 else 1]
        for callee, caller in zip(frames, frames[1:]):
            edges.add(caller + "->" + callee)
    print(json.dumps({
        "types": [[s[t.type], s[t.unit]] for t in prof.sample_type],
        "totals": totals,
        "top": max(leaf, key=leaf.get) if leaf else None,
        "edges": sorted(edges),
        "labels": sorted({s[l.key] for smp in prof.sample for l in smp.label}),
        "mappings": [[s[m.filename], s[m.build_id]] for m in prof.mapping],
        "nr_samples": len(prof.sample),
        "weight_by_mem_level": weight_by_level,
        "default_type": s[prof.default_sample_type],
        "period_type": [s[prof.period_type.type], s[prof.period_type.unit]],
        "period": prof.period,
        "time_nanos": prof.time_nanos,
        "duration_nanos": prof.duration_nanos,
    }))


if __name__ == "__main__":
    main()
