// SPDX-License-Identifier: GPL-2.0
/*
 * perf.data reading (perf-data-load.c maps or reads it): header, events, features, and
 * the record walk. Checks are explicit at each step because the file may
 * be truncated, corrupt, or crafted.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../base/progress.h"
#include "../base/util.h"
#include "../base/xalloc.h"
#include "../events/event-names.h"
#include "internal.h"
#include "perf-data.h"
#include "stream-check.h"
#include "swap.h"



static const char *const record_names[] = {
	[PERF_RECORD_MMAP] = "MMAP", [PERF_RECORD_LOST] = "LOST", [PERF_RECORD_COMM] = "COMM",
	[PERF_RECORD_EXIT] = "EXIT", [PERF_RECORD_THROTTLE] = "THROTTLE",
	[PERF_RECORD_UNTHROTTLE] = "UNTHROTTLE", [PERF_RECORD_FORK] = "FORK",
	[PERF_RECORD_READ] = "READ", [PERF_RECORD_SAMPLE] = "SAMPLE",
	[PERF_RECORD_MMAP2] = "MMAP2", [PERF_RECORD_AUX] = "AUX",
	[PERF_RECORD_ITRACE_START] = "ITRACE_START", [PERF_RECORD_LOST_SAMPLES] = "LOST_SAMPLES",
	[PERF_RECORD_SWITCH] = "SWITCH", [PERF_RECORD_SWITCH_CPU_WIDE] = "SWITCH_CPU_WIDE",
	[PERF_RECORD_NAMESPACES] = "NAMESPACES", [PERF_RECORD_KSYMBOL] = "KSYMBOL",
	[PERF_RECORD_BPF_EVENT] = "BPF_EVENT", [PERF_RECORD_CGROUP] = "CGROUP",
	[PERF_RECORD_TEXT_POKE] = "TEXT_POKE", [21] = "AUX_OUTPUT_HW_ID",
	[PERF_RECORD_HEADER_ATTR] = "ATTR", [PERF_RECORD_HEADER_EVENT_TYPE] = "EVENT_TYPE",
	[PERF_RECORD_HEADER_TRACING_DATA] = "TRACING_DATA",
	[PERF_RECORD_HEADER_BUILD_ID] = "BUILD_ID",
	[PERF_RECORD_FINISHED_ROUND] = "FINISHED_ROUND", [PERF_RECORD_ID_INDEX] = "ID_INDEX",
	[PERF_RECORD_AUXTRACE_INFO] = "AUXTRACE_INFO", [PERF_RECORD_AUXTRACE] = "AUXTRACE",
	[PERF_RECORD_AUXTRACE_ERROR] = "AUXTRACE_ERROR", [PERF_RECORD_THREAD_MAP] = "THREAD_MAP",
	[PERF_RECORD_CPU_MAP] = "CPU_MAP", [PERF_RECORD_STAT_CONFIG] = "STAT_CONFIG",
	[PERF_RECORD_STAT] = "STAT", [PERF_RECORD_STAT_ROUND] = "STAT_ROUND",
	[PERF_RECORD_EVENT_UPDATE] = "EVENT_UPDATE", [PERF_RECORD_TIME_CONV] = "TIME_CONV",
	[PERF_RECORD_HEADER_FEATURE] = "FEATURE", [PERF_RECORD_COMPRESSED] = "COMPRESSED",
	[PERF_RECORD_FINISHED_INIT] = "FINISHED_INIT", [PERF_RECORD_COMPRESSED2] = "COMPRESSED2",
	[PERF_RECORD_BPF_METADATA] = "BPF_METADATA", [PERF_RECORD_SCHEDSTAT_CPU] = "SCHEDSTAT_CPU",
	[PERF_RECORD_SCHEDSTAT_DOMAIN] = "SCHEDSTAT_DOMAIN",
};

const char *perf_record_name(uint32_t type)
{
	if (type >= ARRAY_SIZE(record_names))
		return NULL;
	return record_names[type];
}

bool perf_data__has_sample_bit(const struct perf_data *pd, uint64_t bit)
{
	for (size_t i = 0; i < pd->nr_evsels; i++)
		if (pd->evsels[i]->attr.sample_type & bit)
			return true;
	return false;
}

bool perf_data__has_feat(const struct perf_data *pd, int feat)
{
	return feat > 0 && feat < HEADER_FEAT_BITS &&
	       (pd->feat.bitmap[feat / 64] >> (feat % 64) & 1);
}

/* --- opening --------------------------------------------------------- */

static bool section_ok(const struct perf_data *pd, const struct perf_file_section *s)
{
	return s->offset <= pd->size && s->size <= pd->size - s->offset;
}

/* --- events ---------------------------------------------------------- */

