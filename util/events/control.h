/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_CONTROL_H
#define PM_CONTROL_H

/*
 * --control: commands from another program while a measurement runs, as
 * perf takes them: "enable", "disable", "stop" and "ping", one per line,
 * on a descriptor the caller opened (fd:CTL[,ACK]) or a named pipe
 * (fifo:CTL[,ACK]); each command is answered "ack\n" on the ack channel.
 */
#include <stdbool.h>
#include <stddef.h>

#include "../base/strbuf.h"

struct control {
	int ctl_fd, ack_fd;	/* -1: none */
	bool opened;		/* fifos opened here, closed by control__close() */
	char buf[256];		/* a command still arriving */
	size_t len;
	/* record: a ping ends what one wake-up serves, so what follows it
	 * waits for the round the recorder is in to be done (a barrier) */
	bool ping_ends_round;
};

enum control_cmd {
	CTL_NONE,		/* nothing (more) to read */
	CTL_ENABLE,
	CTL_DISABLE,
	CTL_STOP,
	CTL_PING,
	CTL_UNKNOWN,
};

/* No channel (c->ctl_fd == -1). */
void control__init(struct control *c);
/* Parse and open @spec. Returns 0, or -EINVAL / -errno with @err set. */
int control__open(struct control *c, const char *spec, struct strbuf *err);
void control__close(struct control *c);
/* The next whole command read from the channel, without blocking. */
enum control_cmd control__next(struct control *c);
/* Answer a command on the ack channel, if there is one. */
void control__ack(struct control *c);

struct evlist;
/*
 * Serve what came: enable or disable @evlist, answer each command, and
 * add to @said what perf says of it ("Events enabled\n") for the caller
 * to print. Returns true when one was "stop".
 */
bool control__serve(struct control *c, struct evlist *evlist, struct strbuf *said);

#endif
