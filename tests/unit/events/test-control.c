// SPDX-License-Identifier: GPL-2.0
/*
 * --control as perf takes it: fd:CTL[,ACK] names descriptors the shell
 * opened, fifo:CTL[,ACK] named pipes; one command a line, read without
 * blocking however the writer splits it, an unknown one skipped without
 * an answer, a line longer than any command dropped, the writer's close
 * the end of the channel; each command answered "ack\n", what perf says
 * of enable and disable handed back, and a ping ending the round where
 * record asks for a barrier. Pipes and fifos are the test's own.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include "../unit-test.h"
#include "../../../util/events/control.h"
#include "../../../util/events/evlist.h"

struct channel {
	struct control c;
	int ctl[2], ack[2];	/* [0] read end, [1] write end */
};

/* fd:CTL,ACK over two pipes: the test writes ctl[1] and reads ack[0] */
static void channel_open(struct channel *ch)
{
	struct strbuf err = STRBUF_INIT;
	char spec[32];

	assert_int_equal(pipe(ch->ctl), 0);
	assert_int_equal(pipe2(ch->ack, O_NONBLOCK), 0);
	snprintf(spec, sizeof(spec), "fd:%d,%d", ch->ctl[0], ch->ack[1]);
	assert_int_equal(control__open(&ch->c, spec, &err), 0);
	assert_int_equal(ch->c.ctl_fd, ch->ctl[0]);
	assert_int_equal(ch->c.ack_fd, ch->ack[1]);
	assert_int_equal(err.len, 0);
	strbuf_release(&err);
}

/* the descriptors are the shell's: control__close() leaves them open */
static void channel_close(struct channel *ch)
{
	control__close(&ch->c);
	assert_int_equal(ch->c.ctl_fd, -1);
	assert_true(fcntl(ch->ctl[0], F_GETFD) >= 0);
	for (int i = 0; i < 2; i++) {
		close(ch->ctl[i]);
		close(ch->ack[i]);
	}
}

static void say(struct channel *ch, const char *text)
{
	assert_int_equal(write(ch->ctl[1], text, strlen(text)), (ssize_t)strlen(text));
}

/* how many "ack\n" came back */
static int acks(struct channel *ch)
{
	char buf[256];
	ssize_t n = read(ch->ack[0], buf, sizeof(buf));

	if (n < 0)
		return 0;
	assert_int_equal(n % 4, 0);
	for (ssize_t i = 0; i < n; i += 4)
		assert_memory_equal(buf + i, "ack\n", 4);
	return (int)(n / 4);
}

struct read_case {
	const char *what;
	const char *written;
	enum control_cmd cmds[5];	/* what comes, then CTL_NONE */
};

static const struct read_case reads[] = {
	{ "one a line", "enable\ndisable\nstop\nping\n",
	  { CTL_ENABLE, CTL_DISABLE, CTL_STOP, CTL_PING } },
	{ "a half line waits", "enable\ndisa", { CTL_ENABLE } },
	{ "unknown, upper case, spaces", "snapshot\nENABLE\n enable\nstop \n",
	  { CTL_UNKNOWN, CTL_UNKNOWN, CTL_UNKNOWN, CTL_UNKNOWN } },
	{ "empty lines", "\n\nping\n", { CTL_UNKNOWN, CTL_UNKNOWN, CTL_PING } },
	{ "nothing", "", { CTL_NONE } },
};

static void test_control__commands_one_a_line(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(reads) / sizeof(reads[0]); i++) {
		const struct read_case *c = &reads[i];
		struct channel ch;

		print_message("%s\n", c->what);
		channel_open(&ch);
		say(&ch, c->written);
		for (int k = 0; c->cmds[k]; k++)
			assert_int_equal(control__next(&ch.c), c->cmds[k]);
		assert_int_equal(control__next(&ch.c), CTL_NONE);
		assert_int_equal(ch.c.ctl_fd, ch.ctl[0]);	/* still open */
		channel_close(&ch);
	}
}

