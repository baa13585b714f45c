#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""check-branches.py BINARY [KIND,...] [--rounds MARK] < script -F brstacksym

Ground truth for a branch stack: every entry whose source lies in one of
BINARY's functions is checked against BINARY's own code, as objdump
disassembles it (not perf-mini's decoder):
  - the source instruction is a branch (a jump, call or return), and of
    a KIND when they are given (call,ind_call,ret,cond,jmp,ind_jmp);
  - a direct jump or call went where its operand says;
  - a return went to just after a call; an indirect call to a function.
Then it prints what the tests count, one "name number" a line: calls
from function to function (call:main:once), the backward jumps inside
each function (back:leaf), and the mispredicted (mispred:ind_call ...)
and predicted ones of each instruction kind.

With --rounds MARK (a count's name, e.g. call:main:once), it prints
instead one line for each complete round inside a stack: what happened
between two MARKs in a row, in the order the program ran them.
"""
import collections
import re
import subprocess
import sys


def disassemble(binary):
    out = subprocess.run(["objdump", "-d", "--no-show-raw-insn", binary],
                         check=True, capture_output=True, text=True).stdout
    funcs, insns, order = {}, {}, []
    for line in out.splitlines():
        m = re.match(r"^([0-9a-f]+) <([^>]+)>:$", line)
        if m:
            funcs[m.group(2)] = int(m.group(1), 16)
            continue
        m = re.match(r"^\s+([0-9a-f]+):\s+(\S+)\s*(.*)$", line)
        if m:
            addr = int(m.group(1), 16)
            insns[addr] = (m.group(2), m.group(3))
            order.append(addr)
    nexts = {a: b for a, b in zip(order, order[1:])}
    return funcs, insns, nexts


def kind_of(mnemonic, operands):
    if mnemonic.startswith("call"):
        return "ind_call" if operands.startswith("*") else "call"
    if mnemonic.startswith("ret"):
        return "ret"
    if mnemonic.startswith("jmp"):
        return "ind_jmp" if operands.startswith("*") else "jmp"
    if mnemonic.startswith("j") or mnemonic.startswith("loop"):
        return "cond"
    return None


def address(symoff, funcs):
    m = re.match(r"^(.+)\+0x([0-9a-f]+)$", symoff)
    if not m or m.group(1) not in funcs:
        return None, None
    return m.group(1), funcs[m.group(1)] + int(m.group(2), 16)


def rounds_of(names, mark):
    """The complete rounds in one stack (listed newest first)."""
    names = list(reversed(names))
    at = [i for i, n in enumerate(names) if n == mark]
    for a, b in zip(at, at[1:]):
        c = collections.Counter(names[a:b])
        yield "round " + " ".join(f"{k}={c[k]}" for k in sorted(c))


def main():
    args = sys.argv[1:]
    mark = None
    if "--rounds" in args:
        i = args.index("--rounds")
        mark = args[i + 1]
        del args[i:i + 2]
    binary = args[0]
    want = args[1].split(",") if len(args) > 1 else None
    funcs, insns, nexts = disassemble(binary)
    calls_end = {nexts[a] for a, (mn, _) in insns.items() if mn.startswith("call") and a in nexts}
    counts = collections.Counter()
    bad = []
    for line in sys.stdin:
        names = []
        for entry in line.split():
            parts = entry.split("/")
            if len(parts) < 6:
                continue
            fsym, frm = address(parts[0], funcs)
            tsym, to = address(parts[1], funcs)
            if frm is None:
                continue
            if frm not in insns:
                bad.append(f"{parts[0]}: not an instruction's start")
                continue
            mnemonic, operands = insns[frm]
            kind = kind_of(mnemonic, operands)
            if kind is None:
                bad.append(f"{parts[0]}: '{mnemonic} {operands}' is not a branch")
                continue
            if want and kind not in want:
                bad.append(f"{parts[0]}: a {kind}, where only {','.join(want)} was asked for")
            target = re.match(r"^([0-9a-f]+) <", operands)
            if target and kind in ("call", "jmp", "cond") and to != int(target.group(1), 16):
                bad.append(f"{entry}: '{mnemonic} {operands}' goes elsewhere")
            if kind == "ret" and to is not None and to not in calls_end:
                bad.append(f"{entry}: a return not to just after a call")
            if kind == "ind_call" and to is not None and to not in funcs.values():
                bad.append(f"{entry}: an indirect call not to a function")
            if kind in ("call", "ind_call") and tsym:
                names.append(f"call:{fsym}:{tsym}")
            if kind == "cond" and tsym == fsym and to is not None and to < frm:
                names.append(f"back:{fsym}")
            counts[f"{'mispred' if parts[2] == 'M' else 'pred'}:{kind}"] += 1
        counts.update(names)
        if mark:
            for r in rounds_of(names, mark):
                print(r)
    for b in bad[:20]:
        print("bad:", b, file=sys.stderr)
    if not mark:
        for k in sorted(counts):
            print(k, counts[k])
    sys.exit(1 if bad else 0)


main()
