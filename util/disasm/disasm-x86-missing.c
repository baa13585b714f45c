// SPDX-License-Identifier: GPL-2.0
/*
 * The x86 instructions Debian's capstone 4 does not decode, decoded here
 * in objdump's spelling. Mostly AVX-512: the mask registers' kmov,
 * kortest, ktest, the two- and three-operand k logic and kunpck (VEX),
 * and the compares and tests into a mask, vpternlog and vpbroadcast from
 * memory (EVEX). glibc's string functions (strlen, memchr, strcmp, ... in
 * their evex and avx512 variants) are made of them, and annotate must
 * show those as objdump does. Also rdpkru and wrpkru, and CET's rdssp
 * and incssp (libgcc_s's unwinder).
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "disasm-x86-missing.h"

/* One VEX or EVEX instruction, its prefix taken apart. */
struct vex {
	bool evex;
	unsigned int map;	/* 1: 0F, 2: 0F38, 3: 0F3A */
	unsigned int pp;	/* 0: none, 1: 66, 2: F3, 3: F2 */
	bool w;
	unsigned int len;	/* VEX.L, EVEX.L'L */
	unsigned int reg;	/* ModRM.reg with R (and EVEX's R') */
	unsigned int vvvv;	/* with EVEX's V' */
	bool x, b;		/* the index's and base's (or rm's) fourth bit */
	unsigned int mask;	/* EVEX.aaa */
	bool zeroing, bcst;
	unsigned int op;
	const uint8_t *modrm;	/* and what follows it */
	size_t rest;		/* bytes from ModRM on */
};

static const char *const gpr64[16] = {
	"rax", "rcx", "rdx", "rbx", "rsp", "rbp", "rsi", "rdi",
	"r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15",
};
static const char *const gpr32[16] = {
	"eax", "ecx", "edx", "ebx", "esp", "ebp", "esi", "edi",
	"r8d", "r9d", "r10d", "r11d", "r12d", "r13d", "r14d", "r15d",
};

static bool take_prefix(const uint8_t *c, size_t size, struct vex *v)
{
	size_t pre;

	memset(v, 0, sizeof(*v));
	if (size >= 6 && c[0] == 0x62) {
		if ((c[1] & 0x0c) || !(c[2] & 0x04))
			return false;	/* reserved bits: not an EVEX we know */
		v->evex = true;
		v->map = c[1] & 3;
		v->reg = ((c[1] >> 7 & 1) ^ 1) << 3 | ((c[1] >> 4 & 1) ^ 1) << 4;
		v->x = !(c[1] & 0x40);
		v->b = !(c[1] & 0x20);
		v->w = c[2] >> 7;
		v->vvvv = (~c[2] >> 3 & 15) | ((c[3] >> 3 & 1) ^ 1) << 4;
		v->pp = c[2] & 3;
		v->zeroing = c[3] >> 7;
		v->len = c[3] >> 5 & 3;
		v->bcst = c[3] >> 4 & 1;
		v->mask = c[3] & 7;
		pre = 4;
	} else if (size >= 4 && c[0] == 0xc4) {
		v->map = c[1] & 0x1f;
		v->reg = ((c[1] >> 7 & 1) ^ 1) << 3;
		v->x = !(c[1] & 0x40);
		v->b = !(c[1] & 0x20);
		v->w = c[2] >> 7;
		v->vvvv = ~c[2] >> 3 & 15;
		v->len = c[2] >> 2 & 1;
		v->pp = c[2] & 3;
		pre = 3;
	} else if (size >= 3 && c[0] == 0xc5) {
		v->map = 1;
		v->reg = ((c[1] >> 7 & 1) ^ 1) << 3;
		v->vvvv = ~c[1] >> 3 & 15;
		v->len = c[1] >> 2 & 1;
		v->pp = c[1] & 3;
		pre = 2;
	} else {
		return false;
	}
	v->op = c[pre];
	v->modrm = c + pre + 1;
	v->rest = size - pre - 1;
	v->reg |= v->modrm[0] >> 3 & 7;
	return v->map >= 1 && v->map <= 3;
}