/* a command comes whole, however the writer cut it */
static void test_control__split_writes(void **state)
{
	struct channel ch;

	(void)state;
	channel_open(&ch);
	say(&ch, "ena");
	assert_int_equal(control__next(&ch.c), CTL_NONE);
	say(&ch, "ble\nst");
	assert_int_equal(control__next(&ch.c), CTL_ENABLE);
	assert_int_equal(control__next(&ch.c), CTL_NONE);
	say(&ch, "op\n");
	assert_int_equal(control__next(&ch.c), CTL_STOP);
	assert_int_equal(control__next(&ch.c), CTL_NONE);
	channel_close(&ch);
}

/* longer than the buffer: its head dropped, its tail unknown, the next whole */
static void test_control__overlong_line_dropped(void **state)
{
	char line[300 + 7];
	struct channel ch;

	(void)state;
	memset(line, 'x', 300);
	memcpy(line + 300, "\nstop\n", 7);
	channel_open(&ch);
	say(&ch, line);
	assert_int_equal(control__next(&ch.c), CTL_UNKNOWN);
	assert_int_equal(control__next(&ch.c), CTL_STOP);
	assert_int_equal(control__next(&ch.c), CTL_NONE);
	channel_close(&ch);
}

/* the writer gone: the rest still read, then the channel ends */
static void test_control__writer_close_ends_it(void **state)
{
	struct channel ch;

	(void)state;
	channel_open(&ch);
	say(&ch, "ping\nenab");
	close(ch.ctl[1]);
	ch.ctl[1] = -1;
	assert_int_equal(control__next(&ch.c), CTL_PING);
	assert_int_equal(control__next(&ch.c), CTL_NONE);
	assert_int_equal(ch.c.ctl_fd, -1);
	assert_int_equal(control__next(&ch.c), CTL_NONE);
	channel_close(&ch);
}

static void test_control__serve_answers_and_says(void **state)
{
	struct evlist *evlist = evlist__new();
	struct strbuf said = STRBUF_INIT;
	struct channel ch;

	(void)state;
	channel_open(&ch);
	say(&ch, "enable\nbogus\ndisable\nping\n");
	assert_false(control__serve(&ch.c, evlist, &said));
	assert_string_equal(said.buf, "Events enabled\nEvents disabled\n");
	assert_int_equal(acks(&ch), 3);		/* none for bogus */
	say(&ch, "stop\nenable\n");
	assert_true(control__serve(&ch.c, evlist, &said));
	assert_int_equal(acks(&ch), 2);
	assert_false(control__serve(&ch.c, evlist, &said));	/* nothing new */
	channel_close(&ch);
	evlist__delete(evlist);
	strbuf_release(&said);
}

/* record's barrier: what follows a ping waits for the next round */
static void test_control__ping_ends_the_round(void **state)
{
	struct evlist *evlist = evlist__new();
	struct strbuf said = STRBUF_INIT;
	struct channel ch;

	(void)state;
	channel_open(&ch);
	ch.c.ping_ends_round = true;
	say(&ch, "enable\nping\nstop\n");
	assert_false(control__serve(&ch.c, evlist, &said));
	assert_string_equal(said.buf, "Events enabled\n");
	assert_int_equal(acks(&ch), 2);
	assert_true(control__serve(&ch.c, evlist, &said));
	assert_int_equal(acks(&ch), 1);
	channel_close(&ch);
	evlist__delete(evlist);
	strbuf_release(&said);
}

/* no ack channel, or its reader gone: commands still served */
static void test_control__ack_reader_gone(void **state)
{
	struct channel ch;

	(void)state;
	channel_open(&ch);
	close(ch.ack[0]);
	ch.ack[0] = -1;
	say(&ch, "ping\n");
	assert_int_equal(control__next(&ch.c), CTL_PING);
	control__ack(&ch.c);		/* EPIPE: SIGPIPE is ignored below */
	assert_int_equal(ch.c.ack_fd, -1);
	control__ack(&ch.c);
	channel_close(&ch);
}