static struct pd_evsel *add_evsel(struct perf_data *pd, const void *attr_bytes,
				  size_t attr_len)
{
	struct pd_evsel *e, **n;

	if (pd->nr_evsels >= MAX_EVSELS)
		return NULL;
	n = realloc(pd->evsels, (pd->nr_evsels + 1) * sizeof(*n));
	e = calloc(1, sizeof(*e));
	if (!n || !e) {
		free(e);
		if (n)
			pd->evsels = n;
		return NULL;
	}
	pd->evsels = n;
	memcpy(&e->attr, attr_bytes, attr_len < sizeof(e->attr) ? attr_len : sizeof(e->attr));
	if (!e->attr.size)
		e->attr.size = PERF_ATTR_SIZE_VER0;
	e->idx = pd->nr_evsels;
	e->leader_idx = e->idx;
	pd->evsels[pd->nr_evsels++] = e;
	return e;
}

static int add_ids(struct perf_data *pd, struct pd_evsel *e, const uint8_t *p, uint64_t nr)
{
	struct pd_id *n;

	e->ids = calloc(nr ? nr : 1, sizeof(*e->ids));
	n = realloc(pd->ids, (pd->nr_ids + nr + 1) * sizeof(*n));
	if (!e->ids || !n)
		return -ENOMEM;
	pd->ids = n;
	for (uint64_t i = 0; i < nr; i++) {
		memcpy(&e->ids[i], p + 8 * i, 8);
		pd->ids[pd->nr_ids].id = e->ids[i];
		pd->ids[pd->nr_ids++].evsel_idx = e->idx;
	}
	e->nr_ids = nr;
	pd->ids_sorted = false;
	return 0;
}

static int read_file_attrs(struct perf_data *pd, struct strbuf *err)
{
	const struct perf_file_header *h = &pd->header;
	uint64_t nr;

	if (h->attr_size < PERF_ATTR_SIZE_VER0 + sizeof(struct perf_file_section) ||
	    h->attr_size > 4096 || !section_ok(pd, &h->attrs) || h->attrs.size % h->attr_size) {
		strbuf_addf(err, "%s: bad attr section (offset %#llx, %llu bytes of %llu-byte "
			    "entries)", pd->path, (unsigned long long)h->attrs.offset,
			    (unsigned long long)h->attrs.size, (unsigned long long)h->attr_size);
		return -EINVAL;
	}
	nr = h->attrs.size / h->attr_size;
	if (nr == 0 || nr > MAX_EVSELS) {
		strbuf_addf(err, "%s: the header claims %llu events", pd->path,
			    (unsigned long long)nr);
		return -EINVAL;
	}
	for (uint64_t i = 0; i < nr; i++) {
		uint64_t off = h->attrs.offset + i * h->attr_size;
		size_t attr_len = h->attr_size - sizeof(struct perf_file_section);
		struct perf_file_section ids;
		struct pd_evsel *e;

		memcpy(&ids, pd->buf + off + attr_len, sizeof(ids));
		if (!section_ok(pd, &ids) || ids.size % 8) {
			strbuf_addf(err, "%s: event %llu has its ids outside the file (at offset "
				    "%#llx)", pd->path, (unsigned long long)i,
				    (unsigned long long)(off + attr_len));
			return -EINVAL;
		}
		e = add_evsel(pd, pd->buf + off, attr_len);
		if (!e || add_ids(pd, e, pd->buf + ids.offset, ids.size / 8))
			return -ENOMEM;
	}
	return 0;
}

/*
 * Features are extra information: a damaged one is reported and skipped,
 * and the samples are still read (perf behaves the same way).
 */
static void read_file_features(struct perf_data *pd)
{
	const struct perf_file_header *h = &pd->header;
	uint64_t table = h->data.offset + h->data.size;
	struct strbuf msg = STRBUF_INIT;
	int nr = 0;

	for (int feat = 1; feat < HEADER_FEAT_BITS; feat++) {
		struct perf_file_section s;

		if (!(h->adds_features[feat / 64] >> (feat % 64) & 1))
			continue;
		if (table + (nr + 1) * sizeof(s) > pd->size) {
			strbuf_addf(&msg, "the feature table at offset %#llx is truncated",
				    (unsigned long long)table);
			break;
		}
		memcpy(&s, pd->buf + table + nr++ * sizeof(s), sizeof(s));
		if (!section_ok(pd, &s)) {
			strbuf_addf(&msg, "header feature %s points outside the file",
				    pd_feature_name(feat) ?: "?");
			break;
		}
		if (pd_features__parse(&pd->feat, feat, pd->buf + s.offset, s.size, &msg))
			break;
	}
	if (msg.len)
		strbuf_addf(&pd->feature_notes, "%s: %s; header information is incomplete\n",
			    pd->path, msg.buf);
	strbuf_release(&msg);
}

