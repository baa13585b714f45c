// SPDX-License-Identifier: GPL-2.0
/* pmu-sim's sampling: see sim-sample.h. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <asm/perf_regs.h>

#include "../../util/base/strbuf.h"
#include "../../util/data/perf-data.h"
#include "../../util/data/perf-data-format.h"
#include "../../util/data/sample.h"
#include "sim-sample.h"
#include "sim-stepper.h"

#define KERNEL_ADDR 0xffff800000000000ULL
#define NR_STEPPED 16
#define NR_RANGES 32

struct shadow {
	int fd;				/* the real cpu-clock event */
	uint64_t kernel_id, sim_id;
	struct perf_event_attr attr;	/* the simulated event's */
	struct perf_event_attr kattr;	/* its shadow's */
	void *kring, *ring;		/* the shadow's ring, the simulated one */
	size_t ring_size;
	uint64_t pump_until;		/* where its ring's head was when this read began */
	bool stepping;			/* samples end where a stepped window ends */
	bool steps_branches;		/* its branch stack is the window's */
	uint8_t mem_want;		/* enum sim_mem_want: its memory fields are */
	uint16_t ldlat;
	struct stepped_over {		/* a thread's samples taken while stepped */
		pid_t tid;
		unsigned int first, nr;	/* a FIFO of the ring's ranges they are in */
		struct { uint64_t from, until; } range[NR_RANGES];
	} stepped[NR_STEPPED];
	struct fruitless {		/* this event's windows of a thread that found nothing */
		pid_t tid;
		unsigned int in_a_row;
		unsigned int rest;	/* its samples to pass over before the next window */
	} fruitless[NR_STEPPED];
	struct shadow *next;
};

static struct shadow *shadows;
static unsigned long nr_windows;	/* asked of the stepper so far */

/* --- what real recordings give the samples ------------------------------ */

struct mem_fields {
	uint64_t addr, data_src, weight;
	uint16_t ins_lat;
};

static struct {
	struct mem_fields *mem;
	size_t nr_mem, next_mem;
	struct perf_branch_entry *entries;
	size_t nr_entries;
	size_t *stack_at;		/* each stack's first entry, and one past the last */
	size_t nr_stacks, next_stack;
} replay;

static void keep_mem(const struct perf_sample *s)
{
	struct mem_fields *n = realloc(replay.mem, (replay.nr_mem + 1) * sizeof(*n));

	if (!n)
		return;
	replay.mem = n;
	replay.mem[replay.nr_mem++] = (struct mem_fields){ s->addr, s->data_src, s->weight,
							     s->ins_lat };
}

static void keep_branches(const struct perf_sample *s)
{
	struct perf_branch_entry *e = realloc(replay.entries,
					      (replay.nr_entries + s->branch_nr) * sizeof(*e));
	size_t *at = realloc(replay.stack_at, (replay.nr_stacks + 2) * sizeof(*at));

	if (e)
		replay.entries = e;
	if (at)
		replay.stack_at = at;
	if (!e || !at)
		return;
	memcpy(replay.entries + replay.nr_entries, s->branches, s->branch_nr * sizeof(*e));
	replay.stack_at[replay.nr_stacks++] = replay.nr_entries;
	replay.nr_entries += s->branch_nr;
	replay.stack_at[replay.nr_stacks] = replay.nr_entries;
}

struct load_ctx {
	bool mem;
};

static int load_sample(struct perf_data *pd, const struct pm_event_header *ev, uint64_t off,
		       void *arg)
{
	const struct load_ctx *c = arg;
	struct strbuf err = STRBUF_INIT;
	struct pd_evsel *e;
	struct perf_sample s;

	(void)off;
	if (ev->type != PERF_RECORD_SAMPLE || !(e = perf_data__evsel_of(pd, ev)) ||
	    perf_sample__parse(ev, &e->attr, &s, &err)) {
		strbuf_release(&err);
		return 0;
	}
	if (c->mem && (e->attr.sample_type & PERF_SAMPLE_DATA_SRC))
		keep_mem(&s);
	else if (!c->mem && s.branch_nr)
		keep_branches(&s);
	return 0;
}

