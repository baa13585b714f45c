// SPDX-License-Identifier: GPL-2.0
/*
 * One frame up by the CFI rules libdw reads, as libdwfl's handle_cfi()
 * takes it: the caller's registers from the CFA (a register plus an
 * offset), each register undefined, unchanged, saved at or beside the
 * CFA; rbx unchanged where the CFI says nothing (libdw's x86-64 default
 * rules lose it); the stack's end where the return address is undefined,
 * unreadable or zero; libdwfl asked for anything else (no CFI there, or a
 * rule of another kind). The program and its .eh_frame are written here.
 */
#include <dwarf.h>
#include <elfutils/libdwfl.h>
#include <fcntl.h>
#include <unistd.h>

#include "../unit-test.h"
#include "../../../util/base/util.h"
#include "../../../util/symbols/unwind-step.h"
#include "fake-elf.h"

enum { RAX = 0, RBX = 3, RBP = 6, RSP = 7, R12 = 12 };

#define TEXT 0x401000
#define F TEXT			/* push %rbp; mov %rsp,%rbp; ...: a frame pointer */
#define G (TEXT + 0x40)		/* rbp kept in rbx: a rule of another kind */
#define H (TEXT + 0x80)		/* _start: the return address undefined */
#define NOWHERE (TEXT + 0xc0)	/* no CFI */

static char dir[] = "/tmp/pm-unwind-step.XXXXXX";

static void uleb(struct strbuf *sb, uint64_t v)
{
	do {
		uint8_t b = v & 0x7f;

		v >>= 7;
		strbuf_addch(sb, v ? b | 0x80 : b);
	} while (v);
}

/* An FDE of [@start, @start + @len) with @ops, after the CIE at 0. */
static void fde(struct strbuf *eh, uint64_t start, uint64_t len, const struct strbuf *ops)
{
	size_t at = eh->len;
	uint32_t u32 = 0;

	strbuf_add(eh, &u32, 4);			/* length, below */
	u32 = (uint32_t)(eh->len);			/* back to the CIE */
	strbuf_add(eh, &u32, 4);
	strbuf_add(eh, &start, 8);			/* absptr */
	strbuf_add(eh, &len, 8);
	strbuf_add(eh, ops->buf, ops->len);
	while ((eh->len - at) % 8)
		strbuf_addch(eh, DW_CFA_nop);
	u32 = (uint32_t)(eh->len - at - 4);
	memcpy(eh->buf + at, &u32, 4);
}

/* The CIE: CFA = rsp + 8, return address at CFA - 8 (a call's). */
static void cie(struct strbuf *eh)
{
	static const uint8_t body[] = {
		0, 0, 0, 0,			/* CIE id */
		1, 0,				/* version, augmentation "" */
		1, 0x78, 16,			/* code 1, data -8, return address r16 */
		DW_CFA_def_cfa, RSP, 8,
		DW_CFA_offset | 16, 1,
		DW_CFA_nop, DW_CFA_nop, DW_CFA_nop, DW_CFA_nop, DW_CFA_nop, DW_CFA_nop,
	};
	uint32_t len = sizeof(body);

	strbuf_add(eh, &len, 4);
	strbuf_add(eh, body, sizeof(body));
}

static void eh_frame(struct strbuf *eh)
{
	struct strbuf ops = STRBUF_INIT;
	uint32_t end = 0;

	cie(eh);
	/* f: push %rbp (1 byte); mov %rsp,%rbp (3 bytes) */
	strbuf_addch(&ops, DW_CFA_advance_loc | 1);
	strbuf_addch(&ops, DW_CFA_def_cfa_offset);
	uleb(&ops, 16);
	strbuf_addch(&ops, DW_CFA_offset | RBP);
	uleb(&ops, 2);
	strbuf_addch(&ops, DW_CFA_advance_loc | 3);
	strbuf_addch(&ops, DW_CFA_def_cfa_register);
	uleb(&ops, RBP);
	fde(eh, F, 0x20, &ops);
	/* g: rbp in rbx from its second byte */
	strbuf_reset(&ops);
	strbuf_addch(&ops, DW_CFA_advance_loc | 1);
	strbuf_addch(&ops, DW_CFA_register);
	uleb(&ops, RBP);
	uleb(&ops, RBX);
	fde(eh, G, 0x20, &ops);
	/* h: the outermost frame */
	strbuf_reset(&ops);
	strbuf_addch(&ops, DW_CFA_undefined);
	uleb(&ops, 16);
	fde(eh, H, 0x20, &ops);
	strbuf_add(eh, &end, 4);
	strbuf_release(&ops);
}

