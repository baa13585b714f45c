// SPDX-License-Identifier: GPL-2.0
/* capstone, set up once per architecture, its output spelled as objdump's. */
#include <capstone/capstone.h>
#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "disasm-x86-missing.h"
#include "disasm.h"

struct disasm {
	csh handle;
	csh intel;		/* x86: the mnemonic without AT&T's size suffix */
	cs_arch arch;
	bool intel_syntax;
};

/*
 * capstone's cs.o names every architecture's set-up, so a static link takes
 * in all of them; M68K's alone brings a 1 MB table of pointers that a static
 * PIE relocates, page by page, at every start of every command (a third of
 * `stat -- true`). perf-mini disassembles x86 and aarch64 only, so the others
 * get a weak set-up that refuses, which keeps their objects out of the link.
 * Weak: a capstone whose objects come in anyway overrides these quietly.
 */
struct cs_struct;
#define NO_CAPSTONE_ARCH(name)								\
	__attribute__((weak)) cs_err name##_global_init(struct cs_struct *ud);		\
	__attribute__((weak)) cs_err name##_global_init(struct cs_struct *ud)		\
	{										\
		(void)ud;								\
		return CS_ERR_ARCH;							\
	}										\
	__attribute__((weak)) cs_err name##_option(struct cs_struct *ud, cs_opt_type type, size_t value); \
	__attribute__((weak)) cs_err name##_option(struct cs_struct *ud, cs_opt_type type, size_t value) \
	{										\
		(void)ud, (void)type, (void)value;					\
		return CS_ERR_ARCH;							\
	}
NO_CAPSTONE_ARCH(ARM)
NO_CAPSTONE_ARCH(Mips)
NO_CAPSTONE_ARCH(PPC)
NO_CAPSTONE_ARCH(Sparc)
NO_CAPSTONE_ARCH(SystemZ)
NO_CAPSTONE_ARCH(XCore)
NO_CAPSTONE_ARCH(M68K)
NO_CAPSTONE_ARCH(TMS320C64x)
NO_CAPSTONE_ARCH(M680X)
NO_CAPSTONE_ARCH(EVM)

struct disasm *disasm__new(const char *arch, bool intel, struct strbuf *err)
{
	struct disasm *d = calloc(1, sizeof(*d));
	cs_mode mode;

	if (!d)
		return NULL;
	if (!arch || !strcmp(arch, "x86_64")) {
		d->arch = CS_ARCH_X86;
		mode = CS_MODE_64;
	} else if (!strcmp(arch, "i386") || !strcmp(arch, "i686")) {
		d->arch = CS_ARCH_X86;
		mode = CS_MODE_32;
	} else if (!strcmp(arch, "aarch64")) {
		d->arch = CS_ARCH_ARM64;
		mode = CS_MODE_ARM;
	} else {
		strbuf_addf(err, "cannot disassemble %s code (x86_64, i386 and aarch64 only)", arch);
		free(d);
		return NULL;
	}
	if (cs_open(d->arch, mode, &d->handle) != CS_ERR_OK) {
		strbuf_addf(err, "capstone cannot disassemble %s code", arch);
		free(d);
		return NULL;
	}
	cs_option(d->handle, CS_OPT_DETAIL, CS_OPT_ON);
	if (d->arch == CS_ARCH_X86) {
		cs_option(d->handle, CS_OPT_SYNTAX, intel ? CS_OPT_SYNTAX_INTEL : CS_OPT_SYNTAX_ATT);
		d->intel_syntax = intel;
		if (!intel && cs_open(d->arch, mode, &d->intel) != CS_ERR_OK)
			d->intel = 0;
	}
	return d;
}

void disasm__delete(struct disasm *d)
{
	if (!d)
		return;
	cs_close(&d->handle);
	if (d->intel)
		cs_close(&d->intel);
	free(d);
}

/* A number capstone writes in decimal that objdump writes in hex: an
 * immediate ($1), a displacement (8(%rax), -8(%rbp)); not a register's
 * digit (%r8) nor a scale ((%rdi,%rsi,4)). */
static bool decimal_at(const char *in, const char *p)
{
	char before = p > in ? p[-1] : ' ';
	const char *end = p + strspn(p, "0123456789");

	if (!isdigit((unsigned char)*p) || (*p == '0' && (p[1] == 'x' || p[1] == 'X')))
		return false;
	if (before == '-')
		before = p - 1 > in ? p[-2] : ' ';
	if (before != '$' && before != ',' && before != ' ' && before != '[' && before != ':' &&
	    !(before == '*' && *end == '('))	/* AT&T's "*8(%r8)", not Intel's "rax*2" */
		return false;
	return !(before == ',' && *end == ')') && (*end == '(' || *end == ',' || !*end ||
						   *end == ']' || *end == ' ');
}

/* Intel's "qword ptr", which objdump writes in capitals (capstone's
 * "xword", the x87's 80 bits, objdump's "TBYTE"). */
static bool size_word(const char *in, const char *p)
{
	static const char *const words[] = {
		"byte", "word", "dword", "qword", "tbyte", "xword", "xmmword", "ymmword", "zmmword",
		"ptr",
	};
	size_t len = 0;

	if (p > in && isalpha((unsigned char)p[-1]))
		return false;
	while (isalpha((unsigned char)p[len]))
		len++;
	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (strlen(words[i]) == len && !strncmp(p, words[i], len))
			return true;
	return false;
}

