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
#include "annotate-print.h"

struct line2 {
	int64_t off;			/* -1: not an instruction */
	char *text;			/* an instruction's after its address */
	uint64_t period, samples;
	unsigned int jump_sources;
	const char *arrow;		/* "", "↓", "↑", "→", "←" */
	struct strbuf shown;		/* an instruction as perf rewrites it */
};

struct listing {
	struct printer *p;
	struct line2 *v;
	size_t n, alloc;
	/* objdump -l's state: the function and line last named */
	char *prev_func;
	unsigned int prev_line;
	/* objdump -S's, per source file: the last line shown, the highest */
	struct src_state {
		char *path;
		unsigned int last_line, max_printed;
	} *files;
	size_t nr_files;
	/* binutils' names for C++ functions without a linkage name, by DIE */
	struct seen_func {
		uint64_t id;
		char *name;
		bool elf;	/* the ELF symbol's name, which it took */
	} *funcs;
	size_t nr_funcs;
};

static void add_line(struct listing *l, int64_t off, const char *text)
{
	const char *end;

	if (l->n == l->alloc) {
		l->alloc = l->alloc ? 2 * l->alloc : 64;
		l->v = must_reallocarray(l->v, l->alloc, sizeof(*l->v));
	}
	/* perf trims what objdump printed */
	while (isspace((unsigned char)*text))
		text++;
	end = text + strlen(text);
	while (end > text && isspace((unsigned char)end[-1]))
		end--;
	l->v[l->n++] = (struct line2){
		.off = off, .text = must_strndup(text, (size_t)(end - text)), .arrow = "",
		.shown = STRBUF_INIT,
	};
}

/* --- objdump -l -S's lines before an instruction ---------------------- */

static struct src_state *src_state(struct listing *l, const char *path)
{
	for (size_t i = 0; i < l->nr_files; i++)
		if (!strcmp(l->files[i].path, path))
			return &l->files[i];
	l->files = must_reallocarray(l->files, l->nr_files + 1, sizeof(*l->files));
	l->files[l->nr_files] = (struct src_state){ .path = must_strdup(path) };
	return &l->files[l->nr_files++];
}

/* objdump -S: the lines since the last one shown of that file, with up to
 * five before the line for context. */
static void dump_source(struct listing *l, const char *path, unsigned int line)
{
	struct src_state *f = src_state(l, path);
	struct annotate *a = l->p->a;
	unsigned int from;
	int len;

	if (line == f->last_line || !srccode__line(&a->srccode, path, 1, &len))
		return;
	from = line > 5 ? line - 5 : 1;
	if (f->max_printed >= from)
		from = f->max_printed < line ? f->max_printed + 1 : line;
	for (unsigned int i = from;; i++) {
		const char *text = srccode__line(&a->srccode, path, i, &len);

		if (text) {
			char *copy = must_strndup(text, (size_t)len);

			add_line(l, -1, copy);
			free(copy);
		}
		if (i == line)
			break;
	}
	if (f->max_printed < line)
		f->max_printed = line;
	f->last_line = line;
}

/* The ELF symbol objdump finds at @vaddr, as it spells it, and where it
 * starts; false when there is none. */
static bool elf_function(struct listing *l, uint64_t vaddr, struct strbuf *name, uint64_t *start)
{
	struct strbuf sb = STRBUF_INIT;
	const char *plus;
	bool ok = sym_code__data_name(&l->p->code, vaddr, l->p->a->o->demangle, &sb) &&
		  sb.len > 3 && !strncmp(sb.buf, " <", 2) && sb.buf[sb.len - 1] == '>';

	if (ok) {
		sb.buf[--sb.len] = '\0';
		plus = strstr(sb.buf, "+0x");
		while (plus && strstr(plus + 1, "+0x"))
			plus = strstr(plus + 1, "+0x");
		*start = plus ? vaddr - strtoull(plus + 3, NULL, 16) : vaddr;
		strbuf_add(name, sb.buf + 2, plus ? (size_t)(plus - sb.buf - 2) : sb.len - 2);
	}
	strbuf_release(&sb);
	return ok;
}

/* A name as objdump -l writes its function line: demangled names as they
 * are (they have their parameters), others with "()". @elf: an ELF
 * symbol's name as sym_code__data_name() spells it, demangled already. */
static void objdump_function_line(struct listing *l, const char *name, bool mangled, bool elf,
				  struct strbuf *out)
{
	char *demangled = mangled && l->p->a->o->demangle ? symbol_demangle(name, true) : NULL;

