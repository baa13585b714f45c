// SPDX-License-Identifier: GPL-2.0
/*
 * A DSO's symbol table as perf builds it: one name per address chosen as
 * perf's choose_best_symbol() does (sized, not weak, global, fewer
 * leading underscores, longer), size-less symbols closed at the next one
 * (the last past the next page, as symbols__fixup_end), and from ELF the
 * symbols perf keeps (functions, data objects, labels in code; not
 * undefined, absolute, zero or nameless ones) at the file offsets samples
 * use, through the program headers of the binary that ran. PLT stubs get
 * perf's "name@plt"; the build-id note is read as far as asked. The ELF
 * files are written by the test.
 */
#include <libelf.h>
#include <unistd.h>

#include "../unit-test.h"
#include "../../../util/base/util.h"
#include "../../../util/symbols/symtab.h"
#include "fake-elf.h"

#define MAX_SYMS 8

static char dir[] = "/tmp/pm-symbol-elf.XXXXXX";

struct sym_in {
	uint64_t start, size;
	const char *name;
	uint8_t binding;
};

struct sym_out {
	uint64_t start, end;
	const char *name;
};

struct table_case {
	const char *what;
	bool sizes_final;
	struct sym_in in[MAX_SYMS];	/* up to the first without a name */
	struct sym_out out[MAX_SYMS];
};

#define L STB_LOCAL
#define G STB_GLOBAL
#define W STB_WEAK

static const struct table_case table_cases[] = {
	{ "a sized one over a size-less one", false,
	  { { 0x100, 0, "nosize", G }, { 0x100, 16, "sized", G }, { 0x200, 16, "next", G } },
	  { { 0x100, 0x110, "sized" }, { 0x200, 0x210, "next" } } },
	{ "not weak over weak, whatever its binding", false,
	  { { 0x100, 16, "weak", W }, { 0x100, 16, "local", L } },
	  { { 0x100, 0x110, "local" } } },
	{ "global over local", false,
	  { { 0x100, 16, "local", L }, { 0x100, 16, "global", G } },
	  { { 0x100, 0x110, "global" } } },
	{ "fewer leading underscores", false,
	  { { 0x100, 16, "__memcpy", G }, { 0x100, 16, "_memcpy", G }, { 0x100, 16, "memcpy", G } },
	  { { 0x100, 0x110, "memcpy" } } },
	{ "then the longer name", false,
	  { { 0x100, 16, "foo", G }, { 0x100, 16, "foobar", G } },
	  { { 0x100, 0x110, "foobar" } } },
	{ "all alike: the first listed", false,
	  { { 0x100, 16, "abc", G }, { 0x100, 16, "xyz", G } },
	  { { 0x100, 0x110, "abc" } } },
	/* kallsyms: none sized, the last listed at an address counts as sized */
	{ "size-less aliases: the last listed", false,
	  { { 0x100, 0, "memcpy", G }, { 0x100, 0, "__memcpy", G }, { 0x100, 0, "__pi_memcpy", G },
	    { 0x180, 0, "memmove", G } },
	  { { 0x100, 0x180, "__pi_memcpy" }, { 0x180, 0x2000, "memmove" } } },
	{ "a size-less global after a sized local", false,
	  { { 0x4010, 1, "completed.0", L }, { 0x4010, 0, "__TMC_END__", G } },
	  { { 0x4010, 0x6000, "__TMC_END__" } } },
	{ "in address order, closed at the next", false,
	  { { 0x3000, 0, "c", G }, { 0x1000, 0, "a", G }, { 0x2000, 0x10, "b", G } },
	  { { 0x1000, 0x2000, "a" }, { 0x2000, 0x2010, "b" }, { 0x3000, 0x4000, "c" } } },
	{ "the last one past the next page", false,
	  { { 0x1fff, 0, "a", G } }, { { 0x1fff, 0x3000, "a" } } },
	{ "on a page boundary: one more page", false,
	  { { 0x2000, 0, "a", G } }, { { 0x2000, 0x3000, "a" } } },
	{ "a JIT map's sizes are final", true,
	  { { 0x1000, 0, "a", G }, { 0x2000, 0x10, "b", G }, { 0x3000, 0, "c", G } },
	  { { 0x1000, 0x1001, "a" }, { 0x2000, 0x2010, "b" }, { 0x3000, 0x3001, "c" } } },
	{ "nothing", false, { { 0 } }, { { 0 } } },
};

