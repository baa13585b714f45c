// SPDX-License-Identifier: GPL-2.0
/*
 * annotate's output, perf annotate --stdio's layout: a title per symbol,
 * then "   65.76 :   1181:   add    %rdi,%rdx" per instruction, with
 * "         : ..." lines for what is not an instruction (the function an
 * inlined one came from, a source line). objdump's own line numbers,
 * which perf shows beside the source, are not ours to show: the source
 * line's number is.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "../base/xalloc.h"
#include "annotate.h"
#include "annotate-listing.h"
#include "annotate-print.h"
#include "../disasm/disasm.h"
#include "../disasm/sym-code.h"

/* --- one symbol ------------------------------------------------------- */

static double share(const struct printer *p, uint64_t period, uint64_t samples)
{
	bool hits = p->a->o->percent_type == PERCENT_LOCAL_HITS ||
		    p->a->o->percent_type == PERCENT_GLOBAL_HITS;
	uint64_t base = hits ? p->total_samples : p->total_period;

	return base ? 100.0 * (hits ? samples : period) / base : 0;
}

/* A jump's or call's target as objdump names it: a PLT entry by its
 * "name@plt" (objdump's synthetic symbols, perf-mini's too), else by the
 * symbol at or below it. */
static void name_target(struct printer *p, uint64_t vaddr, struct strbuf *out)
{
	const struct symbol *sym = NULL;
	uint64_t off;

	if (sym_code__vaddr_offset(&p->code, vaddr, &off))
		sym = dso__table_symbol(&p->a->machine.dsos, p->s->dso, off);
	if (sym && strstr(sym->name, "@plt")) {
		strbuf_addstr(out, " <");
		if (!sym_code__plt_name(&p->code, vaddr - (off - sym->start), p->a->o->demangle, out))
			strbuf_addstr(out, sym->name);
		if (off != sym->start)
			strbuf_addf(out, "+0x%" PRIx64, off - sym->start);
		strbuf_addch(out, '>');
		return;
	}
	if (sym_code__data_name(&p->code, vaddr, p->a->o->demangle, out))
		return;
	/* no symbol at or below (the PLT's first entry, before any named one):
	 * objdump names the next one, less the distance */
	sym = sym_code__vaddr_offset(&p->code, vaddr + 16, &off) ?
	      dso__table_symbol(&p->a->machine.dsos, p->s->dso, off) : NULL;
	if (sym && strstr(sym->name, "@plt") && sym->start == off)
		strbuf_addf(out, " <%s-0x10>", sym->name);
}

static void print_value(struct printer *p, uint64_t period, uint64_t samples)
{
	if (p->a->o->show_total_period)
		strbuf_addf(&p->line, "%12" PRIu64 " : ", period);
	else if (p->a->o->show_nr_samples)
		strbuf_addf(&p->line, "%8" PRIu64 " : ", samples);
	else if (p->a->o->color && share(p, period, samples) >= 0.5)
		/* perf's: red from 5%, green from 0.5% */
		strbuf_addf(&p->line, "%s%8.2f\033[m : ",
			    share(p, period, samples) >= 5 ? "\033[31m" : "\033[32m",
			    share(p, period, samples));
	else
		strbuf_addf(&p->line, "%8.2f : ", share(p, period, samples));
}

void annotate_insn_text(struct printer *p, const struct disasm_insn *in, struct strbuf *out)
{
	if (p->a->o->asm_raw) {
		size_t raw = out->len;

		for (int i = 0; i < in->size && i < 7; i++)
			strbuf_addf(out, "%02x ", in->bytes[i]);
		strbuf_addchars(out, ' ', 24 - (out->len - raw));
	}
	strbuf_addstr(out, in->mnemonic);
	if (!in->has_target && !*in->operands)
		return;
	strbuf_addchars(out, ' ', strlen(in->mnemonic) < 6 ? 7 - strlen(in->mnemonic) : 1);
	if (in->has_target) {
		strbuf_addf(out, "%" PRIx64, in->target);
		name_target(p, in->target, out);
		return;
	}
	strbuf_addstr(out, in->operands);
	if (in->has_rip_ref) {
		strbuf_addf(out, "        # %" PRIx64, in->rip_ref);
		sym_code__data_name(&p->code, in->rip_ref, p->a->o->demangle, out);
	}
}

