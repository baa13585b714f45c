// SPDX-License-Identifier: GPL-2.0
/*
 * --push: profiles POSTed to Pyroscope's /ingest. The serving loop owns
 * the recordings (push__tick); one upload thread owns the network, so a
 * server that is down or slow never holds a request to /debug/pprof/.
 * They share only the queue, under one mutex; a job belongs to whoever
 * took it out of the queue.
 */
#include <ctype.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "http-client.h"
#include "internal.h"
#include "../base/util.h"
#include "../base/xalloc.h"

#define PUSH_QUEUE_MAX 4	/* profiles kept while the server is down */
#define PUSH_TIMEOUT_MS 10000	/* one POST, connect to status line */
#define BACKOFF_MAX_S 30

struct push_job {
	long from, until;	/* unix seconds */
	uint64_t nr;		/* samples */
	struct strbuf target;	/* /ingest?name=...&from=... */
	struct strbuf body;	/* gzipped pprof */
};

struct push {
	const struct serve_opts *o;
	struct http_url url;
	struct strbuf name;		/* app{host=...}, URL-encoded */
	/* the serving loop's */
	struct recording rec;
	bool recording;
	long from;
	uint64_t due_ns;		/* when the recording ends, or the next starts */
	/* shared, under lock */
	pthread_mutex_t lock;
	pthread_cond_t wake;
	struct push_job *queue[PUSH_QUEUE_MAX];	/* oldest first */
	int nr;
	bool quit;
	unsigned long nr_dropped;
	pthread_t thread;
};

static void say(const struct push *p, const char *msg)
{
	if (p->o->pushing)
		p->o->pushing(p->o->ctx, msg);
}

/* record's message, one line, after @what */
static void say_why(const struct push *p, const char *what, const struct strbuf *why)
{
	struct strbuf msg = STRBUF_INIT;

	strbuf_addf(&msg, "%s%s", what, why->buf);
	strbuf_rtrim(&msg);
	say(p, msg.buf);
	strbuf_release(&msg);
}

/* percent-encoded but for RFC 3986's unreserved characters */
static void add_encoded(struct strbuf *sb, const char *s)
{
	for (; *s; s++) {
		if (isalnum((unsigned char)*s) || strchr("-._~", *s))
			strbuf_addch(sb, *s);
		else
			strbuf_addf(sb, "%%%02X", (unsigned char)*s);
	}
}

/* a label value Pyroscope's name grammar takes: others become '_' */
static void add_label(struct strbuf *sb, const char *key, const char *value)
{
	strbuf_addf(sb, "%s%s=", sb->buf[sb->len - 1] == '{' ? "" : ",", key);
	for (; *value && *value != '\n'; value++)
		strbuf_addch(sb, isalnum((unsigned char)*value) || strchr("-._", *value) ?
			     *value : '_');
}

/* app{host=H} or app{host=H,pid=P,comm=C}: the series this target is in */
static void build_name(struct push *p, struct strbuf *plain)
{
	char host[256] = "unknown", comm[64] = "", path[64];

	if (gethostname(host, sizeof(host)))
		snprintf(host, sizeof(host), "unknown");
	host[sizeof(host) - 1] = '\0';
	strbuf_addf(plain, "%s{", p->o->app);
	add_label(plain, "host", host);
	if (p->o->pid) {
		add_label(plain, "pid", p->o->pid);
		snprintf(path, sizeof(path), "/proc/%s/comm", p->o->pid);
		if (read_small_file(path, comm, sizeof(comm)) >= 0 && comm[0])
			add_label(plain, "comm", comm);
	}
	strbuf_addch(plain, '}');
	add_encoded(&p->name, plain->buf);
}

static void job_delete(struct push_job *job)
{
	if (!job)
		return;
	strbuf_release(&job->target);
	strbuf_release(&job->body);
	free(job);
}

static void say_dropped(struct push *p, const struct push_job *job, unsigned long nr_dropped)
{
	struct strbuf msg = STRBUF_INIT;

	strbuf_addf(&msg, "queue full (%d profiles): dropped the profile of %ld-%ld, "
		    "%lu dropped in all", PUSH_QUEUE_MAX, job->from, job->until, nr_dropped);
	say(p, msg.buf);
	strbuf_release(&msg);
}