static bool has_features(const struct perf_file_header *h)
{
	for (int i = 0; i < HEADER_FEAT_BITS / 64; i++)
		if (h->adds_features[i])
			return true;
	return false;
}

/*
 * perf writes the data size and the features when recording ends: a
 * recording killed (or stopped by a full disk) leaves 0 there, or
 * perf-mini's last flushed size and no features. Either way the data runs
 * to the end of the file, and the walk stops at its last whole record. (A
 * finished recording always has data: the synthesized records at least.)
 */
static void mend_data_section(struct perf_data *pd)
{
	const struct perf_file_header *h = &pd->header;
	uint64_t room = pd->size - h->data.offset;

	pd->declared_data_size = h->data.size;
	pd->data_size = h->data.size;
	if (h->data.size > room) {
		pd->file_cut = true;
		pd->data_size = room;
	} else if (!h->data.size || (!has_features(h) && !pd->v1)) {
		pd->unfinalised = true;
		pd->data_size = room;
	}
}

static int read_file_header(struct perf_data *pd, struct strbuf *err)
{
	struct perf_file_header *h = &pd->header;

	if (pd->size < sizeof(*h)) {
		strbuf_addf(err, "%s: truncated header (%zu bytes, needs %zu)", pd->path,
			    pd->size, sizeof(*h));
		return -EINVAL;
	}
	memcpy(h, pd->buf, sizeof(*h));
	/* the oldest version 1 files end their header before the bitmap */
	if (pd->v1 && h->size == offsetof(struct perf_file_header, adds_features)) {
		memset(h->adds_features, 0, sizeof(h->adds_features));
		h->size = sizeof(*h);
	}
	if (h->size < sizeof(*h) || h->data.offset > pd->size || h->data.offset < h->size) {
		strbuf_addf(err, "%s: the data section (offset %#llx, %llu bytes) does not fit in "
			    "the file's %zu bytes: the file is truncated or corrupt", pd->path,
			    (unsigned long long)h->data.offset, (unsigned long long)h->data.size,
			    pd->size);
		return -EINVAL;
	}
	pd->data_offset = h->data.offset;
	mend_data_section(pd);
	if (read_file_attrs(pd, err))
		return -EINVAL;
	if (!pd->unfinalised && !pd->file_cut)
		read_file_features(pd);
	return 0;
}

/* A file from a big-endian machine: turned into our byte order once, in a
 * private copy, so that nothing after this point knows the difference. */
static int own_buffer(struct perf_data *pd)
{
	uint8_t *copy;

	if (!pd->mapped)
		return 0;
	copy = malloc(pd->size);
	if (!copy)
		return -ENOMEM;
	memcpy(copy, pd->buf, pd->size);
	munmap(pd->buf, pd->size);
	pd->buf = copy;
	pd->mapped = false;
	return 0;
}

static int make_native(struct perf_data *pd, struct strbuf *err)
{
	struct strbuf why = STRBUF_INIT;
	int ret;

	if (own_buffer(pd))
		return -ENOMEM;
	ret = perf_data__swap_image(pd->buf, pd->size, true, &why);

	if (ret)
		strbuf_addf(err, "%s was recorded on a big-endian machine: %s", pd->path,
			    why.len ? why.buf : "out of memory");
	strbuf_release(&why);
	return ret;
	return 0;
}

/* perf's only version 1 ABI: the attr of PERF_ATTR_SIZE_VER1 and its ids
 * section, which also tells the byte order (perf's try_all_file_abis). */
#define V1_FILE_ATTR_SIZE 96

/*
 * perf's version 1 files ("PERFFILE", perf 3.2 and older) are laid out as
 * version 2 ones, the oldest without the feature bitmap; perf 6.1 reads
 * them, so do we. A big-endian one is swapped as version 2 files are.
 */
static int check_v1(struct perf_data *pd, struct strbuf *err)
{
	uint64_t attr_size, swapped_magic = PERF_MAGIC2_SWAPPED;

	if (pd->size < 24)
		return 1;	/* the header check names the truncation */
	memcpy(&attr_size, pd->buf + 16, 8);
	pd->v1 = true;
	if (attr_size == V1_FILE_ATTR_SIZE)
		return 0;
	if (__builtin_bswap64(attr_size) != V1_FILE_ATTR_SIZE) {
		strbuf_addf(err, "%s: a version 1 perf.data (PERFFILE) whose attr size (%llu) "
			    "tells no byte order perf knows: it is corrupt", pd->path,
			    (unsigned long long)attr_size);
		return -EINVAL;
	}
	if (own_buffer(pd))
		return -ENOMEM;
	memcpy(pd->buf, &swapped_magic, 8);
	return make_native(pd, err);
}

