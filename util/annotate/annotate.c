// SPDX-License-Identifier: GPL-2.0
/*
 * annotate's reading: each sample resolved as report resolves it, its
 * period counted at the byte of its symbol it hit.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../base/array.h"
#include "../base/hash.h"
#include "../base/xalloc.h"
#include "../events/cpumap.h"
#include "annotate.h"
#include "../report/resolve.h"
#include "../disasm/sym-code.h"

/* A symbol's byte counts are kept up to this size (a larger "symbol" is
 * a table or a stripped binary's span, not a function to read). */
#define MAX_SYMBOL_BYTES (1u << 20)

static uint64_t sym_hash(const struct symbol *sym, int evsel)
{
	return hash_u64((uintptr_t)sym ^ ((uint64_t)evsel << 48));
}

static struct ann_sym *findnew(struct annotate *a, struct dso *dso, const struct symbol *sym,
			       int evsel)
{
	uint64_t hash = sym_hash(sym, evsel);
	struct hmap_slot *slot;
	struct ann_sym *s;
	size_t len;

	hmap_must_reserve(&a->by_sym, 1);
	hmap_for_each_probe(&a->by_sym, hash, slot) {
		s = &a->syms[slot->val - 1];
		if (s->sym == sym && s->evsel == evsel)
			return s;
	}
	ALLOC_GROW(a->syms, a->nr_syms + 1, a->alloc_syms);
	len = sym->end > sym->start ? sym->end - sym->start : 1;
	if (len > MAX_SYMBOL_BYTES)
		len = MAX_SYMBOL_BYTES;
	s = &a->syms[a->nr_syms];
	*s = (struct ann_sym){ .dso = dso, .sym = sym, .evsel = evsel,
			       .byte_period = must_calloc(len, sizeof(uint64_t)),
			       .byte_samples = must_calloc(len, sizeof(uint64_t)) };
	hmap_fill(&a->by_sym, slot, hash, ++a->nr_syms);
	return s;
}

static bool dso_wanted(const struct annotate *a, const struct dso *dso)
{
	const char *p = a->o->dsos;
	size_t len = strlen(dso->short_name);

	while (p && *p) {
		size_t n = strcspn(p, ",");

		if (n == len && !strncmp(p, dso->short_name, n))
			return true;
		p += n + !!p[n];
	}
	return !a->o->dsos;
}

static bool cpu_wanted(const struct annotate *a, uint32_t cpu)
{
	for (int i = 0; a->cpus && i < a->cpus->nr; i++)
		if ((uint32_t)a->cpus->cpus[i] == cpu)
			return true;
	return !a->cpus;
}

/* The kernel's code is read from /proc/kcore: this kernel's only, and
 * by root (CAP_SYS_RAWIO). */
static bool kernel_readable(struct annotate *a, const struct dso *dso)
{
	if (a->o->vmlinux && !dso->is_module)
		return true;	/* -k's file, opened already */
	if (!sym_code__is_live_kernel(&a->machine.dsos, dso)) {
		a->kernel_why = "recorded on another kernel than this one, whose code "
				"/proc/kcore holds";
		return false;
	}
	if (!a->kcore) {
		int fd = open(sym_code__kcore_path(), O_RDONLY | O_CLOEXEC);

		a->kcore = fd >= 0 ? 1 : -1;
		if (fd >= 0)
			close(fd);
		else if (errno == ENOENT)
			a->kernel_why = "this kernel has no /proc/kcore to read its code from";
		else
			a->kernel_why = "its code is read from /proc/kcore, which needs root "
					"(CAP_SYS_RAWIO)";
	}
	return a->kcore > 0;
}

static int on_sample(void *ctx, const struct pm_event_header *ev, const struct perf_sample *s,
		     struct pd_evsel *evsel, const char *note)
{
	struct annotate *a = ctx;
	struct hist_entry he;
	struct hist_rare rare;
	struct ann_sym *as;
	uint64_t off;