int sim_replay__load(const char *what, const char *path)
{
	struct load_ctx c = { .mem = !strcmp(what, "replay-mem") };
	struct strbuf err = STRBUF_INIT;
	struct perf_data pd;
	int ret = perf_data__open(&pd, path, &err);

	if (!ret) {
		ret = perf_data__for_each_record(&pd, load_sample, &c, &err);
		perf_data__close(&pd);
	}
	strbuf_release(&err);
	return ret;
}

static uint64_t (*data_src_of_sier)(uint64_t sier);
static unsigned int lbr_depth = 32;

void sim_sample__set_lbr_depth(unsigned int depth)
{
	if (depth)
		lbr_depth = depth;
}

void sim_sample__set_sier_mapping(uint64_t (*fn)(uint64_t sier))
{
	data_src_of_sier = fn;
}

/*
 * A PMU that reports where a load or store was served through its own
 * register (POWER's SIER) gets data_src from the architecture's mapping:
 * marked loads from each level in turn (LDST 1-6), then a store (7).
 */
static const struct mem_fields *sier_mem(void)
{
	static struct mem_fields m;
	static unsigned int ldst;
	uint64_t type;

	ldst = ldst % 7 + 1;
	type = ldst == 7 ? 2 : 1;
	m = (struct mem_fields){ .data_src = data_src_of_sier(type << 15 | ldst << 1) };
	return &m;
}

static const struct mem_fields *next_mem(void)
{
	static const struct mem_fields none = { .data_src = PERF_MEM_DATA_SRC_NONE };

	if (!replay.nr_mem)
		return data_src_of_sier ? sier_mem() : &none;
	return &replay.mem[replay.next_mem++ % replay.nr_mem];
}

/* --- the shadow event ----------------------------------------------------- */

/* Intel's load-latency and precise-store events (event=0xcd,umask=0x1 and
 * event=0xd0,umask=0x82 on every core the fixtures describe), with the
 * memory fields in their samples. */
static uint8_t mem_event_want(const struct perf_event_attr *a)
{
	if (!(a->sample_type & (PERF_SAMPLE_ADDR | PERF_SAMPLE_DATA_SRC | PERF_SAMPLE_WEIGHT |
				PERF_SAMPLE_WEIGHT_STRUCT)))
		return SIM_WANT_NONE;
	if ((a->config & 0xffff) == 0x01cd)
		return SIM_WANT_LOAD;
	if ((a->config & 0xffff) == 0x82d0)
		return SIM_WANT_STORE;
	return SIM_WANT_NONE;
}

struct shadow *shadow__open(const struct perf_event_attr *attr, uint64_t sim_id, pid_t pid,
			    int cpu, unsigned long flags, int *err)
{
	struct shadow *sh = calloc(1, sizeof(*sh));
	long fd;

	if (!sh) {
		*err = -ENOMEM;
		return NULL;
	}
	sh->attr = *attr;
	sh->kattr = *attr;
	sh->kattr.type = PERF_TYPE_SOFTWARE;
	sh->kattr.config = PERF_COUNT_SW_CPU_CLOCK;
	sh->kattr.config1 = sh->kattr.config2 = 0;
	sh->kattr.precise_ip = 0;
	sh->kattr.sample_type &= ~(uint64_t)PERF_SAMPLE_BRANCH_STACK;
	sh->kattr.branch_sample_type = 0;
	/* what is stepped is stepped right after its sample, not a ring later */
	sh->steps_branches = (attr->sample_type & PERF_SAMPLE_BRANCH_STACK) && !replay.nr_stacks;
	sh->mem_want = replay.nr_mem ? SIM_WANT_NONE : mem_event_want(attr);
	sh->ldlat = attr->config1 & 0xffff;
	sh->stepping = (sh->steps_branches || sh->mem_want) && pid > 0 &&
		       !sim_stepper__attach(pid);
	if (sh->stepping) {
		sh->kattr.watermark = 0;
		sh->kattr.wakeup_events = 1;
		/* the stepper sees user code only; and a stepped thread's time
		 * is in the kernel's traps, which must not sample meanwhile */
		sh->kattr.exclude_kernel = 1;
	}
	fd = syscall(__NR_perf_event_open, &sh->kattr, pid, cpu, -1, flags);
	if (fd < 0) {
		*err = -errno;
		free(sh);
		return NULL;
	}
	sh->fd = (int)fd;
	sh->sim_id = sim_id;
	ioctl(sh->fd, PERF_EVENT_IOC_ID, &sh->kernel_id);
	sh->next = shadows;
	shadows = sh;
	return sh;
}

