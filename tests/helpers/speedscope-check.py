#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Check a speedscope JSON file against speedscope's own schema, and its
samples against perf script's for the same recording.

Usage: speedscope-check.py SCHEMA FILE.json < perf-script-output
  (perf script --no-inline -F tid,period,ip,sym of a callchain recording)

Prints the differences and exits 1 when the file does not validate, or
when some thread's stacks (root first, by function name) and their
weights are not perf script's.
"""
import collections
import json
import sys

import jsonschema


def from_speedscope(doc):
    frames = doc['shared']['frames']
    stacks = collections.Counter()
    for p in doc['profiles']:
        tid = p['name'].split('/')[-1].split()[0]
        for sample, weight in zip(p['samples'], p['weights']):
            stacks[(tid, tuple(frames[i]['name'] for i in sample))] += weight
    return stacks


def from_perf_script(lines):
    stacks = collections.Counter()
    head, names = None, []
    for line in lines + ['']:
        if not line.strip():
            if head:
                stacks[(head[0], tuple(reversed(names)))] += int(head[1])
            head, names = None, []
        elif not line[0].isspace() or head is None:
            head = line.split()
        else:
            names.append(line.split(None, 1)[1].strip() if len(line.split()) > 1
                         else '[unknown]')
    return stacks


def main():
    schema = json.load(open(sys.argv[1]))
    doc = json.load(open(sys.argv[2]))
    jsonschema.validate(doc, schema)
    ours = from_speedscope(doc)
    perfs = from_perf_script(sys.stdin.read().splitlines())
    bad = 0
    for key in sorted(set(ours) | set(perfs)):
        if ours[key] != perfs[key]:
            bad += 1
            if bad <= 10:
                print('%s: perf %d, speedscope file %d' % (';'.join(key[1]), perfs[key],
                                                          ours[key]))
    print('%d stacks, %d differ' % (len(perfs), bad))
    sys.exit(1 if bad or not perfs else 0)


if __name__ == '__main__':
    main()
