#!/usr/bin/env python3
"""Read a gzipped pprof profile with Debian's python3-protobuf, through
pprof's own schema (profile.proto from Debian's golang-github-google-pprof-
dev, compiled by protoc), and print what the tests check, as JSON: the
sample types, each value's total, the function most samples end in, the
caller->callee edges by function name, the labels' keys, the mappings'
files and build-ids, and for a memory profile the weight by cache level
(the mem_level label), and the default sample type, the period and the
time span.

Usage: pprof-read.py FILE.pb.gz   (PPROF_PROTO names another profile.proto)"""
import gzip
import json
import os
import subprocess
import sys
import tempfile

from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

PROFILE_PROTO = os.environ.get(
    "PPROF_PROTO", "/usr/share/gocode/src/github.com/google/pprof/proto/profile.proto")


def profile_class():
    with tempfile.NamedTemporaryFile(suffix=".desc") as desc_file:
        subprocess.run(["protoc", "-I", os.path.dirname(PROFILE_PROTO),
                        "--descriptor_set_out=" + desc_file.name,
                        os.path.basename(PROFILE_PROTO)], check=True)
        fds = descriptor_pb2.FileDescriptorSet.FromString(desc_file.read())
    pool = descriptor_pool.DescriptorPool()
    for fdp in fds.file:
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
