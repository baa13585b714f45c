/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_UNIT_SYNTH_PROFILE_H
#define PM_UNIT_SYNTH_PROFILE_H

/*
 * A made-up recording for the tests of what reads one (the converters,
 * report's readers): a process "prog" whose pid is the test's own, so
 * that its JIT symbol file, /tmp/perf-PID.map where perf looks, is this
 * run's alone; its threads; user-mode samples of cpu-clock (and, for a
 * second event, instructions) with callchains written as "main,work,leaf",
 * outermost first. Nothing of the host is read: no binary, no kallsyms.
 */
#include <linux/perf_event.h>
#include <sys/mman.h>
#include <unistd.h>

#include "unit-test.h"
#include "../../util/base/strbuf.h"
#include "../../util/data/perf-data-format.h"
#include "../../util/data/writer.h"

#define SYNTH_BASE 0x7f0000000000ULL	/* the JIT's code: an anonymous map */
#define SYNTH_UNMAPPED 0x1000ULL	/* no map holds it */

/* The JIT's functions, each 0x100 bytes from SYNTH_BASE + 0x1000 on; a
 * frame names one, "?" for an address in the map but in no function,
 * "!" for one in no map. */
static const char *const synth_functions[] = {
	"main", "work", "leaf", "parse", "say \"hi\"\\there",
	"std::vector<int>::push_back(int const&)", "semi;colon", "x</script><b>&",
};

#define SYNTH_NR_FUNCTIONS (sizeof(synth_functions) / sizeof(synth_functions[0]))

struct synth_sample {
	int event;		/* 0: cpu-clock, 1: instructions */
	int thread;		/* 0: the process's main thread "prog", n: tid pid + n, "worker" */
	uint32_t cpu;
	uint64_t period;
	const char *stack;	/* "main,work,leaf", outermost first */
};

struct synth_profile {
	char dir[32];
	char path[64];		/* the perf.data */
	char jit_map[64];
	int pid;
};

static inline uint64_t synth_address(const char *frame, size_t len)
{
	if (len == 1 && *frame == '?')
		return SYNTH_BASE + 0x80;
	if (len == 1 && *frame == '!')
		return SYNTH_UNMAPPED;
	for (size_t i = 0; i < SYNTH_NR_FUNCTIONS; i++)
		if (strlen(synth_functions[i]) == len && !memcmp(synth_functions[i], frame, len))
			return SYNTH_BASE + 0x1000 + 0x100 * i + 0x10;
	fail_msg("no function '%.*s'", (int)len, frame);
	return 0;
}

/* The frames of @stack, innermost first, as the kernel records them. */
static inline size_t synth_chain(const char *stack, uint64_t *chain, size_t max)
{
	size_t n = 0;

	for (const char *p = stack; *p; p += strcspn(p, ","), p += !!*p) {
		assert_true(n < max);
		chain[n++] = synth_address(p, strcspn(p, ","));
	}
	for (size_t i = 0; i < n / 2; i++) {
		uint64_t t = chain[i];

		chain[i] = chain[n - 1 - i];
		chain[n - 1 - i] = t;
	}
	return n;
}

static inline void synth_add(struct strbuf *sb, uint32_t type, const void *body, size_t len)
{
	struct pm_event_header h = { type, PERF_RECORD_MISC_USER,
				     (uint16_t)(sizeof(h) + ((len + 7) & ~(size_t)7)) };

	strbuf_add(sb, &h, sizeof(h));
	strbuf_add(sb, body, len);
	strbuf_addchars(sb, 0, ((len + 7) & ~(size_t)7) - len);
}

/* IDENTIFIER, IP, TID, TIME, CPU, PERIOD, CALLCHAIN: the kernel's order */
static inline void synth_add_sample(struct strbuf *sb, const struct synth_profile *p,
				    const struct synth_sample *s, uint64_t time)
{
	uint64_t chain[64], body[8 + 64];
	size_t n = synth_chain(s->stack, chain, 64);
	uint32_t tid = (uint32_t)(p->pid + s->thread);

	body[0] = (uint64_t)s->event + 1;
	body[1] = n ? chain[0] : SYNTH_UNMAPPED;
	body[2] = (uint64_t)tid << 32 | (uint32_t)p->pid;
	body[3] = time;
	body[4] = s->cpu;
	body[5] = s->period;
	body[6] = n + 1;
	body[7] = (uint64_t)PERF_CONTEXT_USER;
	memcpy(body + 8, chain, n * sizeof(*chain));
	synth_add(sb, PERF_RECORD_SAMPLE, body, (8 + n) * sizeof(*body));
}

