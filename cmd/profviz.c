// SPDX-License-Identifier: GPL-2.0
/*
 * perf-mini profviz: run a program built with -finstrument-functions
 * under profviz.so, which counts each function and call arc through the
 * self-monitoring library and writes a Graphviz call graph and folded
 * stacks at exit (util/selfmon/profviz.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "builtin.h"
#include "../util/base/parse-options.h"
#include "../util/events/evlist.h"
#include "../util/events/parse-events.h"
#include "../util/events/workload.h"
#include "../util/selfmon/launch.h"

static const char *const profviz_usage[] = {
	"perf-mini profviz [<options>] [--] <command> [<args>]",
	NULL,
};

struct profviz_opts {
	const char *events;
	const char *output;
};

static int setup_env(const struct profviz_opts *o, struct pm_env *env, struct strbuf *err)
{
	struct parse_events_ctx ctx = { .pmus = cmd_pmus_new(env), .tool = "profviz",
					.tracefs_dir = env->tracefs_dir };
	struct evlist *l = evlist__new();
	struct strbuf events = STRBUF_INIT, so = STRBUF_INIT, preload = STRBUF_INIT;
	const char *old = getenv("LD_PRELOAD");
	char exe[4096];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	int ret = 0;

	exe[n > 0 ? n : 0] = '\0';
	if (o->events && parse_events(l, o->events, &ctx, err))
		ret = -EINVAL;	/* a usage error, as stat -e */
	else if (profviz__events_env(l, &events))
		strbuf_addf(err, "%d events given, profviz weighs its graph by at most %d\nhint: "
			    "name fewer with -e", l->nr, PROFVIZ_EVENTS_MAX), ret = -E2BIG;
	else
		ret = profviz__find_so(exe, &so, err);
	if (!ret) {
		strbuf_addf(&preload, "%s%s%s", so.buf, old && *old ? " " : "", old ? old : "");
		setenv("LD_PRELOAD", preload.buf, 1);
		setenv("PERF_MINI_PROFVIZ_OUTPUT", o->output, 1);
		if (events.len)
			setenv("PERF_MINI_PROFVIZ_EVENTS", events.buf, 1);
		else
			unsetenv("PERF_MINI_PROFVIZ_EVENTS");
	}
	strbuf_release(&events);
	strbuf_release(&so);
	strbuf_release(&preload);
	evlist__delete(l);
	pmus__delete(ctx.pmus);
	return ret;
}

/* Refuse what profviz.so cannot see into, before running it. */
static int check_target(const char *prog, struct strbuf *err)
{
	switch (profviz__inspect(prog)) {
	case PROFVIZ_NOT_INSTRUMENTED:
		strbuf_addf(err, "'%s' calls no -finstrument-functions hooks: there is nothing "
			    "to graph\nhint: build it with gcc -finstrument-functions (and -g "
			    "for names), or profile it with perf-mini record -g", prog);
		return -EINVAL;
	case PROFVIZ_STATIC:
		strbuf_addf(err, "'%s' is statically linked: LD_PRELOAD cannot put profviz.so's "
			    "hooks in it\nhint: link it dynamically", prog);
		return -EINVAL;
	default:
		return 0;
	}
}

static bool written_since(const char *path, const struct timespec *t)
{
	struct stat st;

	return !stat(path, &st) && (st.st_mtim.tv_sec > t->tv_sec ||
				    (st.st_mtim.tv_sec == t->tv_sec &&
				     st.st_mtim.tv_nsec >= t->tv_nsec));
}

static int run(const struct profviz_opts *o, const char **argv, struct strbuf *err)
{
	struct workload wl = { .pid = -1 };
	struct timespec start;
	int status = 0, ret;

	clock_gettime(CLOCK_REALTIME, &start);
	start.tv_nsec = 0;	/* file times may be coarser */
	ret = workload__prepare(&wl, argv, false, err);
	if (!ret)
		ret = workload__start(&wl, argv[0], err);
	if (ret)
		return ret == -ENOENT ? 127 : 126;
	while (waitpid(wl.pid, &status, 0) < 0 && errno == EINTR)
		;
	workload__abort(&wl);
	if (!written_since(o->output, &start)) {
		strbuf_addf(err, "no graph was written to %s: '%s' ran no instrumented function "
			    "to its end, or died before exit", o->output, argv[0]);
		return 1;
	}
	fprintf(stderr, "perf-mini profviz: call graph in %s, folded stacks beside it\n",
		o->output);
	return workload__exit_code(status);
}

int cmd_profviz(int argc, const char **argv, struct pm_env *env)
{
	struct profviz_opts o = { .output = "prof.dot" };
	const struct option options[] = {
		OPT_STRING('e', "event", &o.events, "event",
			   "events to count per function, the first weighs the graph "
			   "(default: cycles:u, else task-clock)"),
		OPT_STRING('o', "output", &o.output, "file",
			   "Graphviz call graph (prof.dot); folded stacks go beside it"),
		OPT_END(),
	};
	struct strbuf err = STRBUF_INIT;
	int ret = parse_options(argc, argv, options, profviz_usage,
				PARSE_OPT_STOP_AT_NON_OPTION, &err);

	if (ret < 0) {
		ret = cmd_usage_result(ret, err.buf);
		strbuf_release(&err);
		return ret;
	}
	if (!ret) {
		strbuf_addstr(&err, "no command to run\nhint: perf-mini profviz -- ./prog (built "
			      "with -finstrument-functions)");
		ret = 129;
	} else if (check_target(argv[0], &err)) {
		ret = 1;
	} else if ((ret = setup_env(&o, env, &err))) {
		ret = ret == -EINVAL ? 129 : 1;
	} else {
		ret = run(&o, argv, &err);
	}
	if (err.len)
		cmd_error("profviz", err.buf);
	strbuf_release(&err);
	return ret;
}

/*
 * perf's --exec-path: where its helper programs are. perf-mini's one
 * helper is profviz.so; the directory it is found in, else where make
 * install puts it.
 */
int cmd_print_exec_path(void)
{
	struct strbuf so = STRBUF_INIT, err = STRBUF_INIT;
	char exe[4096];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	char *slash;

	exe[n > 0 ? n : 0] = '\0';
	if (profviz__find_so(exe, &so, &err)) {
		strbuf_reset(&so);
		slash = strrchr(exe, '/');
		strbuf_addf(&so, "%.*s/../lib/perf-mini/profviz.so", slash ? (int)(slash - exe) : 1,
			    slash ? exe : ".");
	}
	slash = strrchr(so.buf, '/');
	printf("%.*s\n", slash ? (int)(slash - so.buf) : (int)so.len, so.buf);
	strbuf_release(&so);
	strbuf_release(&err);
	return 0;
}
