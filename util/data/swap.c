// SPDX-License-Identifier: GPL-2.0
/*
 * Byte order of a whole perf.data image, turned in place (see swap.h).
 * A cursor converts one field at a time and hands back its value in our
 * order, whichever way the pass goes: before the swap when writing a
 * big-endian image, after it when reading one.
 */
#include <byteswap.h>
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "feature-ops.h"
#include "internal.h"
#include "perf-data-format.h"
#include "sample-fields.h"
#include "swap.h"

struct swap_cursor {
	uint8_t *p, *end;
	bool to_native;
	bool bad;
};

static bool take(struct swap_cursor *c, size_t n)
{
	if (c->bad || (size_t)(c->end - c->p) < n) {
		c->bad = true;
		return false;
	}
	return true;
}

/* Turn the @width-byte field at @c; its value in our order comes back. */
static uint64_t cv(struct swap_cursor *c, int width)
{
	uint64_t v = 0;
	uint32_t v32;
	uint16_t v16;

	if (!take(c, width))
		return 0;
	switch (width) {
	case 8:
		memcpy(&v, c->p, 8);
		v = bswap_64(v);
		memcpy(c->p, &v, 8);
		v = c->to_native ? v : bswap_64(v);
		break;
	case 4:
		memcpy(&v32, c->p, 4);
		v32 = bswap_32(v32);
		memcpy(c->p, &v32, 4);
		v = c->to_native ? v32 : bswap_32(v32);
		break;
	default:
		memcpy(&v16, c->p, 2);
		v16 = bswap_16(v16);
		memcpy(c->p, &v16, 2);
		v = c->to_native ? v16 : bswap_16(v16);
		break;
	}
	c->p += width;
	return v;
}

static uint64_t cv64(struct swap_cursor *c)
{
	return cv(c, 8);
}

static uint32_t cv32(struct swap_cursor *c)
{
	return (uint32_t)cv(c, 4);
}

static uint16_t cv16(struct swap_cursor *c)
{
	return (uint16_t)cv(c, 2);
}

static void skip(struct swap_cursor *c, uint64_t n)
{
	if (take(c, n))
		c->p += n;
}

/* The value of the u64 at @c without converting it. */
static uint64_t peek64(const struct swap_cursor *c, size_t at)
{
	uint64_t raw;

	if (c->bad || (size_t)(c->end - c->p) < at + 8)
		return 0;
	memcpy(&raw, c->p + at, 8);
	return c->to_native ? bswap_64(raw) : raw;
}

/* The value of the u32 at @c without converting it. */
static uint32_t peek32(const struct swap_cursor *c)
{
	uint32_t raw;

	if (c->bad || (size_t)(c->end - c->p) < 4)
		return UINT32_MAX;
	memcpy(&raw, c->p, 4);
	return c->to_native ? bswap_32(raw) : raw;
}

static void cv64_n(struct swap_cursor *c, uint64_t n)
{
	for (uint64_t i = 0; i < n && !c->bad; i++)
		cv64(c);
}

/* u32 length (counting the padding), then the bytes. */
static void cv_string(struct swap_cursor *c)
{
	skip(c, cv32(c));
}

static uint8_t reverse_bits(uint8_t b)
{
	b = (uint8_t)((b & 0xf0) >> 4 | (b & 0x0f) << 4);
	b = (uint8_t)((b & 0xcc) >> 2 | (b & 0x33) << 2);
	return (uint8_t)((b & 0xaa) >> 1 | (b & 0x55) << 1);
}

/*
 * perf_event_attr: fixed-width fields, except the flag bits after
 * read_format, which a big-endian compiler allocates from the other end
 * of each byte (perf mirrors the bits within every byte, and so do we).
 */
static const struct { uint8_t off, width; } attr_fields[] = {
	{ 0, 4 }, { 4, 4 }, { 8, 8 }, { 16, 8 }, { 24, 8 }, { 32, 8 }, { 40, 0 },
	{ 48, 4 }, { 52, 4 }, { 56, 8 }, { 64, 8 }, { 72, 8 }, { 80, 8 }, { 88, 4 },
	{ 92, 4 }, { 96, 8 }, { 104, 4 }, { 108, 2 }, { 110, 2 }, { 112, 4 }, { 116, 4 },
	{ 120, 8 }, { 128, 8 },
};

