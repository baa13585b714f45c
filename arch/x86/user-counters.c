// SPDX-License-Identifier: GPL-2.0
/*
 * rdpmc and rdtsc for util/selfmon (see arch.h). Only called once the
 * kernel's mmap page says user rdpmc is allowed (cap_user_rdpmc): it sets
 * CR4.PCE for the task then, and rdpmc faults otherwise.
 */
#include "../arch.h"

#if defined(__x86_64__) || defined(__i386__)
bool arch_user_read_counter(uint32_t counter, uint64_t *raw)
{
	uint32_t lo, hi;

	__asm__ __volatile__("rdpmc" : "=a"(lo), "=d"(hi) : "c"(counter));
	*raw = (uint64_t)hi << 32 | lo;
	return true;
}

bool arch_user_read_cycles(uint64_t *cycles)
{
	uint32_t lo, hi;

	__asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi));
	*cycles = (uint64_t)hi << 32 | lo;
	return true;
}
#endif
