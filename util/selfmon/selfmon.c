// SPDX-License-Identifier: GPL-2.0
/*
 * The self-monitoring library's handles: open counters for the calling
 * thread, map their pages, read them from the page or through read(2).
 * See selfmon.h; the page protocol itself is page-read.c.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "page-read.h"
#include "selfmon-internal.h"
#include "../events/perf-sys.h"

#define PERF_FLAG_CLOEXEC 8UL	/* PERF_FLAG_FD_CLOEXEC */

static __thread char errmsg[512];

int selfmon__fail(int err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(errmsg, sizeof(errmsg), fmt, ap);
	va_end(ap);
	return err;
}

const char *pm_self_errmsg(void)
{
	return errmsg[0] ? errmsg : "no error";
}

const char *pm_self_strerror(int err)
{
	switch (err) {
	case PM_SELF_OK: return "success";
	case PM_SELF_E_SPEC: return "the event spec does not parse";
	case PM_SELF_E_NO_EVENT: return "no such event on this machine";
	case PM_SELF_E_ACCESS: return "not allowed by kernel.perf_event_paranoid";
	case PM_SELF_E_UNSUPPORTED: return "the PMU cannot count the events so";
	case PM_SELF_E_NOMEM: return "out of memory";
	case PM_SELF_E_SYS: return "system error";
	case PM_SELF_E_ARG: return "bad argument";
	default: return "unknown error";
	}
}

int64_t selfmon__page_offset(const volatile struct perf_event_mmap_page *pc)
{
	uint32_t seq;
	int64_t offset;

	do {
		seq = pc->lock;
		__asm__ __volatile__("" ::: "memory");
		offset = pc->offset;
		__asm__ __volatile__("" ::: "memory");
	} while (pc->lock != seq);
	return offset;
}

static int open_error(const struct pm_self_event *e, int err)
{
	switch (err) {
	case EACCES:
	case EPERM:
		return selfmon__fail(PM_SELF_E_ACCESS, "cannot count '%s': %s: kernel."
				     "perf_event_paranoid keeps it from this user; lower it "
				     "(sudo sysctl -w kernel.perf_event_paranoid=1) or ask for "
				     "user space only (the 'u' modifier)", e->name, strerror(err));
	case ENOENT:
	case ENODEV:
	case EOPNOTSUPP:
	case ENXIO:
		return selfmon__fail(PM_SELF_E_NO_EVENT, "cannot count '%s': %s: this machine has "
				     "no PMU for it (a VM without a virtual PMU counts software "
				     "events only: try task-clock)", e->name, strerror(err));
	case EINVAL:
		return selfmon__fail(PM_SELF_E_UNSUPPORTED, "cannot count '%s': %s: the kernel "
				     "refuses this event or group here (too many events in a "
				     "group, or a modifier the PMU lacks)", e->name, strerror(err));
	case ENOMEM:
		return selfmon__fail(PM_SELF_E_NOMEM, "cannot count '%s': out of memory",
				     e->name);
	default:
		return selfmon__fail(PM_SELF_E_SYS, "cannot count '%s': %s%s", e->name,
				     strerror(err), err == EMFILE ? " (raise 'ulimit -n')" : "");
	}
}

/* perf's fallback for a normal user: the kernel part refused, count the
 * user part, named with perf's suffix (":u", or "u" after modifiers). */
static bool user_only(struct pm_self_event *e, int err)
{
	size_t len = strlen(e->name);
	char *name;

	if ((err != EACCES && err != EPERM) || e->attr.exclude_kernel || e->attr.exclude_user)
		return false;
	name = malloc(len + 3);
	if (!name)
		return false;
	snprintf(name, len + 3, "%s%su", e->name, strpbrk(e->name, ":/") ? "" : ":");
	free(e->name);
	e->name = name;
	e->attr.exclude_kernel = 1;
	e->attr.exclude_hv = 1;
	return true;
}