static bool register_form(const struct vex *v)
{
	return v->modrm[0] >> 6 == 3;
}

/* The rm register's number: with B, and for EVEX vectors X as the fifth bit. */
static unsigned int rm_register(const struct vex *v, bool vector)
{
	return (v->modrm[0] & 7) | v->b << 3 | (v->evex && vector ? v->x << 4 : 0);
}

static int32_t little32(const uint8_t *p)
{
	return (int32_t)((uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
			 (uint32_t)p[3] << 24);
}

static void put_hex(char *buf, size_t size, const char *plus, int64_t v)
{
	if (v < 0)
		snprintf(buf, size, "-0x%" PRIx64, -(uint64_t)v);
	else
		snprintf(buf, size, "%s0x%" PRIx64, plus, (uint64_t)v);
}

/*
 * The memory operand at v->modrm, as objdump writes it; @scale is EVEX's
 * disp8*N (1 for VEX). Its length from ModRM on (ModRM, SIB, displacement)
 * in *@len; RIP-relative: the address in *@rip_ref.
 */
static bool memory_operand(const struct vex *v, bool intel, const char *size_word,
			   unsigned int scale, uint64_t next_ip_base, char *out, size_t out_size,
			   size_t *len, bool *has_rip, uint64_t *rip_ref)
{
	const uint8_t *m = v->modrm;
	unsigned int mod = m[0] >> 6, rm = m[0] & 7;
	int base = -1, index = -1;
	unsigned int ss = 0;
	int64_t disp = 0;
	bool has_disp = mod != 0, rip = false;
	size_t n = 1;
	char dbuf[24] = "";

	if (rm == 4) {
		if (v->rest < 2)
			return false;
		ss = m[1] >> 6;
		index = (m[1] >> 3 & 7) | v->x << 3;
		if (index == 4)
			index = -1;
		base = (m[1] & 7) | v->b << 3;
		if (mod == 0 && (m[1] & 7) == 5) {
			base = -1;
			has_disp = true;
			mod = 2;	/* a disp32 follows */
		}
		n = 2;
	} else if (mod == 0 && rm == 5) {
		rip = has_disp = true;
		mod = 2;
	} else {
		base = (int)(rm | v->b << 3);
	}
	if (mod == 1) {
		if (v->rest < n + 1)
			return false;
		disp = (int8_t)m[n] * (int64_t)scale;
		n += 1;
	} else if (mod == 2) {
		if (v->rest < n + 4)
			return false;
		disp = little32(m + n);
		n += 4;
	}
	*len = n;
	*has_rip = rip;
	if (rip)
		*rip_ref = next_ip_base + (uint64_t)disp;
	if (intel) {
		char inner[48];
		size_t k = 0;

		if (rip)
			k += (size_t)snprintf(inner + k, sizeof(inner) - k, "rip");
		if (base >= 0)
			k += (size_t)snprintf(inner + k, sizeof(inner) - k, "%s", gpr64[base]);
		if (index >= 0)
			k += (size_t)snprintf(inner + k, sizeof(inner) - k, "%s%s*%u",
					      k ? "+" : "", gpr64[index], 1u << ss);
		if (has_disp && rip)	/* objdump: unsigned from rip */
			snprintf(dbuf, sizeof(dbuf), "+0x%" PRIx64, (uint64_t)disp);
		else if (has_disp)
			put_hex(dbuf, sizeof(dbuf), k ? "+" : "", disp);
		snprintf(inner + k, sizeof(inner) - k, "%s", dbuf);
		snprintf(out, out_size, "%s PTR [%s]", size_word, inner);
	} else {
		if (has_disp)
			put_hex(dbuf, sizeof(dbuf), "", disp);
		if (rip)
			snprintf(out, out_size, "%s(%%rip)", dbuf);
		else if (index >= 0)
			snprintf(out, out_size, "%s(%s%s,%%%s,%u)", dbuf, base >= 0 ? "%" : "",
				 base >= 0 ? gpr64[base] : "", gpr64[index], 1u << ss);
		else
			snprintf(out, out_size, "%s(%%%s)", dbuf, gpr64[base]);
	}
	return true;
}

/* --- the instructions ---------------------------------------------------- */

enum form {
	K_LOAD,		/* kmov k, k/m */
	K_STORE,	/* kmov m, k */
	K_FROM_GPR,	/* kmov k, r32/r64 */
	GPR_FROM_K,	/* kmov r32/r64, k */
	K_TWO,		/* kortest, ktest, knot: k, k */
	K_THREE,	/* kand, kor, kxor, kunpck...: k, k, k */
	V_TO_MASK,	/* vpcmp*, vptestm*: k{k}, v, v/m */
	V_TERNARY,	/* vpternlog: v{k}{z}, v, v/m, imm8 */
	V_BROADCAST,	/* vpbroadcastb/w: v{k}{z}, xmm/m8/m16 */
};

/* The mask instructions' width by pp and W: w, q, b, d (kortest, ktest,
 * the logic ops, knot, kmov k/m); kmov between k and a GPR goes by
 * F2: d, q, and 0F, 66: w, b. */
static const char *mask_width(const struct vex *v, enum form f)
{
	if (f == K_FROM_GPR || f == GPR_FROM_K) {
		if (v->pp == 3)
			return v->w ? "q" : "d";
		return v->w ? NULL : v->pp == 0 ? "w" : v->pp == 1 ? "b" : NULL;
	}
	if (v->pp == 0)
		return v->w ? "q" : "w";
	if (v->pp == 1)
		return v->w ? "d" : "b";
	return NULL;
}

static bool vex_mask_insn(const struct vex *v, char *name, size_t size, enum form *f)
{
	static const struct { uint8_t op; const char *stem; enum form form; unsigned int len; } ops[] = {
		{ 0x90, "kmov", K_LOAD, 0 },	 { 0x91, "kmov", K_STORE, 0 },
		{ 0x92, "kmov", K_FROM_GPR, 0 }, { 0x93, "kmov", GPR_FROM_K, 0 },
		{ 0x98, "kortest", K_TWO, 0 },	 { 0x99, "ktest", K_TWO, 0 },
		{ 0x44, "knot", K_TWO, 0 },	 { 0x41, "kand", K_THREE, 1 },
		{ 0x42, "kandn", K_THREE, 1 },	 { 0x45, "kor", K_THREE, 1 },
		{ 0x46, "kxnor", K_THREE, 1 },	 { 0x47, "kxor", K_THREE, 1 },
		{ 0x4a, "kadd", K_THREE, 1 },
	};
	const char *width;

	if (v->evex || v->map != 1)
		return false;
	if (v->op == 0x4b && v->len == 1) {	/* kunpckbw (66 W0), wd (W0), dq (W1) */
		const char *which = v->pp == 1 && !v->w ? "bw" : v->pp == 0 ? (v->w ? "dq" : "wd") : NULL;

		*f = K_THREE;
		return which && snprintf(name, size, "kunpck%s", which) > 0;
	}
	for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
		if (ops[i].op != v->op || ops[i].len != v->len)
			continue;
		*f = ops[i].form;
		width = mask_width(v, *f);
		if (!width || (*f != K_THREE && v->vvvv))
			return false;
		snprintf(name, size, "%s%s", ops[i].stem, width);
		return true;
	}
	return false;
}

