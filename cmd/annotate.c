// SPDX-License-Identifier: GPL-2.0
/*
 * perf-mini annotate: the symbols samples hit, instruction by instruction
 * (util/annotate), in perf annotate --stdio's layout.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "builtin.h"
#include "../util/base/parse-options.h"
#include "../util/annotate/annotate.h"

static const char *const annotate_usage[] = {
	"perf-mini annotate [<options>] [<symbol>]",
	NULL,
};

static int limit_option(const struct option *opt, const char *arg, int unset,
			struct strbuf *err)
{
	double *limit = opt->value;
	char *end;

	(void)unset;
	*limit = strtod(arg, &end);
	if (*end || *limit < 0 || *limit > 100) {
		strbuf_addf(err, "--percent-limit '%s' is not a percentage between 0 and 100", arg);
		return -EINVAL;
	}
	return 0;
}

static int run(struct annotate *a)
{
	int ret;

	cmd_buffer_stdout();
	cmd_progress_on_terminal();
	if (perf_data__open(&a->pd, a->o->input, &a->err) || annotate__process(a))
		return 1;
	cmd_warn_lost(&a->stats);
	cmd_warn_kernel("annotate", &a->machine);
	ret = annotate__fprintf(a, stdout);
	if (a->nr_kernel && !a->o->symbol)
		fprintf(stderr, "perf-mini annotate: %llu samples in the kernel are not annotated "
			"(%s)\n", (unsigned long long)a->nr_kernel, a->kernel_why);
	if (ret == -ENODATA && !a->err.len) {
		fflush(stdout);
		fprintf(stderr, "Error:\nThe %s data has no samples!\n", a->pd.path);
		return 0;	/* as perf */
	}
	return ret ? 1 : 0;
}