static int open_one(struct pm_self *s, int i)
{
	struct pm_self_event *e = &s->ev[i];
	int group_fd = e->leader == i ? -1 : s->ev[e->leader].fd;
	long page_size = sysconf(_SC_PAGESIZE);
	void *page;

	e->attr.size = sizeof(e->attr);
	e->attr.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
	/* a leader's read gives its whole group at one instant (TopDown's
	 * shares need the slots and the metrics of the same moment) */
	if (e->leader == i && i + 1 < s->nr && s->ev[i + 1].leader == i)
		e->attr.read_format |= PERF_FORMAT_GROUP;
	e->attr.disabled = 0;
	e->attr.inherit = 0;
	do {
		e->fd = perf_sys_event_open(&e->attr, 0, -1, group_fd, PERF_FLAG_CLOEXEC);
	} while (e->fd < 0 && user_only(e, -e->fd));
	if (e->fd < 0)
		return open_error(e, -e->fd);
	/* the first page alone: the counter's, without a ring buffer */
	if (!perf_sys_mmap(e->fd, (size_t)page_size, false, &page))
		e->page = page;
	return 0;
}

int selfmon__open(const struct selfmon_spec *specs, int nr, struct pm_self **out)
{
	struct pm_self *s;
	int ret = 0;

	*out = NULL;
	if (nr <= 0)
		return selfmon__fail(PM_SELF_E_ARG, "no events to count");
	s = calloc(1, sizeof(*s) + (size_t)nr * sizeof(s->ev[0]));
	if (!s)
		return selfmon__fail(PM_SELF_E_NOMEM, "out of memory");
	for (int i = 0; i < nr; i++) {
		s->ev[i] = (struct pm_self_event){ .attr = specs[i].attr, .fd = -1,
						   .leader = specs[i].leader };
		s->ev[i].name = strdup(specs[i].name ? specs[i].name : "event");
		if (specs[i].leader < 0 || specs[i].leader > i)
			s->ev[i].leader = i;
	}
	s->nr = nr;
	for (int i = 0; i < nr && !ret; i++)
		ret = s->ev[i].name ? open_one(s, i) : selfmon__fail(PM_SELF_E_NOMEM, "out of memory");
	if (ret) {
		pm_self_close(s);
		return ret;
	}
	errmsg[0] = '\0';
	*out = s;
	return 0;
}

int pm_self_open_attrs(const struct perf_event_attr *attrs, const char *const *names, int nr,
		       bool group, struct pm_self **out)
{
	struct selfmon_spec *specs;
	int ret;

	if (!out)
		return selfmon__fail(PM_SELF_E_ARG, "no handle to fill");
	*out = NULL;
	if (!attrs || nr <= 0)
		return selfmon__fail(PM_SELF_E_ARG, "no events to count");
	specs = calloc((size_t)nr, sizeof(*specs));
	if (!specs)
		return selfmon__fail(PM_SELF_E_NOMEM, "out of memory");
	for (int i = 0; i < nr; i++)
		specs[i] = (struct selfmon_spec){ names ? names[i] : NULL, attrs[i],
						  group ? 0 : i };
	ret = selfmon__open(specs, nr, out);
	free(specs);
	return ret;
}

int pm_self_nr(const struct pm_self *s)
{
	return s ? s->nr : 0;
}

const char *pm_self_name(const struct pm_self *s, int i)
{
	return s && i >= 0 && i < s->nr ? s->ev[i].name : NULL;
}

int pm_self_fd(const struct pm_self *s, int i)
{
	return s && i >= 0 && i < s->nr ? s->ev[i].fd : -1;
}

const struct perf_event_mmap_page *pm_self_page(const struct pm_self *s, int i)
{
	return s && i >= 0 && i < s->nr ? s->ev[i].page : NULL;
}

bool pm_self_fast(const struct pm_self *s, int i)
{
	const struct perf_event_mmap_page *pc = s && i >= 0 && i < s->nr ? s->ev[i].page : NULL;
	uint64_t raw;

	return pc && pc->cap_user_rdpmc && pc->index &&
	       perf_sys_read_counter(pc, pc->index - 1, &raw);
}

