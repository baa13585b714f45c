// SPDX-License-Identifier: GPL-2.0
/*
 * capstone's text spelled as objdump's (what perf annotate shows), and
 * instructions capstone 4 cannot decode kept whole, so that the ones
 * after them start where they do.
 */
#include "../unit-test.h"
#include "../../../util/disasm/disasm.h"

struct seen {
	char text[16][200];
	uint64_t addr[16], target[16];
	int n;
};

static int keep(const struct disasm_insn *in, void *ctx)
{
	struct seen *s = ctx;

	if (s->n == 16)
		return 1;
	snprintf(s->text[s->n], sizeof(s->text[0]), "%s%s%s", in->mnemonic, in->operands[0] ? " " : "",
		 in->operands);
	s->addr[s->n] = in->addr;
	s->target[s->n] = in->has_target ? in->target : 0;
	s->n++;
	return 0;
}

static void walk(bool intel, const uint8_t *code, size_t size, uint64_t addr, struct seen *s)
{
	struct strbuf err = STRBUF_INIT;
	struct disasm *d = disasm__new("x86_64", intel, &err);

	assert_non_null(d);
	memset(s, 0, sizeof(*s));
	disasm__walk(d, code, size, addr, keep, s);
	disasm__delete(d);
	strbuf_release(&err);
}

static void test_disasm__objdump_spelling(void **state)
{
	static const uint8_t code[] = {
		0x48, 0x89, 0xf8,				/* mov %rdi,%rax */
		0x49, 0xb8, 0x2d, 0x7f, 0x95, 0x4c, 0x2d, 0xf4, 0x51, 0x58,	/* movabs */
		0x48, 0x83, 0xc1, 0x01,				/* add $0x1,%rcx */
		0x0f, 0x1f, 0x40, 0x00,				/* nopl 0x0(%rax) */
		0x3e, 0xff, 0xe0,				/* notrack jmp *%rax */
		0x7e, 0x02,					/* jle */
		0xc3,						/* ret */
	};
	struct seen s;

	(void)state;
	walk(false, code, sizeof(code), 0x1159, &s);
	assert_int_equal(s.n, 7);
	assert_string_equal(s.text[0], "mov %rdi,%rax");
	assert_string_equal(s.text[1], "movabs $0x5851f42d4c957f2d,%r8");
	assert_string_equal(s.text[2], "add $0x1,%rcx");
	assert_string_equal(s.text[3], "nopl 0x0(%rax)");
	assert_string_equal(s.text[4], "notrack jmp *%rax");
	assert_string_equal(s.text[5], "jle");
	assert_int_equal(s.target[5], 0x1159 + sizeof(code) - 1 + 2);
	assert_string_equal(s.text[6], "ret");
	walk(true, code, 3, 0x1159, &s);
	assert_string_equal(s.text[0], "mov rax,rdi");
}

/* the rules objdump spells by that capstone does not follow */
static void test_disasm__objdump_rules(void **state)
{
	static const uint8_t code[] = {
		0x48, 0xc7, 0x44, 0x24, 0x68, 0xff, 0xff, 0xff, 0xff,	/* movq $-1,0x68(%rsp) */
		0xf2, 0x42, 0x0f, 0x10, 0x04, 0x20,		/* movsd (%rax,%r12,1),%xmm0 */
		0x49, 0xd1, 0xfe,				/* sar %r14 */
		0x66, 0x90,					/* xchg %ax,%ax */
		0x66, 0x2e, 0x0f, 0x1f, 0x84, 0x00, 0x00, 0x00, 0x00, 0x00,	/* cs nopw */
		0xf3, 0x48, 0xab,				/* rep stos %rax,%es:(%rdi) */
		0x91,						/* xchg %eax,%ecx */
		0xf2, 0x48, 0x0f, 0x2a, 0x04, 0x24,		/* cvtsi2sdq (%rsp),%xmm0 */
		0x0f, 0xc7, 0x64, 0x24, 0x40,			/* xsavec 0x40(%rsp) */
	};
	struct seen s;

	(void)state;
	walk(false, code, sizeof(code), 0x1000, &s);
	assert_int_equal(s.n, 9);
	assert_string_equal(s.text[0], "movq $0xffffffffffffffff,0x68(%rsp)");
	assert_string_equal(s.text[1], "movsd (%rax,%r12,1),%xmm0");
	assert_string_equal(s.text[2], "sar %r14");
	assert_string_equal(s.text[3], "xchg %ax,%ax");
	assert_string_equal(s.text[4], "cs nopw 0x0(%rax,%rax,1)");
	assert_string_equal(s.text[5], "rep stos %rax,%es:(%rdi)");
	assert_string_equal(s.text[6], "xchg %eax,%ecx");
	assert_string_equal(s.text[7], "cvtsi2sdq (%rsp),%xmm0");
	walk(true, code, sizeof(code), 0x1000, &s);
	assert_string_equal(s.text[0], "mov QWORD PTR [rsp+0x68],0xffffffffffffffff");
	assert_string_equal(s.text[1], "movsd xmm0,QWORD PTR [rax+r12*1]");
	assert_string_equal(s.text[2], "sar r14,1");
	assert_string_equal(s.text[6], "xchg ecx,eax");
	assert_string_equal(s.text[8], "xsavec [rsp+0x40]");
}

