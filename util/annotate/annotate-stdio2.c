// SPDX-License-Identifier: GPL-2.0
/*
 * annotate --stdio2: perf's browser view of a symbol, as text. Every line
 * of the listing perf reads from objdump -l -S (its absolute file:line
 * lines dropped, as perf drops them) under one percentage column;
 * instructions by their offset into the symbol, jump targets labelled
 * with theirs, arrows for jumps, calls and returns, and operands as
 * perf's x86 instruction parsers rewrite them: a jump's target as an
 * offset, a RIP-relative operand as the symbol objdump named.
 */
#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "../base/xalloc.h"
#include "../symbols/demangle.h"
#include "annotate-listing.h"


/* --- perf's x86 instruction parsers ------------------------------------ */

enum ops { OPS_RAW, OPS_MOV, OPS_DEC, OPS_NOP, OPS_LOCK, OPS_JUMP, OPS_CALL, OPS_RET };

/* perf 6.1's table of x86 instructions it parses (arch/x86/annotate),
 * sorted: everything else is shown as objdump printed it. */
static const struct { const char *name; enum ops ops; } x86_ins[] = {
	{ "adc", OPS_MOV }, { "adcb", OPS_MOV }, { "adcl", OPS_MOV }, { "add", OPS_MOV },
	{ "addl", OPS_MOV }, { "addq", OPS_MOV }, { "addsd", OPS_MOV }, { "addw", OPS_MOV },
	{ "and", OPS_MOV }, { "andb", OPS_MOV }, { "andl", OPS_MOV }, { "andpd", OPS_MOV },
	{ "andps", OPS_MOV }, { "andq", OPS_MOV }, { "andw", OPS_MOV }, { "bsr", OPS_MOV },
	{ "bt", OPS_MOV }, { "btr", OPS_MOV }, { "bts", OPS_MOV }, { "btsq", OPS_MOV },
	{ "call", OPS_CALL }, { "callq", OPS_CALL }, { "cmovae", OPS_MOV }, { "cmovbe", OPS_MOV },
	{ "cmove", OPS_MOV }, { "cmp", OPS_MOV }, { "cmpb", OPS_MOV }, { "cmpl", OPS_MOV },
	{ "cmpq", OPS_MOV }, { "cmpw", OPS_MOV }, { "cmpxch", OPS_MOV }, { "cmpxchg", OPS_MOV },
	{ "cs", OPS_MOV }, { "dec", OPS_DEC }, { "decl", OPS_DEC }, { "decq", OPS_DEC },
	{ "divsd", OPS_MOV }, { "divss", OPS_MOV }, { "gs", OPS_MOV }, { "imul", OPS_MOV },
	{ "inc", OPS_DEC }, { "incl", OPS_DEC }, { "incq", OPS_DEC }, { "ja", OPS_JUMP },
	{ "jae", OPS_JUMP }, { "jb", OPS_JUMP }, { "jbe", OPS_JUMP }, { "jc", OPS_JUMP },
	{ "jcxz", OPS_JUMP }, { "je", OPS_JUMP }, { "jecxz", OPS_JUMP }, { "jg", OPS_JUMP },
	{ "jge", OPS_JUMP }, { "jl", OPS_JUMP }, { "jle", OPS_JUMP }, { "jmp", OPS_JUMP },
	{ "jmpq", OPS_JUMP }, { "jna", OPS_JUMP }, { "jnae", OPS_JUMP }, { "jnb", OPS_JUMP },
	{ "jnbe", OPS_JUMP }, { "jnc", OPS_JUMP }, { "jne", OPS_JUMP }, { "jng", OPS_JUMP },
	{ "jnge", OPS_JUMP }, { "jnl", OPS_JUMP }, { "jnle", OPS_JUMP }, { "jno", OPS_JUMP },
	{ "jnp", OPS_JUMP }, { "jns", OPS_JUMP }, { "jnz", OPS_JUMP }, { "jo", OPS_JUMP },
	{ "jp", OPS_JUMP }, { "jpe", OPS_JUMP }, { "jpo", OPS_JUMP }, { "jrcxz", OPS_JUMP },
	{ "js", OPS_JUMP }, { "jz", OPS_JUMP }, { "lea", OPS_MOV }, { "lock", OPS_LOCK },
	{ "mov", OPS_MOV }, { "movapd", OPS_MOV }, { "movaps", OPS_MOV }, { "movb", OPS_MOV },
	{ "movdqa", OPS_MOV }, { "movdqu", OPS_MOV }, { "movl", OPS_MOV }, { "movq", OPS_MOV },
	{ "movsd", OPS_MOV }, { "movslq", OPS_MOV }, { "movss", OPS_MOV }, { "movupd", OPS_MOV },
	{ "movups", OPS_MOV }, { "movw", OPS_MOV }, { "movzbl", OPS_MOV }, { "movzwl", OPS_MOV },
	{ "mulsd", OPS_MOV }, { "mulss", OPS_MOV }, { "nop", OPS_NOP }, { "nopl", OPS_NOP },
	{ "nopw", OPS_NOP }, { "or", OPS_MOV }, { "orb", OPS_MOV }, { "orl", OPS_MOV },
	{ "orps", OPS_MOV }, { "orq", OPS_MOV }, { "paddq", OPS_MOV }, { "pand", OPS_MOV },
	{ "pcmpeqb", OPS_MOV }, { "por", OPS_MOV }, { "rclb", OPS_MOV }, { "rcll", OPS_MOV },
	{ "ret", OPS_RET }, { "retq", OPS_RET }, { "sbb", OPS_MOV }, { "sbbl", OPS_MOV },
	{ "sete", OPS_MOV }, { "sub", OPS_MOV }, { "subl", OPS_MOV }, { "subq", OPS_MOV },
	{ "subsd", OPS_MOV }, { "subw", OPS_MOV }, { "test", OPS_MOV }, { "testb", OPS_MOV },
	{ "testl", OPS_MOV }, { "testq", OPS_MOV }, { "tzcnt", OPS_MOV }, { "ucomisd", OPS_MOV },
	{ "ucomiss", OPS_MOV }, { "vaddsd", OPS_MOV }, { "vandpd", OPS_MOV },
	{ "vmovdqa", OPS_MOV }, { "vmovq", OPS_MOV }, { "vmovsd", OPS_MOV }, { "vmulsd", OPS_MOV },
	{ "vorpd", OPS_MOV }, { "vsubsd", OPS_MOV }, { "vucomisd", OPS_MOV }, { "xadd", OPS_MOV },
	{ "xbeginl", OPS_JUMP }, { "xbeginq", OPS_JUMP }, { "xchg", OPS_MOV }, { "xor", OPS_MOV },
	{ "xorb", OPS_MOV }, { "xorpd", OPS_MOV }, { "xorps", OPS_MOV },
};