void shadow__close(struct shadow *sh)
{
	struct shadow **p = &shadows;

	while (*p && *p != sh)
		p = &(*p)->next;
	if (*p)
		*p = sh->next;
	shadow__munmap(sh);
	close(sh->fd);
	free(sh);
}

int shadow__fd(const struct shadow *sh)
{
	return sh->fd;
}

void shadow__ioctl(struct shadow *sh, unsigned long request)
{
	ioctl(sh->fd, request, 0);
	if (request == PERF_EVENT_IOC_DISABLE)
		shadow__pump_all();
}

int shadow__mmap(struct shadow *sh, size_t size, void **out)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	struct perf_event_mmap_page *pc;

	if (sh->ring)
		return -EBUSY;
	sh->kring = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, sh->fd, 0);
	if (sh->kring == MAP_FAILED) {
		sh->kring = NULL;
		return -errno;
	}
	sh->ring = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (sh->ring == MAP_FAILED) {
		munmap(sh->kring, size);
		sh->kring = sh->ring = NULL;
		return -ENOMEM;
	}
	pc = sh->ring;
	pc->data_offset = page;
	pc->data_size = size - page;
	sh->ring_size = size;
	*out = sh->ring;
	return 0;
}

void shadow__munmap(struct shadow *sh)
{
	if (sh->kring)
		munmap(sh->kring, sh->ring_size);
	if (sh->ring)
		munmap(sh->ring, sh->ring_size);
	sh->kring = sh->ring = NULL;
}

int shadow__set_output(struct shadow *sh, struct shadow *owner)
{
	return ioctl(sh->fd, PERF_EVENT_IOC_SET_OUTPUT, owner->fd) < 0 ? -errno : 0;
}

int shadow__take_output(struct shadow *owner, int real_fd)
{
	return ioctl(real_fd, PERF_EVENT_IOC_SET_OUTPUT, owner->fd) < 0 ? -errno : 0;
}

/* --- records rewritten ------------------------------------------------------ */

static struct shadow *by_kernel_id(uint64_t id)
{
	for (struct shadow *s = shadows; s; s = s->next)
		if (s->kernel_id == id)
			return s;
	return NULL;
}

/* Whose record this is: by the id every record of a shared ring carries
 * (IDENTIFIER), else the ring's owner's. NULL: a real event's. */
static struct shadow *owner_of(struct shadow *ring_owner, const uint64_t *rec, size_t words)
{
	const struct pm_event_header *h = (const void *)rec;

	if (!(ring_owner->kattr.sample_type & PERF_SAMPLE_IDENTIFIER))
		return ring_owner;
	if (h->type == PERF_RECORD_SAMPLE && words > 1)
		return by_kernel_id(rec[1]);
	if (ring_owner->kattr.sample_id_all && words > 1)
		return by_kernel_id(rec[words - 1]);
	return ring_owner;
}

static void put_u64(struct strbuf *out, uint64_t v)
{
	strbuf_add(out, &v, sizeof(v));
}

static void put_regs(struct strbuf *out, const struct sample_regs *r)
{
	put_u64(out, r->abi);
	if (r->abi)
		strbuf_add(out, r->regs, (size_t)__builtin_popcountll(r->mask) * 8);
}

/* The branch filter with its privilege levels: those of the event when
 * it names none, as the kernel's LBR filter takes them. */