/* x87 compares as objdump writes them (checked against objdump on these
 * bytes): the implicit %st of fcomi/fucomi(p) spelled out, the others not */
static void test_disasm__x87_compares(void **state)
{
	static const uint8_t code[] = {
		0xdb, 0xe8, 0xdf, 0xe9, 0xdb, 0xf1, 0xdf, 0xf2,	/* f(u)comi(p) */
		0xd8, 0xd1, 0xde, 0xd9, 0xdd, 0xe1, 0xda, 0xe9,	/* fcom, fcompp, fucom, fucompp */
	};
	static const char *const att[] = {
		"fucomi %st(0),%st", "fucomip %st(1),%st", "fcomi %st(1),%st",
		"fcomip %st(2),%st", "fcom %st(1)", "fcompp", "fucom %st(1)", "fucompp",
	};
	static const char *const intel[] = {
		"fucomi st,st(0)", "fucomip st,st(1)", "fcomi st,st(1)", "fcomip st,st(2)",
		"fcom st(1)", "fcompp", "fucom st(1)", "fucompp",
	};
	struct seen s;

	(void)state;
	walk(false, code, sizeof(code), 0x1000, &s);
	assert_int_equal(s.n, 8);
	for (int i = 0; i < 8; i++)
		assert_string_equal(s.text[i], att[i]);
	walk(true, code, sizeof(code), 0x1000, &s);
	for (int i = 0; i < 8; i++)
		assert_string_equal(s.text[i], intel[i]);
}

/* x87 80-bit memory operands: objdump's "TBYTE PTR" for capstone's
 * "xword ptr" (checked against objdump on these bytes) */
static void test_disasm__x87_tbyte(void **state)
{
	static const uint8_t code[] = {
		0xdb, 0x2a, 0xdb, 0x3c, 0x24, 0xd9, 0x2a,	/* fldt, fstpt, fldcw */
	};
	static const char *const att[] = { "fldt (%rdx)", "fstpt (%rsp)", "fldcw (%rdx)" };
	static const char *const intel[] = {
		"fld TBYTE PTR [rdx]", "fstp TBYTE PTR [rsp]", "fldcw WORD PTR [rdx]",
	};
	struct seen s;

	(void)state;
	walk(false, code, sizeof(code), 0x1000, &s);
	assert_int_equal(s.n, 3);
	for (int i = 0; i < 3; i++)
		assert_string_equal(s.text[i], att[i]);
	walk(true, code, sizeof(code), 0x1000, &s);
	for (int i = 0; i < 3; i++)
		assert_string_equal(s.text[i], intel[i]);
}

/* What capstone 4 does not decode or misprints, in objdump's words
 * (objdump -D -b binary -mi386:x86-64 [-M intel] on these bytes): glibc's
 * AVX-512 mask instructions and compares, x87 arithmetic on two
 * registers, fwait with an x87 control instruction, rdpkru, CET's
 * rdssp and incssp (which capstone reads as lfence). */
