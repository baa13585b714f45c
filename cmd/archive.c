// SPDX-License-Identifier: GPL-2.0
/*
 * perf-mini archive [FILE]: FILE.tar.bz2 with what another machine needs
 * to report FILE with symbols (util/convert/archive), written whole or not
 * at all, and perf's instructions for unpacking it.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "builtin.h"
#include "../util/base/parse-options.h"
#include "../util/base/pending-file.h"
#include "../util/convert/archive.h"

static const char *const archive_usage[] = {
	"perf-mini archive [<options>] [<file>]",
	NULL,
};

static int run(const char *input, const char *output, struct strbuf *err)
{
	struct strbuf skipped = STRBUF_INIT, name = STRBUF_INIT;
	struct pending_file pf;
	struct perf_data pd = { 0 };
	FILE *f = NULL;
	int packed = -1, ret;

	strbuf_addstr(&name, output ? output : input);
	if (!output)
		strbuf_addstr(&name, ".tar.bz2");
	ret = perf_data__open(&pd, input, err);
	if (!ret && (ret = pending_file__fopen(&pf, name.buf, &f)))
		strbuf_addf(err, "cannot write %s: %s", name.buf, strerror(-ret));
	if (!ret)
		packed = archive__write(&pd, f, &skipped, err);
	if (f && (ret = pending_file__fclose(&pf, f, packed < 0 ? -EIO : 0)) && !err->len)
		strbuf_addf(err, "cannot write %s: %s", name.buf, strerror(-ret));
	if (skipped.len)
		cmd_warn_lines("archive", skipped.buf);
	if (!ret && packed >= 0)
		printf("Now please run:\n\n$ tar xvf %s -C ~/.debug\n\nwherever you need to run "
		       "'perf-mini report' (or perf report) on.\n", name.buf);
	if (!ret && packed == 0)
		fprintf(stderr, "perf-mini archive: warning: no binary could be packed: the "
			"archive holds nothing to resolve symbols with\n");
	perf_data__close(&pd);
	strbuf_release(&skipped);
	strbuf_release(&name);
	return ret || packed < 0 ? 1 : 0;
}

int cmd_archive(int argc, const char **argv, struct pm_env *env)
{
	const char *output = NULL;
	const struct option options[] = {
		OPT_STRING('o', "output", &output, "file",
			   "the archive's name (default: FILE.tar.bz2)"),
		OPT_END(),
	};
	struct strbuf err = STRBUF_INIT;
	int ret;

	(void)env;
	ret = parse_options(argc, argv, options, archive_usage, 0, &err);
	if (ret < 0) {
		ret = cmd_usage_result(ret, err.buf);
		strbuf_release(&err);
		return ret;
	}
	if (ret > 1) {
		strbuf_addf(&err, "one perf.data at a time: '%s' and '%s'", argv[0], argv[1]);
		ret = 129;
	} else {
		ret = run(ret == 1 ? argv[0] : "perf.data", output, &err);
	}
	if (err.len)
		cmd_error("archive", err.buf);
	strbuf_release(&err);
	return ret;
}