static uint64_t branch_filter(const struct perf_event_attr *a)
{
	uint64_t bt = a->branch_sample_type;

	if (!(bt & PERF_SAMPLE_BRANCH_PLM_ALL))
		bt |= (a->exclude_user ? 0 : PERF_SAMPLE_BRANCH_USER) |
		      (a->exclude_kernel ? 0 : PERF_SAMPLE_BRANCH_KERNEL);
	return bt;
}

/* The branch stack a real recording took, less what the filter's
 * privilege levels leave out (the kernel's LBR filtering). */
static void put_branches(struct strbuf *out, const struct perf_event_attr *attr)
{
	uint64_t bt = branch_filter(attr), nr = 0;
	size_t at = out->len, first = 0, last = 0;
	bool user = bt & PERF_SAMPLE_BRANCH_USER, kernel = bt & PERF_SAMPLE_BRANCH_KERNEL;

	if (replay.nr_stacks) {
		size_t i = replay.next_stack++ % replay.nr_stacks;

		first = replay.stack_at[i];
		last = replay.stack_at[i + 1];
	}
	put_u64(out, 0);	/* nr, set below */
	if (bt & PERF_SAMPLE_BRANCH_HW_INDEX)
		put_u64(out, 0);
	for (size_t i = first; i < last; i++) {
		const struct perf_branch_entry *e = &replay.entries[i];
		bool k = e->from >= KERNEL_ADDR || e->to >= KERNEL_ADDR;

		if (k ? !kernel : !user)
			continue;
		strbuf_add(out, e, sizeof(*e));
		nr++;
	}
	memcpy(out->buf + at, &nr, sizeof(nr));
}

/* --- samples at the end of a stepped window ---------------------------------- */

static uint64_t ring_head(const struct shadow *ring)
{
	const struct perf_event_mmap_page *in = ring->kring;

	return __atomic_load_n(&in->data_head, __ATOMIC_ACQUIRE);
}

static struct stepped_over *stepped_of(struct shadow *ring, pid_t tid)
{
	struct stepped_over *so = &ring->stepped[(unsigned int)tid % NR_STEPPED];

	if (so->tid != tid) {
		so->tid = tid;
		so->first = so->nr = 0;
	}
	return so;
}

/* The thread's samples from @from to where the ring is now were taken
 * while it was stepped. */
static void skip_samples(struct shadow *ring, pid_t tid, uint64_t from)
{
	struct stepped_over *so = stepped_of(ring, tid);
	unsigned int at;

	if (so->nr == NR_RANGES) {	/* the oldest goes: its samples ask again */
		so->first = (so->first + 1) % NR_RANGES;
		so->nr--;
	}
	at = (so->first + so->nr++) % NR_RANGES;
	so->range[at].from = from;
	so->range[at].until = ring_head(ring);
}

/* Samples are read in ring order: ranges behind @pos are done with. */
static bool was_stepped_over(struct shadow *ring, pid_t tid, uint64_t pos)
{
	struct stepped_over *so = stepped_of(ring, tid);

	while (so->nr && so->range[so->first].until <= pos) {
		so->first = (so->first + 1) % NR_RANGES;
		so->nr--;
	}
	return so->nr && pos >= so->range[so->first].from;
}

/*
 * A memory event's window that finds no load above the latency threshold
 * (code whose loads all hit the L1) steps its 5,000 instructions for no
 * sample, hundreds of times the thread's own time between two samples: a
 * thread that stays in such code would crawl. The hardware would sample
 * nothing there either, so after each fruitless window in a row this
 * event passes over twice as many of the thread's samples (up to 64)
 * before it steps the thread again; a window that finds its load starts
 * the count over. Counted in samples, not time: the same on a busy machine.
 */
#define MAX_REST 64

static struct fruitless *fruitless_of(struct shadow *who, pid_t tid)
{
	struct fruitless *f = &who->fruitless[(unsigned int)tid % NR_STEPPED];

	if (f->tid != tid)
		*f = (struct fruitless){ .tid = tid };
	return f;
}

