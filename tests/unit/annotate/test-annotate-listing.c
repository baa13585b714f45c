// SPDX-License-Identifier: GPL-2.0
/*
 * One symbol's listing as perf reads it from objdump -l -S: objdump's
 * heading and label, the function line objdump -l names from the symbol
 * table (none in a stripped file), each instruction's text as objdump
 * spells it, trimmed as perf trims it, and the samples of every byte up
 * to the next instruction's offset (with --asm-raw objdump's line of the
 * bytes past seven is such an offset too). The program is an ELF file
 * written by the test, its code known to the byte.
 */
#include <unistd.h>

#include "../unit-test.h"
#include "../../../util/base/util.h"
#include "../../../util/annotate/annotate-listing.h"
#include "../symbols/fake-elf.h"

static char dir[] = "/tmp/pm-annotate-listing.XXXXXX";

/* f, at 0x401000; objdump -d's text of each instruction */
static const uint8_t code[] = {
	0x55,					/* push   %rbp */
	0x48, 0x89, 0xe5,			/* mov    %rsp,%rbp */
	0x31, 0xc0,				/* xor    %eax,%eax */
	0x48, 0xb8, 0x88, 0x77, 0x66, 0x55,	/* movabs $0x1122334455667788,%rax */
	0x44, 0x33, 0x22, 0x11,
	0x5d,					/* pop    %rbp */
	0xc3,					/* ret */
};

static void write_program(const char *path, bool stripped)
{
	uint8_t text[0x40] = { 0 };
	struct fake_elf e;
	int t;

	memcpy(text, code, sizeof(code));
	text[0x20] = 0xc3;
	fake_elf__init(&e, ET_DYN);
	e.dynamic = stripped;		/* .dynsym alone */
	t = fake_elf__section(&e, ".text", SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, 0x401000,
			      0x1000, text, sizeof(text));
	fake_elf__load(&e, 0x1000, 0x401000, sizeof(text), PF_R | PF_X);
	fake_elf__sym(&e, "f", 0x401000, sizeof(code), STT_FUNC, STB_GLOBAL, (uint16_t)t);
	fake_elf__sym(&e, "g", 0x401020, 1, STT_FUNC, STB_GLOBAL, (uint16_t)t);
	fake_elf__write(&e, path);
}

/* Everything listing_build() reads: the program's f and its samples. */
struct fixture {
	struct annotate_opts o;
	struct annotate a;
	struct ann_sym s;
	uint64_t period[sizeof(code)], samples[sizeof(code)];
	struct printer p;
	struct disasm *d;
	struct listing l;
};

static void build(struct fixture *fx, const char *name, bool stripped, bool asm_raw)
{
	struct dsos_config cfg = { 0 };
	struct strbuf err = STRBUF_INIT;
	char path[128];
	struct dso *dso;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	write_program(path, stripped);
	memset(fx, 0, sizeof(*fx));
	fx->o = (struct annotate_opts){ .demangle = true, .asm_raw = asm_raw };
	fx->a.o = &fx->o;
	assert_int_equal(machine__init(&fx->a.machine, &cfg), 0);
	dso = dsos__findnew(&fx->a.machine.dsos, path, false);
	dso__find_symbol(&fx->a.machine.dsos, dso, 0);	/* loads the table */
	assert_int_equal(dso->nr_syms, 2);
	assert_string_equal(dso->syms[0].name, "f");
	fx->period[0] = 10;	/* push */
	fx->period[5] = 30;	/* xor's second byte */
	fx->period[8] = 7;	/* movabs's immediate */
	fx->period[14] = 2;	/* past its seventh byte */
	fx->period[17] = 5;	/* ret */
	for (size_t i = 0; i < sizeof(code); i++)
		fx->samples[i] = fx->period[i] ? 1 : 0;
	fx->s = (struct ann_sym){ .dso = dso, .sym = &dso->syms[0], .period = 54, .samples = 5,
				  .byte_period = fx->period, .byte_samples = fx->samples };
	fx->p = (struct printer){ .a = &fx->a, .s = &fx->s, .line = STRBUF_INIT };
	assert_true(sym_code__open(&fx->p.code, &fx->a.machine.dsos, dso, fx->s.sym));
	fx->d = disasm__new("x86_64", false, &err);
	assert_non_null(fx->d);
	strbuf_release(&err);
	listing_build(&fx->l, &fx->p, fx->d);
}

static void release(struct fixture *fx)
{
	listing_release(&fx->l);
	disasm__delete(fx->d);
	sym_code__close(&fx->p.code);
	strbuf_release(&fx->p.line);
	srclines__exit(&fx->a.srclines);
	srccode__exit(&fx->a.srccode);
	machine__exit(&fx->a.machine);
}

struct line_want {
	int64_t off;
	const char *text;
	uint64_t period, samples;
};