/* objdump's pseudo-ops of vpcmp's predicate; 3 and 7 (false, true) are
 * left to the .byte fallback. */
static const char *const compare_predicate[8] = { "eq", "lt", "le", NULL, "neq", "nlt", "nle", NULL };

static bool evex_insn(const struct vex *v, const uint8_t *imm, char *name, size_t size,
		      enum form *f, bool *has_imm)
{
	static const char *const test_names[2][2][2] = {	/* [nm][op 27][W] */
		{ { "vptestmb", "vptestmw" }, { "vptestmd", "vptestmq" } },
		{ { "vptestnmb", "vptestnmw" }, { "vptestnmd", "vptestnmq" } },
	};

	*f = V_TO_MASK;
	*has_imm = false;
	if (!v->evex || v->len > 2)
		return false;
	if (v->map == 2 && v->pp == 2 && (v->op == 0x26 || v->op == 0x27))
		return snprintf(name, size, "%s", test_names[1][v->op - 0x26][v->w]) > 0;
	if (v->pp != 1)
		return false;
	if (v->map == 1) {
		static const char *const cmp[] = { "vpcmpgtb", "vpcmpgtw", "vpcmpgtd", NULL,
						   NULL, NULL, NULL, NULL,
						   NULL, NULL, NULL, NULL,
						   NULL, NULL, NULL, NULL,
						   "vpcmpeqb", "vpcmpeqw", "vpcmpeqd" };

		if (v->op < 0x64 || v->op > 0x76 || !cmp[v->op - 0x64] ||
		    ((v->op == 0x66 || v->op == 0x76) && v->w))
			return false;
		return snprintf(name, size, "%s", cmp[v->op - 0x64]) > 0;
	}
	if (v->map == 2) {
		if ((v->op == 0x78 || v->op == 0x79) && !v->w) {
			*f = V_BROADCAST;
			return snprintf(name, size, "vpbroadcast%c", v->op == 0x78 ? 'b' : 'w') > 0;
		}
		if (v->op == 0x26 || v->op == 0x27)
			return snprintf(name, size, "%s", test_names[0][v->op - 0x26][v->w]) > 0;
		if ((v->op == 0x29 || v->op == 0x37) && v->w)
			return snprintf(name, size, "vpcmp%sq", v->op == 0x29 ? "eq" : "gt") > 0;
		return false;
	}
	if (!imm)
		return false;
	*has_imm = true;
	if (v->op == 0x25) {
		*f = V_TERNARY;
		return snprintf(name, size, "vpternlog%s", v->w ? "q" : "d") > 0;
	}
	if (v->op == 0x3f || v->op == 0x3e || v->op == 0x1f || v->op == 0x1e) {
		static const char *const sizes[2][2] = { { "d", "q" }, { "b", "w" } };
		bool bytes = v->op == 0x3f || v->op == 0x3e;
		const char *pred = compare_predicate[*imm & 7];

		if (*imm > 7 || !pred)
			return false;
		*has_imm = false;	/* spelled in the name */
		return snprintf(name, size, "vpcmp%s%s%s", pred, v->op & 1 ? "" : "u",
				sizes[bytes][v->w]) > 0;
	}
	return false;
}

