// SPDX-License-Identifier: GPL-2.0
/*
 * Branch mode's IPC column as perf's ipc_lbr: a stack's cycles go to the
 * basic block from the previous entry's target to the entry's source,
 * inside one symbol; of the blocks ending at one instruction the longest
 * counts; a symbol's IPC is its covered instructions per cycle and its
 * coverage the share of its instructions any block covers, printed
 * "IPC  [ cover%]". No start known (stacks not of every branch), no
 * cycles, or a symbol never hit: zeros.
 *
 * The code is a small ELF written here (an x86-64 loop whose instructions
 * are counted by hand), mapped by a fake process: nothing of this host.
 */
#include <elf.h>
#include <linux/perf_event.h>
#include <sys/mman.h>
#include <unistd.h>

#include "../unit-test.h"
#include "../../../util/report/branch-cycles.h"

#define VADDR 0x400000ULL
#define TEXT_OFF 0x100
#define MAP_START 0x7f1234000000ULL
#define PID 77

/*
 * hot, 12 bytes, 6 instructions:
 *	0: nop  1: nop  2: mov %rdi,%rax  5: add $1,%rax  9: jne 0  b: ret
 * cold, 4 bytes, 3 instructions:
 *	0: xor %eax,%eax  2: nop  3: ret
 */
static const uint8_t text[] = {
	0x90, 0x90, 0x48, 0x89, 0xf8, 0x48, 0x83, 0xc0, 0x01, 0x75, 0xf5, 0xc3,
	0x31, 0xc0, 0x90, 0xc3,
};

#define HOT 0
#define HOT_SIZE 12
#define COLD 12
#define COLD_SIZE 4

/* An address of hot's or cold's code, as the process ran it */
#define AT(off) (MAP_START + TEXT_OFF + (off))

struct image {
	Elf64_Ehdr eh;
	Elf64_Phdr ph;
	uint8_t pad[TEXT_OFF - sizeof(Elf64_Ehdr) - sizeof(Elf64_Phdr)];
	uint8_t text[sizeof(text)];
	Elf64_Sym sym[3];
	char strtab[16];
	char shstrtab[40];
	Elf64_Shdr sh[5];
};

static void sections(struct image *im)
{
	size_t text_at = offsetof(struct image, text), sym_at = offsetof(struct image, sym);

	im->sh[1] = (Elf64_Shdr){ 1, SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, VADDR + text_at,
				  text_at, sizeof(text), 0, 0, 16, 0 };
	im->sh[2] = (Elf64_Shdr){ 7, SHT_SYMTAB, 0, 0, sym_at, sizeof(im->sym), 3, 1, 8,
				  sizeof(Elf64_Sym) };
	im->sh[3] = (Elf64_Shdr){ 15, SHT_STRTAB, 0, 0, offsetof(struct image, strtab),
				  sizeof(im->strtab), 0, 0, 1, 0 };
	im->sh[4] = (Elf64_Shdr){ 23, SHT_STRTAB, 0, 0, offsetof(struct image, shstrtab),
				  sizeof(im->shstrtab), 0, 0, 1, 0 };
}