static void test_disasm__capstone_gaps(void **state)
{
	static const uint8_t code[] = {
		0x62, 0xf3, 0x7d, 0x20, 0x3f, 0x07, 0x00, 0xc5, 0xfb, 0x93, 0xc0, 0x62,
		0xb3, 0x6d, 0x22, 0x3f, 0xc9, 0x00, 0x62, 0x93, 0x25, 0x20, 0x3e, 0xee,
		0x01, 0x62, 0xe3, 0x75, 0x20, 0x25, 0x67, 0x03, 0xde, 0xde, 0xc9, 0xd8,
		0xca, 0x9b, 0xdf, 0xe0, 0x0f, 0x01, 0xee, 0xc4, 0xe1, 0xf4, 0x4b, 0xc0,
		0xc4, 0xe1, 0xf9, 0x98, 0xc8, 0x62, 0xf2, 0x7d, 0x48, 0x78, 0x18, 0x62,
		0xb1, 0x75, 0x20, 0x76, 0x4c, 0x06, 0xff, 0xdc, 0xc9, 0xf3, 0x48, 0x0f,
		0x1e, 0xc8, 0xf3, 0x48, 0x0f, 0xae, 0xe9,
	};
	static const char *const att[] = {
		"vpcmpeqb (%rdi),%ymm16,%k0", "kmovd %k0,%eax", "vpcmpeqb %ymm17,%ymm18,%k1{%k2}",
		"vpcmpltub %ymm30,%ymm27,%k5", "vpternlogd $0xde,0x60(%rdi),%ymm17,%ymm20",
		"fmulp %st,%st(1)", "fmul %st(2),%st", "fstsw %ax", "rdpkru",
		"kunpckdq %k0,%k1,%k0", "kortestd %k0,%k1", "vpbroadcastb (%rax),%zmm3",
		"vpcmpeqd -0x20(%rsi,%r8,1),%ymm17,%k1", "fmul %st,%st(1)", "rdsspq %rax",
		"incsspq %rcx",
	};
	static const char *const intel[] = {
		"vpcmpeqb k0,ymm16,YMMWORD PTR [rdi]", "kmovd eax,k0", "vpcmpeqb k1{k2},ymm18,ymm17",
		"vpcmpltub k5,ymm27,ymm30", "vpternlogd ymm20,ymm17,YMMWORD PTR [rdi+0x60],0xde",
		"fmulp st(1),st", "fmul st,st(2)", "fstsw ax", "rdpkru", "kunpckdq k0,k1,k0",
		"kortestd k1,k0", "vpbroadcastb zmm3,BYTE PTR [rax]",
		"vpcmpeqd k1,ymm17,YMMWORD PTR [rsi+r8*1-0x20]", "fmul st(1),st", "rdsspq rax",
		"incsspq rcx",
	};
	struct seen s;

	(void)state;
	walk(false, code, sizeof(code), 0x1000, &s);
	assert_int_equal(s.n, 16);
	for (int i = 0; i < 16; i++)
		assert_string_equal(s.text[i], att[i]);
	assert_int_equal(s.addr[8], 0x1000 + 40);	/* rdpkru, after the 3-byte fstsw */
	walk(true, code, sizeof(code), 0x1000, &s);
	for (int i = 0; i < 16; i++)
		assert_string_equal(s.text[i], intel[i]);
}

static void test_disasm__undecoded_kept_whole(void **state)
{
	struct strbuf err = STRBUF_INIT;
	struct disasm *d;
	static const uint8_t code[] = {
		0xc4, 0xe3, 0x79, 0x31, 0xc9, 0x01,	/* kshiftrd $0x1,%k1,%k1 */
		0x85, 0xc0,				/* test %eax,%eax */
	};
	struct seen s;

	(void)state;
	walk(false, code, sizeof(code), 0x167ad8, &s);
	assert_int_equal(s.n, 2);
	assert_int_equal(s.addr[1], 0x167ade);
	assert_string_equal(s.text[1], "test %eax,%eax");
	/* a valid instruction, not silent data: the row says what it is */
	assert_non_null(strstr(s.text[0], "VEX (AVX, AVX-512 mask) instruction capstone"));
	/* script -F insnlen: its length as perf's decoder gives it */
	d = disasm__new("x86_64", false, &err);
	assert_non_null(d);
	assert_int_equal(disasm__length(d, code, sizeof(code), 0x167ad8), 6);
	disasm__delete(d);
	strbuf_release(&err);
}

/* objdump's string instructions in both syntaxes (objdump -D -b binary
 * -mi386:x86-64 [-M intel] on these bytes) */