static int check_magic(struct perf_data *pd, struct strbuf *err)
{
	uint64_t magic, size;

	if (pd->size == 0) {
		strbuf_addf(err, "%s is empty (0 bytes): the recording wrote nothing\n"
			    "hint: record again; this one was stopped before it wrote its header",
			    pd->path);
		return -EINVAL;
	}
	if (pd->size < 16) {
		strbuf_addf(err, "%s: truncated header (%zu bytes)", pd->path, pd->size);
		return -EINVAL;
	}
	memcpy(&magic, pd->buf, 8);
	memcpy(&size, pd->buf + 8, 8);
	if (magic == PERF_MAGIC2_SWAPPED) {
		int ret = make_native(pd, err);

		if (ret)
			return ret;
		memcpy(&magic, pd->buf, 8);
		memcpy(&size, pd->buf + 8, 8);
	}
	if (magic == PERF_MAGIC1 && size != sizeof(struct perf_pipe_file_header)) {
		int ret = check_v1(pd, err);

		if (ret < 0)
			return ret;
		memcpy(&size, pd->buf + 8, 8);
		magic = PERF_MAGIC2;
	} else if (magic == PERF_MAGIC1) {
		pd->v1 = true;	/* a stream: its records are version 2's */
		magic = PERF_MAGIC2;
	}
	if (magic != PERF_MAGIC2) {
		strbuf_addf(err, "%s is not a perf.data file (bad magic at offset 0)", pd->path);
		return -EINVAL;
	}
	pd->pipe = size == sizeof(struct perf_pipe_file_header);
	return 0;
}

/* a record's largest size: its header's size is 16 bits */
#define RECORD_SCRATCH 65536

static int parse_loaded(struct perf_data *pd, const char *path, struct strbuf *err);

int perf_data__open(struct perf_data *pd, const char *path, struct strbuf *err)
{
	return perf_data__open_progress(pd, path, false, err);
}

int perf_data__open_progress(struct perf_data *pd, const char *path, bool progress,
			     struct strbuf *err)
{
	int ret;

	memset(pd, 0, sizeof(*pd));
	pd->show_progress = progress;
	pd->path = strdup(path);
	if (!pd->path)
		return -ENOMEM;
	ret = perf_data__load(pd, err);
	if (ret == -ENOMEM && !err->len)
		strbuf_addf(err, "%s: out of memory after reading %zu MiB of it\nhint: a pipe "
			    "is kept whole in memory: write it to a file first and report that",
			    path, pd->size >> 20);
	return ret ? ret : parse_loaded(pd, path, err);
}

int perf_data__open_buffer(struct perf_data *pd, const char *name, const void *buf, size_t size,
			   struct strbuf *err)
{
	memset(pd, 0, sizeof(*pd));
	pd->path = strdup(name);
	pd->buf = malloc(size ? size : 1);
	if (!pd->path || !pd->buf)
		return -ENOMEM;
	memcpy(pd->buf, buf, size);
	pd->size = size;
	return parse_loaded(pd, name, err);
}

static int parse_loaded(struct perf_data *pd, const char *path, struct strbuf *err)
{
	int ret;

	pd->walk_scratch = malloc(2 * RECORD_SCRATCH);
	if (!pd->walk_scratch) {
		strbuf_addf(err, "%s: out of memory", path);
		return -ENOMEM;
	}
	pd->read_scratch = pd->walk_scratch + RECORD_SCRATCH / sizeof(uint64_t);
	ret = check_magic(pd, err);
	if (!ret && pd->pipe) {
		pd->data_offset = sizeof(struct perf_pipe_file_header);
		pd->data_size = pd->size - pd->data_offset;
	} else if (!ret) {
		ret = read_file_header(pd, err);
		if (!ret)
			perf_data__name_evsels(pd);
	}
	if (ret == -ENOMEM && !err->len)
		strbuf_addf(err, "%s: out of memory", path);
	return ret;
}

void perf_data__close(struct perf_data *pd)
{
	if (pd->mapped)
		munmap(pd->buf, pd->size);
	else
		free(pd->buf);
	for (size_t i = 0; i < pd->nr_evsels; i++) {
		free(pd->evsels[i]->ids);
		free(pd->evsels[i]->name);
		free(pd->evsels[i]);
	}
	free(pd->evsels);
	free(pd->ids);
	free(pd->path);
	free(pd->walk_scratch);
	strbuf_release(&pd->feature_notes);
	pd_arena__exit(&pd->arena);
	pd_features__exit(&pd->feat);
	memset(pd, 0, sizeof(*pd));
}

