// SPDX-License-Identifier: GPL-2.0
/*
 * The ELF walks profviz.so shares with perf-mini: a file offset becomes
 * the address its PT_LOAD maps it to (only inside the segment's bytes in
 * the file; elsewhere the offset stays), the first symbol a test accepts
 * is found in the table of the kind asked (with its name, "" for none),
 * and a section is found by its whole name. The ELF is written here.
 */
#include <inttypes.h>
#include <libelf.h>

#include "../unit-test.h"
#include "../../../util/base/util.h"
#include "../../../util/symbols/elf-walk.h"
#include "fake-elf.h"

struct image {
	struct strbuf bytes;
	Elf *elf;
};

/* Two segments, text and data, and the symbols of @dynamic's table. */
static void image_open(struct image *im, bool dynamic)
{
	struct fake_elf e;
	int text, data;

	fake_elf__init(&e, ET_DYN);
	e.dynamic = dynamic;
	text = fake_elf__section(&e, ".text", SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, 0x401000,
				 0x1000, NULL, 0x100);
	fake_elf__section(&e, ".text.unlikely", SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, 0x401100,
			  0x1100, NULL, 0x10);
	data = fake_elf__section(&e, ".data", SHT_PROGBITS, SHF_ALLOC | SHF_WRITE, 0x603000,
				 0x2000, NULL, 0x80);
	fake_elf__load(&e, 0x1000, 0x401000, 0x110, PF_R | PF_X);
	fake_elf__load(&e, 0x2000, 0x603000, 0x80, PF_R | PF_W);
	fake_elf__sym(&e, "main", 0x401010, 0x20, STT_FUNC, STB_GLOBAL, (uint16_t)text);
	fake_elf__sym(&e, "", 0x401040, 0, STT_NOTYPE, STB_LOCAL, (uint16_t)text);
	fake_elf__sym(&e, "counter", 0x603008, 8, STT_OBJECT, STB_GLOBAL, (uint16_t)data);
	fake_elf__sym(&e, dynamic ? "dyn_only" : "helper", 0x401060, 0x10, STT_FUNC, STB_LOCAL,
		      (uint16_t)text);
	strbuf_init(&im->bytes, 0);
	fake_elf__image(&e, &im->bytes);
	elf_version(EV_CURRENT);
	im->elf = elf_memory(im->bytes.buf, im->bytes.len);
	assert_non_null(im->elf);
}

static void image_close(struct image *im)
{
	elf_end(im->elf);
	strbuf_release(&im->bytes);
}

struct offset_case {
	uint64_t off, vaddr;
};

static const struct offset_case offset_cases[] = {
	{ 0x1000, 0x401000 },		/* a segment's first byte */
	{ 0x1010, 0x401010 },
	{ 0x110f, 0x40110f },		/* its last */
	{ 0x1110, 0x1110 },		/* one past: no segment, the offset */
	{ 0x2040, 0x603040 },		/* the second segment */
	{ 0x2080, 0x2080 },
	{ 0x0fff, 0x0fff },		/* before any */
	{ 0, 0 },
	{ UINT64_MAX, UINT64_MAX },
};

static void test_elf_walk__offset_to_vaddr(void **state)
{
	struct image im;

	(void)state;
	image_open(&im, false);
	for (size_t i = 0; i < ARRAY_SIZE(offset_cases); i++)
		if (elf_offset_to_vaddr(im.elf, offset_cases[i].off) != offset_cases[i].vaddr)
			fail_msg("offset %#" PRIx64 ": %#" PRIx64, offset_cases[i].off,
				 elf_offset_to_vaddr(im.elf, offset_cases[i].off));
	/* no ELF: the offset as it is */
	assert_int_equal(elf_offset_to_vaddr(NULL, 0x1010), 0x1010);
	image_close(&im);
}

static bool named(const GElf_Sym *sym, const char *name, void *ctx)
{
	(void)sym;
	return !strcmp(name, ctx);
}

