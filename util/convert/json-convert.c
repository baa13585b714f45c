// SPDX-License-Identifier: GPL-2.0
/* perf data convert --to-json: json-convert.h. */
#include <inttypes.h>

#include "../data/session.h"
#include "../symbols/machine.h"
#include "json-convert.h"
#include "../report/resolve.h"

#define CONTEXT_MAX ((uint64_t)-4095)	/* PERF_CONTEXT_MAX: callchain markers above */

struct json_out {
	FILE *f;
	struct machine m;
	uint64_t nr;
	bool cpu;	/* perf asks the session's sample_type: the first event's */
};

/* perf's layout: a comma where asked, a newline, @depth tabs */
static void delim(FILE *f, bool comma, int depth)
{
	if (comma)
		fputc(',', f);
	fputc('\n', f);
	for (int i = 0; i < depth; i++)
		fputc('\t', f);
}

static void string(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", f);
		else if (c == '\r')
			fputs("\\r", f);
		else if (c == '\t')
			fputs("\\t", f);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

static void key(FILE *f, bool comma, int depth, const char *name)
{
	delim(f, comma, depth);
	string(f, name);
	fputs(": ", f);
}

static void key_string(FILE *f, bool comma, int depth, const char *name, const char *value)
{
	if (!value)
		return;	/* a file without the feature: perf 6.1 would crash */
	key(f, comma, depth, name);
	string(f, value);
}

static void key_u64(FILE *f, bool comma, int depth, const char *name, uint64_t v)
{
	key(f, comma, depth, name);
	fprintf(f, "%" PRIu64, v);
}

static void headers(FILE *f, const struct perf_data *pd, time_t captured_on)
{
	const struct pd_features *ft = &pd->feat;
	char when[32] = "";
	struct tm tm;

	if (gmtime_r(&captured_on, &tm))
		strftime(when, sizeof(when), "%FT%TZ", &tm);
	key_u64(f, false, 2, "header-version", 1);
	key_string(f, true, 2, "captured-on", when);
	key_u64(f, true, 2, "data-offset", pd->data_offset);
	key_u64(f, true, 2, "data-size", pd->data_size);
	key_u64(f, true, 2, "feat-offset", pd->data_offset + pd->data_size);
	key_string(f, true, 2, "hostname", ft->hostname);
	key_string(f, true, 2, "os-release", ft->osrelease);
	key_string(f, true, 2, "arch", ft->arch);
	key_string(f, true, 2, "cpu-desc", ft->cpudesc);
	key_string(f, true, 2, "cpuid", ft->cpuid);
	key_u64(f, true, 2, "nrcpus-online", ft->nr_cpus_online);
	key_u64(f, true, 2, "nrcpus-avail", ft->nr_cpus_avail);
	if (ft->has_clock_data) {
		key_u64(f, true, 2, "clockid", ft->clock_data_clockid);
		key_u64(f, true, 2, "clock-time", ft->clock_clockid_ns);
		key_u64(f, true, 2, "real-time", ft->clock_tod_ns);
	}
	key_string(f, true, 2, "perf-version", ft->version);
	key(f, true, 2, "cmdline");
	fputc('[', f);
	for (uint32_t i = 0; i < ft->nr_cmdline; i++) {
		delim(f, i != 0, 3);
		string(f, ft->cmdline[i]);
	}
	delim(f, false, 2);
	fputc(']', f);
}

static void frame(FILE *f, const struct addr_location *al, uint64_t ip)
{
	delim(f, false, 4);
	fputc('{', f);
	key(f, false, 5, "ip");
	fprintf(f, "\"0x%" PRIx64 "\"", ip);
	if (al && al->sym && al->sym->namelen) {
		fputc(',', f);
		key_string(f, false, 5, "symbol", al->sym->name);
		if (al->map && al->map->dso && al->map->dso->short_name[0]) {
			fputc(',', f);
			key_string(f, false, 5, "dso", al->map->dso->short_name);
		}
	}
	delim(f, false, 4);
	fputc('}', f);
}

/* The callchain's frames, their mode from its context markers. */
static void callchain(struct json_out *j, struct thread *t, const struct perf_sample *s)
{
	uint8_t mode = PERF_RECORD_MISC_USER;
	bool first = true;

	for (uint64_t i = 0; i < s->callchain_nr; i++) {
		uint64_t ip = s->callchain[i];
		struct addr_location al = { 0 };

		if (ip >= CONTEXT_MAX) {
			if (ip == PERF_CONTEXT_KERNEL)
				mode = PERF_RECORD_MISC_KERNEL;
			else if (ip == PERF_CONTEXT_USER)
				mode = PERF_RECORD_MISC_USER;
			else if (ip == PERF_CONTEXT_HV)
				mode = PERF_RECORD_MISC_HYPERVISOR;
			continue;
		}
		if (!first)
			fputc(',', j->f);
		first = false;
		resolve_addr(&j->m, t, mode, ip, &al);
		frame(j->f, &al, ip);
	}
}

static int on_sample(void *ctx, const struct pm_event_header *ev, const struct perf_sample *s,
		     struct pd_evsel *evsel, const char *note)
{
	struct json_out *j = ctx;
	struct thread *t = machine__findnew_thread(&j->m, (int32_t)s->pid, (int32_t)s->tid);
	FILE *f = j->f;

	(void)ev, (void)note;
	if (j->nr++)
		fputc(',', f);
	delim(f, false, 2);
	fputc('{', f);
	key(f, false, 3, "timestamp");
	fprintf(f, "%" PRIi64, (int64_t)s->time);
	key(f, true, 3, "pid");
	fprintf(f, "%i", t->pid);
	key(f, true, 3, "tid");
	fprintf(f, "%i", t->tid);
	(void)evsel;
	if (j->cpu) {
		key(f, true, 3, "cpu");
		fprintf(f, "%i", (int)s->cpu);
	}
	key_string(f, true, 3, "comm", t->comm);
	key(f, true, 3, "callchain");
	fputc('[', f);
	if (s->callchain) {
		callchain(j, t, s);
	} else {
		struct addr_location al = { 0 };

		resolve_addr(&j->m, t, s->cpumode, s->ip, &al);
		frame(f, &al, s->ip);
	}
	delim(f, false, 3);
	fputc(']', f);
	delim(f, false, 2);
	fputc('}', f);
	return 0;
}

static int on_event(void *ctx, const struct pm_event_header *ev, const struct perf_sample *s)
{
	(void)s;
	machine__process_event(&((struct json_out *)ctx)->m, ev);
	return 0;
}

int json_convert(struct perf_data *pd, const struct json_convert_opts *o, FILE *out,
		 uint64_t *nr_samples, struct strbuf *err)
{
	struct dsos_config cfg = { .symfs = o->symfs, .kallsyms = o->kallsyms };
	struct json_out j = { .f = out, .cpu = pd->nr_evsels &&
					 (pd->evsels[0]->attr.sample_type & PERF_SAMPLE_CPU) };
	struct session_tool tool = { .sample = on_sample, .event = on_event, .ctx = &j };
	struct session_stats stats = { 0 };
	int ret;

	machine__init(&j.m, &cfg);
	machine__apply_build_ids(&j.m, &pd->feat);
	fputs("{\n\t\"linux-perf-json-version\": 1", out);
	key(out, true, 1, "headers");
	fputc('{', out);
	headers(out, pd, o->captured_on);
	delim(out, false, 1);
	fputc('}', out);
	key(out, true, 1, "samples");
	fputc('[', out);
	ret = session__process(pd, &tool, &stats, err);
	delim(out, false, 1);
	fputc(']', out);
	delim(out, false, 0);
	fputs("}\n", out);
	machine__exit(&j.m);
	*nr_samples = j.nr;
	return ret;
}