static const char *write_program(char *path, size_t size)
{
	struct strbuf eh = STRBUF_INIT;
	struct fake_elf e;
	int text;

	eh_frame(&eh);
	fake_elf__init(&e, ET_EXEC);
	text = fake_elf__section(&e, ".text", SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, TEXT,
				 0x1000, NULL, 0x100);
	fake_elf__section(&e, ".eh_frame", SHT_PROGBITS, SHF_ALLOC, TEXT + 0x100, 0x1100, eh.buf,
			  eh.len);
	fake_elf__load(&e, 0x1000, TEXT, 0x100 + eh.len, PF_R | PF_X);
	fake_elf__sym(&e, "f", F, 0x20, STT_FUNC, STB_GLOBAL, (uint16_t)text);
	snprintf(path, size, "%s/prog", dir);
	fake_elf__write(&e, path);
	strbuf_release(&eh);
	return path;
}

/* Nothing looked for elsewhere (no debuginfod, no /usr/lib/debug) */
static int no_debuginfo(Dwfl_Module *mod, void **userdata, const char *modname, Dwarf_Addr base,
			const char *file_name, const char *debuglink_file, GElf_Word crc,
			char **debuginfo_file_name)
{
	(void)mod, (void)userdata, (void)modname, (void)base, (void)file_name;
	(void)debuglink_file, (void)crc, (void)debuginfo_file_name;
	return -1;
}

static const Dwfl_Callbacks callbacks = {
	.find_elf = dwfl_build_id_find_elf,
	.find_debuginfo = no_debuginfo,
	.section_address = dwfl_offline_section_address,
};

struct fixture {
	Dwfl *dwfl;
	Dwfl_Module *mod;
	struct step_cache *cache;
};

/* The stack the reads see: words at 0x7ffe0000 up */
#define STACK 0x7ffe0000ULL
static const uint64_t stack[] = { 0xbbbb, 0x401234, 0x402000, 0 };

static bool read_stack(uint64_t addr, uint64_t *word, void *arg)
{
	(void)arg;
	if (addr < STACK || addr >= STACK + sizeof(stack) || addr % 8)
		return false;
	*word = stack[(addr - STACK) / 8];
	return true;
}

static struct step_regs regs(uint64_t rsp, uint64_t rbp)
{
	struct step_regs r = { .set = 0 };

	r.val[RSP] = rsp;
	r.val[RBP] = rbp;
	r.val[RBX] = 0x3333;
	r.val[RAX] = 0x5555;
	r.val[R12] = 0xc12;
	r.val[1] = 0x1111;	/* rdx: call-clobbered */
	r.set = 1u << RSP | 1u << RBP | 1u << RBX | 1u << RAX | 1u << R12 | 1u << 1;
	return r;
}

static int setup(void **state)
{
	struct fixture *fx = calloc(1, sizeof(*fx));
	char path[128];

	if (!fx || !mkdtemp(dir))
		return -1;
	write_program(path, sizeof(path));
	fx->dwfl = dwfl_begin(&callbacks);
	fx->mod = fx->dwfl ? dwfl_report_elf(fx->dwfl, "prog", path, -1, 0, false) : NULL;
	if (!fx->mod || dwfl_report_end(fx->dwfl, NULL, NULL))
		return -1;
	fx->cache = step_cache__new();
	*state = fx;
	return fx->cache ? 0 : -1;
}

static int teardown(void **state)
{
	struct fixture *fx = *state;
	char cmd[64];

	step_cache__free(fx->cache);
	dwfl_end(fx->dwfl);
	free(fx);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd) ? -1 : 0;
}

struct step_case {
	const char *what;
	uint64_t pc;
	uint64_t rsp, rbp;
	enum step_result result;
	uint64_t ra, caller_rsp, caller_rbp;	/* for STEP_UP */
};