static bool resting(struct shadow *who, pid_t tid)
{
	struct fruitless *f = fruitless_of(who, tid);

	if (!f->rest)
		return false;
	f->rest--;
	return true;
}

static void count_fruitless(struct shadow *who, pid_t tid, bool found)
{
	struct fruitless *f = fruitless_of(who, tid);

	f->in_a_row = found ? 0 : f->in_a_row + 1;
	f->rest = found ? 0 : 1U << (f->in_a_row < 6 ? f->in_a_row : 6);
}

struct head_at {
	const struct shadow *ring;
	uint64_t *head;
};

/* The thread stands still: what it did before is sampled, in the ring */
static void note_head(void *ctx)
{
	struct head_at *h = ctx;

	*h->head = ring_head(h->ring);
}

/*
 * The window the stepper takes of the sampled thread now, or NULL (the
 * thread is gone, or in a system call). The time the thread spends being
 * stepped is not its own: the samples its twin took meanwhile, between
 * where the twin's ring was when the thread stood still and where it has
 * got to once the window is taken, are dropped (pausing the twin instead would lose the
 * COMM and MMAP records of what the workload's other tasks do meanwhile);
 * those it took before, still to be read on a busy machine, are the
 * thread's own and are sampled in turn. Those taken during a window that
 * found nothing to sample are dropped too: each would ask for a window of its own, as long
 * and as fruitless, and a program whose loads all hit the L1 would never
 * end (the traps of every step are the thread's CPU time).
 */
static const struct sim_window *step(struct shadow *ring, struct shadow *who,
				     const struct perf_sample *s)
{
	static struct sim_window w;
	const struct perf_event_attr *a = &who->attr;
	struct sim_window_req req = {
		.tid = (pid_t)s->tid, .lbr_depth = lbr_depth,
		.filter = who->steps_branches ? branch_filter(a) : 0,
		.mem_want = who->mem_want, .ldlat = who->ldlat,
		.hold = 1,	/* until the read is done: shadow__pump_all() */
	};
	uint64_t from;
	int err;

	if ((a->sample_type & PERF_SAMPLE_CALLCHAIN) && !a->exclude_callchain_user)
		req.max_chain = a->sample_max_stack ? a->sample_max_stack : SIM_CHAIN_MAX;
	if (a->sample_type & PERF_SAMPLE_STACK_USER)
		req.stack_bytes = (uint32_t)s->user_stack_size;
	nr_windows++;
	from = ring_head(ring);	/* until the stepper says the thread is stopped */
	err = sim_stepper__window(&req, &w, note_head, &(struct head_at){ ring, &from });
	if (err != -ENOTCONN)	/* the thread was stopped, whatever came of it */
		skip_samples(ring, (pid_t)s->tid, from);
	if (who->mem_want && (!err || err == -ENOENT))
		count_fruitless(who, (pid_t)s->tid, !err);
	return err ? NULL : &w;
}

static void put_window_chain(struct strbuf *out, const struct sim_window *w)
{
	put_u64(out, w->nr_chain ? w->nr_chain + 1 : 0);
	if (w->nr_chain) {
		put_u64(out, PERF_CONTEXT_USER);
		strbuf_add(out, w->chain, w->nr_chain * sizeof(w->chain[0]));
	}
}

/* The window's LBR; none when no window could be taken. */
static void put_window_branches(struct strbuf *out, const struct perf_event_attr *a,
				const struct sim_window *w)
{
	put_u64(out, w ? w->nr_branches : 0);
	if (a->branch_sample_type & PERF_SAMPLE_BRANCH_HW_INDEX)
		put_u64(out, w ? w->hw_idx : 0);
	if (w)
		strbuf_add(out, w->branches, w->nr_branches * sizeof(w->branches[0]));
}

static void put_window_regs(struct strbuf *out, uint64_t mask, const struct sim_window *w)
{
	put_u64(out, PERF_SAMPLE_REGS_ABI_64);
	for (int bit = 0; bit < 64; bit++)
		if (mask & (1ULL << bit))
			put_u64(out, bit < SIM_NR_REGS ? w->regs[bit] : 0);
}

