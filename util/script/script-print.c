// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../base/util.h"
#include "../data/event-text.h"
#include "../symbols/srccode.h"
#include "../report/callchain.h"
#include "../report/data-src.h"
#include "../report/resolve.h"
#include "insn-fetch.h"
#include "script-brinsn.h"
#include "script-print.h"
#include "../base/xalloc.h"

const char *script_print__dso_name(const struct dso *dso)
{
	if (!dso)
		return "[unknown]";
	/* perf names a module by its path only when the build-ids listed it,
	 * and a kernel by its vmlinux path when they name one */
	if (dso->kernel && !(dso->is_module && dso->path_known) &&
	    strcmp(dso->short_name, "[kernel.vmlinux]"))
		return dso->short_name;
	return dso->long_name;
}

/* "sym+off", "sym" or "[unknown]" */
static void print_sym(const struct addr_location *al, bool offset, struct strbuf *sb)
{
	if (!al->sym) {
		strbuf_addstr(sb, "[unknown]");
		return;
	}
	strbuf_add(sb, al->sym->name, al->sym->namelen);
	if (offset) {
		strbuf_addstr(sb, "+0x");
		strbuf_addhex(sb, al->addr - al->sym->start, 0);
	}
}

/* The DSO's name between the parentheses: perf's map__fprintf_dsoname(),
 * whose --show-kernel-path names a kernel read from a -k vmlinux by that
 * file, and whose --call-trace pads (or cuts) every name to one width so
 * that the call columns line up. */
static void add_dso(const struct script_print *p, const struct addr_location *al,
		    struct strbuf *sb)
{
	const struct dso *dso = al->map ? al->map->dso : NULL;
	const char *name = script_print__dso_name(dso);
	size_t len;

	if (p->show_kernel_path && dso && dso->vmlinux_path)
		name = dso->vmlinux_path;
	if (!p->dso_pad) {
		strbuf_addstr(sb, name);
		return;
	}
	/* perf formats into a buffer of the width: the last byte is the NUL */
	len = strnlen(name, (size_t)p->dso_pad - 1);
	strbuf_add(sb, name, len);
	strbuf_addchars(sb, ' ', (size_t)p->dso_pad - len);
}

/* " sym+off (dso)" after an address, as the fields ask. */
static void print_location(const struct script_print *p, uint64_t f,
			   const struct addr_location *al, struct strbuf *sb)
{
	if (f & SF_SYM) {
		strbuf_addch(sb, ' ');
		print_sym(al, f & SF_SYMOFF, sb);
	}
	if (f & SF_DSO) {
		strbuf_addstr(sb, " (");
		add_dso(p, al, sb);
		strbuf_addch(sb, ')');
	}
}

/* perf's registers: " ABI:2 " and "%5s:0x%lx " for each in @mask */
static void print_regs(const struct pmu_arch_ops *arch, const struct sample_regs *r,
		       uint64_t mask, struct strbuf *sb)
{
	int i = 0;

	if (!r->regs)
		return;
	strbuf_addf(sb, " ABI:%" PRIu64 " ", r->abi);
	for (int bit = 0; bit < 64; bit++)
		if (mask >> bit & 1)
			strbuf_addf(sb, "%5s:0x%" PRIx64 " ", arch__reg_name(arch ? arch : arch__host(), bit),
				    r->regs[i++]);
}

/* perf's map__fprintf_srcline(): "\n  file.c:12" after a located
 * address, nothing where no line is known */
static void print_srcline(uint64_t f, struct srclines *sl, struct machine *m,
			  const struct addr_location *al, struct strbuf *sb)
{
	const char *line;

	if (!(f & SF_SRCLINE) || !sl || !al->map)
		return;
	line = srcline__get(sl, &m->dsos, al->map->dso, NULL, al->addr);
	if (line && strcmp(line, "??:0")) {
		strbuf_addstr(sb, "\n  ");
		strbuf_addstr(sb, line);
	}
}

/* perf's " ilen: 3 insn: 48 01 fa": the instruction at the ip */
static void print_insn(const struct script_print *p, uint64_t f, struct machine *m,
		       struct thread *t, const struct perf_sample *s, struct strbuf *sb)
{
	struct addr_location al;
	uint8_t buf[16];
	size_t len;