void perf_data__describe(const struct perf_data *pd, uint64_t nr_samples, struct strbuf *out)
{
	if (pd->feature_notes.len)	/* zeroed, not initialised, when empty */
		strbuf_add(out, pd->feature_notes.buf, pd->feature_notes.len);
	if (pd->unfinalised)
		strbuf_addf(out, "%s was not finalised (its recording was killed, or stopped by a "
			    "full disk): its data is read to the last whole record (%llu bytes)\n",
			    pd->path, (unsigned long long)(pd->cut_at ? pd->cut_at - pd->data_offset
								      : pd->data_size));
	if (pd->file_cut)
		strbuf_addf(out, "%s is truncated: its data section (%llu bytes at offset %#llx) "
			    "ends past the end of the file; the records before the cut are read\n",
			    pd->path, (unsigned long long)pd->declared_data_size,
			    (unsigned long long)pd->data_offset);
	if (pd->pipe && pd->cut_at)
		strbuf_addf(out, "%s: unexpected end of event stream: the record at offset %#llx "
			    "is cut after %llu bytes; what came before it is read\n", pd->path,
			    (unsigned long long)pd->cut_at, (unsigned long long)pd->cut_len);
	if (!nr_samples && (pd->unfinalised || pd->file_cut || pd->cut_at))
		strbuf_addf(out, "%s holds no samples: it was cut off before the first one\n",
			    pd->path);
}

/* --- ids ------------------------------------------------------------- */

static int cmp_id(const void *a, const void *b)
{
	const struct pd_id *x = a, *y = b;

	return x->id < y->id ? -1 : x->id > y->id;
}

/* Each slot the first id of its low bits, filled with the sort: lookups
 * only read it (script's two threads look ids up). */
static void fill_id_cache(struct perf_data *pd)
{
	for (size_t i = 0; i < ARRAY_SIZE(pd->id_cache); i++)
		pd->id_cache[i].evsel_idx = -1;
	for (size_t i = 0; i < pd->nr_ids; i++) {
		struct pd_id *slot = &pd->id_cache[pd->ids[i].id % ARRAY_SIZE(pd->id_cache)];

		if (slot->evsel_idx < 0)
			*slot = pd->ids[i];
	}
}

struct pd_evsel *perf_data__evsel_by_id(struct perf_data *pd, uint64_t id)
{
	struct pd_id key = { .id = id }, *hit;
	const struct pd_id *cached = &pd->id_cache[id % ARRAY_SIZE(pd->id_cache)];

	if (!pd->ids_sorted) {
		qsort(pd->ids, pd->nr_ids, sizeof(*pd->ids), cmp_id);
		pd->ids_sorted = true;
		fill_id_cache(pd);
	}
	if (cached->evsel_idx >= 0 && cached->id == id)
		return pd->evsels[cached->evsel_idx];
	hit = bsearch(&key, pd->ids, pd->nr_ids, sizeof(*pd->ids), cmp_id);
	return hit ? pd->evsels[hit->evsel_idx] : NULL;
}

/* Where the id sits: words after the header (samples) or before the end. */
static int sample_id_pos(uint64_t type)
{
	if (type & PERF_SAMPLE_IDENTIFIER)
		return 0;
	if (!(type & PERF_SAMPLE_ID))
		return -1;
	return !!(type & PERF_SAMPLE_IP) + !!(type & PERF_SAMPLE_TID) +
	       !!(type & PERF_SAMPLE_TIME) + !!(type & PERF_SAMPLE_ADDR);
}

static int trailer_id_pos(uint64_t type)
{
	if (type & PERF_SAMPLE_IDENTIFIER)
		return 1;
	if (!(type & PERF_SAMPLE_ID))
		return -1;
	return 1 + !!(type & PERF_SAMPLE_CPU) + !!(type & PERF_SAMPLE_STREAM_ID);
}

struct pd_evsel *perf_data__evsel_of(struct perf_data *pd, const struct pm_event_header *ev)
{
	const struct perf_event_attr *first;
	const uint8_t *rec = (const uint8_t *)ev;
	uint64_t id;
	int pos;

	if (!pd->nr_evsels)
		return NULL;
	if (pd->nr_evsels == 1)
		return pd->evsels[0];
	first = &pd->evsels[0]->attr;
	if (ev->type == PERF_RECORD_SAMPLE) {
		pos = sample_id_pos(first->sample_type);
		if (pos < 0 || ev->size < 8 + 8 * (pos + 1))
			return NULL;
		memcpy(&id, rec + 8 + 8 * pos, 8);
	} else {
		pos = trailer_id_pos(first->sample_type);
		if (!first->sample_id_all || pos < 0 || ev->size < 8 + 8 * pos)
			return pd->evsels[0];
		memcpy(&id, rec + ev->size - 8 * pos, 8);
	}
	/* synthesized records carry id 0; every trailer has the same layout */
	if (!id)
		return pd->evsels[0];
	return perf_data__evsel_by_id(pd, id) ?: (ev->type == PERF_RECORD_SAMPLE ? NULL : pd->evsels[0]);
}

