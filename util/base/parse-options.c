// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdint.h>
#include <string.h>

#include "parse-options.h"
#include "suggest.h"
#include "util.h"

#define USAGE_OPTS_WIDTH 24
#define USAGE_GAP 2
#define MAX_LONG_NAMES 256

struct parse_state {
	const struct option *options;
	const char *const *usagestr;
	struct strbuf *err;
};

static bool opt_takes_arg(const struct option *opt)
{
	switch (opt->type) {
	case OPTION_BOOLEAN:
	case OPTION_INCR:
		return false;
	case OPTION_CALLBACK:
		return !(opt->flags & PARSE_OPT_NOARG);
	default:
		return true;
	}
}

static void add_usage_head(const struct parse_state *ps)
{
	strbuf_addf(ps->err, "\n Usage: %s\n", ps->usagestr[0]);
	for (size_t i = 1; ps->usagestr[i]; i++)
		strbuf_addf(ps->err, "    or: %s\n", ps->usagestr[i]);
	strbuf_addch(ps->err, '\n');
}

static int opt_error(const struct parse_state *ps, const struct option *opt, bool as_short,
		     const char *what)
{
	if (as_short)
		strbuf_addf(ps->err, "  Error: switch `%c' %s\n", opt->short_name, what);
	else
		strbuf_addf(ps->err, "  Error: option `%s' %s\n", opt->long_name, what);
	add_usage_head(ps);
	parse_options_usage_line(opt, ps->err);
	return PARSE_OPT_ERROR;
}

static int set_number(const struct parse_state *ps, const struct option *opt, bool as_short,
		      const char *arg)
{
	uint64_t u;
	int i, ret;

	if (opt->type == OPTION_INTEGER) {
		ret = str_to_int(arg, &i);
		if (!ret)
			*(int *)opt->value = i;
	} else {
		ret = str_to_u64(arg, 0, &u);
		if (!ret && opt->type == OPTION_UINTEGER && u > UINT32_MAX)
			ret = -ERANGE;
		if (!ret && opt->type == OPTION_UINTEGER)
			*(unsigned int *)opt->value = (unsigned int)u;
		else if (!ret)
			*(uint64_t *)opt->value = u;
	}
	if (ret == -ERANGE)
		return opt_error(ps, opt, as_short, "is out of range");
	if (ret)
		return opt_error(ps, opt, as_short, "expects a numerical value");
	return 0;
}

/* Apply @opt. @arg is the attached value ("-x," / "--x=v") or NULL. */
static int apply_opt(const struct parse_state *ps, const struct option *opt, bool as_short,
		     bool unset, const char *arg, int *argc, const char ***argv)
{
	if (unset && arg)
		return opt_error(ps, opt, as_short, "takes no value");
	if (!opt_takes_arg(opt) && arg)
		return opt_error(ps, opt, as_short, "takes no value");
	if (opt_takes_arg(opt) && !unset && !arg && (opt->flags & PARSE_OPT_LASTARG_DEFAULT)) {
		if (*argc > 1 && (*argv)[1][0] != '-') {
			(*argc)--;
			(*argv)++;
			arg = (*argv)[0];
		}
	} else if (opt_takes_arg(opt) && !unset && !arg && !(opt->flags & PARSE_OPT_OPTARG)) {
		if (*argc <= 1)
			return opt_error(ps, opt, as_short, "requires a value");
		(*argc)--;
		(*argv)++;
		arg = (*argv)[0];
	}
	switch (opt->type) {
	case OPTION_BOOLEAN:
		*(bool *)opt->value = !unset;
		return 0;
	case OPTION_INCR:
		*(int *)opt->value = unset ? 0 : *(int *)opt->value + 1;
		return 0;
	case OPTION_STRING:
		*(const char **)opt->value = unset ? NULL : arg;
		return 0;
	case OPTION_CALLBACK:
		if (opt->callback(opt, arg, unset, ps->err)) {
			add_usage_head(ps);
			parse_options_usage_line(opt, ps->err);
			return PARSE_OPT_ERROR;
		}
		return 0;
	default:
		if (unset)
			return opt_error(ps, opt, as_short, "cannot be negated");
		return set_number(ps, opt, as_short, arg);
	}
}

/* "perf-mini cmd" of a usage line: what comes before its arguments */
static int command_len(const char *usage)
{
	size_t len = strcspn(usage, "[<{");

	while (len && usage[len - 1] == ' ')
		len--;
	return (int)len;
}

