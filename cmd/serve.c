// SPDX-License-Identifier: GPL-2.0
/*
 * perf-mini serve: CPU profiles over HTTP at Go's /debug/pprof/profile,
 * for go tool pprof and the continuous profilers that pull from it, and
 * pushed to Pyroscope's /ingest with --push (util/serve).
 */
#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "builtin.h"
#include "../util/base/parse-options.h"
#include "../util/base/util.h"
#include "../util/serve/serve.h"

static const char *const serve_usage[] = {
	"perf-mini serve [<options>]",
	NULL,
};

static volatile sig_atomic_t stop;

static void on_stop(int sig)
{
	(void)sig;
	stop = 1;
}

/* no SA_RESTART: a signal ends the wait for a connection at once */
static void catch_stop_signals(void)
{
	struct sigaction sa = { .sa_handler = on_stop };

	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
}

static void listening(void *ctx, const char *url)
{
	(void)ctx;
	fprintf(stderr, "perf-mini serve: profiles at %sprofile?seconds=N\n", url);
}

static void served(void *ctx, const char *request, int status, const char *note)
{
	const char *end = strchr(note, '\n');

	(void)ctx;
	fprintf(stderr, "perf-mini serve: %s: %d%s%.*s\n", request, status, *note ? ", " : "",
		(int)(end ? end - note : (long)strlen(note)), note);
}

/* from the upload thread too: one fprintf, one line */
static void pushing(void *ctx, const char *msg)
{
	(void)ctx;
	fprintf(stderr, "perf-mini serve: push: %s\n", msg);
}

/* a name Pyroscope takes as an application name: letters, digits, . _ - */
static bool is_app_name(const char *s)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && !strchr("._-", *s))
			return false;
	return true;
}

static int check_push(const struct serve_opts *o, struct strbuf *err)
{
	if (!strcmp(o->listen, "none") && !o->push_url) {
		strbuf_addstr(err, "--http none and no --push: nothing to do\nhint: --push "
			      "http://HOST:4040 to push to a Pyroscope, or serve on --http");
		return 129;
	}
	if (o->push_interval < 1) {
		strbuf_addstr(err, "--push-interval takes a number of seconds above 0");
		return 129;
	}
	if (!is_app_name(o->app)) {
		strbuf_addf(err, "--app '%s' is not an application name\nhint: letters, digits, "
			    "'.', '_' and '-', as in --app my-service", o->app);
		return 129;
	}
	return 0;
}

static int check(const struct serve_opts *o, bool all, struct strbuf *err)
{
	int pid;

	if (all && o->pid) {
		strbuf_addstr(err, "-a and -p: one target\nhint: drop -a to profile the process");
		return 129;
	}
	if (o->pid && (str_to_int(o->pid, &pid) || pid <= 0)) {
		strbuf_addf(err, "-p '%s' is not a process id", o->pid);
		return 129;
	}
	if (o->max_seconds < 1) {
		strbuf_addstr(err, "--max-seconds takes a number of seconds above 0");
		return 129;
	}
	return check_push(o, err);
}

static int serve(const struct serve_opts *o, struct strbuf *err)
{
	struct serve s;
	int ret = serve_open(&s, o, err);

	if (ret)	/* a malformed address or URL is a usage error, a busy one not */
		return ret == -EINVAL ? 129 : 255;
	catch_stop_signals();
	ret = serve_run(&s, &stop, err);
	serve_close(&s);
	return ret ? 255 : 0;
}

int cmd_serve(int argc, const char **argv, struct pm_env *env)
{
	struct serve_opts o = { .listen = "127.0.0.1:6060", .self = "/proc/self/exe",
				.event = "cpu-clock", .freq = "99", .max_seconds = 300,
				.push_interval = 10, .app = "perf-mini",
				.listening = listening, .served = served, .pushing = pushing };
	bool all = false;
	const struct option options[] = {
		OPT_STRING(0, "http", &o.listen, "addr:port",
			   "where to serve (127.0.0.1:6060; :0 takes a free port of the loopback; "
			   "none: push only)"),
		OPT_BOOLEAN('a', "all-cpus", &all, "profile the whole system (the default)"),
		OPT_STRING('p', "pid", &o.pid, "pid", "profile this process (and its threads)"),
		OPT_STRING('e', "event", &o.event, "event", "the event sampled (cpu-clock)"),
		OPT_STRING('F', "freq", &o.freq, "freq", "samples a second (99)"),
		OPT_INTEGER(0, "max-seconds", &o.max_seconds,
			    "the longest profile a request may ask for (300)"),
		OPT_STRING(0, "push", &o.push_url, "url",
			   "also push a profile every interval to Pyroscope at this http:// URL"),
		OPT_INTEGER(0, "push-interval", &o.push_interval,
			    "seconds each pushed profile spans (10)"),
		OPT_STRING(0, "app", &o.app, "name",
			   "the application name pushed profiles are under (perf-mini)"),
		OPT_END(),
	};
	struct strbuf err = STRBUF_INIT;
	int ret = parse_options(argc, argv, options, serve_usage, 0, &err);

	(void)env;
	if (ret < 0) {
		ret = cmd_usage_result(ret, err.buf);
	} else if (ret > 0) {
		cmd_error("serve", "takes no arguments\nhint: profile a process with -p PID");
		ret = 129;
	} else if ((ret = check(&o, all, &err)) || (ret = serve(&o, &err))) {
		cmd_error("serve", err.buf);
	}
	strbuf_release(&err);
	return ret;
}
