// SPDX-License-Identifier: GPL-2.0
/*
 * BOLT's view of a binary's functions: symbols, names, basic blocks and
 * the fall-through edges of LBR traces (see bolt-cfg.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../base/array.h"
#include "../base/xalloc.h"
#include "../disasm/disasm.h"
#include "../symbols/elf-walk.h"
#include "bolt-cfg.h"

struct bolt_bb {
	uint32_t start, last;	/* offsets of its first and last instruction */
	uint32_t target[2];	/* its jumps' targets in the function, or -1 */
	bool falls;		/* runs on into the next block (no jump, or a jcc) */
	bool ends_in_call;
};

#define NO_TARGET UINT32_MAX

struct elf_func {
	uint64_t start, size;
	size_t name_off, idx;
	bool local;
	const uint8_t *code;
	uint64_t sec_end;
};

static int elf_func_cmp(const void *a, const void *b)
{
	const struct elf_func *x = a, *y = b;

	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return x->idx < y->idx ? -1 : x->idx > y->idx;
}

/* The bytes of @sym's section from its address on, NULL when the
 * section holds no code or the symbol lies outside it. */
static const uint8_t *func_code(Elf *elf, const GElf_Sym *sym, uint64_t *sec_end)
{
	Elf_Scn *scn = elf_getscn(elf, sym->st_shndx);
	Elf_Data *data;
	GElf_Shdr sh;

	if (!scn || !gelf_getshdr(scn, &sh) || sh.sh_type != SHT_PROGBITS ||
	    !(sh.sh_flags & SHF_EXECINSTR) || !(data = elf_getdata(scn, NULL)) || !data->d_buf ||
	    sym->st_value < sh.sh_addr || sym->st_value - sh.sh_addr >= data->d_size)
		return NULL;
	*sec_end = sh.sh_addr + data->d_size;
	return (const uint8_t *)data->d_buf + (sym->st_value - sh.sh_addr);
}

/* The defined function symbols of the symbol table section @type. */
static struct elf_func *collect(Elf *elf, Elf64_Word type, struct strbuf *names, size_t *nr)
{
	struct elf_func *v = NULL;
	Elf_Scn *scn = NULL;
	size_t alloc = 0;
	GElf_Shdr sh;

	*nr = 0;
	while ((scn = elf_nextscn(elf, scn))) {
		Elf_Data *data = gelf_getshdr(scn, &sh) && sh.sh_type == type && sh.sh_entsize ?
				 elf_getdata(scn, NULL) : NULL;

		for (size_t i = 0; data && i < sh.sh_size / sh.sh_entsize; i++) {
			GElf_Sym sym;
			const char *name;
			struct elf_func f = { .idx = i };

			if (!gelf_getsym(data, (int)i, &sym) || sym.st_shndx == SHN_UNDEF ||
			    sym.st_shndx >= SHN_LORESERVE ||
			    (GELF_ST_TYPE(sym.st_info) != STT_FUNC &&
			     GELF_ST_TYPE(sym.st_info) != STT_GNU_IFUNC) ||
			    !(name = elf_strptr(elf, sh.sh_link, sym.st_name)) || !*name ||
			    !(f.code = func_code(elf, &sym, &f.sec_end)))
				continue;
			f.start = sym.st_value;
			f.size = sym.st_size;
			f.local = GELF_ST_BIND(sym.st_info) == STB_LOCAL;
			f.name_off = names->len;
			strbuf_add(names, name, strlen(name) + 1);
			if (*nr == alloc)
				v = must_reallocarray(v, alloc = alloc ? 2 * alloc : 256, sizeof(*v));
			v[(*nr)++] = f;
		}
	}
	return v;
}

struct local_ref {
	const char *name;
	size_t i;
};

static int cmp_local(const void *a, const void *b)
{
	const struct local_ref *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	return c ? c : (x->i > y->i) - (x->i < y->i);
}

/*
 * Each local's number among the locals of its name, in address order
 * (BOLT's "f/2"): sorted by name once, not compared with every local
 * before it (a binary with 40,000 locals took seconds).
 */
static size_t *local_ids(const struct elf_func *v, size_t nr, const struct strbuf *raw)
{
	size_t *ids = must_calloc(nr ? nr : 1, sizeof(*ids));
	struct local_ref *r = must_calloc(nr ? nr : 1, sizeof(*r));
	size_t n = 0;

	for (size_t i = 0; i < nr; i++)
		if (v[i].local)
			r[n++] = (struct local_ref){ raw->buf + v[i].name_off, i };
	qsort(r, n, sizeof(*r), cmp_local);
	for (size_t k = 0; k < n; k++)
		ids[r[k].i] = k && !strcmp(r[k].name, r[k - 1].name) ? ids[r[k - 1].i] + 1 : 1;
	free(r);
	return ids;
}

