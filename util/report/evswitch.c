// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <string.h>

#include "evswitch.h"

static const struct pd_evsel *find_event(const struct perf_data *pd, const char *name)
{
	for (size_t i = 0; i < pd->nr_evsels; i++)
		if (pd->evsels[i]->name && !strcmp(pd->evsels[i]->name, name))
			return pd->evsels[i];
	return NULL;
}

static int lookup(const struct perf_data *pd, const char *name, const char *which,
		  const struct pd_evsel **out, struct strbuf *err)
{
	if (!name)
		return 0;
	*out = find_event(pd, name);
	if (*out)
		return 0;
	strbuf_addf(err, "--switch-%s: %s has no event '%s'\nhint: the events are the ones "
		    "perf-mini report --stats lists; name one as it is spelled there", which,
		    pd->path, name);
	return -EINVAL;
}

int evswitch__lookup(struct evswitch *s, const struct perf_data *pd, const char *on,
		     const char *off, bool show, struct strbuf *err)
{
	*s = (struct evswitch){ .show = show };
	if (lookup(pd, on, "on", &s->on, err) || lookup(pd, off, "off", &s->off, err))
		return -EINVAL;
	s->discarding = s->on != NULL;
	return 0;
}

int evswitch__setup(struct evswitch *s, struct perf_data *pd, const char *on, const char *off,
		    bool show, struct strbuf *err)
{
	*s = (struct evswitch){ .show = show };
	if (!on && !off)
		return 0;
	if (perf_data__read_pipe_meta(pd, err))
		return -EINVAL;
	return evswitch__lookup(s, pd, on, off, show, err);
}

bool evswitch__discard(struct evswitch *s, const struct pd_evsel *e)
{
	if (s->on && s->discarding) {
		if (e != s->on)
			return true;
		s->discarding = false;
		return !s->show;
	}
	if (s->off && !s->discarding && e == s->off) {
		s->discarding = true;
		return !s->show;
	}
	return false;
}