static int by_ins_name(const void *key, const void *elem)
{
	return strcmp(key, *(const char *const *)elem);
}

/* -1 for an instruction perf does not parse */
static int find_ops(const char *name)
{
	const void *hit = bsearch(name, x86_ins, sizeof(x86_ins) / sizeof(x86_ins[0]),
				  sizeof(x86_ins[0]), by_ins_name);

	return hit ? (int)((const typeof(x86_ins[0]) *)hit)->ops : -1;
}

/* An instruction as perf splits it: the first word, the rest trimmed. */
struct insn2 {
	char name[64];
	const char *raw;
};

static void split_insn(const char *text, struct insn2 *ins)
{
	size_t n = strcspn(text, " \t");

	snprintf(ins->name, sizeof(ins->name), "%.*s", (int)n, text);
	ins->raw = text + n;
	while (isspace((unsigned char)*ins->raw))
		ins->raw++;
}

/* The symbol objdump's comment names for an operand through %rip
 * ("# 4010 <counter>" after "0x2ed6(%rip)"), else NULL (caller frees). */
static char *comment_symbol(const char *operand, const char *comment)
{
	const char *name, *end;
	char *after;

	if (!comment || !strstr(operand, "(%rip)"))
		return NULL;
	strtoull(comment + 1, &after, 16);
	if (after == comment + 1 || !(name = strchr(after, '<')) || !(end = strchr(++name, '>')))
		return NULL;
	return must_strndup(name, (size_t)(end - name));
}

