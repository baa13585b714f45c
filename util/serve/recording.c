// SPDX-License-Identifier: GPL-2.0
/*
 * serve's profiles: a child perf-mini records the target, a second one
 * converts the file to pprof, in a private directory. Children, not
 * calls: the server stays able to stop (or drop a client that left) at any
 * moment, whatever the size of the recording, and a thread of its own
 * (push's uploads) never meets a fork of a half-done library call.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "internal.h"
#include "../base/util.h"

#define NS_PER_SEC 1000000000ULL
/* how long a record may take to write its file after the SIGINT */
#define FINISH_GRACE_NS (30 * NS_PER_SEC)

static int scratch_make(struct scratch *t)
{
	const char *tmp = getenv("TMPDIR");

	tmp = tmp && *tmp ? tmp : "/tmp";
	if (snprintf(t->dir, sizeof(t->dir), "%s/perf-mini-serve.XXXXXX", tmp) >=
	    (int)sizeof(t->dir))
		return -ENAMETOOLONG;
	if (!mkdtemp(t->dir))
		return -errno;
	snprintf(t->data, sizeof(t->data), "%s/profile.data", t->dir);
	snprintf(t->pprof, sizeof(t->pprof), "%s/profile.pb.gz", t->dir);
	snprintf(t->log, sizeof(t->log), "%s/child.log", t->dir);
	return 0;
}

static void scratch_remove(const struct scratch *t)
{
	char old[PATH_MAX + 4];

	snprintf(old, sizeof(old), "%s.old", t->data);
	unlink(t->data);
	unlink(old);
	unlink(t->pprof);
	unlink(t->log);
	rmdir(t->dir);
}