/* A kmov's memory operand in Intel syntax: as wide as the mask moved. */
static const char *mask_mem_word(const char *name)
{
	char width = name[strlen(name) - 1];

	return width == 'b' ? "BYTE" : width == 'w' ? "WORD" : width == 'd' ? "DWORD" : "QWORD";
}

static const char *vector_name(unsigned int len)
{
	return len == 0 ? "xmm" : len == 1 ? "ymm" : "zmm";
}

static const char *size_word(unsigned int len)
{
	return len == 0 ? "XMMWORD" : len == 1 ? "YMMWORD" : "ZMMWORD";
}

/* The operands of a mask instruction, AT&T's order (source first) or Intel's. */
static void mask_operands(const struct vex *v, enum form f, bool intel, const char *mem,
			  char *out, size_t size)
{
	const char *pct = intel ? "" : "%";
	char rm[96], reg[16];
	unsigned int r = rm_register(v, false);

	if (mem)
		snprintf(rm, sizeof(rm), "%s", mem);
	else if (f == K_FROM_GPR)
		snprintf(rm, sizeof(rm), "%s%s", pct, (v->w ? gpr64 : gpr32)[r]);
	else
		snprintf(rm, sizeof(rm), "%sk%u", pct, r & 7);
	if (f == GPR_FROM_K)
		snprintf(reg, sizeof(reg), "%s%s", pct, (v->w ? gpr64 : gpr32)[v->reg]);
	else
		snprintf(reg, sizeof(reg), "%sk%u", pct, v->reg & 7);
	if (f == K_THREE)
		snprintf(out, size, intel ? "%2$s,%3$sk%4$u,%1$s" : "%1$s,%3$sk%4$u,%2$s", rm, reg,
			 pct, v->vvvv & 7);
	else if (f == K_STORE)
		snprintf(out, size, intel ? "%1$s,%2$s" : "%2$s,%1$s", rm, reg);
	else
		snprintf(out, size, intel ? "%2$s,%1$s" : "%1$s,%2$s", rm, reg);
}

