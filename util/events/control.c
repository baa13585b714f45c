// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "control.h"
#include "evlist-open.h"
#include "../base/util.h"

void control__init(struct control *c)
{
	memset(c, 0, sizeof(*c));
	c->ctl_fd = c->ack_fd = -1;
}

static int open_fd(const char *text, int *fd, struct strbuf *err)
{
	if (str_to_int(text, fd) || *fd < 0 || fcntl(*fd, F_GETFD) < 0) {
		strbuf_addf(err, "--control: '%s' is not an open file descriptor\nhint: open it "
			    "in the shell, e.g. --control fd:10,11 10<ctl 11>ack", text);
		return -EINVAL;
	}
	return 0;
}

/* A fifo opened read-write: opening does not wait for the other side. */
static int open_fifo(const char *path, int *fd, struct strbuf *err)
{
	*fd = open(path, O_RDWR | O_CLOEXEC);
	if (*fd >= 0)
		return 0;
	strbuf_addf(err, "--control: cannot open '%s': %s\nhint: make it first with mkfifo",
		    path, strerror(errno));
	return -errno;
}

int control__open(struct control *c, const char *spec, struct strbuf *err)
{
	bool fifo = !strncmp(spec, "fifo:", 5);
	char ctl[256], *ack;
	int ret;

	control__init(c);
	if (!fifo && strncmp(spec, "fd:", 3)) {
		strbuf_addf(err, "--control %s: expected fd:CTL[,ACK] or fifo:CTL[,ACK]", spec);
		return -EINVAL;
	}
	snprintf(ctl, sizeof(ctl), "%s", spec + (fifo ? 5 : 3));
	ack = strchr(ctl, ',');
	if (ack)
		*ack++ = '\0';
	c->opened = fifo;
	ret = fifo ? open_fifo(ctl, &c->ctl_fd, err) : open_fd(ctl, &c->ctl_fd, err);
	if (!ret && ack)
		ret = fifo ? open_fifo(ack, &c->ack_fd, err) : open_fd(ack, &c->ack_fd, err);
	if (!ret)
		ret = fcntl(c->ctl_fd, F_SETFL, fcntl(c->ctl_fd, F_GETFL) | O_NONBLOCK) ? -errno : 0;
	if (ret)
		control__close(c);
	return ret;
}

void control__close(struct control *c)
{
	if (c->opened && c->ctl_fd >= 0)
		close(c->ctl_fd);
	if (c->opened && c->ack_fd >= 0)
		close(c->ack_fd);
	control__init(c);
}

static enum control_cmd command_of(const char *line)
{
	static const struct { const char *name; enum control_cmd cmd; } cmds[] = {
		{ "enable", CTL_ENABLE }, { "disable", CTL_DISABLE }, { "stop", CTL_STOP },
		{ "ping", CTL_PING },
	};

	for (size_t i = 0; i < ARRAY_SIZE(cmds); i++)
		if (!strcmp(line, cmds[i].name))
			return cmds[i].cmd;
	return CTL_UNKNOWN;
}

enum control_cmd control__next(struct control *c)
{
	char *nl;
	ssize_t n;

	if (c->ctl_fd < 0)
		return CTL_NONE;
	while (!(nl = memchr(c->buf, '\n', c->len))) {
		if (c->len == sizeof(c->buf))
			c->len = 0;	/* a line longer than any command: dropped */
		n = read(c->ctl_fd, c->buf + c->len, sizeof(c->buf) - c->len);
		if (n == 0) {	/* the writer is gone: nothing more will come */
			if (c->opened)
				close(c->ctl_fd);
			c->ctl_fd = -1;
		}
		if (n <= 0)
			return CTL_NONE;
		c->len += (size_t)n;
	}
	*nl = '\0';
	{
		enum control_cmd cmd = command_of(c->buf);
		size_t used = (size_t)(nl - c->buf) + 1;

		memmove(c->buf, nl + 1, c->len - used);
		c->len -= used;
		return cmd;
	}
}

bool control__serve(struct control *c, struct evlist *evlist, struct strbuf *said)
{
	enum control_cmd cmd;
	bool stop = false;

	while ((cmd = control__next(c)) != CTL_NONE) {
		if (cmd == CTL_ENABLE)
			evlist__enable(evlist);
		if (cmd == CTL_DISABLE)
			evlist__disable(evlist);
		if (cmd == CTL_ENABLE || cmd == CTL_DISABLE)
			strbuf_addstr(said, cmd == CTL_ENABLE ? "Events enabled\n" :
								"Events disabled\n");
		stop |= cmd == CTL_STOP;
		if (cmd != CTL_UNKNOWN)
			control__ack(c);
		if (cmd == CTL_PING && c->ping_ends_round)
			break;
	}
	return stop;
}

void control__ack(struct control *c)
{
	if (c->ack_fd >= 0 && write(c->ack_fd, "ack\n", 4) != 4)
		c->ack_fd = -1;	/* the reader went away: no more answers */
}
