// SPDX-License-Identifier: GPL-2.0
/*
 * perf's rules, kept as they are so that the numbers are perf's: a block
 * runs from the previous entry's target to this entry's source, inside
 * one symbol (or starting at its first byte); of the blocks ending at one
 * instruction only the longest counts, and one ending where a longer one
 * was seen restarts the count ("reset"); an instruction's IPC is that of
 * the first block covering it, from the symbol's end back.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>

#include "../base/array.h"
#include "../base/hash.h"
#include "../base/hmap.h"
#include "../base/xalloc.h"
#include "branch-cycles.h"
#include "../disasm/disasm.h"
#include "resolve.h"
#include "../disasm/sym-code.h"

/* Past this a symbol's size is a guess (the last one of a table, sized
 * to what follows), not code: its blocks are not counted. */
#define MAX_SYMBOL_SIZE (16u << 20)

/* One instruction's blocks (perf's struct cyc_hist). */
struct cyc_hist {
	uint64_t start, cycles, cycles_aggr, cycles_max, cycles_min;
	uint32_t num, num_aggr;
	uint16_t reset;
	bool have_start;
};

struct sym_cycles {
	const struct symbol *sym;
	struct dso *dso;
	struct cyc_hist *hist;		/* by offset into the symbol; NULL: none */
	bool computed;
	double ipc, coverage;
};

struct branch_cycles {
	const struct dsos *dsos;
	struct disasm *disasm;		/* NULL: no disassembler for the arch */
	bool nonany;
	struct sym_cycles *v;
	size_t nr, alloc;
	struct hmap by_sym;		/* index + 1 into v */
};

/* A branch end as perf's ip__resolve_ams() sees it. */
struct bc_end {
	uint64_t addr, al_addr, map_start;
	const struct symbol *sym;
	struct dso *dso;
};

struct branch_cycles *branch_cycles__new(const struct dsos *dsos, const char *arch, bool nonany)
{
	struct branch_cycles *bc = must_calloc(1, sizeof(*bc));
	struct strbuf err = STRBUF_INIT;

	bc->dsos = dsos;
	bc->nonany = nonany;
	bc->disasm = disasm__new(arch, false, &err);
	strbuf_release(&err);
	return bc;
}

void branch_cycles__delete(struct branch_cycles *bc)
{
	if (!bc)
		return;
	for (size_t i = 0; i < bc->nr; i++)
		free(bc->v[i].hist);
	free(bc->v);
	hmap_release(&bc->by_sym);
	disasm__delete(bc->disasm);
	free(bc);
}

/* @sym's entry, or the empty slot it would take */
static struct hmap_slot *probe(const struct branch_cycles *bc, const struct symbol *sym)
{
	uint64_t hash = hash_ptr(sym);
	struct hmap_slot *s;

	hmap_for_each_probe(&bc->by_sym, hash, s)
		if (bc->v[s->val - 1].sym == sym)
			break;
	return s;
}

static struct sym_cycles *find(const struct branch_cycles *bc, const struct symbol *sym)
{
	struct hmap_slot *s = probe(bc, sym);

	return s->val ? &bc->v[s->val - 1] : NULL;
}

static struct sym_cycles *findnew(struct branch_cycles *bc, struct dso *dso,
				  const struct symbol *sym)
{
	struct hmap_slot *s;

	hmap_must_reserve(&bc->by_sym, 1);
	s = probe(bc, sym);
	if (s->val)
		return &bc->v[s->val - 1];
	ALLOC_GROW(bc->v, bc->nr + 1, bc->alloc);
	bc->v[bc->nr] = (struct sym_cycles){ .sym = sym, .dso = dso };
	hmap_fill(&bc->by_sym, s, hash_ptr(sym), bc->nr + 1);
	return &bc->v[bc->nr++];
}

/* perf's __symbol__account_cycles(): keep the longest block ending here. */
static void account_block(struct cyc_hist *ch, uint64_t start, unsigned int cycles,
			  bool have_start)
{
	ch->num_aggr++;
	ch->cycles_aggr += cycles;
	if (cycles > ch->cycles_max)
		ch->cycles_max = cycles;
	if (!ch->cycles_min || (cycles && cycles < ch->cycles_min))
		ch->cycles_min = cycles;
	if (!have_start && ch->have_start)
		return;
	if (ch->num) {
		if (have_start && (!ch->have_start || ch->start > start)) {
			ch->have_start = false;
			ch->cycles = 0;
			ch->num = 0;
			if (ch->reset < 0xffff)
				ch->reset++;
		} else if (have_start && ch->start < start) {
			return;
		}
	}
	ch->have_start = have_start;
	ch->start = start;
	ch->cycles += cycles;
	ch->num++;
}

/* perf's addr_map_symbol__account_cycles(): the block ending at @from,
 * begun at @start (the previous entry's target) when that lies in the
 * same symbol or is its first byte. */