/* objdump writes "a,b" where capstone writes "a, b", and numbers in hex;
 * in Intel syntax "QWORD PTR [rip+0x10]" for "qword ptr [rip + 0x10]". */
static void copy_operands(char *out, size_t size, const char *in, bool intel)
{
	size_t n = 0;
	int depth = 0;

	for (const char *p = in; *p && n + 24 < size; p++) {
		depth += *p == '[' ? 1 : *p == ']' ? -1 : 0;
		if (*p == ' ' && ((n && out[n - 1] == ',') || p[1] == ',' || depth > 0))
			continue;
		if (decimal_at(in, p)) {
			char *end;
			unsigned long long v = strtoull(p, &end, 10);

			n += (size_t)snprintf(out + n, size - n, "0x%llx", v);
			p = end - 1;
			continue;
		}
		/* a bare "ptr" (no size: xsavec, xrstor) objdump leaves out */
		if (intel && depth == 0 && !strncmp(p, "ptr ", 4) && size_word(in, p) &&
		    (n == 0 || out[n - 1] == ',')) {
			p += 3;
			continue;
		}
		if (intel && depth == 0 && !strncmp(p, "xword ", 6) && size_word(in, p)) {
			n += (size_t)snprintf(out + n, size - n, "TBYTE");
			p += 4;
			continue;
		}
		if (intel && depth == 0 && size_word(in, p)) {
			for (; isalpha((unsigned char)*p); p++)
				out[n++] = (char)toupper((unsigned char)*p);
			p--;
			continue;
		}
		out[n++] = *p;
	}
	out[n] = '\0';
}

/* objdump leaves out AT&T's size suffix where a register gives the size,
 * and on branches, and where there are no operands ("ret"): the
 * mnemonic is then Intel's, the same but the suffix. */
static void objdump_mnemonic(const struct disasm *d, const cs_insn *in, bool branch,
			     char *out, size_t size)
{
	const uint8_t *code = in->bytes;
	size_t len = in->size, n;
	uint64_t addr = in->address;
	cs_insn *other;
	bool reg = false;

	snprintf(out, size, "%s", in->mnemonic);
	if (d->arch != CS_ARCH_X86 || d->intel_syntax || !d->intel || !in->detail)
		return;
	/* a 64-bit register moved to or from an xmm one: objdump's movq */
	for (uint8_t i = 0; !strcmp(in->mnemonic, "movd") && i < in->detail->x86.op_count; i++)
		if (in->detail->x86.operands[i].type == X86_OP_REG &&
		    in->detail->x86.operands[i].size == 8)
			snprintf(out, size, "movq");
	for (uint8_t i = 0; i < in->detail->x86.op_count; i++)
		reg |= in->detail->x86.operands[i].type == X86_OP_REG;
	/* push and pop are 64-bit whatever the operand: no suffix either */
	if (!reg && !branch && in->detail->x86.op_count && strncmp(in->mnemonic, "push", 4) &&
	    strncmp(in->mnemonic, "pop", 3))
		return;
	other = cs_malloc(d->intel);
	if (other && cs_disasm_iter(d->intel, &code, &len, &addr, other)) {
		n = strlen(other->mnemonic);
		if (strlen(in->mnemonic) == n + 1 && !strncmp(in->mnemonic, other->mnemonic, n) &&
		    strchr("bwlq", in->mnemonic[n]))
			snprintf(out, size, "%s", other->mnemonic);
	}
	if (other)
		cs_free(other, 1);
}

static bool in_group(const cs_insn *in, uint8_t group)
{
	for (uint8_t i = 0; in->detail && i < in->detail->groups_count; i++)
		if (in->detail->groups[i] == group)
			return true;
	return false;
}

/* A direct jump's or call's target: its one immediate operand. */
static bool direct_target(const struct disasm *d, const cs_insn *in, uint64_t *target)
{
	if (!in->detail || (!in_group(in, CS_GRP_JUMP) && !in_group(in, CS_GRP_CALL)))
		return false;
	if (d->arch == CS_ARCH_X86) {
		const cs_x86 *x = &in->detail->x86;

		if (x->op_count != 1 || x->operands[0].type != X86_OP_IMM)
			return false;
		*target = (uint64_t)x->operands[0].imm;
		return true;
	}
	for (uint8_t i = 0; i < in->detail->arm64.op_count; i++) {
		if (in->detail->arm64.operands[i].type == ARM64_OP_IMM) {
			*target = (uint64_t)in->detail->arm64.operands[i].imm;
			return true;
		}
	}
	return false;
}

static bool rip_operand(const struct disasm *d, const cs_insn *in, uint64_t *ref)
{
	if (d->arch != CS_ARCH_X86 || !in->detail)
		return false;
	for (uint8_t i = 0; i < in->detail->x86.op_count; i++) {
		const cs_x86_op *op = &in->detail->x86.operands[i];

		if (op->type == X86_OP_MEM && op->mem.base == X86_REG_RIP) {
			*ref = in->address + in->size + (uint64_t)op->mem.disp;
			return true;
		}
	}
	return false;
}

/* An encoded displacement of 0, which objdump writes ("0x0(%rax)") and
 * capstone leaves out. */
