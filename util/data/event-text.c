// SPDX-License-Identifier: GPL-2.0
#include <inttypes.h>
#include <string.h>
#include <sys/mman.h>

#include "event-text.h"

/* The record's trailing string, never read past the record. */
static int tail_len(const struct pm_event_header *ev, const char *s)
{
	const char *end = (const char *)ev + ev->size;

	return s < end ? (int)strnlen(s, end - s) : 0;
}

static void mmap_text(const struct pm_mmap_event *e, struct strbuf *sb)
{
	strbuf_addf(sb, " %d/%d: [%#" PRIx64 "(%#" PRIx64 ") @ %#" PRIx64 "]: %c %.*s",
		    (int32_t)e->pid, (int32_t)e->tid, e->start, e->len, e->pgoff,
		    (e->header.misc & PERF_RECORD_MISC_MMAP_DATA) ? 'r' : 'x',
		    tail_len(&e->header, e->filename), e->filename);
}

static void mmap2_text(const struct pm_mmap2_event *e, struct strbuf *sb)
{
	strbuf_addf(sb, " %d/%d: [%#" PRIx64 "(%#" PRIx64 ") @ %#" PRIx64, (int32_t)e->pid,
		    (int32_t)e->tid, e->start, e->len, e->pgoff);
	if (e->header.misc & PERF_RECORD_MISC_MMAP_BUILD_ID) {
		size_t n = e->build_id_size < sizeof(e->build_id) ? e->build_id_size :
								     sizeof(e->build_id);

		strbuf_addstr(sb, " <");
		for (size_t i = 0; i < n; i++)
			strbuf_addf(sb, "%02x", e->build_id[i]);
		strbuf_addch(sb, '>');
	} else {
		strbuf_addf(sb, " %02x:%02x %" PRIu64 " %" PRIu64, e->maj, e->min, e->ino,
			    e->ino_generation);
	}
	strbuf_addf(sb, "]: %c%c%c%c %.*s", (e->prot & PROT_READ) ? 'r' : '-',
		    (e->prot & PROT_WRITE) ? 'w' : '-', (e->prot & PROT_EXEC) ? 'x' : '-',
		    (e->flags & MAP_SHARED) ? 's' : 'p', tail_len(&e->header, e->filename),
		    e->filename);
}

static void comm_text(const struct pm_comm_event *e, struct strbuf *sb)
{
	strbuf_addf(sb, "%s: %.*s:%d/%d",
		    (e->header.misc & PERF_RECORD_MISC_COMM_EXEC) ? " exec" : "",
		    tail_len(&e->header, e->comm), e->comm, (int32_t)e->pid, (int32_t)e->tid);
}

static void namespaces_text(const struct pm_namespaces_event *e, struct strbuf *sb)
{
	static const char *const names[] = { "net", "uts", "ipc", "pid", "user", "mnt",
					     "cgroup" };
	uint64_t room = (e->header.size - sizeof(*e)) / sizeof(e->link_info[0]);
	uint64_t nr = e->nr_namespaces < room ? e->nr_namespaces : room;

	strbuf_addf(sb, " %d/%d - nr_namespaces: %" PRIu64 "\n\t\t[", (int32_t)e->pid,
		    (int32_t)e->tid, e->nr_namespaces);
	for (uint64_t i = 0; i < nr; i++) {
		if (i && i % 4 == 0)
			strbuf_addstr(sb, "\n\t\t ");
		strbuf_addf(sb, "%" PRIu64 "/%s: %" PRIu64 "/%#" PRIx64 "%s", i,
			    i < sizeof(names) / sizeof(names[0]) ? names[i] : "UNKNOWN",
			    e->link_info[i].dev, e->link_info[i].ino, i + 1 != nr ? ", " : "]");
	}
}

static void switch_text(const struct pm_event_header *ev, struct strbuf *sb)
{
	bool out = ev->misc & PERF_RECORD_MISC_SWITCH_OUT;
	const char *in_out = !out ? "IN         " :
			     !(ev->misc & PERF_RECORD_MISC_SWITCH_OUT_PREEMPT) ? "OUT        " :
										 "OUT preempt";
	const struct pm_switch_event *e = (const void *)ev;

	strbuf_addf(sb, " %s", in_out);
	if (ev->type == PERF_RECORD_SWITCH_CPU_WIDE && ev->size >= sizeof(*e))
		strbuf_addf(sb, "  %s pid/tid: %5u/%-5u", out ? "next" : "prev",
			    e->next_prev_pid, e->next_prev_tid);
}

