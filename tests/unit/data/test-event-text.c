// SPDX-License-Identifier: GPL-2.0
/*
 * The details perf 6.1 prints after "PERF_RECORD_<NAME>" (report -D,
 * script --show-*-events), record type by record type: each whole record
 * below is printed as perf's report -D printed the same bytes (LOST as
 * script prints it). A record is untrusted: one cut short prints only
 * what it holds (its string to its end, the namespaces that fit, where
 * perf reads on past it) and one too short for its fields nothing.
 */
#include <sys/mman.h>

#include "../unit-test.h"
#include "../../../util/data/event-text.h"

/* A record's fields after its header: q u64, l u32, w u16, s a string
 * NUL-padded to 8 bytes, b raw bytes (n of them). */
struct field {
	char kind;
	uint64_t v;
	const char *s;
};

#define Q(x) { 'q', (x), NULL }
#define L(x) { 'l', (x), NULL }
#define W(x) { 'w', (x), NULL }
#define S(x) { 's', 0, (x) }
#define B(n, x) { 'b', (n), (x) }

static const struct event_case {
	const char *what;
	uint32_t type;
	uint16_t misc;
	struct field f[20];
	int cut;		/* bytes the record's size leaves out of its fields */
	const char *text;
} cases[] = {
	{ "MMAP", PERF_RECORD_MMAP, 0,
	  { L(1234), L(1234), Q(0x400000), Q(0x1000), Q(0), S("/bin/cat") }, 0,
	  " 1234/1234: [0x400000(0x1000) @ 0]: x /bin/cat" },
	{ "MMAP of data", PERF_RECORD_MMAP, PERF_RECORD_MISC_MMAP_DATA,
	  { L(-1), L(0), Q(0x7f0000), Q(0x21000), Q(0x3000), S("[heap]") }, 0,
	  " -1/0: [0x7f0000(0x21000) @ 0x3000]: r [heap]" },
	{ "MMAP, the name cut by the record's end", PERF_RECORD_MMAP, 0,
	  { L(1), L(2), Q(0x1000), Q(0x1000), Q(0), S("/usr/lib/libc.so.6") }, 16,
	  " 1/2: [0x1000(0x1000) @ 0]: x /usr/lib" },
	{ "MMAP too short for its fields", PERF_RECORD_MMAP, 0,
	  { L(1), L(2), Q(0x1000), Q(0x1000), Q(0) }, 4, "" },
	{ "MMAP2", PERF_RECORD_MMAP2, 0,
	  { L(7376), L(7376), Q(0x55d0c6a00000), Q(0x5000), Q(0x2000), L(0xfd), L(1),
	    Q(41038), Q(0), L(PROT_READ | PROT_EXEC), L(MAP_PRIVATE), S("/bin/cat") }, 0,
	  " 7376/7376: [0x55d0c6a00000(0x5000) @ 0x2000 fd:01 41038 0]: r-xp /bin/cat" },
	{ "MMAP2, shared and writable", PERF_RECORD_MMAP2, 0,
	  { L(5), L(6), Q(0x10000), Q(0x1000), Q(0), L(8), L(0x12), Q(7), Q(3),
	    L(PROT_READ | PROT_WRITE), L(MAP_SHARED), S("/dev/shm/x") }, 0,
	  " 5/6: [0x10000(0x1000) @ 0 08:12 7 3]: rw-s /dev/shm/x" },
	{ "MMAP2 with a build-id", PERF_RECORD_MMAP2, PERF_RECORD_MISC_MMAP_BUILD_ID,
	  { L(10), L(11), Q(0x7f1234560000), Q(0x1d000), Q(0), B(4, "\x14\0\0\0"),
	    B(20, "\x01\x23\x45\x67\x89\xab\xcd\xef\x00\x11\x22\x33\x44\x55\x66\x77\x88\x99"
		  "\xaa\xbb"), L(PROT_READ | PROT_EXEC), L(MAP_PRIVATE), S("/lib/ld.so") }, 0,
	  " 10/11: [0x7f1234560000(0x1d000) @ 0 <0123456789abcdef00112233445566778899aabb>]:"
	  " r-xp /lib/ld.so" },
	{ "MMAP2 with a short build-id", PERF_RECORD_MMAP2, PERF_RECORD_MISC_MMAP_BUILD_ID,
	  { L(10), L(11), Q(0x1000), Q(0x1000), Q(0), B(4, "\x04\0\0\0"),
	    B(20, "\xde\xad\xbe\xef\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0"), L(0), L(MAP_PRIVATE),
	    S("x") }, 0,
	  " 10/11: [0x1000(0x1000) @ 0 <deadbeef>]: ---p x" },
	{ "COMM", PERF_RECORD_COMM, 0, { L(77), L(78), S("bash") }, 0, ": bash:77/78" },
	{ "COMM of an exec", PERF_RECORD_COMM, PERF_RECORD_MISC_COMM_EXEC,
	  { L(1234), L(1234), S("cat") }, 0, " exec: cat:1234/1234" },
	{ "FORK", PERF_RECORD_FORK, 0, { L(7376), L(7374), L(7376), L(7374), Q(1000) }, 0,
	  "(7376:7376):(7374:7374)" },
	{ "EXIT", PERF_RECORD_EXIT, 0, { L(9), L(1), L(10), L(1), Q(0) }, 0, "(9:10):(1:1)" },
	{ "NAMESPACES", PERF_RECORD_NAMESPACES, 0,
	  { L(3), L(3), Q(7), Q(4), Q(0xf0000098), Q(4), Q(0xeffffffe), Q(4), Q(0xeffffffd),
	    Q(4), Q(0xeffffffc), Q(4), Q(0xeffffffb), Q(4), Q(0xf0000000), Q(4),
	    Q(0xeffffffa) }, 0,
	  " 3/3 - nr_namespaces: 7\n\t\t[0/net: 4/0xf0000098, 1/uts: 4/0xeffffffe, "
	  "2/ipc: 4/0xeffffffd, 3/pid: 4/0xeffffffc, \n\t\t 4/user: 4/0xeffffffb, "
	  "5/mnt: 4/0xf0000000, 6/cgroup: 4/0xeffffffa]" },
	{ "NAMESPACES claiming more than the record holds", PERF_RECORD_NAMESPACES, 0,
	  { L(3), L(4), Q(9), Q(1), Q(0x10), Q(2), Q(0x20) }, 0,
	  " 3/4 - nr_namespaces: 9\n\t\t[0/net: 1/0x10, 1/uts: 2/0x20]" },
	{ "SWITCH in", PERF_RECORD_SWITCH, 0, { { 0 } }, 0, " IN         " },
	{ "SWITCH out", PERF_RECORD_SWITCH, PERF_RECORD_MISC_SWITCH_OUT, { { 0 } }, 0,
	  " OUT        " },
	{ "SWITCH out, preempted", PERF_RECORD_SWITCH,
	  PERF_RECORD_MISC_SWITCH_OUT | PERF_RECORD_MISC_SWITCH_OUT_PREEMPT, { { 0 } }, 0,
	  " OUT preempt" },
	{ "SWITCH_CPU_WIDE out", PERF_RECORD_SWITCH_CPU_WIDE, PERF_RECORD_MISC_SWITCH_OUT,
	  { L(123), L(124) }, 0, " OUT          next pid/tid:   123/124  " },
	{ "SWITCH_CPU_WIDE in", PERF_RECORD_SWITCH_CPU_WIDE, 0, { L(0), L(0) }, 0,
	  " IN           prev pid/tid:     0/0    " },
	{ "LOST", PERF_RECORD_LOST, 0, { Q(5), Q(17) }, 0, " lost 17" },
	{ "KSYMBOL", PERF_RECORD_KSYMBOL, 0,
	  { Q(0xffffffffc0a01000ULL), L(336), W(1), W(0), S("bpf_prog_6deef7357e7b4530") }, 0,
	  " addr ffffffffc0a01000 len 336 type 1 flags 0x0 name bpf_prog_6deef7357e7b4530" },
	{ "BPF_EVENT", PERF_RECORD_BPF_EVENT, 0, { W(1), W(0), L(42), Q(0) }, 0,
	  " type 1, flags 0, id 42" },
	{ "CGROUP", PERF_RECORD_CGROUP, 0, { Q(7), S("/user.slice") }, 0,
	  " cgroup: 7 /user.slice" },
	{ "ITRACE_START", PERF_RECORD_ITRACE_START, 0, { L(10), L(11) }, 0,
	  " pid: 10 tid: 11" },
	{ "AUX", PERF_RECORD_AUX, 0, { Q(0x1000), Q(0x2000), Q(PERF_AUX_FLAG_TRUNCATED) }, 0,
	  " offset: 0x1000 size: 0x2000 flags: 0x1 [T]" },
	{ "AUX, every flag", PERF_RECORD_AUX, 0,
	  { Q(0), Q(0x40), Q(PERF_AUX_FLAG_TRUNCATED | PERF_AUX_FLAG_OVERWRITE |
			    PERF_AUX_FLAG_PARTIAL) }, 0,
	  " offset: 0 size: 0x40 flags: 0x7 [TOP]" },
	{ "AUX too short", PERF_RECORD_AUX, 0, { Q(0), Q(0x40) }, 0, "" },
	{ "THROTTLE: no details", PERF_RECORD_THROTTLE, 0, { Q(1), Q(2), Q(3) }, 0, "" },
	{ "an unknown type", 99, 0, { Q(1) }, 0, "" },
};

