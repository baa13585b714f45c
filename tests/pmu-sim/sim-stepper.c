// SPDX-License-Identifier: GPL-2.0
/*
 * pmu-sim's stepper: see sim-stepper.h. The tracer is a process of its
 * own: perf-mini waits for its workload with waitpid(), which would see a
 * thread of its own process's tracees stop. It is perf-mini's child, dies
 * with it (PR_SET_PDEATHSIG), and answers one request at a time over a
 * socket: tracees detach by themselves when it ends.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "sim-cache.h"
#include "sim-stepper.h"

/* A window that never fills (a filter nothing matches, a long rep movs)
 * ends after this many instructions; one looking for a load above the
 * latency threshold in code whose loads all hit the L1, sooner. */
#define MAX_STEPS 20000
#define MAX_MEM_STEPS 5000

/* A memory event's window feeds this many accesses to the cache model
 * before the one it samples: the lines the code around it touches. */
#define WARM_ACCESSES 16

enum { OP_ATTACH = 1, OP_WINDOW, OP_RELEASE };

struct request {
	uint32_t op;
	pid_t pid;
	struct sim_window_req window;
};

/* --- the tracer's side ------------------------------------------------------ */

struct tracee {
	pid_t tid, tgid;	/* tgid 0: not looked up yet */
	uint64_t nr_recorded;	/* LBR entries written so far: the hw_idx */
	bool freezing;		/* interrupted for another's window, not yet stopped */
	bool frozen;		/* stopped while another thread is stepped */
	int pending;		/* frozen after its own window: the signal it has */
};

static struct tracee *tracees;
static size_t nr_tracees;

static struct tracee *tracee_of(pid_t tid, bool add)
{
	struct tracee *n;

	for (size_t i = 0; i < nr_tracees; i++)
		if (tracees[i].tid == tid)
			return &tracees[i];
	if (!add || !(n = realloc(tracees, (nr_tracees + 1) * sizeof(*n))))
		return NULL;
	tracees = n;
	tracees[nr_tracees] = (struct tracee){ .tid = tid };
	return &tracees[nr_tracees++];
}

static void forget(pid_t tid)
{
	struct tracee *t = tracee_of(tid, false);

	if (t)
		*t = tracees[--nr_tracees];
}

/* Decoded instructions by address, forgotten at every exec. */
#define CODE_SLOTS 8192

static struct code_slot {
	uint64_t ip;
	struct sim_insn in;
} code_cache[CODE_SLOTS];

static void forget_code(void)
{
	memset(code_cache, 0, sizeof(code_cache));
}

static size_t read_memory(pid_t tid, uint64_t addr, void *buf, size_t len)
{
	struct iovec local = { buf, len }, remote = { (void *)(uintptr_t)addr, len };
	ssize_t n = process_vm_readv(tid, &local, 1, &remote, 1, 0);

	return n < 0 ? 0 : (size_t)n;
}

static struct sim_insn insn_at(pid_t tid, uint64_t ip)
{
	struct code_slot *c = &code_cache[(ip ^ ip >> 13) % CODE_SLOTS];
	uint8_t code[16];
	size_t n;

	if (c->ip == ip && c->in.len)
		return c->in;
	n = read_memory(tid, ip, code, sizeof(code));
	if (!n)	/* the last bytes of a mapping: up to its end */
		n = read_memory(tid, ip, code, 4096 - (ip & 4095) < 16 ? 4096 - (ip & 4095) : 16);
	sim_insn__decode(code, n, ip, &c->in);
	c->ip = ip;
	return c->in;
}

static bool is_stop_signal(int sig)
{
	return sig == SIGSTOP || sig == SIGTSTP || sig == SIGTTIN || sig == SIGTTOU;
}

/* A stop that is not a window's: the thread runs on as it would untraced. */
static void resume(pid_t tid, int status)
{
	int event = status >> 16, sig = WSTOPSIG(status);

	if (WIFEXITED(status) || WIFSIGNALED(status)) {
		forget(tid);
		return;
	}
	if (!WIFSTOPPED(status))
		return;
	tracee_of(tid, true);	/* a thread or child it followed */
	if (event == PTRACE_EVENT_EXEC)
		forget_code();
	if (event == PTRACE_EVENT_STOP && is_stop_signal(sig))
		ptrace(PTRACE_LISTEN, tid, 0, 0);	/* a group stop: stays stopped */
	else
		ptrace(PTRACE_CONT, tid, 0, event ? 0 : sig);
}