	resolve_addr(m, t, s->cpumode, s->ip, &al);
	len = insn_fetch__at(p->insns, m, &al, buf);
	if (f & SF_INSNLEN)
		strbuf_addf(sb, " ilen: %zu", len);
	if ((f & SF_INSN) && len) {
		strbuf_addstr(sb, " insn:");
		for (size_t i = 0; i < len; i++)
			strbuf_addf(sb, " %02x", buf[i]);
	}
}

struct frame_ctx {
	const struct script_print *p;
	uint64_t fields;
	const char *stop_bt;		/* --stop-bt's list, NULL: none */
	struct strbuf *sb;
	struct srclines *inlines;	/* expand this sample's user frames */
	struct srclines *srclines;	/* -F srcline */
	struct machine *m;
};

/* --stop-bt: @name one of the list's (perf's bt_stop_list, names whole) */
static bool stops_at(const char *list, const char *name)
{
	size_t len = name ? strlen(name) : 0;

	for (const char *p = list; p && *p && name; p += strcspn(p, ",") + !!p[strcspn(p, ",")])
		if (strcspn(p, ",") == len && !strncmp(p, name, len))
			return true;
	return false;
}

/*
 * perf's inline list for an unwound user frame: one line per function the
 * DWARF nests at the address, innermost first, each with the frame's
 * address and offset, and with -F srcline the entry's own line (the
 * address's, then each call site's); a name other than the ELF symbol's is
 * "(inlined)", after its srcline. Returns false when there is nothing to
 * expand.
 */
static bool print_inlined(struct frame_ctx *c, const struct callchain_frame *frame, bool *stop)
{
	const struct addr_location *al = &frame->al;
	const char *names[32], *lines[32];
	size_t n;

	if (!c->inlines || frame->mode != PERF_RECORD_MISC_USER || !al->sym || !al->map)
		return false;
	n = srcline__inlines(c->inlines, &c->m->dsos, al->map->dso, al->addr, names, lines,
			     ARRAY_SIZE(names));
	for (size_t i = 0; i < n; i++) {
		bool real = !*names[i] || !strcmp(names[i], al->sym->name);

		strbuf_addch(c->sb, '\t');
		if (c->fields & SF_IP)
			strbuf_addhex(c->sb, al->addr, 16);
		if (real) {
			print_location(c->p, c->fields, al, c->sb);
		} else if (c->fields & SF_SYM) {	/* no dso, as perf */
			strbuf_addch(c->sb, ' ');
			strbuf_addstr(c->sb, names[i]);
			if (c->fields & SF_SYMOFF) {
				strbuf_addstr(c->sb, "+0x");
				strbuf_addhex(c->sb, al->addr - al->sym->start, 0);
			}
		}
		if ((c->fields & SF_SRCLINE) && lines[i])
			strbuf_addf(c->sb, "\n  %s", lines[i]);
		else
			print_srcline(c->fields, c->srclines, c->m, al, c->sb);
		if (!real)
			strbuf_addstr(c->sb, " (inlined)");
		strbuf_addch(c->sb, '\n');
		if ((*stop = stops_at(c->stop_bt, real ? al->sym->name : names[i])))
			break;
	}
	return n > 0;
}

static int print_frame(void *ctx, const struct callchain_frame *frame)
{
	struct frame_ctx *c = ctx;
	const struct map *map = frame->al.map;
	bool stop = false;

	if (print_inlined(c, frame, &stop))
		return stop;

	strbuf_addch(c->sb, '\t');
	/* perf prints kernel frames (modules too) as recorded, user ones
	 * relative to their DSO */
	if (c->fields & SF_IP)
		strbuf_addhex(c->sb, map && map->dso->kernel ? frame->ip : frame->al.addr, 16);
	print_location(c->p, c->fields, &frame->al, c->sb);
	print_srcline(c->fields, c->srclines, c->m, &frame->al, c->sb);
	strbuf_addch(c->sb, '\n');
	return frame->al.sym && stops_at(c->stop_bt, frame->al.sym->name);	/* perf: after it */
}

static void print_comm(const struct script_print *p, uint64_t f, bool chain,
		       struct thread *t, struct strbuf *sb)
{
	char cut[9];

	if (!(f & SF_COMM))
		return;
	if (p->latency) {	/* perf's "%8.8s": cut to 8 */
		snprintf(cut, sizeof(cut), "%s", t->comm);
		strbuf_addrpad(sb, cut, 8);
	} else if (chain) {
		strbuf_addstr(sb, t->comm);
	} else {
		strbuf_addrpad(sb, t->comm, 16);
	}
	strbuf_addch(sb, ' ');
}

