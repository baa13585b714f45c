// SPDX-License-Identifier: GPL-2.0
/*
 * data convert --to-pprof: a gzip'd profile.proto that pprof reads, read
 * back here field by field (zlib, then the wire format). The same stack of
 * a thread on a CPU is one Sample; each event gives two values (samples,
 * period) whose totals are the recording's; a Sample's Locations, innermost
 * first, name the functions of its callchain through their Lines and
 * Functions, and lie in the Mapping of the object mapped there; labels
 * give pid, tid, comm and cpu; the first event is the default type.
 */
#include <stdlib.h>
#include <zlib.h>

#include "../unit-test.h"
#include "../synth-profile.h"
#include "../../../util/convert/pprof.h"

static const struct synth_sample samples[] = {
	{ 0, 0, 1, 100, "main,work,leaf" },
	{ 0, 1, 2, 200, "main,parse" },
	{ 0, 0, 1, 300, "main,?" },
	{ 0, 0, 0, 400, "say \"hi\"\\there" },
	{ 0, 1, 3, 900, "main,!" },
	{ 1, 0, 7, 600, "main,std::vector<int>::push_back(int const&),semi;colon" },
	{ 0, 0, 1, 50, "main,work,leaf" },		/* the first one's Sample again */
	{ 0, 0, 2, 70, "main,work,leaf" },		/* on another CPU: its own */
};

#define NR_SAMPLES (sizeof(samples) / sizeof(samples[0]))
#define MAX 64

/* --- reading the message ----------------------------------------------- */

struct pb {
	const uint8_t *p, *end;
};

struct pb_field {
	int field, wire;
	uint64_t v;		/* a varint's */
	struct pb sub;		/* a length-delimited field's bytes */
};

static uint64_t pb_varint(struct pb *m)
{
	uint64_t v = 0;

	for (int shift = 0; shift < 64; shift += 7) {
		assert_true(m->p < m->end);
		v |= (uint64_t)(*m->p & 0x7f) << shift;
		if (!(*m->p++ & 0x80))
			return v;
	}
	fail_msg("varint too long");
	return 0;
}

/* The next field of @m; false at its end. Only varints and bytes are
 * written: any other wire type is a failure. */
static bool pb_next(struct pb *m, struct pb_field *f)
{
	uint64_t key, len;

	if (m->p == m->end)
		return false;
	key = pb_varint(m);
	f->field = (int)(key >> 3);
	f->wire = (int)(key & 7);
	if (f->wire == 0) {
		f->v = pb_varint(m);
		return true;
	}
	assert_int_equal(f->wire, 2);
	len = pb_varint(m);
	assert_true(len <= (uint64_t)(m->end - m->p));
	f->sub = (struct pb){ m->p, m->p + len };
	m->p += len;
	return true;
}

/* A packed repeated varint field into @out; returns how many. */
static size_t pb_packed(struct pb m, uint64_t *out, size_t max)
{
	size_t n = 0;

	while (m.p < m.end) {
		assert_true(n < max);
		out[n++] = pb_varint(&m);
	}
	return n;
}

struct pp_sample {
	uint64_t loc[MAX], value[8];
	size_t nr_loc, nr_value;
	int64_t pid, tid, cpu;
	uint64_t comm;
};

struct pp_location {
	uint64_t id, mapping, address;
	uint64_t function[4];		/* of its Lines */
	size_t nr_lines;
};

struct pp_function {
	uint64_t id, name, system_name, file;
};

struct pp_mapping {
	uint64_t id, start, limit, file;
};

struct profile {
	struct { const char *s; size_t len; } str[MAX];
	size_t nr_str;
	uint64_t types[8][2];		/* type, unit */
	size_t nr_types;
	struct pp_sample sample[MAX];
	size_t nr_samples;
	struct pp_mapping mapping[4];
	size_t nr_mappings;
	struct pp_location loc[MAX];
	size_t nr_locs;
	struct pp_function function[MAX];
	size_t nr_functions;
	uint64_t time, duration, period, default_type;
	uint64_t period_type[2];
};