static void dso_release(struct dso *dso)
{
	free(dso->syms);
	free(dso->names);
	free(dso->plt_overrides);
	memset(dso, 0, sizeof(*dso));
}

static void check_table_of(const char *what, const struct dso *dso, const struct sym_out *out,
			   size_t n)
{
	if (dso->nr_syms != n)
		fail_msg("%s: %zu symbols, not %zu", what, dso->nr_syms, n);
	for (size_t i = 0; i < n; i++) {
		const struct symbol *s = &dso->syms[i];

		if (s->start != out[i].start || s->end != out[i].end ||
		    strcmp(s->name, out[i].name) || s->namelen != strlen(out[i].name))
			fail_msg("%s: [%zu] %s %#lx-%#lx", what, i, s->name,
				 (unsigned long)s->start, (unsigned long)s->end);
	}
}

#define check_table(what, dso, out) check_table_of(what, dso, out, ARRAY_SIZE(out))

/* A table case's symbols out: up to the first without a name */
static size_t nr_out(const struct table_case *c)
{
	size_t n = 0;

	while (n < MAX_SYMS && c->out[n].name)
		n++;
	return n;
}

static void test_symbol_elf__table_like_perf(void **state)
{
	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(table_cases); i++) {
		const struct table_case *c = &table_cases[i];
		struct symtab t = SYMTAB_INIT;
		struct dso dso = { 0 };

		t.sizes_final = c->sizes_final;
		for (size_t k = 0; k < MAX_SYMS && c->in[k].name; k++)
			symtab_add(&t, c->in[k].start, c->in[k].size, c->in[k].name,
				   c->in[k].binding);
		symtab_finish(&t, &dso);
		check_table_of(c->what, &dso, c->out, nr_out(c));
		dso_release(&dso);
	}
}

/* --- from ELF files ----------------------------------------------------- */

#define TEXT 0x401000
#define DATA 0x603000

struct elf_sections {
	int text, data;
};

/* .text at offset 0x1000, .data at 0x2000, each in a PT_LOAD */
static struct elf_sections layout(struct fake_elf *e, bool loads)
{
	struct elf_sections s;

	fake_elf__init(e, ET_DYN);
	s.text = fake_elf__section(e, ".text", SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, TEXT,
				   0x1000, NULL, 0x200);
	s.data = fake_elf__section(e, ".data", SHT_PROGBITS, SHF_ALLOC | SHF_WRITE, DATA, 0x2000,
				   NULL, 0x100);
	if (loads) {
		fake_elf__load(e, 0x1000, TEXT, 0x200, PF_R | PF_X);
		fake_elf__load(e, 0x2000, DATA, 0x100, PF_R | PF_W);
	}
	return s;
}

/* What perf keeps of a program's .symtab, and what it leaves out. */
static void program_symbols(struct fake_elf *e, struct elf_sections s)
{
	fake_elf__sym(e, "main", TEXT + 0x10, 0x20, STT_FUNC, STB_GLOBAL, (uint16_t)s.text);
	fake_elf__sym(e, "resolver", TEXT + 0x40, 0x10, STT_GNU_IFUNC, STB_GLOBAL,
		      (uint16_t)s.text);
	fake_elf__sym(e, "counter", DATA + 0x8, 8, STT_OBJECT, STB_LOCAL, (uint16_t)s.data);
	fake_elf__sym(e, "code_label", TEXT + 0x60, 0, STT_NOTYPE, STB_LOCAL, (uint16_t)s.text);
	fake_elf__sym(e, "data_label", DATA + 0x40, 0, STT_NOTYPE, STB_LOCAL, (uint16_t)s.data);
	fake_elf__sym(e, "puts", 0, 0, STT_FUNC, STB_GLOBAL, SHN_UNDEF);
	fake_elf__sym(e, "absolute", 0x1234, 4, STT_OBJECT, STB_GLOBAL, SHN_ABS);
	fake_elf__sym(e, "at_zero", 0, 4, STT_FUNC, STB_GLOBAL, (uint16_t)s.text);
	fake_elf__sym(e, "", TEXT + 0x80, 4, STT_FUNC, STB_LOCAL, (uint16_t)s.text);
	fake_elf__sym(e, "a_section", TEXT, 0, STT_SECTION, STB_LOCAL, (uint16_t)s.text);
	fake_elf__sym(e, "file.c", 0, 0, STT_FILE, STB_LOCAL, SHN_ABS);
	fake_elf__sym(e, "unmapped", 0x900000, 0x10, STT_FUNC, STB_GLOBAL, (uint16_t)s.text);
}