static void print_time(const struct script_print *p, uint64_t t, struct strbuf *sb)
{
	strbuf_addint(sb, (int64_t)(t / 1000000000), 5, ' ', false);
	strbuf_addch(sb, '.');
	if (p->nanosecs)
		strbuf_addint(sb, (int64_t)(t % 1000000000), 9, '0', false);
	else
		strbuf_addint(sb, (int64_t)(t % 1000000000 / 1000), 6, '0', false);
	strbuf_addstr(sb, ": ");
}

/* perf's -F misc: the cpumode's letters (tested bit-wise, as perf does:
 * a hypervisor sample is "KUH"), a record type's own flag, padded to 6 */
static void print_misc(uint32_t type, uint16_t misc, struct strbuf *sb)
{
	static const struct { uint16_t bits; char c; } modes[] = {
		{ PERF_RECORD_MISC_KERNEL, 'K' }, { PERF_RECORD_MISC_USER, 'U' },
		{ PERF_RECORD_MISC_HYPERVISOR, 'H' }, { PERF_RECORD_MISC_GUEST_KERNEL, 'G' },
		{ PERF_RECORD_MISC_GUEST_USER, 'g' },
	};
	size_t start = sb->len;

	for (size_t i = 0; i < ARRAY_SIZE(modes); i++)
		if ((misc & modes[i].bits) == modes[i].bits)
			strbuf_addch(sb, modes[i].c);
	if ((type == PERF_RECORD_MMAP || type == PERF_RECORD_MMAP2) &&
	    (misc & PERF_RECORD_MISC_MMAP_DATA))
		strbuf_addch(sb, 'M');
	if (type == PERF_RECORD_COMM && (misc & PERF_RECORD_MISC_COMM_EXEC))
		strbuf_addch(sb, 'E');
	if ((type == PERF_RECORD_SWITCH || type == PERF_RECORD_SWITCH_CPU_WIDE) &&
	    (misc & PERF_RECORD_MISC_SWITCH_OUT)) {
		strbuf_addch(sb, 'S');
		if (misc & PERF_RECORD_MISC_SWITCH_OUT_PREEMPT)
			strbuf_addch(sb, 'p');
	}
	/* perf's "%*s" of " " in 6 - printed: one space at least */
	strbuf_addchars(sb, ' ', sb->len - start < 6 ? 6 - (sb->len - start) : 1);
}

/* perf's -F tod: the time of day of sample time @t from the clock data */
static void print_tod(const struct script_print *p, uint64_t t, struct strbuf *sb)
{
	uint64_t tod = t > p->clockid_ns ? p->tod_ns + (t - p->clockid_ns) :
					   p->tod_ns - (p->clockid_ns - t);
	time_t sec = (time_t)(tod / 1000000000);
	uint64_t nsec = tod % 1000000000;
	char date[64];
	struct tm tm;

	if (!localtime_r(&sec, &tm)) {
		strbuf_addstr(sb, "failed ");
		return;
	}
	strftime(date, sizeof(date), "%Y-%m-%d %H:%M:%S", &tm);
	strbuf_addf(sb, p->nanosecs ? "%s.%09" PRIu64 " " : "%s.%06" PRIu64 " ", date,
		    p->nanosecs ? nsec : nsec / 1000);
}

/* perf's sample start after the comm: pid/tid, cpu, misc, the time of day,
 * the time @t shows; @type is the record's (misc's letters depend on it). */
static void print_ids(uint64_t f, const struct perf_sample *s, struct strbuf *sb)
{
	if (f & SF_PID) {
		strbuf_addint(sb, (int32_t)s->pid, 5, ' ', false);
		strbuf_addch(sb, (f & SF_TID) ? '/' : ' ');
	}
	if (f & SF_TID) {
		strbuf_addint(sb, (int32_t)s->tid, 5, ' ', (f & SF_PID) != 0);
		strbuf_addch(sb, ' ');
	}
}

/* The cpu and what follows it up to the time (@t: as shown). */
static void print_when(const struct script_print *p, uint64_t f, const struct perf_sample *s,
		       uint64_t t, uint32_t type, struct strbuf *sb)
{
	if (f & SF_CPU && p->latency) {
		strbuf_addint(sb, (int32_t)s->cpu, 3, ' ', false);
		strbuf_addch(sb, ' ');
	} else if (f & SF_CPU) {
		strbuf_addch(sb, '[');
		strbuf_addint(sb, (int32_t)s->cpu, 3, '0', false);
		strbuf_addstr(sb, "] ");
	}
	if (f & SF_MISC)
		print_misc(type, s->misc, sb);
	if ((f & SF_TOD) && p->has_clock)
		print_tod(p, s->time, sb);
	if (f & SF_TIME)
		print_time(p, t, sb);
}