/* One function per address (aliases: the first symbol), a local's name
 * uniquified as BOLT does ("f/1", "f/2"), its end where the next starts. */
static void make_funcs(struct bolt_binary *b, struct elf_func *v, size_t nr,
		       const struct strbuf *raw)
{
	size_t *ids = local_ids(v, nr, raw);

	b->funcs = must_calloc(nr ? nr : 1, sizeof(*b->funcs));
	for (size_t i = 0; i < nr; i++) {
		struct bolt_func *f;

		if (i && v[i].start == v[i - 1].start)
			continue;
		f = &b->funcs[b->nr_funcs++];
		f->start = v[i].start;
		f->code = v[i].code;
		f->end_max = v[i].sec_end;
		for (size_t j = i + 1; j < nr; j++)
			if (v[j].start > v[i].start) {
				if (v[j].start < f->end_max)
					f->end_max = v[j].start;
				break;
			}
		f->size = v[i].size && v[i].size <= v[i].sec_end - v[i].start ?
			  v[i].size : f->end_max - f->start;
		f->name = (const char *)(uintptr_t)b->names.len;	/* an offset until done */
		strbuf_addstr(&b->names, raw->buf + v[i].name_off);
		if (v[i].local)
			strbuf_addf(&b->names, "/%zu", ids[i]);
		strbuf_addch(&b->names, '\0');
	}
	free(ids);
	for (size_t i = 0; i < b->nr_funcs; i++)
		b->funcs[i].name = b->names.buf + (uintptr_t)b->funcs[i].name;
}

bool bolt_binary__open(struct bolt_binary *b, const char *path, const char *arch,
		       struct strbuf *err)
{
	struct strbuf raw = STRBUF_INIT;
	struct elf_func *v;
	GElf_Ehdr eh;
	size_t nr;

	memset(b, 0, sizeof(*b));
	strbuf_init(&b->names, 0);
	elf_version(EV_CURRENT);
	b->fd = open(path, O_RDONLY | O_CLOEXEC);
	if (b->fd < 0) {
		strbuf_addf(err, "cannot open %s: %s", path, strerror(errno));
		return false;
	}
	b->elf = elf_begin(b->fd, ELF_C_READ_MMAP, NULL);
	if (!b->elf || elf_kind(b->elf) != ELF_K_ELF || !gelf_getehdr(b->elf, &eh)) {
		strbuf_addf(err, "%s is not an ELF file", path);
		return false;
	}
	b->fixed_address = eh.e_type == ET_EXEC;
	v = collect(b->elf, SHT_SYMTAB, &raw, &nr);
	if (!nr) {
		free(v);
		v = collect(b->elf, SHT_DYNSYM, &raw, &nr);
	}
	if (!nr) {
		strbuf_addf(err, "%s names no function (stripped?)", path);
		free(v);
		strbuf_release(&raw);
		return false;
	}
	qsort(v, nr, sizeof(*v), elf_func_cmp);
	make_funcs(b, v, nr, &raw);
	free(v);
	strbuf_release(&raw);
	b->disasm = disasm__new(arch && *arch ? arch : "x86_64", false, err);
	return b->disasm != NULL;
}

void bolt_binary__close(struct bolt_binary *b)
{
	for (size_t i = 0; i < b->nr_funcs; i++)
		free(b->funcs[i].bbs);
	free(b->funcs);
	strbuf_release(&b->names);
	if (b->disasm)
		disasm__delete(b->disasm);
	if (b->elf)
		elf_end(b->elf);
	if (b->fd >= 0)
		close(b->fd);
	memset(b, 0, sizeof(*b));
	b->fd = -1;
}

uint64_t bolt_binary__vaddr(struct bolt_binary *b, uint64_t file_off)
{
	return elf_offset_to_vaddr(b->elf, file_off);
}

struct bolt_func *bolt_binary__func_at(struct bolt_binary *b, uint64_t vaddr)
{
	size_t lo = partition_point(b->nr_funcs, i, b->funcs[i].start > vaddr);

	if (!lo || vaddr >= b->funcs[lo - 1].end_max)
		return NULL;
	return &b->funcs[lo - 1];
}

bool bolt_func__is_return(struct bolt_binary *b, struct bolt_func *f, uint64_t off)
{
	struct disasm_insn insn;

	return off < f->end_max - f->start &&
	       disasm__one(b->disasm, f->code + off, f->end_max - f->start - off, f->start + off,
			   &insn) && insn.is_return;
}

/* The function's instructions, as the CFG builder needs them. */
struct insns {
	struct disasm_insn *v;
	size_t nr, alloc;
	bool bad;		/* bytes capstone does not decode: not simple */
};

static int add_insn(const struct disasm_insn *in, void *ctx)
{
	struct insns *is = ctx;

	if (!strcmp(in->mnemonic, ".byte")) {
		is->bad = true;
		return 1;
	}
	if (is->nr == is->alloc)
		is->v = must_reallocarray(is->v, is->alloc = is->alloc ? 2 * is->alloc : 64,
					  sizeof(*is->v));
	is->v[is->nr++] = *in;
	return 0;
}

