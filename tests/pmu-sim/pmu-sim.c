// SPDX-License-Identifier: GPL-2.0
/*
 * pmu-sim: the kernel's side of a described CPU PMU, for tests and demos
 * on machines without one. See README.md. Replaces util/events/perf-sys.c
 * in ./perf-mini-sim; events of other PMUs reach the real kernel.
 */
#include <errno.h>
#include <pthread.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "../../util/events/evlist.h"
#include "../../util/events/parse-events.h"
#include "../../util/events/perf-sys.h"
#include "../../util/base/util.h"
#include "../../util/events/pmu.h"
#include "../../util/events/pmu-arch.h"
#include "sim-sample.h"
#include "sim-userpage.h"
#include "../../arch/arch.h"

#define MAX_SIM 4096
#define MAX_RATES 64

struct rate {
	uint32_t type;
	uint64_t config;
	enum topdown_id td;
	double per_sec;
};

struct sim_event {
	bool used;
	struct perf_event_attr attr;
	int leader;			/* fd of the group leader */
	enum topdown_id td;
	double rate;
	uint64_t id;
	double count;
	bool enabled;
	uint64_t enabled_at, enabled_ns;	/* time counted so far, ns */
	uint64_t last_read_ns;		/* metrics: slots split at each read */
	clockid_t task_clock;		/* a self-monitoring event's time (below) */
	bool task_time;
	void *ring;			/* its ring buffer, when mapped */
	size_t ring_size;
	struct shadow *shadow;		/* a sampling event's real cpu-clock twin */
};

static struct {
	bool loaded;
	uint32_t cpu_type;
	uint32_t uncore_types[16];	/* the described uncore PMUs' instances */
	int nr_uncore;
	int nr_metrics;			/* metric events the PMU describes */
	struct rate rates[MAX_RATES];
	int nr_rates;
	struct sim_event ev[MAX_SIM];
	uint64_t next_id;
	double running_share;		/* multiplexing: the PMU's share of enabled time */
	bool lbr;			/* the described PMU has branch stacks */
	unsigned int max_precise;	/* caps/max_precise, or the profile's max-precise */
} sim = { .running_share = 1.0, .next_id = 1ULL << 40 };	/* ids apart from the kernel's */

static const char default_profile[] =
	"slots 20097158100\n"
	"topdown-retiring 79327616\n"
	"topdown-bad-spec 157932715\n"
	"topdown-fe-bound 81610855\n"
	"topdown-be-bound 19778286903\n"
	"topdown-heavy-ops 39663808\n"
	"topdown-br-mispredict 142139443\n"
	"topdown-fetch-lat 65288684\n"
	"topdown-mem-bound 17800458212\n"
	/* a 4-wide core: a quarter of the slots are cycles */
	"cycles 5024289525\n"
	"instructions 79327616\n";