static void print_start(const struct script_print *p, uint64_t f,
			const struct perf_sample *s, uint64_t t, uint32_t type, struct strbuf *sb)
{
	print_ids(f, s, sb);
	print_when(p, f, s, t, type, sb);
}

/* What follows the time up to the event's name. */
static void print_tail(const struct script_print *p, uint64_t f, const struct perf_sample *s,
		       const struct pd_evsel *e, struct strbuf *sb)
{
	if (f & SF_PERIOD) {
		strbuf_addint(sb, (int64_t)s->period, 10, ' ', false);
		strbuf_addch(sb, ' ');
	}
	if (f & SF_EVENT) {
		strbuf_addrpad(sb, e->name, p->name_width);
		strbuf_addstr(sb, ": ");
	}
	/* perf's branch flags (call, return, ...) come from decoded
	 * instruction traces only: a sampled event's are none, its column
	 * blank */
	if (f & SF_FLAGS)
		strbuf_addchars(sb, ' ', 2 + 21 + 1);
}

/* What follows the comm up to the event's name: the sample alone says it
 * (and @t, its time as shown). */
static void print_middle(const struct script_print *p, uint64_t f,
			 const struct perf_sample *s, uint64_t t, const struct pd_evsel *e,
			 struct strbuf *sb)
{
	print_start(p, f, s, t, PERF_RECORD_SAMPLE, sb);
	print_tail(p, f, s, e, sb);
}

/* The time a line shows: perf's --reltime counts from the first event
 * shown with a time (0 until one has a non-zero one), --deltatime from the
 * one before. */
static uint64_t shown_time(struct script_print *p, uint64_t t)
{
	uint64_t shown = t;

	if (p->time_mode == SCRIPT_TIME_REL) {
		if (!p->first_time)
			p->first_time = t;
		shown = t - p->first_time;
	} else if (p->time_mode == SCRIPT_TIME_DELTA) {
		shown = p->prev_time ? t - p->prev_time : 0;
		p->prev_time = t;
	}
	return shown;
}

/* A note's first byte: what it holds. */
#define NOTE_WHEN 'w'		/* the cpu to the time */
#define NOTE_MIDDLE 'm'		/* the pid to the event's name */

size_t script_print__prepare(const struct script_print *p, const struct perf_sample *s,
			     const struct pd_evsel *e, struct strbuf *scratch, char *note,
			     size_t size, bool whole)
{
	uint64_t f = script_print__fields_of(p, e);

	strbuf_reset(scratch);
	strbuf_addch(scratch, whole ? NOTE_MIDDLE : NOTE_WHEN);
	if (whole)
		print_middle(p, f, s, s->time, e, scratch);
	else
		print_when(p, f, s, s->time, PERF_RECORD_SAMPLE, scratch);
	if (scratch->len >= size)
		return 0;	/* the tool's thread formats it */
	memcpy(note, scratch->buf, scratch->len + 1);
	return scratch->len + 1;
}

/* perf's sample_addr_correlates_sym(): a fault's address, or a branch
 * trace's, is one of the process's, resolved like an ip. */
static bool addr_is_code(const struct perf_event_attr *attr)
{
	if (attr->type == PERF_TYPE_SOFTWARE)
		return attr->config == PERF_COUNT_SW_PAGE_FAULTS ||
		       attr->config == PERF_COUNT_SW_PAGE_FAULTS_MIN ||
		       attr->config == PERF_COUNT_SW_PAGE_FAULTS_MAJ;
	return attr->type == PERF_TYPE_HARDWARE &&
	       (attr->config & PERF_COUNT_HW_BRANCH_INSTRUCTIONS) && attr->sample_period == 1;
}

static void print_addr(const struct script_print *p, uint64_t f, struct machine *m, struct thread *t,
		       const struct perf_sample *s, const struct pd_evsel *e, struct strbuf *sb)
{
	struct addr_location al;

	strbuf_addhex(sb, s->addr, 16);
	if (!addr_is_code(&e->attr))
		return;
	resolve_addr_fb(m, t, s->cpumode, s->addr, &al);
	print_location(p, f, &al, sb);
}