int selfmon__read_group(const struct pm_self *s, int leader, uint64_t *counts, int nr,
			struct pm_self_value *v)
{
	const struct pm_self_event *e = &s->ev[leader];
	uint64_t buf[3 + SELFMON_MAX_GROUP];
	ssize_t n;

	if (!(e->attr.read_format & PERF_FORMAT_GROUP) || nr < 1 || nr > SELFMON_MAX_GROUP)
		return selfmon__fail(PM_SELF_E_ARG, "'%s' does not lead a group of %d", e->name, nr);
	n = perf_sys_read(e->fd, buf, sizeof(buf));
	if (n < (ssize_t)((3 + nr) * sizeof(buf[0])) || buf[0] < (uint64_t)nr)
		return selfmon__fail(PM_SELF_E_SYS, "cannot read the group of '%s': %s", e->name,
				     n < 0 ? strerror((int)-n) : "short read");
	memcpy(counts, buf + 3, (size_t)nr * sizeof(buf[0]));
	*v = (struct pm_self_value){ .raw = buf[3], .enabled = buf[1], .running = buf[2] };
	return 0;
}

static int read_syscall(const struct pm_self *s, int i, struct pm_self_value *v)
{
	const struct pm_self_event *e = &s->ev[i];
	uint64_t buf[3];
	ssize_t n;

	if (e->attr.read_format & PERF_FORMAT_GROUP)
		return selfmon__read_group(s, i, buf, 1, v);
	n = perf_sys_read(e->fd, buf, sizeof(buf));
	if (n != (ssize_t)sizeof(buf))
		return selfmon__fail(PM_SELF_E_SYS, "cannot read '%s': %s", e->name,
				     n < 0 ? strerror((int)-n) : "short read");
	*v = (struct pm_self_value){ .raw = buf[0], .enabled = buf[1], .running = buf[2] };
	return 0;
}

int pm_self_read_one(struct pm_self *s, int i, struct pm_self_value *v)
{
	struct selfmon_reading r;
	int ret;

	if (!s || !v || i < 0 || i >= s->nr)
		return selfmon__fail(PM_SELF_E_ARG, "no event %d to read", i);
	if (s->ev[i].page && !selfmon__read_page(s->ev[i].page, &selfmon_seam_hw, &r)) {
		*v = (struct pm_self_value){ .raw = r.count, .enabled = r.enabled,
					     .running = r.running, .fast = true,
					     .retries = r.retries };
	} else if ((ret = read_syscall(s, i, v))) {
		return ret;
	}
	v->value = selfmon__scale(v->raw, v->enabled, v->running);
	return 0;
}

int pm_self_read(struct pm_self *s, struct pm_self_value *values)
{
	int ret = s ? 0 : selfmon__fail(PM_SELF_E_ARG, "no handle to read");

	for (int i = 0; !ret && i < s->nr; i++)
		ret = pm_self_read_one(s, i, &values[i]);
	return ret;
}

int pm_self_reset(struct pm_self *s)
{
	if (!s)
		return selfmon__fail(PM_SELF_E_ARG, "no handle to reset");
	for (int i = 0; i < s->nr; i++) {
		int ret = perf_sys_ioctl(s->ev[i].fd, PERF_EVENT_IOC_RESET, 0);

		if (ret)
			return selfmon__fail(PM_SELF_E_SYS, "cannot reset '%s': %s",
					     s->ev[i].name, strerror(-ret));
	}
	return 0;
}

void pm_self_close(struct pm_self *s)
{
	long page_size = sysconf(_SC_PAGESIZE);

	if (!s)
		return;
	/* members before their leader, as the kernel's groups come apart */
	for (int i = s->nr - 1; i >= 0; i--) {
		if (s->ev[i].page)
			perf_sys_munmap(s->ev[i].page, (size_t)page_size);
		if (s->ev[i].fd >= 0)
			perf_sys_close(s->ev[i].fd);
		free(s->ev[i].name);
	}
	free(s);
}