static void cv_attr(struct swap_cursor *c, size_t len, struct perf_event_attr *native)
{
	uint8_t *start = c->p;
	struct swap_cursor f = { .p = c->p, .end = c->p + len, .to_native = c->to_native };

	if (!take(c, len))
		return;
	memset(native, 0, sizeof(*native));
	if (!c->to_native)
		memcpy(native, start, len < sizeof(*native) ? len : sizeof(*native));
	for (size_t i = 0; i < sizeof(attr_fields) / sizeof(attr_fields[0]); i++) {
		f.p = start + attr_fields[i].off;
		if ((size_t)attr_fields[i].off + (attr_fields[i].width ?: 8) > len)
			break;
		if (attr_fields[i].width == 8)
			cv64(&f);
		else if (attr_fields[i].width == 4)
			cv32(&f);
		else if (attr_fields[i].width == 2)
			cv16(&f);
		else
			for (int b = 0; b < 8; b++)
				f.p[b] = reverse_bits(f.p[b]);
	}
	if (c->to_native)
		memcpy(native, start, len < sizeof(*native) ? len : sizeof(*native));
	c->p += len;
}

/* Little-endian field positions of perf_branch_entry's flags word, as
 * perf moves them (the last 40 bits as one block). */
static const struct { uint8_t pos, size; } branch_flag_fields[] = {
	{ 0, 1 }, { 1, 1 }, { 2, 1 }, { 3, 1 }, { 4, 16 }, { 20, 4 }, { 24, 40 },
};

static uint64_t move_bits(uint64_t v, int from, int size, int to)
{
	uint64_t mask = size == 64 ? ~0ULL : (1ULL << size) - 1;

	return (v >> from & mask) << to;
}

uint64_t swap_branch_flags(uint64_t v, bool to_native)
{
	uint64_t out = 0;

	for (size_t i = 0; i < sizeof(branch_flag_fields) / sizeof(branch_flag_fields[0]); i++) {
		int le = branch_flag_fields[i].pos, size = branch_flag_fields[i].size;
		int be = 64 - le - size;

		out |= to_native ? move_bits(v, be, size, le) : move_bits(v, le, size, be);
	}
	return out;
}

static void cv_branch_flags(struct swap_cursor *c)
{
	uint64_t raw, v;

	if (!take(c, 8))
		return;
	memcpy(&raw, c->p, 8);
	v = c->to_native ? swap_branch_flags(bswap_64(raw), true)
			 : bswap_64(swap_branch_flags(raw, false));
	memcpy(c->p, &v, 8);
	c->p += 8;
}

/* --- events ------------------------------------------------------------ */

struct swap_id {
	uint64_t id;
	size_t attr;
};

struct swapper {
	bool to_native;
	struct perf_event_attr *attrs;
	size_t nr_attrs;
	struct swap_id *ids;
	size_t nr_ids, alloc_ids;
	uint32_t nr_cpus;	/* HEADER_NRCPUS, for CPU_TOPOLOGY */
	struct strbuf *err;
};

static int add_attr(struct swapper *s, const struct perf_event_attr *a)
{
	struct perf_event_attr *n = realloc(s->attrs, (s->nr_attrs + 1) * sizeof(*n));

	if (!n)
		return -ENOMEM;
	s->attrs = n;
	s->attrs[s->nr_attrs++] = *a;
	return 0;
}

static int add_id(struct swapper *s, uint64_t id)
{
	if (s->nr_ids == s->alloc_ids) {
		size_t na = s->alloc_ids ? 2 * s->alloc_ids : 64;
		struct swap_id *n = realloc(s->ids, na * sizeof(*n));

		if (!n)
			return -ENOMEM;
		s->ids = n;
		s->alloc_ids = na;
	}
	s->ids[s->nr_ids++] = (struct swap_id){ id, s->nr_attrs - 1 };
	return 0;
}