/* The smallest size each type's details need. */
static size_t min_size(uint32_t type)
{
	switch (type) {
	case PERF_RECORD_MMAP: return sizeof(struct pm_mmap_event);
	case PERF_RECORD_MMAP2: return sizeof(struct pm_mmap2_event);
	case PERF_RECORD_COMM: return sizeof(struct pm_comm_event);
	case PERF_RECORD_FORK:
	case PERF_RECORD_EXIT: return sizeof(struct pm_fork_event);
	case PERF_RECORD_NAMESPACES: return sizeof(struct pm_namespaces_event);
	case PERF_RECORD_LOST: return sizeof(struct pm_lost_event);
	case PERF_RECORD_KSYMBOL: return sizeof(struct pm_ksymbol_event);
	case PERF_RECORD_BPF_EVENT: return sizeof(struct pm_bpf_event);
	case PERF_RECORD_CGROUP: return sizeof(struct pm_cgroup_event);
	case PERF_RECORD_ITRACE_START: return sizeof(struct pm_event_header) + 8;
	case PERF_RECORD_AUX: return sizeof(struct pm_event_header) + 24;
	default: return sizeof(struct pm_event_header);
	}
}

static void more_text(const struct pm_event_header *ev, struct strbuf *sb)
{
	const uint8_t *body = (const uint8_t *)(ev + 1);
	uint64_t u[3];

	switch (ev->type) {
	case PERF_RECORD_KSYMBOL: {
		const struct pm_ksymbol_event *e = (const void *)ev;

		strbuf_addf(sb, " addr %" PRIx64 " len %u type %u flags 0x%x name %.*s", e->addr,
			    e->len, e->ksym_type, e->flags, tail_len(ev, e->name), e->name);
		break;
	}
	case PERF_RECORD_BPF_EVENT: {
		const struct pm_bpf_event *e = (const void *)ev;

		strbuf_addf(sb, " type %u, flags %u, id %u", e->type, e->flags, e->id);
		break;
	}
	case PERF_RECORD_CGROUP: {
		const struct pm_cgroup_event *e = (const void *)ev;

		strbuf_addf(sb, " cgroup: %" PRIu64 " %.*s", e->id, tail_len(ev, e->path),
			    e->path);
		break;
	}
	case PERF_RECORD_ITRACE_START:
		memcpy(u, body, 8);
		strbuf_addf(sb, " pid: %u tid: %u", (uint32_t)u[0], (uint32_t)(u[0] >> 32));
		break;
	case PERF_RECORD_AUX:
		memcpy(u, body, 24);
		strbuf_addf(sb, " offset: %#" PRIx64 " size: %#" PRIx64 " flags: %#" PRIx64
			    " [%s%s%s]", u[0], u[1], u[2], (u[2] & PERF_AUX_FLAG_TRUNCATED) ? "T" : "",
			    (u[2] & PERF_AUX_FLAG_OVERWRITE) ? "O" : "",
			    (u[2] & PERF_AUX_FLAG_PARTIAL) ? "P" : "");
		break;
	default:
		break;
	}
}

void event_text__details(const struct pm_event_header *ev, struct strbuf *sb)
{
	if (ev->size < min_size(ev->type))
		return;
	switch (ev->type) {
	case PERF_RECORD_MMAP:
		mmap_text((const void *)ev, sb);
		break;
	case PERF_RECORD_MMAP2:
		mmap2_text((const void *)ev, sb);
		break;
	case PERF_RECORD_COMM:
		comm_text((const void *)ev, sb);
		break;
	case PERF_RECORD_FORK:
	case PERF_RECORD_EXIT: {
		const struct pm_fork_event *e = (const void *)ev;

		strbuf_addf(sb, "(%d:%d):(%d:%d)", (int32_t)e->pid, (int32_t)e->tid,
			    (int32_t)e->ppid, (int32_t)e->ptid);
		break;
	}
	case PERF_RECORD_NAMESPACES:
		namespaces_text((const void *)ev, sb);
		break;
	case PERF_RECORD_SWITCH:
	case PERF_RECORD_SWITCH_CPU_WIDE:
		switch_text(ev, sb);
		break;
	case PERF_RECORD_LOST:
		strbuf_addf(sb, " lost %" PRIu64, ((const struct pm_lost_event *)ev)->lost);
		break;
	default:
		more_text(ev, sb);
		break;
	}
}