int cmd_annotate(int argc, const char **argv, struct pm_env *env)
{
	struct annotate_opts o = { .source = true, .demangle = true };
	bool stdio = false, force = false, quiet = false, skip_missing = false;
	bool ignore_vmlinux = false;
	int color = -1, verbose = 0;
	const struct option options[] = {
		OPT_STRING('i', "input", &o.input, "file", "input file name"),
		OPT_STRING('s', "symbol", &o.symbol, "symbol", "symbol to annotate"),
		OPT_STRING('d', "dsos", &o.dsos, "dso[,dso...]", "only consider symbols in these dsos"),
		OPT_STRING('C', "cpu", &o.cpu_list, "cpu", "list of cpus to profile"),
		{ .type = OPTION_CALLBACK, .long_name = "stdio-color", .value = &color,
		  .argh = "mode", .flags = PARSE_OPT_LASTARG_DEFAULT,
		  .callback = cmd_stdio_color_option,
		  .help = "'always' (default), 'never' or 'auto' (the default without it: on a "
			  "terminal)" },
		OPT_BOOLEAN(0, "ignore-vmlinux", &ignore_vmlinux,
			    "don't load vmlinux even if found (perf-mini reads only -k's)"),
		OPT_INCR('v', "verbose", &verbose, "be more verbose (accepted)"),
		OPT_CALLBACK_NOOPT('D', "dump-raw-trace", &o, "dump raw trace (report -D has it)",
				   cmd_refused_option),
		OPT_CALLBACK_NOOPT(0, "group", &o, "event groups together (not yet)",
				   cmd_refused_option),
		OPT_CALLBACK_NOOPT('m', "modules", &o, "module files (their code is read from /proc/kcore)",
				   cmd_refused_option),
		OPT_CALLBACK(0, "itrace", &o, "opts", "instruction traces (not decoded)",
			     cmd_refused_option),
		OPT_CALLBACK(0, "prefix", &o, "prefix", "source path prefix (objdump's: not here)",
			     cmd_refused_option),
		OPT_CALLBACK(0, "prefix-strip", &o, "N", "source path components stripped "
			     "(objdump's: not here)", cmd_refused_option),
		OPT_BOOLEAN(0, "stdio", &stdio, "Use the stdio interface"),
		OPT_BOOLEAN(0, "stdio2", &o.stdio2, "Use the stdio interface (the browser's layout)"),
		OPT_CALLBACK_NOOPT(0, "tui", &o, "the TUI (report's browser annotates with a)",
				   cmd_refused_option),
		OPT_BOOLEAN(0, "source", &o.source,
			    "Interleave source code with assembly code (default)"),
		OPT_BOOLEAN('l', "print-line", &o.print_line,
			    "print matching source lines (may be slow)"),
		OPT_BOOLEAN(0, "asm-raw", &o.asm_raw, "Display raw encoding of assembly instructions"),
		OPT_CALLBACK('M', "disassembler-style", &o.intel, "disassembler style",
			     "att (the default) or intel", cmd_disasm_style_option),
		OPT_BOOLEAN('n', "show-nr-samples", &o.show_nr_samples,
			    "Show a column with the number of samples"),
		OPT_BOOLEAN(0, "show-total-period", &o.show_total_period,
			    "Show a column with the sum of periods"),
		OPT_CALLBACK(0, "percent-type", &o.percent_type, "local-period",
			     "Set percent type local/global-period/hits", cmd_percent_type_option),
		OPT_CALLBACK(0, "percent-limit", &o.percent_limit, "percent",
			     "Don't show entries under that percent", limit_option),
		OPT_BOOLEAN('P', "full-paths", &o.full_paths, "Don't shorten the displayed pathnames"),
		OPT_STRING(0, "symfs", &o.symfs, "directory",
			   "Look for files with symbols relative to this directory"),
		OPT_STRING(0, "kallsyms", &o.kallsyms, "file", "kallsyms pathname"),
		OPT_BOOLEAN(0, "demangle", &o.demangle, "Enable symbol demangling"),
		OPT_BOOLEAN(0, "demangle-kernel", &o.demangle_kernel,
			    "Enable kernel symbol demangling"),
		OPT_BOOLEAN(0, "skip-missing", &skip_missing,
			    "Skip symbols that cannot be annotated (always, with a count)"),
		OPT_BOOLEAN('f', "force", &force, "don't complain, do it"),
		OPT_BOOLEAN('q', "quiet", &quiet, "do now show any warnings or messages"),
		OPT_CALLBACK(0, "objdump", &o, "path",
			     "objdump binary (perf-mini runs none: capstone disassembles)",
			     cmd_refused_option),
		OPT_STRING('k', "vmlinux", &o.vmlinux, "file",
			   "vmlinux pathname (the kernel's symbols and code)"),
		OPT_END(),
	};
	struct annotate a = { .o = &o, .err = STRBUF_INIT };
	struct strbuf msg = STRBUF_INIT;
	int ret;

	(void)env;
	ret = parse_options(argc, argv, options, annotate_usage, 0, &msg);
	perf_data__trust_any_owner(force);
	if (ret < 0) {
		ret = cmd_usage_result(ret, msg.buf);
		strbuf_release(&msg);
		return ret;
	}
	o.color = color > 0 || (color < 0 && isatty(STDOUT_FILENO));
	if (ret > 1) {
		strbuf_addf(&a.err, "one symbol at a time: '%s' and '%s'\nhint: annotate each in "
			    "turn, or none for every symbol with samples", argv[0], argv[1]);
		ret = 129;
	} else if (cmd_check_vmlinux(o.vmlinux, &a.err)) {
		ret = 234;	/* perf annotate's -EINVAL */
	} else {
		if (ret == 1)
			o.symbol = argv[0];
		if (!o.input)
			o.input = cmd_default_input();
		ret = run(&a);
	}
	if (a.err.len)
		cmd_error("annotate", a.err.buf);
	annotate__exit(&a);
	strbuf_release(&msg);
	return ret;
}
