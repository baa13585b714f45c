// SPDX-License-Identifier: GPL-2.0
/*
 * serve's profiles: a child perf-mini records the target, a second one
 * converts the file to pprof, each in a private directory. Children, not
 * calls: the server stays able to stop (or drop a client that left) at any
 * moment, whatever the size of the recording.
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

#include "serve-internal.h"
#include "../base/util.h"

#define NS_PER_SEC 1000000000ULL
/* how long a record may take to write its file after the SIGINT */
#define FINISH_GRACE_NS (30 * NS_PER_SEC)

/* the directory's name leaves room for its files' */
struct scratch {
	char dir[PATH_MAX - 32], data[PATH_MAX], pprof[PATH_MAX], log[PATH_MAX];
};

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

static int record(const struct serve_opts *o, const struct scratch *t, int seconds, int client,
		  volatile sig_atomic_t *stop, struct strbuf *why)
{
	const char *argv[16] = { o->self, "record", "-q", "-g", "-e", o->event, "-F", o->freq,
				 "-o", t->data };
	int n = 10, status = 0;
	enum child_end end;
	pid_t pid;

	if (o->pid)
		argv[n++] = "-p", argv[n++] = o->pid;
	else
		argv[n++] = "-a";
	pid = start_child(argv, t);
	if (pid < 0) {
		strbuf_addf(why, "cannot start perf-mini record: %s\n", strerror(errno));
		return 500;
	}
	end = wait_child(pid, clock_now_ns() + (uint64_t)seconds * NS_PER_SEC, client, stop,
			 &status);
	if (end == ABANDONED)
		return *stop ? 503 : 499;
	if (!ended_well(end, status)) {
		child_error(t, "record", status, why);
		return 500;
	}
	return 200;
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
static unsigned long long samples_converted(const struct scratch *t)
{
	char msg[1024];
	unsigned long long n = 0;
	const char *p;

	if (read_small_file(t->log, msg, sizeof(msg)) > 0 && (p = strrchr(msg, '(')))
		sscanf(p, "(%llu samples)", &n);
	return n;
}

static int convert(const struct serve_opts *o, const struct scratch *t, int client,
		   volatile sig_atomic_t *stop, struct strbuf *body, struct strbuf *why)
{
	const char *argv[] = { o->self, "data", "convert", "--to-pprof", t->pprof,
			       "-i", t->data, NULL };
	enum child_end end;
	int status = 0;
	pid_t pid = start_child(argv, t);

	if (pid < 0) {
		strbuf_addf(why, "cannot start perf-mini data convert: %s\n", strerror(errno));
		return 500;
	}
	end = wait_child(pid, 0, client, stop, &status);
	if (end == ABANDONED)
		return *stop ? 503 : 499;
	if (!ended_well(end, status)) {
		child_error(t, "data convert", status, why);
		return 500;
	}
	if ((status = read_whole(t->pprof, body))) {
		strbuf_addf(why, "cannot read the profile: %s\n", strerror(-status));
		return 500;
	}
	strbuf_addf(why, "%llu samples, ", samples_converted(t));
	return 200;
}

int serve_profile(const struct serve_opts *o, int seconds, int client,
		  volatile sig_atomic_t *stop, struct strbuf *body, struct strbuf *why)
{
	struct scratch t;
	int ret = scratch_make(&t);

	if (ret) {
		strbuf_addf(why, "cannot make a directory for the recording in %s: %s\n"
			    "hint: point TMPDIR at a short path this user may write\n",
			    getenv("TMPDIR") ?: "/tmp", strerror(-ret));
		return 500;
	}
	ret = record(o, &t, seconds, client, stop, why);
	if (ret == 200)
		ret = convert(o, &t, client, stop, body, why);
	if (ret == 200)
		strbuf_addf(why, "%zu bytes", body->len);
	else if (ret == 499)
		strbuf_addstr(why, "the client left before its profile was ready\n");
	else if (ret == 503)
		strbuf_addstr(why, "the server is stopping\n");
	scratch_remove(&t);
	return ret;
}