static void resume_all_waiting(void)
{
	int status;
	pid_t tid;

	while ((tid = waitpid(-1, &status, __WALL | WNOHANG)) > 0)
		resume(tid, status);
}

static int attach(pid_t pid)
{
	if (tracee_of(pid, false))
		return 0;
	if (ptrace(PTRACE_SEIZE, pid, 0, PTRACE_O_TRACECLONE | PTRACE_O_TRACEFORK |
					  PTRACE_O_TRACEVFORK | PTRACE_O_TRACEEXEC))
		return -errno;
	return tracee_of(pid, true) ? 0 : -ENOMEM;
}

/* How long a window waits for its thread to stop: 1 s, in steps */
#define STOP_TRIES 2000
#define STOP_TRY_NS 500000

/* @tid's stop after PTRACE_INTERRUPT: 0 for it, 1 to wait on (an event
 * or a signal first: it runs on to the interrupt), -errno to give up */
static int stop_of(pid_t tid, int status, int *pending)
{
	int event = status >> 16, sig = WSTOPSIG(status);

	if (WIFEXITED(status) || WIFSIGNALED(status)) {
		forget(tid);
		return -ESRCH;
	}
	if (event == PTRACE_EVENT_STOP && !is_stop_signal(sig))
		return 0;
	if (event == PTRACE_EVENT_STOP) {
		ptrace(PTRACE_LISTEN, tid, 0, 0);
		return -EAGAIN;
	}
	if (event == PTRACE_EVENT_EXEC)
		forget_code();
	if (!event)
		*pending = sig;
	ptrace(PTRACE_CONT, tid, 0, 0);
	return 1;
}

/*
 * Stop @tid where it is; a signal that arrives first is kept in @pending,
 * delivered when it runs on. The others' stops that come meanwhile are
 * answered as resume() does: a vfork parent stops only once its child
 * has run (its new child's first stop waits for us), so a wait for the
 * thread alone could last for ever. One that does not stop within the
 * limit is given up (-EBUSY, as one in a system call): its stop comes
 * later, and resume() lets it run on.
 */
static int stop_thread(pid_t tid, int *pending)
{
	const struct timespec pause = { 0, STOP_TRY_NS };
	int status, ret;
	pid_t got;

	if (ptrace(PTRACE_INTERRUPT, tid, 0, 0))
		return -errno;
	for (int tries = 0; tries < STOP_TRIES; tries++) {
		while ((got = waitpid(-1, &status, __WALL | WNOHANG)) > 0) {
			if (got != tid) {
				resume(got, status);
				continue;
			}
			if ((ret = stop_of(tid, status, pending)) <= 0)
				return ret;
		}
		if (got < 0 && errno == ECHILD)
			return -ESRCH;
		nanosleep(&pause, NULL);
	}
	return -EBUSY;
}

/* One instruction: 0 with the new *@ip; -EINTR when something else
 * stopped the thread (a signal: kept in @pending); -ESRCH when it died. */
static int step_once(pid_t tid, uint64_t *ip, int *pending)
{
	int status;
	long v;

	if (ptrace(PTRACE_SINGLESTEP, tid, 0, 0) || waitpid(tid, &status, __WALL) != tid)
		return -errno;
	if (WIFEXITED(status) || WIFSIGNALED(status)) {
		forget(tid);
		return -ESRCH;
	}
	if (status >> 16 || WSTOPSIG(status) != SIGTRAP) {
		if (!(status >> 16))
			*pending = WSTOPSIG(status);
		return -EINTR;
	}
	errno = 0;
	v = ptrace(PTRACE_PEEKUSER, tid, offsetof(struct user_regs_struct, rip), 0);
	if (errno)
		return -errno;
	*ip = (uint64_t)v;
	return 0;
}

/* The access of @in at @ip into the cache model: true when it is the one
 * a memory event samples (once the window has seen WARM_ACCESSES). */