static inline void synth_add_comm(struct strbuf *sb, int pid, int tid, const char *name)
{
	struct { uint32_t pid, tid; char comm[16]; } c = { (uint32_t)pid, (uint32_t)tid, "" };

	snprintf(c.comm, sizeof(c.comm), "%s", name);
	synth_add(sb, PERF_RECORD_COMM, &c, sizeof(c));
}

static inline void synth_add_mmap(struct strbuf *sb, int pid)
{
	struct {
		uint32_t pid, tid;
		uint64_t start, len, pgoff;
		uint32_t maj, min;
		uint64_t ino, gen;
		uint32_t prot, flags;
		char name[8];
	} m = { (uint32_t)pid, (uint32_t)pid, SYNTH_BASE, 0x100000, 0, 0, 0, 0, 0,
		PROT_READ | PROT_EXEC, MAP_PRIVATE, "//anon" };

	synth_add(sb, PERF_RECORD_MMAP2, &m, sizeof(m));
}

static inline void synth_write_jit_map(const struct synth_profile *p)
{
	FILE *f = fopen(p->jit_map, "w");

	assert_non_null(f);
	for (size_t i = 0; i < SYNTH_NR_FUNCTIONS; i++)
		fprintf(f, "%llx 100 %s\n", SYNTH_BASE + 0x1000 + 0x100 * i, synth_functions[i]);
	assert_int_equal(fclose(f), 0);
}

/* Write @n samples 1 ms apart to a new file, p->path; threads named as
 * in struct synth_sample. Undo with synth_profile__remove(). */
static inline void synth_profile__write(struct synth_profile *p, const struct synth_sample *s,
					size_t n)
{
	static const uint64_t ids[] = { 1, 2 };
	struct perf_event_attr attr[2] = {
		{ .type = PERF_TYPE_SOFTWARE, .config = PERF_COUNT_SW_CPU_CLOCK },
		{ .type = PERF_TYPE_HARDWARE, .config = PERF_COUNT_HW_INSTRUCTIONS },
	};
	struct pd_write_event ev[2] = { { &attr[0], &ids[0], 1, "cpu-clock" },
					{ &attr[1], &ids[1], 1, "instructions" } };
	struct strbuf sb = STRBUF_INIT, err = STRBUF_INIT;
	struct perf_data_writer w;
	int nr_ev = 1;

	for (int i = 0; i < 2; i++) {
		attr[i].size = sizeof(attr[i]);
		attr[i].sample_period = 1000000;
		attr[i].sample_type = PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_TID |
				      PERF_SAMPLE_TIME | PERF_SAMPLE_CPU | PERF_SAMPLE_PERIOD |
				      PERF_SAMPLE_CALLCHAIN;
		attr[i].mmap = attr[i].comm = attr[i].mmap2 = attr[i].task = i == 0;
	}
	p->pid = getpid();
	snprintf(p->dir, sizeof(p->dir), "/tmp/pm-synth.XXXXXX");
	assert_non_null(mkdtemp(p->dir));
	snprintf(p->path, sizeof(p->path), "%s/perf.data", p->dir);
	snprintf(p->jit_map, sizeof(p->jit_map), "/tmp/perf-%d.map", p->pid);
	synth_write_jit_map(p);
	for (size_t i = 0; i < n; i++)
		nr_ev = s[i].event ? 2 : nr_ev;
	assert_int_equal(perf_data_writer__open(&w, p->path, ev, nr_ev, NULL, 0, &err), 0);
	synth_add_comm(&sb, p->pid, p->pid, "prog");
	synth_add_mmap(&sb, p->pid);
	for (size_t i = 0; i < n; i++)
		if (s[i].thread)
			synth_add_comm(&sb, p->pid, p->pid + s[i].thread, "worker");
	for (size_t i = 0; i < n; i++)
		synth_add_sample(&sb, p, &s[i], 1000000000ULL + 1000000ULL * i);
	perf_data_writer__write(&w, sb.buf, sb.len);
	assert_int_equal(perf_data_writer__finish(&w, ev, nr_ev, NULL, 0, &err), 0);
	strbuf_release(&sb);
	strbuf_release(&err);
}

static inline void synth_profile__remove(const struct synth_profile *p)
{
	unlink(p->path);
	unlink(p->jit_map);
	rmdir(p->dir);
}

/* For cmocka's setup: a profile of @n samples as the test's state (its
 * teardown, synth_profile__teardown(), runs when the test fails too). */
static inline int synth_profile__setup(void **state, const struct synth_sample *s, size_t n)
{
	struct synth_profile *p = calloc(1, sizeof(*p));

	assert_non_null(p);
	synth_profile__write(p, s, n);
	*state = p;
	return 0;
}

static inline int synth_profile__teardown(void **state)
{
	synth_profile__remove(*state);
	free(*state);
	return 0;
}

#endif
