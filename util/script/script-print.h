/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_SCRIPT_PRINT_H
#define PM_SCRIPT_PRINT_H

/*
 * perf script's per-sample lines, field for field: "comm tid [cpu] time:
 * period event: ip sym+off (dso)", or with callchains the header line then
 * one "\t<ip> sym+off (dso)" line per frame and a blank line; memory
 * samples' addr, data_src, weight and ins_lat, branch stacks (brstack,
 * brstacksym, brstackoff) and phys_addr and page sizes where asked. Tools that
 * read perf script's output (FlameGraph's stackcollapse-perf.pl, speedscope,
 * the Firefox Profiler) read this the same way.
 */
#include "../symbols/srcline.h"
#include <stdio.h>

#include "../../arch/arch.h"
#include "../data/perf-data.h"
#include "../symbols/machine.h"

enum script_field {
	SF_COMM = 1 << 0,
	SF_PID = 1 << 1,
	SF_TID = 1 << 2,
	SF_CPU = 1 << 3,
	SF_TIME = 1 << 4,
	SF_PERIOD = 1 << 5,
	SF_EVENT = 1 << 6,
	SF_IP = 1 << 7,
	SF_SYM = 1 << 8,
	SF_SYMOFF = 1 << 9,
	SF_DSO = 1 << 10,
	SF_ADDR = 1 << 11,
	SF_TRACE = 1 << 12,
	SF_DATA_SRC = 1 << 13,
	SF_WEIGHT = 1 << 14,
	SF_INS_LAT = 1 << 15,
	SF_PHYS_ADDR = 1 << 16,
	SF_DATA_PAGE_SIZE = 1 << 17,
	SF_CODE_PAGE_SIZE = 1 << 18,
	SF_BRSTACK = 1 << 19,
	SF_BRSTACKSYM = 1 << 20,
	SF_BRSTACKOFF = 1 << 21,
	SF_SRCLINE = 1 << 22,
	SF_MISC = 1 << 23,
	SF_TOD = 1 << 24,
	SF_FLAGS = 1 << 25,
	SF_IPC = 1 << 26,
	SF_IREGS = 1 << 27,
	SF_UREGS = 1 << 28,
	SF_SRCCODE = 1 << 29,
	SF_INSN = 1 << 30,
	SF_INSNLEN = 1u << 31,
	SF_BRSTACKINSN = 1ULL << 32,
	SF_BRSTACKINSNLEN = 1ULL << 33,
	SF_CALLINDENT = 1ULL << 34,	/* branch samples' call depth: none here */
};

/* What -F says for one type of event; all zero: perf's defaults. */
struct script_fields {
	uint64_t fields;		/* SF_*, replacing the defaults (-F a,b) */
	uint64_t add, remove;	/* changing them (-F +a,-b) */
	bool replace;			/* missing data is then an error */
	bool none;			/* "-F hw:": these samples are not printed */
	bool typed;			/* set by a "type:" -F */
	bool user_set;			/* some -F named its fields (perf's user_set) */
};

#define SCRIPT_NR_TYPES (PERF_TYPE_BREAKPOINT + 2)

enum script_time {
	SCRIPT_TIME_ABS,	/* as recorded */
	SCRIPT_TIME_REL,	/* --reltime: from the first event shown */
	SCRIPT_TIME_DELTA,	/* --deltatime: from the event shown before */
};

struct script_print {
	/* -F per event type (perf's attr.type, the last for other PMUs) */
	struct script_fields by_type[SCRIPT_NR_TYPES];
	/* each type's first event that is not a dummy: its samples decide the
	 * type's default fields (NULL: none, all defaults on) */
	const struct perf_event_attr *type_attr[SCRIPT_NR_TYPES];
	int name_width;			/* longest event name */
	bool no_callchain;		/* -G / --hide-call-graph */
	bool tp_callchain;		/* a tracepoint has callchains: show where */
	unsigned int max_stack;
	const char *stop_bt;		/* --stop-bt: a chain ends after these ("a,b") */
	unsigned int max_blocks;	/* brstackinsn's newest blocks, 0: all */
	/* tracepoint payload formatter, NULL when none */
	void (*format_trace)(void *ctx, const struct perf_sample *s, struct strbuf *out);
	void *trace_ctx;
	struct strbuf line;		/* output is built here, then written */
	/* perf's --inline: dwarf-unwound user frames split into the functions
	 * inlined there (NULL: frames as recorded, --no-inline) */
	struct srclines *inlines;
	struct srclines *srclines;	/* -F srcline's lookups */
	/* -F srccode: lines with their files' whole paths, and their text */
	struct srclines *srccode_lines;
	struct srccode *srccode;
	int data_src_width;		/* widest data_src column so far (perf pads to it) */
	enum script_time time_mode;
	bool nanosecs;			/* --ns: times to the nanosecond */
	bool show_kernel_path;		/* --show-kernel-path: a -k vmlinux by its path */
	int dso_pad;			/* --call-trace: DSO names cut or padded to this */
	bool latency;			/* -L: perf's latency format (8-wide comm, bare cpu) */
	uint64_t first_time, prev_time;	/* what REL and DELTA count from */
	/* CLOCK_DATA (record -k), for -F tod: the time of day at one instant
	 * of the samples' clock */
	bool has_clock;
	uint64_t tod_ns, clockid_ns;
	/* the recording machine's (its ARCH header): register names */
	const struct pmu_arch_ops *arch;
	struct insn_fetch *insns;	/* -F insn,insnlen's (the caller's), or NULL */
};