static pid_t tgid_of(struct tracee *t)
{
	char path[64], line[128];
	FILE *f;

	if (t->tgid)
		return t->tgid;
	snprintf(path, sizeof(path), "/proc/%d/status", (int)t->tid);
	if ((f = fopen(path, "re"))) {
		while (fgets(line, sizeof(line), f))
			if (sscanf(line, "Tgid: %d", &t->tgid) == 1)
				break;
		fclose(f);
	}
	return t->tgid ? t->tgid : t->tid;
}

static bool access_memory(struct tracee *t, const struct sim_insn *in, uint64_t ip,
			  const struct sim_window_req *req, unsigned int *seen, struct sim_window *w)
{
	struct user_regs_struct r;
	struct sim_access load = { 0 }, store = { 0 };
	uint64_t addr;

	if (ptrace(PTRACE_GETREGS, t->tid, 0, &r))
		return false;
	addr = sim_insn__address(in, ip, &r);
	if (in->mem & SIM_MEM_READ)
		sim_cache__access(addr, tgid_of(t), t->tid, false, &load);
	if (in->mem & SIM_MEM_WRITE)
		sim_cache__access(addr, tgid_of(t), t->tid, true, &store);
	if (++*seen <= WARM_ACCESSES)
		return false;
	if (req->mem_want == SIM_WANT_LOAD && (in->mem & SIM_MEM_READ) && load.latency >= req->ldlat)
		w->data_src = load.data_src, w->weight = load.latency;
	else if (req->mem_want == SIM_WANT_STORE && (in->mem & SIM_MEM_WRITE))
		w->data_src = store.data_src, w->weight = store.latency;
	else
		return false;
	w->mem_addr = addr;
	w->mem_found = 1;
	return true;
}

/*
 * Single-step until the LBR has filled, or for a memory event up to the
 * load or store it samples (not executed: the sample's IP is its own, as
 * a precise event's), or up to a system call (which may block: the
 * window ends before it).
 */
static int step_window(struct tracee *t, const struct sim_window_req *req, uint64_t ip,
		       struct sim_lbr *lbr, struct sim_window *w, int *pending)
{
	unsigned int seen = 0;
	pid_t tid = t->tid;

	int max = req->mem_want ? MAX_MEM_STEPS : MAX_STEPS;
	bool call_stack = !req->mem_want && (req->filter & PERF_SAMPLE_BRANCH_CALL_STACK);
	unsigned int taken = 0;

	w->mem_found = 0;
	sim_cache__new_window();
	/* every stepped branch is a user one: a kernel-only LBR stays empty
	 * however long the window, so it is taken where the thread stands */
	if (!req->mem_want && !(req->filter & PERF_SAMPLE_BRANCH_USER))
		max = 0;
	for (int steps = 0; steps < max; steps++) {
		struct sim_insn in = insn_at(tid, ip);
		uint64_t next = 0;
		int err;

		if (in.kind == SB_SYSCALL)
			break;
		if (req->mem_want && in.mem && access_memory(t, &in, ip, req, &seen, w))
			return 0;
		err = step_once(tid, &next, pending);
		if (err)
			return err == -EINTR ? 0 : err;
		if (sim_lbr__step(lbr, &in, ip, next))
			t->nr_recorded++;
		/* a call stack never fills: as long a window as a full LBR's */
		if (call_stack && in.kind != SB_NONE && next != ip + in.len && ++taken >= lbr->depth)
			break;
		ip = next;
		if (!req->mem_want && sim_lbr__is_full(lbr))
			break;
	}
	return 0;
}

static void put_regs(const struct user_regs_struct *r, uint64_t *out)
{
	const uint64_t regs[SIM_NR_REGS] = {
		r->rax, r->rbx, r->rcx, r->rdx, r->rsi, r->rdi, r->rbp, r->rsp,
		r->rip, r->eflags, r->cs, r->ss, r->ds, r->es, r->fs, r->gs,
		r->r8, r->r9, r->r10, r->r11, r->r12, r->r13, r->r14, r->r15,
	};

	memcpy(out, regs, sizeof(regs));
}

/* The IP and the return addresses the frame pointers lead to, as the
 * kernel's user callchain walks them (up to a frame it cannot read). */
