// SPDX-License-Identifier: GPL-2.0
/*
 * The annotation is made as perf-mini annotate makes it, from the file
 * read again (for this symbol of this DSO alone), into memory, then paged.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/xalloc.h"
#include "../annotate/annotate.h"
#include "../report/report.h"
#include "annotate-view.h"
#include "text-view.h"

/* The annotation of @he's symbol, as annotate --stdio prints it. */
static bool annotate_text(struct report *r, const struct hist_entry *he, char **text,
			  struct strbuf *why)
{
	struct annotate_opts o = {
		.input = r->o->input, .symbol = he->sym->name, .dsos = he->dso->short_name,
		.symfs = r->o->symfs, .kallsyms = r->o->kallsyms, .vmlinux = r->o->vmlinux,
		.source = r->o->annotate.source, .asm_raw = r->o->annotate.asm_raw,
		.intel = r->o->annotate.intel, .percent_type = r->o->annotate.percent_type,
		.demangle = r->o->demangle, .demangle_kernel = r->o->demangle_kernel,
	};
	struct annotate a = { .o = &o, .err = STRBUF_INIT };
	size_t size;
	FILE *mem = open_memstream(text, &size);
	bool ok = mem && !perf_data__open(&a.pd, o.input, &a.err) && !annotate__process(&a) &&
		  !annotate__fprintf(&a, mem);

	if (mem)
		fclose(mem);
	if (!ok)
		strbuf_addstr(why, a.err.len ? a.err.buf : "the annotation could not be made");
	if (!ok && a.nr_kernel && !a.err.len)
		strbuf_addstr(why, ": kernel code is not annotated yet");
	annotate__exit(&a);
	return ok;
}

bool ui_annotate__view(struct report *r, const struct hist_entry *he,
		       volatile sig_atomic_t *quit, struct strbuf *why)
{
	char title[256], *text = NULL;

	if (!he->sym || !he->dso) {
		strbuf_addstr(why, "no symbol to annotate here");
		return false;
	}
	if (he->dso->kernel) {
		strbuf_addstr(why, "kernel code is not annotated yet (/proc/kcore is not read)");
		return false;
	}
	if (!r->o->input || !strcmp(r->o->input, "-")) {
		strbuf_addstr(why, "a stream on stdin cannot be read again to annotate");
		return false;
	}
	if (!annotate_text(r, he, &text, why)) {
		free(text);
		return false;
	}
	snprintf(title, sizeof(title), "Annotate %s (%s)", he->sym->name, he->dso->short_name);
	ui_text__view(title, "Annotate: Up/Down/PgUp/PgDn/Home/End scroll, H the hottest row, "
		      "q/Esc/Left back", text, quit);
	free(text);
	return true;
}