static bool zero_displacement(const struct disasm *d, const cs_insn *in)
{
	const cs_x86 *x;

	if (d->arch != CS_ARCH_X86 || !in->detail)
		return false;
	x = &in->detail->x86;
	if (!x->encoding.disp_size || x->disp)
		return false;
	/* an absolute address ("fs:0x0") is its displacement: nothing added */
	for (uint8_t i = 0; i < x->op_count; i++)
		if (x->operands[i].type == X86_OP_MEM && x->operands[i].mem.base != X86_REG_RIP &&
		    (x->operands[i].mem.base != X86_REG_INVALID ||
		     x->operands[i].mem.index != X86_REG_INVALID))
			return true;
	return false;
}

static void insert_zero(char *ops, size_t size, bool intel)
{
	char *paren = strchr(ops, intel ? ']' : '(');
	size_t len = strlen(ops);

	if (intel) {	/* "[rax+rax*1+0x0]" */
		if (!paren || len + 5 >= size)
			return;
		memmove(paren + 4, paren, len - (size_t)(paren - ops) + 1);
		memcpy(paren, "+0x0", 4);
		return;
	}
	if (!paren || len + 4 >= size || (paren > ops && isxdigit((unsigned char)paren[-1])))
		return;
	memmove(paren + 3, paren, len - (size_t)(paren - ops) + 1);
	memcpy(paren, "0x0", 3);
}

/* CET's 0x3e on an indirect jump or call, which objdump names "notrack"
 * and capstone leaves out */
static void notrack(const struct disasm *d, const cs_insn *in, char *mnemonic, size_t size)
{
	size_t len = strlen(mnemonic);

	if (len + 9 > size || d->arch != CS_ARCH_X86 || !in->detail || in->detail->x86.prefix[1] != 0x3e ||
	    (!in_group(in, CS_GRP_JUMP) && !in_group(in, CS_GRP_CALL)) ||
	    (in->detail->x86.op_count && in->detail->x86.operands[0].type == X86_OP_IMM))
		return;
	memmove(mnemonic + 8, mnemonic, len + 1);
	memcpy(mnemonic, "notrack ", 8);
}

/* ModRM and what follows it (SIB, displacement) at @m: their length. */
static size_t modrm_length(const uint8_t *m, size_t size)
{
	unsigned int mod = m[0] >> 6, rm = m[0] & 7;
	size_t len = 1;

	if (mod != 3 && rm == 4) {
		if (size < 2)
			return 0;
		len++;
		if (mod == 0 && (m[1] & 7) == 5)
			len += 4;
	}
	return len + (mod == 1 ? 1 : mod == 2 ? 4 : (mod == 0 && rm == 5) ? 4 : 0);
}

/*
 * The length of a VEX or EVEX (AVX, AVX-512) instruction, which Debian's
 * capstone 4 does not all decode (the mask registers' kmov, vpcmpb, ...):
 * the prefix (2, 3 or 4 bytes), the opcode, ModRM with its SIB and
 * displacement, and an immediate for the 0F3A map and the few 0F opcodes
 * that take one. 0 when @code is none (64-bit code: c4, c5 and 62 are
 * always these prefixes there).
 */
static size_t vex_length(const uint8_t *code, size_t size)
{
	size_t pre, len;
	unsigned int map, op;

	if (size < 4)
		return 0;
	if (code[0] == 0x62) {
		pre = 4;
		map = code[1] & 3;
	} else if (code[0] == 0xc4) {
		pre = 3;
		map = code[1] & 0x1f;
	} else if (code[0] == 0xc5) {
		pre = 2;
		map = 1;
	} else {
		return 0;
	}
	if (size < pre + 2)
		return 0;
	op = code[pre];
	len = modrm_length(code + pre + 1, size - pre - 1);
	if (!len)
		return 0;
	len += pre + 1;
	if (map == 3 || (map == 1 && ((op >= 0x70 && op <= 0x73) || op == 0xc2 ||
				      (op >= 0xc4 && op <= 0xc6))))
		len++;
	return len <= size ? len : 0;
}

/* Bytes capstone cannot decode: shown as data, ".byte 0x62,0xf3,...",
 * as long as the instruction they are (when that is known), else one. */
static size_t undecoded(const struct disasm *d, const uint8_t *code, size_t size, uint64_t addr,
			struct disasm_insn *out)
{
	size_t len = d->arch == CS_ARCH_X86 ? x86_missing_decode(code, size, addr, d->intel_syntax, out) : 0;
	size_t n = 0;

	if (len)
		return len;
	len = d->arch == CS_ARCH_X86 ? vex_length(code, size) : 0;

	if (!len)
		len = d->arch == CS_ARCH_X86 ? 1 : (size < 4 ? size : 4);
	memset(out, 0, sizeof(*out));
	out->addr = addr;
	out->size = (uint16_t)len;
	memcpy(out->bytes, code, len < sizeof(out->bytes) ? len : sizeof(out->bytes));
	snprintf(out->mnemonic, sizeof(out->mnemonic), ".byte");
	for (size_t i = 0; i < len && n + 6 < sizeof(out->operands); i++)
		n += (size_t)snprintf(out->operands + n, sizeof(out->operands) - n, "%s0x%02x",
				      i ? "," : "", code[i]);
	/* a valid instruction, which objdump would name: say why it is data */
	if (len > 1 && n < sizeof(out->operands))
		snprintf(out->operands + n, sizeof(out->operands) - n,
			 "  # %s instruction capstone %d does not decode",
			 code[0] == 0x62 ? "an AVX-512 (EVEX)" : "a VEX (AVX, AVX-512 mask)", CS_API_MAJOR);
	return len;
}

