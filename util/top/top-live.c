// SPDX-License-Identifier: GPL-2.0
#include <unistd.h>

#include "internal.h"

int top_live(struct top_opts *o, struct pm_env *env, top_recorder_fn *record, int *rec_status,
	     struct strbuf *err)
{
	struct top t = { .r = { .o = &o->ro, .err = STRBUF_INIT, .sort_order = STRBUF_INIT,
				.trace_buf = STRBUF_INIT } };
	pid_t child;
	int ret, fd;

	t.zero = o->zero;
	t.hide_kernel = o->hide_kernel;
	t.hide_user = o->hide_user;
	top_describe_target(o, env, o->target, sizeof(o->target));
	fd = top_start_recorder(o, record, env, &child, err);
	if (fd < 0)
		return fd;
	ret = top__start(&t, fd);
	if (!ret)
		ret = top_display(&t, o);
	if (ret && t.r.err.len)
		strbuf_addstr(err, t.r.err.buf);
	*rec_status = top_stop_recorder(child);
	top__exit(&t);
	close(fd);
	return ret;
}
