// SPDX-License-Identifier: GPL-2.0
/*
 * profile.proto is written with a few lines of wire format (varints and
 * length-delimited fields) rather than protoc-c's generated code: the
 * message is built once, front to back, and the generated structs would
 * only be filled to be serialized.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <zlib.h>

#include "../base/id-table.h"
#include "../base/xalloc.h"
#include "../data/session.h"
#include "../symbols/machine.h"
#include "../symbols/srcline.h"
#include "../report/callchain.h"
#include "../report/data-src.h"
#include "pprof.h"
#include "../report/resolve.h"

#define MAX_INLINES 16

/* --- wire format -------------------------------------------------------- */

static void pb_varint(struct strbuf *b, uint64_t v)
{
	while (v >= 0x80) {
		strbuf_addch(b, (int)(v & 0x7f) | 0x80);
		v >>= 7;
	}
	strbuf_addch(b, (int)v);
}

static void pb_uint(struct strbuf *b, int field, uint64_t v)
{
	pb_varint(b, (uint64_t)field << 3);
	pb_varint(b, v);
}

static void pb_bytes(struct strbuf *b, int field, const void *data, size_t len)
{
	pb_varint(b, (uint64_t)field << 3 | 2);
	pb_varint(b, len);
	strbuf_add(b, data, len);
}

/* --- the profile as it is gathered -------------------------------------- */

struct pprof {
	struct machine m;
	struct srclines srclines;
	struct perf_data *pd;
	struct id_table strings, functions, mappings, locations, samples;
	struct strbuf function_msgs, mapping_msgs, location_msgs;	/* encoded, in id order */
	int64_t *values;		/* by sample id - 1: nr_values each */
	size_t nr_values;
	uint64_t nr;
	bool cpu;
	bool mem;			/* data sources gathered: labels, a weight per event */
	bool any_data_src, any_weight;	/* what the samples held: written only then */
	size_t per_event;		/* values: samples, period (, weight) */
	size_t *map_msg_at;		/* by mapping id - 1: its message in mapping_msgs */
	uint32_t *map_file;		/* by mapping id - 1: its file's string id */
	uint64_t first_time, last_time;	/* of the samples, for duration_nanos */
};

static uint32_t str_id(struct pprof *p, const char *s)
{
	bool made;

	/* the string table's first entry is "" (index 0), as pprof requires */
	return id_table__id(&p->strings, s, strlen(s) + 1, &made) - 1;
}

static uint32_t function_id(struct pprof *p, const char *name, const char *file)
{
	uint32_t key[2] = { str_id(p, name), str_id(p, file) };
	bool made;
	uint32_t id = id_table__id(&p->functions, key, sizeof(key), &made);
	struct strbuf f = STRBUF_INIT;

	if (!made)
		return id;
	pb_uint(&f, 1, id);
	pb_uint(&f, 2, key[0]);
	pb_uint(&f, 3, key[0]);
	pb_uint(&f, 4, key[1]);
	pb_bytes(&p->function_msgs, 5, f.buf, f.len);
	strbuf_release(&f);
	return id;
}

static uint32_t mapping_id(struct pprof *p, const struct map *map)
{
	const struct dso *dso = map->dso;
	struct strbuf m = STRBUF_INIT, hex = STRBUF_INIT;
	struct { const struct dso *dso; uint64_t start; } key = { dso, map->start };
	bool made;
	uint32_t id = id_table__id(&p->mappings, &key, sizeof(key), &made);

	if (!made)
		return id;
	for (int i = 0; i < dso->build_id_size; i++)
		strbuf_addf(&hex, "%02x", dso->build_id[i]);
	pb_uint(&m, 1, id);
	pb_uint(&m, 2, map->start);
	pb_uint(&m, 3, map->end);
	pb_uint(&m, 4, map->pgoff);
	pb_uint(&m, 5, str_id(p, dso->long_name ? dso->long_name : dso->short_name));
	pb_uint(&m, 6, str_id(p, hex.buf));
	pb_uint(&m, 7, 1);	/* has_functions */
	p->map_msg_at = must_reallocarray(p->map_msg_at, id, sizeof(*p->map_msg_at));
	p->map_file = must_reallocarray(p->map_file, id, sizeof(*p->map_file));
	p->map_msg_at[id - 1] = p->mapping_msgs.len;
	p->map_file[id - 1] = str_id(p, dso->long_name ? dso->long_name : dso->short_name);
	pb_bytes(&p->mapping_msgs, 3, m.buf, m.len);
	strbuf_release(&m);
	strbuf_release(&hex);
	return id;
}