static void check(const struct listing *l, const struct line_want *want, size_t n)
{
	if (l->n != n)
		fail_msg("%zu lines, not %zu", l->n, n);
	for (size_t i = 0; i < n; i++) {
		const struct listing_line *got = &l->v[i];

		if (got->off != want[i].off || strcmp(got->text, want[i].text) ||
		    got->period != want[i].period || got->samples != want[i].samples)
			fail_msg("line %zu: %lld '%s' %llu/%llu", i, (long long)got->off, got->text,
				 (unsigned long long)got->period,
				 (unsigned long long)got->samples);
		assert_string_equal(got->arrow, "");
	}
}

#define HEADING \
	{ LISTING_TEXT, "" }, { LISTING_TEXT, "" }, { LISTING_TEXT, "" }, \
	{ LISTING_TEXT, "Disassembly of section .text:" }, { LISTING_TEXT, "" }, \
	{ LISTING_TEXT, "0000000000401000 <f>:" }

/* objdump -d -l of a program built without -g: "f():" from .symtab */
static void test_annotate_listing__program_without_dwarf(void **state)
{
	static const struct line_want want[] = {
		HEADING,
		{ LISTING_TEXT, "f():" },
		{ 0, "push   %rbp", 10, 1 },
		{ 1, "mov    %rsp,%rbp", 0, 0 },
		{ 4, "xor    %eax,%eax", 30, 1 },
		{ 6, "movabs $0x1122334455667788,%rax", 9, 2 },
		{ 16, "pop    %rbp", 0, 0 },
		{ 17, "ret", 5, 1 },
	};
	struct fixture fx;

	(void)state;
	build(&fx, "prog", false, false);
	check(&fx.l, want, ARRAY_SIZE(want));
	release(&fx);
}

/* bfd has no symbols to name a function of a stripped file by */
static void test_annotate_listing__stripped_program(void **state)
{
	static const struct line_want want[] = {
		HEADING,
		{ 0, "push   %rbp", 10, 1 },
		{ 1, "mov    %rsp,%rbp", 0, 0 },
		{ 4, "xor    %eax,%eax", 30, 1 },
		{ 6, "movabs $0x1122334455667788,%rax", 9, 2 },
		{ 16, "pop    %rbp", 0, 0 },
		{ 17, "ret", 5, 1 },
	};
	struct fixture fx;

	(void)state;
	build(&fx, "stripped", true, false);
	check(&fx.l, want, ARRAY_SIZE(want));
	release(&fx);
}

/* --asm-raw: objdump's second line of a long instruction's bytes takes
 * the samples from its offset on, as perf counts them */
static void test_annotate_listing__asm_raw(void **state)
{
	struct fixture fx;
	size_t i;

	(void)state;
	build(&fx, "raw", false, true);
	for (i = 0; i < fx.l.n && fx.l.v[i].off != 6; i++)
		;
	assert_true(i + 2 < fx.l.n);
	assert_non_null(strstr(fx.l.v[i].text, "48 b8 88 77 66 55 44"));
	assert_non_null(strstr(fx.l.v[i].text, "movabs $0x1122334455667788,%rax"));
	assert_int_equal(fx.l.v[i].period, 7);
	assert_int_equal(fx.l.v[i + 1].off, 13);
	assert_string_equal(fx.l.v[i + 1].text, "33 22 11");
	assert_int_equal(fx.l.v[i + 1].period, 2);
	assert_int_equal(fx.l.v[i + 2].off, 16);
	release(&fx);
}

struct trim_case {
	const char *in, *out;
};

static const struct trim_case trim_cases[] = {
	{ "mov    %rsp,%rbp", "mov    %rsp,%rbp" },
	{ "  \tmov    %rsp,%rbp \t\n", "mov    %rsp,%rbp" },	/* the inside stays */
	{ "", "" },
	{ " \t\n ", "" },
	{ "x", "x" },
	{ "\n./elf/dl-lookup.c:71\n", "./elf/dl-lookup.c:71" },
};

static void test_annotate_listing__add_trims(void **state)
{
	struct listing l = { 0 };

	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(trim_cases); i++)
		listing_add(&l, (int64_t)i - 2, trim_cases[i].in);
	assert_int_equal(l.n, ARRAY_SIZE(trim_cases));
	for (size_t i = 0; i < ARRAY_SIZE(trim_cases); i++) {
		assert_string_equal(l.v[i].text, trim_cases[i].out);
		assert_int_equal(l.v[i].off, (int64_t)i - 2);
		assert_int_equal(l.v[i].period, 0);
		assert_int_equal(l.v[i].jump_sources, 0);
		assert_string_equal(l.v[i].arrow, "");
		assert_int_equal(l.v[i].shown.len, 0);
	}
	listing_release(&l);
}

static int setup(void **state)
{
	(void)state;
	if (!mkdtemp(dir))
		return -1;
	/* nothing read from or written to this user's caches */
	setenv("HOME", dir, 1);
	setenv("XDG_CACHE_HOME", dir, 1);
	setenv("PERF_BUILDID_DIR", dir, 1);
	return 0;
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
		cmocka_unit_test(test_annotate_listing__program_without_dwarf),
		cmocka_unit_test(test_annotate_listing__stripped_program),
		cmocka_unit_test(test_annotate_listing__asm_raw),
		cmocka_unit_test(test_annotate_listing__add_trims),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
