// SPDX-License-Identifier: GPL-2.0
/*
 * The user-space counter reads of arch.h on a build for a CPU perf-mini
 * has none for: every read goes through the kernel. x86's are in
 * arch/x86/user-counters.c.
 */
#include "arch.h"

#if !defined(__x86_64__) && !defined(__i386__)
bool arch_user_read_counter(uint32_t counter, uint64_t *raw)
{
	(void)counter, (void)raw;
	return false;
}

bool arch_user_read_cycles(uint64_t *cycles)
{
	(void)cycles;
	return false;
}
#endif