/* "%16lx <decoded>", cut at 99 bytes and padded to the widest so far, as
 * perf formats it (into a 100-byte buffer, with a running maximum). */
static void print_data_src(struct script_print *p, const struct perf_sample *s,
			   struct strbuf *sb)
{
	size_t start = sb->len;
	int len;

	strbuf_addhex(sb, s->data_src, 16);
	strbuf_addch(sb, ' ');
	data_src__describe(s->data_src, sb);
	if (sb->len - start > 99)
		strbuf_setlen(sb, start + 99);
	len = (int)(sb->len - start);
	if (p->data_src_width < len)
		p->data_src_width = len;
	strbuf_addchars(sb, ' ', (size_t)(p->data_src_width - len));
}

static void print_memory(struct script_print *p, uint64_t f, const struct perf_sample *s,
			 struct strbuf *sb)
{
	if (f & SF_DATA_SRC)
		print_data_src(p, s, sb);
	if (f & SF_WEIGHT)
		strbuf_addf(sb, "%16" PRIu64, s->weight);
	if (f & SF_INS_LAT)
		strbuf_addf(sb, "%16u", (unsigned int)s->ins_lat);
}


static void branch_flags(const struct perf_branch_entry *b, struct strbuf *sb)
{
	strbuf_addch(sb, '/');
	strbuf_addch(sb, !(b->mispred || b->predicted) ? '-' : b->predicted ? 'P' : 'M');
	strbuf_addch(sb, '/');
	strbuf_addch(sb, b->in_tx ? 'X' : '-');
	strbuf_addch(sb, '/');
	strbuf_addch(sb, b->abort ? 'A' : '-');
	strbuf_addch(sb, '/');
	strbuf_addint(sb, b->cycles, 0, ' ', false);
	strbuf_addch(sb, '/');
	strbuf_addstr(sb, branch_entry__type_name(b));
	strbuf_addch(sb, ' ');
}

static void branch_dso(const struct script_print *p, uint64_t f, const struct addr_location *al,
		       struct strbuf *sb)
{
	if (!(f & SF_DSO))
		return;
	strbuf_addch(sb, '(');
	add_dso(p, al, sb);
	strbuf_addch(sb, ')');
}

/* Where @addr lies in its mapping (perf's map__dso_map_ip()): from the
 * file's start for a DSO, from the map's start for kernel text, whose
 * recorded pgoff is an address; unmapped addresses stay as they are. */
static uint64_t map_offset(const struct addr_location *al, uint64_t addr)
{
	if (!al->map)
		return addr;
	return addr - al->map->start + (al->map->identity ? 0 : al->map->pgoff);
}

/* brstack: " 0xfrom/0xto/flags " per branch; brstacksym the same with
 * "sym+off" for the addresses, brstackoff with offsets in their DSOs;
 * "(dso)" after each with the dso field. perf prints only the first of
 * the three asked for. */
static void print_branches(const struct script_print *p, uint64_t f, struct machine *m, struct thread *t,
			   const struct perf_sample *s, struct strbuf *sb)
{
	for (uint64_t i = 0; s->branches && i < s->branch_nr; i++) {
		const struct perf_branch_entry *b = &s->branches[i];
		bool sym = !(f & SF_BRSTACK) && (f & SF_BRSTACKSYM);
		/* brstackoff: addresses within their DSOs where mapped */
		bool off = !(f & (SF_BRSTACK | SF_BRSTACKSYM));
		struct addr_location from = { 0 }, to = { 0 };

		if (sym || off || (f & SF_DSO)) {	/* plain brstack needs no maps */
			resolve_addr_fb(m, t, s->cpumode, b->from, &from);
			resolve_addr_fb(m, t, s->cpumode, b->to, &to);
		}
		if (!sym) {
			strbuf_addstr(sb, " 0x");
			strbuf_addhex(sb, off ? map_offset(&from, b->from) : b->from, 0);
			branch_dso(p, f, &from, sb);
			strbuf_addstr(sb, "/0x");
			strbuf_addhex(sb, off ? map_offset(&to, b->to) : b->to, 0);
			branch_dso(p, f, &to, sb);
		} else {
			print_sym(&from, true, sb);
			branch_dso(p, f, &from, sb);
			strbuf_addch(sb, '/');
			print_sym(&to, true, sb);
			branch_dso(p, f, &to, sb);
		}
		branch_flags(b, sb);
	}
}