static void read_label(struct pb m, struct pp_sample *s, const struct profile *pr)
{
	struct pb_field f;
	uint64_t key = 0, str = 0, num = 0;

	while (pb_next(&m, &f))
		*(f.field == 1 ? &key : f.field == 2 ? &str : &num) = f.v;
	assert_true(key < pr->nr_str);
	if (!strncmp(pr->str[key].s, "pid", pr->str[key].len))
		s->pid = (int64_t)num;
	else if (!strncmp(pr->str[key].s, "tid", pr->str[key].len))
		s->tid = (int64_t)num;
	else if (!strncmp(pr->str[key].s, "cpu", pr->str[key].len))
		s->cpu = (int64_t)num;
	else if (!strncmp(pr->str[key].s, "comm", pr->str[key].len))
		s->comm = str;
}

static void read_sample(struct pb m, struct profile *pr)
{
	struct pp_sample *s = &pr->sample[pr->nr_samples++];
	struct pb_field f;

	s->cpu = -1;
	while (pb_next(&m, &f)) {
		if (f.field == 1)
			s->nr_loc = pb_packed(f.sub, s->loc, MAX);
		else if (f.field == 2)
			s->nr_value = pb_packed(f.sub, s->value, 8);
		else if (f.field == 3)
			read_label(f.sub, s, pr);
	}
}

static void read_location(struct pb m, struct profile *pr)
{
	struct pp_location *l = &pr->loc[pr->nr_locs++];
	uint64_t *at[] = { NULL, &l->id, &l->mapping, &l->address };
	struct pb_field f, g;

	while (pb_next(&m, &f)) {
		if (f.field == 4) {
			while (pb_next(&f.sub, &g))
				if (g.field == 1)
					l->function[l->nr_lines++] = g.v;
		} else if (f.field >= 1 && f.field <= 3) {
			*at[f.field] = f.v;
		}
	}
}

/* Fields 1 to @nr of @m, where they are varints, into v[0..nr-1] */
static void read_varints(struct pb m, uint64_t *v, int nr)
{
	struct pb_field f;

	memset(v, 0, nr * sizeof(*v));
	while (pb_next(&m, &f))
		if (f.wire == 0 && f.field >= 1 && f.field <= nr)
			v[f.field - 1] = f.v;
}

static void read_mapping(struct pb m, struct profile *pr)
{
	uint64_t v[5];	/* id, start, limit, offset, filename */

	read_varints(m, v, 5);
	pr->mapping[pr->nr_mappings++] = (struct pp_mapping){ v[0], v[1], v[2], v[4] };
}

static void read_function(struct pb m, struct profile *pr)
{
	uint64_t v[4];

	read_varints(m, v, 4);
	pr->function[pr->nr_functions++] = (struct pp_function){ v[0], v[1], v[2], v[3] };
}

static void read_strings(struct pb m, struct profile *pr)
{
	struct pb_field f;

	while (pb_next(&m, &f)) {
		if (f.field != 6)
			continue;
		pr->str[pr->nr_str].s = (const char *)f.sub.p;
		pr->str[pr->nr_str++].len = (size_t)(f.sub.end - f.sub.p);
	}
}

/* profile.proto's Profile; the strings first, which the rest refers to */
static void read_profile(struct pb m, struct profile *pr)
{
	struct pb_field f;

	read_strings(m, pr);
	while (pb_next(&m, &f)) {
		switch (f.field) {
		case 1: read_varints(f.sub, pr->types[pr->nr_types++], 2); break;
		case 2: read_sample(f.sub, pr); break;
		case 3: read_mapping(f.sub, pr); break;
		case 4: read_location(f.sub, pr); break;
		case 5: read_function(f.sub, pr); break;
		case 9: pr->time = f.v; break;
		case 10: pr->duration = f.v; break;
		case 11: read_varints(f.sub, pr->period_type, 2); break;
		case 12: pr->period = f.v; break;
		case 14: pr->default_type = f.v; break;
		}
	}
}