/* the main thread's side: the oldest goes when the queue is full */
static void enqueue(struct push *p, struct push_job *job)
{
	struct push_job *dropped = NULL;
	unsigned long nr_dropped;

	pthread_mutex_lock(&p->lock);
	if (p->nr == PUSH_QUEUE_MAX) {
		dropped = p->queue[0];
		memmove(p->queue, p->queue + 1, sizeof(p->queue[0]) * (size_t)--p->nr);
		p->nr_dropped++;
	}
	p->queue[p->nr++] = job;
	nr_dropped = p->nr_dropped;
	pthread_cond_signal(&p->wake);
	pthread_mutex_unlock(&p->lock);
	if (dropped)
		say_dropped(p, dropped, nr_dropped);
	job_delete(dropped);
}

static void start_round(struct push *p)
{
	struct strbuf why = STRBUF_INIT;

	p->due_ns = clock_now_ns() + (uint64_t)p->o->push_interval * 1000000000ULL;
	p->from = (long)time(NULL);
	p->recording = !recording__start(&p->rec, p->o, &why);
	if (!p->recording)
		say_why(p, "cannot record: ", &why);
	strbuf_release(&why);
}

static void end_round(struct push *p)
{
	struct push_job *job = must_calloc(1, sizeof(*job));
	struct strbuf why = STRBUF_INIT, plain = STRBUF_INIT;

	p->recording = false;
	strbuf_reset(&p->name);	/* the comm now: the target may have exec'd */
	build_name(p, &plain);
	strbuf_release(&plain);
	strbuf_init(&job->body, 0);
	strbuf_init(&job->target, 0);
	job->from = p->from;
	job->until = (long)time(NULL) > p->from ? (long)time(NULL) : p->from + 1;
	if (recording__finish(&p->rec, p->o, -1, NULL, &job->body, &job->nr, &why)) {
		say_why(p, "cannot record: ", &why);
		job_delete(job);
	} else {
		strbuf_addf(&job->target, "/ingest?name=%s&from=%ld&until=%ld&format=pprof"
			    "&sampleRate=", p->name.buf, job->from, job->until);
		add_encoded(&job->target, p->o->freq);
		strbuf_addstr(&job->target, "&spyName=perf-mini");
		enqueue(p, job);
	}
	strbuf_release(&why);
}

void push__tick(struct push *p)
{
	uint64_t now = clock_now_ns();

	if (!p->recording) {
		if (now >= p->due_ns)
			start_round(p);
		return;
	}
	if (now < p->due_ns && !recording__has_ended(&p->rec))
		return;
	end_round(p);
	/* a record that ended early (the target gone) waits out its interval */
	if (now >= p->due_ns)
		start_round(p);
}

int push__wait_ms(const struct push *p)
{
	uint64_t now = clock_now_ns();

	uint64_t ms = now >= p->due_ns ? 0 : (p->due_ns - now) / 1000000;

	return ms > 60000 ? 60000 : (int)ms;
}

/* the upload thread's side: under lock, the oldest job, now the thread's */
static struct push_job *dequeue(struct push *p)
{
	struct push_job *job = p->queue[0];

	memmove(p->queue, p->queue + 1, sizeof(p->queue[0]) * (size_t)--p->nr);
	return job;
}

/*
 * Under lock, a job that failed goes back to the front, unless newer ones
 * filled the queue meanwhile: then it is the oldest, and dropped.
 */
static struct push_job *requeue(struct push *p, struct push_job *job)
{
	if (p->nr == PUSH_QUEUE_MAX) {
		p->nr_dropped++;
		return job;
	}
	memmove(p->queue + 1, p->queue, sizeof(p->queue[0]) * (size_t)p->nr++);
	p->queue[0] = job;
	return NULL;
}

/* a 5xx, a 408 or 429, or no answer: worth another try */
static bool is_transient(int status)
{
	return status < 0 || status >= 500 || status == 408 || status == 429;
}