static const char *path_of(const char *name, char *buf, size_t size)
{
	snprintf(buf, size, "%s/%s", dir, name);
	return buf;
}

static const char *write_program(const char *name, bool loads, char *buf, size_t size)
{
	struct fake_elf e;

	program_symbols(&e, layout(&e, loads));
	fake_elf__write(&e, path_of(name, buf, size));
	return buf;
}

static void load(const char *path, const char *runtime, bool kernel, struct dso *dso)
{
	struct symtab t = SYMTAB_INIT;

	assert_true(symtab_load_elf(&t, path, runtime, kernel));
	symtab_finish(&t, dso);
}

static void test_symbol_elf__kept_at_file_offsets(void **state)
{
	static const struct sym_out want[] = {
		{ 0x1010, 0x1030, "main" }, { 0x1040, 0x1050, "resolver" },
		{ 0x1060, 0x2008, "code_label" }, { 0x2008, 0x2010, "counter" },
	};
	struct dso dso = { 0 };
	char path[128];

	(void)state;
	load(write_program("prog", true, path, sizeof(path)), NULL, false, &dso);
	check_table("program", &dso, want);
	assert_false(dso.syms[0].is_object);
	assert_true(dso.syms[3].is_object);
	assert_int_equal(dso.syms[0].binding, STB_GLOBAL);
	assert_int_equal(dso.syms[3].binding, STB_LOCAL);
	dso_release(&dso);
}

/* The kernel's at their addresses, no segment needed */
static void test_symbol_elf__kernel_addresses(void **state)
{
	static const struct sym_out want[] = {
		{ TEXT + 0x10, TEXT + 0x30, "main" }, { TEXT + 0x40, TEXT + 0x50, "resolver" },
		{ TEXT + 0x60, DATA + 0x8, "code_label" }, { DATA + 0x8, DATA + 0x10, "counter" },
		{ 0x900000, 0x900010, "unmapped" },
	};
	struct dso dso = { 0 };
	char path[128];

	(void)state;
	load(write_program("vmlinux", false, path, sizeof(path)), NULL, true, &dso);
	check_table("kernel", &dso, want);
	dso_release(&dso);
}

/* A .debug file's own headers are not the binary's: the one that ran says
 * where the file's bytes are */
static void test_symbol_elf__runtime_layout(void **state)
{
	static const struct sym_out want[] = {
		{ 0x5010, 0x5030, "main" }, { 0x5040, 0x5050, "resolver" },
		{ 0x5060, 0x7008, "code_label" }, { 0x7008, 0x7010, "counter" },
	};
	struct symtab t = SYMTAB_INIT;
	char debug[128], runtime[128];
	struct dso dso = { 0 };
	struct fake_elf e;

	(void)state;
	write_program("prog.debug", false, debug, sizeof(debug));
	layout(&e, false);
	fake_elf__load(&e, 0x5000, TEXT, 0x200, PF_R | PF_X);
	fake_elf__load(&e, 0x7000, DATA, 0x100, PF_R | PF_W);
	fake_elf__write(&e, path_of("prog.run", runtime, sizeof(runtime)));
	load(debug, runtime, false, &dso);
	check_table("debug file", &dso, want);
	dso_release(&dso);
	/* without the binary's headers nothing is in a segment */
	assert_true(symtab_load_elf(&t, debug, NULL, false));
	assert_int_equal(t.nr, 0);
	assert_false(symtab_load_elf(&t, debug, path_of("gone", runtime, sizeof(runtime)), false));
	symtab_finish(&t, &dso);
	dso_release(&dso);
}

static void test_symbol_elf__not_an_elf(void **state)
{
	struct symtab t = SYMTAB_INIT;
	struct dso dso = { 0 };
	char path[128];
	FILE *f;

	(void)state;
	assert_non_null(f = fopen(path_of("text", path, sizeof(path)), "w"));
	fputs("ffffffff81000000 T _text\n", f);
	fclose(f);
	assert_false(symtab_load_elf(&t, path, NULL, false));
	assert_false(symtab_load_elf(&t, path_of("missing", path, sizeof(path)), NULL, false));
	assert_false(symtab_load_elf(&t, dir, NULL, false));
	assert_int_equal(t.nr, 0);
	symtab_finish(&t, &dso);
	assert_int_equal(dso.nr_syms, 0);
	dso_release(&dso);
}