struct pd_evsel *perf_data__parse_sample(struct perf_data *pd, const struct pm_event_header *ev,
					 struct perf_sample *s, struct strbuf *err)
{
	return perf_data__parse_sample_of(perf_data__evsel_of(pd, ev), ev, s, err);
}

struct pd_evsel *perf_data__parse_sample_of(struct pd_evsel *e, const struct pm_event_header *ev,
					    struct perf_sample *s, struct strbuf *err)
{
	int ret;

	if (!e) {
		strbuf_addstr(err, "record with a sample id of no event in the header");
		return NULL;
	}
	if (ev->type == PERF_RECORD_SAMPLE)
		ret = perf_sample__parse(ev, &e->attr, s, err);
	else
		ret = perf_sample__parse_id(ev, &e->attr, s, err);
	return ret ? NULL : e;
}

/* --- the record walk ------------------------------------------------- */

static int pipe_attr(struct perf_data *pd, const struct pm_event_header *ev)
{
	const uint8_t *p = (const uint8_t *)ev + sizeof(*ev);
	uint32_t attr_size;
	struct pd_evsel *e;
	uint64_t nr_ids;

	if (ev->size < sizeof(*ev) + PERF_ATTR_SIZE_VER0)
		return -EINVAL;
	memcpy(&attr_size, p + offsetof(struct perf_event_attr, size), 4);
	if (!attr_size)
		attr_size = PERF_ATTR_SIZE_VER0;
	if (attr_size > ev->size - sizeof(*ev) || attr_size % 8)
		return -EINVAL;
	e = add_evsel(pd, p, attr_size);
	if (!e)
		return -ENOMEM;
	nr_ids = (ev->size - sizeof(*ev) - attr_size) / 8;
	if (add_ids(pd, e, p + attr_size, nr_ids))
		return -ENOMEM;
	perf_data__name_evsels(pd);
	return 0;
}

static int pipe_feature(struct perf_data *pd, const struct pm_event_header *ev,
			struct strbuf *err)
{
	uint64_t feat;

	if (ev->size < sizeof(struct pm_feature_event))
		return -EINVAL;
	memcpy(&feat, (const uint8_t *)ev + sizeof(*ev), 8);
	if (feat >= HEADER_FEAT_BITS)
		return 0;
	if (pd_features__parse(&pd->feat, feat, (const uint8_t *)ev + 16, ev->size - 16, err))
		return -EINVAL;
	if (feat == HEADER_EVENT_DESC || feat == HEADER_GROUP_DESC)
		perf_data__name_evsels(pd);
	return 0;
}

/* A pipe's EVENT_UPDATE of type NAME: the name an event was given, which
 * a pipe whose EVENT_DESC was too big for a record has nowhere else (perf
 * leaves it out then). Other updates change nothing here. */
static int pipe_event_update(struct perf_data *pd, const struct pm_event_header *ev)
{
	const uint8_t *p = (const uint8_t *)ev + sizeof(*ev);
	uint64_t type, id;
	struct pd_evsel *e;
	size_t len;

	if (ev->size < sizeof(*ev) + 16)
		return -EINVAL;
	memcpy(&type, p, 8);
	memcpy(&id, p + 8, 8);
	len = strnlen((const char *)p + 16, ev->size - sizeof(*ev) - 16);
	/* once samples were read, readers hold the names they printed */
	e = type == PD_EVENT_UPDATE_NAME && len && !pd->pipe_sampled ?
		perf_data__evsel_by_id(pd, id) : NULL;
	if (e) {
		free(e->name);
		e->name = must_strndup((const char *)p + 16, len);
	}
	return 0;
}

/* 0 for a whole record, -ENODATA for one the end of the data cuts, or
 * -EINVAL with a message for one that cannot be a record. */
static int check_record(struct perf_data *pd, uint64_t off, uint64_t end, struct strbuf *err)
{
	struct pm_event_header h;

	if (end - off < sizeof(h))
		return -ENODATA;
	memcpy(&h, pd->buf + off, sizeof(h));
	if (h.size < sizeof(h)) {
		strbuf_addf(err, "%s: record at offset %#llx has size %u (smaller than its "
			    "8-byte header): the file is corrupt", pd->path,
			    (unsigned long long)off, h.size);
		return -EINVAL;
	}
	return h.size > end - off ? -ENODATA : 0;
}

/*
 * The data ends inside the record at @off. A stream, or a file that was
 * never finalised or lost its end, is read to there (perf reads a cut
 * stream the same way); in a whole file it is corruption.
 */