static bool at_addr(const GElf_Sym *sym, const char *name, void *ctx)
{
	(void)name;
	return sym->st_value == *(uint64_t *)ctx;
}

static bool is_object(const GElf_Sym *sym, const char *name, void *ctx)
{
	(void)name, (void)ctx;
	return GELF_ST_TYPE(sym->st_info) == STT_OBJECT;
}

static void test_elf_walk__find_symbol(void **state)
{
	uint64_t addr = 0x401040;
	const char *name;
	struct image im;
	GElf_Sym sym;

	(void)state;
	image_open(&im, false);
	name = elf_find_symbol(im.elf, SHT_SYMTAB, named, "main", &sym);
	assert_string_equal(name, "main");
	assert_int_equal(sym.st_value, 0x401010);
	assert_int_equal(sym.st_size, 0x20);
	name = elf_find_symbol(im.elf, SHT_SYMTAB, is_object, NULL, &sym);
	assert_string_equal(name, "counter");
	assert_int_equal(sym.st_value, 0x603008);
	/* a symbol without a name: "", never NULL */
	name = elf_find_symbol(im.elf, SHT_SYMTAB, at_addr, &addr, &sym);
	assert_non_null(name);
	assert_string_equal(name, "");
	assert_null(elf_find_symbol(im.elf, SHT_SYMTAB, named, "missing", &sym));
	/* only the table asked for */
	assert_null(elf_find_symbol(im.elf, SHT_DYNSYM, named, "main", &sym));
	image_close(&im);

	image_open(&im, true);
	assert_string_equal(elf_find_symbol(im.elf, SHT_DYNSYM, named, "dyn_only", &sym),
			    "dyn_only");
	assert_null(elf_find_symbol(im.elf, SHT_SYMTAB, named, "dyn_only", &sym));
	image_close(&im);
}

struct section_case {
	const char *name;
	bool found;
	uint64_t addr, offset, size;
};

static const struct section_case section_cases[] = {
	{ ".text", true, 0x401000, 0x1000, 0x100 },
	{ ".text.unlikely", true, 0x401100, 0x1100, 0x10 },
	{ ".data", true, 0x603000, 0x2000, 0x80 },
	{ ".tex", false },		/* whole names only */
	{ ".text.", false },
	{ "text", false },
	{ "", false },
	{ ".bss", false },
};

static void test_elf_walk__section_by_name(void **state)
{
	struct image im;

	(void)state;
	image_open(&im, false);
	for (size_t i = 0; i < ARRAY_SIZE(section_cases); i++) {
		const struct section_case *c = &section_cases[i];
		GElf_Shdr sh;
		Elf_Scn *scn = elf_section_by_name(im.elf, c->name, &sh);

		if (!!scn != c->found)
			fail_msg("'%s' %s", c->name, scn ? "found" : "not found");
		if (!scn)
			continue;
		assert_int_equal(sh.sh_addr, c->addr);
		assert_int_equal(sh.sh_offset, c->offset);
		assert_int_equal(sh.sh_size, c->size);
	}
	image_close(&im);
}

/* Bytes that are no ELF: nothing found, no crash. */
static void test_elf_walk__not_an_elf(void **state)
{
	char junk[256];
	GElf_Shdr sh;
	GElf_Sym sym;
	Elf *elf;

	(void)state;
	memset(junk, 0x5a, sizeof(junk));
	elf_version(EV_CURRENT);
	elf = elf_memory(junk, sizeof(junk));
	assert_non_null(elf);
	assert_int_equal(elf_offset_to_vaddr(elf, 0x42), 0x42);
	assert_null(elf_section_by_name(elf, ".text", &sh));
	assert_null(elf_find_symbol(elf, SHT_SYMTAB, is_object, NULL, &sym));
	elf_end(elf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_elf_walk__offset_to_vaddr),
		cmocka_unit_test(test_elf_walk__find_symbol),
		cmocka_unit_test(test_elf_walk__section_by_name),
		cmocka_unit_test(test_elf_walk__not_an_elf),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