int annotate_hex_digits(uint64_t v)
{
	int n = 1;

	while ((v >>= 4))
		n++;
	return n;
}

/* perf right-aligns the addresses to the symbol's last one; the gap after
 * the colon is objdump's tab, as if they were not */
static void print_address(struct printer *p, uint64_t addr)
{
	size_t start;

	strbuf_addchars(&p->line, ' ', p->addr_width > annotate_hex_digits(addr) ?
			(size_t)(p->addr_width - annotate_hex_digits(addr)) + 2 : 2);
	start = p->line.len;
	strbuf_addf(&p->line, "%" PRIx64 ":", addr);
	do	/* objdump's tab after "addr:" */
		strbuf_addch(&p->line, ' ');
	while ((p->line.len - start) % 8);
}

static int last_address(const struct disasm_insn *in, void *ctx)
{
	struct printer *p = ctx;
	uint64_t last = in->addr;

	if (p->a->o->asm_raw && in->size > 7)
		last += (uint64_t)(in->size - 1) / 7 * 7;
	p->addr_width = annotate_hex_digits(last);
	return 0;
}

/* What the samples on @in's bytes add up to. */
static void insn_counts(const struct printer *p, const struct disasm_insn *in, uint64_t *period,
			uint64_t *samples)
{
	uint64_t off = sym_code__offset(&p->code, in->addr);
	uint64_t len = p->s->sym->end - p->s->sym->start;

	*period = *samples = 0;
	for (uint64_t i = off; i < off + in->size && i < len && i < (1u << 20); i++) {
		*period += p->s->byte_period[i];
		*samples += p->s->byte_samples[i];
	}
}

/*
 * -l: perf finds the source line of an address with over half a percent
 * (as --percent-type counts it) only, and counts it in the summary and
 * names it on its row then only.
 */
static bool line_counted(const struct printer *p, uint64_t period, uint64_t samples)
{
	return share(p, period, samples) > 0.5;
}

/* An instruction's row (or, with --asm-raw, a row of its bytes past
 * seven): its value, address and objdump's text; with -l the source line
 * of a heavy one, where it changes. */
static void print_insn_row(struct printer *p, const struct listing_line *line)
{
	uint64_t addr = p->code.start_vaddr + (uint64_t)line->off;
	const char *srcline;

	strbuf_reset(&p->line);
	print_value(p, line->period, line->samples);
	print_address(p, addr);
	strbuf_addstr(&p->line, line->text);
	if (p->a->o->print_line && line_counted(p, line->period, line->samples)) {
		srcline = srcline__get(&p->a->srclines, &p->a->machine.dsos, p->s->dso, p->s->sym,
				       p->s->sym->start + (uint64_t)line->off);
		if (srcline && (!p->last_srcline || strcmp(srcline, p->last_srcline)) &&
		    strcmp(srcline, "??:0")) {
			const char *base = strrchr(srcline, '/');

			strbuf_addf(&p->line, " // %s", base ? base + 1 : srcline);
			p->last_srcline = srcline;
		}
	}
	strbuf_addch(&p->line, '\n');
	fputs(p->line.buf, p->out);
}

/*
 * perf's --stdio: each line of objdump's listing, numbered as perf
 * numbers them (one a line, from 0; an absolute "/file:line" sets the
 * number to its line and is not shown) in a column as wide as the last
 * address, blank ones without.
 */
static void print_listing(struct printer *p, const struct listing *l)
{
	unsigned int nr = 0;

	for (size_t i = 0; i < l->n; i++, nr++) {
		const struct listing_line *line = &l->v[i];

		if (line->off == LISTING_FILE_LINE)
			nr = line->file_line - 1;
		else if (line->off >= 0)
			print_insn_row(p, line);
		else if (!*line->text)
			fprintf(p->out, "%*s:\n", p->pad, "");
		else
			fprintf(p->out, "%*s: %-*u %s\n", p->pad, "", p->addr_width, nr, line->text);
	}
}

