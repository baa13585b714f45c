// SPDX-License-Identifier: GPL-2.0
/*
 * stat --for-each-cgroup: every event counted once for each cgroup, all
 * the events of the first cgroup, then all of the next, as perf expands
 * its list. A name holding a regular-expression character stands for
 * every cgroup whose path matches it (POSIX basic syntax, unanchored,
 * as perf's regcomp), in the order a walk of the cgroup filesystem finds
 * them, the walk perf makes.
 */
#include <errno.h>
#include <ftw.h>
#include <limits.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>

#include "cgroup.h"
#include "../base/xalloc.h"

static void add_name(struct cgroup_names *n, const char *name, size_t len)
{
	n->v = must_reallocarray(n->v, n->nr + 1, sizeof(*n->v));
	n->v[n->nr++] = must_strndup(name, len);
}

static bool has_name(const struct cgroup_names *n, const char *name, size_t len)
{
	for (int i = 0; i < n->nr; i++)
		if (strlen(n->v[i]) == len && !strncmp(n->v[i], name, len))
			return true;
	return false;
}

void cgroup_names__exit(struct cgroup_names *n)
{
	for (int i = 0; i < n->nr; i++)
		free(n->v[i]);
	free(n->v);
	n->v = NULL;
	n->nr = 0;
}

static bool is_pattern(const char *spec)
{
	return strpbrk(spec, "{}[]()|*+?^$") != NULL;
}

/* The cgroups under the mount, "" for its root, in the walk's order:
 * nftw passes no context, hence the one static list. */
static struct cgroup_names walked;
static size_t walk_prefix;

static int walk_one(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	const char *rel = path + walk_prefix;

	(void)st, (void)ftw;
	if (type != FTW_D)
		return 0;
	rel += rel[0] == '/';
	add_name(&walked, rel, strlen(rel));
	return 0;
}

/* Each expression compiles, before anything is looked up. */
static int check_patterns(const char *spec, struct strbuf *err)
{
	for (const char *p = spec;; p += strcspn(p, ",") + 1) {
		size_t len = strcspn(p, ",");
		char *text = must_strndup(p, len);
		regex_t re;
		int bad = len && regcomp(&re, text, REG_NOSUB);

		if (bad)
			strbuf_addf(err, "--for-each-cgroup: '%s' is not a regular expression", text);
		else if (len)
			regfree(&re);
		free(text);
		if (bad)
			return -EINVAL;
		if (!p[len])
			return 0;
	}
}

static int match_patterns(const char *spec, const char *proc, struct cgroup_names *out,
			  struct strbuf *err)
{
	char root[PATH_MAX];
	bool *used;
	int ret = check_patterns(spec, err);

	if (ret)
		return ret;
	if (cgroup__mount_dir(proc, root, sizeof(root))) {
		strbuf_addstr(err, "--for-each-cgroup: no cgroup filesystem is mounted\n"
				   "hint: mount cgroup2 (mount -t cgroup2 none /sys/fs/cgroup)");
		return -ENOENT;
	}
	walk_prefix = strlen(root);
	if (nftw(root, walk_one, 20, FTW_PHYS) < 0) {
		ret = -errno;
		strbuf_addf(err, "--for-each-cgroup: cannot read the cgroups under %s: %s", root,
			    strerror(-ret));
		cgroup_names__exit(&walked);
		return ret;
	}
	used = must_calloc(walked.nr ? walked.nr : 1, sizeof(*used));
	for (const char *p = spec; !ret; p += strcspn(p, ",") + 1) {
		size_t len = strcspn(p, ",");
		char *re_text = must_strndup(p, len);
		regex_t re;

		if (!len) {
			used[0] = true;		/* as perf: an empty name is the root */
		} else if (regcomp(&re, re_text, REG_NOSUB)) {
			ret = -EINVAL;		/* check_patterns() said why */
		} else {
			for (int i = 0; i < walked.nr; i++)
				used[i] |= !regexec(&re, walked.v[i], 0, NULL, 0);
			regfree(&re);
		}
		free(re_text);
		if (!p[len])
			break;
	}
	/* the root keeps its empty name, which perf shows (a blank cgroup) */
	for (int i = 0; !ret && i < walked.nr; i++)
		if (used[i])
			add_name(out, walked.v[i], strlen(walked.v[i]));
	if (!ret && !out->nr) {
		strbuf_addf(err, "--for-each-cgroup: no cgroup matched: %s\nhint: the "
			    "expressions match paths under %s, e.g. 'system.slice/.*'", spec, root);
		ret = -ENOENT;
	}
	free(used);
	cgroup_names__exit(&walked);
	return ret;
}

int cgroup_names__parse(struct cgroup_names *out, const char *spec, const char *proc,
			struct strbuf *err)
{
	memset(out, 0, sizeof(*out));
	if (is_pattern(spec))
		return match_patterns(spec, proc, out, err);
	for (const char *p = spec;; p += strcspn(p, ",") + 1) {
		size_t len = strcspn(p, ",");
		const char *name = p;
		size_t nlen = len;

		/* as perf: "/x" is x, an empty name the root, a name once */
		if (nlen > 1 && *name == '/')
			name++, nlen--;
		if (!nlen)
			name = "/", nlen = 1;
		if (!has_name(out, name, nlen))
			add_name(out, name, nlen);
		if (!p[len])
			break;
	}
	return 0;
}

void evlist__expand_cgroups(struct evlist *evlist, const struct cgroup_names *names)
{
	int n = evlist->nr;
	struct evsel **orig = must_reallocarray(NULL, n ? n : 1, sizeof(*orig));

	if (n)
		memcpy(orig, evlist->entries, n * sizeof(*orig));
	evlist->nr = 0;
	for (int k = 0; k < names->nr; k++) {
		for (int i = 0; i < n; i++) {
			struct evsel *e = evsel__clone(orig[i]);

			free(e->cgroup);
			e->cgroup = must_strdup(names->v[k]);
			/* instances of one PMU merge within a cgroup only */
			if (e->merge_id)
				e->merge_id += k * n;
			evlist__add(evlist, e);
			e->leader = evlist->entries[k * n + orig[i]->leader->idx];
		}
	}
	for (int i = 0; i < n; i++)
		evsel__delete(orig[i]);
	free(orig);
	evlist->nr_cgroups = evlist->nr;
	evlist->cgroup_option = "--for-each-cgroup";
}