static int cut_record(struct perf_data *pd, uint64_t off, uint64_t end, struct strbuf *err)
{
	if (pd->pipe || pd->unfinalised || pd->file_cut) {
		pd->cut_at = off;
		pd->cut_len = end - off;
		return 0;
	}
	strbuf_addf(err, "%s: the record at offset %#llx runs past the end of the data at "
		    "%#llx: the file is truncated", pd->path, (unsigned long long)off,
		    (unsigned long long)end);
	return -EINVAL;
}

static const struct pm_event_header *aligned(const uint8_t *rec, uint64_t *scratch)
{
	uint16_t size;

	if (!((uintptr_t)rec & 7))
		return (const struct pm_event_header *)rec;
	memcpy(&size, rec + 6, 2);
	memcpy(scratch, rec, size);
	return (const struct pm_event_header *)scratch;
}

void perf_data__release_before(struct perf_data *pd, uint64_t off)
{
	uint64_t page = 4096, from = pd->released & ~(page - 1), to = off & ~(page - 1);

	/*
	 * In whole megabytes: each step is a syscall and a TLB shootdown on
	 * every CPU running one of our threads, yet what is kept mapped counts
	 * in the resident size.
	 */
	if (!pd->mapped || to < from + (1 << 20))
		return;
	madvise(pd->buf + from, to - from, MADV_DONTNEED);
	pd->released = to;
}

void perf_data__prefetch(const struct perf_data *pd, uint64_t off)
{
	const uint8_t *p;

	if (off >= pd->size && (!pd->arena.buf || off - pd->size >= pd->arena.len))
		return;
	p = off >= pd->size ? pd->arena.buf + (off - pd->size) : pd->buf + off;
	__builtin_prefetch(p);
	__builtin_prefetch(p + 64);
}

const struct pm_event_header *perf_data__record_at(struct perf_data *pd, uint64_t off)
{
	if (off >= pd->size)	/* decompressed: always aligned */
		return (const struct pm_event_header *)(pd->arena.buf + (off - pd->size));
	return aligned(pd->buf + off, pd->read_scratch);
}

/*
 * The frame a COMPRESSED record holds, or a COMPRESSED2 one (newer perf:
 * its frame's length, then the frame padded to 8 bytes); NULL where that
 * length runs past the record.
 */
static const uint8_t *compressed_frame(const struct pm_event_header *ev, size_t *len)
{
	uint64_t data_size;

	if (ev->type == PERF_RECORD_COMPRESSED) {
		*len = ev->size - 8;
		return (const uint8_t *)ev + 8;
	}
	if (ev->size < 16)
		return NULL;
	memcpy(&data_size, (const uint8_t *)ev + 8, 8);
	if (data_size > ev->size - 16u)
		return NULL;
	*len = data_size;
	return (const uint8_t *)ev + 16;
}

/*
 * The records inside a COMPRESSED record, as if they were in the file. The
 * frames form one stream: a record may start in one and end in the next.
 */
static int walk_compressed(struct perf_data *pd, const struct pm_event_header *ev,
			   uint64_t off, perf_data_record_fn *fn, void *ctx, struct strbuf *err)
{
	struct pd_arena *a = &pd->arena;
	struct strbuf msg = STRBUF_INIT;
	size_t len = 0;
	const uint8_t *frame = compressed_frame(ev, &len);
	int64_t at;
	int ret = 0;

	pd->nr_compressed++;
	if (!frame) {
		strbuf_addf(err, "%s: COMPRESSED2 record at offset %#llx: its data_size runs past "
			    "the record: corrupt", pd->path, (unsigned long long)off);
		return -EINVAL;
	}
	at = pd_arena__decompress(a, frame, len, &msg);
	if (at < 0) {
		strbuf_addf(err, "%s: %s record at offset %#llx: %s", pd->path,
			    perf_record_name(ev->type), (unsigned long long)off, msg.buf);
		strbuf_release(&msg);
		return -EINVAL;
	}
	while (!ret && a->parsed + 8 <= a->len) {
		const struct pm_event_header *in = (const void *)(a->buf + a->parsed);

		if (in->size < 8 || in->size % 8) {
			strbuf_addf(err, "%s: the compressed data (frame at offset %#llx) holds a "
				    "record of size %u: corrupt", pd->path,
				    (unsigned long long)off, in->size);
			return -EINVAL;
		}
		if (in->size > a->len - a->parsed)
			break;	/* continues in the next frame */
		ret = fn(pd, in, pd->size + a->parsed, ctx);
		a->parsed += in->size;
	}
	return ret;
}