/* Where a comment ("# ...") starts, else NULL. */
static const char *comment_of(const char *raw)
{
	return strchr(raw, '#');
}

/* mov-like: "source,target", each by its symbol when objdump named one;
 * false where perf's parser gives up (then the line is shown raw). */
static bool format_mov(const struct insn2 *ins, int width, struct strbuf *out)
{
	const char *comma = strchr(ins->raw, ','), *target, *comment, *end;
	char *source, *src_name, *tgt_name, *target_raw;

	/* perf 6.1 splits at the first comma, in an address's parentheses
	 * too: joined again by one, the operands come out as they went in */
	if (!comma)
		return false;
	source = must_strndup(ins->raw, (size_t)(comma - ins->raw));
	target = comma + 1;
	while (isspace((unsigned char)*target))
		target++;
	comment = comment_of(comma + 1);
	end = comment ? comment : target + strlen(target);
	while (end > target && isspace((unsigned char)end[-1]))
		end--;
	target_raw = must_strndup(target, (size_t)(end - target));
	src_name = comment_symbol(source, comment);
	tgt_name = comment_symbol(target_raw, comment);
	strbuf_addf(out, "%-*s %s,%s", width, ins->name, src_name ? src_name : source,
		    tgt_name ? tgt_name : target_raw);
	free(source);
	free(target_raw);
	free(src_name);
	free(tgt_name);
	return true;
}

/* inc/dec: the first word of the operands, by its symbol when named */
static void format_dec(const struct insn2 *ins, int width, struct strbuf *out)
{
	size_t n = strcspn(ins->raw, " \t");
	char *target = must_strndup(ins->raw, n);
	char *name = comment_symbol(target, comment_of(ins->raw + n));

	strbuf_addf(out, "%-*s %s", width, ins->name, name ? name : target);
	free(target);
	free(name);
}

/* The symbol of the listed binary at @vaddr, as report names it. */
static const struct symbol *symbol_at(struct printer *p, uint64_t vaddr)
{
	uint64_t off;

	if (!sym_code__vaddr_offset(&p->code, vaddr, &off))
		return NULL;
	return dso__find_symbol(&p->a->machine.dsos, p->s->dso, off);
}

/* A comma that is an operand's, not in a comment or a <name>. */
static const char *operand_comma(const char *c, const char *raw)
{
	const char *comment = comment_of(raw), *name = strchr(raw, '<');

	if (!c || (comment && c > comment) || (name && c > name))
		return NULL;
	return c;
}

struct jump {
	uint64_t addr;
	bool outside;
	int64_t offset;
};

static struct jump parse_jump(struct printer *p, const char *raw)
{
	uint64_t start = p->code.start_vaddr;
	uint64_t end = start + (p->s->sym->end - p->s->sym->start);
	const char *c = operand_comma(strchr(raw, ','), raw);
	struct jump j = { 0 };

	if (c) {
		j.addr = strtoull(c + 1, NULL, 16);
		if (!j.addr && (c = operand_comma(strchr(c + 1, ','), raw)))
			j.addr = strtoull(c + 1, NULL, 16);
	} else {
		j.addr = strtoull(raw, NULL, 16);
	}
	j.outside = j.addr < start || j.addr > end;
	/* perf 6.1 takes the offset of any target: one before the symbol is
	 * negative, and such a jump is shown as objdump wrote it */
	j.offset = (int64_t)(j.addr - start);
	return j;
}

static void format_jump(struct printer *p, const struct insn2 *ins, const struct jump *j,
			int width, struct strbuf *out)
{
	const struct symbol *sym;
	const char *c;

	if (!j->addr || j->offset < 0) {
		strbuf_addf(out, "%-*s %s", width, ins->name, ins->raw);
		return;
	}
	if (j->outside && (sym = symbol_at(p, j->addr))) {
		strbuf_addf(out, "%-*s %s", width, ins->name, sym->name);
		return;
	}
	/* the operands before the target's, then its offset */
	c = operand_comma(strchr(ins->raw, ','), ins->raw);
	if (c) {
		const char *c2 = operand_comma(strchr(c + 1, ','), ins->raw);

		if (c2)
			c = c2;
		c++;
		if (*c == ' ')
			c++;
	}
	strbuf_addf(out, "%-*s %.*s%" PRIx64, width, ins->name, c ? (int)(c - ins->raw) : 0,
		    ins->raw, (uint64_t)j->offset);
}