/* one try: whether to try again, with the outcome said */
static bool send_job(struct push *p, const struct push_job *job, int backoff_s)
{
	struct strbuf err = STRBUF_INIT, msg = STRBUF_INIT;
	int status = http_post(&p->url, job->target.buf, "application/octet-stream",
			       job->body.buf, job->body.len, PUSH_TIMEOUT_MS, &err);
	bool again = is_transient(status);

	strbuf_addf(&msg, "push of %ld-%ld, %llu samples: ", job->from, job->until,
		    (unsigned long long)job->nr);
	if (status < 0)
		strbuf_addstr(&msg, err.buf);
	else
		strbuf_addf(&msg, "answered %d", status);
	if (again)
		strbuf_addf(&msg, "; retrying in %ds", backoff_s);
	else if (status >= 300)
		strbuf_addstr(&msg, "; dropped, as the server refuses it");
	say(p, msg.buf);
	strbuf_release(&msg);
	strbuf_release(&err);
	return again;
}

/* under lock: sleep @seconds, or until told to quit */
static void backoff_wait(struct push *p, int seconds)
{
	struct timespec until;

	clock_gettime(CLOCK_MONOTONIC, &until);
	until.tv_sec += seconds;
	while (!p->quit && pthread_cond_timedwait(&p->wake, &p->lock, &until) != ETIMEDOUT)
		;
}

static void *uploader(void *arg)
{
	struct push *p = arg;
	int backoff_s = 1;

	pthread_mutex_lock(&p->lock);
	while (!p->quit) {
		struct push_job *job, *dropped;
		unsigned long nr_dropped;
		bool again;

		if (!p->nr) {
			pthread_cond_wait(&p->wake, &p->lock);
			continue;
		}
		job = dequeue(p);
		pthread_mutex_unlock(&p->lock);
		again = send_job(p, job, backoff_s);
		pthread_mutex_lock(&p->lock);
		if (!again) {
			job_delete(job);
			backoff_s = 1;
			continue;
		}
		dropped = requeue(p, job);
		nr_dropped = p->nr_dropped;
		if (dropped) {
			pthread_mutex_unlock(&p->lock);
			say_dropped(p, dropped, nr_dropped);
			job_delete(dropped);
			pthread_mutex_lock(&p->lock);
		}
		backoff_wait(p, backoff_s);
		backoff_s = backoff_s * 2 > BACKOFF_MAX_S ? BACKOFF_MAX_S : backoff_s * 2;
	}
	pthread_mutex_unlock(&p->lock);
	return NULL;
}

/* signals stay the serving loop's: they end its wait for a connection */
static int start_uploader(struct push *p)
{
	pthread_condattr_t attr;
	sigset_t all, old;
	int ret;

	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	pthread_cond_init(&p->wake, &attr);
	pthread_condattr_destroy(&attr);
	pthread_mutex_init(&p->lock, NULL);
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	ret = pthread_create(&p->thread, NULL, uploader, p);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return -ret;
}

static void say_start(const struct push *p, const char *name)
{
	struct strbuf msg = STRBUF_INIT;

	strbuf_addf(&msg, "pushing a profile every %ds to %s as %s", p->o->push_interval,
		    p->o->push_url, name);
	say(p, msg.buf);
	strbuf_release(&msg);
}

int push__new(struct push **out, const struct serve_opts *o, struct strbuf *err)
{
	struct push *p = must_calloc(1, sizeof(*p));
	struct strbuf msg = STRBUF_INIT;
	int ret;

	p->o = o;
	strbuf_init(&p->name, 0);
	if ((ret = http_url_parse(o->push_url, &p->url, err)))
		goto out_free;
	build_name(p, &msg);
	if ((ret = start_uploader(p))) {
		strbuf_addf(err, "cannot start the upload thread: %s", strerror(-ret));
		goto out_free;
	}
	*out = p;
	say_start(p, msg.buf);
	strbuf_release(&msg);
	return 0;
out_free:
	strbuf_release(&msg);
	strbuf_release(&p->name);
	free(p);
	return ret;
}

void push__delete(struct push *p)
{
	if (!p)
		return;
	if (p->recording)	/* a part of an interval: not sent */
		recording__abandon(&p->rec);
	pthread_mutex_lock(&p->lock);
	p->quit = true;
	pthread_cond_signal(&p->wake);
	pthread_mutex_unlock(&p->lock);
	pthread_join(p->thread, NULL);
	while (p->nr)
		job_delete(dequeue(p));
	pthread_cond_destroy(&p->wake);
	pthread_mutex_destroy(&p->lock);
	strbuf_release(&p->name);
	free(p);
}
