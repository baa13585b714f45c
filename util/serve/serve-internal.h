/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_SERVE_INTERNAL_H
#define PM_SERVE_INTERNAL_H
#include <signal.h>

#include "serve.h"

/*
 * A CPU profile of @o's target for @seconds as gzipped pprof into @body:
 * the HTTP status to answer with, the cause (or the number of samples) in
 * @why. Given up early, without an answer worth sending, when *@stop is
 * set or the client on @client hangs up.
 */
int serve_profile(const struct serve_opts *o, int seconds, int client,
		  volatile sig_atomic_t *stop, struct strbuf *body, struct strbuf *why);

#endif