/* .dynsym where there is no .symtab; .symtab where there are both */
static void test_symbol_elf__dynsym(void **state)
{
	static const struct sym_out dyn[] = { { 0x1100, 0x1110, "exported" } };
	static const struct sym_out both[] = { { 0x1010, 0x1030, "main" } };
	Elf64_Sym dsym[2] = { { 0 } };
	struct elf_sections s;
	struct dso dso = { 0 };
	struct fake_elf e;
	char path[128];
	int str, tab;

	(void)state;
	s = layout(&e, true);
	e.dynamic = true;
	fake_elf__sym(&e, "exported", TEXT + 0x100, 0x10, STT_FUNC, STB_GLOBAL, (uint16_t)s.text);
	fake_elf__write(&e, path_of("lib.so", path, sizeof(path)));
	load(path, NULL, false, &dso);
	check_table(".dynsym", &dso, dyn);
	dso_release(&dso);

	s = layout(&e, true);
	fake_elf__sym(&e, "main", TEXT + 0x10, 0x20, STT_FUNC, STB_GLOBAL, (uint16_t)s.text);
	str = fake_elf__section(&e, ".dynstr", SHT_STRTAB, SHF_ALLOC, 0, 0, "\0exported", 10);
	dsym[1] = (Elf64_Sym){ 1, ELF64_ST_INFO(STB_GLOBAL, STT_FUNC), 0, (uint16_t)s.text,
			       TEXT + 0x100, 0x10 };
	tab = fake_elf__section(&e, ".dynsym", SHT_DYNSYM, SHF_ALLOC, 0, 0, dsym, sizeof(dsym));
	e.sh[tab].sh_link = (uint32_t)str;
	e.sh[tab].sh_entsize = sizeof(Elf64_Sym);
	fake_elf__write(&e, path_of("both", path, sizeof(path)));
	load(path, NULL, false, &dso);
	check_table(".symtab first", &dso, both);
	dso_release(&dso);
}

/* The stubs of .plt (after its 16-byte header) or .plt.sec, one per
 * relocation of .rela.plt, named for the symbol it binds */
static void plt_program(const char *plt_name, uint64_t plt_addr, uint64_t plt_size, char *path,
			size_t size)
{
	Elf64_Sym dsym[3] = { { 0 } };
	Elf64_Rela rela[2] = {
		{ 0x604018, ELF64_R_INFO(1, R_X86_64_JUMP_SLOT), 0 },
		{ 0x604020, ELF64_R_INFO(2, R_X86_64_JUMP_SLOT), 0 },
	};
	struct elf_sections s;
	struct fake_elf e;
	int str, tab, rel;

	s = layout(&e, true);
	/* inside .text's segment: where it is in the file does not matter */
	fake_elf__section(&e, plt_name, SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, plt_addr, 0, NULL,
			  plt_size);
	str = fake_elf__section(&e, ".dynstr", SHT_STRTAB, SHF_ALLOC, 0, 0, "\0puts\0_Z4freePv",
				16);
	dsym[1] = (Elf64_Sym){ 1, ELF64_ST_INFO(STB_GLOBAL, STT_FUNC), 0, SHN_UNDEF, 0, 0 };
	dsym[2] = (Elf64_Sym){ 6, ELF64_ST_INFO(STB_GLOBAL, STT_FUNC), 0, SHN_UNDEF, 0, 0 };
	tab = fake_elf__section(&e, ".dynsym", SHT_DYNSYM, SHF_ALLOC, 0, 0, dsym, sizeof(dsym));
	e.sh[tab].sh_link = (uint32_t)str;
	e.sh[tab].sh_entsize = sizeof(Elf64_Sym);
	rel = fake_elf__section(&e, ".rela.plt", SHT_RELA, SHF_ALLOC, 0, 0, rela, sizeof(rela));
	e.sh[rel].sh_link = (uint32_t)tab;
	e.sh[rel].sh_entsize = sizeof(Elf64_Rela);
	fake_elf__sym(&e, "main", TEXT + 0x10, 0x20, STT_FUNC, STB_GLOBAL, (uint16_t)s.text);
	fake_elf__write(&e, path_of(plt_name + 1, path, size));
}

