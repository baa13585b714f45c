// SPDX-License-Identifier: GPL-2.0
/*
 * perf-mini data convert: a perf.data into another format (JSON, as perf
 * data convert --to-json writes it). The file is written beside its name
 * and renamed into place when whole: never half a file.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "builtin.h"
#include "../util/base/parse-options.h"
#include "../util/base/pending-file.h"
#include "../util/data/perf-data.h"
#include "../util/convert/autofdo.h"
#include "../util/convert/bolt.h"
#include "../util/convert/json-convert.h"
#include "../util/convert/pprof.h"
#include "../util/convert/speedscope.h"

static const char *const data_usage[] = {
	"perf-mini data convert [<options>]",
	NULL,
};

struct data_opts {
	const char *input, *to_json, *to_ctf, *to_pprof, *to_speedscope, *to_bolt, *to_autofdo;
	const char *binary;
	bool force, all, tod;
	int verbose;
};

static const char *output_of(const struct data_opts *o)
{
	return o->to_json ?: o->to_pprof ?: o->to_speedscope ?: o->to_bolt ?: o->to_autofdo;
}

/* What the options ask that cannot be done: 129 for a usage error, 1 for
 * what the machine or the file system refuses, with the fix in @err. */
static int check(const struct data_opts *o, struct strbuf *err)
{
	struct stat st;

	if (o->to_ctf) {
		strbuf_addstr(err, "--to-ctf needs babeltrace, which perf-mini does not use\n"
				   "hint: --to-json FILE");
		return 1;
	}
	if (!!o->to_json + !!o->to_pprof + !!o->to_speedscope + !!o->to_bolt +
	    !!o->to_autofdo != 1) {
		strbuf_addstr(err, output_of(o) ?
			      "--to-json, --to-pprof, --to-speedscope, --to-bolt and --to-autofdo: "
			      "one output at a time\nhint: run data convert once for each" :
			      "convert to what?\nhint: perf-mini data convert --to-json out.json "
			      "(or --to-pprof out.pb.gz, --to-speedscope out.json, "
			      "--to-bolt out.fdata, --to-autofdo out.prof) [-i perf.data]");
		return 129;
	}
	if (o->binary && !o->to_bolt && !o->to_autofdo) {
		strbuf_addstr(err, "--binary names the program of a --to-bolt or --to-autofdo "
				   "profile\nhint: --to-bolt out.fdata --binary PATH");
		return 129;
	}
	if (o->all || o->tod) {
		strbuf_addf(err, "%s does not apply to JSON, pprof, speedscope, BOLT or AutoFDO "
			    "output (as perf)\nhint: drop it", o->all ? "--all" : "--tod");
		return 129;
	}
	if (!o->force && !stat(output_of(o), &st)) {
		strbuf_addf(err, "%s exists\nhint: -f/--force overwrites it", output_of(o));
		return 1;
	}
	return 0;
}

/* Written under a temporary name beside the output, renamed when whole. */
static int convert_json(const struct data_opts *o, struct strbuf *err)
{
	struct perf_data pd = { 0 };
	struct json_convert_opts jo = { 0 };
	struct pending_file pf;
	struct stat st;
	uint64_t nr = 0;
	FILE *f = NULL;
	long size = 0;
	int ret = perf_data__open(&pd, o->input, err);

	if (!ret && !pd.pipe && !stat(o->input, &st))
		jo.captured_on = st.st_mtime;
	if (!ret && (ret = pending_file__fopen(&pf, o->to_json, &f)))
		strbuf_addf(err, "cannot write %s: %s", o->to_json, strerror(-ret));
	if (!ret) {
		ret = json_convert(&pd, &jo, f, &nr, err);
		size = ftell(f);
		if ((ret = pending_file__fclose(&pf, f, ret)) && !err->len)
			strbuf_addf(err, "cannot write %s: %s", o->to_json, strerror(-ret));
	}
	if (!ret)
		fprintf(stderr, "[ perf-mini data convert: Converted '%s' into JSON data '%s' ]\n"
			"[ perf-mini data convert: Converted and wrote %.3f MB (%llu samples) ]\n",
			o->input, o->to_json, (double)size / 1024 / 1024, (unsigned long long)nr);
	perf_data__close(&pd);
	return ret ? 1 : 0;
}

static int write_pprof(struct perf_data *pd, const struct data_opts *o, FILE *f, uint64_t *nr,
		       struct strbuf *err)
{
	struct pprof_opts po = { 0 };

	(void)o;
	return pprof_convert(pd, &po, f, nr, err);
}

static int write_speedscope(struct perf_data *pd, const struct data_opts *o, FILE *f,
			    uint64_t *nr, struct strbuf *err)
{
	return speedscope_convert(pd, o->input, f, nr, err);
}

static int write_bolt(struct perf_data *pd, const struct data_opts *o, FILE *f, uint64_t *nr,
		      struct strbuf *err)
{
	struct bolt_opts bo = { .binary = o->binary };