/*
 * Apply one -F: "comm,tid,ip,sym" or "+addr,-period", for every type of
 * event, or with a type ("raw:ip,addr"; hw, sw, trace, raw, break) for
 * that one; later ones win. Returns 0 (with what is ignored in @warn) or
 * -EINVAL + @err.
 */
/* A DSO as perf script writes it in "(...)": [unknown], a path, or the
 * kernel's and its modules' bracketed names ([kernel.kallsyms], [usbnet]) */
const char *script_print__dso_name(const struct dso *dso);

int script_print__parse_fields(struct script_print *p, const char *spec, struct strbuf *warn,
			       struct strbuf *err);

/* perf refuses -F srcline without ip (the address it looks up), and -F tod
 * without the recording's clock data (has_clock). */
int script_print__check_fields(const struct script_print *p, struct strbuf *err);

/* perf's default fields for an event with @attr. */
uint64_t script_print__default_fields(const struct perf_event_attr *attr);

/* Note each type's first event that is not a dummy, as perf does: the
 * fields its samples lack are left out for the whole type. */
void script_print__set_events(struct script_print *p, const struct pd_evsel *const *ev,
			      size_t nr);

/* perf refuses "-F hw:" (hiding a type) when no event has that type. */
int script_print__check_types(const struct script_print *p, const struct pd_evsel *const *ev,
			      size_t nr, struct strbuf *err);

/* The -F of @e's type, as given; the fields @e's lines show. */
const struct script_fields *script_print__fields_for(const struct script_print *p,
						    const struct pd_evsel *e);
uint64_t script_print__fields_of(const struct script_print *p, const struct pd_evsel *e);

/* Check that @attr's samples carry what @fields asks. */
int script_print__check(const struct script_print *p, const struct pd_evsel *e,
			struct strbuf *err);

/*
 * A part of a sample's line the sample alone decides, formatted ahead on
 * another thread than the printing one, NUL terminated in @note: its cpu
 * to its time, or with @whole all of it from the pid to the event's name
 * (for when the printing thread is the slower one: a system-wide
 * recording's lines cost the reading thread more, a generated file's
 * the printing one). The printing thread does the rest. Returns the
 * bytes written, 0 when it does not fit in @size. @scratch is the
 * caller's, one per thread.
 */
size_t script_print__prepare(const struct script_print *p, const struct perf_sample *s,
			     const struct pd_evsel *e, struct strbuf *scratch, char *note,
			     size_t size, bool whole);

/* Print @s (with its prepared @middle, or NULL to format it here). */
void script_print__sample(struct script_print *p, struct machine *m,
			  const struct perf_sample *s, const struct pd_evsel *e,
			  const char *middle, FILE *out);

/*
 * How perf script shows a record other than a sample: with @s as it came,
 * or where @e has no sample_id_all, on cpu 0 at the record's own time (0
 * but for FORK and EXIT) and its pid/tid. Sets @pid and @tid to the thread
 * whose comm the line shows (tid -1: no comm, no start).
 */
void script_print__event_sample(const struct pm_event_header *ev, const struct pd_evsel *e,
				struct perf_sample *s, int32_t *pid, int32_t *tid);

/*
 * A record other than a sample as perf script --show-*-events prints it:
 * the comm of @t and the tid, cpu and time of @s as @e's fields say (no
 * such start when @t is NULL), then "PERF_RECORD_<NAME>" and its details.
 */
void script_print__event(struct script_print *p, struct thread *t,
			 const struct pm_event_header *ev, const struct perf_sample *s,
			 const struct pd_evsel *e, FILE *out);

/* Write what is pending and free the buffer. */
void script_print__flush(struct script_print *p, FILE *out);

/* Write what is pending; the buffer stays for more. */
void script_print__drain(struct script_print *p, FILE *out);

#endif