	(void)ev, (void)note;
	if (cpumode_is_guest(s->cpumode) || !cpu_wanted(a, s->cpu))
		return 0;
	resolve_sample(&a->machine, s, &he, &rare);
	/* the event's totals are of the samples -d and a symbol leave, as perf's */
	if ((a->o->dsos && (!he.dso || !dso_wanted(a, he.dso))) ||
	    (a->o->symbol && (!he.sym || strcmp(a->o->symbol, he.sym->name))))
		return 0;
	a->event_period[evsel->idx] += s->period;
	a->event_samples[evsel->idx]++;
	if (!he.sym || !he.dso || he.sym->is_object)
		return 0;
	if (he.dso->kernel && !kernel_readable(a, he.dso)) {
		a->nr_kernel++;
		return 0;
	}
	as = findnew(a, he.dso, he.sym, evsel->idx);
	as->period += s->period;
	as->samples++;
	off = he.ip - he.sym->start;
	if (he.ip >= he.sym->start && off < MAX_SYMBOL_BYTES && off < he.sym->end - he.sym->start) {
		as->byte_period[off] += s->period;
		as->byte_samples[off]++;
	}
	return 0;
}

static int on_event(void *ctx, const struct pm_event_header *ev, const struct perf_sample *s)
{
	struct annotate *a = ctx;

	(void)s;
	machine__process_event(&a->machine, ev);
	return 0;
}

int annotate__process(struct annotate *a)
{
	struct session_tool tool = { .sample = on_sample, .event = on_event, .ctx = a };
	struct dsos_config cfg = {
		.symfs = a->o->symfs, .kallsyms = a->o->kallsyms, .vmlinux = a->o->vmlinux,
		.no_demangle = !a->o->demangle, .demangle_kernel = a->o->demangle_kernel,
	};
	size_t n = MAX_EVSELS;	/* a pipe stream declares its events as it goes */

	if (a->o->cpu_list && cpu_map__parse_list(&a->cpus, a->o->cpu_list)) {
		strbuf_addf(&a->err, "-C '%s' is not a CPU list\nhint: e.g. 0,2-3", a->o->cpu_list);
		return -EINVAL;
	}
	if (a->o->vmlinux && access(a->o->vmlinux, R_OK)) {
		strbuf_addf(&a->err, "cannot read the vmlinux '%s': %s\nhint: -k names the "
			    "kernel image the recording ran (with its symbols)", a->o->vmlinux,
			    strerror(errno));
		return -ENOENT;
	}
	if (a->cpus && !perf_data__has_sample_bit(&a->pd, PERF_SAMPLE_CPU) && !a->pd.pipe) {
		strbuf_addf(&a->err, "-C: %s has no sample CPUs (recorded without -a, -C or "
			    "--sample-cpu)\nhint: drop -C", a->pd.path);
		return -EINVAL;
	}
	machine__init(&a->machine, &cfg);
	machine__apply_build_ids(&a->machine, &a->pd.feat);
	a->srclines.full_path = true;	/* the source text is read from it */
	a->event_period = must_calloc(n, sizeof(uint64_t));
	a->event_samples = must_calloc(n, sizeof(uint64_t));
	tool.unordered = perf_data__unordered(&a->pd);
	return session__process(&a->pd, &tool, &a->stats, &a->err);
}

void annotate__exit(struct annotate *a)
{
	for (size_t i = 0; i < a->nr_syms; i++) {
		free(a->syms[i].byte_period);
		free(a->syms[i].byte_samples);
	}
	free(a->syms);
	hmap_release(&a->by_sym);
	free(a->event_period);
	free(a->event_samples);
	cpu_map__delete(a->cpus);
	srclines__exit(&a->srclines);
	srccode__exit(&a->srccode);
	machine__exit(&a->machine);
	perf_data__close(&a->pd);
	strbuf_release(&a->err);
}
