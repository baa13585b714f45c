/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_KERNEL_BUILD_ID_H
#define PM_KERNEL_BUILD_ID_H

/*
 * Is the running kernel the one a recording was made on? Its build-id is
 * the GNU note in /sys/kernel/notes; /proc/kallsyms is only trusted for a
 * recording of this kernel (or one that did not say which kernel it ran).
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

bool kernel_build_id_matches(const uint8_t *id, size_t size);

/* The running kernel's build-id; returns its size, 0 if unknown. */
size_t kernel_build_id(uint8_t *out, size_t out_size);

#endif