/* As many bytes as the shadow's sample held, those read at the window's
 * end first (the rest zero), and how many of them are the stack's. */
static void put_window_stack(struct strbuf *out, uint64_t size, const struct sim_window *w)
{
	uint64_t n = w->stack_len < size ? w->stack_len : size;

	put_u64(out, size);
	if (!size)
		return;
	strbuf_add(out, w->stack, n);
	for (uint64_t i = n; i < size; i++)
		strbuf_addch(out, 0);
	put_u64(out, n);
}

/* The simulated group's counts and ids, as the hardware would give them,
 * in place of the shadow's cpu-clock time. */
static void put_read(struct strbuf *out, const struct shadow *who)
{
	uint64_t buf[512];
	ssize_t n = sim__read_sample(who->sim_id, buf, sizeof(buf));

	if (n > 0)
		strbuf_add(out, buf, (size_t)n);
}

/* A sample in the layout of the simulated event's attr: the shadow's
 * fields, its id, memory fields and branches from the replays. */
static void put_sample(struct shadow *ring, uint64_t pos, struct shadow *who,
		       const struct pm_event_header *h, struct strbuf *out)
{
	const struct perf_event_attr *a = &who->attr;
	uint64_t st = a->sample_type;
	const struct mem_fields *m = NULL;
	struct mem_fields stepped;
	const struct sim_window *w = NULL;
	struct strbuf err = STRBUF_INIT;
	struct perf_sample s;
	struct pm_event_header nh = *h;
	size_t start = out->len;

	if (perf_sample__parse(h, &who->kattr, &s, &err)) {
		strbuf_release(&err);
		return;
	}
	if (who->stepping && was_stepped_over(ring, (pid_t)s.tid, pos))
		return;
	if (who->mem_want && resting(who, (pid_t)s.tid))
		return;
	if (st & (PERF_SAMPLE_DATA_SRC | PERF_SAMPLE_WEIGHT | PERF_SAMPLE_WEIGHT_STRUCT))
		m = next_mem();
	if (who->stepping && (w = step(ring, who, &s))) {
		s.ip = w->regs[PERF_REG_X86_IP];	/* where the LBR ends */
		nh.misc = (nh.misc & ~PERF_RECORD_MISC_CPUMODE_MASK) | PERF_RECORD_MISC_USER;
	}
	/* no window, no sample: its thread is gone or in a system call (its
	 * fields would be half the shadow's), or a memory event found no load
	 * above its latency threshold (as the hardware samples none) */
	if (who->stepping && !w)
		return;
	/* an empty LBR call stack: perf 6.1 reads its entries[0] all the
	 * same (bytes past the sample), so the hardware's rare empty one is
	 * left out rather than shown as garbage */
	if (who->steps_branches && (a->branch_sample_type & PERF_SAMPLE_BRANCH_CALL_STACK) &&
	    !w->nr_branches)
		return;
	if (who->mem_want) {
		stepped = (struct mem_fields){ w->mem_addr, w->data_src, w->weight, 0 };
		m = &stepped;
		if (a->precise_ip)
			nh.misc |= PERF_RECORD_MISC_EXACT_IP;
	}
	strbuf_add(out, &nh, sizeof(nh));
	if (st & PERF_SAMPLE_IDENTIFIER)
		put_u64(out, who->sim_id);
	if (st & PERF_SAMPLE_IP)
		put_u64(out, s.ip);
	if (st & PERF_SAMPLE_TID)
		put_u64(out, (uint64_t)s.tid << 32 | s.pid);
	if (st & PERF_SAMPLE_TIME)
		put_u64(out, s.time);
	if (st & PERF_SAMPLE_ADDR)
		put_u64(out, m ? m->addr : s.addr);
	if (st & PERF_SAMPLE_ID)
		put_u64(out, who->sim_id);
	if (st & PERF_SAMPLE_STREAM_ID)
		put_u64(out, who->sim_id);
	if (st & PERF_SAMPLE_CPU)
		put_u64(out, s.cpu);
	if (st & PERF_SAMPLE_PERIOD)
		put_u64(out, s.period);
	if (st & PERF_SAMPLE_READ)
		put_read(out, who);
	if ((st & PERF_SAMPLE_CALLCHAIN) && w) {
		put_window_chain(out, w);
	} else if (st & PERF_SAMPLE_CALLCHAIN) {
		put_u64(out, s.callchain_nr);
		strbuf_add(out, s.callchain, s.callchain_nr * 8);
	}
	if (st & PERF_SAMPLE_RAW) {
		uint32_t size = s.raw_size;

		strbuf_add(out, &size, sizeof(size));
		strbuf_add(out, s.raw_data, size);
	}
	if ((st & PERF_SAMPLE_BRANCH_STACK) && who->steps_branches && who->stepping)
		put_window_branches(out, a, w);
	else if (st & PERF_SAMPLE_BRANCH_STACK)
		put_branches(out, a);
	if ((st & PERF_SAMPLE_REGS_USER) && w)
		put_window_regs(out, a->sample_regs_user, w);
	else if (st & PERF_SAMPLE_REGS_USER)
		put_regs(out, &s.user_regs);
	if ((st & PERF_SAMPLE_STACK_USER) && w) {
		put_window_stack(out, s.user_stack_size, w);
	} else if (st & PERF_SAMPLE_STACK_USER) {
		put_u64(out, s.user_stack_size);
		if (s.user_stack_size) {
			strbuf_add(out, s.user_stack, s.user_stack_size);
			put_u64(out, s.user_stack_dyn_size);
		}
	}
	if (st & PERF_SAMPLE_WEIGHT)
		put_u64(out, m->weight);
	if (st & PERF_SAMPLE_WEIGHT_STRUCT)
		put_u64(out, (m->weight & 0xffffffff) | (uint64_t)m->ins_lat << 32);
	if (st & PERF_SAMPLE_DATA_SRC)
		put_u64(out, m->data_src);
	if (st & PERF_SAMPLE_TRANSACTION)
		put_u64(out, 0);
	if (st & PERF_SAMPLE_REGS_INTR)
		put_regs(out, &s.intr_regs);
	if (st & PERF_SAMPLE_PHYS_ADDR)
		put_u64(out, s.phys_addr);
	if (st & PERF_SAMPLE_CGROUP)
		put_u64(out, s.cgroup);
	if (st & PERF_SAMPLE_DATA_PAGE_SIZE)
		put_u64(out, s.data_page_size);
	if (st & PERF_SAMPLE_CODE_PAGE_SIZE)
		put_u64(out, s.code_page_size);
	/* a raw payload leaves the record unaligned: pad as the kernel does */
	while ((out->len - start) % 8)
		strbuf_addch(out, 0);
	if (out->len - start > 0xfff8) {	/* no room in a record: dropped */
		strbuf_setlen(out, start);
		return;
	}
	nh.size = (uint16_t)(out->len - start);
	memcpy(out->buf + start, &nh, sizeof(nh));
}