/* An ET_EXEC with one PT_LOAD from its first byte, two functions */
static void write_elf(const char *path)
{
	static const char strtab[] = "\0hot\0cold";
	static const char shstrtab[] = "\0.text\0.symtab\0.strtab\0.shstrtab";
	struct image im = { 0 };
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	memcpy(im.eh.e_ident, ELFMAG, SELFMAG);
	im.eh.e_ident[EI_CLASS] = ELFCLASS64;
	im.eh.e_ident[EI_DATA] = ELFDATA2LSB;
	im.eh.e_ident[EI_VERSION] = EV_CURRENT;
	im.eh.e_type = ET_EXEC;
	im.eh.e_machine = EM_X86_64;
	im.eh.e_version = EV_CURRENT;
	im.eh.e_phoff = offsetof(struct image, ph);
	im.eh.e_shoff = offsetof(struct image, sh);
	im.eh.e_ehsize = sizeof(Elf64_Ehdr);
	im.eh.e_phentsize = sizeof(Elf64_Phdr);
	im.eh.e_phnum = 1;
	im.eh.e_shentsize = sizeof(Elf64_Shdr);
	im.eh.e_shnum = 5;
	im.eh.e_shstrndx = 4;
	im.ph = (Elf64_Phdr){ PT_LOAD, PF_R | PF_X, 0, VADDR, VADDR, sizeof(im), sizeof(im),
			      0x1000 };
	memcpy(im.text, text, sizeof(text));
	memcpy(im.strtab, strtab, sizeof(strtab));
	memcpy(im.shstrtab, shstrtab, sizeof(shstrtab));
	im.sym[1] = (Elf64_Sym){ 1, ELF64_ST_INFO(STB_GLOBAL, STT_FUNC), 0, 1,
				 VADDR + TEXT_OFF + HOT, HOT_SIZE };
	im.sym[2] = (Elf64_Sym){ 5, ELF64_ST_INFO(STB_GLOBAL, STT_FUNC), 0, 1,
				 VADDR + TEXT_OFF + COLD, COLD_SIZE };
	sections(&im);
	assert_int_equal(fwrite(&im, sizeof(im), 1, f), 1);
	assert_int_equal(fclose(f), 0);
}

struct world {
	char dir[32], path[64];
	struct dsos_config cfg;
	struct machine m;
	struct thread *t;
	const struct symbol *hot, *cold;
};

static int setup(void **state)
{
	struct world *w = calloc(1, sizeof(*w));
	struct mmap_desc d = { .start = MAP_START, .len = 0x1000, .pgoff = 0,
			       .prot = PROT_READ | PROT_EXEC };
	struct map *map;

	assert_non_null(w);
	snprintf(w->dir, sizeof(w->dir), "/tmp/pm-bc.XXXXXX");
	assert_non_null(mkdtemp(w->dir));
	snprintf(w->path, sizeof(w->path), "%s/loop", w->dir);
	write_elf(w->path);
	d.filename = w->path;
	assert_int_equal(machine__init(&w->m, &w->cfg), 0);
	machine__add_mmap(&w->m, PID, PID, &d);
	w->t = machine__findnew_thread(&w->m, PID, PID);
	map = maps__find(w->t->maps, AT(HOT));
	assert_non_null(map);
	w->hot = dso__find_symbol(&w->m.dsos, map->dso, map__map_ip(map, AT(HOT)));
	w->cold = dso__find_symbol(&w->m.dsos, map->dso, map__map_ip(map, AT(COLD)));
	assert_non_null(w->hot);
	assert_non_null(w->cold);
	assert_string_equal(w->hot->name, "hot");
	assert_string_equal(w->cold->name, "cold");
	*state = w;
	return 0;
}

static int teardown(void **state)
{
	struct world *w = *state;

	machine__exit(&w->m);
	unlink(w->path);
	rmdir(w->dir);
	free(w);
	return 0;
}

#define BR(f, t, c) { .from = (f), .to = (t), .cycles = (c) }
#define OUTSIDE 0x1000ULL	/* in no map */

struct bc_case {
	const char *what;
	bool nonany;
	struct perf_branch_entry stack[2][4];	/* two samples, newest first */
	size_t nr[2];
	const char *hot, *cold;
};

