// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "pmu.h"
#include "../base/array.h"
#include "../base/util.h"
#include "../base/xalloc.h"

#define PMU_DEVICES "bus/event_source/devices"
#define PMU_TEXT_MAX 4096

struct pmus {
	char *root;
	struct pmu **list;
	unsigned int nr;
	unsigned int alloc;
	bool all_loaded;
	const struct pmu_events_table *cpu_table;	/* static; NULL: none */
	/* finds cpu_table when the cpu PMU is first loaded (a CPUID, regexes) */
	const struct pmu_events_table *(*find_table)(const void *ctx);
	const void *find_ctx;
};

struct pmus *pmus__new(const char *sysfs_root)
{
	struct pmus *pmus = calloc(1, sizeof(*pmus));

	if (!pmus)
		return NULL;
	pmus->root = strdup(sysfs_root);
	if (!pmus->root) {
		free(pmus);
		return NULL;
	}
	return pmus;
}

static void pmu__delete(struct pmu *pmu)
{
	for (unsigned int i = 0; i < pmu->nr_formats; i++)
		free(pmu->formats[i].name);
	for (unsigned int i = 0; i < pmu->nr_aliases; i++) {
		free(pmu->aliases[i].name);
		free(pmu->aliases[i].terms);
		free(pmu->aliases[i].unit);
	}
	for (unsigned int i = 0; i < pmu->nr_caps; i++) {
		free(pmu->caps[i].name);
		free(pmu->caps[i].value);
	}
	free(pmu->formats);
	free(pmu->aliases);
	free(pmu->caps);
	free(pmu->cpus);
	free(pmu->name);
	free(pmu);
}

void pmus__delete(struct pmus *pmus)
{
	if (!pmus)
		return;
	for (unsigned int i = 0; i < pmus->nr; i++)
		pmu__delete(pmus->list[i]);
	free(pmus->list);
	free(pmus->root);
	free(pmus);
}

const char *pmus__root(const struct pmus *pmus)
{
	return pmus->root;
}

static int read_text(const char *dir, const char *name, char *buf)
{
	char path[PATH_MAX];

	if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir, name) >= sizeof(path))
		return -ENAMETOOLONG;
	return read_small_file(path, buf, PMU_TEXT_MAX);
}

int pmu_format__parse(const char *text, int *field, uint64_t *mask)
{
	const char *p;

	if (!strncmp(text, "config2:", 8))
		*field = 2, p = text + 8;
	else if (!strncmp(text, "config1:", 8))
		*field = 1, p = text + 8;
	else if (!strncmp(text, "config:", 7))
		*field = 0, p = text + 7;
	else
		return -EINVAL;
	*mask = 0;
	while (*p) {
		unsigned long lo, hi;
		char *end;

		lo = strtoul(p, &end, 10);
		hi = lo;
		if (end == p)
			return -EINVAL;
		if (*end == '-') {
			p = end + 1;
			hi = strtoul(p, &end, 10);
			if (end == p)
				return -EINVAL;
		}
		if (hi > 63 || lo > hi)
			return -EINVAL;
		for (unsigned long b = lo; b <= hi; b++)
			*mask |= 1ULL << b;
		p = end;
		if (*p == ',')
			p++;
		else if (*p)
			return -EINVAL;
	}
	return *mask ? 0 : -EINVAL;
}

typedef void dir_entry_cb(struct pmu *pmu, const char *dir, const char *name, char *text);

static void for_each_file(struct pmu *pmu, const char *dir, dir_entry_cb *cb)
{
	struct dirent **names;
	char *text = must_calloc(1, PMU_TEXT_MAX);
	int n = scandir(dir, &names, NULL, alphasort);

	for (int i = 0; i < n; i++) {
		if (names[i]->d_name[0] != '.' && read_text(dir, names[i]->d_name, text) >= 0)
			cb(pmu, dir, names[i]->d_name, text);
		free(names[i]);
	}
	if (n >= 0)
		free(names);
	free(text);
}

static void add_format(struct pmu *pmu, const char *dir, const char *name, char *text)
{
	struct pmu_format *f;
	uint64_t mask;
	int field;

	(void)dir;
	if (pmu_format__parse(text, &field, &mask))
		return;
	pmu->formats = must_reallocarray(pmu->formats, (pmu->nr_formats + 1), sizeof(*f));
	f = &pmu->formats[pmu->nr_formats++];
	f->name = must_strdup(name);
	f->field = field;
	f->mask = mask;
}

static void add_alias(struct pmu *pmu, const char *dir, const char *name, char *text)
{
	struct pmu_alias *a;
	char side[PMU_TEXT_MAX];
	char path[NAME_MAX + 16];

	if (strchr(name, '.'))	/* .scale, .unit, .per-pkg, .snapshot: read below */
		return;
	pmu->aliases = must_reallocarray(pmu->aliases, (pmu->nr_aliases + 1), sizeof(*a));
	a = &pmu->aliases[pmu->nr_aliases++];
	a->name = must_strdup(name);
	a->terms = must_strdup(text);
	a->unit = NULL;
	a->scale = 1.0;
	a->desc = NULL;
	snprintf(path, sizeof(path), "%s.unit", name);
	if (read_text(dir, path, side) > 0)
		a->unit = must_strdup(side);
	snprintf(path, sizeof(path), "%s.scale", name);
	if (read_text(dir, path, side) > 0) {
		char *end;
		double s = strtod(side, &end);

		if (end != side && s > 0)
			a->scale = s;
	}
}