/* Another record: the same bytes, the shadow's id replaced where the
 * sample_id trailer and the LOST / THROTTLE bodies hold it. */
static void put_other(const struct shadow *who, const uint64_t *rec, size_t words,
		      struct strbuf *out)
{
	const struct pm_event_header *h = (const void *)rec;
	size_t start = out->len;
	uint64_t *w;

	strbuf_add(out, rec, words * 8);
	if (!who)
		return;
	w = (uint64_t *)(out->buf + start);
	if ((h->type == PERF_RECORD_LOST && words > 1 && w[1] == who->kernel_id) ||
	    ((h->type == PERF_RECORD_THROTTLE || h->type == PERF_RECORD_UNTHROTTLE) &&
	     words > 3 && w[2] == who->kernel_id)) {
		w[h->type == PERF_RECORD_LOST ? 1 : 2] = who->sim_id;
		if (h->type != PERF_RECORD_LOST)
			w[3] = who->sim_id;
	}
	if (who->kattr.sample_id_all) {
		unsigned int tw = perf_sample__id_words(who->kattr.sample_type), at = 0;
		uint64_t st = who->kattr.sample_type;

		if (tw >= words)
			return;
		at = (unsigned int)words - tw;
		at += !!(st & PERF_SAMPLE_TID) + !!(st & PERF_SAMPLE_TIME);
		if (st & PERF_SAMPLE_ID)
			w[at++] = who->sim_id;
		if (st & PERF_SAMPLE_STREAM_ID)
			w[at++] = who->sim_id;
		at += !!(st & PERF_SAMPLE_CPU);
		if (st & PERF_SAMPLE_IDENTIFIER)
			w[at] = who->sim_id;
	}
}