/* AUXTRACE and pipe-mode TRACING_DATA records are followed by their data,
 * outside header.size (a u64 resp. u32 size right after the header). */
static int skip_aux_payload(struct perf_data *pd, const struct pm_event_header *ev,
			    uint64_t *off, uint64_t end, struct strbuf *err)
{
	uint64_t size = 0;

	if (ev->type == PERF_RECORD_HEADER_TRACING_DATA && ev->size >= 12) {
		uint32_t size32;

		memcpy(&size32, (const uint8_t *)ev + 8, 4);
		size = size32;
	} else if (ev->size < 16) {
		strbuf_addf(err, "%s: AUXTRACE record at offset %#llx is too short", pd->path,
			    (unsigned long long)(*off - ev->size));
		return -EINVAL;
	}
	if (ev->type == PERF_RECORD_AUXTRACE)
		memcpy(&size, (const uint8_t *)ev + 8, 8);
	if (ev->type == PERF_RECORD_HEADER_TRACING_DATA && size <= end - *off) {
		pd->feat.tracing_data = pd->buf + *off;
		pd->feat.tracing_data_size = size;
		pd->feat.bitmap[0] |= 1ULL << HEADER_TRACING_DATA;
	}
	if (size > end - *off)
		return -ENODATA;
	*off += size;
	return 0;
}

static int no_op(struct perf_data *pd, const struct pm_event_header *ev, uint64_t off, void *ctx)
{
	(void)pd; (void)ev; (void)off; (void)ctx;
	return 0;
}

int perf_data__read_pipe_meta(struct perf_data *pd, struct strbuf *err)
{
	return pd->pipe ? perf_data__for_each_record(pd, no_op, NULL, err) : 0;
}

static int walk_range(struct perf_data *pd, uint64_t off, uint64_t end, perf_data_record_fn *fn,
		      void *ctx, struct strbuf *err)
{
	while (off < end && !perf_data_stop_requested) {
		const struct pm_event_header *ev;
		int ret = check_record(pd, off, end, err);

		if (ret == -ENODATA)
			return cut_record(pd, off, end, err);
		if (ret)
			return ret;
		/* the walk is sequential but crosses pages the hardware will not
		 * prefetch across */
		if (end - off > 2048)
			__builtin_prefetch(pd->buf + off + 2048);
		ev = aligned(pd->buf + off, pd->walk_scratch);
		if (off < pd->pipe_meta_end)
			;	/* applied by an earlier walk */
		else if (pd->pipe && ev->type == PERF_RECORD_HEADER_ATTR)
			ret = pipe_attr(pd, ev);
		else if (ev->type == PERF_RECORD_HEADER_FEATURE)
			ret = pipe_feature(pd, ev, err);
		else if (pd->pipe && ev->type == PERF_RECORD_EVENT_UPDATE)
			ret = pipe_event_update(pd, ev);
		else if (ev->type == PERF_RECORD_SAMPLE)
			pd->pipe_sampled = true;
		if (off >= pd->pipe_meta_end)
			pd->pipe_meta_end = off + ev->size;
		if (ret) {
			strbuf_addf(err, "%s%s: malformed %s record at offset %#llx",
				    err->len ? "\n" : "", pd->path, perf_record_name(ev->type),
				    (unsigned long long)off);
			return ret;
		}
		ret = fn(pd, ev, off, ctx);
		if (!ret && (ev->type == PERF_RECORD_COMPRESSED ||
			     ev->type == PERF_RECORD_COMPRESSED2) && ev->size > 8)
			ret = walk_compressed(pd, ev, off, fn, ctx, err);
		if (ret)
			return ret;
		off += ev->size;
		if (ev->type == PERF_RECORD_AUXTRACE || ev->type == PERF_RECORD_HEADER_TRACING_DATA)
			ret = skip_aux_payload(pd, ev, &off, end, err);
		if (ret == -ENODATA)
			return cut_record(pd, off - ev->size, end, err);
		if (ret)
			return ret;
	}
	return 0;
}

int perf_data__for_each_record(struct perf_data *pd, perf_data_record_fn *fn, void *ctx,
			       struct strbuf *err)
{
	int ret = walk_range(pd, pd->data_offset, pd->data_offset + pd->data_size, fn, ctx, err);

	/* a directory's other files, after the first one's data section */
	if (!ret && pd->dir_extra_end > pd->dir_extra_off)
		ret = walk_range(pd, pd->dir_extra_off, pd->dir_extra_end, fn, ctx, err);
	return ret;
}

bool perf_data__unordered(const struct perf_data *pd)
{
	if (pd->pipe)
		return false;
	for (size_t i = 0; i < pd->nr_evsels; i++)
		if (pd->evsels[i]->attr.sample_id_all)
			return false;
	return pd->nr_evsels > 0;
}