static void vector_operands(const struct vex *v, enum form f, bool intel, const char *mem,
			    const uint8_t *imm, bool has_imm, char *out, size_t size)
{
	const char *pct = intel ? "" : "%", *vec = vector_name(v->len);
	char rm[96], src[16], dst[40], masking[24] = "", num[8] = "";

	if (mem)
		snprintf(rm, sizeof(rm), "%s", mem);
	else
		snprintf(rm, sizeof(rm), "%s%s%u", pct, f == V_BROADCAST ? "xmm" : vec,
			 rm_register(v, true));
	snprintf(src, sizeof(src), "%s%s%u", pct, vec, v->vvvv);
	if (v->mask)
		snprintf(masking, sizeof(masking), "{%sk%u}%s", pct, v->mask, v->zeroing ? "{z}" : "");
	if (f == V_TERNARY || f == V_BROADCAST)
		snprintf(dst, sizeof(dst), "%s%s%u%s", pct, vec, v->reg, masking);
	else
		snprintf(dst, sizeof(dst), "%sk%u%s", pct, v->reg & 7, masking);
	if (f == V_BROADCAST) {
		snprintf(out, size, intel ? "%2$s,%1$s" : "%1$s,%2$s", rm, dst);
		return;
	}
	if (has_imm)
		snprintf(num, sizeof(num), intel ? "0x%x" : "$0x%x", *imm);
	if (intel)
		snprintf(out, size, "%s,%s,%s%s%s", dst, src, rm, has_imm ? "," : "", num);
	else
		snprintf(out, size, "%s%s%s,%s,%s", num, has_imm ? "," : "", rm, src, dst);
}

/* CET's shadow stack pointer reads and increments (libgcc_s's unwinder):
 * rdssp (f3 0f 1e /1) and incssp (f3 0f ae /5), register forms. */
static size_t shadow_stack(const uint8_t *code, size_t size, bool intel, struct disasm_insn *out)
{
	size_t at = 1;
	unsigned int rex = 0, mod, reg, rm;
	const char *stem;

	if (size < 4 || code[0] != 0xf3)
		return 0;
	if ((code[1] & 0xf0) == 0x40)
		rex = code[at++];
	if (at + 3 > size || code[at] != 0x0f)
		return 0;
	mod = code[at + 2] >> 6, reg = code[at + 2] >> 3 & 7, rm = (code[at + 2] & 7) | (rex & 1) << 3;
	if (mod != 3 || !((code[at + 1] == 0x1e && reg == 1) || (code[at + 1] == 0xae && reg == 5)))
		return 0;
	stem = code[at + 1] == 0x1e ? "rdssp" : "incssp";
	snprintf(out->mnemonic, sizeof(out->mnemonic), "%s%c", stem, rex & 8 ? 'q' : 'd');
	snprintf(out->operands, sizeof(out->operands), "%s%s", intel ? "" : "%",
		 (rex & 8 ? gpr64 : gpr32)[rm]);
	return at + 3;
}

size_t x86_missing_decode(const uint8_t *code, size_t size, uint64_t addr, bool intel,
		     struct disasm_insn *out)
{
	struct vex v;
	enum form f;
	char name[24], mem[96];
	size_t mlen = 1, len;
	const uint8_t *imm;
	bool has_imm = false, has_rip = false, vector;
	uint64_t rip_ref = 0;