static void page_size(uint64_t size, struct strbuf *sb)
{
	strbuf_addch(sb, ' ');
	page_size__name(size, sb);
}

static void print_page_info(uint64_t f, const struct perf_sample *s, struct strbuf *sb)
{
	if (f & SF_PHYS_ADDR)
		strbuf_addhex(sb, s->phys_addr, 16);
	if (f & SF_DATA_PAGE_SIZE)
		page_size(s->data_page_size, sb);
	if (f & SF_CODE_PAGE_SIZE)
		page_size(s->code_page_size, sb);
}

/*
 * perf's print_srccode(): the text of the sample's source line, when the
 * line is not the one last shown for its thread (a file that cannot be
 * read shows nothing and changes nothing).
 */
static void print_srccode(struct script_print *p, struct machine *m, struct thread *t,
			  const struct perf_sample *s, struct strbuf *sb)
{
	struct addr_location al;
	const char *where, *colon, *text;
	unsigned long line;
	char *path;
	int len;

	resolve_addr(m, t, s->cpumode, s->ip, &al);
	if (!al.map || !p->srccode_lines)
		return;
	where = srcline__get(p->srccode_lines, &m->dsos, al.map->dso, al.sym, al.addr);
	colon = where ? strrchr(where, ':') : NULL;
	if (!colon || (t->srccode_shown && !strcmp(t->srccode_shown, where)))
		return;
	line = strtoul(colon + 1, NULL, 10);
	path = must_strndup(where, (size_t)(colon - where));
	text = line <= UINT_MAX ? srccode__line(p->srccode, path, (unsigned int)line, &len) : NULL;
	free(path);
	if (!text)
		return;
	strbuf_addf(sb, "|%-8lu %.*s\n", line, len, text);
	t->srccode_shown = where;
}

void script_print__sample(struct script_print *p, struct machine *m,
			  const struct perf_sample *s, const struct pd_evsel *e,
			  const char *middle, FILE *out)
{
	uint64_t f = script_print__fields_of(p, e);
	struct thread *t;
	uint64_t unwound[UNWOUND_CHAIN_MAX];
	struct perf_sample tmp;
	bool chain, unwound_chain = false;

	/* -F type: with no field, or only fields this event has not (-F trace
	 * of a cpu-clock sample): perf prints nothing, not even the line's end */
	if (script_print__fields_for(p, e)->none || !f)
		return;
	t = machine__findnew_thread(m, (int32_t)s->pid, (int32_t)s->tid);

	if (!p->no_callchain && (f & SF_IP)) {
		s = callchain__unwound(m, t, s, &tmp, unwound);
		unwound_chain = s == &tmp;
	}
	if (!p->no_callchain && (f & SF_IP) && !unwound_chain)	/* --call-graph lbr */
		s = callchain__lbr(e->attr.branch_sample_type, s, &tmp, unwound);
	chain = !p->no_callchain && s->callchain_nr && (f & SF_IP);
	struct strbuf *sb = &p->line;
	struct addr_location al;

	print_comm(p, f, chain, t, sb);
	if (middle && middle[0] == NOTE_MIDDLE) {
		strbuf_addstr(sb, middle + 1);
	} else if (middle) {
		print_ids(f, s, sb);
		strbuf_addstr(sb, middle + 1);
		print_tail(p, f, s, e, sb);
	} else {
		print_middle(p, f, s, (f & SF_TIME) ? shown_time(p, s->time) : 0, e, sb);
	}
	if ((f & SF_TRACE) && s->raw_data && p->format_trace)
		p->format_trace(p->trace_ctx, s, sb);
	if (f & SF_ADDR)
		print_addr(p, f, m, t, s, e, sb);
	print_memory(p, f, s, sb);
	if (chain) {
		/* perf expands inlines in dwarf-unwound frames only, not in
		 * an LBR call stack's */
		struct frame_ctx c = { .p = p, .fields = f, .sb = sb, .m = m, .srclines = p->srclines,
				       .stop_bt = p->stop_bt,
				       .inlines = unwound_chain ? p->inlines : NULL };

		strbuf_addch(sb, '\n');
		callchain__walk(m, t, s, p->max_stack, print_frame, &c);
	} else if (f & SF_IP) {	/* perf shows sym and dso only with the ip */
		resolve_addr(m, t, s->cpumode, s->ip, &al);
		strbuf_addch(sb, ' ');
		strbuf_addhex(sb, s->ip, 16);
		print_location(p, f, &al, sb);
		print_srcline(f, p->srclines, m, &al, sb);
	}
	if (f & SF_IREGS)
		print_regs(p->arch, &s->intr_regs, e->attr.sample_regs_intr, sb);
	if (f & SF_UREGS)
		print_regs(p->arch, &s->user_regs, e->attr.sample_regs_user, sb);
	if (f & (SF_BRSTACK | SF_BRSTACKSYM | SF_BRSTACKOFF))
		print_branches(p, f, m, t, s, sb);
	if (f & (SF_INSN | SF_INSNLEN))
		print_insn(p, f, m, t, s, sb);
	if (f & (SF_BRSTACKINSN | SF_BRSTACKINSNLEN))
		script_brstackinsn(p->insns, !strcmp((p->arch ?: arch__host())->name, "x86"),
				   f & SF_BRSTACKINSNLEN, p->max_blocks, m, t, s, sb);
	print_page_info(f, s, sb);
	strbuf_addch(sb, '\n');
	if (f & SF_SRCCODE)
		print_srccode(p, m, t, s, sb);
	if (sb->len >= 1 << 16) {
		fwrite(sb->buf, 1, sb->len, out);
		strbuf_reset(sb);
	}
}

