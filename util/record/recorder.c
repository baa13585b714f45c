// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <string.h>

#include "../base/array.h"
#include "../base/util.h"
#include "../data/perf-data-format.h"
#include "../events/perf-sys.h"
#include "../events/evlist-open.h"
#include "recorder.h"
#include "synth.h"
#include "../base/xalloc.h"

static int ring_fd(struct evsel *e, int c, int t, int nr_threads)
{
	return e->fds ? e->fds[c * nr_threads + t] : -1;
}

/* The first open fd of CPU @c's threads [@t, @t_end) owns the ring; the
 * others feed it. */
static int setup_ring(struct recorder *r, int c, int t, int t_end, size_t pages,
		      bool overwrite, struct strbuf *err)
{
	struct ring *ring = &r->rings[r->nr_rings];
	struct evsel *e;
	int owner = -1, ret;

	for (int k = 0; k < (t_end - t) * r->evlist->nr; k++) {
		int fd;

		e = r->evlist->entries[k % r->evlist->nr];
		fd = ring_fd(e, c, t + k / r->evlist->nr, r->nr_threads);
		if (fd < 0)
			continue;
		if (owner < 0) {
			owner = fd;
			ret = ring__mmap(ring, fd, pages, overwrite);
			if (ret) {
				strbuf_addf(err, "cannot map the ring buffer (%zu pages): %s\nhint: "
					    "use fewer pages with -m, or raise "
					    "/proc/sys/kernel/perf_event_mlock_kb", pages,
					    strerror(-ret));
				return ret;
			}
			/* a backward ring is read at the end only: no wake-ups */
			r->pollfds[r->nr_rings] = (struct pollfd){ .fd = overwrite ? -1 : fd,
								   .events = POLLIN };
			r->nr_rings++;
		} else {
			ret = perf_sys_ioctl(fd, PERF_EVENT_IOC_SET_OUTPUT, owner);
			if (ret) {
				strbuf_addf(err, "cannot share the ring buffer of %s: %s", e->name,
					    strerror(-ret));
				return ret;
			}
		}
	}
	return 0;
}

/* Where TIME sits in every event's samples, in u64 words after the
 * header: -1 when they have none, or the events' layouts disagree. */
static int sample_time_word(struct evlist *evlist)
{
	const uint64_t before = PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_TID |
				PERF_SAMPLE_TIME;
	uint64_t layout = 0;
	struct evsel *e;
	int i;

	evlist__for_each(evlist, e, i) {
		uint64_t l = e->attr.sample_type & before;

		if ((i && l != layout) || !(l & PERF_SAMPLE_TIME))
			return -1;
		layout = l;
	}
	return !!(layout & PERF_SAMPLE_IDENTIFIER) + !!(layout & PERF_SAMPLE_IP) +
	       !!(layout & PERF_SAMPLE_TID);
}

static void note_sample_time(struct recorder *r, const uint8_t *rec, uint16_t size)
{
	uint64_t t;

	if (r->time_word < 0 || size < 8 * (r->time_word + 2))
		return;
	memcpy(&t, rec + 8 * (r->time_word + 1), 8);
	if (!r->first_time || t < r->first_time)
		r->first_time = t;
	if (t > r->last_time)
		r->last_time = t;
}

int recorder__init(struct recorder *r, struct evlist *evlist, const struct cpu_map *cpus,
		   int nr_threads, struct perf_data_writer *w, size_t pages, bool overwrite,
		   struct strbuf *err)
{
	int nr_cpus = cpus->nr;
	/* on real CPUs a ring per CPU takes all the threads' events there
	 * (inherited ones too); a task's own buffer (CPU -1) takes its own */
	int per_ring = cpus->cpus[0] >= 0 ? nr_threads : 1;
	size_t n = (size_t)nr_cpus * nr_threads;
	int ret = 0;

	memset(r, 0, sizeof(*r));
	r->evlist = evlist;
	r->nr_cpus = nr_cpus;
	r->nr_threads = nr_threads;
	r->w = w;
	r->time_word = sample_time_word(evlist);
	strbuf_init(&r->chunk, 1 << 16);
	strbuf_init(&r->kept_maps, 0);
	r->rings = calloc(n, sizeof(*r->rings));
	r->pollfds = calloc(n + 1, sizeof(*r->pollfds));
	if (!r->rings || !r->pollfds)
		return -ENOMEM;
	for (int c = 0; !ret && c < nr_cpus; c++)
		for (int t = 0; !ret && t < nr_threads; t += per_ring)
			ret = setup_ring(r, c, t, t + per_ring, pages, overwrite, err);
	return ret;
}