static const struct perf_event_attr *attr_by_id(const struct swapper *s, uint64_t id)
{
	for (size_t i = 0; i < s->nr_ids; i++)
		if (s->ids[i].id == id)
			return &s->attrs[s->ids[i].attr];
	return s->nr_attrs ? &s->attrs[0] : NULL;
}

/* The attr of a sample: by its id where the events have ids. */
static const struct perf_event_attr *sample_attr(const struct swapper *s,
						 const struct swap_cursor *c)
{
	uint64_t st;
	int at;

	if (s->nr_attrs <= 1)
		return s->nr_attrs ? &s->attrs[0] : NULL;
	st = s->attrs[0].sample_type;
	at = sample_fields__offset(st, st & PERF_SAMPLE_IDENTIFIER ? SAMPLE_FIELD_IDENTIFIER
								   : SAMPLE_FIELD_ID);
	return at < 0 ? &s->attrs[0] : attr_by_id(s, peek64(c, at));
}

static void cv_read_values(struct swap_cursor *c, uint64_t rf)
{
	uint64_t per = sample_fields__read_value_words(rf);

	if (rf & PERF_FORMAT_GROUP) {
		uint64_t nr = cv64(c);

		cv64_n(c, sample_fields__read_time_words(rf));
		if (nr > (uint64_t)(c->end - c->p) / 8)
			c->bad = true;
		else
			cv64_n(c, nr * per);
	} else {
		cv64_n(c, per + sample_fields__read_time_words(rf));
	}
}

static void cv_regs(struct swap_cursor *c, uint64_t mask)
{
	if (cv64(c))
		cv64_n(c, (uint64_t)__builtin_popcountll(mask));
}

static void cv_counted(struct swap_cursor *c, uint64_t per)
{
	uint64_t nr = cv64(c);

	if (nr > (uint64_t)(c->end - c->p) / 8 / per)
		c->bad = true;
	else
		cv64_n(c, nr * per);
}

static void cv_branch_stack(struct swap_cursor *c, const struct perf_event_attr *a)
{
	uint64_t nr = cv64(c);

	if (sample_fields__has_hw_idx(a))
		cv64(c);
	if (nr > (uint64_t)(c->end - c->p) / 24) {
		c->bad = true;
		return;
	}
	for (uint64_t i = 0; i < nr; i++) {
		cv64(c);
		cv64(c);
		cv_branch_flags(c);
	}
}

static void cv_user_stack(struct swap_cursor *c)
{
	uint64_t size = cv64(c);

	skip(c, size);
	if (size)
		cv64(c);
}

/* A walk of the field table (sample-fields.h) of a sample or trailer. */
struct sample_swap {
	struct swap_cursor *c;
	const struct perf_event_attr *attr;
};

/* One flat dispatch switch: the field at the cursor, by its shape. The
 * two u32 of a pair are turned one by one; raw and stack bytes stay as
 * written (perf leaves them to their own readers too). */
static void cv_sample_field(void *ctx, const struct sample_field *f)
{
	struct sample_swap *w = ctx;
	struct swap_cursor *c = w->c;

	switch (f->shape) {
	case SAMPLE_SHAPE_U64:
		cv64(c);
		break;
	case SAMPLE_SHAPE_U32_PAIR:
		cv32(c), cv32(c);
		break;
	case SAMPLE_SHAPE_READ:
		cv_read_values(c, w->attr->read_format);
		break;
	case SAMPLE_SHAPE_CHAIN:
		cv_counted(c, 1);
		break;
	case SAMPLE_SHAPE_RAW:
		skip(c, cv32(c));
		break;
	case SAMPLE_SHAPE_BRANCHES:
		cv_branch_stack(c, w->attr);
		break;
	case SAMPLE_SHAPE_REGS:
		cv_regs(c, sample_field__regs_mask(f, w->attr));
		break;
	case SAMPLE_SHAPE_STACK:
		cv_user_stack(c);
		break;
	case SAMPLE_SHAPE_BLOB:
		skip(c, cv64(c));
		break;
	case SAMPLE_SHAPE__NR:
		break;
	}
}