static void add_unknown(const struct parse_state *ps, const char *what, bool as_short)
{
	const char *names[MAX_LONG_NAMES];
	const char *best;
	size_t nr = 0;

	if (as_short) {
		strbuf_addf(ps->err, "  Error: unknown switch `%c'\n", *what);
	} else {
		strbuf_addf(ps->err, "  Error: unknown option `%s'\n", what);
		for (const struct option *o = ps->options; o->type != OPTION_END; o++)
			if (o->long_name && nr < MAX_LONG_NAMES)
				names[nr++] = o->long_name;
		best = suggest_closest(what, names, nr);
		if (best)
			strbuf_addf(ps->err, "  Did you mean `--%s'?\n", best);
	}
	add_usage_head(ps);
	strbuf_addf(ps->err, " Run '%.*s -h' for the list of options.\n",
		    command_len(ps->usagestr[0]), ps->usagestr[0]);
	strbuf_rtrim(ps->err);
	strbuf_addch(ps->err, '\n');
}

static int parse_short(const struct parse_state *ps, const char *arg, int *argc,
		       const char ***argv)
{
	while (*arg) {
		const struct option *opt = ps->options;

		for (; opt->type != OPTION_END; opt++)
			if (opt->short_name == *arg)
				break;
		if (*arg == 'h' && opt->type == OPTION_END)
			return PARSE_OPT_USAGE;
		if (opt->type == OPTION_END) {
			add_unknown(ps, arg, true);
			return PARSE_OPT_ERROR;
		}
		if (opt_takes_arg(opt)) {
			const char *val = arg[1] ? arg + 1 : NULL;

			return apply_opt(ps, opt, true, false, val, argc, argv);
		}
		if (apply_opt(ps, opt, true, false, NULL, argc, argv))
			return PARSE_OPT_ERROR;
		arg++;
	}
	return 0;
}

/* Find the option named @name (exact, or a unique prefix), honouring "no-". */
static const struct option *find_long(const struct parse_state *ps, const char *name,
				      size_t len, bool *unset, int *ambiguous)
{
	const struct option *exact = NULL, *abbrev = NULL, *other = NULL;
	bool neg = len > 3 && !strncmp(name, "no-", 3);

	for (const struct option *o = ps->options; o->type != OPTION_END; o++) {
		const char *ln = o->long_name;

		if (!ln)
			continue;
		if (strlen(ln) == len && !strncmp(ln, name, len)) {
			exact = o, *unset = false;
			break;
		}
		if (neg && !(o->flags & PARSE_OPT_NONEG) && strlen(ln) == len - 3 &&
		    !strncmp(ln, name + 3, len - 3)) {
			exact = o, *unset = true;
			break;
		}
		if (!strncmp(ln, name, len)) {
			if (abbrev)
				other = o;
			else
				abbrev = o;
		}
	}
	if (exact)
		return exact;
	*unset = false;
	if (other) {
		*ambiguous = 1;
		strbuf_addf(ps->err, "  Error: Ambiguous option: %.*s (could be --%s or --%s)\n",
			    (int)len, name, abbrev->long_name, other->long_name);
		return NULL;
	}
	return abbrev;
}

static int parse_long(const struct parse_state *ps, const char *arg, int *argc,
		      const char ***argv)
{
	const char *eq = strchr(arg, '=');
	size_t len = eq ? (size_t)(eq - arg) : strlen(arg);
	const struct option *opt;
	int ambiguous = 0;
	bool unset;

	if (!strcmp(arg, "help"))
		return PARSE_OPT_HELP;
	opt = find_long(ps, arg, len, &unset, &ambiguous);
	if (ambiguous) {
		add_usage_head(ps);
		return PARSE_OPT_ERROR;
	}
	if (!opt) {
		struct strbuf name = STRBUF_INIT;

		strbuf_add(&name, arg, len);
		add_unknown(ps, name.buf, false);
		strbuf_release(&name);
		return PARSE_OPT_ERROR;
	}
	return apply_opt(ps, opt, false, unset, eq ? eq + 1 : NULL, argc, argv);
}

/* Whether @arg ("-x...", "--name[=v]") names an option of @options. */
static bool is_known(const struct option *options, const char *arg)
{
	if (arg[1] != '-') {
		for (const struct option *o = options; o->type != OPTION_END; o++)
			if (o->short_name == arg[1])
				return true;
		return arg[1] == 'h';
	}
	arg += 2;
	for (const struct option *o = options; o->type != OPTION_END; o++) {
		size_t len = strcspn(arg, "=");
		const char *name = !strncmp(arg, "no-", 3) ? arg + 3 : arg;

		if (o->long_name && (strlen(o->long_name) == len && !strncmp(o->long_name, arg, len)))
			return true;
		if (o->long_name && name != arg && strlen(o->long_name) == len - 3 &&
		    !strncmp(o->long_name, name, len - 3))
			return true;
	}
	return !strcmp(arg, "help");
}

/* The long options, "--a --b \n" as perf prints them: the usage's path
 * out (PARSE_OPT_HELP prints @err to stdout, status 0). */
static int list_opts(const struct option *options, struct strbuf *err)
{
	strbuf_reset(err);
	for (const struct option *o = options; o->type != OPTION_END; o++)
		if (o->long_name && !(o->flags & PARSE_OPT_HIDDEN))
			strbuf_addf(err, "--%s ", o->long_name);
	strbuf_addch(err, '\n');
	return PARSE_OPT_HELP;
}