static void test_disasm__string_instructions(void **state)
{
	static const uint8_t code[] = {
		0xf3, 0x48, 0xab, 0xaa, 0xf3, 0xa4, 0x48, 0xa7, 0xac, 0xae, 0x6c, 0x6e,
	};
	static const char *const intel[] = {
		"rep stos QWORD PTR es:[rdi],rax", "stos BYTE PTR es:[rdi],al",
		"rep movs BYTE PTR es:[rdi],BYTE PTR ds:[rsi]",
		"cmps QWORD PTR ds:[rsi],QWORD PTR es:[rdi]", "lods al,BYTE PTR ds:[rsi]",
		"scas al,BYTE PTR es:[rdi]", "ins BYTE PTR es:[rdi],dx", "outs dx,BYTE PTR ds:[rsi]",
	};
	struct seen s;

	(void)state;
	walk(true, code, sizeof(code), 0, &s);
	assert_int_equal(s.n, 8);
	for (int i = 0; i < 8; i++)
		assert_string_equal(s.text[i], intel[i]);
	walk(false, code, sizeof(code), 0, &s);
	assert_string_equal(s.text[0], "rep stos %rax,%es:(%rdi)");
	assert_string_equal(s.text[2], "rep movsb %ds:(%rsi),%es:(%rdi)");
}

/* SSE's movsd and cmpsd share the string mnemonics, not their segments */
static void test_disasm__sse_not_string(void **state)
{
	static const uint8_t code[] = {
		0xf2, 0x0f, 0x10, 0x07, 0xf2, 0x0f, 0x10, 0x06, 0xf2, 0x0f, 0xc2, 0x07, 0x01, 0xa5,
	};
	static const char *const intel[] = {
		"movsd xmm0,QWORD PTR [rdi]", "movsd xmm0,QWORD PTR [rsi]",
		"cmpltsd xmm0,QWORD PTR [rdi]", "movs DWORD PTR es:[rdi],DWORD PTR ds:[rsi]",
	};
	static const char *const att[] = {
		"movsd (%rdi),%xmm0", "movsd (%rsi),%xmm0", "cmpltsd (%rdi),%xmm0",
		"movsl %ds:(%rsi),%es:(%rdi)",
	};
	struct seen s;

	(void)state;
	walk(true, code, sizeof(code), 0, &s);
	assert_int_equal(s.n, 4);
	for (int i = 0; i < 4; i++)
		assert_string_equal(s.text[i], intel[i]);
	walk(false, code, sizeof(code), 0, &s);
	for (int i = 0; i < 4; i++)
		assert_string_equal(s.text[i], att[i]);
}

/*
 * aarch64 is the other architecture perf-mini disassembles: its capstone
 * objects must stay linked when the unused architectures are left out.
 */
static void test_disasm__aarch64(void **state)
{
	static const uint8_t code[] = {
		0x1f, 0x20, 0x03, 0xd5,				/* nop */
		0x02, 0x00, 0x00, 0x94,				/* bl +8 */
		0xc0, 0x03, 0x5f, 0xd6,				/* ret */
	};
	struct strbuf err = STRBUF_INIT;
	struct disasm *d = disasm__new("aarch64", false, &err);
	struct seen s = { 0 };

	(void)state;
	assert_non_null(d);
	disasm__walk(d, code, sizeof(code), 0x1000, keep, &s);
	disasm__delete(d);
	strbuf_release(&err);
	assert_int_equal(s.n, 3);
	assert_string_equal(s.text[0], "nop");
	assert_string_equal(s.text[2], "ret");
	assert_int_equal(s.addr[1], 0x1004);
	assert_int_equal(s.target[1], 0x100c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_disasm__objdump_spelling),
		cmocka_unit_test(test_disasm__objdump_rules),
		cmocka_unit_test(test_disasm__capstone_gaps),
		cmocka_unit_test(test_disasm__undecoded_kept_whole),
		cmocka_unit_test(test_disasm__x87_compares),
		cmocka_unit_test(test_disasm__x87_tbyte),
		cmocka_unit_test(test_disasm__aarch64),
		cmocka_unit_test(test_disasm__string_instructions),
		cmocka_unit_test(test_disasm__sse_not_string),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