static uint64_t clock_ns(clockid_t clock)
{
	struct timespec ts;

	/* a thread's clock is gone with the thread: the wall's, then */
	if (clock_gettime(clock, &ts) && clock_gettime(CLOCK_MONOTONIC, &ts))
		return 0;
	return (uint64_t)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

static uint64_t now_ns(void)
{
	return clock_ns(CLOCK_MONOTONIC);
}

/* The described PMUs' events, and the generic hardware events the
 * kernel hands to the core PMU. */
static bool simulated(uint32_t type)
{
	for (int i = 0; i < sim.nr_uncore; i++)
		if (sim.uncore_types[i] == type)
			return true;
	if (sim.cpu_type != (uint32_t)-1 &&
	    (type == PERF_TYPE_HARDWARE || type == PERF_TYPE_HW_CACHE))
		return true;
	return type == sim.cpu_type;
}

/* The event's config on each described PMU it names (one, or each
 * instance of an uncore PMU), through perf-mini's parser: a rate each. */
static int resolve(struct pmus *pmus, const char *name, double per_sec)
{
	struct parse_events_ctx ctx = { .pmus = pmus, .tool = "pmu-sim" };
	struct evlist *l = evlist__new();
	struct strbuf err = STRBUF_INIT;
	int ret = parse_events(l, name, &ctx, &err);

	if (!ret && !l->nr)
		ret = -ENOENT;
	for (int i = 0; !ret && i < l->nr; i++)
		if (!simulated(l->entries[i]->attr.type))
			ret = -ENOENT;
	for (int i = 0; !ret && i < l->nr && sim.nr_rates < MAX_RATES; i++)
		sim.rates[sim.nr_rates++] = (struct rate){
			.type = l->entries[i]->attr.type, .config = l->entries[i]->attr.config,
			.td = l->entries[i]->topdown, .per_sec = per_sec,
		};
	evlist__delete(l);
	strbuf_release(&err);
	return ret;
}

/* "replay-mem PATH" / "replay-branches PATH": the recording whose
 * samples give simulated ones their memory fields or branch stacks. */
static void replay_line(const char *what, const char *line)
{
	char path[4096];

	if (sscanf(line, "%*s %4095s", path) == 1 && sim_replay__load(what, path))
		fprintf(stderr, "pmu-sim: cannot replay %s\n", path);
}

static void load_profile(struct pmus *pmus, const char *text, bool warn)
{
	const char *line = text;

	while (line && *line && sim.nr_rates < MAX_RATES) {
		char name[128];
		double v;

		if (!strncmp(line, "replay-mem ", 11) || !strncmp(line, "replay-branches ", 16)) {
			sscanf(line, "%127s", name);
			replay_line(name, line);
		} else if (*line != '#' && sscanf(line, "%127s %lf", name, &v) == 2) {
			if (!strcmp(name, "running-share") && v > 0 && v <= 1) {
				sim.running_share = v;
			} else if (!strcmp(name, "max-precise") && v >= 0 && v <= 3) {
				sim.max_precise = (unsigned int)v;
			} else if (sim_userpage__profile(name, v)) {
				/* the user page's capabilities */
			} else if (resolve(pmus, name, v) && warn) {
				fprintf(stderr, "pmu-sim: profile event '%s' is on no simulated PMU\n",
					name);
			}
		}
		line = strchr(line, '\n');
		line = line ? line + 1 : NULL;
	}
}

static char *read_file(const char *path)
{
	FILE *f = fopen(path, "re");
	char *buf = NULL;
	size_t len = 0;

	if (!f)
		return NULL;
	if (getdelim(&buf, &len, '\0', f) < 0) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	return buf;
}

static void find_uncore(struct pmus *pmus)
{
	struct pmu **list;
	unsigned int nr = pmus__all(pmus, &list);

	for (unsigned int i = 0; i < nr && sim.nr_uncore < 16; i++)
		if (!strncmp(list[i]->name, "uncore_", 7))
			sim.uncore_types[sim.nr_uncore++] = list[i]->type;
}

static void load(void)
{
	const char *root = getenv("PERF_MINI_SYSFS"), *profile = getenv("PERF_MINI_SIM_PROFILE");
	struct pmus *pmus;
	struct pmu *cpu;
	char *text = NULL;
	int precise, depth;

	sim.loaded = true;
	sim.cpu_type = (uint32_t)-1;
	pmus = pmus__new(root ? root : "/sys");
	cpu = pmus ? pmus__core(pmus) : NULL;
	if (!cpu)
		goto out;
	sim.cpu_type = cpu->type;
	sim_sample__set_sier_mapping(pmus__arch(pmus)->data_src_of_sier);
	sim.lbr = pmu__cap(cpu, "branches") != NULL;
	if (sim.lbr && !str_to_int(pmu__cap(cpu, "branches"), &depth) && depth > 0)
		sim_sample__set_lbr_depth((unsigned int)depth);
	if (pmu__cap(cpu, "max_precise") && !str_to_int(pmu__cap(cpu, "max_precise"), &precise) &&
	    precise >= 0)
		sim.max_precise = (unsigned int)precise;
	find_uncore(pmus);
	for (unsigned int i = 0; i < cpu->nr_aliases; i++)
		sim.nr_metrics += topdown_id__is_metric(topdown_id_of_alias(cpu->aliases[i].name));
	if (profile && !(text = read_file(profile)))
		fprintf(stderr, "pmu-sim: cannot read profile %s\n", profile);
	/* the default names level-2 events too: only some PMUs have them */
	load_profile(pmus, text ? text : default_profile, text != NULL);
	free(text);
out:
	if (pmus)
		pmus__delete(pmus);
}

static struct sim_event *sim_of(int fd)
{
	return fd >= 0 && fd < MAX_SIM && sim.ev[fd].used ? &sim.ev[fd] : NULL;
}

/*
 * The time a group counts in. A task's events count only while it runs,
 * and the kernel keeps their enabled and running times the same way (the
 * task's context is scheduled with it): so an event a program opens on
 * itself (pid 0, any CPU) follows the opening thread's CPU time, and on a
 * busy machine a loop counts what it ran, not how long it waited. Others
 * (a workload's, a CPU's) count in wall time, at the profile's rates.
 */
static uint64_t group_now(int leader)
{
	const struct sim_event *l = sim_of(leader);

	return l && l->task_time ? clock_ns(l->task_clock) : now_ns();
}

/* The kernel's TopDown checks (intel_pmu_hw_config). */
static int validate(const struct perf_event_attr *attr, enum topdown_id td, int group_fd)
{
	struct sim_event *leader = sim_of(group_fd);
	int metrics = 0;

	if (topdown_id__is_metric(td)) {
		if (attr->sample_period)
			return -EINVAL;		/* metrics cannot sample */
		if (!leader || leader->td != TD_SLOTS)
			return -EINVAL;		/* slots must lead the group */
		if (leader->attr.sample_period)
			return -EINVAL;		/* no sampling read of slots with metrics */
		for (int fd = 0; fd < MAX_SIM; fd++)
			if (sim.ev[fd].used && sim.ev[fd].leader == group_fd &&
			    topdown_id__is_metric(sim.ev[fd].td))
				metrics++;
		if (metrics >= sim.nr_metrics)
			return -EINVAL;
	}
	return 0;
}

/* The kernel's rule for branch stacks (perf_copy_attr, intel_pmu_hw_config):
 * an LBR, and kernel branches for the privileged only. */
static int validate_branches(const struct perf_event_attr *attr)
{
	uint64_t bt = attr->branch_sample_type;
	char paranoid[16] = "2";
	int level = 2;

	if (!(attr->sample_type & PERF_SAMPLE_BRANCH_STACK))
		return 0;
	if (!sim.lbr)
		return -EOPNOTSUPP;
	if (!(bt & PERF_SAMPLE_BRANCH_PLM_ALL))
		bt |= (attr->exclude_user ? 0 : PERF_SAMPLE_BRANCH_USER) |
		      (attr->exclude_kernel ? 0 : PERF_SAMPLE_BRANCH_KERNEL) |
		      (attr->exclude_hv ? 0 : PERF_SAMPLE_BRANCH_HV);
	if (read_small_file("/proc/sys/kernel/perf_event_paranoid", paranoid, sizeof(paranoid)) > 0)
		str_to_int(paranoid, &level);
	if ((bt & (PERF_SAMPLE_BRANCH_KERNEL | PERF_SAMPLE_BRANCH_HV)) && geteuid() && level > 1)
		return -EACCES;
	return 0;
}

static bool samples(const struct perf_event_attr *attr)
{
	return attr->freq ? attr->sample_freq != 0 : attr->sample_period != 0;
}

static int sim_open(struct perf_event_attr *attr, pid_t pid, int cpu, int group_fd,
		    unsigned long flags)
{
	struct rate none = { .td = TD_NONE };
	struct shadow *shadow = NULL;
	const struct rate *r = NULL;
	struct sim_event *e;
	int fd, ret;

	for (int i = 0; i < sim.nr_rates && !r; i++)
		if (sim.rates[i].type == attr->type && sim.rates[i].config == attr->config)
			r = &sim.rates[i];
	if (!r) {
		/* still a TopDown event if sysfs names it: count 0 */
		r = &none;
	}
	if (attr->precise_ip > sim.max_precise)
		return -EOPNOTSUPP;	/* x86_pmu_hw_config: beyond what PEBS gives */
	ret = validate(attr, r->td, group_fd);
	if (!ret)
		ret = validate_branches(attr);
	if (ret)
		return ret;
	/* samples come from a real cpu-clock twin: the workload's IPs */
	if (samples(attr) && !(shadow = shadow__open(attr, sim.next_id + 1, pid, cpu, flags, &ret)))
		return ret;
	fd = eventfd(0, EFD_CLOEXEC);
	if (fd < 0 || fd >= MAX_SIM) {
		ret = fd < 0 ? -errno : -EMFILE;
		if (fd >= 0)
			close(fd);
		if (shadow)
			shadow__close(shadow);
		return ret;
	}
	e = &sim.ev[fd];
	memset(e, 0, sizeof(*e));
	e->used = true;
	e->attr = *attr;
	e->leader = group_fd >= 0 ? group_fd : fd;
	e->td = r->td;
	e->rate = r->per_sec;
	e->id = ++sim.next_id;
	e->shadow = shadow;
	e->task_time = pid == 0 && cpu < 0 && !attr->enable_on_exec &&
		       !pthread_getcpuclockid(pthread_self(), &e->task_clock);
	/* a group counts together, from its leader's start; a leader with
	 * enable_on_exec starts now (the workload execs right after) */
	if (e->leader != fd && sim_of(e->leader)) {
		const struct sim_event *l = sim_of(e->leader);

		e->enabled = l->enabled;
		e->enabled_at = l->enabled_at;
		e->last_read_ns = l->last_read_ns;
	} else if (!attr->disabled || attr->enable_on_exec) {
		e->enabled = true;
		e->enabled_at = e->last_read_ns = group_now(fd);
	}
	return fd;
}

int perf_sys_event_open(struct perf_event_attr *attr, pid_t pid, int cpu, int group_fd,
			unsigned long flags)
{
	long fd;

	if (!sim.loaded)
		load();
	if (simulated(attr->type))
		return sim_open(attr, pid, cpu, group_fd, flags);
	fd = syscall(__NR_perf_event_open, attr, pid, cpu, group_fd, flags);
	return fd < 0 ? -errno : (int)fd;
}

static uint64_t enabled_ns(const struct sim_event *e, uint64_t now)
{
	return e->enabled_ns + (e->enabled ? now - e->enabled_at : 0);
}

/*
 * Bring the group's counts up to @now. Slots count at their rate; each
 * metric gets the slots since the last read times its 8-bit share of
 * 0xff, the way PERF_METRICS reports and software resets it.
 */
static void advance_group(int leader, uint64_t now)
{
	struct sim_event *l = sim_of(leader);
	double slots_rate = 0;

	for (int fd = 0; fd < MAX_SIM; fd++)
		if (sim.ev[fd].used && sim.ev[fd].leader == leader && sim.ev[fd].td == TD_SLOTS)
			slots_rate = sim.ev[fd].rate;
	for (int fd = 0; fd < MAX_SIM; fd++) {
		struct sim_event *e = &sim.ev[fd];
		double secs;

		if (!e->used || e->leader != leader || !e->enabled || !l)
			continue;
		secs = (double)(now - e->last_read_ns) / 1e9;
		if (topdown_id__is_metric(e->td) && slots_rate > 0) {
			double share = e->rate / slots_rate;
			unsigned int frac = (unsigned int)(share * 0xff + 0.5);

			e->count += (double)(uint64_t)(slots_rate * secs) * frac / 0xff;
		} else {
			e->count += e->rate * secs * sim.running_share;
		}
		e->last_read_ns = now;
	}
}

static size_t put_times(const struct sim_event *e, uint64_t *buf, uint64_t now)
{
	size_t n = 0;

	if (e->attr.read_format & PERF_FORMAT_TOTAL_TIME_ENABLED)
		buf[n++] = enabled_ns(e, now);
	if (e->attr.read_format & PERF_FORMAT_TOTAL_TIME_RUNNING)
		buf[n++] = (uint64_t)((double)enabled_ns(e, now) * sim.running_share);
	return n;
}

/* A group read covers the whole group, whichever member is read. */
static ssize_t sim_read(struct sim_event *e, void *out, size_t len)
{
	uint64_t buf[3 + 3 * MAX_SIM / 64 + 8], now = group_now(e->leader);
	size_t n = 0;

	advance_group(e->leader, now);
	if (e->attr.read_format & PERF_FORMAT_GROUP) {
		size_t nr_at = n++;

		n += put_times(e, buf + n, now);
		buf[nr_at] = 0;
		for (int m = 0; m < MAX_SIM && n + 3 < ARRAY_SIZE(buf); m++) {
			if (!sim.ev[m].used || sim.ev[m].leader != e->leader)
				continue;
			buf[n++] = (uint64_t)sim.ev[m].count;
			if (e->attr.read_format & PERF_FORMAT_ID)
				buf[n++] = sim.ev[m].id;
			if (e->attr.read_format & PERF_FORMAT_LOST)
				buf[n++] = 0;	/* a simulated ring drops nothing */
			buf[nr_at]++;
		}
	} else {
		buf[n++] = (uint64_t)e->count;
		n += put_times(e, buf + n, now);
		if (e->attr.read_format & PERF_FORMAT_ID)
			buf[n++] = e->id;
		if (e->attr.read_format & PERF_FORMAT_LOST)
			buf[n++] = 0;
	}
	if (len < n * 8)
		return -ENOSPC;
	memcpy(out, buf, n * 8);
	return n * 8;
}

ssize_t perf_sys_read(int fd, void *buf, size_t len)
{
	struct sim_event *e = sim_of(fd);
	ssize_t n;

	if (e)
		return sim_read(e, buf, len);
	do {
		n = read(fd, buf, len);
	} while (n < 0 && errno == EINTR);
	return n < 0 ? -errno : n;
}

ssize_t sim__read_sample(uint64_t sim_id, void *buf, size_t len)
{
	for (int fd = 0; fd < MAX_SIM; fd++)
		if (sim.ev[fd].used && sim.ev[fd].id == sim_id)
			return sim_read(&sim.ev[fd], buf, len);
	return -ENOENT;
}

static void set_enabled(int fd, bool on)
{
	uint64_t now = group_now(fd);
	struct sim_event *l = sim_of(fd);

	if (l)
		advance_group(l->leader, now);
	for (int m = 0; m < MAX_SIM; m++) {
		struct sim_event *e = &sim.ev[m];

		if (!e->used || e->leader != fd || e->enabled == on)
			continue;
		if (on) {
			e->enabled_at = e->last_read_ns = now;
		} else {
			e->enabled_ns += now - e->enabled_at;
		}
		e->enabled = on;
	}
}

/* The counter behind a simulated user page, as the kernel sees it now. */
static struct sim_counter_now counter_now(int fd, uint64_t now)
{
	struct sim_event *e = sim_of(fd);

	advance_group(e->leader, now);
	return (struct sim_counter_now){
		.count = (uint64_t)e->count,
		.enabled = enabled_ns(e, now),
		.running = (uint64_t)((double)enabled_ns(e, now) * sim.running_share),
		/* multiplexed out at times: no index, read(2) */
		.on_counter = e->enabled && sim.running_share >= 1.0,
		.rdpmc = e->td == TD_SLOTS ? 1U << 30 | 3 :
			 topdown_id__is_metric(e->td) ? 1U << 29 : (uint32_t)fd % 8,
		.zero_start = e->td == TD_SLOTS,
		.metric = topdown_id__is_metric(e->td),
	};
}

/* A counting event's mapped page: its own, not a sampling ring's. */
static bool has_user_page(const struct sim_event *e)
{
	return e->used && e->ring && !e->shadow;
}

static void update_pages(int leader, uint64_t now)
{
	for (int fd = 0; fd < MAX_SIM; fd++) {
		struct sim_counter_now c;

		if (!has_user_page(&sim.ev[fd]) || sim.ev[fd].leader != leader)
			continue;
		c = counter_now(fd, now);
		sim_userpage__update(sim.ev[fd].ring, &c, now);
	}
}

/* PERF_METRICS of @leader's group: each metric's 8-bit share of 0xff of
 * the slots, at its byte (retiring first, as the hardware). */
static uint64_t perf_metrics(int leader)
{
	double slots_rate = 0;
	uint64_t metrics = 0;

	for (int fd = 0; fd < MAX_SIM; fd++)
		if (sim.ev[fd].used && sim.ev[fd].leader == leader && sim.ev[fd].td == TD_SLOTS)
			slots_rate = sim.ev[fd].rate;
	for (int fd = 0; fd < MAX_SIM && slots_rate > 0; fd++) {
		const struct sim_event *m = &sim.ev[fd];

		if (m->used && m->leader == leader && topdown_id__is_metric(m->td))
			metrics |= (uint64_t)(unsigned int)(m->rate / slots_rate * 0xff + 0.5)
				   << (8 * (m->td - TD_RETIRING));
	}
	return metrics;
}

static int sim_of_page(const struct perf_event_mmap_page *pc)
{
	for (int fd = 0; pc && fd < MAX_SIM; fd++)
		if (has_user_page(&sim.ev[fd]) && sim.ev[fd].ring == pc)
			return fd;
	return -1;
}

bool perf_sys_read_counter(const struct perf_event_mmap_page *pc, uint32_t counter,
			   uint64_t *raw)
{
	int fd = sim_of_page(pc);
	struct sim_counter_now c;
	uint64_t now;

	if (fd < 0)
		return arch_user_read_counter(counter, raw);
	now = group_now(sim.ev[fd].leader);
	c = counter_now(fd, now);
	if (counter == 1U << 29)
		*raw = perf_metrics(sim.ev[fd].leader);
	else
		*raw = sim_userpage__rdpmc(sim.ev[fd].ring, &c, now);
	return true;
}

bool perf_sys_read_cycles(const struct perf_event_mmap_page *pc, uint64_t *cycles)
{
	if (sim_of_page(pc) < 0)
		return arch_user_read_cycles(cycles);
	/* the simulated TSC runs in the page's time, so that the reader's
	 * extrapolation from the page agrees with the counter */
	*cycles = sim_userpage__cycles(group_now(sim.ev[sim_of_page(pc)].leader));
	return true;
}

/* One ring for several events: a simulated event's shadow writes into
 * the owner's shadow ring, which the simulator rewrites; a real event may
 * join a simulated ring, not the other way round (the kernel's rings
 * cannot take rewritten records). */
static int set_output(struct sim_event *e, int fd, int owner_fd)
{
	struct sim_event *owner = sim_of(owner_fd);

	if (e && owner && e->shadow && owner->shadow)
		return shadow__set_output(e->shadow, owner->shadow);
	if (e && !e->shadow && owner)
		return 0;	/* a counting member writes nothing to a ring */
	if (!e && owner && owner->shadow)
		return shadow__take_output(owner->shadow, fd);
	if (!e && !owner)
		return ioctl(fd, PERF_EVENT_IOC_SET_OUTPUT, owner_fd) < 0 ? -errno : 0;
	return -EINVAL;
}

int perf_sys_ioctl(int fd, unsigned long request, unsigned long arg)
{
	struct sim_event *e = sim_of(fd);

	if (request == PERF_EVENT_IOC_SET_OUTPUT)
		return set_output(e, fd, (int)arg);
	if (!e)
		return ioctl(fd, request, arg) < 0 ? -errno : 0;
	if (e->shadow && (request == PERF_EVENT_IOC_ENABLE || request == PERF_EVENT_IOC_DISABLE ||
			  request == PERF_EVENT_IOC_RESET))
		shadow__ioctl(e->shadow, request);
	switch (request) {
	case PERF_EVENT_IOC_ENABLE: set_enabled(e->leader, true); break;
	case PERF_EVENT_IOC_DISABLE: set_enabled(e->leader, false); break;
	case PERF_EVENT_IOC_RESET: e->count = 0; break;
	case PERF_EVENT_IOC_ID: memcpy((void *)arg, &e->id, sizeof(e->id)); return 0;
	default: return -ENOTTY;
	}
	update_pages(e->leader, group_now(e->leader));	/* as the kernel does after each */
	return 0;
}

int perf_sys_close(int fd)
{
	struct sim_event *e = sim_of(fd);

	if (e && e->shadow)
		shadow__close(e->shadow);
	if (e)
		e->used = false;
	return close(fd) < 0 ? -errno : 0;
}

/*
 * A simulated event's ring: memory laid out as the kernel's (the control
 * page, then the data), where nothing is written yet: the recorder reads
 * it as it reads a real one, and finds it empty.
 */
int perf_sys_mmap(int fd, size_t size, bool writable, void **out)
{
	struct sim_event *e = sim_of(fd);
	void *p;

	if (!e) {
		p = mmap(NULL, size, writable ? PROT_READ | PROT_WRITE : PROT_READ, MAP_SHARED,
			 fd, 0);
		if (p == MAP_FAILED)
			return -errno;
		*out = p;
		return 0;
	}
	if (e->ring)
		return -EBUSY;
	if (e->shadow) {
		int ret = shadow__mmap(e->shadow, size, out);

		if (!ret)
			e->ring = *out;
		return ret;
	}
	if (e->ring)
		return -EBUSY;
	p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return -errno;
	((struct perf_event_mmap_page *)p)->data_offset = (uint64_t)sysconf(_SC_PAGESIZE);
	((struct perf_event_mmap_page *)p)->data_size = size - (size_t)sysconf(_SC_PAGESIZE);
	e->ring = p;
	e->ring_size = size;
	update_pages(e->leader, group_now(e->leader));
	*out = p;
	return 0;
}

void perf_sys_munmap(void *addr, size_t size)
{
	for (int m = 0; m < MAX_SIM; m++) {
		if (sim.ev[m].used && sim.ev[m].shadow && sim.ev[m].ring == addr) {
			shadow__munmap(sim.ev[m].shadow);
			sim.ev[m].ring = NULL;
			return;
		}
		if (sim.ev[m].ring == addr) {
			sim_userpage__forget(addr);
			sim.ev[m].ring = NULL;
			break;
		}
	}
	munmap(addr, size);
}

/* A simulated event is waited on through its shadow, whose records are
 * moved into the simulated rings before and after. */
int perf_sys_poll(struct pollfd *fds, nfds_t n, int timeout_ms)
{
	int saved[64], ret;

	shadow__pump_all();
	for (nfds_t i = 0; i < n && i < 64; i++) {
		struct sim_event *e = sim_of(fds[i].fd);

		saved[i] = fds[i].fd;
		if (e && e->shadow)
			fds[i].fd = shadow__fd(e->shadow);
	}
	ret = poll(fds, n, timeout_ms);
	for (nfds_t i = 0; i < n && i < 64; i++)
		fds[i].fd = saved[i];
	shadow__pump_all();
	return ret < 0 ? -errno : ret;
}