static int account(struct branch_cycles *bc, const struct bc_end *from, const struct bc_end *start,
		   unsigned int cycles)
{
	const struct symbol *sym = from->sym;
	uint64_t saddr = 0;
	struct sym_cycles *sc;
	uint64_t size;

	if (!cycles || !sym)
		return 0;
	if (start && (start->sym == sym || start->addr == sym->start + from->map_start))
		saddr = start->al_addr;
	size = sym->end - sym->start;
	if (!size || size > MAX_SYMBOL_SIZE)	/* a symbol sized to the end of memory */
		return 0;
	sc = findnew(bc, from->dso, sym);
	/* as perf, an allocation that fails costs that symbol its IPC only */
	if (!sc->hist && !(sc->hist = calloc(size, sizeof(*sc->hist))))
		return 0;
	if (from->al_addr < sym->start || from->al_addr >= sym->end)
		return 0;
	if (saddr && (saddr < sym->start || saddr >= sym->end))
		return 0;
	if (saddr >= from->al_addr)
		saddr = 0;
	account_block(&sc->hist[from->al_addr - sym->start], saddr ? saddr - sym->start : 0, cycles,
		      saddr != 0);
	return 0;
}

static void resolve_end(struct machine *m, struct thread *t, uint64_t addr, struct bc_end *e)
{
	struct addr_location al;

	resolve_addr(m, t, PERF_RECORD_MISC_USER, addr, &al);
	if (!al.map)
		resolve_addr(m, t, PERF_RECORD_MISC_KERNEL, addr, &al);
	*e = (struct bc_end){ .addr = addr, .al_addr = al.map ? al.addr : addr, .sym = al.sym,
			      .dso = al.map ? al.map->dso : NULL,
			      .map_start = al.map ? al.map->start : 0 };
}

int branch_cycles__account(struct branch_cycles *bc, struct machine *m, struct thread *t,
			   const struct perf_sample *s)
{
	struct bc_end from, to, prev;
	bool have_prev = false;

	if (!s->branch_nr || !s->branches[0].cycles)
		return 0;
	/* the stack is newest first: walk it in program order */
	for (uint64_t i = s->branch_nr; i-- > 0;) {
		resolve_end(m, t, s->branches[i].to, &to);
		resolve_end(m, t, s->branches[i].from, &from);
		if (account(bc, &from, have_prev && !bc->nonany ? &prev : NULL,
			    (unsigned int)s->branches[i].cycles))
			return -ENOMEM;
		prev = to;
		have_prev = true;
	}
	return 0;
}

/* --- the symbol's IPC (perf 6.1's annotation__compute_ipc) ------------- */

struct insn_map {
	struct sym_code *code;
	bool *at;			/* an instruction starts at this offset */
	uint64_t size;
};

static int mark_insn(const struct disasm_insn *in, void *ctx)
{
	struct insn_map *im = ctx;
	uint64_t off = sym_code__offset(im->code, in->addr);

	if (off < im->size)
		im->at[off] = true;
	return 0;
}

/* The next instruction at or after @o not yet given an IPC (@size: none):
 * a skip list with its paths halved, so that covering blocks costs about
 * their instructions once, whatever a file's blocks overlap (perf walks
 * every byte of every block). */
static uint32_t next_open(uint32_t *next, uint32_t o)
{
	while (next[o] != o) {
		next[o] = next[next[o]];
		o = next[o];
	}
	return o;
}

static void compute(struct branch_cycles *bc, struct sym_cycles *sc)
{
	uint64_t size = sc->sym->end - sc->sym->start, hit_cycles = 0, hit_insn = 0;
	uint32_t cover_insn = 0, *before, *next;
	struct sym_code code;
	struct insn_map im = { &code, NULL, size };

	sc->computed = true;
	if (!sc->hist || !bc->disasm || !sym_code__open(&code, bc->dsos, sc->dso, sc->sym))
		return;
	im.at = must_calloc(size, sizeof(*im.at));
	sym_code__walk(&code, bc->disasm, mark_insn, &im);
	sym_code__close(&code);
	/* before[o]: instructions starting below o; next[]: see next_open() */
	before = must_calloc(size + 1, sizeof(*before));
	next = must_calloc(size + 1, sizeof(*next));
	for (uint32_t o = 0; o < size; o++) {
		before[o + 1] = before[o] + im.at[o];
		next[o] = im.at[o] ? o : o + 1;
	}
	next[size] = (uint32_t)size;
	for (uint64_t off = size; off-- > 0;) {
		const struct cyc_hist *ch = &sc->hist[off];
		uint32_t n, cover = 0;

		if (!ch->cycles || !ch->have_start || ch->start > off)
			continue;
		n = before[off + 1] - before[ch->start];
		if (!n || !ch->num || ch->reset >= 0x7fff)
			continue;
		for (uint32_t o = next_open(next, (uint32_t)ch->start); o <= off;
		     o = next_open(next, o)) {
			next[o] = o + 1;	/* given this block's IPC */
			cover++;
		}
		if (cover) {
			hit_cycles += ch->cycles;
			hit_insn += (uint64_t)n * ch->num;
			cover_insn += cover;
		}
	}
	sc->ipc = hit_cycles ? (double)hit_insn / (double)hit_cycles : 0;
	sc->coverage = before[size] ? cover_insn * 100.0 / before[size] : 0;
	free(im.at);
	free(before);
	free(next);
}

void branch_cycles__cell(struct branch_cycles *bc, const struct symbol *sym, struct strbuf *sb)
{
	struct sym_cycles *sc = find(bc, sym);

	if (sc && !sc->computed)
		compute(bc, sc);
	strbuf_addf(sb, "%-5.2f [%5.1f%%]", sc ? sc->ipc : 0.0, sc ? sc->coverage : 0.0);
}
