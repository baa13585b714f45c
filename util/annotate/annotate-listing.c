// SPDX-License-Identifier: GPL-2.0
/*
 * The listing perf reads from objdump -l -S, rebuilt from capstone, the
 * symbol tables and DWARF: binutils' rules for which function and source
 * lines come before an instruction.
 */
#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "../base/array.h"
#include "../base/xalloc.h"
#include "../symbols/demangle.h"
#include "../symbols/elf-walk.h"
#include "annotate-listing.h"

void listing_add(struct listing *l, int64_t off, const char *text)
{
	const char *end;

	ALLOC_GROW(l->v, l->n + 1, l->alloc);
	/* perf trims what objdump printed */
	while (isspace((unsigned char)*text))
		text++;
	end = text + strlen(text);
	while (end > text && isspace((unsigned char)end[-1]))
		end--;
	l->v[l->n++] = (struct listing_line){
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

			listing_add(l, LISTING_TEXT, copy);
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
 * with DWARF or a .symtab: objdump -l names it from there where no line
 * table knows the address (a program's _start, _init; every function of
 * a program built without -g), but not a PLT entry (its section has no
 * function symbol), nor in a stripped file (bfd then has no symbols to
 * name it by). The kernel's vmlinux gets its line in listing_build().
 */
static bool in_elf_function(struct listing *l, uint64_t addr)
{
	struct printer *p = l->p;
	const struct symbol *sym = dso__table_symbol(&p->a->machine.dsos, p->s->dso, addr);
	GElf_Shdr sh;

	if (!sym || sym->is_object || strstr(sym->name, "@plt"))
		return false;
	return srcline__has_dwarf(&p->a->srclines, &p->a->machine.dsos, p->s->dso) ||
	       (!p->s->dso->kernel && p->code.elf &&
		elf_section_by_name(p->code.elf, ".symtab", &sh));
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
	unsigned int line, disc;
	char path[4096];

	if (!n)
		lines[0] = NULL;
	function_name(l, addr, vaddr, in_elf_function(l, addr) ||
		      (lines[0] && strcmp(lines[0], "??:0")), &func);
	if (func.len && (!l->prev_func || strcmp(func.buf, l->prev_func))) {
		listing_add(l, LISTING_TEXT, func.buf);
		free(l->prev_func);
		l->prev_func = strbuf_detach(&func, NULL);
		l->prev_line = 0;
		l->prev_disc = 0;
	}
	strbuf_release(&func);
	if (!lines[0] || !(colon = strrchr(lines[0], ':')))
		return;
	line = (unsigned int)strtoul(colon + 1, NULL, 10);
	if (!line)
		return;
	snprintf(path, sizeof(path), "%.*s", (int)(colon - lines[0]), lines[0]);
	disc = srcline__discriminator(&p->a->srclines, &p->a->machine.dsos, p->s->dso, addr);
	/* objdump names the line again where only its discriminator changed;
	 * perf takes a "/file:line" for a line number, and shows relative ones */
	if ((line != l->prev_line || disc != l->prev_disc) && path[0] == '/') {
		listing_add(l, LISTING_FILE_LINE, "");
		l->v[l->n - 1].file_line = line;
	} else if (line != l->prev_line || disc != l->prev_disc) {
		char text[4200];

		if (disc)
			snprintf(text, sizeof(text), "%s:%u (discriminator %u)", path, line, disc);
		else
			snprintf(text, sizeof(text), "%s:%u", path, line);
		listing_add(l, LISTING_TEXT, text);
	}
	l->prev_line = line;
	l->prev_disc = disc;
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
	listing_add(l, (int64_t)off, text.buf);
	/* --asm-raw: objdump's lines of the bytes past seven, instructions to perf */
	for (int i = 7; p->a->o->asm_raw && i < in->size; i += 7) {
		strbuf_reset(&text);
		for (int j = i; j < in->size && j < i + 7; j++)
			strbuf_addf(&text, "%02x ", in->bytes[j]);
		listing_add(l, (int64_t)(off + (uint64_t)i), text.buf);
	}
	strbuf_release(&text);
	return 0;
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

void listing_build(struct listing *l, struct printer *p, struct disasm *d)
{
	struct strbuf label = STRBUF_INIT;

	*l = (struct listing){ .p = p };
	/* objdump's heading, less its "file format" line (perf greps it out) */
	listing_add(l, LISTING_TEXT, "");
	listing_add(l, LISTING_TEXT, "");
	listing_add(l, LISTING_TEXT, "");
	strbuf_addf(&label, "Disassembly of section %s:", p->code.section);
	listing_add(l, LISTING_TEXT, label.buf);
	listing_add(l, LISTING_TEXT, "");
	strbuf_reset(&label);
	strbuf_addf(&label, "%016" PRIx64, p->code.start_vaddr);
	annotate_symbol_label(p, &label);
	strbuf_addch(&label, ':');
	listing_add(l, LISTING_TEXT, label.buf);
	strbuf_reset(&label);
	/* objdump -l names the ELF function where there is no DWARF */
	if (p->a->o->vmlinux && p->s->dso->kernel && !p->s->dso->is_module) {
		strbuf_addf(&label, "%s():", p->s->sym->name);
		listing_add(l, LISTING_TEXT, label.buf);
	}
	strbuf_release(&label);
	sym_code__walk(&p->code, d, collect, l);
	count_samples(l);
}

void listing_release(struct listing *l)
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
