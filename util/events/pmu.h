/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_PMU_H
#define PM_PMU_H

/*
 * PMUs as the kernel describes them in sysfs:
 *   <root>/bus/event_source/devices/<pmu>/{type,format/,events/,caps/,cpus,cpumask}
 * <root> is "/sys" or, for tests, any tree laid out the same way
 * (PERF_MINI_SYSFS), so a test can present an Ice Lake to a VM.
 *
 * PMUs are loaded lazily: looking one up by name reads only its directory,
 * so counting software events never walks the whole of sysfs.
 *
 * Ownership: struct pmus owns every pmu, format and alias it hands out;
 * pointers stay valid until pmus__delete().
 */
#include <linux/perf_event.h>
#include <stdbool.h>
#include <stdint.h>

#include "../../pmu-events/pmu-events.h"
#include "../base/strbuf.h"

struct pmu_format {
	char *name;
	int field;		/* 0: config, 1: config1, 2: config2 */
	uint64_t mask;		/* the attr bits the value is spread over, low to high */
};

struct pmu_alias {
	char *name;
	char *terms;		/* "event=0x3c,umask=0x01" as sysfs writes it */
	char *unit;		/* from <name>.unit, or NULL */
	double scale;		/* from <name>.scale, 1 when absent */
	const char *desc;	/* pmu-events tables only (static); NULL for sysfs */
};

struct pmu_cap {
	char *name;
	char *value;
};

struct pmu {
	char *name;
	uint32_t type;
	struct pmu_format *formats;
	unsigned int nr_formats;
	struct pmu_alias *aliases;	/* sorted by name */
	unsigned int nr_aliases;
	struct pmu_cap *caps;
	unsigned int nr_caps;
	char *cpus;		/* "0-7" from cpus or cpumask, or NULL */
};

struct pmus;

/* @sysfs_root is copied. Returns NULL only when out of memory. */
struct pmus *pmus__new(const char *sysfs_root);
void pmus__delete(struct pmus *pmus);

/*
 * Add the events of a CPU family's pmu-events table to the cpu PMU, where
 * sysfs lacks them (perf's JSON aliases): @find(@ctx) gives the table when
 * the cpu PMU is first loaded (so counting software events never looks).
 * Call before the first lookup.
 */
void pmus__set_cpu_table_finder(struct pmus *pmus,
				const struct pmu_events_table *(*find)(const void *ctx),
				const void *ctx);

/* The PMU called @name, or NULL when sysfs has none. */
struct pmu *pmus__find(struct pmus *pmus, const char *name);
/* The PMU whose type is @type, or NULL. Loads every PMU. */
struct pmu *pmus__find_by_type(struct pmus *pmus, uint32_t type);
/* All PMUs, sorted by name. Returns the count; *@list is borrowed. */
unsigned int pmus__all(struct pmus *pmus, struct pmu ***list);
/*
 * The PMUs a name that is no PMU's stands for, as perf matches them: the
 * instances @tok_N of one PMU (uncore_imc_0, uncore_imc_1 for
 * "uncore_imc", or for "imc"), at most @max, in number order. Returns how
 * many.
 */
unsigned int pmus__instances(struct pmus *pmus, const char *tok, size_t len, struct pmu **out,
			     unsigned int max);
/* The CPU PMU ("cpu", or "cpu_core" on hybrid parts), or NULL (a VM). */
struct pmu *pmus__core(struct pmus *pmus);
const char *pmus__root(const struct pmus *pmus);

struct pmu_alias *pmu__find_alias(const struct pmu *pmu, const char *name, size_t len);
const struct pmu_format *pmu__find_format(const struct pmu *pmu, const char *name, size_t len);
const char *pmu__cap(const struct pmu *pmu, const char *name);

/*
 * OR @value into @attr through format @fmt: bits are set, never cleared,
 * as perf does. Returns 0, or -ERANGE (with a message in @err) when @value
 * has more bits than the format holds.
 */
int pmu_format__apply(const struct pmu_format *fmt, uint64_t value,
		      struct perf_event_attr *attr, struct strbuf *err);

/* Parse a sysfs format string ("config:0-7,32-35"). Returns 0 or -EINVAL. */
int pmu_format__parse(const char *text, int *field, uint64_t *mask);

#endif
