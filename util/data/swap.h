/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_SWAP_H
#define PM_SWAP_H

/*
 * perf.data files written on a big-endian machine: the whole image is
 * turned into this machine's byte order once, in place, before anything
 * reads it, so every reader stays byte-order blind. The same pass run the
 * other way (to_native false) writes a big-endian image of a native one;
 * the tests use it to make such files, and perf reads them back.
 *
 * What is turned, field by field as perf's own swap code treats it: the
 * header, attrs (their flag bits mirrored within each byte) and ids, the
 * header features perf-mini reads, and every record type perf writes for
 * a profile, samples decoded by their attr (u32 pairs, branch flags moved
 * field by field). Raw tracepoint data and stack copies keep the writer's
 * order, as in perf. Compressed records (record -z) cannot be turned in
 * place and are refused.
 *
 * The image is untrusted: every access is bounds-checked; a malformed
 * record ends the pass and is left for the reader's walk to report.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../base/strbuf.h"

/* Returns 0, or -ENOTSUP / -EINVAL / -ENOMEM with a message in @err. */
int perf_data__swap_image(uint8_t *buf, size_t size, bool to_native, struct strbuf *err);

/* perf_branch_entry's flags word (as a number) from the big-endian
 * bitfield layout to ours, or back: the fields move as perf moves them. */
uint64_t swap_branch_flags(uint64_t v, bool to_native);

#endif