/* @argv reading and writing /dev/null, its messages (fd 2) into the log */
static pid_t start_child(const char *const *argv, const struct scratch *t)
{
	pid_t pid = fork();
	int log, null;

	if (pid)
		return pid;
	log = open(t->log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	null = open("/dev/null", O_RDWR | O_CLOEXEC);
	if (log >= 0 && null >= 0 && dup2(null, 0) >= 0 && dup2(null, 1) >= 0 &&
	    dup2(log, 2) >= 0)
		execv(argv[0], (char *const *)argv);
	_exit(127);
}

static bool client_gone(int client)
{
	struct pollfd p = { .fd = client, .events = POLLRDHUP };

	return poll(&p, 1, 0) > 0 && (p.revents & (POLLRDHUP | POLLHUP | POLLERR));
}

static void nap(void)
{
	nanosleep(&(struct timespec){ 0, 20000000 }, NULL);
}

/* reaped within @ns of now, else killed */
static void reap_within(pid_t pid, uint64_t ns, int *status)
{
	uint64_t end = clock_now_ns() + ns;

	while (!waitpid(pid, status, WNOHANG) && clock_now_ns() < end)
		nap();
	if (clock_now_ns() >= end) {
		kill(pid, SIGKILL);
		while (waitpid(pid, status, 0) < 0 && errno == EINTR)
			;
	}
}

enum child_end { ENDED, STOPPED_AT_DEADLINE, ABANDONED };

/*
 * Until @pid ends, or @deadline (not 0) passes: then SIGINT, as a Ctrl-C
 * that makes record write its file; or the server stops or the client
 * leaves: then SIGKILL, as nobody wants the result.
 */
static enum child_end wait_child(pid_t pid, uint64_t deadline, int client,
				 volatile sig_atomic_t *stop, int *status)
{
	pid_t got;

	while (!(got = waitpid(pid, status, WNOHANG))) {
		if (*stop || client_gone(client)) {
			kill(pid, SIGKILL);
			reap_within(pid, FINISH_GRACE_NS, status);
			return ABANDONED;
		}
		if (deadline && clock_now_ns() >= deadline) {
			kill(pid, SIGINT);
			reap_within(pid, FINISH_GRACE_NS, status);
			return STOPPED_AT_DEADLINE;
		}
		nap();
	}
	if (got < 0)
		*status = W_EXITCODE(127, 0);
	return ENDED;
}

static bool ended_well(enum child_end end, int status)
{
	if (WIFEXITED(status) && !WEXITSTATUS(status))
		return end != ABANDONED;
	/* as perf after a Ctrl-C, record writes its file and dies of the signal */
	return end == STOPPED_AT_DEADLINE && WIFSIGNALED(status) && WTERMSIG(status) == SIGINT;
}

/* the child's own message, for the client */
static void child_error(const struct scratch *t, const char *what, int status,
			struct strbuf *why)
{
	char msg[1024];

	if (read_small_file(t->log, msg, sizeof(msg)) > 0)
		strbuf_addf(why, "%s\n", msg);
	else
		strbuf_addf(why, "perf-mini %s ended with status %d\n", what,
			    WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
}

static int read_whole(const char *path, struct strbuf *body)
{
	char buf[65536];
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -errno;
	while ((n = read(fd, buf, sizeof(buf))) > 0 || (n < 0 && errno == EINTR))
		if (n > 0)
			strbuf_add(body, buf, (size_t)n);
	n = n < 0 ? -errno : 0;
	close(fd);
	return (int)n;
}

/* data convert's count, from its line "... (N samples) ]" */
static uint64_t samples_converted(const struct scratch *t)
{
	char msg[1024];
	unsigned long long n = 0;
	const char *p;

	if (read_small_file(t->log, msg, sizeof(msg)) > 0 && (p = strrchr(msg, '(')))
		sscanf(p, "(%llu samples)", &n);
	return n;
}

/* 0, -EINTR when given up (a stop, the client gone), else -EIO with why */
static int convert(const struct serve_opts *o, const struct scratch *t, int client,
		   volatile sig_atomic_t *stop, struct strbuf *body, struct strbuf *why)
{
	static volatile sig_atomic_t never;
	const char *argv[] = { o->self, "data", "convert", "--to-pprof", t->pprof,
			       "-i", t->data, NULL };
	enum child_end end;
	int status = 0, ret;
	pid_t pid = start_child(argv, t);

	if (pid < 0) {
		strbuf_addf(why, "cannot start perf-mini data convert: %s\n", strerror(errno));
		return -EIO;
	}
	end = wait_child(pid, 0, client, stop ?: &never, &status);
	if (end == ABANDONED)
		return -EINTR;
	if (!ended_well(end, status)) {
		child_error(t, "data convert", status, why);
		return -EIO;
	}
	if ((ret = read_whole(t->pprof, body))) {
		strbuf_addf(why, "cannot read the profile: %s\n", strerror(-ret));
		return -EIO;
	}
	return 0;
}

int recording__start(struct recording *r, const struct serve_opts *o, struct strbuf *why)
{
	const char *argv[16] = { o->self, "record", "-q", "-g", "-e", o->event, "-F", o->freq,
				 "-o", r->t.data };
	int n = 10, ret;

	memset(r, 0, sizeof(*r));
	if ((ret = scratch_make(&r->t))) {
		strbuf_addf(why, "cannot make a directory for the recording in %s: %s\n"
			    "hint: point TMPDIR at a short path this user may write\n",
			    getenv("TMPDIR") ?: "/tmp", strerror(-ret));
		return ret;
	}
	if (o->pid)
		argv[n++] = "-p", argv[n++] = o->pid;
	else
		argv[n++] = "-a";
	r->pid = start_child(argv, &r->t);
	if (r->pid < 0) {
		ret = -errno;
		strbuf_addf(why, "cannot start perf-mini record: %s\n", strerror(errno));
		r->pid = 0;
		scratch_remove(&r->t);
		return ret;
	}
	return 0;
}

bool recording__has_ended(struct recording *r)
{
	if (r->pid > 0 && waitpid(r->pid, &r->status, WNOHANG) == r->pid) {
		r->pid = 0;
		r->ended_itself = true;
	}
	return !r->pid;
}

void recording__abandon(struct recording *r)
{
	if (r->pid > 0) {
		kill(r->pid, SIGKILL);
		reap_within(r->pid, FINISH_GRACE_NS, &r->status);
		r->pid = 0;
	}
	scratch_remove(&r->t);
}

/* whether record wrote its file: it ended well, or of the SIGINT we sent */
static bool stop_record(struct recording *r)
{
	if (!recording__has_ended(r)) {
		kill(r->pid, SIGINT);	/* as Ctrl-C: record writes its file and ends */
		reap_within(r->pid, FINISH_GRACE_NS, &r->status);
		r->pid = 0;
	}
	return ended_well(r->ended_itself ? ENDED : STOPPED_AT_DEADLINE, r->status);
}

int recording__finish(struct recording *r, const struct serve_opts *o, int client,
		      volatile sig_atomic_t *stop, struct strbuf *body, uint64_t *nr,
		      struct strbuf *why)
{
	int ret = 0;

	if (!stop_record(r)) {
		child_error(&r->t, "record", r->status, why);
		ret = -EIO;
	} else {
		ret = convert(o, &r->t, client, stop, body, why);
		*nr = ret ? 0 : samples_converted(&r->t);
	}
	scratch_remove(&r->t);
	return ret;
}

static int gave_up(volatile sig_atomic_t *stop, struct strbuf *why)
{
	strbuf_addstr(why, *stop ? "the server is stopping\n" :
			       "the client left before its profile was ready\n");
	return *stop ? 503 : 499;
}

int serve_profile(const struct serve_opts *o, int seconds, int client,
		  volatile sig_atomic_t *stop, struct strbuf *body, struct strbuf *why)
{
	uint64_t end = clock_now_ns() + (uint64_t)seconds * NS_PER_SEC, nr = 0;
	struct recording r;
	int ret;

	if (recording__start(&r, o, why))
		return 500;
	while (!recording__has_ended(&r) && clock_now_ns() < end) {
		if (*stop || client_gone(client)) {
			recording__abandon(&r);
			return gave_up(stop, why);
		}
		nap();
	}
	ret = recording__finish(&r, o, client, stop, body, &nr, why);
	if (ret == -EINTR)
		return gave_up(stop, why);
	if (ret)
		return 500;
	strbuf_addf(why, "%llu samples, %zu bytes", (unsigned long long)nr, body->len);
	return 200;
}