/* --- the conversion ---------------------------------------------------- */

static int write_samples(void **state)
{
	return synth_profile__setup(state, samples, NR_SAMPLES);
}

/* @p converted, gunzipped into @msg (the caller frees msg->buf). */
static void convert(const struct synth_profile *p, struct strbuf *msg, uint64_t *nr)
{
	struct pprof_opts o = { 0 };
	struct strbuf err = STRBUF_INIT;
	struct perf_data pd;
	char *gz = NULL;
	size_t size = 0;
	FILE *out = open_memstream(&gz, &size);
	z_stream z = { 0 };
	int ret;

	assert_non_null(out);
	assert_int_equal(perf_data__open(&pd, p->path, &err), 0);
	assert_int_equal(pprof_convert(&pd, &o, out, nr, &err), 0);
	assert_int_equal(fclose(out), 0);
	perf_data__close(&pd);
	assert_memory_equal(gz, "\x1f\x8b", 2);		/* a gzip member */
	assert_int_equal(inflateInit2(&z, 16 + 15), Z_OK);
	z.next_in = (unsigned char *)gz;
	z.avail_in = (uInt)size;
	do {
		strbuf_grow(msg, 1 << 16);
		z.next_out = (unsigned char *)msg->buf + msg->len;
		z.avail_out = 1 << 16;
		ret = inflate(&z, Z_NO_FLUSH);
		strbuf_setlen(msg, msg->len + (1 << 16) - z.avail_out);
	} while (ret == Z_OK);
	assert_int_equal(ret, Z_STREAM_END);
	assert_int_equal(z.avail_in, 0);
	inflateEnd(&z);
	free(gz);
	strbuf_release(&err);
}

static bool str_is(const struct profile *pr, uint64_t idx, const char *s)
{
	assert_true(idx < pr->nr_str);
	return pr->str[idx].len == strlen(s) && !memcmp(pr->str[idx].s, s, pr->str[idx].len);
}

static const char *const types[][2] = {
	{ "samples", "count" }, { "cpu-clock:HG", "nanoseconds" },
	{ "samples", "count" }, { "instructions:HG", "count" },
};

static void check_header(const struct profile *pr, const struct synth_profile *p)
{
	char jit[64];

	assert_true(pr->nr_str > 0 && pr->str[0].len == 0);	/* pprof's rule */
	assert_int_equal(pr->nr_types, 4);
	for (size_t i = 0; i < 4; i++) {
		assert_true(str_is(pr, pr->types[i][0], types[i][0]));
		assert_true(str_is(pr, pr->types[i][1], types[i][1]));
	}
	assert_true(str_is(pr, pr->default_type, "cpu-clock:HG"));
	assert_true(str_is(pr, pr->period_type[0], "cpu-clock:HG"));
	assert_true(str_is(pr, pr->period_type[1], "nanoseconds"));
	assert_int_equal(pr->period, 1000000);
	assert_int_equal(pr->duration, (NR_SAMPLES - 1) * 1000000ULL);
	assert_int_equal(pr->nr_mappings, 1);
	assert_int_equal(pr->mapping[0].start, SYNTH_BASE);
	assert_int_equal(pr->mapping[0].limit, SYNTH_BASE + 0x100000);
	snprintf(jit, sizeof(jit), "/tmp/perf-%d.map", p->pid);
	assert_true(str_is(pr, pr->mapping[0].file, jit));
}

static const void *find_by_id(const void *v, size_t nr, size_t size, uint64_t id)
{
	for (size_t i = 0; i < nr; i++)
		if (*(const uint64_t *)((const char *)v + i * size) == id)
			return (const char *)v + i * size;
	fail_msg("no id %llu", (unsigned long long)id);
	return NULL;
}