const char *annotate_dso_name(const struct printer *p, bool full)
{
	const char *vmlinux = p->a->o->vmlinux;

	/* perf names the kernel after the vmlinux it read */
	if (vmlinux && p->s->dso->kernel && !p->s->dso->is_module)
		return full || !strrchr(vmlinux, '/') ? vmlinux : strrchr(vmlinux, '/') + 1;
	return full ? p->s->dso->long_name : p->s->dso->short_name;
}

const char *const annotate_percent_names[] = {
	"local period", "global period", "local hits", "global hits",
};

static void print_title(struct printer *p)
{
	const struct annotate_opts *o = p->a->o;
	const char *what = o->show_total_period ? "Period" : o->show_nr_samples ? "Samples" :
			   "Percent";
	int width = o->show_total_period ? 12 : 8;
	int len;

	len = fprintf(p->out, " %-*s|\tSource code & Disassembly of %s for %s (%" PRIu64
		      " samples, percent: %s)\n", width, what,
		      annotate_dso_name(p, o->full_paths),
		      p->a->pd.evsels[p->s->evsel]->name, p->s->samples,
		      annotate_percent_names[o->percent_type]);
	/* perf's rule under it: five more than the title (its newline one) */
	for (int i = 0; i < len + 4; i++)
		fputc('-', p->out);
	fputc('\n', p->out);
}

struct line_share {
	const char *srcline;
	double pct;
};

static int by_share(const void *x, const void *y)
{
	const struct line_share *a = x, *b = y;

	/* ties as perf's tree leaves them: by the line's name, descending */
	return a->pct < b->pct ? 1 : a->pct > b->pct ? -1 : strcmp(b->srcline, a->srcline);
}

struct line_summary {
	struct printer *p;
	struct line_share *v;
	size_t n;
};

/* An instruction's share, to its source line's (by the line of the
 * instruction, as perf counts them). */
static int add_line_share(const struct disasm_insn *in, void *ctx)
{
	struct line_summary *ls = ctx;
	struct printer *p = ls->p;
	uint64_t period, samples;
	const char *sl, *base;
	size_t j;

	insn_counts(p, in, &period, &samples);
	if (!line_counted(p, period, samples))
		return 0;
	sl = srcline__get(&p->a->srclines, &p->a->machine.dsos, p->s->dso, p->s->sym,
			  p->s->sym->start + sym_code__offset(&p->code, in->addr));
	base = strrchr(sl, '/') ? strrchr(sl, '/') + 1 : sl;
	for (j = 0; j < ls->n && strcmp(ls->v[j].srcline, base); j++)
		;
	if (j == ls->n) {
		ls->v = must_reallocarray(ls->v, ls->n + 1, sizeof(*ls->v));
		ls->v[ls->n++] = (struct line_share){ base, 0 };
	}
	ls->v[j].pct += share(p, period, samples);
	return 0;
}

/* -l: each source line's share, heaviest first. */
void annotate_line_summary(struct printer *p, struct disasm *d)
{
	struct line_summary ls = { .p = p };

	sym_code__walk(&p->code, d, add_line_share, &ls);
	qsort(ls.v, ls.n, sizeof(*ls.v), by_share);
	fprintf(p->out, "\nSorted summary for file %s\n"
		"----------------------------------------------\n\n", p->s->dso->long_name);
	for (size_t i = 0; i < ls.n; i++)
		fprintf(p->out, " %7.2f %s\n", ls.v[i].pct, ls.v[i].srcline);
	free(ls.v);
}

/* objdump's label: the symbol it finds there, its name spelled its way
 * ("geo::Circle::area() const"); perf-mini's own where it finds none */
void annotate_symbol_label(struct printer *p, struct strbuf *out)
{
	size_t len = out->len;

	if (strstr(p->s->sym->name, "@plt")) {
		strbuf_addstr(out, " <");
		if (!sym_code__plt_name(&p->code, p->code.start_vaddr, p->a->o->demangle, out))
			strbuf_addstr(out, p->s->sym->name);
		strbuf_addch(out, '>');
	} else if (!sym_code__data_name(&p->code, p->code.start_vaddr, p->a->o->demangle, out)) {
		strbuf_setlen(out, len);
		strbuf_addf(out, " <%s>", p->s->sym->name);
	}
}