/* The size of @in's immediate operand, 0 when it has none. */
static unsigned int immediate_size(const cs_insn *in)
{
	for (uint8_t i = 0; i < in->detail->x86.op_count; i++)
		if (in->detail->x86.operands[i].type == X86_OP_IMM)
			return in->detail->x86.operands[i].size;
	return 0;
}

/* objdump writes an immediate unsigned, as wide as its operand
 * ("$0xffffffffffffffff" where capstone writes "$-0x1"); displacements
 * keep their sign. */
static void unsigned_immediates(const struct disasm *d, const cs_insn *in, char *ops,
				size_t size)
{
	unsigned int bytes = immediate_size(in);
	int depth = 0;

	for (char *p = ops; bytes && *p; p++) {
		bool starts = d->intel_syntax ? (p == ops || p[-1] == ',') : (p > ops && p[-1] == '$');
		char *end, num[24];
		uint64_t v;
		size_t len, rest;

		depth += *p == '[' || *p == '(' ? 1 : *p == ']' || *p == ')' ? -1 : 0;
		if (depth || *p != '-' || !starts || strncmp(p + 1, "0x", 2))
			continue;
		v = -(uint64_t)strtoull(p + 1, &end, 16);
		if (bytes < 8)
			v &= (1ull << (8 * bytes)) - 1;
		len = (size_t)snprintf(num, sizeof(num), "0x%" PRIx64, v);
		rest = strlen(end);
		if ((size_t)(p - ops) + len + rest + 1 > size)
			return;
		memmove(p + len, end, rest + 1);
		memcpy(p, num, len);
		p += len - 1;
	}
}

/* objdump's AT&T address with an index: its scale always, ",1" too. */
static void index_scale(const cs_insn *in, char *ops, size_t size)
{
	bool one = false;

	for (uint8_t i = 0; i < in->detail->x86.op_count; i++) {
		const cs_x86_op *op = &in->detail->x86.operands[i];

		one |= op->type == X86_OP_MEM && op->mem.index != X86_REG_INVALID &&
		       op->mem.scale == 1;
	}
	for (char *p = ops; one && (p = strchr(p, '(')); p++) {
		char *close = strchr(p, ')');
		size_t rest;

		if (!close || memchr(p, ',', (size_t)(close - p)) == NULL ||
		    memchr(strchr(p, ',') + 1, ',', (size_t)(close - strchr(p, ','))))
			continue;
		rest = strlen(close);
		if ((size_t)(close - ops) + rest + 3 > size)
			return;
		memmove(close + 2, close, rest + 1);
		memcpy(close, ",1", 2);
	}
}

/* A shift or rotate by one (opcodes d0, d1), whose count objdump leaves
 * out in AT&T ("sar %r14") and writes in decimal in Intel ("sar r14,1"). */
static void implicit_one(const struct disasm *d, const cs_insn *in, char *ops)
{
	uint8_t op = in->detail->x86.opcode[0];
	size_t len = strlen(ops);

	if (op != 0xd0 && op != 0xd1)
		return;
	if (!d->intel_syntax && !strncmp(ops, "$0x1,", 5))
		memmove(ops, ops + 5, len - 4);
	else if (d->intel_syntax && len > 4 && !strcmp(ops + len - 4, ",0x1"))
		strcpy(ops + len - 4, ",1");
}

/* objdump's Intel spelling of three addresses: "[rip+0xfffffffffffe4888]"
 * (a negative displacement from rip, unsigned), "fs:0x1c" (a segment and
 * a bare number, without brackets) and "ds:0x10" (a bare number). */
static void intel_addresses(char *ops, size_t size)
{
	char *p = strstr(ops, "[rip-0x");

	if (p) {
		char *end, num[24];
		uint64_t v = -(uint64_t)strtoull(p + 5, &end, 16);
		size_t len = (size_t)snprintf(num, sizeof(num), "+0x%" PRIx64, v);
		size_t rest = strlen(end);

		if ((size_t)(p + 4 - ops) + len + rest + 1 <= size) {
			memmove(p + 4 + len, end, rest + 1);
			memcpy(p + 4, num, len);
		}
	}
	/* an absolute address without a segment: objdump's "ds:0x10" */
	for (p = ops; (p = strstr(p, "PTR [0x")); p++) {
		char *close = p + 5 + strspn(p + 5, "0123456789abcdefx");

		if (*close != ']' || strlen(ops) + 3 > size)
			continue;
		memmove(close, close + 1, strlen(close + 1) + 1);
		memmove(p + 7, p + 5, strlen(p + 5) + 1);
		memcpy(p + 4, "ds:", 3);
	}
	for (p = ops; (p = strstr(p, "s:[0x")); p++) {
		char *close = p + 3 + strspn(p + 3, "0123456789abcdefx");

		if (*close != ']')
			continue;
		memmove(close, close + 1, strlen(close + 1) + 1);
		memmove(p + 2, p + 3, strlen(p + 3) + 1);
	}
}