/* The fields of a kernel record before its trailer. */
static void cv_kernel_body(struct swap_cursor *c, uint32_t type, uint16_t misc,
			   const struct perf_event_attr *a)
{
	switch (type) {
	case PERF_RECORD_MMAP:
		cv32(c), cv32(c), cv64_n(c, 3);
		break;
	case PERF_RECORD_MMAP2:
		cv32(c), cv32(c), cv64_n(c, 3);
		if (misc & PERF_RECORD_MISC_MMAP_BUILD_ID)
			skip(c, 24);
		else
			cv32(c), cv32(c), cv64_n(c, 2);
		cv32(c), cv32(c);
		break;
	case PERF_RECORD_COMM:
	case PERF_RECORD_ITRACE_START:
	case PERF_RECORD_SWITCH_CPU_WIDE:
		cv32(c), cv32(c);
		break;
	case PERF_RECORD_FORK:
	case PERF_RECORD_EXIT:
		cv32(c), cv32(c), cv32(c), cv32(c), cv64(c);
		break;
	case PERF_RECORD_LOST:
		cv64_n(c, 2);
		break;
	case PERF_RECORD_THROTTLE:
	case PERF_RECORD_UNTHROTTLE:
	case PERF_RECORD_AUX:
		cv64_n(c, 3);
		break;
	case PERF_RECORD_READ:
		cv32(c), cv32(c);
		cv_read_values(c, a->read_format);
		break;
	case PERF_RECORD_LOST_SAMPLES:
	case PERF_RECORD_CGROUP:
		cv64(c);
		break;
	case PERF_RECORD_NAMESPACES:
		cv32(c), cv32(c);
		cv_counted(c, 2);
		break;
	case PERF_RECORD_KSYMBOL:
		cv64(c), cv32(c), cv16(c), cv16(c);
		break;
	case PERF_RECORD_BPF_EVENT:
		cv16(c), cv16(c), cv32(c);
		break;
	case PERF_RECORD_TEXT_POKE:
		cv64(c), cv16(c), cv16(c);
		break;
	default:
		break;
	}
}

/* --- header features ------------------------------------------------- */

/*
 * One function per payload layout, as feature-ops.c's table names them;
 * each returns false only where the payload cannot be turned.
 */
bool pd_feat_swap_none(struct swapper *s, struct swap_cursor *c)
{
	/* TRACING_DATA says its own byte order; BRANCH_STACK and STAT are
	 * empty: the bit says it all */
	(void)s, (void)c;
	return true;
}

bool pd_feat_swap_string(struct swapper *s, struct swap_cursor *c)
{
	(void)s;
	cv_string(c);
	return true;
}

/* HYBRID_TOPOLOGY, CPU_PMU_CAPS: a count of string pairs */
bool pd_feat_swap_string_pairs(struct swapper *s, struct swap_cursor *c)
{
	(void)s;
	for (uint32_t n = cv32(c); n && !c->bad; n--)
		cv_string(c), cv_string(c);
	return true;
}

/* TOTAL_MEM, CLOCKID, DIR_FORMAT */
bool pd_feat_swap_u64(struct swapper *s, struct swap_cursor *c)
{
	(void)s;
	cv64(c);
	return true;
}

bool pd_feat_swap_nrcpus(struct swapper *s, struct swap_cursor *c)
{
	s->nr_cpus = cv32(c);
	cv32(c);
	return true;
}

/* NRCPUS, an earlier bit, says how many CPUs */
bool pd_feat_swap_cpu_topology(struct swapper *s, struct swap_cursor *c)
{
	for (int list = 0; list < 2; list++)
		for (uint32_t n = cv32(c); n && !c->bad; n--)
			cv_string(c);
	if ((uint64_t)(c->end - c->p) < 8ULL * s->nr_cpus)
		return !c->bad;
	for (uint32_t i = 0; i < 2 * s->nr_cpus; i++)
		cv32(c);
	if (c->end == c->p)
		return true;
	for (uint32_t n = cv32(c); n && !c->bad; n--)
		cv_string(c);
	for (uint32_t i = 0; i < s->nr_cpus && c->end - c->p >= 4; i++)
		cv32(c);
	return true;
}

