// SPDX-License-Identifier: GPL-2.0
/* serve's requests: the routes, and a profile recorded by a child perf-mini. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "http.h"
#include "serve.h"
#include "../convert/pprof.h"
#include "../data/perf-data.h"
#include "../base/util.h"

#define PROFILE_PATH "/debug/pprof/profile"
#define DEFAULT_SECONDS 30	/* Go's net/http/pprof default */

struct scratch {
	char dir[64], data[96], log[96];
};

static int scratch_make(struct scratch *t)
{
	const char *tmp = getenv("TMPDIR");

	snprintf(t->dir, sizeof(t->dir), "%s/perf-mini-serve.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (strlen(t->dir) + 16 >= sizeof(t->dir) || !mkdtemp(t->dir))
		return -errno;
	snprintf(t->data, sizeof(t->data), "%s/profile.data", t->dir);
	snprintf(t->log, sizeof(t->log), "%s/record.log", t->dir);
	return 0;
}

static void scratch_remove(const struct scratch *t)
{
	char old[sizeof(t->data) + 4];

	snprintf(old, sizeof(old), "%s.old", t->data);
	unlink(t->data);
	unlink(old);
	unlink(t->log);
	rmdir(t->dir);
}

static void __attribute__((noreturn)) exec_record(const char *const *argv,
						  const struct scratch *t)
{
	int log = open(t->log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	int null = open("/dev/null", O_RDWR | O_CLOEXEC);

	if (log >= 0 && null >= 0 && dup2(null, 0) >= 0 && dup2(null, 1) >= 0 &&
	    dup2(log, 2) >= 0)
		execv(argv[0], (char *const *)argv);
	_exit(127);
}

static pid_t start_record(const struct serve_opts *o, const struct scratch *t)
{
	const char *argv[16] = { o->self, "record", "-q", "-g", "-e", o->event, "-F", o->freq,
				 "-o", t->data };
	int n = 10;
	pid_t pid;

	if (o->pid)
		argv[n++] = "-p", argv[n++] = o->pid;
	else
		argv[n++] = "-a";
	argv[n] = NULL;
	pid = fork();
	if (!pid)
		exec_record(argv, t);
	return pid;
}

/*
 * Whether the record ran @seconds (or until stopped) and wrote its file;
 * *@status is its exit status.
 */
static bool run_record(pid_t pid, int seconds, volatile sig_atomic_t *stop, int *status)
{
	uint64_t end = clock_now_ns() + (uint64_t)seconds * 1000000000ULL;
	pid_t got;

	while (!(got = waitpid(pid, status, WNOHANG)) && clock_now_ns() < end && !*stop)
		nanosleep(&(struct timespec){ 0, 20000000 }, NULL);
	if (got == pid)	/* it ended by itself: an error, or the pid ended */
		return WIFEXITED(*status) && !WEXITSTATUS(*status);
	kill(pid, SIGINT);	/* as Ctrl-C: record writes its file and ends */
	while (waitpid(pid, status, 0) < 0 && errno == EINTR)
		;
	/* as perf after a Ctrl-C, record writes its file and dies of the signal */
	return (WIFEXITED(*status) && !WEXITSTATUS(*status)) ||
	       (WIFSIGNALED(*status) && WTERMSIG(*status) == SIGINT);
}

/* record's own message, for the client */
static void record_error(const struct scratch *t, int status, struct strbuf *why)
{
	char msg[1024];
	if (read_small_file(t->log, msg, sizeof(msg)) >= 0 && msg[0])
		strbuf_addf(why, "%s\n", msg);
	else
		strbuf_addf(why, "perf-mini record ended with status %d\n",
			    WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
}

static int convert(const struct scratch *t, struct strbuf *body, uint64_t *nr,
		   struct strbuf *why)
{
	struct perf_data pd = { 0 };
	struct pprof_opts po = { 0 };
	char *buf = NULL;
	size_t len = 0;
	FILE *f;
	int ret = perf_data__open(&pd, t->data, why);

	if (!ret && !(f = open_memstream(&buf, &len)))
		ret = -errno;
	if (!ret) {
		ret = pprof_convert(&pd, &po, f, nr, why);
		if (fclose(f) && !ret)
			ret = -EIO;
	}
	perf_data__close(&pd);
	if (!ret)
		strbuf_add(body, buf, len);
	free(buf);
	return ret;
}

/* 200 with @body, else the status with the cause in @why */
static int profile(const struct serve *s, int seconds, volatile sig_atomic_t *stop,
		   struct strbuf *body, struct strbuf *why)
{
	struct scratch t;
	uint64_t nr = 0;
	int status, ret;
	pid_t pid;

	if ((ret = scratch_make(&t))) {
		strbuf_addf(why, "cannot make a directory for the recording: %s\n", strerror(-ret));
		return 500;
	}
	pid = start_record(s->o, &t);
	if (pid < 0) {
		strbuf_addf(why, "cannot start perf-mini record: %s\n", strerror(errno));
		scratch_remove(&t);
		return 500;
	}
	if (!run_record(pid, seconds, stop, &status))
		record_error(&t, status, why);
	else if (convert(&t, body, &nr, why))
		strbuf_addch(why, '\n');
	else
		strbuf_addf(why, "%llu samples", (unsigned long long)nr);
	scratch_remove(&t);
	return body->len ? 200 : 500;
}

static int seconds_asked(const struct serve *s, const struct http_request *req,
			 struct strbuf *why)
{
	char v[32];
	int n = DEFAULT_SECONDS;

	if (http_query_value(req, "seconds", v, sizeof(v)) && (str_to_int(v, &n) || n < 1)) {
		strbuf_addf(why, "seconds=%s is not a whole number of seconds above 0\n", v);
		return -1;
	}
	if (n > s->o->max_seconds) {
		strbuf_addf(why, "seconds=%d is more than this server records (--max-seconds %d)\n",
			    n, s->o->max_seconds);
		return -1;
	}
	return n;
}

static int route(const struct serve *s, const struct http_request *req,
		 volatile sig_atomic_t *stop, struct strbuf *body, struct strbuf *why)
{
	int seconds;

	if (!strcmp(req->path, PROFILE_PATH)) {
		if ((seconds = seconds_asked(s, req, why)) < 0)
			return 400;
		return profile(s, seconds, stop, body, why);
	}
	if (!strcmp(req->path, "/debug/pprof/") || !strcmp(req->path, "/debug/pprof")) {
		strbuf_addf(body, "perf-mini serve: profiles of %s%s\n\n"
			    "profile: a CPU profile (record -g -e %s -F %s), gzipped pprof;\n"
			    "         ?seconds=N, %d by default, at most %d\n",
			    s->o->pid ? "pid " : "the whole system", s->o->pid ?: "", s->o->event,
			    s->o->freq, DEFAULT_SECONDS, s->o->max_seconds);
		return 200;
	}
	strbuf_addf(why, "no such profile: %s\nhint: " PROFILE_PATH "?seconds=N\n", req->path);
	return 404;
}

static void answer(const struct serve *s, int fd, volatile sig_atomic_t *stop)
{
	struct strbuf body = STRBUF_INIT, why = STRBUF_INIT;
	struct http_request req;
	struct strbuf line = STRBUF_INIT;
	int status = http_read_request(fd, &req);

	if (!status)
		status = route(s, &req, stop, &body, &why);
	if (status == 200 && !strcmp(req.path, PROFILE_PATH))
		http_respond(fd, 200, "application/octet-stream", body.buf, body.len);
	else if (status == 200)
		http_respond_text(fd, 200, body.buf);
	else
		http_respond_text(fd, status, why.len ? why.buf : "bad request\n");
	strbuf_addf(&line, "%s /%s%s%s", req.method[0] ? req.method : "?",
		    req.path[0] ? req.path + 1 : "", req.query[0] ? "?" : "", req.query);
	if (s->o->served)
		s->o->served(s->o->ctx, line.buf, status, why.buf);
	strbuf_release(&line);
	strbuf_release(&body);
	strbuf_release(&why);
}

int serve_run(struct serve *s, volatile sig_atomic_t *stop, struct strbuf *err)
{
	if (s->o->listening)
		s->o->listening(s->o->ctx, s->url);
	while (!*stop) {
		struct pollfd p = { .fd = s->fd, .events = POLLIN };
		int fd;

		if (poll(&p, 1, 500) <= 0)
			continue;	/* a timeout, or a signal: look at *stop */
		fd = accept4(s->fd, NULL, NULL, SOCK_CLOEXEC);
		if (fd < 0) {
			if (errno == EINTR || errno == ECONNABORTED || errno == EAGAIN)
				continue;
			strbuf_addf(err, "cannot accept a connection: %s", strerror(errno));
			return -errno;
		}
		answer(s, fd, stop);
		close(fd);
	}
	return 0;
}