/* The location's function, "?" for none, "!" outside any mapping */
static void location_name(const struct profile *pr, uint64_t id, struct strbuf *sb)
{
	const struct pp_location *l = find_by_id(pr->loc, pr->nr_locs, sizeof(*l), id);
	const struct pp_function *fn;

	if (!l->mapping) {
		strbuf_addch(sb, '!');
		return;
	}
	assert_int_equal(l->mapping, pr->mapping[0].id);
	assert_true(l->address >= pr->mapping[0].start && l->address < pr->mapping[0].limit);
	if (!l->nr_lines) {
		strbuf_addch(sb, '?');
		return;
	}
	assert_int_equal(l->nr_lines, 1);
	fn = find_by_id(pr->function, pr->nr_functions, sizeof(pr->function[0]), l->function[0]);
	assert_int_equal(fn->name, fn->system_name);
	strbuf_add(sb, pr->str[fn->name].s, pr->str[fn->name].len);
}

/* A Sample's stack written as synth-profile's, outermost first */
static void stack_of(const struct profile *pr, const struct pp_sample *s, struct strbuf *sb)
{
	strbuf_reset(sb);
	for (size_t i = s->nr_loc; i-- > 0;) {
		location_name(pr, s->loc[i], sb);
		if (i)
			strbuf_addch(sb, ',');
	}
}

/* The values each (thread, cpu, stack) must have, summed from samples[] */
static void expected_values(const struct pp_sample *s, const char *stack, int pid, uint64_t *v)
{
	memset(v, 0, 4 * sizeof(*v));
	for (size_t i = 0; i < NR_SAMPLES; i++) {
		if (strcmp(samples[i].stack, stack) || pid + samples[i].thread != s->tid ||
		    (int64_t)samples[i].cpu != s->cpu)
			continue;
		v[2 * samples[i].event] += 1;
		v[2 * samples[i].event + 1] += samples[i].period;
	}
}

static void test_pprof__reads_back_as_recorded(void **state)
{
	const struct synth_profile *p = *state;
	struct strbuf msg = STRBUF_INIT, stack = STRBUF_INIT;
	struct profile *pr = calloc(1, sizeof(*pr));
	uint64_t nr = 0, total[4] = { 0 }, want[4];

	assert_non_null(pr);
	convert(p, &msg, &nr);
	assert_int_equal(nr, NR_SAMPLES);
	read_profile((struct pb){ (const uint8_t *)msg.buf, (const uint8_t *)msg.buf + msg.len },
		     pr);
	check_header(pr, p);
	assert_int_equal(pr->nr_samples, NR_SAMPLES - 1);	/* two were one stack */
	for (size_t i = 0; i < pr->nr_samples; i++) {
		const struct pp_sample *s = &pr->sample[i];

		stack_of(pr, s, &stack);
		print_message("tid %lld cpu %lld: %s\n", (long long)s->tid, (long long)s->cpu,
			      stack.buf);
		assert_int_equal(s->pid, p->pid);
		assert_true(str_is(pr, s->comm, s->tid == p->pid ? "prog" : "worker"));
		assert_int_equal(s->nr_value, 4);
		expected_values(s, stack.buf, p->pid, want);
		assert_true(want[0] + want[2] > 0);	/* the stack was recorded so */
		assert_memory_equal(s->value, want, sizeof(want));
		for (int v = 0; v < 4; v++)
			total[v] += s->value[v];
	}
	assert_int_equal(total[0], NR_SAMPLES - 1);
	assert_int_equal(total[1], 100 + 200 + 300 + 400 + 900 + 50 + 70);
	assert_int_equal(total[2], 1);
	assert_int_equal(total[3], 600);
	free(pr);
	strbuf_release(&msg);
	strbuf_release(&stack);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_pprof__reads_back_as_recorded, write_samples,
						synth_profile__teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