static uint32_t walk_frames(pid_t tid, const struct user_regs_struct *r, uint32_t max,
			    uint64_t *chain)
{
	uint64_t fp = r->rbp, frame[2];
	uint32_t n = 0;

	if (!max)
		return 0;
	chain[n++] = r->rip;
	while (n < max && read_memory(tid, fp, frame, sizeof(frame)) == sizeof(frame)) {
		chain[n++] = frame[1];
		fp = frame[0];
	}
	return n;
}

static void fill_window(struct tracee *t, const struct sim_window_req *req,
			const struct sim_lbr *lbr, struct sim_window *w)
{
	struct user_regs_struct r;
	size_t len = req->stack_bytes < SIM_STACK_MAX ? req->stack_bytes : SIM_STACK_MAX;

	ptrace(PTRACE_GETREGS, t->tid, 0, &r);
	put_regs(&r, w->regs);
	w->hw_idx = t->nr_recorded ? (t->nr_recorded - 1) % lbr->depth : 0;
	w->nr_branches = lbr->nr;
	sim_lbr__read(lbr, w->branches);
	w->nr_chain = walk_frames(t->tid, &r, req->max_chain < SIM_CHAIN_MAX ?
					      req->max_chain : SIM_CHAIN_MAX, w->chain);
	w->stack_len = len ? read_memory(t->tid, r.rsp, w->stack, len) : 0;
}

/* The call that returns to @ret: the one instruction ending there that is
 * a call (a direct one, or through a register or memory); 0 for none. */
static uint64_t call_before(pid_t tid, uint64_t ret, struct sim_insn *call)
{
	static const unsigned int lens[] = { 5, 6, 2, 3, 7, 4 };

	for (size_t i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
		*call = insn_at(tid, ret - lens[i]);
		if (call->len == lens[i] && (call->kind == SB_CALL || call->kind == SB_IND_CALL))
			return ret - lens[i];
	}
	return 0;
}

/*
 * Call-stack mode (--call-graph lbr): the calls the thread is inside when
 * the window starts, from its frame pointers, outermost first, so that
 * the stack holds the program's whole call chain as a running LBR would.
 * An indirect call's target is where the next inner call is from (its
 * callee's code); the innermost's, the thread's IP.
 */
static void seed_call_stack(pid_t tid, const struct user_regs_struct *r, struct sim_lbr *lbr)
{
	uint64_t chain[SIM_CHAIN_MAX], from[SIM_LBR_MAX], to[SIM_LBR_MAX], ret[SIM_LBR_MAX];
	uint32_t n = walk_frames(tid, r, SIM_CHAIN_MAX, chain), k = 0;
	uint64_t inner = r->rip;

	for (uint32_t i = 1; i < n && k < lbr->depth; i++) {
		struct sim_insn call;
		uint64_t site = call_before(tid, chain[i], &call);

		if (!site)
			break;	/* not a return address: the frames end here */
		from[k] = site;
		ret[k] = chain[i];
		to[k++] = call.kind == SB_CALL ? call.target : inner;
		inner = site;
	}
	while (k--)
		sim_lbr__seed_call(lbr, from[k], to[k], ret[k]);
}

/* How long a window waits for the other threads to stop: one blocked
 * where no stop reaches it (a vfork parent waiting for its stopped child)
 * stops later, having run nothing meanwhile, and is resumed then. */
#define FREEZE_TRIES 200
#define FREEZE_TRY_NS 500000

/* A stop while freezing: 1 when it is one the freeze waited for. */
static int collect_stop(pid_t tid, int status)
{
	int event = status >> 16, sig = WSTOPSIG(status);
	struct tracee *t;
	int waited;

	if (WIFEXITED(status) || WIFSIGNALED(status)) {
		waited = (t = tracee_of(tid, false)) && t->freezing;
		forget(tid);
		return waited;
	}
	if (!WIFSTOPPED(status) || !(t = tracee_of(tid, true)))
		return 0;
	waited = t->freezing;
	if (event == PTRACE_EVENT_STOP && !is_stop_signal(sig)) {
		t->freezing = false;	/* a new child's first stop is kept too */
		t->frozen = true;
		return waited;
	}
	if (event == PTRACE_EVENT_STOP) {
		ptrace(PTRACE_LISTEN, tid, 0, 0);	/* a group stop: stopped anyway */
		t->freezing = false;
		return waited;
	}
	if (event == PTRACE_EVENT_EXEC)
		forget_code();
	/* an event or a signal first: on to the interrupt's stop */
	ptrace(PTRACE_CONT, tid, 0, event ? 0 : sig);
	return 0;
}