/* Intel's "[r12+rax*1+0x8]": objdump writes a scale of one too. */
static void intel_index_scale(const struct disasm *d, const cs_insn *in, char *ops, size_t size)
{
	for (uint8_t i = 0; i < in->detail->x86.op_count; i++) {
		const cs_x86_op *op = &in->detail->x86.operands[i];
		const char *reg;
		char want[24], *at;
		size_t n, rest;

		if (op->type != X86_OP_MEM || op->mem.index == X86_REG_INVALID ||
		    op->mem.scale != 1 || !(reg = cs_reg_name(d->handle, op->mem.index)))
			continue;
		snprintf(want, sizeof(want), "%c%s", op->mem.base != X86_REG_INVALID ? '+' : '[',
			 reg);
		n = strlen(want);
		for (at = strstr(ops, want); at && (!at[n] || !strchr("+-]", at[n]));
		     at = strstr(at + 1, want))
			;
		rest = at ? strlen(at + n) : 0;
		if (!at || (size_t)(at - ops) + n + rest + 3 > size)
			continue;
		memmove(at + n + 2, at + n, rest + 1);
		memcpy(at + n, "*1", 2);
	}
}

/* Padding as objdump spells it: "xchg %ax,%ax" for 66 90, a segment
 * override on a nop as a prefix ("cs nopw 0x0(%rax,%rax,1)"), and each
 * 0x66 past the one that sizes the operand as "data16". */
static void objdump_padding(const struct disasm *d, const cs_insn *in, struct disasm_insn *out)
{
	size_t n66 = 0;
	char prefixes[sizeof(out->mnemonic) - 8] = "", *cs;

	while (n66 < in->size && in->bytes[n66] == 0x66)
		n66++;
	if (!n66 || (strncmp(out->mnemonic, "nop", 3) && !(in->size == n66 + 1 &&
							   in->bytes[n66] == 0x90)))
		return;
	for (size_t i = 1; i < n66 && strlen(prefixes) + 8 < sizeof(prefixes); i++)
		strcat(prefixes, "data16 ");
	if (in->bytes[n66] == 0x90) {
		strcpy(out->mnemonic, prefixes);
		strcat(out->mnemonic, "xchg");
		snprintf(out->operands, sizeof(out->operands), "%s",
			 d->intel_syntax ? "ax,ax" : "%ax,%ax");
		return;
	}
	cs = strstr(out->operands, d->intel_syntax ? "cs:" : "%cs:");
	if (!cs) {
		if (*prefixes && strlen(prefixes) + strlen(out->mnemonic) < sizeof(out->mnemonic)) {
			char m[sizeof(out->mnemonic)];

			memcpy(m, out->mnemonic, sizeof(m));
			strcpy(out->mnemonic, prefixes);
			strcat(out->mnemonic, m);
		}
		return;
	}
	memmove(cs, cs + (d->intel_syntax ? 3 : 4), strlen(cs + (d->intel_syntax ? 3 : 4)) + 1);
	if (strlen(prefixes) + 3 + strlen(out->mnemonic) < sizeof(out->mnemonic)) {
		char m[sizeof(out->mnemonic)];

		memcpy(m, out->mnemonic, sizeof(m));
		strcpy(out->mnemonic, prefixes);
		strcat(out->mnemonic, "cs ");
		strcat(out->mnemonic, m);
	}
}

/* Insert @what at @at in @s (of @size bytes), if it fits. */
static void insert_at(char *s, size_t size, char *at, const char *what)
{
	size_t n = strlen(what), rest = strlen(at);

	if (strlen(s) + n + 1 > size)
		return;
	memmove(at + n, at, rest + 1);
	memcpy(at, what, n);
}

/* movs, cmps, stos, lods, scas, ins or outs: one-byte opcodes, where SSE's
 * movsd and cmpsd (0f-escaped) spell the same mnemonics */
static bool string_insn(const cs_insn *in)
{
	const uint8_t *op = in->detail->x86.opcode;

	return !op[1] && ((op[0] >= 0xa4 && op[0] <= 0xa7) || (op[0] >= 0xaa && op[0] <= 0xaf) ||
			  (op[0] >= 0x6c && op[0] <= 0x6f));
}

/* objdump's AT&T string instructions: their implicit segments written
 * ("%es:(%rdi)", "%ds:(%rsi)"), and no size suffix where a register gives
 * the size ("rep stos %al,%es:(%rdi)"; movs and cmps keep theirs). */
static const char *const string_ops[] = { "movs", "cmps", "stos", "lods", "scas", "ins", "outs" };

/* The string instruction the mnemonic's last word names with a size
 * letter of @sizes ("stosq"): its index in string_ops[], the word in
 * *@word, its size letter at (*word)[*@n]; -1 for none */
static int string_mnemonic(struct disasm_insn *out, const char *sizes, char **word, size_t *n)
{
	char *w = strrchr(out->mnemonic, ' ');
	size_t len;

	w = w ? w + 1 : out->mnemonic;
	len = strlen(w);
	for (size_t i = 0; i < sizeof(string_ops) / sizeof(string_ops[0]); i++) {
		*n = strlen(string_ops[i]);
		if (len == *n + 1 && !strncmp(w, string_ops[i], *n) && strchr(sizes, w[*n])) {
			*word = w;
			return (int)i;
		}
	}
	return -1;
}

