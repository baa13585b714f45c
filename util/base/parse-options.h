/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_PARSE_OPTIONS_H
#define PM_PARSE_OPTIONS_H

/*
 * Command-line options as data: a command declares a table of struct option
 * and parse_options() fills the variables the table points at. Spelling and
 * behaviour follow Linux perf's (and git's) parse-options: short options may
 * be clustered (-vv, -x,), long options take "--name=value" or "--name value"
 * and may be abbreviated to a unique prefix, booleans accept "--no-name".
 *
 * parse_options() never prints: errors and help text go into a strbuf the
 * caller prints, so the same code serves commands and tests.
 */
#include <stdbool.h>
#include <stdint.h>

#include "strbuf.h"

enum parse_opt_type {
	OPTION_END,
	OPTION_GROUP,
	OPTION_BOOLEAN,		/* bool *, --no-x sets false */
	OPTION_INCR,		/* int *, counts repetitions (-v -v) */
	OPTION_INTEGER,		/* int * */
	OPTION_UINTEGER,	/* unsigned int * */
	OPTION_U64,		/* uint64_t * */
	OPTION_STRING,		/* const char **, borrowed from argv */
	OPTION_CALLBACK,
};

enum parse_opt_flags {
	PARSE_OPT_NONEG = 1,		/* no --no-x form */
	PARSE_OPT_OPTARG = 2,		/* the argument is optional (--x or --x=val) */
	PARSE_OPT_NOARG = 4,		/* a callback that takes no argument */
	PARSE_OPT_HIDDEN = 8,		/* not listed in -h */
	/* the next word is the value unless it is the last or starts with
	 * '-': then the callback gets NULL, its default (perf's
	 * OPT_CALLBACK_DEFAULT: "--stdio-color always", "--stdio-color -i f") */
	PARSE_OPT_LASTARG_DEFAULT = 16,
};

struct option;

/* @arg is NULL for --no-x (unset=1) or a NOARG/OPTARG callback without one. */
typedef int parse_opt_cb(const struct option *opt, const char *arg, int unset,
			 struct strbuf *err);

struct option {
	enum parse_opt_type type;
	int short_name;
	const char *long_name;
	void *value;
	const char *argh;
	const char *help;
	int flags;
	parse_opt_cb *callback;
	void *data;
};

#define OPT_END() { .type = OPTION_END }
#define OPT_GROUP(h) { .type = OPTION_GROUP, .help = (h) }
#define OPT_BOOLEAN(s, l, v, h) \
	{ .type = OPTION_BOOLEAN, .short_name = (s), .long_name = (l), .value = (v), .help = (h) }
#define OPT_INCR(s, l, v, h) \
	{ .type = OPTION_INCR, .short_name = (s), .long_name = (l), .value = (v), .help = (h) }
#define OPT_INTEGER(s, l, v, h) \
	{ .type = OPTION_INTEGER, .short_name = (s), .long_name = (l), .value = (v), \
	  .argh = "n", .help = (h) }
#define OPT_UINTEGER(s, l, v, h) \
	{ .type = OPTION_UINTEGER, .short_name = (s), .long_name = (l), .value = (v), \
	  .argh = "n", .help = (h) }
#define OPT_U64(s, l, v, h) \
	{ .type = OPTION_U64, .short_name = (s), .long_name = (l), .value = (v), \
	  .argh = "n", .help = (h) }
#define OPT_STRING(s, l, v, a, h) \
	{ .type = OPTION_STRING, .short_name = (s), .long_name = (l), .value = (v), \
	  .argh = (a), .help = (h) }
#define OPT_CALLBACK(s, l, v, a, h, cb) \
	{ .type = OPTION_CALLBACK, .short_name = (s), .long_name = (l), .value = (v), \
	  .argh = (a), .help = (h), .callback = (cb) }
#define OPT_CALLBACK_NOOPT(s, l, v, h, cb) \
	{ .type = OPTION_CALLBACK, .short_name = (s), .long_name = (l), .value = (v), \
	  .help = (h), .callback = (cb), .flags = PARSE_OPT_NOARG }

enum parse_opt_mode {
	PARSE_OPT_KEEP_DASHDASH = 1,
	PARSE_OPT_STOP_AT_NON_OPTION = 2,
	/* options not in the table are kept, in order, with the non-options
	 * (for a command passing them on); long names must then be exact */
	PARSE_OPT_KEEP_UNKNOWN = 4,
};

/* Return values of parse_options() besides the remaining argument count. */
enum {
	PARSE_OPT_HELP = -1,	/* --help, --list-opts: @err holds the text (for stdout) */
	PARSE_OPT_ERROR = -2,	/* @err holds "  Error: ..." and the short usage */
	PARSE_OPT_USAGE = -3,	/* -h: @err holds the usage, of the options named
				 * after -h if any (for stderr, status 129, as perf) */
};

/*
 * Parse argv[1..argc-1] (argv[0] is the command name). Non-option arguments
 * are moved to the front of argv and their count is returned; with
 * STOP_AT_NON_OPTION everything from the first one on is kept as is (a
 * workload's command line). @usagestr is a NULL-terminated list, the first
 * line being "perf-mini cmd [<options>] ...".
 */
int parse_options(int argc, const char **argv, const struct option *options,
		  const char *const *usagestr, int mode, struct strbuf *err);

/* The full -h text of a command. */
void parse_options_usage(const char *const *usagestr, const struct option *options,
			 struct strbuf *out);

/* The usage of the options that @words name (all of them if @nr is 0). */
void parse_options_usage_of(const char *const *usagestr, const struct option *options,
			    int nr, const char **words, struct strbuf *out);

/* The one option line as -h prints it (for docs-vs-help tests). */
void parse_options_usage_line(const struct option *opt, struct strbuf *out);

#endif