/* call: the target's symbol, else objdump's name for it; false where perf's
 * parser gives up (a name with an offset in it). */
static bool format_call(struct printer *p, const struct insn2 *ins, int width,
			struct strbuf *out)
{
	char *after;
	uint64_t addr = strtoull(ins->raw, &after, 16);
	const char *name = strchr(after, '<'), *end = NULL;
	const struct symbol *sym;

	if (name) {
		name++;
		end = strchr(name, '>');
		if (!end)
			return false;
	} else {
		const char *star = strchr(after, '*');

		/* an indirect call through a register and an offset is not followed */
		if (star && !strstr(star + 1, "(%r"))
			addr = strtoull(star + 1, NULL, 16);
	}
	if ((sym = symbol_at(p, addr)))
		strbuf_addf(out, "%-*s %s", width, ins->name, sym->name);
	else if (!addr)
		strbuf_addf(out, "%-*s %s", width, ins->name, ins->raw);
	else if (name)
		strbuf_addf(out, "%-*s %.*s", width, ins->name, (int)(end - name), name);
	else
		strbuf_addf(out, "%-*s *%" PRIx64, width, ins->name, addr);
	return true;
}

/* The instruction as perf shows it, into @line->shown and @line->arrow;
 * a local jump's target offset in @target (else -1). */
static void format_insn(struct printer *p, struct listing_line *line, int width, int64_t *target)
{
	struct insn2 ins;
	int ops;

	*target = -1;
	split_insn(line->text, &ins);
	ops = find_ops(ins.name);
	switch (ops) {
	case OPS_MOV:
		if (format_mov(&ins, width, &line->shown))
			return;
		break;
	case OPS_DEC:
		format_dec(&ins, width, &line->shown);
		return;
	case OPS_NOP:
		strbuf_addf(&line->shown, "%-*s", width, "nop");
		return;
	case OPS_LOCK: {
		struct insn2 locked;
		int inner;

		split_insn(ins.raw, &locked);
		inner = find_ops(locked.name);
		if (inner == OPS_MOV || inner == OPS_DEC || inner == OPS_NOP) {
			struct listing_line sub = { .text = (char *)ins.raw, .shown = STRBUF_INIT };
			int64_t none;

			format_insn(p, &sub, width, &none);
			strbuf_addf(&line->shown, "%-*s %s", width, ins.name, sub.shown.buf);
			strbuf_release(&sub.shown);
			return;
		}
		break;
	}
	case OPS_JUMP: {
		struct jump j = parse_jump(p, ins.raw);

		line->arrow = j.outside ? "→" : j.offset > line->off ? "↓" : "↑";
		format_jump(p, &ins, &j, width, &line->shown);
		if (!j.outside)
			*target = j.offset;
		return;
	}
	case OPS_CALL:
		if (format_call(p, &ins, width, &line->shown)) {
			line->arrow = "→";
			return;
		}
		break;
	case OPS_RET:
		line->arrow = "←";
		break;
	default:
		break;
	}
	strbuf_addf(&line->shown, "%-*s %s", width, ins.name, ins.raw);
}

/* --- the listing ------------------------------------------------------- */

static struct listing_line *line_at(struct listing *l, int64_t off)
{
	size_t lo = 0, hi = l->n;

	/* instructions are in address order; other lines sit between them */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2, m = mid;

		while (m < hi && l->v[m].off < 0)
			m++;
		if (m == hi) {
			hi = mid;
			continue;
		}
		if (l->v[m].off == off)
			return &l->v[m];
		if (l->v[m].off < off)
			lo = m + 1;
		else
			hi = mid;
	}
	return NULL;
}

