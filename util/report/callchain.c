// SPDX-License-Identifier: GPL-2.0
#include <linux/perf_event.h>

#include "../base/util.h"

#include "../symbols/unwind.h"
#include "callchain.h"

#define CONTEXT_CORRUPT 0xff

/* The marker's cpumode, 0 when @ip is a real address, CONTEXT_CORRUPT for
 * a value in the markers' range that is none of them. */
static uint8_t context_mode(uint64_t ip)
{
	if (ip < (uint64_t)PERF_CONTEXT_MAX)
		return 0;
	switch ((int64_t)ip) {
	case PERF_CONTEXT_KERNEL: return PERF_RECORD_MISC_KERNEL;
	case PERF_CONTEXT_USER: return PERF_RECORD_MISC_USER;
	case PERF_CONTEXT_HV: return PERF_RECORD_MISC_HYPERVISOR;
	case PERF_CONTEXT_GUEST_KERNEL: return PERF_RECORD_MISC_GUEST_KERNEL;
	case PERF_CONTEXT_GUEST_USER: return PERF_RECORD_MISC_GUEST_USER;
	default: return CONTEXT_CORRUPT;
	}
}

/* The marker's cpumode of entry @i of @s's callchain (0: a frame). */
static uint8_t mode_at(const struct perf_sample *s, uint64_t i)
{
	if (s->callchain_frames_from && i >= s->callchain_frames_from)
		return 0;
	return context_mode(s->callchain[i]);
}

/*
 * A marker perf does not know (a frame-pointer walk that read garbage,
 * such as -8, as a return address) makes perf's add_callchain_ip reset
 * the cursor: the sample keeps no frame at all. As perf, only when the
 * walk, in its order, meets it within max_stack frames.
 */
bool callchain__corrupt(const struct perf_sample *s, bool caller, unsigned int max_stack)
{
	unsigned int n = 0;

	for (uint64_t i = 0; i < s->callchain_nr && (!max_stack || n < max_stack); i++) {
		uint8_t marker = mode_at(s, caller ? s->callchain_nr - 1 - i : i);

		if (marker == CONTEXT_CORRUPT)
			return true;
		n += !marker;
	}
	return false;
}

int callchain__walk(struct machine *m, struct thread *t, const struct perf_sample *s,
		    unsigned int max_stack, callchain_fn *fn, void *ctx)
{
	uint8_t mode = s->cpumode;
	unsigned int n = 0;

	if (callchain__corrupt(s, false, max_stack))
		return 0;
	for (uint64_t i = 0; i < s->callchain_nr; i++) {
		struct callchain_frame f = { .ip = s->callchain[i] };
		uint8_t marker = mode_at(s, i);
		int ret;

		if (marker) {
			mode = marker;
			continue;
		}
		if (max_stack && n++ >= max_stack)
			break;
		f.mode = mode;
		resolve_addr(m, t, mode, f.ip, &f.al);
		ret = fn(ctx, &f);
		if (ret)
			return ret;
	}
	return 0;
}

/* The mode of the nearest marker before index @j (perf's find_prev_cpumode). */
static uint8_t prev_mode(const struct perf_sample *s, uint64_t j, uint8_t mode)
{
	while (j-- > 0) {
		uint8_t marker = mode_at(s, j);

		if (marker)
			return marker;
	}
	return mode;
}

size_t callchain__frames(struct machine *m, struct thread *t, const struct perf_sample *s,
			 bool caller, unsigned int max_stack, struct callchain_frame *out)
{
	uint8_t mode = PERF_RECORD_MISC_USER;
	size_t n = 0;

	if (callchain__corrupt(s, caller, max_stack))
		return 0;
	/* outermost first starts in the mode of the last marker */
	if (caller)
		mode = prev_mode(s, s->callchain_nr, mode);
	for (uint64_t i = 0; i < s->callchain_nr && (!max_stack || n < max_stack); i++) {
		uint64_t j = caller ? s->callchain_nr - 1 - i : i;
		uint64_t ip = s->callchain[j];
		uint8_t marker = mode_at(s, j);

		if (marker) {
			if (caller)
				mode = prev_mode(s, j, mode);
			else
				mode = marker;
			continue;
		}
		out[n].ip = ip;
		out[n].mode = mode;
		resolve_addr(m, t, mode, ip, &out[n].al);
		n++;
	}
	return n;
}

const struct perf_sample *callchain__unwound(struct machine *m, struct thread *t,
					     const struct perf_sample *s, struct perf_sample *tmp,
					     uint64_t *buf)
{
	size_t n = 0;

	if (!unwind__possible(s))
		return s;
	/* the kernel's frames (it recorded no user ones: exclude_callchain_user) */
	for (uint64_t i = 0; i < s->callchain_nr && n < UNWOUND_CHAIN_MAX / 2; i++) {
		if (s->callchain[i] == (uint64_t)PERF_CONTEXT_USER)
			break;
		buf[n++] = s->callchain[i];
	}
	buf[n++] = (uint64_t)PERF_CONTEXT_USER;
	*tmp = *s;
	tmp->callchain_frames_from = n;
	/* perf unwinds at most its default max_stack (PERF_MAX_STACK_DEPTH) */
	n += unwind__user(m, t, s, buf + n, UNWOUND_USER_MAX);
	tmp->callchain = buf;
	tmp->callchain_nr = n;
	return tmp;
}

const struct perf_sample *callchain__lbr(uint64_t attr_branch_type, const struct perf_sample *s,
					 struct perf_sample *tmp, uint64_t *buf)
{
	size_t n = 0, user;

	if (!(attr_branch_type & PERF_SAMPLE_BRANCH_CALL_STACK) || !s->callchain_nr)
		return s;
	for (user = 0; user < s->callchain_nr; user++)
		if (s->callchain[user] == (uint64_t)PERF_CONTEXT_USER)
			break;
	if (user == s->callchain_nr)
		return s;	/* no user part to take the LBR's place: perf's too */
	for (size_t i = 0; i <= user && n < UNWOUND_CHAIN_MAX / 2; i++)
		buf[n++] = s->callchain[i];
	if (s->branch_nr)
		buf[n++] = s->branches[0].to;
	for (uint64_t i = 0; i < s->branch_nr && n < UNWOUND_CHAIN_MAX; i++)
		buf[n++] = s->branches[i].from;
	*tmp = *s;
	tmp->callchain = buf;
	tmp->callchain_nr = n;
	return tmp;
}

size_t callchain__expand_inlines(struct srclines *sl, struct machine *m,
				 const struct callchain_frame *in, size_t n, bool caller,
				 struct callchain_frame *out, size_t max)
{
	const struct symbol *syms[32];
	size_t nr = 0;

	for (size_t i = 0; i < n && nr < max; i++) {
		const struct addr_location *al = &in[i].al;
		size_t k = 0;

		if (in[i].mode == PERF_RECORD_MISC_USER && al->map && al->sym)
			k = srcline__inline_syms(sl, &m->dsos, al->map->dso, al->sym, al->addr,
						 syms, ARRAY_SIZE(syms));
		if (!k) {
			out[nr++] = in[i];
			continue;
		}
		for (size_t j = 0; j < k && nr < max; j++) {
			out[nr] = in[i];
			out[nr++].al.sym = syms[caller ? k - 1 - j : j];
		}
	}
	return nr;
}