/*
 * The workload's other threads stand still while one is stepped. Were they
 * to run on, a window (long on a busy machine) would let them run ahead:
 * a short-lived process could run to its end during another's windows,
 * its samples read only after it had gone, and none of them stepped.
 * Frozen, every thread advances only in time the sampling sees.
 */
static void freeze_others(pid_t stepped)
{
	const struct timespec pause = { 0, FREEZE_TRY_NS };
	size_t waiting = 0;

	for (size_t i = 0; i < nr_tracees; i++)
		if (tracees[i].tid != stepped && !tracees[i].frozen &&
		    !ptrace(PTRACE_INTERRUPT, tracees[i].tid, 0, 0)) {
			tracees[i].freezing = true;
			waiting++;
		}
	for (int tries = 0; waiting && tries < FREEZE_TRIES; tries++) {
		int status;
		pid_t tid;

		while (waiting && (tid = waitpid(-1, &status, __WALL | WNOHANG)) > 0)
			waiting -= (size_t)collect_stop(tid, status);
		if (waiting)
			nanosleep(&pause, NULL);
	}
}

static void thaw_others(void)
{
	for (size_t i = 0; i < nr_tracees; i++) {
		struct tracee *t = &tracees[i];

		if (t->frozen)
			ptrace(PTRACE_CONT, t->tid, 0, t->pending);
		t->frozen = t->freezing = false;
		t->pending = 0;
	}
}

/* A window's first answer, before its last: the thread and the others
 * stand still (perf-mini reads where its rings are), then perf-mini's
 * go-ahead. */
#define STOPPED 1

static void say_stopped(int sock)
{
	int32_t mark = STOPPED, go;

	if (send(sock, &mark, sizeof(mark), MSG_NOSIGNAL) == sizeof(mark))
		(void)!recv(sock, &go, sizeof(go), 0);
}

static int take_window(const struct sim_window_req *req, struct sim_window *w, int sock)
{
	struct tracee *t = tracee_of(req->tid, false);
	struct user_regs_struct r;
	struct sim_lbr lbr;
	int pending = 0, err;

	if (!t)
		return -ESRCH;
	if (t->frozen) {	/* held since the last window: stopped already */
		pending = t->pending;
		t->frozen = false;
		t->pending = 0;
	} else if ((err = stop_thread(t->tid, &pending))) {
		return err;
	}
	freeze_others(req->tid);
	say_stopped(sock);
	t = tracee_of(req->tid, true);	/* the table may have moved meanwhile */
	sim_lbr__init(&lbr, req->lbr_depth, req->filter);
	if (!t)
		err = -ENOMEM;
	else if (ptrace(PTRACE_GETREGS, t->tid, 0, &r))
		err = -errno;
	else if ((int64_t)r.orig_rax >= 0)
		err = -EBUSY;	/* stopped in a system call: nothing to step */
	if (!err && (req->filter & PERF_SAMPLE_BRANCH_CALL_STACK))
		seed_call_stack(t->tid, &r, &lbr);
	if (!err)
		err = step_window(t, req, r.rip, &lbr, w, &pending);
	if (!err && req->mem_want && !w->mem_found)
		err = -ENOENT;	/* no access a memory event would sample */
	if (!err)
		fill_window(t, req, &lbr, w);
	if (err != -ESRCH && req->hold && (t = tracee_of(req->tid, false))) {
		t->frozen = true;	/* with the others, until the release */
		t->pending = pending;
		return err;
	}
	if (err != -ESRCH)
		ptrace(PTRACE_CONT, req->tid, 0, pending);
	thaw_others();
	return err;
}

static void answer(int sock, int err, const struct sim_window *w)
{
	int32_t e = err;
	size_t len = w ? offsetof(struct sim_window, stack) + w->stack_len : 0;
	struct iovec iov[2] = { { &e, sizeof(e) }, { (void *)w, len } };
	struct msghdr m = { .msg_iov = iov, .msg_iovlen = w ? 2 : 1 };

	(void)sendmsg(sock, &m, MSG_NOSIGNAL);
}

