// SPDX-License-Identifier: GPL-2.0
/*
 * --for-each-cgroup as perf expands it: plain names are taken as given
 * ("/x" is x, an empty name the root "/", a repeat once); a spec with a
 * regular-expression character matches every cgroup of a walk of the
 * mount, parents before their children, the root as "" when an empty
 * name asks for it; a bad expression or no match is an error. The
 * events are then repeated per cgroup, all of the first cgroup's before
 * the next's, each copy in its own group. The cgroup trees are fakes.
 */
#include <errno.h>
#include <limits.h>

#include "../unit-test.h"
#include "../../../util/events/cgroup.h"

struct names_case {
	const char *spec;
	int ret;
	const char *want[5];	/* the names in order, NULL-ended; or [0]: the error */
};

/* cgroup2 at <root>/cg: a, a/b, a/b/c and z (walked parents first) */
static const struct names_case cases[] = {
	{ "a", 0, { "a" } },
	{ "a,/b,a", 0, { "a", "b" } },
	{ "/", 0, { "/" } },
	{ ",", 0, { "/" } },
	{ "", 0, { "/" } },
	{ "nothere", 0, { "nothere" } },	/* not looked up: open says so */
	{ ",a", 0, { "/", "a" } },
	{ "a,,z", 0, { "a", "/", "z" } },
	/* expressions, unanchored, against the path under the mount */
	{ "^a", 0, { "a", "a/b", "a/b/c" } },
	{ "^a/.*", 0, { "a/b", "a/b/c" } },
	{ "b$", 0, { "a/b" } },
	{ ",^z$", 0, { "", "z" } },
	{ "^a/b$,^a$", 0, { "a", "a/b" } },	/* the walk's order (parents first) */
	{ "^q.*", -ENOENT, { "--for-each-cgroup: no cgroup matched: ^q.*\nhint: the expressions "
			     "match paths under " } },
	{ "^a,b[", -EINVAL, { "--for-each-cgroup: 'b[' is not a regular expression" } },
};

static void make_dir(const char *root, const char *rel)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	assert_int_equal(mkdir(path, 0755), 0);
}

/* *@state: a fake /proc whose only cgroup mount is cgroup2 at <it>/cg */
static int cgroups_up(void **state)
{
	char *root = strdup("/tmp/pm-cgroup.XXXXXX"), path[PATH_MAX];
	FILE *f;

	assert_non_null(mkdtemp(root));
	*state = root;
	make_dir(root, "self");
	snprintf(path, sizeof(path), "%s/self/mounts", root);
	assert_non_null(f = fopen(path, "w"));
	fprintf(f, "proc /proc proc rw 0 0\ncgroup2 %s/cg cgroup2 rw 0 0\n", root);
	fclose(f);
	make_dir(root, "cg");
	make_dir(root, "cg/a");
	make_dir(root, "cg/a/b");
	make_dir(root, "cg/a/b/c");
	make_dir(root, "cg/z");
	return 0;
}

/* *@state: a fake /proc with no mounts */
static int nothing_up(void **state)
{
	char *root = strdup("/tmp/pm-proc.XXXXXX");

	assert_non_null(mkdtemp(root));
	*state = root;
	return 0;
}

static int root_down(void **state)
{
	char cmd[PATH_MAX + 16];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", (char *)*state);
	free(*state);
	return system(cmd);
}

static void check_case(const struct names_case *c, const char *proc)
{
	struct cgroup_names names;
	struct strbuf err = STRBUF_INIT;
	int nr = 0;

	print_message("'%s'\n", c->spec);
	assert_int_equal(cgroup_names__parse(&names, c->spec, proc, &err), c->ret);
	if (c->ret) {
		assert_non_null(strstr(err.buf, c->want[0]));
		assert_int_equal(names.nr, 0);
	}
	while (!c->ret && c->want[nr])
		nr++;
	assert_int_equal(names.nr, nr);
	for (int i = 0; i < nr; i++)
		assert_string_equal(names.v[i], c->want[i]);
	cgroup_names__exit(&names);
	assert_null(names.v);
	strbuf_release(&err);
}

static void test_cgroup_expand__names_and_expressions(void **state)
{
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		check_case(&cases[i], *state);
}

static void test_cgroup_expand__expression_needs_a_mount(void **state)
{
	struct cgroup_names names;
	struct strbuf err = STRBUF_INIT;

	assert_int_equal(cgroup_names__parse(&names, "^a", *state, &err), -ENOENT);
	assert_non_null(strstr(err.buf, "--for-each-cgroup: no cgroup filesystem is mounted"));
	/* plain names need none */
	assert_int_equal(cgroup_names__parse(&names, "a", *state, &err), 0);
	assert_int_equal(names.nr, 1);
	cgroup_names__exit(&names);
	strbuf_release(&err);
}

static struct evsel *event(const char *name, int merge_id)
{
	struct evsel *e = evsel__new(name);

	e->merge_id = merge_id;
	return e;
}

/* {A,B},C for x and y: {A,B},C,{A,B},C, each copy in its cgroup */
static void test_cgroup_expand__events_repeated_per_cgroup(void **state)
{
	static const char *const want[][2] = {
		{ "A", "x" }, { "B", "x" }, { "C", "x" }, { "A", "y" }, { "B", "y" }, { "C", "y" },
	};
	static const int leader[] = { 0, 0, 2, 3, 3, 5 }, merge[] = { 0, 0, 1, 0, 0, 4 };
	char *v[] = { "x", "y" };
	struct cgroup_names names = { v, 2 };
	struct evlist *evlist = evlist__new();

	(void)state;
	evlist__add(evlist, event("A", 0));
	evlist__add(evlist, event("B", 0));
	evlist__add(evlist, event("C", 1));
	evlist__make_group(evlist, 0, 1);
	evlist__expand_cgroups(evlist, &names);
	assert_int_equal(evlist->nr, 6);
	for (int i = 0; i < evlist->nr; i++) {
		const struct evsel *e = evlist->entries[i];

		assert_int_equal(e->idx, i);
		assert_string_equal(e->name, want[i][0]);
		assert_string_equal(e->cgroup, want[i][1]);
		assert_ptr_equal(e->leader, evlist->entries[leader[i]]);
		assert_int_equal(e->merge_id, merge[i]);
	}
	assert_int_equal(evlist->entries[3]->nr_members, 2);
	assert_int_equal(evlist->nr_cgroups, 6);
	assert_string_equal(evlist->cgroup_option, "--for-each-cgroup");
	evlist__delete(evlist);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_cgroup_expand__names_and_expressions,
						cgroups_up, root_down),
		cmocka_unit_test_setup_teardown(test_cgroup_expand__expression_needs_a_mount,
						nothing_up, root_down),
		cmocka_unit_test(test_cgroup_expand__events_repeated_per_cgroup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