static void ring_read(const uint8_t *data, size_t size, uint64_t pos, void *out, size_t len)
{
	size_t at = pos % size, first = len < size - at ? len : size - at;

	memcpy(out, data + at, first);
	memcpy((uint8_t *)out + first, data, len - first);
}

static void ring_write(uint8_t *data, size_t size, uint64_t pos, const void *in, size_t len)
{
	size_t at = pos % size, first = len < size - at ? len : size - at;

	memcpy(data + at, in, first);
	memcpy(data, (const uint8_t *)in + first, len - first);
}

/* The shadow ring's records into the simulated one, as far as it has room
 * (the rest is dropped, as a full ring drops samples), up to pump_until or
 * the first sample stepped: true when it stopped for that one. */
static bool pump(struct shadow *o)
{
	struct perf_event_mmap_page *in = o->kring, *out = o->ring;
	size_t page = (size_t)sysconf(_SC_PAGESIZE), size = o->ring_size - page;
	const uint8_t *idata = (const uint8_t *)o->kring + page;
	uint8_t *odata = (uint8_t *)o->ring + page;
	uint64_t head = o->pump_until, tail = in->data_tail;
	uint64_t ohead = out->data_head, otail = __atomic_load_n(&out->data_tail, __ATOMIC_ACQUIRE);
	struct strbuf rec = STRBUF_INIT;
	unsigned long windows = nr_windows;
	uint64_t buf[65536 / 8];

	while (tail < head && windows == nr_windows) {
		struct pm_event_header h;
		struct shadow *who;
		size_t words;

		ring_read(idata, size, tail, &h, sizeof(h));
		if (h.size < sizeof(h) || h.size > head - tail || h.size % 8)
			break;
		ring_read(idata, size, tail, buf, h.size);
		words = h.size / 8;
		strbuf_reset(&rec);
		who = owner_of(o, buf, words);
		if (h.type == PERF_RECORD_SAMPLE && who)
			put_sample(o, tail, who, (const void *)buf, &rec);
		else
			put_other(who, buf, words, &rec);
		if (rec.len && ohead + rec.len - otail <= size) {
			ring_write(odata, size, ohead, rec.buf, rec.len);
			ohead += rec.len;
		}
		tail += h.size;
	}
	__atomic_store_n(&in->data_tail, tail, __ATOMIC_RELEASE);
	__atomic_store_n(&out->data_head, ohead, __ATOMIC_RELEASE);
	strbuf_release(&rec);
	return windows != nr_windows && tail < head;
}

/*
 * Every ring as far as its head is now, one window from each in turn, the
 * workload held stopped from the first window to the end of the read: a
 * ring read to its end first, or threads let run between the windows of
 * another's samples, let a thread queued behind them run to its end
 * unstepped (t6110 17: one of two processes had no row).
 */
void shadow__pump_all(void)
{
	unsigned long windows = nr_windows;
	bool more;

	for (struct shadow *s = shadows; s; s = s->next)
		if (s->kring && s->ring)
			s->pump_until = __atomic_load_n(&((struct perf_event_mmap_page *)s->kring)->data_head,
							__ATOMIC_ACQUIRE);
	do {
		more = false;
		for (struct shadow *s = shadows; s; s = s->next)
			if (s->kring && s->ring && pump(s))
				more = true;
	} while (more);
	if (windows != nr_windows)
		sim_stepper__release();
}
