// SPDX-License-Identifier: GPL-2.0
/*
 * script -F brstackinsn: the instructions a sample's branch stack ran,
 * block by block in program order, from the binaries, in perf's layout:
 * each function named where the walk enters it, every instruction as
 * "insn: 48 89 e5", the branch ending a block with its flags, cycles,
 * running cycle total and the block's instructions per cycle, then the
 * last block up to the sample's instruction.
 */
#include <inttypes.h>
#include <stdlib.h>

#include "../base/xalloc.h"
#include "../disasm/disasm.h"
#include "script-brinsn.h"

#define MAXINSN 15		/* x86's longest instruction */
#define MAXBB 16384		/* perf's longest block */

struct walk {
	struct insn_fetch *f;
	struct machine *m;
	struct thread *t;
	bool with_len;
	struct strbuf *sb;
	const struct symbol *lastsym;
	unsigned int total_cycles;
	uint8_t cpumode;
	bool x86;
	uint8_t *buf;
};

/* The kernel's half of the address space (x86_64's and aarch64's). */
static bool kernel_ip(uint64_t ip)
{
	return (int64_t)ip < 0;
}

/*
 * perf's grab_bb(): the code from @start to @end and an instruction more;
 * 0 when there is none to read (a block over both halves, -1: the caller
 * may join it to the next).
 */
static long grab_bb(struct walk *w, uint64_t start, uint64_t end)
{
	struct addr_location al;

	if (!start || !end)
		return 0;
	w->cpumode = kernel_ip(start) ? PERF_RECORD_MISC_KERNEL : PERF_RECORD_MISC_USER;
	if (kernel_ip(start) != kernel_ip(end))
		return -1;
	if (end - start > MAXBB - MAXINSN)
		return 0;
	resolve_addr(w->m, w->t, w->cpumode, start, &al);
	if (!al.map)
		return 0;
	return (long)insn_fetch__read(w->f, w->m, &al, w->buf, end - start + MAXINSN);
}

/* "\tname+off:" when @addr enters another function. */
static void enter_sym(struct walk *w, uint64_t addr)
{
	struct addr_location al;
	long off;

	resolve_addr(w->m, w->t, w->cpumode, addr, &al);
	if (w->lastsym && al.addr >= w->lastsym->start && al.addr < w->lastsym->end)
		return;
	if (!al.map || !al.sym)
		return;
	off = al.addr < al.sym->end ? (long)(al.addr - al.sym->start) :
				      (long)(al.addr - al.map->start - al.sym->start);
	strbuf_addf(w->sb, "\t%s", al.sym->name);
	if (off)
		strbuf_addf(w->sb, "%+d", (int)off);
	strbuf_addstr(w->sb, ":\n");
	w->lastsym = al.sym;
}

/*
 * perf's x86 decoder (its opcode map, not capstone's) reads 0xd6, which
 * no x86_64 CPU defines, as a one-byte instruction, where capstone gives
 * up: the same lengths through garbage (a branch address inside an
 * instruction).
 */
static size_t unknown_opcode_length(uint8_t op)
{
	return op == 0xd6;
}

/* perf's dump_insn(): "insn: 48 89 e5 ", or "<bad>" (length 0). */
static size_t insn_text(struct walk *w, uint64_t ip, const uint8_t *code, size_t size,
			struct strbuf *out)
{
	struct disasm *d = insn_fetch__disasm(w->f);
	struct disasm_insn in;
	size_t len = d ? disasm__one(d, code, size, ip, &in) : 0;

	if (!len && d && size && w->x86)
		len = unknown_opcode_length(code[0]);

	if (!len || len > size) {
		strbuf_addstr(out, "<bad>");
		return 0;
	}
	strbuf_addstr(out, "insn: ");
	for (size_t i = 0; i < len; i++)
		strbuf_addf(out, "%02x ", code[i]);
	return len;
}

static size_t print_insn(struct walk *w, uint64_t ip, const uint8_t *code, size_t size)
{
	struct strbuf text = STRBUF_INIT;
	size_t len = insn_text(w, ip, code, size, &text);

	strbuf_addf(w->sb, "\t%016" PRIx64 "\t%s", ip, text.buf);
	if (w->with_len)
		strbuf_addf(w->sb, "\tilen: %zu", len);
	strbuf_addch(w->sb, '\n');
	strbuf_release(&text);
	return len;
}