static void serve(int sock)
{
	static struct sim_window w;
	struct pollfd fds[2] = { { .fd = sock, .events = POLLIN } };
	struct request req;
	sigset_t chld;

	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	sigprocmask(SIG_BLOCK, &chld, NULL);
	fds[1] = (struct pollfd){ .fd = signalfd(-1, &chld, SFD_CLOEXEC), .events = POLLIN };
	for (;;) {
		struct signalfd_siginfo si;

		if (poll(fds, 2, -1) < 0 && errno != EINTR)
			return;
		if (fds[1].revents & POLLIN)
			(void)!read(fds[1].fd, &si, sizeof(si));
		resume_all_waiting();
		if (!(fds[0].revents & (POLLIN | POLLHUP)))
			continue;
		if (recv(sock, &req, sizeof(req), 0) != sizeof(req))
			return;	/* perf-mini is done */
		if (req.op == OP_ATTACH) {
			answer(sock, attach(req.pid), NULL);
		} else if (req.op == OP_RELEASE) {
			thaw_others();
			answer(sock, 0, NULL);
		} else {
			int err = take_window(&req.window, &w, sock);

			answer(sock, err, err ? NULL : &w);
		}
		resume_all_waiting();
	}
}

/* --- perf-mini's side ------------------------------------------------------- */

static int sock = -1;

static int spawn(void)
{
	int sv[2];
	pid_t pid;

	if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv))
		return -errno;
	pid = fork();
	if (pid < 0) {
		close(sv[0]);
		close(sv[1]);
		return -errno;
	}
	if (!pid) {
		/* none of perf-mini's events or files stay open through it */
		close(sv[0]);
		if (sv[1] > 3)
			close_range(3, (unsigned int)sv[1] - 1, 0);
		close_range((unsigned int)sv[1] + 1, ~0U, 0);
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		signal(SIGINT, SIG_IGN);	/* a Ctrl-C is perf-mini's to handle */
		signal(SIGHUP, SIG_IGN);
		serve(sv[1]);
		_exit(0);
	}
	close(sv[1]);
	sock = sv[0];
	return 0;
}

/* A stepper that stops answering is given up: windows are empty from then on. */
static int ask(const struct request *req, struct sim_window *w, void (*stopped)(void *ctx),
	       void *ctx)
{
	struct pollfd p = { .fd = sock, .events = POLLIN };
	int32_t err, go = 1;
	struct iovec iov[2] = { { &err, sizeof(err) }, { w, w ? sizeof(*w) : 0 } };
	struct msghdr m = { .msg_iov = iov, .msg_iovlen = w ? 2 : 1 };
	bool sent = send(sock, req, sizeof(*req), MSG_NOSIGNAL) == sizeof(*req);

	while (sent && poll(&p, 1, 10000) == 1 && recvmsg(sock, &m, 0) >= (ssize_t)sizeof(err)) {
		if (err != STOPPED)
			return err;
		if (stopped)
			stopped(ctx);
		if (send(sock, &go, sizeof(go), MSG_NOSIGNAL) != sizeof(go))
			break;
	}
	close(sock);
	sock = -1;
	return -ETIMEDOUT;
}

int sim_stepper__attach(pid_t pid)
{
	static bool said;
	struct request req = { .op = OP_ATTACH, .pid = pid };
	int err = sock < 0 ? spawn() : 0;

	if (!err)
		err = ask(&req, NULL, NULL, NULL);
	if (err && !said) {
		fprintf(stderr, "pmu-sim: cannot trace %d (%s): its branch stacks stay empty\n",
			(int)pid, strerror(-err));
		said = true;
	}
	return err;
}

void sim_stepper__release(void)
{
	struct request req = { .op = OP_RELEASE };

	if (sock >= 0)
		ask(&req, NULL, NULL, NULL);
}

int sim_stepper__window(const struct sim_window_req *req, struct sim_window *w,
			void (*stopped)(void *ctx), void *ctx)
{
	struct request r = { .op = OP_WINDOW, .window = *req };

	if (sock < 0)
		return -ENOTCONN;
	return ask(&r, w, stopped, ctx);
}