static void add_cap(struct pmu *pmu, const char *dir, const char *name, char *text)
{
	struct pmu_cap *c;

	(void)dir;
	pmu->caps = must_reallocarray(pmu->caps, (pmu->nr_caps + 1), sizeof(*c));
	c = &pmu->caps[pmu->nr_caps++];
	c->name = must_strdup(name);
	c->value = must_strdup(text);
}

static struct pmu *pmu__load(const char *root, const char *name)
{
	char dir[PATH_MAX], sub[PATH_MAX + 16], text[PMU_TEXT_MAX];
	uint64_t type;
	struct pmu *pmu;

	if ((size_t)snprintf(dir, sizeof(dir), "%s/" PMU_DEVICES "/%s", root, name) >= sizeof(dir))
		return NULL;
	if (read_text(dir, "type", text) < 0 || str_to_u64(text, 10, &type) || type > UINT32_MAX)
		return NULL;
	pmu = must_calloc(1, sizeof(*pmu));
	pmu->name = must_strdup(name);
	pmu->type = (uint32_t)type;
	snprintf(sub, sizeof(sub), "%s/format", dir);
	for_each_file(pmu, sub, add_format);
	snprintf(sub, sizeof(sub), "%s/events", dir);
	for_each_file(pmu, sub, add_alias);
	snprintf(sub, sizeof(sub), "%s/caps", dir);
	for_each_file(pmu, sub, add_cap);
	if (read_text(dir, "cpus", text) > 0 || read_text(dir, "cpumask", text) > 0)
		pmu->cpus = must_strdup(text);
	return pmu;
}

static struct pmu *find_loaded(struct pmus *pmus, const char *name)
{
	for (unsigned int i = 0; i < pmus->nr; i++)
		if (!strcmp(pmus->list[i]->name, name))
			return pmus->list[i];
	return NULL;
}

static int cmp_alias(const void *a, const void *b)
{
	return strcmp(((const struct pmu_alias *)a)->name, ((const struct pmu_alias *)b)->name);
}

/* The CPU family's table events that sysfs does not describe, as aliases. */
static void add_table_events(struct pmus *pmus, struct pmu *pmu)
{
	const struct pmu_event_def *ev = pmus->cpu_table ? pmus->cpu_table->events : NULL;

	for (; ev && ev->name; ev++) {
		struct pmu_alias *a;

		if (pmu__find_alias(pmu, ev->name, strlen(ev->name)))
			continue;	/* sysfs knows better */
		pmu->aliases = must_reallocarray(pmu->aliases, (pmu->nr_aliases + 1), sizeof(*a));
		a = &pmu->aliases[pmu->nr_aliases++];
		*a = (struct pmu_alias){ must_strdup(ev->name), must_strdup(ev->terms), NULL, 1.0,
					 ev->desc };
	}
	if (pmu->nr_aliases)
		qsort(pmu->aliases, pmu->nr_aliases, sizeof(*pmu->aliases), cmp_alias);
}

void pmus__set_cpu_table_finder(struct pmus *pmus,
				const struct pmu_events_table *(*find)(const void *ctx),
				const void *ctx)
{
	pmus->find_table = find;
	pmus->find_ctx = ctx;
}

static struct pmu *add_pmu(struct pmus *pmus, const char *name)
{
	struct pmu *pmu = pmu__load(pmus->root, name);

	if (!pmu)
		return NULL;
	if (!strcmp(name, "cpu") || !strcmp(name, "cpu_core")) {
		if (pmus->find_table && !pmus->cpu_table)
			pmus->cpu_table = pmus->find_table(pmus->find_ctx);
		add_table_events(pmus, pmu);
	}
	ALLOC_GROW(pmus->list, pmus->nr + 1, pmus->alloc);
	pmus->list[pmus->nr++] = pmu;
	return pmu;
}

struct pmu *pmus__find(struct pmus *pmus, const char *name)
{
	struct pmu *pmu = find_loaded(pmus, name);

	if (pmu || pmus->all_loaded || strchr(name, '/') || name[0] == '.')
		return pmu;
	return add_pmu(pmus, name);
}

static int cmp_pmu(const void *a, const void *b)
{
	return strcmp((*(struct pmu *const *)a)->name, (*(struct pmu *const *)b)->name);
}

unsigned int pmus__all(struct pmus *pmus, struct pmu ***list)
{
	char dir[PATH_MAX];
	struct dirent **names;
	int n;

	if (!pmus->all_loaded) {
		snprintf(dir, sizeof(dir), "%s/" PMU_DEVICES, pmus->root);
		n = scandir(dir, &names, NULL, alphasort);
		for (int i = 0; i < n; i++) {
			if (names[i]->d_name[0] != '.' && !find_loaded(pmus, names[i]->d_name))
				add_pmu(pmus, names[i]->d_name);
			free(names[i]);
		}
		if (n >= 0)
			free(names);
		pmus->all_loaded = true;
		if (pmus->nr)
			qsort(pmus->list, pmus->nr, sizeof(*pmus->list), cmp_pmu);
	}
	*list = pmus->list;
	return pmus->nr;
}