bool pd_feat_swap_compressed(struct swapper *s, struct swap_cursor *c)
{
	(void)s;
	for (int i = 0; i < 5; i++)
		cv32(c);
	return true;
}

bool pd_feat_swap_cmdline(struct swapper *s, struct swap_cursor *c)
{
	(void)s;
	for (uint32_t n = cv32(c); n && !c->bad; n--)
		cv_string(c);
	return true;
}

bool pd_feat_swap_event_desc(struct swapper *s, struct swap_cursor *c)
{
	uint32_t n = cv32(c), attr_size = cv32(c);
	struct perf_event_attr a;

	(void)s;
	for (; n && !c->bad; n--) {
		uint32_t nr_ids;

		cv_attr(c, attr_size, &a);
		nr_ids = cv32(c);
		cv_string(c);
		cv64_n(c, nr_ids);
	}
	return true;
}

bool pd_feat_swap_group_desc(struct swapper *s, struct swap_cursor *c)
{
	(void)s;
	for (uint32_t n = cv32(c); n && !c->bad; n--) {
		cv_string(c);
		cv32(c), cv32(c);
	}
	return true;
}

bool pd_feat_swap_build_id(struct swapper *s, struct swap_cursor *c)
{
	(void)s;
	while (!c->bad && c->end - c->p >= 8) {
		uint8_t *rec = c->p;
		uint16_t size;

		cv32(c), cv16(c);
		size = cv16(c);
		if (size < 12 || (size_t)(c->end - rec) < size) {
			c->bad = true;
			break;
		}
		cv32(c);	/* pid */
		c->p = rec + size;
	}
	return true;
}

bool pd_feat_swap_sample_time(struct swapper *s, struct swap_cursor *c)
{
	(void)s;
	cv64_n(c, 2);
	return true;
}

/* u64 count, then (offset, size) u64 pairs */
bool pd_feat_swap_auxtrace(struct swapper *s, struct swap_cursor *c)
{
	(void)s;
	cv64_n(c, (c->end - c->p) / 8);
	return true;
}

bool pd_feat_swap_clock_data(struct swapper *s, struct swap_cursor *c)
{
	(void)s;
	cv32(c), cv32(c), cv64_n(c, 2);
	return true;
}

bool pd_feat_swap_numa_topology(struct swapper *s, struct swap_cursor *c)
{
	(void)s;
	for (uint32_t n = cv32(c); n && !c->bad; n--) {
		cv32(c), cv64_n(c, 2);
		cv_string(c);
	}
	return true;
}

bool pd_feat_swap_cache(struct swapper *s, struct swap_cursor *c)
{
	(void)s;
	cv32(c);	/* version */
	for (uint32_t n = cv32(c); n && !c->bad; n--) {
		cv32(c), cv32(c), cv32(c), cv32(c);
		cv_string(c), cv_string(c), cv_string(c);
	}
	return true;
}

bool pd_feat_swap_pmu_mappings(struct swapper *s, struct swap_cursor *c)
{
	(void)s;
	for (uint32_t n = cv32(c); n && !c->bad; n--) {
		cv32(c);
		cv_string(c);
	}
	return true;
}

/* per PMU: CPU_PMU_CAPS's form, then its name */
bool pd_feat_swap_pmu_caps(struct swapper *s, struct swap_cursor *c)
{
	(void)s;
	for (uint32_t n = cv32(c); n && !c->bad; n--) {
		for (uint32_t k = cv32(c); k && !c->bad; k--)
			cv_string(c), cv_string(c);
		cv_string(c);
	}
	return true;
}

/* version, block size, count; per node its number, size and bitmap (u64
 * bits, words) */