static int print_symbol(struct annotate *a, const struct ann_sym *s, struct disasm *d,
			FILE *out)
{
	struct printer p = { .a = a, .s = s, .out = out, .line = STRBUF_INIT };
	struct listing l;
	bool global = a->o->percent_type == PERCENT_GLOBAL_PERIOD ||
		      a->o->percent_type == PERCENT_GLOBAL_HITS;

	if (!sym_code__open(&p.code, &a->machine.dsos, s->dso, s->sym))
		return -ENOENT;
	/* perf runs objdump -S, which then names by the debug file's symbols */
	p.code.use_debug_symbols = a->o->source;
	p.total_period = global ? a->event_period[s->evsel] : s->period;
	p.total_samples = global ? a->event_samples[s->evsel] : s->samples;
	if (a->o->print_line)
		annotate_line_summary(&p, d);
	if (a->o->stdio2) {
		annotate_stdio2_symbol(&p, d);
		sym_code__close(&p.code);
		return 0;
	}
	print_title(&p);
	p.pad = a->o->show_total_period ? 13 : 9;
	sym_code__walk(&p.code, d, last_address, &p);
	listing_build(&l, &p, d);
	print_listing(&p, &l);
	listing_release(&l);
	sym_code__close(&p.code);
	strbuf_release(&p.line);
	return 0;
}

static int by_weight(const void *x, const void *y)
{
	const struct ann_sym *a = x, *b = y;

	if (a->evsel != b->evsel)
		return a->evsel < b->evsel ? -1 : 1;
	if (a->period != b->period)
		return a->period < b->period ? 1 : -1;
	/* as perf's dso,sym keys order equal entries */
	if (a->dso != b->dso)
		return strcmp(a->dso->short_name, b->dso->short_name);
	return strcmp(a->sym->name, b->sym->name);
}

int annotate__fprintf(struct annotate *a, FILE *out)
{
	struct disasm *d;
	size_t shown = 0, missing = 0;

	if (!a->nr_syms) {
		uint64_t samples = 0;

		for (size_t i = 0; i < MAX_EVSELS; i++)
			samples += a->event_samples[i];
		if (a->o->symbol && a->nr_kernel)	/* the samples hit it: its code is missing */
			strbuf_addf(&a->err, "%s is in the kernel, whose code cannot be read: %s\n"
				    "hint: give the recording kernel's image with -k vmlinux (with its "
				    "symbols), or annotate as root on the machine that recorded",
				    a->o->symbol, a->kernel_why);
		else if (a->o->symbol)
			strbuf_addf(&a->err, "no sample hit a symbol named '%s'\nhint: perf-mini "
				    "report --stdio -s sym lists those that samples hit", a->o->symbol);
		else if (samples > a->nr_kernel)
			strbuf_addf(&a->err, "the %" PRIu64 " samples hit no symbol that can be read "
				    "(the binaries are gone or were rebuilt)\nhint: annotate where "
				    "the recording was made, or point --symfs at a copy of its files",
				    samples);
		return -ENODATA;
	}
	d = disasm__new(a->pd.feat.arch, a->o->intel, &a->err);
	if (!d)
		return -EINVAL;
	hmap_release(&a->by_sym);	/* sorting moves the symbols: no lookups after */
	qsort(a->syms, a->nr_syms, sizeof(*a->syms), by_weight);
	for (size_t i = 0; i < a->nr_syms; i++) {
		const struct ann_sym *s = &a->syms[i];
		uint64_t total = a->event_period[s->evsel];

		if (a->o->percent_limit > 0 && total &&
		    100.0 * s->period / total < a->o->percent_limit)
			continue;
		if (print_symbol(a, s, d, out))
			missing++;
		else
			shown++;
	}
	disasm__delete(d);
	if (!shown)
		strbuf_addf(&a->err, "none of the %zu symbols with samples could be read (their "
			    "binaries are gone or were rebuilt)\nhint: run annotate where the "
			    "recording was made, or point --symfs at a copy of its files", missing);
	return shown ? 0 : -ENOENT;
}