static const struct step_case step_cases[] = {
	/* at the call: the return address on top of the stack */
	{ "f's entry", F, STACK + 16, 0xfeed, STEP_UP, 0x402000, STACK + 24, 0xfeed },
	/* after push %rbp: the caller's rbp below the return address */
	{ "f after the push", F + 1, STACK, 0xfeed, STEP_UP, 0x401234, STACK + 16, 0xbbbb },
	{ "f after the push, later", F + 3, STACK, 0xfeed, STEP_UP, 0x401234, STACK + 16, 0xbbbb },
	/* the CFA from rbp now, whatever rsp is */
	{ "f with its frame pointer", F + 4, STACK - 0x100, STACK, STEP_UP, 0x401234, STACK + 16,
	  0xbbbb },
	{ "f, at its end", F + 0x1f, 0, STACK, STEP_UP, 0x401234, STACK + 16, 0xbbbb },
	/* the return address outside what was recorded: the end */
	{ "an unreadable return address", F, STACK + 0x100, 0xfeed, STEP_END },
	/* a zero return address is the caller's (perf's libunwind keeps it
	 * as a last frame, -1) */
	{ "a zero return address", F, STACK + 24, 0xfeed, STEP_UP, 0, STACK + 32, 0xfeed },
	{ "the outermost frame", H + 4, STACK + 8, 0xfeed, STEP_END },
	{ "g's entry: plain rules", G, STACK + 16, 0xfeed, STEP_UP, 0x402000, STACK + 24, 0xfeed },
	{ "g keeps rbp in rbx: libdwfl's to follow", G + 2, STACK + 8, 0xfeed, STEP_UNKNOWN },
	{ "no CFI there", NOWHERE, STACK + 8, 0xfeed, STEP_UNKNOWN },
};

static void test_unwind_step__steps(void **state)
{
	struct fixture *fx = *state;

	for (size_t i = 0; i < ARRAY_SIZE(step_cases); i++) {
		const struct step_case *c = &step_cases[i];
		struct step_regs in = regs(c->rsp, c->rbp), out;
		enum step_result r;

		memset(&out, 0xee, sizeof(out));
		r = step_up(fx->cache, fx->mod, c->pc, &in, &out, read_stack, NULL);
		if (r != c->result)
			fail_msg("%s: result %d, not %d", c->what, r, c->result);
		if (r != STEP_UP)
			continue;
		if (out.val[STEP_RA] != c->ra || out.val[RSP] != c->caller_rsp ||
		    out.val[RBP] != c->caller_rbp || !(out.set >> STEP_RA & 1) ||
		    !(out.set >> RSP & 1) || !(out.set >> RBP & 1))
			fail_msg("%s: ra %#lx rsp %#lx rbp %#lx", c->what,
				 (unsigned long)out.val[STEP_RA], (unsigned long)out.val[RSP],
				 (unsigned long)out.val[RBP]);
	}
}

/* Which registers the caller has: the callee-saved unchanged (rbx too),
 * the call-clobbered not */
static void test_unwind_step__registers_kept(void **state)
{
	struct fixture *fx = *state;
	struct step_regs in = regs(STACK + 8, 0xfeed), out;

	assert_int_equal(step_up(fx->cache, fx->mod, F, &in, &out, read_stack, NULL), STEP_UP);
	assert_true(out.set >> RBX & 1);
	assert_int_equal(out.val[RBX], 0x3333);
	assert_true(out.set >> R12 & 1);
	assert_int_equal(out.val[R12], 0xc12);
	assert_false(out.set >> 1 & 1);		/* rdx */
	/* unchanged, but unknown in the frame: unknown in the caller */
	in.set &= ~(1u << R12);
	assert_int_equal(step_up(fx->cache, fx->mod, F, &in, &out, read_stack, NULL), STEP_UP);
	assert_false(out.set >> R12 & 1);
}

/* The CFA's register unknown: nothing saved there can be read */
static void test_unwind_step__cfa_unknown(void **state)
{
	struct fixture *fx = *state;
	struct step_regs in = regs(STACK - 0x100, 0), out;

	in.set &= ~(1u << RBP);
	assert_int_equal(step_up(fx->cache, fx->mod, F + 4, &in, &out, read_stack, NULL),
			 STEP_END);
	assert_false(out.set >> RSP & 1);
	assert_false(out.set >> STEP_RA & 1);
}

/* The rules are kept: asked again, the same answer, for any number of
 * addresses */
static void test_unwind_step__cached(void **state)
{
	struct fixture *fx = *state;

	for (int round = 0; round < 3; round++) {
		for (uint64_t pc = F + 4; pc < F + 0x20; pc++) {
			struct step_regs in = regs(0, STACK), out;
			enum step_result r;

			r = step_up(fx->cache, fx->mod, pc, &in, &out, read_stack, NULL);
			assert_int_equal(r, STEP_UP);
			assert_int_equal(out.val[STEP_RA], 0x401234);
		}
		for (uint64_t pc = G + 1; pc < G + 0x20; pc++) {
			struct step_regs in = regs(STACK + 8, 0), out;
			enum step_result r;

			r = step_up(fx->cache, fx->mod, pc, &in, &out, read_stack, NULL);
			assert_int_equal(r, STEP_UNKNOWN);
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_unwind_step__steps),
		cmocka_unit_test(test_unwind_step__registers_kept),
		cmocka_unit_test(test_unwind_step__cfa_unknown),
		cmocka_unit_test(test_unwind_step__cached),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