uint64_t recorder__save_lost_samples(struct recorder *r)
{
	struct strbuf sb = STRBUF_INIT;
	struct evsel *e;
	int i;

	evlist__for_each(r->evlist, e, i) {
		for (int f = 0; e->fds && f < e->nr_cpus * e->nr_threads; f++) {
			uint64_t lost;

			if (evsel__read_lost(e, f, &lost) || !lost)
				continue;
			synth__lost_samples(&sb, lost, e->ids ? e->ids[f] : 0, e->attr.sample_type);
			r->nr_lost_samples += lost;
		}
	}
	if (sb.len)
		perf_data_writer__write_records(r->w, sb.buf, sb.len);
	strbuf_release(&sb);
	return r->nr_lost_samples;
}

void recorder__exit(struct recorder *r)
{
	struct strbuf ignored = STRBUF_INIT;

	recorder__stop_lanes(r, &ignored);	/* an error path left them running */
	strbuf_release(&ignored);
	for (int i = 0; i < r->nr_rings; i++)
		ring__munmap(&r->rings[i]);
	free(r->rings);
	free(r->pollfds);
	for (size_t i = 0; i < r->nr_dsos; i++)
		free(r->dsos[i]);
	free(r->dsos);
	strbuf_release(&r->chunk);
	strbuf_release(&r->kept_maps);
	memset(r, 0, sizeof(*r));
}

void recorder__new_file(struct recorder *r)
{
	for (size_t i = 0; i < r->nr_dsos; i++)
		free(r->dsos[i]);
	free(r->dsos);
	r->dsos = NULL;
	r->nr_dsos = r->alloc_dsos = 0;
	r->nr_samples = r->nr_wakeups = 0;
	r->first_time = r->last_time = 0;
}

static void note_dso(struct recorder *r, const char *name)
{
	if (name[0] != '/')
		return;
	for (size_t i = 0; i < r->nr_dsos; i++)
		if (!strcmp(r->dsos[i], name))
			return;
	ALLOC_GROW(r->dsos, r->nr_dsos + 1, r->alloc_dsos);
	r->dsos[r->nr_dsos] = strdup(name);
	if (r->dsos[r->nr_dsos])
		r->nr_dsos++;
}

void recorder__absorb(struct recorder *r, const struct recorder *lane)
{
	r->nr_samples += lane->nr_samples;
	r->nr_lost += lane->nr_lost;
	r->nr_lost_records += lane->nr_lost_records;
	r->nr_wakeups += lane->nr_wakeups;
	if (lane->first_time && (!r->first_time || lane->first_time < r->first_time))
		r->first_time = lane->first_time;
	if (lane->last_time > r->last_time)
		r->last_time = lane->last_time;
	for (size_t i = 0; i < lane->nr_dsos; i++)
		note_dso(r, lane->dsos[i]);
}

static void scan_mmap(struct recorder *r, const struct pm_event_header *h, const char *name)
{
	char buf[4096];
	size_t room = (const char *)h + h->size - name;

	if ((const char *)h + h->size <= name)
		return;
	if (room >= sizeof(buf))
		room = sizeof(buf) - 1;
	memcpy(buf, name, room);
	buf[room] = '\0';
	note_dso(r, buf);
}

/* Whether @p (an MMAP or MMAP2 record, both begin so) maps into @pid. */
static bool maps_into(const uint8_t *p, const struct pm_event_header *h, pid_t pid)
{
	uint32_t owner;

	if ((h->type != PERF_RECORD_MMAP && h->type != PERF_RECORD_MMAP2) ||
	    h->size < sizeof(*h) + sizeof(owner))
		return false;
	memcpy(&owner, p + sizeof(*h), sizeof(owner));
	return pid > 0 && owner == (uint32_t)pid;
}

void recorder__keep_maps(struct recorder *r, pid_t pid)
{
	r->maps_pid = pid;
}

void recorder__carry_maps(struct recorder *r, struct strbuf *sb)
{
	const uint8_t *p = (const uint8_t *)sb->buf, *end = p + sb->len;
	bool mapped = false;

	while (end - p >= (ptrdiff_t)sizeof(struct pm_event_header)) {
		struct pm_event_header h;

		memcpy(&h, p, sizeof(h));
		if (h.size < sizeof(h) || h.size > end - p)
			break;
		mapped |= maps_into(p, &h, r->maps_pid);
		p += h.size;
	}
	if (r->maps_pid > 0 && !mapped)
		strbuf_add(sb, r->kept_maps.buf, r->kept_maps.len);
	strbuf_reset(&r->kept_maps);	/* the scan of @sb keeps them again */
}