/* "file.c:42" into its file and line; "??:0" and the like into none. */
static uint64_t split_srcline(const char *srcline, struct strbuf *file)
{
	const char *colon = srcline ? strrchr(srcline, ':') : NULL;

	strbuf_reset(file);
	if (!colon || !strncmp(srcline, "??", 2))
		return 0;
	strbuf_add(file, srcline, (size_t)(colon - srcline));
	return strtoull(colon + 1, NULL, 10);
}

/* A Line of the function @name alone (no file or line known). */
static void symbol_line(struct pprof *p, const char *name, struct strbuf *loc)
{
	struct strbuf line = STRBUF_INIT;

	pb_uint(&line, 1, function_id(p, name, ""));
	pb_bytes(loc, 4, line.buf, line.len);
	strbuf_release(&line);
}

/* A Location's Lines: the functions DWARF nests at the address, the
 * inlined ones first; the ELF symbol's name where DWARF has none. */
static void location_lines(struct pprof *p, const struct addr_location *al, bool caller,
			   struct strbuf *loc)
{
	const char *names[MAX_INLINES], *lines[MAX_INLINES];
	struct strbuf file = STRBUF_INIT, line = STRBUF_INIT;
	size_t n = srcline__inlines(&p->srclines, &p->m.dsos, al->map->dso, al->addr - caller,
				    names, lines, MAX_INLINES);

	for (size_t i = 0; i < n; i++) {
		const char *name = *names[i] ? names[i] : al->sym ? al->sym->name : "";
		uint64_t nr = split_srcline(lines[i], &file);

		if (!*name)
			continue;
		strbuf_reset(&line);
		pb_uint(&line, 1, function_id(p, name, file.buf));
		pb_uint(&line, 2, nr);
		pb_bytes(loc, 4, line.buf, line.len);
	}
	if (!n && al->sym)
		symbol_line(p, al->sym->name, loc);
	strbuf_release(&file);
	strbuf_release(&line);
}

/*
 * The Location of address @ip, resolved to @al_in, of thread @t. A
 * @caller frame's address is a return address: its lines (and inlined
 * functions) are those of the call before it, as perf and addr2line
 * read them at the address - 1.
 */
static uint32_t location_id(struct pprof *p, const struct thread *t,
			    const struct addr_location *al_in, uint64_t ip, bool caller)
{
	struct addr_location al = *al_in;
	struct strbuf loc = STRBUF_INIT;
	uint64_t key[3];
	uint32_t map_id = 0, id;
	bool made;

	if (al.map && al.map->dso)
		map_id = mapping_id(p, al.map);
	key[0] = map_id ? map_id : (uint64_t)t->pid << 32;	/* no map: per process */
	key[1] = ip;
	key[2] = caller;
	id = id_table__id(&p->locations, key, sizeof(key), &made);
	if (!made)
		return id;
	pb_uint(&loc, 1, id);
	pb_uint(&loc, 2, map_id);
	pb_uint(&loc, 3, ip);
	if (map_id && !al.map->dso->kernel)
		location_lines(p, &al, caller, &loc);
	else if (al.sym)	/* the kernel's: kallsyms names, no lines */
		symbol_line(p, al.sym->name, &loc);
	pb_bytes(&p->location_msgs, 4, loc.buf, loc.len);
	strbuf_release(&loc);
	return id;
}

/* --- samples ------------------------------------------------------------ */

/* A memory access's data source in report's words, as string ids (0: not
 * a memory profile): cache level, snoop, TLB, lock, blocked. */
enum { MEM_LVL, MEM_SNOOP, MEM_TLB, MEM_LOCK, MEM_BLOCKED, MEM_NR };

static const char *const mem_label[MEM_NR] = {
	"mem_level", "mem_snoop", "mem_tlb", "mem_lock", "mem_blocked",
};

struct sample_key {
	int32_t pid, tid, cpu;
	uint32_t comm;
	uint32_t mem[MEM_NR];
	uint32_t loc[];		/* innermost first */
};

struct stack_walk {
	struct pprof *p;
	struct thread *t;
	uint32_t *loc;
	size_t n, max;
	bool return_addresses;	/* frame pointers' callers: the unwinder's are calls */
};

static int add_frame(void *ctx, const struct callchain_frame *f)
{
	struct stack_walk *w = ctx;

	if (w->n == w->max)
		return 1;
	w->loc[w->n] = location_id(w->p, w->t, &f->al, f->ip, w->n && w->return_addresses);
	w->n++;
	return 0;
}

