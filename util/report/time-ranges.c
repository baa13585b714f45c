// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "time-ranges.h"

#define NSEC_PER_SEC 1000000000ULL

/* "SECONDS[.FRACTION]", the fraction to the nanosecond at most. */
static int parse_ns(const char *s, uint64_t *t)
{
	char *end, frac[10] = "000000000";
	uint64_t sec = strtoull(s, &end, 10), ns = 0;

	if (*end == '.') {
		size_t n = strlen(end + 1);

		if (n > 9)
			return -1;
		memcpy(frac, end + 1, n);
		ns = strtoull(frac, &end, 10);
	}
	if (*end)
		return -1;
	*t = sec * NSEC_PER_SEC + ns;
	return 0;
}

/* "START,STOP", either may be empty. */
static int parse_range(char *s, struct time_range *r)
{
	char *stop = strchr(s, ',');

	if (stop)
		*stop++ = '\0';
	*r = (struct time_range){ 0, 0 };
	if ((*s && parse_ns(s, &r->start)) || (stop && *stop && parse_ns(stop, &r->end)))
		return -1;
	return r->end && r->end < r->start ? -1 : 0;
}

/* Ranges separated by white space after each STOP, in order, apart. */
static int parse_absolute(struct time_ranges *tr, char *s, int nr)
{
	for (int i = 0; i < nr; i++) {
		char *p = s;

		if (i < nr - 1) {
			p = strchr(s, ',') + 1;
			while (isspace((unsigned char)*p))
				p++;
			while (*p && !isspace((unsigned char)*p))
				if (*p++ == ',')
					return -1;
			if (*p)
				*p++ = '\0';
		}
		if (parse_range(s, &tr->r[i]))
			return -1;
		s = p;
	}
	for (int i = 0; i + 1 < nr; i++)
		if (tr->r[i].end >= tr->r[i + 1].start)
			return -1;
	tr->nr = nr;
	return 0;
}

/* "N%" (up to the '%') as a fraction. */
static int parse_percent(char *s, double *v)
{
	char *pc = strchr(s, '%'), *end;

	if (!pc)
		return -1;
	*pc = '\0';
	*v = strtod(s, &end) / 100.0;
	return end == pc && end != s ? 0 : -1;
}

static int percent_range(struct time_range *r, double from, double to, uint64_t first,
			 uint64_t last)
{
	uint64_t total = last - first;

	if (from < 0.0 || from > 1.0 || to < 0.0 || to > 1.0)
		return -1;
	r->start = first + (uint64_t)round(from * total);
	r->end = first + (uint64_t)round(to * total);
	if (r->end > r->start && r->end != last)
		r->end--;	/* slices do not share their edges */
	return 0;
}

/* "P%/N": the Nth slice of P% */
static int percent_slice(char *s, struct time_range *r, uint64_t first, uint64_t last)
{
	char *n = strchr(s, '/'), *end;
	double p;
	long i;

	if (!n)
		return -1;
	*n++ = '\0';
	i = strtol(n, &end, 10);
	if (parse_percent(s, &p) || *end || !*n || p <= 0.0)
		return -1;
	return percent_range(r, p * (i - 1), p * i, first, last);
}

/* "A%-B%" */
static int percent_span(char *s, struct time_range *r, uint64_t first, uint64_t last)
{
	char *to = strchr(s, '-');
	double a, b;

	if (!to)
		return -1;
	*to++ = '\0';
	if (parse_percent(s, &a) || parse_percent(to, &b))
		return -1;
	return percent_range(r, a, b, first, last);
}

static int parse_percents(struct time_ranges *tr, char *s, uint64_t first, uint64_t last)
{
	bool slices = strchr(s, '/'), spans = strchr(s, '-');
	char *next;

	if (!slices && !spans) {	/* "P%": the first slice of P% */
		size_t len = strlen(s);

		if (strchr(s, '%') != s + len - 1)
			return -1;
		memcpy(s + len, "/1", 3);	/* the caller left room */
		return percent_slice(s, &tr->r[tr->nr++], first, last);
	}
	for (; s; s = next) {
		next = strchr(s, ',');
		if (next)
			*next++ = '\0';
		if (slices ? percent_slice(s, &tr->r[tr->nr], first, last) :
			     percent_span(s, &tr->r[tr->nr], first, last))
			return -1;
		tr->nr++;
	}
	return 0;
}

static int parse(struct time_ranges *tr, char *s, uint64_t first, uint64_t last, int commas,
		 bool relative, struct strbuf *err)
{
	if ((strchr(s, '%') || relative) && !first && !last) {
		strbuf_addf(err, "--time '%s': %s needs the recording's first and last sample "
			    "times, and this file does not have them (no SAMPLE_TIME header "
			    "feature)\nhint: give absolute times (START,STOP in seconds, as "
			    "perf-mini script prints them)", s, relative ? "--reltime" : "a percentage");
		return -EINVAL;
	}
	if (strchr(s, '%') ? parse_percents(tr, s, first, last) :
			     !commas || parse_absolute(tr, s, commas))
		return -1;
	for (int i = 0; relative && i < tr->nr; i++) {
		tr->r[i].start += first;	/* an open end stays open */
		tr->r[i].end += tr->r[i].end ? first : 0;
	}
	return 0;
}

int time_ranges__parse(struct time_ranges *tr, const char *str, uint64_t first, uint64_t last,
		       bool relative, struct strbuf *err)
{
	int commas = 0;
	char *s;
	int ret;

	for (const char *p = str; *p; p++)
		commas += *p == ',';
	tr->nr = 0;
	tr->r = calloc(commas + 1, sizeof(*tr->r));
	s = malloc(strlen(str) + 3);	/* room for "/1" */
	if (!tr->r || !s) {
		free(s);
		strbuf_addstr(err, "out of memory");
		return -ENOMEM;
	}
	memcpy(s, str, strlen(str) + 1);
	ret = parse(tr, s, first, last, commas, relative, err);
	free(s);
	if (ret == -1) {
		strbuf_addf(err, "--time '%s' is not a time range\nhint: START,STOP in seconds "
			    "(either may be left out: 1234.5, or ,1235), several separated by "
			    "spaces, or percentages of the recording: 10%%/2 (its second tenth), "
			    "0%%-10%%,30%%-40%%", str);
		ret = -EINVAL;
	}
	if (ret)
		time_ranges__exit(tr);
	return ret;
}

bool time_ranges__skip(const struct time_ranges *tr, uint64_t t)
{
	if (!tr->nr || !t)
		return false;
	if (tr->nr == 1)
		return (tr->r[0].start && t < tr->r[0].start) || (tr->r[0].end && t > tr->r[0].end);
	for (int i = 0; i < tr->nr; i++)
		if (t >= tr->r[i].start && (t <= tr->r[i].end || !tr->r[i].end))
			return false;
	return true;
}

void time_ranges__exit(struct time_ranges *tr)
{
	free(tr->r);
	tr->r = NULL;
	tr->nr = 0;
}