static size_t build(const struct event_case *c, uint8_t *buf, size_t room)
{
	struct pm_event_header h = { .type = c->type, .misc = c->misc };
	size_t len = sizeof(h);

	for (const struct field *f = c->f; f->kind; f++) {
		size_t n = f->kind == 'q' ? 8 : f->kind == 'l' ? 4 : f->kind == 'w' ? 2 :
			   f->kind == 'b' ? f->v : (strlen(f->s) + 8) / 8 * 8;

		assert_true(len + n <= room);
		memset(buf + len, 0, n);
		if (f->kind == 's' || f->kind == 'b')
			memcpy(buf + len, f->s, f->kind == 's' ? strlen(f->s) : n);
		else
			memcpy(buf + len, &f->v, n);	/* the low bytes: little-endian */
		len += n;
	}
	h.size = (uint16_t)(len - c->cut);
	memcpy(buf, &h, sizeof(h));
	return h.size;
}

static void test_event_text__as_perf_prints_it(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct event_case *c = &cases[i];
		struct strbuf sb = STRBUF_INIT;
		uint64_t room[64];
		size_t size = build(c, (uint8_t *)room, sizeof(room));
		/* exactly the record's bytes on the heap: ASan sees a read past it */
		void *rec = malloc(size);

		assert_non_null(rec);
		memcpy(rec, room, size);
		event_text__details(rec, &sb);
		print_message("%s: \"%s\"\n", c->what, sb.buf);
		assert_string_equal(sb.buf, c->text);
		strbuf_release(&sb);
		free(rec);
	}
}

/* Appended to what the buffer holds, never replacing it. */
static void test_event_text__appends(void **state)
{
	struct { struct pm_event_header h; uint64_t id, lost; } lost = {
		{ PERF_RECORD_LOST, 0, sizeof(lost) }, 1, 3 };
	struct strbuf sb = STRBUF_INIT;

	(void)state;
	strbuf_addstr(&sb, "PERF_RECORD_LOST");
	event_text__details(&lost.h, &sb);
	assert_string_equal(sb.buf, "PERF_RECORD_LOST lost 3");
	strbuf_release(&sb);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_event_text__as_perf_prints_it),
		cmocka_unit_test(test_event_text__appends),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
