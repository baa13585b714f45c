/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_CMD_MEM_H
#define PM_CMD_MEM_H

/* What cmd/mem.c and cmd/mem-record.c share: mem's options. */
#include "builtin.h"
#include "../util/base/strbuf.h"
#include "../util/events/mem-events.h"

enum { MEM_LOAD = MEM_OP_LOAD, MEM_STORE = MEM_OP_STORE };

struct mem_opts {
	const char *type;	/* -t: "load", "store", "load,store" */
	int operation;		/* MEM_LOAD | MEM_STORE */
	bool phys_addr;
	bool data_page_size;
	const char *input;
	const char *cpu_list;
	bool dump_raw;
	bool hide_unresolved;
	const char *field_sep;
	bool force;
};


/* -t load,store into o->operation: 0, or -EINVAL with @err */
int mem_parse_type(struct mem_opts *o, struct strbuf *err);

/* mem record: the command line after "record"; record's exit status */
int mem_record(struct mem_opts *o, int argc, const char **argv, struct pm_env *env);

#endif