static void test_symbol_elf__plt_stubs(void **state)
{
	static const struct sym_out plt[] = {
		{ 0x1010, 0x1030, "main" }, { 0x1110, 0x1120, "puts@plt" },
		{ 0x1120, 0x1130, "free@plt" },
	};
	static const struct sym_out plt_sec[] = {
		{ 0x1010, 0x1030, "main" }, { 0x1100, 0x1110, "puts@plt" },
		{ 0x1110, 0x1120, "free@plt" },
	};
	static const struct sym_out mangled[] = {
		{ 0x1010, 0x1030, "main" }, { 0x1100, 0x1110, "puts@plt" },
		{ 0x1110, 0x1120, "_Z4freePv@plt" },
	};
	struct symtab t = SYMTAB_INIT;
	struct dso dso = { 0 };
	char path[128];

	(void)state;
	plt_program(".plt", TEXT + 0x100, 0x30, path, sizeof(path));
	t.demangle = true;
	assert_true(symtab_load_elf(&t, path, NULL, false));
	symtab_finish(&t, &dso);
	check_table(".plt", &dso, plt);
	dso_release(&dso);

	plt_program(".plt.sec", TEXT + 0x100, 0x20, path, sizeof(path));
	t = (struct symtab)SYMTAB_INIT;
	t.demangle = true;
	assert_true(symtab_load_elf(&t, path, NULL, false));
	symtab_finish(&t, &dso);
	check_table(".plt.sec", &dso, plt_sec);
	dso_release(&dso);
	/* perf-mini's names as the ELF has them unless asked to demangle */
	load(path, NULL, false, &dso);
	check_table("mangled", &dso, mangled);
	dso_release(&dso);
}

/* The same symbols from the bytes in memory (the vDSO's way) */
static void test_symbol_elf__image_in_memory(void **state)
{
	static const struct sym_out want[] = {
		{ 0x1010, 0x1030, "main" }, { 0x1040, 0x1050, "resolver" },
		{ 0x1060, 0x2008, "code_label" }, { 0x2008, 0x2010, "counter" },
	};
	struct strbuf img = STRBUF_INIT;
	struct symtab t = SYMTAB_INIT;
	struct dso dso = { 0 };
	struct fake_elf e;

	(void)state;
	program_symbols(&e, layout(&e, true));
	fake_elf__image(&e, &img);
	assert_true(symtab_load_elf_image(&t, img.buf, img.len));
	symtab_finish(&t, &dso);
	check_table("image", &dso, want);
	dso_release(&dso);
	strbuf_release(&img);
}

static void test_symbol_elf__build_id(void **state)
{
	uint8_t id[20], got[32];
	struct fake_elf e;
	char path[128];

	(void)state;
	for (int i = 0; i < 20; i++)
		id[i] = (uint8_t)(0xa0 + i);
	layout(&e, true);
	fake_elf__build_id(&e, id, sizeof(id));
	fake_elf__write(&e, path_of("with-id", path, sizeof(path)));
	memset(got, 0, sizeof(got));
	assert_int_equal(elf_read_build_id(path, got, sizeof(got)), 20);
	assert_memory_equal(got, id, 20);
	assert_int_equal(got[20], 0);
	/* no more than asked */
	memset(got, 0, sizeof(got));
	assert_int_equal(elf_read_build_id(path, got, 8), 8);
	assert_memory_equal(got, id, 8);
	assert_int_equal(got[8], 0);
	/* none */
	layout(&e, true);
	fake_elf__write(&e, path_of("no-id", path, sizeof(path)));
	assert_int_equal(elf_read_build_id(path, got, sizeof(got)), 0);
	assert_int_equal(elf_read_build_id(path_of("missing", path, sizeof(path)), got,
					   sizeof(got)), 0);
}

static int setup(void **state)
{
	(void)state;
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	char cmd[64];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd) ? -1 : 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_symbol_elf__table_like_perf),
		cmocka_unit_test(test_symbol_elf__kept_at_file_offsets),
		cmocka_unit_test(test_symbol_elf__kernel_addresses),
		cmocka_unit_test(test_symbol_elf__runtime_layout),
		cmocka_unit_test(test_symbol_elf__not_an_elf),
		cmocka_unit_test(test_symbol_elf__dynsym),
		cmocka_unit_test(test_symbol_elf__plt_stubs),
		cmocka_unit_test(test_symbol_elf__image_in_memory),
		cmocka_unit_test(test_symbol_elf__build_id),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