bool pd_feat_swap_mem_topology(struct swapper *s, struct swap_cursor *c)
{
	(void)s;
	cv64(c), cv64(c);
	for (uint64_t n = cv64(c); n && !c->bad; n--) {
		cv64(c), cv64(c);
		cv64_n(c, (cv64(c) + 63) / 64);
	}
	return true;
}

/* count; per BTF its id, size and raw data */
bool pd_feat_swap_bpf_btf(struct swapper *s, struct swap_cursor *c)
{
	(void)s;
	for (uint32_t n = cv32(c); n && !c->bad; n--) {
		cv32(c);
		skip(c, cv32(c));	/* the BTF says its own byte order */
	}
	return true;
}

/* count, then bpf_prog_info_linear blobs */
bool pd_feat_swap_bpf_prog_info(struct swapper *s, struct swap_cursor *c)
{
	(void)s;
	if (peek32(c))		/* not turned: the feature is left out */
		return false;
	cv32(c);
	return true;
}

/* Unknown features (ids past perf 6.1's) cannot be turned. */
static bool cv_feature(struct swapper *s, struct swap_cursor *c, int feat)
{
	const struct pd_feature_ops *ops = pd_feature__ops(feat);

	return ops && ops->swap && ops->swap(s, c);
}

/* --- the image ----------------------------------------------------------- */

static int cv_header_attr(struct swapper *s, struct swap_cursor *c)
{
	struct perf_event_attr a;
	uint32_t raw_size, len;

	if (!take(c, 8))
		return 0;
	memcpy(&raw_size, c->p + 4, 4);
	len = s->to_native ? bswap_32(raw_size) : raw_size;
	if (!len)
		len = PERF_ATTR_SIZE_VER0;
	cv_attr(c, len, &a);
	if (c->bad || add_attr(s, &a))
		return c->bad ? 0 : -ENOMEM;
	while (!c->bad && c->end - c->p >= 8)
		if (add_id(s, cv64(c)))
			return -ENOMEM;
	return 0;
}

/* PERF_RECORD_CPU_MAP: a u16 encoding, then a u16 list of CPUs, a mask
 * (u16 count and word size, 8-byte words after 4 bytes of padding), or a
 * range (the any-CPU byte, a pad, u16 first and last). */
static void cv_cpu_map(struct swap_cursor *c)
{
	uint16_t type = cv16(c), nr, long_size;

	switch (type) {
	case 0:		/* PERF_CPU_MAP__CPUS */
		for (nr = cv16(c); nr && !c->bad; nr--)
			cv16(c);
		break;
	case 1:		/* PERF_CPU_MAP__MASK */
		nr = cv16(c);
		long_size = cv16(c);
		if (long_size != 4 && long_size != 8)
			break;
		if (long_size == 8)
			skip(c, 4);
		for (; nr && !c->bad; nr--)
			cv(c, long_size);
		break;
	case 2:		/* PERF_CPU_MAP__RANGE_CPUS */
		skip(c, 2);
		cv16(c), cv16(c);
		break;
	default:
		break;
	}
}