void recorder__scan(struct recorder *r, const void *data, size_t len)
{
	const uint8_t *p = data, *end = p + len;

	while (end - p >= (ptrdiff_t)sizeof(struct pm_event_header)) {
		struct pm_event_header h;

		memcpy(&h, p, sizeof(h));
		if (h.size < sizeof(h) || h.size > end - p)
			break;
		if (h.type == PERF_RECORD_SAMPLE) {
			r->nr_samples++;
			note_sample_time(r, p, h.size);
		} else if (h.type == PERF_RECORD_LOST && h.size >= sizeof(struct pm_lost_event)) {
			struct pm_lost_event l;

			memcpy(&l, p, sizeof(l));
			r->nr_lost += l.lost;
			r->nr_lost_records++;
		}
		if (maps_into(p, &h, r->maps_pid))
			strbuf_add(&r->kept_maps, p, h.size);
		if (h.type == PERF_RECORD_MMAP && h.size > sizeof(struct pm_mmap_event)) {
			scan_mmap(r, (const void *)p, (const char *)p + sizeof(struct pm_mmap_event));
		} else if (h.type == PERF_RECORD_MMAP2 && h.size > sizeof(struct pm_mmap2_event)) {
			scan_mmap(r, (const void *)p, (const char *)p + sizeof(struct pm_mmap2_event));
		}
		p += h.size;
	}
}

bool recorder__wait(struct recorder *r, int fd, int timeout_ms)
{
	int n = r->nr_rings;

	r->pollfds[n] = (struct pollfd){ .fd = fd, .events = POLLIN };
	if (perf_sys_poll(r->pollfds, n + 1, timeout_ms) <= 0)
		return false;
	r->nr_wakeups++;
	/* an event whose task is gone stays readable as "hung up": stop
	 * polling it (its buffer is still drained), or poll() never sleeps */
	for (int i = 0; i < n; i++)
		if (r->pollfds[i].revents & (POLLHUP | POLLERR))
			r->pollfds[i].fd = -1;
	return fd >= 0 && (r->pollfds[n].revents & (POLLIN | POLLHUP));
}

static int ring_id(const struct recorder *r, int i)
{
	return r->ring_ids ? r->ring_ids[i] : i;
}

static int flush_lane(struct recorder *r, struct strbuf *err)
{
	for (int i = 0; i < r->nr_rings; i++) {
		int ret = perf_data_writer__flush_ring(r->w, r->ring_ids[i]);

		if (ret) {
			strbuf_addf(err, "cannot write %s/data.%d: %s", r->w->dir_path,
				    r->ring_ids[i], strerror(-ret));
			return ret;
		}
	}
	return 0;
}

int recorder__drain(struct recorder *r, struct strbuf *err)
{
	static const struct pm_event_header round = {
		.type = PERF_RECORD_FINISHED_ROUND, .size = sizeof(round),
	};
	bool wrote = false;

	for (int i = 0; i < r->nr_rings; i++) {
		strbuf_reset(&r->chunk);
		if (r->rings[i].backward || ring__pending(&r->rings[i]) < r->flush ||
		    !ring__read(&r->rings[i], &r->chunk))
			continue;
		recorder__scan(r, r->chunk.buf, r->chunk.len);
		if (r->w->nr_dir)	/* --threads: ring i's own file */
			perf_data_writer__write_ring(r->w, ring_id(r, i), r->chunk.buf,
						     r->chunk.len);
		else
			perf_data_writer__write_records(r->w, r->chunk.buf, r->chunk.len);
		wrote = true;
	}
	if (r->ring_ids)	/* a lane: its own files only, the others are others' */
		return flush_lane(r, err);
	if (!wrote)
		return r->w->error ? perf_data_writer__flush(r->w, err) : 0;
	/* perf's threads write no rounds: a reader sorts their files by time */
	if (!r->w->nr_dir)
		perf_data_writer__write(r->w, &round, sizeof(round));
	/* each pass reaches the file at once: a recording killed or stopped
	 * by a full disk in its first second still holds what it took */
	return perf_data_writer__flush(r->w, err);
}

int recorder__read_backward(struct recorder *r, struct strbuf *err)
{
	static const struct pm_event_header round = {
		.type = PERF_RECORD_FINISHED_ROUND, .size = sizeof(round),
	};
	bool wrote = false;

	for (int i = 0; i < r->nr_rings; i++) {
		struct ring *ring = &r->rings[i];
		size_t n;

		if (!ring->backward)
			continue;
		strbuf_reset(&r->chunk);
		/* as perf: the kernel holds its writes while we read */
		perf_sys_ioctl(ring->fd, PERF_EVENT_IOC_PAUSE_OUTPUT, 1);
		n = ring__read_backward(ring, &r->chunk);
		perf_sys_ioctl(ring->fd, PERF_EVENT_IOC_PAUSE_OUTPUT, 0);
		if (!n)
			continue;
		recorder__scan(r, r->chunk.buf, r->chunk.len);
		if (r->w->nr_dir)
			perf_data_writer__write_ring(r->w, ring_id(r, i), r->chunk.buf,
						     r->chunk.len);
		else
			perf_data_writer__write_records(r->w, r->chunk.buf, r->chunk.len);
		wrote = true;
	}
	if (wrote && !r->w->nr_dir)
		perf_data_writer__write(r->w, &round, sizeof(round));
	return perf_data_writer__flush(r->w, err);
}