/* The sample's stack as location ids, innermost first (pprof's order). */
static size_t stack_of(struct pprof *p, struct thread *t, const struct perf_sample *s,
		       bool unwound, uint32_t *loc, size_t max)
{
	struct stack_walk w = { p, t, loc, 0, max, !unwound };
	struct addr_location al = { 0 };

	if (s->callchain) {
		callchain__walk(&p->m, t, s, 0, add_frame, &w);
		return w.n;
	}
	resolve_addr(&p->m, t, s->cpumode, s->ip, &al);
	loc[0] = location_id(p, t, &al, s->ip, false);
	return 1;
}

#define MAX_STACK 1024

static void mem_labels(struct pprof *p, uint64_t data_src, uint32_t *ids)
{
	static void (*const part[MEM_NR])(uint64_t, struct strbuf *) = {
		data_src__level, data_src__snoop, data_src__tlb, data_src__lock,
		data_src__blocked,
	};
	struct strbuf text = STRBUF_INIT;

	for (int i = 0; i < MEM_NR; i++) {
		strbuf_reset(&text);
		part[i](data_src, &text);
		/* perf's " N/A" keeps a leading space for its columns */
		ids[i] = str_id(p, text.buf + (text.buf[0] == ' '));
	}
	strbuf_release(&text);
}

static int on_sample(void *ctx, const struct pm_event_header *ev, const struct perf_sample *s,
		     struct pd_evsel *evsel, const char *note)
{
	struct pprof *p = ctx;
	struct thread *t = machine__findnew_thread(&p->m, (int32_t)s->pid, (int32_t)s->tid);
	size_t size = sizeof(struct sample_key) + MAX_STACK * sizeof(uint32_t);
	uint64_t unwound[UNWOUND_CHAIN_MAX];
	struct perf_sample tmp;
	const struct perf_sample *as_recorded = s;
	struct sample_key *k = must_calloc(1, size);
	size_t n, first;
	uint32_t id;
	bool made;

	(void)ev, (void)note;
	s = callchain__unwound(&p->m, t, s, &tmp, unwound);	/* --call-graph dwarf */
	if (!p->nr || s->time < p->first_time)
		p->first_time = s->time;
	if (s->time > p->last_time)
		p->last_time = s->time;
	p->any_data_src |= p->mem && data_src__known(s->data_src);
	p->any_weight |= p->mem && s->weight;
	k->pid = t->pid;
	k->tid = t->tid;
	k->cpu = p->cpu ? (int32_t)s->cpu : -1;
	k->comm = str_id(p, t->comm ? t->comm : "");
	if (p->mem)
		mem_labels(p, s->data_src, k->mem);
	n = stack_of(p, t, s, s != as_recorded, k->loc, MAX_STACK);
	id = id_table__id(&p->samples, k, sizeof(*k) + n * sizeof(uint32_t), &made);
	free(k);
	if (made) {
		p->values = must_reallocarray(p->values, id * p->nr_values, sizeof(*p->values));
		memset(p->values + (id - 1) * p->nr_values, 0, p->nr_values * sizeof(*p->values));
	}
	first = (id - 1) * p->nr_values + p->per_event * (size_t)evsel->idx;
	p->values[first] += 1;
	p->values[first + 1] += (int64_t)s->period;
	if (p->mem)
		p->values[first + 2] += (int64_t)s->weight;
	p->nr++;
	return 0;
}

static int on_event(void *ctx, const struct pm_event_header *ev, const struct perf_sample *s)
{
	(void)s;
	machine__process_event(&((struct pprof *)ctx)->m, ev);
	return 0;
}

/* --- the message -------------------------------------------------------- */

static void label(struct strbuf *out, struct pprof *p, const char *key, uint32_t str,
		  int64_t num, bool is_num)
{
	struct strbuf l = STRBUF_INIT;

	pb_uint(&l, 1, str_id(p, key));
	if (is_num)
		pb_uint(&l, 3, (uint64_t)num);
	else
		pb_uint(&l, 2, str);
	pb_bytes(out, 3, l.buf, l.len);
	strbuf_release(&l);
}