static int cv_user_record(struct swapper *s, struct swap_cursor *c, uint32_t type,
			  uint64_t *payload)
{
	switch (type) {
	case PERF_RECORD_HEADER_ATTR:
		return cv_header_attr(s, c);
	case PERF_RECORD_HEADER_TRACING_DATA:
		*payload = cv32(c);
		break;
	case PERF_RECORD_HEADER_BUILD_ID:
		cv32(c);
		break;
	case PERF_RECORD_AUXTRACE:
		*payload = cv64(c);
		cv64_n(c, 2);
		for (int i = 0; i < 4; i++)
			cv32(c);
		break;
	case PERF_RECORD_AUXTRACE_INFO:
		cv32(c), cv32(c);
		cv64_n(c, (uint64_t)(c->end - c->p) / 8);
		break;
	case PERF_RECORD_ID_INDEX:
	case PERF_RECORD_STAT_CONFIG:
	case PERF_RECORD_STAT_ROUND:
		cv64_n(c, (uint64_t)(c->end - c->p) / 8);
		break;
	case PERF_RECORD_TIME_CONV:
		cv64_n(c, (uint64_t)(c->end - c->p) / 8 < 5 ? (uint64_t)(c->end - c->p) / 8 : 5);
		break;
	case PERF_RECORD_STAT:
		cv64(c), cv32(c), cv32(c), cv64_n(c, 3);
		break;
	case PERF_RECORD_CPU_MAP:
		cv_cpu_map(c);
		break;
	case PERF_RECORD_THREAD_MAP:
		for (uint64_t n = cv64(c); n && !c->bad; n--)
			cv64(c), skip(c, 16);
		break;
	case PERF_RECORD_EVENT_UPDATE: {
		uint64_t kind = cv64(c);

		cv64(c);
		if (kind == 1)	/* scale, a double */
			cv64(c);
		break;
	}
	case PERF_RECORD_HEADER_FEATURE:
		cv_feature(s, c, (int)cv64(c));
		break;
	default:	/* FINISHED_ROUND, FINISHED_INIT: a header only */
		break;
	}
	return 0;
}

/*
 * A kernel record other than SAMPLE: its sample_id trailer (laid out by the
 * events' common sample_type, the event found by IDENTIFIER, the last
 * field) and then the body before it.
 */
static void cv_kernel_record(struct swapper *s, struct swap_cursor *c, uint32_t type, uint16_t misc)
{
	const struct perf_event_attr *a = s->nr_attrs ? &s->attrs[0] : NULL;

	if (a && a->sample_id_all) {
		uint64_t tsize = 8 * (uint64_t)sample_fields__id_words(a->sample_type);
		struct swap_cursor t = *c;

		if (tsize <= (uint64_t)(c->end - c->p)) {
			if ((a->sample_type & PERF_SAMPLE_IDENTIFIER) && tsize)
				a = attr_by_id(s, peek64(&(struct swap_cursor){ .p = c->end - 8,
					.end = c->end, .to_native = s->to_native }, 0));
			t.p = c->end - tsize;
			sample_fields__walk_id(a->sample_type, cv_sample_field,
					       &(struct sample_swap){ &t, a });
			c->end -= tsize;
		}
	}
	if (a)
		cv_kernel_body(c, type, misc, a);
}

/* Records after a malformed one are left alone: the reader names it. */
static int cv_records(struct swapper *s, uint8_t *buf, uint64_t off, uint64_t end)
{
	while (end - off >= 8) {
		struct swap_cursor h = { .p = buf + off, .end = buf + end,
					 .to_native = s->to_native };
		uint32_t type = cv32(&h);
		uint16_t misc = cv16(&h), size = cv16(&h);
		struct swap_cursor c = { .p = h.p, .end = buf + off + size,
					 .to_native = s->to_native };
		const struct perf_event_attr *a;
		uint64_t payload = 0;
		int ret = 0;

		if (size < 8 || size > end - off)
			return 0;
		if (type == PERF_RECORD_COMPRESSED || type == PERF_RECORD_COMPRESSED2) {
			strbuf_addstr(s->err, "byte-swapped files with compressed records "
					      "(record -z) are not supported");
			return -ENOTSUP;
		}
		if (type == PERF_RECORD_SAMPLE) {
			a = sample_attr(s, &c);
			if (a)
				sample_fields__walk(a->sample_type, cv_sample_field,
						    &(struct sample_swap){ &c, a });
		} else if (type < PERF_RECORD_USER_TYPE_START) {
			cv_kernel_record(s, &c, type, misc);
		} else {
			ret = cv_user_record(s, &c, type, &payload);
		}
		if (ret)
			return ret;
		off += size;
		if (payload > end - off)
			return 0;
		off += payload;
	}
	return 0;
}

/*
 * The feature table follows the data: one section per bit set, in bit
 * order. Going big-endian, features we cannot turn are dropped (bit and
 * section), so that what we write is what perf reads.
 */
