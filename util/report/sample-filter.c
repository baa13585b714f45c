// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../events/cpumap.h"
#include "sample-filter.h"

static bool in_list(const char *list, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = list; p && *p; p += strcspn(p, ","), p += !!*p)
		if (strcspn(p, ",") == n && !strncmp(p, name, n))
			return true;
	return false;
}

static bool in_num_list(const char *list, int32_t v)
{
	char buf[16];

	snprintf(buf, sizeof(buf), "%d", v);
	return in_list(list, buf);
}

int sample_filter__check_args(const char *cpu_list, const char *time_str, struct strbuf *err)
{
	struct perf_data pd = { .feat = { .first_sample_time = 1, .last_sample_time = 2 } };
	struct sample_filter f = { 0 };
	int ret = sample_filter__setup(&f, cpu_list, time_str, &pd, false, err);

	sample_filter__exit(&f);
	return ret;
}

int sample_filter__setup(struct sample_filter *f, const char *cpu_list, const char *time_str,
			 const struct perf_data *pd, bool relative_time, struct strbuf *err)
{
	if (cpu_list && cpu_map__parse_list(&f->cpus, cpu_list)) {
		strbuf_addf(err, "-C: '%s' is not a CPU list (e.g. 0-3,6)", cpu_list);
		return -EINVAL;
	}
	if (time_str && time_ranges__parse(&f->time, time_str, pd->feat.first_sample_time,
					   pd->feat.last_sample_time, relative_time, err))
		return -EINVAL;
	return 0;
}

bool sample_filter__skip(const struct sample_filter *f, uint64_t time, uint32_t cpu)
{
	return time_ranges__skip(&f->time, time) || (f->cpus && !cpu_map__has(f->cpus, (int)cpu));
}

bool sample_filter__by_location(const struct sample_filter *f)
{
	return f->comms || f->pids || f->tids || f->dsos || f->symbols;
}

bool sample_filter__is_address(const char *entry, size_t len)
{
	char buf[64], *end;

	if (!len || len >= sizeof(buf))
		return false;
	memcpy(buf, entry, len);
	buf[len] = '\0';
	errno = 0;
	strtoull(buf, &end, 16);
	if (errno || end == buf)
		return false;
	while (isspace((unsigned char)*end))
		end++;
	return !*end;
}

/* -S: a symbol by name, or (an entry perf reads as hex) the address the
 * sample was taken at, when it is in a map; with --addr-range @range
 * bytes from there (perf's check_address_range(), its sum wrapping as
 * perf's unsigned long does) */
static bool symbol_matches(const char *list, const struct symbol *sym, uint64_t addr,
			   bool mapped, int range)
{
	for (const char *p = list; p && *p; p += strcspn(p, ","), p += !!*p) {
		size_t n = strcspn(p, ",");

		if (sample_filter__is_address(p, n)) {
			uint64_t a = strtoull(p, NULL, 16);

			if (mapped && (a == addr ||
				       (addr >= a && addr < a + (uint64_t)(int64_t)range)))
				return true;
		} else if (sym && strlen(sym->name) == n && !strncmp(p, sym->name, n)) {
			return true;
		}
	}
	return false;
}

bool sample_filter__rejects(const struct sample_filter *f, const struct thread *t,
			    const char *comm, const struct dso *dso, const struct symbol *sym,
			    uint64_t addr, bool mapped)
{
	if (f->comms && !in_list(f->comms, comm))
		return true;
	if (f->pids && !in_num_list(f->pids, t->pid))
		return true;
	if (f->tids && !in_num_list(f->tids, t->tid))
		return true;
	if (f->dsos && !in_list(f->dsos, dso ? dso->short_name : "[unknown]") &&
	    !(dso && in_list(f->dsos, dso->long_name)))
		return true;
	return f->symbols && !symbol_matches(f->symbols, sym, addr, mapped, f->addr_range);
}

void sample_filter__exit(struct sample_filter *f)
{
	cpu_map__delete(f->cpus);
	f->cpus = NULL;
	time_ranges__exit(&f->time);
}
