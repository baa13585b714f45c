// SPDX-License-Identifier: GPL-2.0
#include <errno.h>

#include "fields.h"

bool fields__strict(const char *fields)
{
	return fields && *fields != '+';
}

static void append_all(struct sort_list *to, const struct sort_list *from)
{
	for (int i = 0; i < from->nr; i++)
		sort_list__add(to, from->keys[i]->id);
}

/* perf's prefix_if_not_in("overhead", ...) and, accumulating,
 * prefix_if_not_in("overhead_children", ...). */
static int default_sort(const struct fields_spec *spec, struct sort_list *sort,
			struct strbuf *err)
{
	struct sort_list keys;

	if (sort_list__parse(&keys, spec->sort, "--sort", spec->mem_mode, err))
		return -EINVAL;
	if (spec->cumulate && !sort_list__has(&keys, SORT_OVERHEAD_CHILDREN))
		sort_list__add(sort, SORT_OVERHEAD_CHILDREN);
	if (!sort_list__has(&keys, SORT_OVERHEAD))
		sort_list__add(sort, SORT_OVERHEAD);
	append_all(sort, &keys);
	return 0;
}

/* perf_hpp__init(): the value columns every report without -F shows. */
static void default_columns(const struct fields_spec *spec, struct sort_list *columns)
{
	columns->nr = 0;
	if (spec->cumulate)
		sort_list__add(columns, SORT_OVERHEAD_CHILDREN);
	sort_list__add(columns, SORT_OVERHEAD);
	if (spec->show_cpu_utilization) {
		sort_list__add(columns, SORT_OVERHEAD_SYS);
		sort_list__add(columns, SORT_OVERHEAD_US);
	}
	if (spec->show_nr_samples)
		sort_list__add(columns, SORT_SAMPLE);
	if (spec->show_total_period)
		sort_list__add(columns, SORT_PERIOD);
}

int fields__setup(const struct fields_spec *spec, struct fields *f, struct strbuf *err)
{
	struct sort_list *sort = &f->sort, *columns = &f->columns;
	bool strict = fields__strict(spec->fields);
	struct sort_list added = { .nr = 0 };

	sort->nr = 0;
	if (!strict && default_sort(spec, sort, err))
		return -EINVAL;
	if (strict && spec->user_sort &&
	    sort_list__parse(sort, spec->sort, "--sort", spec->mem_mode, err))
		return -EINVAL;
	if (strict) {
		if (sort_list__parse(columns, spec->fields, "-F", spec->mem_mode, err))
			return -EINVAL;
	} else {
		default_columns(spec, columns);
		if (spec->fields &&
		    sort_list__parse(&added, spec->fields + 1, "-F", spec->mem_mode, err))
			return -EINVAL;
		append_all(columns, &added);
	}
	sort->sym_by_name = spec->sym_by_name;
	f->need_collapse = sort_list__has(sort, SORT_COMM) ||
			   (spec->sym_by_name && sort_list__has(sort, SORT_SYM));
	append_all(columns, sort);
	append_all(sort, columns);
	f->self_header = !strict && spec->cumulate;
	return 0;
}