static void cv_features(struct swapper *s, uint8_t *buf, size_t size,
			struct perf_file_header *h)
{
	uint64_t table = h->data.offset + h->data.size;
	int in = 0, out = 0;

	for (int feat = 1; feat < HEADER_FEAT_BITS; feat++) {
		struct swap_cursor t, c;
		uint64_t off, len;

		if (!(h->adds_features[feat / 64] >> (feat % 64) & 1))
			continue;
		if (table > size || (size - table) / 16 <= (uint64_t)in)
			break;
		t = (struct swap_cursor){ .p = buf + table + 16 * in++, .end = buf + size,
				     .to_native = s->to_native };
		off = peek64(&t, 0);
		len = peek64(&t, 8);
		if (off > size || len > size - off)
			break;
		c = (struct swap_cursor){ .p = buf + off, .end = buf + off + len,
				     .to_native = s->to_native };
		if (!cv_feature(s, &c, feat) && !s->to_native) {
			h->adds_features[feat / 64] &= ~(1ULL << (feat % 64));
			continue;
		}
		memmove(buf + table + 16 * out, t.p, 16);
		t.p = buf + table + 16 * out++;
		cv64_n(&t, 2);
	}
}

static int cv_file(struct swapper *s, uint8_t *buf, size_t size)
{
	struct perf_file_header h;
	struct swap_cursor c = { .p = buf, .end = buf + size, .to_native = s->to_native };
	uint64_t nr;
	int ret;

	if (size < sizeof(h))
		return 0;
	memcpy(&h, buf, sizeof(h));
	cv64_n(&c, sizeof(h) / 8);
	if (s->to_native)
		memcpy(&h, buf, sizeof(h));
	if (h.attr_size <= 16 || h.attr_size > 4096 || h.attrs.offset > size ||
	    h.attrs.size > size - h.attrs.offset)
		return 0;
	nr = h.attrs.size / h.attr_size;
	for (uint64_t i = 0; i < nr; i++) {
		struct swap_cursor a = { .p = buf + h.attrs.offset + i * h.attr_size,
				    .end = buf + size, .to_native = s->to_native };
		struct perf_event_attr attr;
		uint64_t ids_off, ids_len;

		cv_attr(&a, h.attr_size - 16, &attr);
		ids_off = cv64(&a);
		ids_len = cv64(&a);
		if (a.bad || add_attr(s, &attr))
			return a.bad ? 0 : -ENOMEM;
		if (ids_off > size || ids_len > size - ids_off)
			return 0;
		a = (struct swap_cursor){ .p = buf + ids_off, .end = buf + ids_off + ids_len,
				     .to_native = s->to_native };
		while (!a.bad && a.end - a.p >= 8)
			if (add_id(s, cv64(&a)))
				return -ENOMEM;
	}
	if (h.data.offset > size || h.data.size > size - h.data.offset)
		return 0;
	ret = cv_records(s, buf, h.data.offset, h.data.offset + h.data.size);
	if (ret)
		return ret;
	cv_features(s, buf, size, &h);
	if (!s->to_native) {	/* the feature bits may have changed */
		struct swap_cursor f = {
			.p = buf + offsetof(struct perf_file_header, adds_features),
			.end = buf + size,
		};

		memcpy(f.p, h.adds_features, sizeof(h.adds_features));
		cv64_n(&f, HEADER_FEAT_BITS / 64);
	}
	return 0;
}

int perf_data__swap_image(uint8_t *buf, size_t size, bool to_native, struct strbuf *err)
{
	struct swapper s = { .to_native = to_native, .err = err };
	struct swap_cursor c = { .p = buf, .end = buf + size, .to_native = to_native };
	uint64_t header_size;
	int ret;

	if (size < 16)
		return 0;
	header_size = peek64(&c, 8);
	if (header_size == sizeof(struct perf_pipe_file_header)) {
		cv64_n(&c, 2);
		ret = cv_records(&s, buf, 16, size);
	} else {
		ret = cv_file(&s, buf, size);
	}
	free(s.attrs);
	free(s.ids);
	return ret;
}
