/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_UNIT_JSON_READ_H
#define PM_UNIT_JSON_READ_H

/*
 * A strict JSON reader (RFC 8259) for tests of what perf-mini writes as
 * JSON: the whole text must be one value, strings must escape what JSON
 * says, no trailing commas. Values come back as a tree the test walks.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum json_type { JSON_NULL, JSON_BOOL, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT };

struct json {
	enum json_type type;
	bool boolean;
	double number;
	uint64_t u64;		/* a non-negative integer, exactly */
	bool is_u64;
	char *string;		/* decoded, UTF-8 */
	struct json *items;	/* an array's, an object's values */
	char **keys;		/* an object's */
	size_t nr;
};

struct json_reader {
	const char *p;
	int depth;
};

static bool json_value(struct json_reader *r, struct json *v);

static inline void json_skip_space(struct json_reader *r)
{
	while (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' || *r->p == '\r')
		r->p++;
}

static inline void json_put_utf8(char **o, unsigned int c)
{
	if (c < 0x80) {
		*(*o)++ = (char)c;
	} else if (c < 0x800) {
		*(*o)++ = (char)(0xc0 | c >> 6);
		*(*o)++ = (char)(0x80 | (c & 0x3f));
	} else {
		*(*o)++ = (char)(0xe0 | c >> 12);
		*(*o)++ = (char)(0x80 | (c >> 6 & 0x3f));
		*(*o)++ = (char)(0x80 | (c & 0x3f));
	}
}

static inline bool json_escape(struct json_reader *r, char **o)
{
	static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
	const char *e = *r->p ? strchr(from, *r->p) : NULL;
	unsigned int c = 0;

	if (e) {
		*(*o)++ = to[e - from];
		r->p++;
		return true;
	}
	if (*r->p++ != 'u')
		return false;
	for (int i = 0; i < 4; i++, r->p++) {
		char h = *r->p;

		if (!((h >= '0' && h <= '9') || (h >= 'a' && h <= 'f') || (h >= 'A' && h <= 'F')))
			return false;
		c = c << 4 | (unsigned int)(h <= '9' ? h - '0' : (h | 0x20) - 'a' + 10);
	}
	json_put_utf8(o, c);	/* surrogate pairs not needed here */
	return true;
}

/* A string at r->p (past its opening quote) into a new buffer: escapes
 * only ever shrink, so the rest of the text's length is room enough. */
static inline char *json_string(struct json_reader *r)
{
	char *s = malloc(strlen(r->p) + 1), *o = s;

	while (s && *r->p != '"') {
		if ((unsigned char)*r->p < 0x20)	/* the end of the text too */
			goto bad;
		if (*r->p != '\\') {
			*o++ = *r->p++;
			continue;
		}
		r->p++;
		if (!json_escape(r, &o))
			goto bad;
	}
	if (s) {
		*o = '\0';
		r->p++;
	}
	return s;
bad:
	free(s);
	return NULL;
}

static inline bool json_number(struct json_reader *r, struct json *v)
{
	const char *start = r->p;
	char *end;

	if (*r->p == '-')
		r->p++;
	if (*r->p == '0' && r->p[1] >= '0' && r->p[1] <= '9')
		return false;	/* no leading zeros */
	if (*r->p < '0' || *r->p > '9')
		return false;
	v->type = JSON_NUMBER;
	v->number = strtod(start, &end);
	if (end == start)
		return false;
	v->is_u64 = *start != '-' && strspn(start, "0123456789") == (size_t)(end - start);
	v->u64 = v->is_u64 ? strtoull(start, NULL, 10) : 0;
	r->p = end;
	return true;
}

static inline bool json_members(struct json_reader *r, struct json *v, bool object)
{
	char close = object ? '}' : ']';

	v->type = object ? JSON_OBJECT : JSON_ARRAY;
	json_skip_space(r);
	if (*r->p == close) {
		r->p++;
		return true;
	}
	for (;;) {
		v->items = realloc(v->items, (v->nr + 1) * sizeof(*v->items));
		v->keys = realloc(v->keys, (v->nr + 1) * sizeof(*v->keys));
		memset(&v->items[v->nr], 0, sizeof(*v->items));
		v->keys[v->nr] = NULL;
		v->nr++;
		json_skip_space(r);
		if (object) {
			if (*r->p++ != '"' || !(v->keys[v->nr - 1] = json_string(r)))
				return false;
			json_skip_space(r);
			if (*r->p++ != ':')
				return false;
		}
		if (!json_value(r, &v->items[v->nr - 1]))
			return false;
		json_skip_space(r);
		if (*r->p == close) {
			r->p++;
			return true;
		}
		if (*r->p++ != ',')
			return false;
	}
}

static bool json_value_at(struct json_reader *r, struct json *v)
{
	switch (*r->p) {
	case '{':
	case '[':
		r->p++;
		return json_members(r, v, r->p[-1] == '{');
	case '"':
		r->p++;
		v->type = JSON_STRING;
		return (v->string = json_string(r)) != NULL;
	case 't':
	case 'f':
		v->type = JSON_BOOL;
		v->boolean = *r->p == 't';
		if (strncmp(r->p, v->boolean ? "true" : "false", v->boolean ? 4 : 5))
			return false;
		r->p += v->boolean ? 4 : 5;
		return true;
	case 'n':
		if (strncmp(r->p, "null", 4))
			return false;
		r->p += 4;
		return true;
	default:
		return json_number(r, v);
	}
}

static bool json_value(struct json_reader *r, struct json *v)
{
	bool ok;

	json_skip_space(r);
	if (++r->depth > 64)
		return false;
	ok = json_value_at(r, v);
	r->depth--;
	return ok;
}

static inline void json_free(struct json *v)
{
	for (size_t i = 0; i < v->nr; i++) {
		json_free(&v->items[i]);
		free(v->keys[i]);
	}
	free(v->items);
	free(v->keys);
	free(v->string);
	memset(v, 0, sizeof(*v));
}

/* Parse all of @text into @v: true, or false (with @v freed) when it is
 * not exactly one JSON value. */
static inline bool json_parse(const char *text, struct json *v)
{
	struct json_reader r = { text, 0 };

	memset(v, 0, sizeof(*v));
	if (json_value(&r, v)) {
		json_skip_space(&r);
		if (!*r.p)
			return true;
	}
	json_free(v);
	return false;
}

/* An object's member @key, or NULL. */
static inline const struct json *json_get(const struct json *o, const char *key)
{
	if (!o || o->type != JSON_OBJECT)
		return NULL;
	for (size_t i = 0; i < o->nr; i++)
		if (!strcmp(o->keys[i], key))
			return &o->items[i];
	return NULL;
}

#endif