static bool is_local_target(const struct bolt_func *f, const struct disasm_insn *in)
{
	return in->is_jump && in->has_target && in->target >= f->start &&
	       in->target - f->start < f->size;
}

/* Jump targets inside @f (one byte each, by offset); false when one is
 * not an instruction's start. */
static bool mark_labels(const struct bolt_func *f, const struct insns *is, uint8_t *label)
{
	uint8_t *starts = must_calloc(f->size + 1, 1);
	bool ok = true;

	for (size_t i = 0; i < is->nr; i++)
		starts[is->v[i].addr - f->start] = 1;
	label[0] = 1;
	for (size_t i = 0; i < is->nr; i++)
		if (is_local_target(f, &is->v[i])) {
			ok &= starts[is->v[i].target - f->start];
			label[is->v[i].target - f->start] = 1;
		}
	free(starts);
	return ok;
}

static bool is_terminator(const struct disasm_insn *in)
{
	return in->is_jump || in->is_return || !strcmp(in->mnemonic, "ud2");
}

/* Add @in to @bb: its jump's target, whether control runs on. */
static void bb_add(struct bolt_func *f, struct bolt_bb *bb, const struct disasm_insn *in)
{
	bb->last = (uint32_t)(in->addr - f->start);
	bb->ends_in_call = in->is_call;
	bb->falls = !is_terminator(in) || in->is_cond_jump;
	if (is_local_target(f, in))
		bb->target[bb->target[0] != NO_TARGET] = (uint32_t)(in->target - f->start);
}

static void build_blocks(struct bolt_func *f, const struct insns *is, const uint8_t *label)
{
	struct bolt_bb *bb = NULL;
	bool open = false;	/* the last block takes the next instruction */

	f->bbs = must_calloc(is->nr, sizeof(*f->bbs));
	for (size_t i = 0; i < is->nr; i++) {
		const struct disasm_insn *in = &is->v[i];
		uint32_t off = (uint32_t)(in->addr - f->start);
		/* after a conditional jump, an unconditional one stays in its block */
		bool joins = !open && bb && !label[off] && is_local_target(f, in) &&
			     !in->is_cond_jump && is->v[i - 1].is_cond_jump &&
			     is_local_target(f, &is->v[i - 1]);

		if (label[off] || (!open && !joins)) {
			bb = &f->bbs[f->nr_bbs++];
			*bb = (struct bolt_bb){ .start = off, .target = { NO_TARGET, NO_TARGET } };
		}
		bb_add(f, bb, in);
		open = !is_terminator(in);
	}
}

static void build_cfg(struct bolt_binary *b, struct bolt_func *f)
{
	struct insns is = { 0 };
	uint8_t *label;

	f->cfg = -1;
	if (!f->size || f->size > (64u << 20))
		return;
	disasm__walk(b->disasm, f->code, f->size, f->start, add_insn, &is);
	label = must_calloc(f->size + 1, 1);
	if (!is.bad && is.nr && mark_labels(f, &is, label)) {
		build_blocks(f, &is, label);
		f->cfg = 1;
	}
	free(label);
	free(is.v);
}

/* The block holding @off (the last one starting at or before it). */
static size_t bb_containing(const struct bolt_func *f, uint64_t off)
{
	return partition_point(f->nr_bbs, i, f->bbs[i].start > off) - 1;
}

static bool bb_runs_into(const struct bolt_bb *bb, const struct bolt_bb *next)
{
	return bb->falls || bb->target[0] == next->start || bb->target[1] == next->start;
}

bool bolt_func__fallthroughs(struct bolt_binary *b, struct bolt_func *f, uint64_t from,
			     uint64_t to, bool external, struct bolt_edge **edges, size_t *nr,
			     size_t *alloc)
{
	size_t i, last;

	*nr = 0;
	if (!f->cfg)
		build_cfg(b, f);
	if (f->cfg < 0 || from > to || to >= f->size)
		return false;
	i = bb_containing(f, from);
	last = bb_containing(f, to);
	/* a return to the block after a call: the trace starts at the call */
	if (external && from == f->bbs[i].start && i > 0 && bb_runs_into(&f->bbs[i - 1], &f->bbs[i]) &&
	    f->bbs[i - 1].ends_in_call)
		i--;
	for (; i < last; i++) {
		if (!bb_runs_into(&f->bbs[i], &f->bbs[i + 1]))
			return false;
		if (*nr == *alloc)
			*edges = must_reallocarray(*edges, *alloc = *alloc ? 2 * *alloc : 16,
						   sizeof(**edges));
		(*edges)[(*nr)++] = (struct bolt_edge){ f->bbs[i].last, f->bbs[i + 1].start };
	}
	return true;
}
