// SPDX-License-Identifier: GPL-2.0
/*
 * Write a perf.data of taken-branch stacks with cycle counts (record -b on
 * a CPU with LBR) through the functions of a real binary, for the tests of
 * what needs the code the branches ran: report's IPC column and script's
 * brstackinsn. The branches are the binary's own: each block starts at the
 * previous branch's target and ends at the first jump, call or return
 * after it; a direct branch goes to its target, a return or an indirect
 * one to a function chosen at random. Cycle counts and prediction flags
 * are random; one stack in eight has no cycles in its newest entry (perf
 * then counts nothing of that stack), one branch in thirty-two comes from
 * inside an instruction (as when the binary changed since). The sample's
 * IP is the newest target, a later instruction of its block, the newest
 * branch itself, or past the block's end. Deterministic for one binary
 * and SEED.
 *
 * Usage: test-tool gen-lbr OUT BINARY SEED
 *    or: gen-lbr OUT BINARY -- STACK...
 * the second writes a sample per STACK, "from>to:cycles,..." (hex
 * addresses in the binary, oldest branch first), its IP the last target.
 */
#include "test-tool.h"
#include <fcntl.h>
#include <gelf.h>
#include <linux/perf_event.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../util/disasm/disasm.h"
#include "synth-records.h"

#define PID 4343
#define BASE 0x555555554000ULL
#define NR_SAMPLES 400
#define STACK 16
#define MAX_INSNS 65536

struct insn {
	uint64_t addr;		/* in the binary */
	uint64_t target;	/* a direct branch's, else 0 */
	int func;
	bool branch;
};

static struct insn insns[MAX_INSNS];
static size_t nr_insns;
static uint64_t func_start[4096];
static size_t nr_funcs;

static int add_insn(const struct disasm_insn *in, void *ctx)
{
	const char *m = in->mnemonic;

	if (nr_insns == MAX_INSNS)
		return 1;
	insns[nr_insns++] = (struct insn){
		.addr = in->addr, .target = in->has_target ? in->target : 0,
		.func = (int)(intptr_t)ctx,
		.branch = m[0] == 'j' || !strncmp(m, "call", 4) || !strncmp(m, "ret", 3),
	};
	return 0;
}

/* Every function of the binary's .symtab, disassembled. */
static int read_functions(const char *path, struct disasm *d)
{
	int fd = open(path, O_RDONLY);
	Elf *elf;
	Elf_Scn *scn = NULL;

	elf_version(EV_CURRENT);
	if (fd < 0 || !(elf = elf_begin(fd, ELF_C_READ, NULL)))
		return -1;
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		Elf_Data *data;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_SYMTAB ||
		    !(data = elf_getdata(scn, NULL)))
			continue;
		for (size_t i = 0; i < sh.sh_size / sh.sh_entsize && nr_funcs < 4096; i++) {
			GElf_Sym sym;
			GElf_Shdr text;
			Elf_Data *code;
			Elf_Scn *ts;

			if (!gelf_getsym(data, (int)i, &sym) || GELF_ST_TYPE(sym.st_info) != STT_FUNC ||
			    !sym.st_size || !(ts = elf_getscn(elf, sym.st_shndx)) ||
			    !gelf_getshdr(ts, &text) || !(text.sh_flags & SHF_EXECINSTR) ||
			    !(code = elf_getdata(ts, NULL)) || !code->d_buf)
				continue;
			func_start[nr_funcs] = sym.st_value;
			disasm__walk(d, (const uint8_t *)code->d_buf + (sym.st_value - text.sh_addr),
				     sym.st_size, sym.st_value, add_insn, (void *)(intptr_t)nr_funcs);
			nr_funcs++;
		}
	}
	elf_end(elf);
	close(fd);
	return nr_funcs ? 0 : -1;
}

static size_t insn_at(uint64_t addr)
{
	for (size_t i = 0; i < nr_insns; i++)
		if (insns[i].addr == addr)
			return i;
	return 0;
}

/* The first branch from instruction @i on, in its function (else the
 * function's last instruction). */
static size_t block_end(size_t i)
{
	while (!insns[i].branch && i + 1 < nr_insns && insns[i + 1].func == insns[i].func)
		i++;
	return i;
}

/* Where the branch at @i goes. */
static size_t branch_target(size_t i, uint64_t *seed)
{
	size_t t = insns[i].target ? insn_at(insns[i].target) : 0;

	if (t && insns[t].addr == insns[i].target)
		return t;
	return insn_at(func_start[synth_rnd(seed) % nr_funcs]);
}

static void put_sample(struct strbuf *sb, uint64_t ip, const struct perf_branch_entry *e, int n,
		       uint64_t t)
{
	uint64_t head[5] = { ip, (uint64_t)PID << 32 | PID, t, 100000, (uint64_t)n };
	struct strbuf body = STRBUF_INIT;

	strbuf_add(&body, head, sizeof(head));
	strbuf_add(&body, e, (size_t)n * sizeof(*e));
	synth_record(sb, PERF_RECORD_SAMPLE, PERF_RECORD_MISC_USER, body.buf, body.len);
	strbuf_release(&body);
}

