// SPDX-License-Identifier: GPL-2.0
#include <string.h>

#include "cpu-map-event.h"

enum { CPUS_LIST, CPUS_MASK, CPUS_RANGE };

static int list(const uint8_t *p, size_t len, uint16_t nr, int *cpus, const char **why)
{
	if (nr == 0 || 4 + 2 * (size_t)nr > len || nr > CPU_MAP_EVENT_MAX) {
		*why = "CPU count does not fit the record";
		return -1;
	}
	for (int i = 0; i < nr; i++) {
		uint16_t c;

		memcpy(&c, p + 4 + 2 * i, 2);
		cpus[i] = c == 0xffff ? -1 : c;
	}
	return nr;
}

static int mask(const uint8_t *p, size_t len, uint16_t nr, int *cpus, const char **why)
{
	uint16_t lsize;
	int n = 0;

	if (len < 6 || (memcpy(&lsize, p + 4, 2), lsize != 4 && lsize != 8)) {
		*why = "mask word size is not 4 or 8";
		return -1;
	}
	/* the words follow type, nr and long_size, 64-bit ones aligned to 8 */
	for (size_t bit = 0; bit < (size_t)nr * lsize * 8 && n < CPU_MAP_EVENT_MAX; bit++) {
		size_t off = (lsize == 8 ? 10 : 6) + bit / 8;

		if (off >= len) {
			*why = "mask past the record";
			return -1;
		}
		if (p[off] >> (bit % 8) & 1)
			cpus[n++] = (int)bit;
	}
	return n;
}

static int range(const uint8_t *p, int *cpus)
{
	uint16_t start, end;
	int n = 0;

	memcpy(&start, p + 4, 2);
	memcpy(&end, p + 6, 2);
	if (p[2])	/* any_cpu: -1 first */
		cpus[n++] = -1;
	for (int c = start; c <= end && n < CPU_MAP_EVENT_MAX; c++)
		cpus[n++] = c;
	return n;
}

int cpu_map_event__decode(const uint8_t *p, size_t len, int *cpus, const char **why)
{
	uint16_t type, nr;
	int n;

	if (len < 4) {
		*why = "too short";
		return -1;
	}
	memcpy(&type, p, 2);
	memcpy(&nr, p + 2, 2);
	if (type == CPUS_LIST)
		n = list(p, len, nr, cpus, why);
	else if (type == CPUS_MASK)
		n = mask(p, len, nr, cpus, why);
	else if (type == CPUS_RANGE && len >= 8)
		n = range(p, cpus);
	else
		return (*why = "unknown CPU map encoding", -1);
	if (n == 0)
		return (*why = "no CPUs", -1);
	return n;
}