static void sample_msgs(struct pprof *p, struct strbuf *out)
{
	struct strbuf smp = STRBUF_INIT, packed = STRBUF_INIT;

	for (size_t id = 1; id <= p->samples.nr; id++) {
		const struct sample_key *k = (const void *)(p->samples.keys.buf +
							    p->samples.key_at[id - 1]);
		size_t n = (p->samples.key_len[id - 1] - sizeof(*k)) / sizeof(uint32_t);

		strbuf_reset(&smp);
		strbuf_reset(&packed);
		for (size_t i = 0; i < n; i++)
			pb_varint(&packed, k->loc[i]);
		pb_bytes(&smp, 1, packed.buf, packed.len);
		strbuf_reset(&packed);
		for (size_t v = 0; v < p->nr_values; v++)
			if (v % p->per_event < 2 || p->any_weight)
				pb_varint(&packed,
					  (uint64_t)p->values[(id - 1) * p->nr_values + v]);
		pb_bytes(&smp, 2, packed.buf, packed.len);
		label(&smp, p, "pid", 0, k->pid, true);
		label(&smp, p, "tid", 0, k->tid, true);
		label(&smp, p, "comm", k->comm, 0, false);
		if (k->cpu >= 0)
			label(&smp, p, "cpu", 0, k->cpu, true);
		for (int m = 0; p->any_data_src && m < MEM_NR; m++)
			label(&smp, p, mem_label[m], k->mem[m], 0, false);
		pb_bytes(out, 2, smp.buf, smp.len);
	}
	strbuf_release(&smp);
	strbuf_release(&packed);
}

/* Two values per event: its samples, and its period (time for clocks). */
static void sample_types(struct pprof *p, struct strbuf *out)
{
	struct strbuf vt = STRBUF_INIT;

	for (size_t e = 0; e < p->pd->nr_evsels; e++) {
		const char *name = p->pd->evsels[e]->name;
		bool clock = !strncmp(name, "cpu-clock", 9) || !strncmp(name, "task-clock", 10);

		strbuf_reset(&vt);
		pb_uint(&vt, 1, str_id(p, "samples"));
		pb_uint(&vt, 2, str_id(p, "count"));
		pb_bytes(out, 1, vt.buf, vt.len);
		strbuf_reset(&vt);
		pb_uint(&vt, 1, str_id(p, name));
		pb_uint(&vt, 2, str_id(p, clock ? "nanoseconds" : "count"));
		pb_bytes(out, 1, vt.buf, vt.len);
		/* perf sets DATA_SRC for --call-graph dwarf too: a weight
		 * only where an access had one, never an all-zero type */
		if (!p->any_weight)
			continue;
		strbuf_reset(&vt);	/* the accesses' cost, as --mem-mode weighs them */
		pb_uint(&vt, 1, str_id(p, "weight"));
		pb_uint(&vt, 2, str_id(p, "cycles"));
		pb_bytes(out, 1, vt.buf, vt.len);
	}
	strbuf_release(&vt);
}

/* The comm most samples have, as a string id. */
static uint32_t busiest_comm(const struct pprof *p)
{
	int64_t *by_comm = must_calloc(p->strings.nr + 1, sizeof(*by_comm));
	uint32_t best = 0;

	for (size_t id = 1; id <= p->samples.nr; id++) {
		const struct sample_key *k = (const void *)(p->samples.keys.buf +
							    p->samples.key_at[id - 1]);

		for (size_t e = 0; e < p->nr_values; e += p->per_event)
			by_comm[k->comm] += p->values[(id - 1) * p->nr_values + e];
		if (by_comm[k->comm] > by_comm[best])
			best = k->comm;
	}
	free(by_comm);
	return best;
}

/* The mapping of the program most samples ran (its file named as the
 * comm): pprof names the profile after the first mapping. */
static size_t main_mapping(const struct pprof *p)
{
	const char *comm = p->strings.keys.buf + p->strings.key_at[busiest_comm(p)];

	for (size_t i = 0; *comm && i < p->mappings.nr; i++) {
		const char *file = p->strings.keys.buf + p->strings.key_at[p->map_file[i]];
		const char *base = strrchr(file, '/') ? strrchr(file, '/') + 1 : file;

		if (!strncmp(base, comm, strlen(comm)))
			return i;
	}
	return 0;
}

static void mapping_msgs(const struct pprof *p, struct strbuf *out)
{
	size_t main = main_mapping(p), n = p->mappings.nr;

	for (size_t k = 0; k < n; k++) {
		size_t i = k == 0 ? main : k <= main ? k - 1 : k;
		size_t end = i + 1 < n ? p->map_msg_at[i + 1] : p->mapping_msgs.len;

		strbuf_add(out, p->mapping_msgs.buf + p->map_msg_at[i], end - p->map_msg_at[i]);
	}
}

/*
 * What a reader shows first and how it names the run: the first event's
 * period as the default type, its sampling period, and the time span of
 * the samples (when the recording started, from the file's time, less
 * the span, where it is a file).
 */
