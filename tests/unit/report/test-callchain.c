// SPDX-License-Identifier: GPL-2.0
/*
 * A sample's callchain as perf report walks it: the PERF_CONTEXT_*
 * markers set the mode of the frames after them (callee order starts in
 * user mode, caller order in the last marker's), max_stack counts frames
 * from where the walk starts, a marker perf does not know within that
 * reach drops the whole chain; each frame resolved in its mode. LBR call
 * stacks stand in for the recorded user frames.
 *
 * The frames resolve in a fake machine: a kallsyms file for the kernel,
 * a JIT's /tmp/perf-PID.map for the user side, so nothing of this host.
 */
#include <linux/perf_event.h>
#include <sys/mman.h>
#include <unistd.h>

#include "../unit-test.h"
#include "../../../util/report/callchain.h"

#define KERNEL ((uint64_t)PERF_CONTEXT_KERNEL)
#define USER ((uint64_t)PERF_CONTEXT_USER)
#define HV ((uint64_t)PERF_CONTEXT_HV)
#define GUEST_KERNEL ((uint64_t)PERF_CONTEXT_GUEST_KERNEL)
#define BAD ((uint64_t)-8)	/* a frame-pointer walk's garbage */

#define K_A 0xffffffff81000110ULL
#define K_B 0xffffffff81000210ULL
#define K_C 0xffffffff81000310ULL
#define U_MAIN 0x7f0000000110ULL
#define U_B 0x7f0000000210ULL
#define U_C 0x7f0000000310ULL
#define PID 4242

static const char kallsyms[] =
	"ffffffff81000000 T _text\n"
	"ffffffff81000100 T k_a\n"
	"ffffffff81000200 T k_b\n"
	"ffffffff81000300 T k_c\n"
	"ffffffff81001000 T _etext\n";

static const char jit_syms[] =
	"7f0000000100 100 u_main\n"
	"7f0000000200 100 u_b\n"
	"7f0000000300 100 u_c\n";

struct world {
	char dir[32], kallsyms[64], jit_map[64];
	struct dsos_config cfg;
	struct machine m;
	struct thread *t;
};

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
}

/* The JIT's symbols are where perf looks, /tmp/perf-PID.map: this test's
 * own pid stands for the recorded one, so no other run shares the file. */
static int setup(void **state)
{
	struct world *w = calloc(1, sizeof(*w));
	struct mmap_desc kernel = { .start = 0xffffffff81000000ULL, .len = 0x1000,
				    .pgoff = 0xffffffff81000000ULL,
				    .filename = "[kernel.kallsyms]_text" };
	struct mmap_desc jit = { .start = 0x7f0000000000ULL, .len = 0x10000,
				 .filename = "//anon", .prot = PROT_READ | PROT_EXEC };
	int pid = getpid();

	assert_non_null(w);
	snprintf(w->dir, sizeof(w->dir), "/tmp/pm-cc.XXXXXX");
	assert_non_null(mkdtemp(w->dir));
	snprintf(w->kallsyms, sizeof(w->kallsyms), "%s/kallsyms", w->dir);
	snprintf(w->jit_map, sizeof(w->jit_map), "/tmp/perf-%d.map", pid);
	write_file(w->kallsyms, kallsyms);
	write_file(w->jit_map, jit_syms);
	w->cfg.kallsyms = w->kallsyms;
	assert_int_equal(machine__init(&w->m, &w->cfg), 0);
	machine__add_mmap(&w->m, -1, 0, &kernel);
	machine__add_mmap(&w->m, pid, pid, &jit);
	w->t = machine__findnew_thread(&w->m, pid, pid);
	*state = w;
	return 0;
}

static int teardown(void **state)
{
	struct world *w = *state;

	machine__exit(&w->m);
	unlink(w->jit_map);
	unlink(w->kallsyms);
	rmdir(w->dir);
	free(w);
	return 0;
}

/* "name:mode" per frame, space separated: what a report line shows */
static void describe(const struct callchain_frame *f, size_t n, struct strbuf *sb)
{
	static const char modes[] = "?kuhGg";

	strbuf_reset(sb);
	for (size_t i = 0; i < n; i++)
		strbuf_addf(sb, "%s%s:%c", i ? " " : "", f[i].al.sym ? f[i].al.sym->name : "?",
			    f[i].mode < 6 ? modes[f[i].mode] : '!');
}