	if (size >= 3 && code[0] == 0x0f && code[1] == 0x01 && (code[2] == 0xee || code[2] == 0xef)) {
		memset(out, 0, sizeof(*out));
		out->addr = addr;
		out->size = 3;
		memcpy(out->bytes, code, 3);
		snprintf(out->mnemonic, sizeof(out->mnemonic), "%s", code[2] == 0xee ? "rdpkru" : "wrpkru");
		return 3;
	}
	memset(out, 0, sizeof(*out));
	if ((len = shadow_stack(code, size, intel, out))) {
		out->addr = addr;
		out->size = (uint16_t)len;
		memcpy(out->bytes, code, len);
		return len;
	}
	if (!take_prefix(code, size, &v) || v.rest < 1)
		return 0;
	vector = v.evex;
	if (!vector && !vex_mask_insn(&v, name, sizeof(name), &f))
		return 0;
	if (!register_form(&v)) {
		/* the length first, for RIP-relative's next instruction */
		bool rip_dummy;
		uint64_t ref_dummy;

		if (!memory_operand(&v, intel, "", 1, 0, mem, sizeof(mem), &mlen, &rip_dummy,
				    &ref_dummy))
			return 0;
	}
	len = (size_t)(v.modrm - code) + mlen;
	imm = v.evex && v.map == 3 && len < size ? code + len : NULL;
	if (vector && !evex_insn(&v, imm, name, sizeof(name), &f, &has_imm))
		return 0;
	if (v.evex && v.map == 3)
		len++;	/* every 0F3A instruction has its imm8 */
	if (len > size || (vector && v.bcst))
		return 0;	/* broadcasts and rounding: not these */
	if (!register_form(&v)) {
		unsigned int scale = f == V_BROADCAST ? (v.op == 0x78 ? 1 : 2) : vector ? 16u << v.len : 1;
		const char *word = f == V_BROADCAST ? (v.op == 0x78 ? "BYTE" : "WORD") :
				   vector ? size_word(v.len) : mask_mem_word(name);

		if ((!vector && f != K_LOAD && f != K_STORE) ||
		    !memory_operand(&v, intel, word, scale, addr + len, mem, sizeof(mem), &mlen,
				    &has_rip, &rip_ref))
			return 0;
	} else if (f == K_STORE) {
		return 0;
	}
	memset(out, 0, sizeof(*out));
	out->addr = addr;
	out->size = (uint16_t)len;
	memcpy(out->bytes, code, len < sizeof(out->bytes) ? len : sizeof(out->bytes));
	snprintf(out->mnemonic, sizeof(out->mnemonic), "%s", name);
	if (vector)
		vector_operands(&v, f, intel, register_form(&v) ? NULL : mem, imm, has_imm,
				out->operands, sizeof(out->operands));
	else
		mask_operands(&v, f, intel, register_form(&v) ? NULL : mem, out->operands,
			      sizeof(out->operands));
	out->has_rip_ref = has_rip;
	out->rip_ref = rip_ref;
	return len;
}

/*
 * capstone 4 prints the index register of an EVEX instruction's address
 * as a vector register ("-0x20(%rsi,%xmm0,1)" for %rax) where the
 * instruction is not a gather or scatter: the GPR it is, in its place.
 */
void x86_evex_fix_index(const uint8_t *code, size_t size, bool intel, char *ops)
{
	struct vex v;
	unsigned int index;
	char *p, *end;
	const char *name;

	if (!take_prefix(code, size, &v) || !v.evex || v.rest < 2 || register_form(&v) ||
	    (v.modrm[0] & 7) != 4)
		return;
	if (v.map == 2 && ((v.op >= 0x90 && v.op <= 0x93) || (v.op >= 0xa0 && v.op <= 0xa3) ||
			   v.op == 0xc6 || v.op == 0xc7))
		return;	/* VSIB: the index is a vector */
	index = (v.modrm[1] >> 3 & 7) | v.x << 3;
	if (index == 4)
		return;
	name = gpr64[index];
	p = intel ? strchr(ops, '[') : strchr(ops, '(');
	if (!p)
		return;
	p = intel ? strpbrk(p, "+") : strchr(p, ',');
	if (!p)
		return;
	p += intel ? 1 : 2;	/* past "+", past ",%" */
	end = p + strcspn(p, intel ? "*" : ",");
	if (end - p < 4 || strncmp(p + 1, "mm", 2) || !strchr("xyz", p[0]))
		return;
	memmove(p + strlen(name), end, strlen(end) + 1);
	memcpy(p, name, strlen(name));
}