	return bolt_convert(pd, &bo, f, nr, err);
}

static int write_autofdo(struct perf_data *pd, const struct data_opts *o, FILE *f, uint64_t *nr,
			 struct strbuf *err)
{
	struct autofdo_opts ao = { .binary = o->binary };

	return autofdo_convert(pd, &ao, f, nr, err);
}

typedef int convert_fn(struct perf_data *pd, const struct data_opts *o, FILE *f, uint64_t *nr,
		       struct strbuf *err);

/* @out written by @fn, as @what, under a temporary name until whole. */
static int convert_to(const struct data_opts *o, const char *out, const char *what,
		      convert_fn *fn, struct strbuf *err)
{
	struct perf_data pd = { 0 };
	struct pending_file pf;
	uint64_t nr = 0;
	FILE *f = NULL;
	int ret = perf_data__open(&pd, o->input, err);

	if (!ret && (ret = pending_file__fopen(&pf, out, &f)))
		strbuf_addf(err, "cannot write %s: %s", out, strerror(-ret));
	if (!ret) {
		ret = fn(&pd, o, f, &nr, err);
		if ((ret = pending_file__fclose(&pf, f, ret)) && !err->len)
			strbuf_addf(err, "cannot write %s: %s", out, strerror(-ret));
	}
	if (!ret)
		fprintf(stderr, "[ perf-mini data convert: Converted '%s' into %s data '%s' "
			"(%llu samples) ]\n", o->input, what, out, (unsigned long long)nr);
	perf_data__close(&pd);
	return ret ? 1 : 0;
}

int cmd_data(int argc, const char **argv, struct pm_env *env)
{
	struct data_opts o = { .input = cmd_default_input() };
	const struct option options[] = {
		OPT_BOOLEAN('f', "force", &o.force, "don't complain, do it"),
		OPT_STRING('i', "input", &o.input, "file", "input file name"),
		OPT_INCR('v', "verbose", &o.verbose, "be more verbose"),
		OPT_BOOLEAN(0, "all", &o.all, "Convert all events"),
		OPT_STRING(0, "to-ctf", &o.to_ctf, "dir", "Convert to CTF format"),
		OPT_STRING(0, "to-json", &o.to_json, "file", "Convert to JSON format"),
		OPT_STRING(0, "to-pprof", &o.to_pprof, "file",
			   "Convert to pprof's profile.proto, gzipped"),
		OPT_STRING(0, "to-speedscope", &o.to_speedscope, "file",
			   "Convert to speedscope's JSON file format"),
		OPT_STRING(0, "to-bolt", &o.to_bolt, "file",
			   "Convert to BOLT's fdata profile (perf2bolt's), for llvm-bolt -data"),
		OPT_STRING(0, "to-autofdo", &o.to_autofdo, "file",
			   "Convert to AutoFDO's sample profile (create_llvm_prof's), for "
			   "clang -fprofile-sample-use"),
		OPT_STRING(0, "binary", &o.binary, "path",
			   "the program --to-bolt or --to-autofdo profiles (default: the "
			   "recording's executable)"),
		OPT_STRING(0, "bolt-binary", &o.binary, "path", "the same as --binary"),
		OPT_BOOLEAN(0, "tod", &o.tod, "Convert time to wall clock time"),
		OPT_END(),
	};
	struct strbuf err = STRBUF_INIT;
	int ret;

	(void)env;
	if (argc >= 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
		ret = parse_options(argc, argv, options, data_usage, 0, &err);
		ret = cmd_usage_result(ret, err.buf);
		strbuf_release(&err);
		return ret;
	}
	if (argc < 2 || strcmp(argv[1], "convert")) {
		cmd_error("data", argc < 2 ? "which data command?\nhint: perf-mini data convert "
				  "--to-json out.json" :
				  "the one data command is convert\nhint: perf-mini data convert "
				  "--to-json out.json");
		return 129;
	}
	ret = parse_options(argc - 1, argv + 1, options, data_usage, 0, &err);
	perf_data__trust_any_owner(o.force);
	if (ret < 0) {
		ret = cmd_usage_result(ret, err.buf);
		strbuf_release(&err);
		return ret;
	}
	if (ret > 0) {
		strbuf_addf(&err, "'%s' is not an option of data convert\nhint: name the input "
			    "with -i FILE", argv[2]);
		ret = 129;
	} else if (!(ret = check(&o, &err))) {
		ret = o.to_json ? convert_json(&o, &err) :
		      o.to_pprof ? convert_to(&o, o.to_pprof, "pprof", write_pprof, &err) :
		      o.to_bolt ? convert_to(&o, o.to_bolt, "BOLT", write_bolt, &err) :
		      o.to_autofdo ? convert_to(&o, o.to_autofdo, "AutoFDO", write_autofdo, &err) :
		      convert_to(&o, o.to_speedscope, "speedscope", write_speedscope, &err);
	}
	if (ret)
		cmd_error("data convert", err.buf);
	strbuf_release(&err);
	return ret;
}