static void string_op(struct disasm_insn *out)
{
	char *word;
	size_t n;
	int i = string_mnemonic(out, "bwlq", &word, &n);

	if (i < 0)
		return;
	/* stos, lods and scas; ins and outs keep theirs, as objdump's */
	if (i >= 2 && i <= 4 &&
	    (strstr(out->operands, "%al") || strstr(out->operands, "%ax") ||
	     strstr(out->operands, "%eax") || strstr(out->operands, "%rax") ||
	     strstr(out->operands, "%dx")))
		word[n] = '\0';
	for (char *p = out->operands; (p = strchr(p, '(')); p += 2) {
		const char *seg = !strncmp(p, "(%rdi)", 6) || !strncmp(p, "(%edi)", 6) ? "%es:" :
				  !strncmp(p, "(%rsi)", 6) || !strncmp(p, "(%esi)", 6) ? "%ds:" : NULL;

		if (seg && (p == out->operands || p[-1] != ':')) {
			insert_at(out->operands, sizeof(out->operands), p, seg);
			p += 4;
		}
	}
}

/* The same in objdump's Intel syntax: no size letter, the operands'
 * sizes saying it, and the segments written ("rep stos QWORD PTR
 * es:[rdi],rax", "lods al,BYTE PTR ds:[rsi]"). */
static void intel_string_op(struct disasm_insn *out)
{
	char *word;
	size_t n;

	if (string_mnemonic(out, "bwdq", &word, &n) < 0)
		return;
	word[n] = '\0';
	for (char *p = out->operands; (p = strchr(p, '[')); p++) {
		const char *seg = !strncmp(p, "[rdi]", 5) || !strncmp(p, "[edi]", 5) ? "es:" :
				  !strncmp(p, "[rsi]", 5) || !strncmp(p, "[esi]", 5) ? "ds:" : NULL;

		if (seg && (p == out->operands || p[-1] != ':')) {
			insert_at(out->operands, sizeof(out->operands), p, seg);
			p += 3;
		}
	}
}

/* xchg of eax and another register (90+r), whose operands objdump
 * writes the other way round from capstone: "xchg %eax,%ecx" in AT&T,
 * "xchg ecx,eax" in Intel */
static void xchg_eax(const cs_insn *in, char *ops, bool intel)
{
	uint8_t op = in->bytes[in->size - 1];
	char *comma = strchr(ops, ',');
	char a[16], b[16];

	if (in->size > 2 || op < 0x91 || op > 0x97 || !comma ||
	    (size_t)(comma - ops) >= sizeof(a) || strlen(comma + 1) >= sizeof(b))
		return;
	snprintf(a, sizeof(a), "%.*s", (int)(comma - ops), ops);
	snprintf(b, sizeof(b), "%s", comma + 1);
	if (!strcmp(intel ? a : b, intel ? "eax" : "%eax"))
		sprintf(ops, "%s,%s", b, a);
}

/* An integer converted from memory, whose size objdump writes as a
 * suffix since no register gives it: "cvtsi2sdq (%rsp),%xmm0". */
static void convert_suffix(const cs_insn *in, struct disasm_insn *out)
{
	static const char *const ops[] = {
		"cvtsi2sd", "cvtsi2ss", "vcvtsi2sd", "vcvtsi2ss", "vcvtusi2sd", "vcvtusi2ss",
	};
	size_t len = strlen(out->mnemonic);

	for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
		if (strcmp(out->mnemonic, ops[i]) || len + 2 > sizeof(out->mnemonic))
			continue;
		for (uint8_t j = 0; j < in->detail->x86.op_count; j++) {
			const cs_x86_op *op = &in->detail->x86.operands[j];

			if (op->type == X86_OP_MEM && (op->size == 4 || op->size == 8)) {
				out->mnemonic[len] = op->size == 8 ? 'q' : 'l';
				out->mnemonic[len + 1] = '\0';
				return;
			}
		}
	}
}

/* Capstone 4 sizes comisd's and comiss's memory operand as a whole xmm
 * register; they read a double and a float (objdump's QWORD, DWORD). */
static void compare_scalar_size(struct disasm_insn *out)
{
	const char *m = out->mnemonic + (out->mnemonic[0] == 'v');
	const char *size = !strcmp(m, "comisd") || !strcmp(m, "ucomisd") ? "QWORD" :
			   !strcmp(m, "comiss") || !strcmp(m, "ucomiss") ? "DWORD" : NULL;
	char *x = size ? strstr(out->operands, "XMMWORD PTR") : NULL;

	if (x) {
		memmove(x + strlen(size), x + 7, strlen(x + 7) + 1);
		memcpy(x, size, strlen(size));
	}
}

/* AVX-512's mask, which objdump writes without a space: "(%rax){%k1}" */
static void mask_spacing(char *ops)
{
	for (char *p; (p = strstr(ops, " {"));)
		memmove(p, p + 1, strlen(p + 1) + 1);
}

/* The x87 compares into EFLAGS, whose %st capstone leaves implicit:
 * "fucomi %st(1),%st", "fucomi st,st(1)" as objdump writes them. */
/* The x87 arithmetic on two stack registers, which capstone writes with
 * one operand: objdump writes both, the destination %st first after d8
 * ("fmul %st(2),%st") and last after dc and de ("fmulp %st,%st(1)"). */