static const struct bc_case cases[] = {
	{ "the loop twice: 5 instructions in 10 cycles each, 5 of 6 covered", false,
	  { { BR(AT(9), AT(0), 10), BR(AT(9), AT(0), 10), BR(OUTSIDE, AT(0), 3) } }, { 3 },
	  "0.50  [ 83.3%]", "0.00  [  0.0%]" },
	{ "faster", false,
	  { { BR(AT(9), AT(0), 4), BR(AT(9), AT(0), 4), BR(OUTSIDE, AT(0), 3) } }, { 3 },
	  "1.25  [ 83.3%]", "0.00  [  0.0%]" },
	/* a shorter block ending at the jne, seen after the longer: left out */
	{ "the longest block counts", false,
	  { { BR(AT(9), AT(0), 10), BR(OUTSIDE, AT(0), 1) },
	    { BR(AT(9), AT(5), 1), BR(OUTSIDE, AT(5), 1) } }, { 2, 2 },
	  "0.50  [ 83.3%]", "0.00  [  0.0%]" },
	/* ... and before it: the count restarts with the longer */
	{ "a longer block restarts the count", false,
	  { { BR(AT(9), AT(5), 1), BR(OUTSIDE, AT(5), 1) },
	    { BR(AT(9), AT(0), 10), BR(OUTSIDE, AT(0), 1) } }, { 2, 2 },
	  "0.50  [ 83.3%]", "0.00  [  0.0%]" },
	{ "a block into cold, from its first byte", false,
	  { { BR(AT(COLD + 3), OUTSIDE, 6), BR(AT(9), AT(COLD), 2) } }, { 2 },
	  "0.00  [  0.0%]", "0.50  [100.0%]" },
	/* a block begun in another symbol: perf knows no start */
	{ "a start in another symbol", false,
	  { { BR(AT(9), OUTSIDE, 6), BR(OUTSIDE, AT(COLD + 2), 2) } }, { 2 },
	  "0.00  [  0.0%]", "0.00  [  0.0%]" },
	{ "no stack of every branch: no start", true,
	  { { BR(AT(9), AT(0), 10), BR(AT(9), AT(0), 10), BR(OUTSIDE, AT(0), 3) } }, { 3 },
	  "0.00  [  0.0%]", "0.00  [  0.0%]" },
	{ "the newest entry counted no cycles: the stack is not used", false,
	  { { BR(AT(9), AT(0), 0), BR(AT(9), AT(0), 10), BR(OUTSIDE, AT(0), 3) } }, { 3 },
	  "0.00  [  0.0%]", "0.00  [  0.0%]" },
	{ "no stack", false, { { { 0 } } }, { 0 }, "0.00  [  0.0%]", "0.00  [  0.0%]" },
};

static void cell(struct branch_cycles *bc, const struct symbol *sym, struct strbuf *sb)
{
	strbuf_reset(sb);
	branch_cycles__cell(bc, sym, sb);
}

static void test_branch_cycles__ipc_and_coverage(void **state)
{
	struct world *w = *state;
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct bc_case *c = &cases[i];
		struct branch_cycles *bc = branch_cycles__new(&w->m.dsos, "x86_64", c->nonany);

		print_message("%s\n", c->what);
		for (int k = 0; k < 2; k++) {
			struct perf_sample s = { .pid = PID, .tid = PID, .branches = c->stack[k],
						 .branch_nr = c->nr[k] };

			assert_int_equal(branch_cycles__account(bc, &w->m, w->t, &s), 0);
		}
		cell(bc, w->hot, &sb);
		assert_string_equal(sb.buf, c->hot);
		cell(bc, w->cold, &sb);
		assert_string_equal(sb.buf, c->cold);
		cell(bc, w->hot, &sb);	/* computed once, asked again */
		assert_string_equal(sb.buf, c->hot);
		branch_cycles__delete(bc);
	}
	branch_cycles__delete(NULL);
	strbuf_release(&sb);
}

/* Without a disassembler for the code's architecture: no IPC, no crash. */
static void test_branch_cycles__unknown_arch(void **state)
{
	struct world *w = *state;
	struct branch_cycles *bc = branch_cycles__new(&w->m.dsos, "riscv64", false);
	struct perf_branch_entry br[] = { BR(AT(9), AT(0), 10), BR(OUTSIDE, AT(0), 3) };
	struct perf_sample s = { .pid = PID, .tid = PID, .branches = br, .branch_nr = 2 };
	struct strbuf sb = STRBUF_INIT;

	assert_int_equal(branch_cycles__account(bc, &w->m, w->t, &s), 0);
	cell(bc, w->hot, &sb);
	assert_string_equal(sb.buf, "0.00  [  0.0%]");
	branch_cycles__delete(bc);
	strbuf_release(&sb);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_branch_cycles__ipc_and_coverage),
		cmocka_unit_test(test_branch_cycles__unknown_arch),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
