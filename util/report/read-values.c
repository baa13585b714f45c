// SPDX-License-Identifier: GPL-2.0
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "read-values.h"
#include "../base/xalloc.h"

static size_t find_thread(struct read_values *v, int32_t pid, int32_t tid)
{
	size_t i;

	for (i = 0; i < v->nr_threads; i++)
		if (v->threads[i].pid == pid && v->threads[i].tid == tid)
			return i;
	v->threads = must_reallocarray(v->threads, i + 1, sizeof(*v->threads));
	v->value = must_reallocarray(v->value, i + 1, sizeof(*v->value));
	v->threads[i].pid = pid;
	v->threads[i].tid = tid;
	v->value[i] = must_calloc(v->counters_alloc, sizeof(**v->value));
	v->nr_threads++;
	return i;
}

static size_t find_counter(struct read_values *v, uint64_t rawid, const char *name)
{
	size_t i;

	for (i = 0; i < v->nr_counters; i++)
		if (v->counters[i].rawid == rawid)
			return i;
	if (i == v->counters_alloc) {
		size_t n = v->counters_alloc ? 2 * v->counters_alloc : 16;

		for (size_t t = 0; t < v->nr_threads; t++) {
			v->value[t] = must_reallocarray(v->value[t], n, sizeof(**v->value));
			memset(v->value[t] + v->counters_alloc, 0,
			       (n - v->counters_alloc) * sizeof(**v->value));
		}
		v->counters_alloc = n;
	}
	v->counters = must_reallocarray(v->counters, i + 1, sizeof(*v->counters));
	v->counters[i].rawid = rawid;
	v->counters[i].name = name;
	v->nr_counters++;
	return i;
}

void read_values__add(struct read_values *v, int32_t pid, int32_t tid, uint64_t rawid,
		      const char *name, uint64_t value)
{
	size_t c = find_counter(v, rawid, name);
	size_t t = find_thread(v, pid, tid);

	v->value[t][c] += value;
}

static int width_of_u64(uint64_t n)
{
	return snprintf(NULL, 0, "%" PRIu64, n);
}

static int width_of_int(int32_t n)
{
	return snprintf(NULL, 0, "%d", n);
}

static void id_widths(const struct read_values *v, int *pidw, int *tidw)
{
	*pidw = *tidw = 3;	/* "PID", "TID" */
	for (size_t t = 0; t < v->nr_threads; t++) {
		if (width_of_int(v->threads[t].pid) > *pidw)
			*pidw = width_of_int(v->threads[t].pid);
		if (width_of_int(v->threads[t].tid) > *tidw)
			*tidw = width_of_int(v->threads[t].tid);
	}
}

static void fprintf_pretty(const struct read_values *v, FILE *out)
{
	int pidw, tidw, *cw = must_calloc(v->nr_counters, sizeof(*cw));

	id_widths(v, &pidw, &tidw);
	for (size_t c = 0; c < v->nr_counters; c++) {
		cw[c] = strlen(v->counters[c].name);
		for (size_t t = 0; t < v->nr_threads; t++)
			if (width_of_u64(v->value[t][c]) > cw[c])
				cw[c] = width_of_u64(v->value[t][c]);
	}
	fprintf(out, "# %*s  %*s", pidw, "PID", tidw, "TID");
	for (size_t c = 0; c < v->nr_counters; c++)
		fprintf(out, "  %*s", cw[c], v->counters[c].name);
	fprintf(out, "\n");
	for (size_t t = 0; t < v->nr_threads; t++) {
		fprintf(out, "  %*d  %*d", pidw, v->threads[t].pid, tidw, v->threads[t].tid);
		for (size_t c = 0; c < v->nr_counters; c++)
			fprintf(out, "  %*" PRIu64, cw[c], v->value[t][c]);
		fprintf(out, "\n");
	}
	free(cw);
}

/* perf's raw layout; perf ends no row with a newline, perf-mini each */
static void fprintf_raw(const struct read_values *v, FILE *out)
{
	int pidw, tidw, namew = 4, raww = 3, countw = 5;	/* the titles' */

	id_widths(v, &pidw, &tidw);
	for (size_t c = 0; c < v->nr_counters; c++) {
		int w = snprintf(NULL, 0, "%" PRIx64, v->counters[c].rawid);

		if ((int)strlen(v->counters[c].name) > namew)
			namew = strlen(v->counters[c].name);
		if (w > raww)
			raww = w;
		for (size_t t = 0; t < v->nr_threads; t++)
			if (width_of_u64(v->value[t][c]) > countw)
				countw = width_of_u64(v->value[t][c]);
	}
	fprintf(out, "# %*s  %*s  %*s  %*s  %*s\n", pidw, "PID", tidw, "TID", namew, "Name",
		raww, "Raw", countw, "Count");
	for (size_t t = 0; t < v->nr_threads; t++)
		for (size_t c = 0; c < v->nr_counters; c++)
			fprintf(out, "  %*d  %*d  %*s  %*" PRIx64 "  %*" PRIu64 "\n", pidw,
				v->threads[t].pid, tidw, v->threads[t].tid, namew,
				v->counters[c].name, raww, v->counters[c].rawid, countw,
				v->value[t][c]);
}

void read_values__fprintf(const struct read_values *v, bool raw, FILE *out)
{
	(raw ? fprintf_raw : fprintf_pretty)(v, out);
}

void read_values__exit(struct read_values *v)
{
	for (size_t t = 0; t < v->nr_threads; t++)
		free(v->value[t]);
	free(v->value);
	free(v->threads);
	free(v->counters);
	memset(v, 0, sizeof(*v));
}