struct chain_case {
	uint64_t chain[10];
	size_t nr;
	bool caller;
	unsigned int max_stack;
	const char *frames;
};

static const struct chain_case cases[] = {
	{ { KERNEL, K_C, K_B, USER, U_C, U_B, U_MAIN }, 7, false, 0,
	  "k_c:k k_b:k u_c:u u_b:u u_main:u" },
	{ { KERNEL, K_C, K_B, USER, U_C, U_B, U_MAIN }, 7, true, 0,
	  "u_main:u u_b:u u_c:u k_b:k k_c:k" },
	{ { KERNEL, K_C, K_B, USER, U_C, U_B, U_MAIN }, 7, false, 3, "k_c:k k_b:k u_c:u" },
	{ { KERNEL, K_C, K_B, USER, U_C, U_B, U_MAIN }, 7, true, 4, "u_main:u u_b:u u_c:u k_b:k" },
	/* no marker: user frames, either way */
	{ { U_C, U_MAIN }, 2, false, 0, "u_c:u u_main:u" },
	{ { U_C, U_MAIN }, 2, true, 0, "u_main:u u_c:u" },
	/* markers only, or nothing */
	{ { KERNEL, USER }, 2, false, 0, "" },
	{ { 0 }, 0, true, 0, "" },
	/* perf's other contexts give their modes (no maps of theirs here) */
	{ { HV, K_A, GUEST_KERNEL, K_B }, 4, false, 0, "?:h ?:G" },
	/* an unknown marker within reach: nothing; out of reach: harmless */
	{ { KERNEL, K_C, BAD, USER, U_C, U_MAIN }, 6, false, 0, "" },
	{ { KERNEL, K_C, BAD, USER, U_C, U_MAIN }, 6, true, 0, "" },
	{ { KERNEL, K_C, K_B, BAD, USER, U_MAIN }, 6, false, 2, "k_c:k k_b:k" },
	{ { KERNEL, K_C, BAD, USER, U_C, U_MAIN }, 6, true, 2, "u_main:u u_c:u" },
};

static void test_callchain__frames_modes_and_order(void **state)
{
	struct world *w = *state;
	struct strbuf got = STRBUF_INIT;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct chain_case *c = &cases[i];
		struct perf_sample s = { .callchain = c->chain, .callchain_nr = c->nr,
					 .cpumode = PERF_RECORD_MISC_KERNEL };
		struct callchain_frame out[10];
		size_t n = callchain__frames(&w->m, w->t, &s, c->caller, c->max_stack, out);

		describe(out, n, &got);
		print_message("case %zu: %s\n", i, got.buf);
		assert_string_equal(got.buf, c->frames);
		for (size_t k = 0; k < n; k++)
			assert_true(out[k].ip < (uint64_t)PERF_CONTEXT_MAX);
	}
	strbuf_release(&got);
}

struct walked {
	struct callchain_frame f[10];
	size_t n, stop_at;
};

static int collect(void *ctx, const struct callchain_frame *f)
{
	struct walked *w = ctx;

	w->f[w->n++] = *f;
	return w->n == w->stop_at ? 7 : 0;
}

/* The walk starts in the sample's own mode and stops where told. */
static void test_callchain__walk(void **state)
{
	static const uint64_t chain[] = { K_A, USER, U_B, U_MAIN };
	static const uint64_t bad[] = { K_A, BAD, U_B };
	struct world *w = *state;
	struct perf_sample s = { .callchain = chain, .callchain_nr = 4,
				 .cpumode = PERF_RECORD_MISC_KERNEL };
	struct strbuf got = STRBUF_INIT;
	struct walked seen = { .stop_at = 0 };

	assert_int_equal(callchain__walk(&w->m, w->t, &s, 0, collect, &seen), 0);
	describe(seen.f, seen.n, &got);
	assert_string_equal(got.buf, "k_a:k u_b:u u_main:u");
	seen = (struct walked){ .stop_at = 0 };
	assert_int_equal(callchain__walk(&w->m, w->t, &s, 2, collect, &seen), 0);
	assert_int_equal(seen.n, 2);
	seen = (struct walked){ .stop_at = 2 };
	assert_int_equal(callchain__walk(&w->m, w->t, &s, 0, collect, &seen), 7);
	assert_int_equal(seen.n, 2);
	seen = (struct walked){ .stop_at = 0 };
	s.callchain = bad;
	s.callchain_nr = 3;
	assert_int_equal(callchain__walk(&w->m, w->t, &s, 0, collect, &seen), 0);
	assert_int_equal(seen.n, 0);
	strbuf_release(&got);
}

