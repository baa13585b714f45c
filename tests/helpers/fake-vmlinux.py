#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Write a stand-in vmlinux for annotate and report -k: an ELF executable
whose .text is the kernel function holding address IP, of known code
("push %rbp; mov %rsp,%rbp", then one-byte nops), and whose .symtab has
that function and _text, all linked DELTA below where /proc/kallsyms says
they ran (as KASLR moves a kernel). Prints the function's link address
and name. With BUILDID (hex), a .note.gnu.build-id saying it, so that
perf takes the file for the recorded kernel. With "gap" after it, the
function's symbol leaves IP out (it ends just before IP, or starts just
after it when IP is where the function begins): IP is then in .text but
in no symbol.

Usage: fake-vmlinux.py OUT IP DELTA [BUILDID [gap]]"""
import struct
import sys

out, ip, delta = sys.argv[1], int(sys.argv[2], 16), int(sys.argv[3], 16)
build_id = bytes.fromhex(sys.argv[4]) if len(sys.argv) > 4 else b""
syms = []
with open("/proc/kallsyms") as f:
    for line in f:
        a, _, name = line.split()[:3]
        syms.append((int(a, 16), name))
text = next((a for a, n in syms if n == "_text"), 0)
start = max(((a, n) for a, n in syms if a <= ip), default=None)
if not text or start is None or start[0] == 0:
    sys.exit("no kernel symbol holds %x (are the kallsyms addresses hidden?)" % ip)
end = min((a for a, _ in syms if a > start[0]), default=start[0] + 4096)
size = end - start[0]
code = b"\x55\x48\x89\xe5" + b"\x90" * (size - 4)
link = start[0] - delta
sym_link, sym_size = link, size
if len(sys.argv) > 5 and sys.argv[5] == "gap":
    before = ip - start[0]
    sym_link, sym_size = (link, before) if before else (link + 1, size - 1)

strtab = b"\0_text\0" + start[1].encode() + b"\0"
symtab = (b"\0" * 24 +
          struct.pack("<IBBHQQ", 1, 0x10, 0, 0xfff1, text - delta, 0) +
          struct.pack("<IBBHQQ", 7, 0x12, 0, 1, sym_link, sym_size))
shstrtab = b"\0.text\0.symtab\0.strtab\0.shstrtab\0.note.gnu.build-id\0"
note = struct.pack("<III", 4, len(build_id), 3) + b"GNU\0" + build_id
ehsize = 64
offs = [ehsize]
for blob in (code, symtab, strtab, note):
    offs.append(offs[-1] + len(blob))
shoff = offs[-1] + len(shstrtab)
shoff += -shoff % 8


def shdr(name, kind, flags, addr, off, size, link=0, info=0, align=1, entsize=0):
    return struct.pack("<IIQQQQIIQQ", name, kind, flags, addr, off, size, link, info, align,
                       entsize)


sections = (shdr(0, 0, 0, 0, 0, 0) +
            shdr(1, 1, 6, link, offs[0], len(code), align=16) +
            shdr(7, 2, 0, 0, offs[1], len(symtab), link=3, info=1, align=8, entsize=24) +
            shdr(15, 3, 0, 0, offs[2], len(strtab)) +
            shdr(33, 7, 2, 0, offs[3], len(note), align=4) +
            shdr(23, 3, 0, 0, offs[4], len(shstrtab)))
ehdr = struct.pack("<16sHHIQQQIHHHHHH", b"\x7fELF\x02\x01\x01" + b"\0" * 9, 2, 62, 1, link,
                   0, shoff, 0, ehsize, 56, 0, 64, 6, 5)
with open(out, "wb") as f:
    f.write(ehdr + code + symtab + strtab + note + shstrtab)
    f.write(b"\0" * (shoff - offs[-1] - len(shstrtab)) + sections)
print("%x %s" % (link, start[1]))