/* "from>to:cycles,..." into @e, newest first; how many, 0 when malformed. */
static int parse_stack(const char *spec, struct perf_branch_entry *e)
{
	struct perf_branch_entry tmp[STACK];
	int n = 0;

	while (*spec && n < STACK) {
		char *end;
		uint64_t from = strtoull(spec, &end, 16), to, cycles;

		if (*end != '>')
			return 0;
		to = strtoull(end + 1, &end, 16);
		if (*end != ':')
			return 0;
		cycles = strtoull(end + 1, &end, 10);
		if (*end && *end != ',')
			return 0;
		tmp[n++] = (struct perf_branch_entry){ .from = BASE + from, .to = BASE + to,
						       .cycles = cycles };
		spec = *end ? end + 1 : end;
	}
	for (int i = 0; i < n; i++)
		e[i] = tmp[n - 1 - i];
	return n;
}

/* Where the sample was taken, after the newest branch landed on @to. */
static uint64_t sample_ip(size_t to, const struct perf_branch_entry *newest, uint64_t *seed)
{
	size_t end = block_end(to);

	switch (synth_rnd(seed) % 4) {
	case 0: return newest->to;
	case 1: return BASE + insns[to + synth_rnd(seed) % (end - to + 1)].addr;
	case 2: return newest->from;
	default: return BASE + insns[end + 1 < nr_insns ? end + 1 : end].addr;
	}
}

static void sample(struct strbuf *sb, uint64_t *seed, size_t *cur, uint64_t t)
{
	struct perf_branch_entry e[STACK];

	for (int k = STACK - 1; k >= 0; k--) {	/* newest first */
		size_t from = block_end(*cur), to = branch_target(from, seed);
		uint64_t r = synth_rnd(seed);

		e[k] = (struct perf_branch_entry){ .from = BASE + insns[from].addr + (r % 32 == 0),
						   .to = BASE + insns[to].addr,
						   .cycles = 1 + r / 32 % 40,
						   .predicted = r / 2048 % 2,
						   .mispred = r / 4096 % 4 == 0 };
		*cur = to;
	}
	if (synth_rnd(seed) % 8 == 0)
		e[0].cycles = 0;
	put_sample(sb, sample_ip(*cur, &e[0], seed), e, STACK, t);
}

int cmd__gen_lbr(int argc, const char **argv)
{
	struct perf_event_attr attr = {
		.type = PERF_TYPE_HARDWARE, .config = PERF_COUNT_HW_CPU_CYCLES,
		.size = sizeof(attr), .sample_period = 100000,
		.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME |
			       PERF_SAMPLE_PERIOD | PERF_SAMPLE_BRANCH_STACK,
		.branch_sample_type = PERF_SAMPLE_BRANCH_ANY | PERF_SAMPLE_BRANCH_USER,
		.mmap = 1, .comm = 1, .task = 1, .mmap2 = 1, .exclude_kernel = 1,
	};
	uint64_t id = 1, t = 1000000000ULL, seed = 1;
	struct pd_write_event ev = { &attr, &id, 1, "cycles" };
	struct strbuf sb = STRBUF_INIT, err = STRBUF_INIT;
	struct perf_data_writer w;
	struct disasm *d = disasm__new(NULL, false, &err);
	struct { uint32_t pid, tid; char comm[16]; } c = { PID, PID, "lbr" };
	bool listed = argc > 4 && !strcmp(argv[3], "--");
	size_t cur;
	off_t size;
	int fd;

	if ((argc != 4 && !listed) || (!listed && !(seed = strtoull(argv[3], NULL, 10)))) {
		fprintf(stderr, "usage: %s OUT BINARY SEED (above 0)\n"
			"   or: %s OUT BINARY -- from>to:cycles,...\n", argv[0], argv[0]);
		return 129;
	}
	if (!d || read_functions(argv[2], d) || (fd = open(argv[2], O_RDONLY)) < 0 ||
	    (size = lseek(fd, 0, SEEK_END)) <= 0) {
		fprintf(stderr, "%s: no functions to branch through\n", argv[2]);
		return 1;
	}
	close(fd);
	if (perf_data_writer__open(&w, argv[1], &ev, 1, NULL, 0, &err)) {
		fprintf(stderr, "%s\n", err.buf);
		return 1;
	}
	synth_record(&sb, PERF_RECORD_COMM, 0, &c, sizeof(c));
	synth_mmap2_path(&sb, PID, BASE, ((uint64_t)size + 0xfff) & ~0xfffULL, argv[2]);
	for (int i = 4; listed && i < argc; i++) {
		struct perf_branch_entry e[STACK];
		int n = parse_stack(argv[i], e);

		if (!n) {
			fprintf(stderr, "'%s': not from>to:cycles,...\n", argv[i]);
			return 129;
		}
		put_sample(&sb, e[0].to, e, n, t += 100000);
	}
	cur = insn_at(func_start[0]);
	for (int i = 0; !listed && i < NR_SAMPLES; i++)
		sample(&sb, &seed, &cur, t += 100000);
	disasm__delete(d);
	strbuf_release(&err);
	return synth_finish(&w, &sb, argc, argv, &ev, 1, NULL, 0);
}