static void x87_arith_st(struct disasm_insn *out, bool intel)
{
	static const char *const ops[] = { "fadd", "fmul", "fsub", "fsubr", "fdiv", "fdivr" };
	const char *st = intel ? "st" : "%st";
	char *o = out->operands, one[16];
	uint8_t op = out->bytes[0];
	size_t stem = strlen(out->mnemonic);
	bool st_first;

	if ((op != 0xd8 && op != 0xdc && op != 0xde) || out->size != 2 || out->bytes[1] < 0xc0 ||
	    strchr(o, ',') || strncmp(o, st, strlen(st)) || strlen(o) >= sizeof(one))
		return;
	if (op == 0xde && stem && out->mnemonic[stem - 1] == 'p')
		stem--;
	for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
		if (strlen(ops[i]) != stem || strncmp(out->mnemonic, ops[i], stem))
			continue;
		memcpy(one, o, strlen(o) + 1);	/* "%st(7)" at most */
		/* AT&T writes the source first, Intel the destination */
		st_first = (op == 0xd8) == intel;
		snprintf(o, sizeof(out->operands), "%s,%s", st_first ? st : one, st_first ? one : st);
		return;
	}
}

/* The stack top as objdump names it where capstone writes two x87
 * registers: "%st", "%st(0)" only for the register the instruction's
 * ModRM names (the source after d8 da db, the destination after dc de). */
static void x87_stack_top(struct disasm_insn *out, bool intel)
{
	uint8_t op = out->bytes[0];
	char *o = out->operands, *comma = strchr(o, ',');
	const char *zero = intel ? "st(0)" : "%st(0)";
	bool top_first = (op == 0xdc || op == 0xde) != intel;
	char *top = top_first ? o : comma ? comma + 1 : NULL;
	size_t n = strlen(zero);

	if (op < 0xd8 || op > 0xdf || out->size != 2 || out->bytes[1] < 0xc0 || !comma ||
	    strncmp(top, zero, n) || (top[n] && top[n] != ','))
		return;
	memmove(top + n - 3, top + n, strlen(top + n) + 1);
}

static void shrink_word(char *ops)
{
	char *p = strstr(ops, "DWORD PTR");

	if (p)
		memmove(p, p + 1, strlen(p + 1) + 1);
}

/* What objdump spells otherwise: "fwait" for 9b, a "repz ret" (f3 c3)
 * with its prefix, xabort's immediate as its one byte. */
static void objdump_spelling(struct disasm_insn *out, bool intel)
{
	if (!strcmp(out->mnemonic, "wait"))
		snprintf(out->mnemonic, sizeof(out->mnemonic), "fwait");
	else if (!strcmp(out->mnemonic, "ret") && out->size == 2 && out->bytes[0] == 0xf3)
		snprintf(out->mnemonic, sizeof(out->mnemonic), "repz ret");
	else if (!strcmp(out->mnemonic, "fnstsw") || !strcmp(out->mnemonic, "fnstcw"))
		shrink_word(out->operands);	/* a 2-byte store, which capstone says is 4 */
	else if (!strcmp(out->mnemonic, "xabort") && out->size == 3)
		snprintf(out->operands, sizeof(out->operands), "%s0x%x", intel ? "" : "$",
			 out->bytes[2]);
}

static void x87_compare_st(struct disasm_insn *out, bool intel)
{
	static const char *const ops[] = { "fcomi", "fcomip", "fucomi", "fucomip" };
	char *o = out->operands;
	size_t len = strlen(o);

	for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
		if (strcmp(out->mnemonic, ops[i]) || strchr(o, ',') || !len ||
		    len + 4 >= sizeof(out->operands))
			continue;
		if (intel) {
			memmove(o + 3, o, len + 1);
			memcpy(o, "st,", 3);
		} else {
			strcat(o, ",%st");
		}
		return;
	}
}

static void fill(const struct disasm *d, const cs_insn *in, struct disasm_insn *out)
{
	memset(out, 0, sizeof(*out));
	out->addr = in->address;
	out->size = in->size;
	memcpy(out->bytes, in->bytes, in->size < sizeof(out->bytes) ? in->size : sizeof(out->bytes));
	out->has_target = direct_target(d, in, &out->target);
	out->is_call = in_group(in, CS_GRP_CALL);
	out->is_branch = out->is_call || in_group(in, CS_GRP_JUMP) || in_group(in, CS_GRP_RET) ||
			 in_group(in, CS_GRP_INT) || in_group(in, CS_GRP_IRET);
	out->is_return = in_group(in, CS_GRP_RET);
	out->is_jump = in_group(in, CS_GRP_JUMP);
	out->is_cond_jump = out->is_jump && !(d->arch == CS_ARCH_X86 &&
			    (in->id == X86_INS_JMP || in->id == X86_INS_LJMP));
	objdump_mnemonic(d, in, in_group(in, CS_GRP_JUMP) || out->is_call ||
			 in_group(in, CS_GRP_RET), out->mnemonic, sizeof(out->mnemonic));
	notrack(d, in, out->mnemonic, sizeof(out->mnemonic));
	if (!out->has_target)
		copy_operands(out->operands, sizeof(out->operands), in->op_str, d->intel_syntax);
	if (zero_displacement(d, in))
		insert_zero(out->operands, sizeof(out->operands), d->intel_syntax);
	if (d->arch == CS_ARCH_X86 && in->detail && !out->has_target) {
		unsigned_immediates(d, in, out->operands, sizeof(out->operands));
		if (d->intel_syntax) {
			intel_index_scale(d, in, out->operands, sizeof(out->operands));
			intel_addresses(out->operands, sizeof(out->operands));
			compare_scalar_size(out);
		}
		else
			index_scale(in, out->operands, sizeof(out->operands));
		implicit_one(d, in, out->operands);
		objdump_padding(d, in, out);
		mask_spacing(out->operands);
		xchg_eax(in, out->operands, d->intel_syntax);
		x87_compare_st(out, d->intel_syntax);
		x87_arith_st(out, d->intel_syntax);
		x87_stack_top(out, d->intel_syntax);
		objdump_spelling(out, d->intel_syntax);
		if (!d->intel_syntax)
			convert_suffix(in, out);
		if (string_insn(in) && !d->intel_syntax)
			string_op(out);
		else if (string_insn(in))
			intel_string_op(out);
	}
	out->has_rip_ref = rip_operand(d, in, &out->rip_ref);
	if (d->arch == CS_ARCH_X86)
		x86_evex_fix_index(in->bytes, in->size, d->intel_syntax, out->operands);
}