/* --call-graph lbr: the kernel part kept, then the function the last
 * call went to and every call's source, in place of the user frames. */
static void test_callchain__lbr_replaces_user_frames(void **state)
{
	static const uint64_t chain[] = { KERNEL, K_A, USER, U_C, 0x1234 };
	static const uint64_t kernel_only[] = { KERNEL, K_A };
	static const struct perf_branch_entry br[] = { { .from = U_C, .to = U_B + 0x10 },
						       { .from = U_B, .to = U_C - 0x10 },
						       { .from = U_MAIN, .to = U_B - 0x10 } };
	static const uint64_t want[] = { KERNEL, K_A, USER, U_B + 0x10, U_C, U_B, U_MAIN };
	struct perf_sample s = { .callchain = chain, .callchain_nr = 5, .branches = br,
				 .branch_nr = 3 };
	struct perf_sample tmp;
	uint64_t buf[UNWOUND_CHAIN_MAX];
	const struct perf_sample *got;

	(void)state;
	assert_ptr_equal(callchain__lbr(PERF_SAMPLE_BRANCH_ANY, &s, &tmp, buf), &s);
	got = callchain__lbr(PERF_SAMPLE_BRANCH_CALL_STACK | PERF_SAMPLE_BRANCH_USER, &s, &tmp,
			     buf);
	assert_ptr_equal(got, &tmp);
	assert_int_equal(got->callchain_nr, 7);
	assert_memory_equal(got->callchain, want, sizeof(want));
	assert_int_equal(got->branch_nr, 3);	/* the rest of the sample as it was */
	/* no user part to stand in for, or no chain: the sample as it is */
	s.callchain = kernel_only;
	s.callchain_nr = 2;
	assert_ptr_equal(callchain__lbr(PERF_SAMPLE_BRANCH_CALL_STACK, &s, &tmp, buf), &s);
	s.callchain_nr = 0;
	assert_ptr_equal(callchain__lbr(PERF_SAMPLE_BRANCH_CALL_STACK, &s, &tmp, buf), &s);
	/* no stack copy: nothing to unwind */
	assert_ptr_equal(callchain__unwound(NULL, NULL, &s, &tmp, buf), &s);
}

/* Frames without inlined functions pass as they are, up to the room. */
static void test_callchain__expand_inlines_bounded(void **state)
{
	static const uint64_t chain[] = { USER, U_C, U_B, U_MAIN };
	struct world *w = *state;
	struct perf_sample s = { .callchain = chain, .callchain_nr = 4 };
	struct callchain_frame in[4], out[4];
	struct srclines sl = { 0 };
	struct strbuf got = STRBUF_INIT;
	size_t n = callchain__frames(&w->m, w->t, &s, false, 0, in);

	assert_int_equal(n, 3);
	assert_int_equal(callchain__expand_inlines(&sl, &w->m, in, n, false, out, 4), 3);
	describe(out, 3, &got);
	assert_string_equal(got.buf, "u_c:u u_b:u u_main:u");
	assert_int_equal(callchain__expand_inlines(&sl, &w->m, in, n, false, out, 2), 2);
	assert_int_equal(callchain__expand_inlines(&sl, &w->m, in, n, false, out, 0), 0);
	srclines__exit(&sl);
	strbuf_release(&got);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_callchain__frames_modes_and_order),
		cmocka_unit_test(test_callchain__walk),
		cmocka_unit_test(test_callchain__lbr_replaces_user_frames),
		cmocka_unit_test(test_callchain__expand_inlines_bounded),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
