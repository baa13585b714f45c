// SPDX-License-Identifier: GPL-2.0
/*
 * The options of perf script that perf-mini takes without carrying them
 * out, checked as perf 6.1 checks them (builtin-script.c: cmd_script and
 * script__setup_sample_type), so that what perf refuses is refused the
 * same way and the rest is refused by name, with what to use instead.
 */
#include <errno.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "script.h"

/* the languages perf 6.1 registers (script_spec__lookup: any case) */
static bool is_script_language(const char *spec, size_t len)
{
	static const char *const langs[] = { "Perl", "pl", "Python", "py" };

	for (size_t i = 0; i < sizeof(langs) / sizeof(langs[0]); i++)
		if (strlen(langs[i]) == len && !strncasecmp(spec, langs[i], len))
			return true;
	return false;
}

int script__check_script_spec(const char *spec, struct strbuf *err)
{
	const char *colon = strchr(spec, ':'), *ext;

	if (!strcmp(spec, "lang"))
		return 0;	/* perf lists its languages: refused when the file is open */
	if (colon && !is_script_language(spec, (size_t)(colon - spec))) {
		strbuf_addf(err, "-s: invalid language specifier in '%s'\nhint: perf's languages "
			    "are perl (pl) and python (py)", spec);
		return -EINVAL;
	}
	ext = colon ? NULL : strrchr(spec, '.');
	if (!colon && (!ext || !is_script_language(ext + 1, strlen(ext + 1)))) {
		strbuf_addf(err, "-s: invalid script extension in '%s'\nhint: a perf script ends "
			    "in .pl or .py, or names its language first (python:NAME)", spec);
		return -EINVAL;
	}
	return 0;
}

/* perf's callchain_param_setup(): LBR callchains wherever a sample has a
 * branch stack and no sample carries a user stack (DWARF's) */
static uint64_t combined_sample_type(const struct perf_data *pd)
{
	uint64_t type = 0;

	for (size_t i = 0; i < pd->nr_evsels; i++)
		type |= pd->evsels[i]->attr.sample_type;
	return type;
}

static bool has_lbr_call_stack(const struct perf_data *pd)
{
	for (size_t i = 0; i < pd->nr_evsels; i++)
		if (pd->evsels[i]->attr.branch_sample_type & PERF_SAMPLE_BRANCH_CALL_STACK)
			return true;
	return false;
}

static int check_stitch_lbr(struct script *s)
{
	uint64_t type = combined_sample_type(&s->pd);
	uint64_t dwarf = PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER;

	if (!(type & PERF_SAMPLE_BRANCH_STACK) || (type & dwarf) == dwarf) {
		s->warn_stitch_lbr = true;	/* perf warns and goes on without it */
		return 0;
	}
	/* perf stitches only LBR call stacks: plain branch stacks stay as they are */
	if (!has_lbr_call_stack(&s->pd))
		return 0;
	strbuf_addf(&s->err, "--stitch-lbr: stitching the LBR call stacks of %s is not "
		    "implemented in perf-mini\nhint: drop --stitch-lbr, or use perf script",
		    s->pd.path);
	return -ENOTSUP;
}

/* -g: perf writes perf-script.<ext> for its engine; it checks -F and the
 * language first */
static int check_gen_script(struct script *s)
{
	const char *lang = s->o->gen_script;

	if (s->o->nr_fields) {
		strbuf_addstr(&s->err, "-g: custom fields not supported for generated scripts\n"
			      "hint: drop -F");
		return -EINVAL;
	}
	if (!is_script_language(lang, strlen(lang))) {
		strbuf_addf(&s->err, "-g: invalid language specifier '%s'\nhint: perf's languages "
			    "are perl (pl) and python (py)", lang);
		return -ENOENT;
	}
	strbuf_addf(&s->err, "-g %s: perf-mini has no scripting engine to write a script for\n"
		    "hint: perf script -g %s -i %s", lang, lang, s->pd.path);
	return -ENOTSUP;
}

static int check_script(struct script *s)
{
	strbuf_addf(&s->err, "-s %s: perf-mini has no scripting engine (Perl, Python) to run "
		    "scripts in\nhint: perf script -s %s -i %s, or read perf-mini script's lines",
		    s->o->script_name, s->o->script_name, s->pd.path);
	return -ENOTSUP;
}

/* The shorthands decode an AUX area trace as --itrace would; what else
 * they do (-F, --ns) applies to any file. --graph-function follows the
 * calls of decoded branches: on other samples it leaves none to show. */
static int check_aux(struct script *s)
{
	const char *opt = s->o->itrace_by ? s->o->itrace_by : "--graph-function";

	if (!s->o->itrace_by && !s->o->graph_function)
		return 0;
	if (!perf_data__has_feat(&s->pd, HEADER_AUXTRACE))
		return 0;
	strbuf_addf(&s->err, "%s: %s holds an AUX area trace (Intel PT, CoreSight, ...), which "
		    "perf-mini does not decode\nhint: perf script %s -i %s", opt, s->pd.path, opt,
		    s->pd.path);
	return -ENOTSUP;
}

int script__check_early(const struct script_opts *o, struct strbuf *err)
{
	if (o->list_scripts) {
		strbuf_addstr(err, "-l: perf-mini runs no scripts, so lists none\nhint: perf script "
			      "-l lists perf's (run them with perf script)");
		return -ENOTSUP;
	}
	if (o->list_dlfilters) {
		strbuf_addstr(err, "--list-dlfilters: perf-mini loads no dlfilters, so lists none\n"
			      "hint: perf script --list-dlfilters");
		return -ENOTSUP;
	}
	if (o->dlfilter && access(o->dlfilter, R_OK)) {
		/* perf looks in its own dlfilters directory as well */
		strbuf_addf(err, "--dlfilter: cannot open '%s': %s\nhint: perf script "
			    "--list-dlfilters lists perf's own", o->dlfilter, strerror(errno));
		return -ENOTSUP;	/* perf's dlopen failure: -1 */
	}
	if (o->dlfilter) {
		strbuf_addf(err, "--dlfilter: loading filters (%s) is not implemented in perf-mini\n"
			    "hint: drop --dlfilter (and --dlarg), or use perf script", o->dlfilter);
		return -ENOTSUP;
	}
	if (o->xed) {
		strbuf_addstr(err, "--xed: perf-mini does not pipe its output through xed\nhint: "
			      "perf-mini script -F +insn ... | xed -F insn: -A -64");
		return -ENOTSUP;
	}
	return 0;
}

int script__check_opts(struct script *s)
{
	if (s->o->stitch_lbr && check_stitch_lbr(s))
		return -ENOTSUP;
	if (s->o->gen_script)
		return check_gen_script(s);
	if (s->o->script_name)
		return check_script(s);
	return check_aux(s);
}