int parse_options(int argc, const char **argv, const struct option *options,
		  const char *const *usagestr, int mode, struct strbuf *err)
{
	struct parse_state ps = { options, usagestr, err };
	const char **args = argv + 1;
	int nr = argc - 1, nr_out = 0, ret;

	for (; nr > 0; nr--, args++) {
		const char *arg = args[0];

		if (arg[0] != '-' || !arg[1]) {
			if (mode & PARSE_OPT_STOP_AT_NON_OPTION)
				break;
			argv[nr_out++] = arg;
			continue;
		}
		if (!strcmp(arg, "--")) {
			if (!(mode & PARSE_OPT_KEEP_DASHDASH)) {
				nr--;
				args++;
			}
			break;
		}
		if (!strcmp(arg, "--list-opts"))	/* perf's, for shell completion */
			return list_opts(options, err);
		if ((mode & PARSE_OPT_KEEP_UNKNOWN) && !is_known(options, arg)) {
			argv[nr_out++] = arg;
			continue;
		}
		ret = arg[1] == '-' ? parse_long(&ps, arg + 2, &nr, &args)
				    : parse_short(&ps, arg + 1, &nr, &args);
		if (ret == PARSE_OPT_HELP) {
			strbuf_reset(err);
			parse_options_usage(usagestr, options, err);
		}
		if (ret == PARSE_OPT_USAGE) {	/* what follows -h picks options */
			strbuf_reset(err);
			parse_options_usage_of(usagestr, options, nr - 1, args + 1, err);
		}
		if (ret)
			return ret;
	}
	memmove(argv + nr_out, args, (size_t)nr * sizeof(*argv));
	argv[nr_out + nr] = NULL;
	return nr_out + nr;
}

void parse_options_usage_line(const struct option *opt, struct strbuf *out)
{
	size_t start = out->len, pos;

	strbuf_addstr(out, "    ");
	if (opt->short_name)
		strbuf_addf(out, "-%c", opt->short_name);
	else
		strbuf_addstr(out, "    ");
	if (opt->short_name && opt->long_name)
		strbuf_addstr(out, ", ");
	if (opt->long_name)
		strbuf_addf(out, "--%s", opt->long_name);
	if (opt_takes_arg(opt) && opt->argh) {
		if (opt->flags & PARSE_OPT_OPTARG)
			strbuf_addf(out, "[=<%s>]", opt->argh);
		else
			strbuf_addf(out, " <%s>", opt->argh);
	}
	pos = out->len - start;
	if (pos <= USAGE_OPTS_WIDTH) {
		strbuf_addchars(out, ' ', USAGE_OPTS_WIDTH - pos + USAGE_GAP);
	} else {
		strbuf_addch(out, '\n');
		strbuf_addchars(out, ' ', USAGE_OPTS_WIDTH + USAGE_GAP);
	}
	strbuf_addf(out, "%s\n", opt->help ? opt->help : "");
}

/*
 * Whether @opt is one of those @words name, as perf's -h matches them:
 * "-x" and "x" its short name, "--name" and "name" its long name, and any
 * other word a part of its help, in any case.
 */
static bool option_named(const struct option *opt, int nr, const char **words)
{
	for (int i = 0; i < nr; i++) {
		const char *w = words[i];

		if (w[0] == '-' && (w[1] == opt->short_name ||
				    (w[1] == '-' && opt->long_name && !strcmp(opt->long_name, w + 2))))
			return true;
		if (w[0] == '-')
			continue;
		if (!w[1] && w[0] == opt->short_name)
			return true;
		if (w[1] && ((opt->long_name && !strcmp(opt->long_name, w)) ||
			     (opt->help && strcasestr(opt->help, w))))
			return true;
	}
	return false;
}

void parse_options_usage_of(const char *const *usagestr, const struct option *options,
			    int nr, const char **words, struct strbuf *out)
{
	strbuf_addf(out, "\n Usage: %s\n", usagestr[0]);
	for (size_t i = 1; usagestr[i]; i++)
		strbuf_addf(out, "    or: %s\n", usagestr[i]);
	strbuf_addch(out, '\n');
	for (const struct option *o = options; o->type != OPTION_END; o++) {
		if (o->flags & PARSE_OPT_HIDDEN)
			continue;
		if (o->type == OPTION_GROUP) {
			if (!nr)
				strbuf_addf(out, "\n%s\n", o->help);
			continue;
		}
		if (!nr || option_named(o, nr, words))
			parse_options_usage_line(o, out);
	}
	strbuf_addch(out, '\n');
}

void parse_options_usage(const char *const *usagestr, const struct option *options,
			 struct strbuf *out)
{
	parse_options_usage_of(usagestr, options, 0, NULL, out);
}