static void format_all(struct listing *l)
{
	int width = 0;
	bool plt = strstr(l->p->s->sym->name, "@plt");
	int64_t size = (int64_t)(l->p->s->sym->end - l->p->s->sym->start);

	for (size_t i = 0; i < l->n; i++) {
		if (l->v[i].off >= 0) {
			int n = (int)strcspn(l->v[i].text, " \t");

			width = n > width ? n : width;
		}
	}
	for (size_t i = 0; i < l->n; i++) {
		struct listing_line *target;
		int64_t to;

		if (l->v[i].off < 0)
			continue;
		format_insn(l->p, &l->v[i], width, &to);
		/* perf writes the instruction into 256 bytes */
		strbuf_setlen(&l->v[i].shown, l->v[i].shown.len < 255 ? l->v[i].shown.len : 255);
		if (!plt && to >= 0 && to < size && (target = line_at(l, to)))
			target->jump_sources++;
	}
}

static double percent(const struct printer *p, const struct listing_line *line)
{
	enum percent_type t = p->a->o->percent_type;
	bool hits = t == PERCENT_LOCAL_HITS || t == PERCENT_GLOBAL_HITS;
	uint64_t base = hits ? p->total_samples : p->total_period;

	return base ? 100.0 * (double)(hits ? line->samples : line->period) / (double)base : 0;
}

static void print_line(struct listing *l, const struct listing_line *line, bool first, int addr_width)
{
	const struct annotate_opts *o = l->p->a->o;
	int pcnt_width = o->show_total_period ? 12 : 7;
	double pct = line->off >= 0 ? percent(l->p, line) : 0;
	FILE *out = l->p->out;
	int printed;

	if (line->off >= 0 && pct != 0) {
		if (o->show_total_period)
			fprintf(out, "%11" PRIu64 " ", line->period);
		else if (o->show_nr_samples)
			fprintf(out, "%6" PRIu64 " ", line->samples);
		else
			fprintf(out, "%6.2f ", pct);
	} else {
		fprintf(out, "%-*s", pcnt_width, !first ? " " : o->show_total_period ? "Period" :
			o->show_nr_samples ? "Samples" : "Percent");
	}
	fputc(' ', out);
	/* perf pads with a negative width: left-justified to its absolute value */
	if (!*line->text) {
		fprintf(out, "%-*s", pcnt_width, " ");
	} else if (line->off < 0) {
		printed = fprintf(out, "%-*s  ", addr_width, " ");
		fprintf(out, "%-*s", printed + pcnt_width - 1, line->text);
	} else {
		if (line->jump_sources)
			printed = fprintf(out, "%*" PRIx64 ": ", addr_width, (uint64_t)line->off);
		else
			printed = fprintf(out, "%-*s  ", addr_width, " ");
		fprintf(out, "%s", *line->arrow ? line->arrow : " ");
		fputc(' ', out);
		fprintf(out, "%-*s", pcnt_width + 3 + printed, line->shown.buf);
	}
	fputc('\n', out);
}

/* perf's title: the event's samples (1000 up in K, M, G), its sampling
 * (the attr's period or frequency, said in Hz as perf says it), its
 * period. */
static void print_header(struct printer *p)
{
	const struct pd_evsel *ev = p->a->pd.evsels[p->s->evsel];
	uint64_t nr = p->a->event_samples[p->s->evsel];
	char unit = ' ';

	for (const char *u = "KMG"; *u && nr > 1000; u++) {
		nr /= 1000;
		unit = *u;
	}
	fprintf(p->out, "Samples: %" PRIu64 "%c of event '%s', %d Hz, Event count (approx.): %"
		PRIu64 ", [percent: %s]\n%s() %s\n", nr, unit, ev->name,
		(int)ev->attr.sample_period, p->a->event_period[p->s->evsel],
		annotate_percent_names[p->a->o->percent_type], p->s->sym->name, annotate_dso_name(p, true));
}

void annotate_stdio2_symbol(struct printer *p, struct disasm *d)
{
	struct listing l;
	int addr_width = annotate_hex_digits(p->s->sym->end - p->s->sym->start);
	bool first = true;

	listing_build(&l, p, d);
	format_all(&l);
	print_header(p);
	for (size_t i = 0; i < l.n; i++) {
		if (l.v[i].off == LISTING_FILE_LINE)
			continue;
		print_line(&l, &l.v[i], first, addr_width);
		first = false;
	}
	listing_release(&l);
}