/* The task and map records name their thread; the others are the sample's. */
static void names_thread(const struct pm_event_header *ev, int32_t *pid, int32_t *tid)
{
	const uint32_t *ids = (const uint32_t *)(ev + 1);	/* pid, then tid */

	switch (ev->type) {
	case PERF_RECORD_FORK:
	case PERF_RECORD_EXIT:	/* pid, ppid, tid */
		if (ev->size >= sizeof(struct pm_fork_event)) {
			*pid = (int32_t)ids[0];
			*tid = (int32_t)ids[2];
		}
		return;
	case PERF_RECORD_COMM:
	case PERF_RECORD_MMAP:
	case PERF_RECORD_MMAP2:
	case PERF_RECORD_NAMESPACES:
		if (ev->size >= sizeof(*ev) + 8) {
			*pid = (int32_t)ids[0];
			*tid = (int32_t)ids[1];
		}
		return;
	default:
		return;
	}
}

void script_print__event_sample(const struct pm_event_header *ev, const struct pd_evsel *e,
				struct perf_sample *s, int32_t *pid, int32_t *tid)
{
	*pid = (int32_t)s->pid;
	*tid = (int32_t)s->tid;
	names_thread(ev, pid, tid);
	if (e->attr.sample_id_all)
		return;
	s->cpu = 0;
	s->time = 0;
	if ((ev->type == PERF_RECORD_FORK || ev->type == PERF_RECORD_EXIT) &&
	    ev->size >= sizeof(struct pm_fork_event))
		s->time = ((const struct pm_fork_event *)ev)->time;
	s->pid = (uint32_t)*pid;
	s->tid = (uint32_t)*tid;
}

void script_print__event(struct script_print *p, struct thread *t,
			 const struct pm_event_header *ev, const struct perf_sample *s,
			 const struct pd_evsel *e, FILE *out)
{
	struct strbuf *sb = &p->line;
	const char *name = perf_record_name(ev->type);

	if (t) {
		uint64_t f = script_print__fields_of(p, e);
		/* perf: an unpadded comm where samples have callchains shown */
		bool chain = (f & SF_IP) && !p->no_callchain &&
			     (e->attr.sample_type & PERF_SAMPLE_CALLCHAIN);

		print_comm(p, f, chain, t, sb);
		print_start(p, f, s, (f & SF_TIME) ? shown_time(p, s->time) : 0, ev->type, sb);
	}
	strbuf_addf(sb, "PERF_RECORD_%s", name ? name : "UNKNOWN");
	event_text__details(ev, sb);
	strbuf_addch(sb, '\n');
	if (sb->len >= 1 << 16) {
		fwrite(sb->buf, 1, sb->len, out);
		strbuf_reset(sb);
	}
}

void script_print__drain(struct script_print *p, FILE *out)
{
	fwrite(p->line.buf, 1, p->line.len, out);
	strbuf_reset(&p->line);
}

void script_print__flush(struct script_print *p, FILE *out)
{
	fwrite(p->line.buf, 1, p->line.len, out);
	strbuf_release(&p->line);
}