/* capstone's instruction at @code in @out; its length, 0 when none. */
static size_t decoded(const struct disasm *d, cs_insn *in, const uint8_t *code, size_t size,
		      uint64_t addr, struct disasm_insn *out)
{
	if (!cs_disasm_iter(d->handle, &code, &size, &addr, in))
		return 0;
	fill(d, in, out);
	return out->size;
}

/* What capstone 4 reads as another instruction: an f3-prefixed incssp is
 * its lfence, so the instructions it does not know go first there. */
static size_t misread(const struct disasm *d, const uint8_t *code, size_t size, uint64_t addr,
		      struct disasm_insn *out)
{
	if (d->arch != CS_ARCH_X86 || !size || code[0] != 0xf3)
		return 0;
	return x86_missing_decode(code, size, addr, d->intel_syntax, out);
}

/* fwait (9b) before an x87 control instruction: objdump reads the two as
 * one, the "fn" instruction without its n ("fstsw %ax" for 9b df e0). */
static size_t wait_prefixed(const struct disasm *d, cs_insn *in, const uint8_t *code,
			    size_t size, uint64_t addr, struct disasm_insn *out)
{
	size_t len;

	if (d->arch != CS_ARCH_X86 || size < 2 || code[0] != 0x9b || code[1] < 0xd8 ||
	    code[1] > 0xdf)
		return 0;
	len = decoded(d, in, code + 1, size - 1, addr + 1, out);
	if (!len || strncmp(out->mnemonic, "fn", 2) || len + 1 > sizeof(out->bytes))
		return 0;
	memmove(out->mnemonic + 1, out->mnemonic + 2, strlen(out->mnemonic + 2) + 1);
	memmove(out->bytes + 1, out->bytes, len);
	out->bytes[0] = 0x9b;
	out->addr = addr;
	out->size = (uint16_t)(len + 1);
	return len + 1;
}

size_t disasm__walk(struct disasm *d, const uint8_t *code, size_t size, uint64_t addr,
		    disasm_fn *fn, void *ctx)
{
	cs_insn *in = cs_malloc(d->handle);
	struct disasm_insn out;
	size_t n = 0;

	while (in && size) {
		size_t len = wait_prefixed(d, in, code, size, addr, &out);

		if (!len)
			len = misread(d, code, size, addr, &out);
		if (!len)
			len = decoded(d, in, code, size, addr, &out);
		if (!len)
			len = undecoded(d, code, size, addr, &out);
		code += len;
		size -= len;
		addr += len;
		n++;
		if (fn(&out, ctx))
			break;
	}
	if (in)
		cs_free(in, 1);
	return n;
}

size_t disasm__one(struct disasm *d, const uint8_t *code, size_t size, uint64_t addr,
		   struct disasm_insn *out)
{
	cs_insn *in = cs_malloc(d->handle);
	size_t len = 0;

	if (in && !(len = wait_prefixed(d, in, code, size, addr, out)) &&
	    !(len = misread(d, code, size, addr, out)))
		len = decoded(d, in, code, size, addr, out);
	if (in && !len && size && d->arch == CS_ARCH_X86 &&
	    (x86_missing_decode(code, size, addr, d->intel_syntax, out) || vex_length(code, size)))
		len = undecoded(d, code, size, addr, out);
	if (in)
		cs_free(in, 1);
	return len;
}

size_t disasm__length(struct disasm *d, const uint8_t *code, size_t size, uint64_t addr)
{
	cs_insn *in = cs_malloc(d->handle);
	struct disasm_insn known;
	size_t len = misread(d, code, size, addr, &known);

	if (len)
		;	/* known here, misread by capstone */
	else if (in && cs_disasm_iter(d->handle, &code, &size, &addr, in))
		len = in->size;
	else if (size && d->arch == CS_ARCH_X86) {	/* perf's decoder knows them */
		len = x86_missing_decode(code, size, addr, false, &known);
		if (!len)
			len = vex_length(code, size);
	}
	if (in)
		cs_free(in, 1);
	return len;
}