	if (demangled || (elf && strchr(name, '(')))
		strbuf_addf(out, "%s:", demangled ? demangled : name);
	else
		strbuf_addf(out, "%s():", name);
	free(demangled);
}

/*
 * Whether @addr lies in a function of the ELF symbol table of a file
 * with DWARF: objdump -l names it from there where no line table knows
 * the address (a program's _start, _init), but not a PLT entry (its
 * section has no function symbol), nor in a file without DWARF.
 */
static bool in_elf_function(struct listing *l, uint64_t addr)
{
	struct printer *p = l->p;
	const struct symbol *sym = dso__table_symbol(&p->a->machine.dsos, p->s->dso, addr);

	return sym && !sym->is_object && !strstr(sym->name, "@plt") &&
	       srcline__has_dwarf(&p->a->srclines, &p->a->machine.dsos, p->s->dso);
}

/*
 * objdump -l's function at an address (binutils' rule): the innermost
 * DWARF function's linkage name, or its plain name in C; a C++ function
 * without a linkage name is named the first time by the ELF symbol there,
 * which it keeps when the symbol starts where the function does, its
 * plain name after that. Without DWARF, the ELF symbol.
 */
static void function_name(struct listing *l, uint64_t addr, uint64_t vaddr, bool has_line,
			  struct strbuf *out)
{
	struct printer *p = l->p;
	struct strbuf elf = STRBUF_INIT;
	struct srcline_func f;
	uint64_t start;
	size_t i;

	if (!srcline__function(&p->a->srclines, &p->a->machine.dsos, p->s->dso, addr, &f)) {
		/* no DWARF function: the ELF one, where the line table knows
		 * the address or an ELF function holds it (not in a PLT) */
		if (has_line && elf_function(l, vaddr, &elf, &start))
			objdump_function_line(l, elf.buf, false, true, out);
		strbuf_release(&elf);
		return;
	}
	if (f.linkage || f.plain) {
		objdump_function_line(l, f.linkage ? f.linkage : f.name, f.linkage, false, out);
		return;
	}
	for (i = 0; i < l->nr_funcs && l->funcs[i].id != f.id; i++)
		;
	if (i < l->nr_funcs) {
		objdump_function_line(l, l->funcs[i].name, false, l->funcs[i].elf, out);
		return;
	}
	l->funcs = must_reallocarray(l->funcs, l->nr_funcs + 1, sizeof(*l->funcs));
	l->funcs[l->nr_funcs] = (struct seen_func){ f.id, must_strdup(f.name ? f.name : ""), false };
	if (elf_function(l, vaddr, &elf, &start)) {
		if (f.has_low && start == f.low) {
			free(l->funcs[l->nr_funcs].name);
			l->funcs[l->nr_funcs].name = must_strdup(elf.buf);
			l->funcs[l->nr_funcs].elf = true;
		}
		objdump_function_line(l, elf.buf, false, true, out);
	} else if (f.name) {
		objdump_function_line(l, f.name, false, false, out);
	}
	l->nr_funcs++;
	strbuf_release(&elf);
}

static void source_lines(struct listing *l, uint64_t addr, uint64_t vaddr)
{
	struct printer *p = l->p;
	const char *names[4], *lines[4], *colon;
	size_t n = srcline__inlines(&p->a->srclines, &p->a->machine.dsos, p->s->dso, addr, names,
				    lines, 4);
	struct strbuf func = STRBUF_INIT;
	unsigned int line;
	char path[4096];

	if (!n)
		lines[0] = NULL;
	function_name(l, addr, vaddr, in_elf_function(l, addr) ||
		      (lines[0] && strcmp(lines[0], "??:0")), &func);
	if (func.len && (!l->prev_func || strcmp(func.buf, l->prev_func))) {
		add_line(l, -1, func.buf);
		free(l->prev_func);
		l->prev_func = strbuf_detach(&func, NULL);
		l->prev_line = 0;
	}
	strbuf_release(&func);
	if (!lines[0] || !(colon = strrchr(lines[0], ':')))
		return;
	line = (unsigned int)strtoul(colon + 1, NULL, 10);
	if (!line)
		return;
	snprintf(path, sizeof(path), "%.*s", (int)(colon - lines[0]), lines[0]);
	/* perf drops objdump's "/file:line" lines, not relative ones */
	if (line != l->prev_line && path[0] != '/') {
		char text[4200];

		snprintf(text, sizeof(text), "%s:%u", path, line);
		add_line(l, -1, text);
	}
	l->prev_line = line;
	if (p->a->o->source)
		dump_source(l, path, line);
}