/* The branch ending a block: its flags, cycles and the block's IPC. */
static void print_jump(struct walk *w, uint64_t ip, const struct perf_branch_entry *e,
		       const uint8_t *code, size_t size, int insns)
{
	struct strbuf text = STRBUF_INIT;
	size_t len = insn_text(w, ip, code, size, &text);

	strbuf_addf(w->sb, "\t%016" PRIx64 "\t%-30s\t", ip, text.buf);
	if (w->with_len)
		strbuf_addf(w->sb, "ilen: %zu\t", len);
	strbuf_addf(w->sb, "#%s%s%s%s", e->predicted ? " PRED" : "", e->mispred ? " MISPRED" : "",
		    e->in_tx ? " INTX" : "", e->abort ? " ABORT" : "");
	if (e->cycles) {
		w->total_cycles += (unsigned int)e->cycles;
		strbuf_addf(w->sb, " %d cycles [%u]", (int)e->cycles, w->total_cycles);
		if (insns)
			strbuf_addf(w->sb, " %.2f IPC", (double)((float)insns / (float)e->cycles));
	}
	strbuf_addch(w->sb, '\n');
	strbuf_release(&text);
}

/* One block, from the previous branch's target to @e's source. */
static void print_block(struct walk *w, uint64_t start, uint64_t end,
			const struct perf_branch_entry *e, long len)
{
	uint64_t off;
	int insns = 0;

	for (off = 0; off < (uint64_t)len;) {
		uint64_t ip = start + off;
		size_t ilen;

		enter_sym(w, ip);
		if (ip == end) {
			print_jump(w, ip, e, w->buf + off, (size_t)len - off, ++insns);
			break;
		}
		ilen = print_insn(w, ip, w->buf + off, (size_t)len - off);
		if (!ilen)
			break;
		insns++;
		off += ilen;
	}
	if (off != end - start)
		strbuf_addstr(w->sb, "\tmismatch of LBR data and executable\n");
}

/* After the newest branch, up to the sample's instruction. */
static void print_last_block(struct walk *w, const struct perf_sample *s)
{
	uint64_t start = s->branches[0].to, end = s->ip;
	long len;

	if (end < start)	/* a branch the stack missed: the next 128 bytes */
		end = start + 128;
	len = grab_bb(w, start, end);
	enter_sym(w, start);
	if (len <= 0) {	/* at least the sample's instruction */
		len = grab_bb(w, s->ip, s->ip);
		if (len > 0) {
			struct strbuf text = STRBUF_INIT;

			insn_text(w, s->ip, w->buf, (size_t)len, &text);
			strbuf_addf(w->sb, "\t%016" PRIx64 "\t%s\n", s->ip, text.buf);
			strbuf_release(&text);
		}
		return;
	}
	for (uint64_t off = 0; off <= end - start && off < (uint64_t)len;) {
		struct disasm *d = insn_fetch__disasm(w->f);
		struct disasm_insn in;
		size_t ilen = print_insn(w, start + off, w->buf + off, (size_t)len - off);

		if (!ilen)
			break;
		if (d && disasm__one(d, w->buf + off, (size_t)len - off, start + off, &in) &&
		    in.is_branch && start + off != s->ip) {
			strbuf_addstr(w->sb, "\t... not reaching sample ...\n");
			break;
		}
		off += ilen;
	}
}

void script_brstackinsn(struct insn_fetch *f, bool x86, bool with_len, unsigned int max_blocks,
			struct machine *m, struct thread *t, const struct perf_sample *s,
			struct strbuf *sb)
{
	struct walk w = { .f = f, .m = m, .t = t, .x86 = x86, .with_len = with_len, .sb = sb };
	uint64_t nr = s->branch_nr;
	const struct perf_branch_entry *e = s->branches;
	long len;

	if (!nr)
		return;
	if (max_blocks && nr > max_blocks + 1ULL)
		nr = max_blocks + 1ULL;
	w.buf = must_calloc(1, MAXBB);
	strbuf_addch(sb, '\n');
	/* the oldest branch: its block's start is not known */
	len = grab_bb(&w, e[nr - 1].from, e[nr - 1].from);
	if (len > 0) {
		enter_sym(&w, e[nr - 1].from);
		print_jump(&w, e[nr - 1].from, &e[nr - 1], w.buf, (size_t)len, 0);
	}
	for (uint64_t i = nr - 1; i-- > 0;) {
		uint64_t start = e[i + 1].to, end = e[i].from;

		len = grab_bb(&w, start, end);
		if (len == -1 && i > 0) {	/* a kernel entry the filter hid */
			end = e[--i].from;
			len = grab_bb(&w, start, end);
		}
		if (len > 0)
			print_block(&w, start, end, &e[i], len);
	}
	if (e[0].from != s->ip && !e[0].abort)
		print_last_block(&w, s);
	free(w.buf);
}