struct spec_case {
	const char *spec;
	int ret;
	const char *err;
};

static const struct spec_case specs[] = {
	{ "pipe:3", -EINVAL, "--control pipe:3: expected fd:CTL[,ACK] or fifo:CTL[,ACK]" },
	{ "", -EINVAL, "expected fd:CTL[,ACK] or fifo:CTL[,ACK]" },
	{ "fd:", -EINVAL, "--control: '' is not an open file descriptor" },
	{ "fd:x", -EINVAL, "--control: 'x' is not an open file descriptor\nhint: open it in "
			   "the shell, e.g. --control fd:10,11 10<ctl 11>ack" },
	{ "fd:-1", -EINVAL, "'-1' is not an open file descriptor" },
	{ "fd:1023", -EINVAL, "'1023' is not an open file descriptor" },
	{ "fd:0,1023", -EINVAL, "'1023' is not an open file descriptor" },
	{ "fifo:/nonexistent/ctl", -ENOENT, "--control: cannot open '/nonexistent/ctl': No "
					    "such file or directory\nhint: make it first with "
					    "mkfifo" },
};

static void test_control__bad_specs(void **state)
{
	(void)state;
	assert_true(fcntl(1023, F_GETFD) < 0);
	for (size_t i = 0; i < sizeof(specs) / sizeof(specs[0]); i++) {
		struct strbuf err = STRBUF_INIT;
		struct control c;

		print_message("--control '%s'\n", specs[i].spec);
		assert_int_equal(control__open(&c, specs[i].spec, &err), specs[i].ret);
		assert_non_null(strstr(err.buf, specs[i].err));
		assert_int_equal(c.ctl_fd, -1);
		assert_int_equal(c.ack_fd, -1);
		assert_int_equal(control__next(&c), CTL_NONE);
		strbuf_release(&err);
	}
}

/* fifo:CTL,ACK: opened here, without waiting for the other side, closed here */
static void test_control__fifos(void **state)
{
	char dir[] = "/tmp/pm-ctl.XXXXXX", ctl[64], ack[64], spec[160], buf[8];
	struct strbuf err = STRBUF_INIT;
	struct control c;
	int w, r, ctl_fd;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(ctl, sizeof(ctl), "%s/ctl", dir);
	snprintf(ack, sizeof(ack), "%s/ack", dir);
	assert_int_equal(mkfifo(ctl, 0600), 0);
	assert_int_equal(mkfifo(ack, 0600), 0);
	snprintf(spec, sizeof(spec), "fifo:%s,%s", ctl, ack);
	assert_int_equal(control__open(&c, spec, &err), 0);
	assert_true(c.opened);
	w = open(ctl, O_WRONLY | O_NONBLOCK);
	r = open(ack, O_RDONLY | O_NONBLOCK);
	assert_true(w >= 0 && r >= 0);
	assert_int_equal(write(w, "stop\n", 5), 5);
	assert_int_equal(control__next(&c), CTL_STOP);
	control__ack(&c);
	assert_int_equal(read(r, buf, sizeof(buf)), 4);
	assert_memory_equal(buf, "ack\n", 4);
	ctl_fd = c.ctl_fd;
	control__close(&c);
	assert_true(fcntl(ctl_fd, F_GETFD) < 0);	/* ours, closed */
	close(w);
	close(r);
	unlink(ctl);
	unlink(ack);
	assert_int_equal(rmdir(dir), 0);
	strbuf_release(&err);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_control__commands_one_a_line),
		cmocka_unit_test(test_control__split_writes),
		cmocka_unit_test(test_control__overlong_line_dropped),
		cmocka_unit_test(test_control__writer_close_ends_it),
		cmocka_unit_test(test_control__serve_answers_and_says),
		cmocka_unit_test(test_control__ping_ends_the_round),
		cmocka_unit_test(test_control__ack_reader_gone),
		cmocka_unit_test(test_control__bad_specs),
		cmocka_unit_test(test_control__fifos),
	};

	signal(SIGPIPE, SIG_IGN);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