static void profile_times(struct pprof *p, struct strbuf *out)
{
	const struct pd_evsel *e = p->pd->evsels[0];
	bool clock = !strncmp(e->name, "cpu-clock", 9) || !strncmp(e->name, "task-clock", 10);
	uint64_t span = p->last_time - p->first_time, period = 0;
	struct strbuf vt = STRBUF_INIT;
	struct stat st;

	if (p->pd->path && strcmp(p->pd->path, "-") && !stat(p->pd->path, &st) &&
	    (uint64_t)st.st_mtim.tv_sec * 1000000000ull + (uint64_t)st.st_mtim.tv_nsec > span)
		pb_uint(out, 9, (uint64_t)st.st_mtim.tv_sec * 1000000000ull +
				(uint64_t)st.st_mtim.tv_nsec - span);
	pb_uint(out, 10, span);
	pb_uint(&vt, 1, str_id(p, e->name));
	pb_uint(&vt, 2, str_id(p, clock ? "nanoseconds" : "count"));
	pb_bytes(out, 11, vt.buf, vt.len);
	if (!e->attr.freq)
		period = e->attr.sample_period;
	else if (clock && e->attr.sample_freq)
		period = 1000000000ull / e->attr.sample_freq;
	if (period)
		pb_uint(out, 12, period);
	pb_uint(out, 14, str_id(p, e->name));
	strbuf_release(&vt);
}

static void profile(struct pprof *p, struct strbuf *out)
{
	sample_types(p, out);
	sample_msgs(p, out);
	mapping_msgs(p, out);
	strbuf_add(out, p->location_msgs.buf, p->location_msgs.len);
	strbuf_add(out, p->function_msgs.buf, p->function_msgs.len);
	if (p->pd->nr_evsels)
		profile_times(p, out);
	for (size_t i = 0; i < p->strings.nr; i++)
		pb_bytes(out, 6, p->strings.keys.buf + p->strings.key_at[i],
			 p->strings.key_len[i] - 1);
}

static int gzip_to(FILE *out, const struct strbuf *in, struct strbuf *err)
{
	unsigned char buf[1 << 16];
	z_stream z = { 0 };
	int ret;

	/* 16 + 15: a gzip member, as pprof reads it */
	if (deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 16 + 15, 8,
			 Z_DEFAULT_STRATEGY) != Z_OK) {
		strbuf_addstr(err, "zlib: cannot start compressing");
		return -ENOMEM;
	}
	z.next_in = (unsigned char *)in->buf;
	z.avail_in = (uInt)in->len;
	do {
		z.next_out = buf;
		z.avail_out = sizeof(buf);
		ret = deflate(&z, Z_FINISH);
		fwrite(buf, 1, sizeof(buf) - z.avail_out, out);
	} while (ret == Z_OK);
	deflateEnd(&z);
	if (ret != Z_STREAM_END) {
		strbuf_addstr(err, "zlib: compressing the profile failed");
		return -EIO;
	}
	return 0;
}

int pprof_convert(struct perf_data *pd, const struct pprof_opts *o, FILE *out,
		  uint64_t *nr_samples, struct strbuf *err)
{
	struct dsos_config cfg = { .symfs = o->symfs, .kallsyms = o->kallsyms };
	struct pprof *p = must_calloc(1, sizeof(*p));
	struct session_tool tool = { .sample = on_sample, .event = on_event, .ctx = p };
	struct session_stats stats = { 0 };
	struct strbuf msg = STRBUF_INIT;
	int ret;

	p->pd = pd;
	p->cpu = pd->nr_evsels && (pd->evsels[0]->attr.sample_type & PERF_SAMPLE_CPU);
	p->mem = perf_data__has_sample_bit(pd, PERF_SAMPLE_DATA_SRC);
	p->per_event = p->mem ? 3 : 2;
	p->nr_values = p->per_event * (pd->nr_evsels ? pd->nr_evsels : 1);
	strbuf_init(&p->function_msgs, 0);
	strbuf_init(&p->mapping_msgs, 0);
	strbuf_init(&p->location_msgs, 0);
	machine__init(&p->m, &cfg);
	machine__apply_build_ids(&p->m, &pd->feat);
	str_id(p, "");
	ret = session__process(pd, &tool, &stats, err);
	if (!ret) {
		profile(p, &msg);
		ret = gzip_to(out, &msg, err);
	}
	*nr_samples = p->nr;
	strbuf_release(&msg);
	srclines__exit(&p->srclines);
	machine__exit(&p->m);
	id_table__release(&p->strings);
	id_table__release(&p->functions);
	id_table__release(&p->mappings);
	id_table__release(&p->locations);
	id_table__release(&p->samples);
	strbuf_release(&p->function_msgs);
	strbuf_release(&p->mapping_msgs);
	strbuf_release(&p->location_msgs);
	free(p->values);
	free(p->map_msg_at);
	free(p->map_file);
	free(p);
	return ret;
}