/* perf's perf_pmu__valid_suffix(): @name is @tok, or @tok_N. */
static bool is_instance(const char *name, const char *tok, size_t len)
{
	if (strncmp(name, tok, len))
		return false;
	name += len;
	return !*name || (name[0] == '_' && isdigit((unsigned char)name[1]));
}

/* The number an instance's name ends with, for their order (imc_2 < imc_10). */
static unsigned long instance_number(const struct pmu *p)
{
	const char *us = strrchr(p->name, '_');

	return us && isdigit((unsigned char)us[1]) ? strtoul(us + 1, NULL, 10) : 0;
}

static int cmp_instance(const void *a, const void *b)
{
	const struct pmu *x = *(struct pmu *const *)a, *y = *(struct pmu *const *)b;
	size_t lx = strcspn(x->name, "0123456789"), ly = strcspn(y->name, "0123456789");
	int c = lx == ly ? strncmp(x->name, y->name, lx) : strcmp(x->name, y->name);
	unsigned long nx = instance_number(x), ny = instance_number(y);

	if (c)
		return c;
	return nx < ny ? -1 : nx > ny;
}

unsigned int pmus__instances(struct pmus *pmus, const char *tok, size_t len, struct pmu **out,
			     unsigned int max)
{
	struct pmu **list;
	unsigned int nr = pmus__all(pmus, &list), n = 0;

	for (unsigned int i = 0; i < nr && n < max; i++) {
		const char *name = list[i]->name;

		/* "imc" names uncore_imc_N too, as in perf */
		if (!strncmp(name, "uncore_", 7) && (len < 7 || strncmp(tok, "uncore_", 7)))
			name += 7;
		if (is_instance(name, tok, len))
			out[n++] = list[i];
	}
	qsort(out, n, sizeof(*out), cmp_instance);
	return n;
}

struct pmu *pmus__find_by_type(struct pmus *pmus, uint32_t type)
{
	struct pmu **list;
	unsigned int nr = pmus__all(pmus, &list);

	for (unsigned int i = 0; i < nr; i++)
		if (list[i]->type == type)
			return list[i];
	return NULL;
}

struct pmu *pmus__core(struct pmus *pmus)
{
	struct pmu *pmu = pmus__find(pmus, "cpu");
	struct pmu **list;
	unsigned int nr;

	if (pmu || (pmu = pmus__find(pmus, "cpu_core")))
		return pmu;
	/* Arm names its core PMU after the architecture (armv8_pmuv3_0) */
	nr = pmus__all(pmus, &list);
	for (unsigned int i = 0; i < nr; i++)
		if (!strncmp(list[i]->name, "armv8_pmuv3", 11) ||
		    !strncmp(list[i]->name, "armv9_pmuv3", 11))
			return list[i];
	return NULL;
}

struct pmu_alias *pmu__find_alias(const struct pmu *pmu, const char *name, size_t len)
{
	for (unsigned int i = 0; i < pmu->nr_aliases; i++)
		if (strlen(pmu->aliases[i].name) == len &&
		    !strncasecmp(pmu->aliases[i].name, name, len))
			return &pmu->aliases[i];
	return NULL;
}

const struct pmu_format *pmu__find_format(const struct pmu *pmu, const char *name, size_t len)
{
	for (unsigned int i = 0; i < pmu->nr_formats; i++)
		if (strlen(pmu->formats[i].name) == len && !strncmp(pmu->formats[i].name, name, len))
			return &pmu->formats[i];
	return NULL;
}

const char *pmu__cap(const struct pmu *pmu, const char *name)
{
	for (unsigned int i = 0; i < pmu->nr_caps; i++)
		if (!strcmp(pmu->caps[i].name, name))
			return pmu->caps[i].value;
	return NULL;
}

int pmu_format__apply(const struct pmu_format *fmt, uint64_t value,
		      struct perf_event_attr *attr, struct strbuf *err)
{
	__u64 *dst = fmt->field == 0 ? &attr->config :
			fmt->field == 1 ? &attr->config1 : &attr->config2;
	int nbits = __builtin_popcountll(fmt->mask), vbit = 0;

	if (nbits < 64 && value >> nbits) {
		strbuf_addf(err, "value too big for format '%s', maximum is %#llx", fmt->name,
			    (unsigned long long)((1ULL << nbits) - 1));
		return -ERANGE;
	}
	for (int b = 0; b < 64; b++) {
		if (!(fmt->mask & (1ULL << b)))
			continue;
		/* set bits only, as perf (its "zero" is false for CPU PMUs): a
		 * term repeated, or over an alias's (mem-loads' ldlat=3 then
		 * ldlat=30), ORs into what is there */
		if (value & (1ULL << vbit))
			*dst |= 1ULL << b;
		vbit++;
	}
	return 0;
}