static int collect(const struct disasm_insn *in, void *ctx)
{
	struct listing *l = ctx;
	struct printer *p = l->p;
	uint64_t off = sym_code__offset(&p->code, in->addr);
	struct strbuf text = STRBUF_INIT;

	source_lines(l, p->s->sym->start + off, in->addr);
	annotate_insn_text(p, in, &text);
	add_line(l, (int64_t)off, text.buf);
	/* --asm-raw: objdump's lines of the bytes past seven, instructions to perf */
	for (int i = 7; p->a->o->asm_raw && i < in->size; i += 7) {
		strbuf_reset(&text);
		for (int j = i; j < in->size && j < i + 7; j++)
			strbuf_addf(&text, "%02x ", in->bytes[j]);
		add_line(l, (int64_t)(off + (uint64_t)i), text.buf);
	}
	strbuf_release(&text);
	return 0;
}

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
		if (!end || memchr(name, '+', (size_t)(end - name)))
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
static void format_insn(struct printer *p, struct line2 *line, int width, int64_t *target)
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
			struct line2 sub = { .text = (char *)ins.raw, .shown = STRBUF_INIT };
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

static struct line2 *line_at(struct listing *l, int64_t off)
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

/* Each instruction's samples: from its offset up to the next one's, as
 * perf counts them. */
static void count_samples(struct listing *l)
{
	uint64_t len = l->p->s->sym->end - l->p->s->sym->start;

	for (size_t i = 0; i < l->n; i++) {
		uint64_t end = len;

		if (l->v[i].off < 0)
			continue;
		for (size_t j = i + 1; j < l->n; j++) {
			if (l->v[j].off >= 0) {
				end = (uint64_t)l->v[j].off;
				break;
			}
		}
		for (uint64_t b = (uint64_t)l->v[i].off; b < end && b < len && b < (1u << 20); b++) {
			l->v[i].period += l->p->s->byte_period[b];
			l->v[i].samples += l->p->s->byte_samples[b];
		}
	}
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
		struct line2 *target;
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

static double percent(const struct printer *p, const struct line2 *line)
{
	enum percent_type t = p->a->o->percent_type;
	bool hits = t == PERCENT_LOCAL_HITS || t == PERCENT_GLOBAL_HITS;
	uint64_t base = hits ? p->total_samples : p->total_period;

	return base ? 100.0 * (double)(hits ? line->samples : line->period) / (double)base : 0;
}

static void print_line(struct listing *l, const struct line2 *line, bool first, int addr_width)
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

static void listing_release(struct listing *l)
{
	for (size_t i = 0; i < l->n; i++) {
		free(l->v[i].text);
		strbuf_release(&l->v[i].shown);
	}
	for (size_t i = 0; i < l->nr_files; i++)
		free(l->files[i].path);
	free(l->files);
	for (size_t i = 0; i < l->nr_funcs; i++)
		free(l->funcs[i].name);
	free(l->funcs);
	free(l->v);
	free(l->prev_func);
}

void annotate_stdio2_symbol(struct printer *p, struct disasm *d)
{
	struct listing l = { .p = p };
	struct strbuf label = STRBUF_INIT;
	int addr_width = annotate_hex_digits(p->s->sym->end - p->s->sym->start);

	/* objdump's heading, less its "file format" line (perf greps it out) */
	add_line(&l, -1, "");
	add_line(&l, -1, "");
	add_line(&l, -1, "");
	strbuf_addf(&label, "Disassembly of section %s:", p->code.section);
	add_line(&l, -1, label.buf);
	add_line(&l, -1, "");
	strbuf_reset(&label);
	strbuf_addf(&label, "%016" PRIx64, p->code.start_vaddr);
	annotate_symbol_label(p, &label);
	strbuf_addch(&label, ':');
	add_line(&l, -1, label.buf);
	strbuf_reset(&label);
	/* objdump -l names the ELF function where there is no DWARF */
	if (p->a->o->vmlinux && p->s->dso->kernel && !p->s->dso->is_module) {
		strbuf_addf(&label, "%s():", p->s->sym->name);
		add_line(&l, -1, label.buf);
	}
	strbuf_release(&label);
	sym_code__walk(&p->code, d, collect, &l);
	count_samples(&l);
	format_all(&l);
	print_header(p);
	for (size_t i = 0; i < l.n; i++)
		print_line(&l, &l.v[i], i == 0, addr_width);
	listing_release(&l);
}
