// SPDX-License-Identifier: GPL-2.0
/*
 * A recursive-descent evaluator, lowest precedence first:
 *   cond := or [ "if" or "else" cond ]
 *   or   := and { "|" and }          and := cmp { "&" cmp }
 *   cmp  := sum [ (< > <= >= == !=) sum ]
 *   sum  := prod { (+ -) prod }      prod := unary { (* / %) unary }
 *   unary := - unary | ! unary | primary
 *   primary := number | name | #name | func "(" cond "," cond ")" | "(" cond ")"
 * Names are looked up as they are met; both sides of "if" are evaluated
 * (they have no side effects), which is also how the names are listed.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "expr.h"

#define MAX_ID 256
#define MAX_DEPTH 64

struct parser {
	const char *text, *p;
	expr_lookup_fn *lookup;
	void (*on_id)(void *ctx, const char *id);
	void *ctx;
	struct strbuf *err;
	int depth;
	bool failed;
};

static double fail(struct parser *ps, const char *what)
{
	if (!ps->failed)
		strbuf_addf(ps->err, "metric expression '%s': %s at offset %d", ps->text, what,
			    (int)(ps->p - ps->text));
	ps->failed = true;
	return NAN;
}

static void skip_space(struct parser *ps)
{
	while (isspace((unsigned char)*ps->p))
		ps->p++;
}

/* Consume @tok (an operator or keyword) if it is next. */
static bool accept(struct parser *ps, const char *tok)
{
	size_t n = strlen(tok);

	skip_space(ps);
	if (strncmp(ps->p, tok, n))
		return false;
	/* a keyword must not run into a name: "iffy" is not "if" */
	if (isalpha((unsigned char)tok[0]) &&
	    (isalnum((unsigned char)ps->p[n]) || ps->p[n] == '_'))
		return false;
	ps->p += n;
	return true;
}

static bool id_char(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '.' || c == '@' || c == ':';
}

/* A name, with '\' escapes removed. Returns its length, 0 if none. */
static size_t read_id(struct parser *ps, char *id)
{
	size_t n = 0;

	skip_space(ps);
	if (!isalpha((unsigned char)*ps->p) && *ps->p != '_' && *ps->p != '\\')
		return 0;
	while (id_char(*ps->p) || (*ps->p == '\\' && ps->p[1])) {
		if (*ps->p == '\\')
			ps->p++;
		if (n + 1 < MAX_ID)
			id[n++] = *ps->p;
		ps->p++;
	}
	id[n] = '\0';
	return n;
}

static double name_value(struct parser *ps, const char *id)
{
	double v = 0;

	if (ps->on_id) {
		ps->on_id(ps->ctx, id);
		return 1;
	}
	if (!ps->lookup(ps->ctx, id, &v)) {
		if (!ps->failed)
			strbuf_addf(ps->err, "metric expression '%s': unknown %s '%s'", ps->text,
				    id[0] == '#' ? "constant" : "event or metric", id);
		ps->failed = true;
		return NAN;
	}
	return v;
}

static double divide(double a, double b)
{
	return fpclassify(b) == FP_ZERO ? NAN : a / b;
}

static double cond(struct parser *ps);

static double call(struct parser *ps, const char *fn)
{
	double a, b;

	if (!accept(ps, "("))
		return fail(ps, "expected '(' after a function name");
	a = cond(ps);
	if (!accept(ps, ","))
		return fail(ps, "expected ','");
	b = cond(ps);
	if (!accept(ps, ")"))
		return fail(ps, "expected ')'");
	if (!strcmp(fn, "min"))
		return fmin(a, b);
	if (!strcmp(fn, "max"))
		return fmax(a, b);
	return fpclassify(b) == FP_ZERO ? 0 : a / b;	/* d_ratio */
}

static double primary(struct parser *ps)
{
	char id[MAX_ID];
	char *end;
	double v;

	skip_space(ps);
	if (accept(ps, "(")) {
		v = cond(ps);
		if (!accept(ps, ")"))
			return fail(ps, "expected ')'");
		return v;
	}
	if (*ps->p == '#') {
		ps->p++;
		if (!read_id(ps, id + 1))
			return fail(ps, "expected a constant name after '#'");
		id[0] = '#';
		return name_value(ps, id);
	}
	if (isdigit((unsigned char)*ps->p) || (*ps->p == '.' && isdigit((unsigned char)ps->p[1]))) {
		v = strtod(ps->p, &end);
		ps->p = end;
		return v;
	}
	if (!read_id(ps, id))
		return fail(ps, *ps->p ? "expected a number, name or '('" : "unexpected end");
	if (!strcmp(id, "min") || !strcmp(id, "max") || !strcmp(id, "d_ratio"))
		return call(ps, id);
	return name_value(ps, id);
}

static double unary(struct parser *ps)
{
	double v;

	if (++ps->depth > MAX_DEPTH)
		return fail(ps, "nested too deeply");
	if (accept(ps, "-"))
		v = -unary(ps);
	else if (accept(ps, "!"))
		v = unary(ps) == 0;
	else
		v = primary(ps);
	ps->depth--;
	return v;
}

static double prod(struct parser *ps)
{
	double v = unary(ps);

	for (;;) {
		if (accept(ps, "*"))
			v *= unary(ps);
		else if (accept(ps, "/"))
			v = divide(v, unary(ps));
		else if (accept(ps, "%")) {
			double d = unary(ps);

			v = fpclassify(d) == FP_ZERO ? NAN : fmod(v, d);
		} else
			return v;
	}
}

static double sum(struct parser *ps)
{
	double v = prod(ps);

	for (;;) {
		if (accept(ps, "+"))
			v += prod(ps);
		else if (accept(ps, "-"))
			v -= prod(ps);
		else
			return v;
	}
}

static double cmp(struct parser *ps)
{
	double a = sum(ps);

	if (accept(ps, "<="))
		return a <= sum(ps);
	if (accept(ps, ">="))
		return a >= sum(ps);
	if (accept(ps, "=="))
		return a == sum(ps);
	if (accept(ps, "!="))
		return a != sum(ps);
	if (accept(ps, "<"))
		return a < sum(ps);
	if (accept(ps, ">"))
		return a > sum(ps);
	return a;
}

static double and(struct parser *ps)
{
	double v = cmp(ps);

	while (accept(ps, "&")) {
		double w = cmp(ps);

		v = v != 0 && w != 0;
	}
	return v;
}

static double or(struct parser *ps)
{
	double v = and(ps);

	while (accept(ps, "|")) {
		double w = and(ps);

		v = v != 0 || w != 0;
	}
	return v;
}

static double cond(struct parser *ps)
{
	double v, c, alt;

	if (++ps->depth > MAX_DEPTH)
		return fail(ps, "nested too deeply");
	v = or(ps);
	if (accept(ps, "if")) {
		c = or(ps);
		if (!accept(ps, "else"))
			return fail(ps, "expected 'else'");
		alt = cond(ps);
		v = c != 0 ? v : alt;
	}
	ps->depth--;
	return v;
}

static int run(struct parser *ps, double *val)
{
	double v = cond(ps);

	skip_space(ps);
	if (!ps->failed && *ps->p)
		fail(ps, "unexpected text");
	if (ps->failed)
		return -EINVAL;
	if (val)
		*val = v;
	return 0;
}

int expr__eval(const char *text, expr_lookup_fn *lookup, void *ctx, double *val,
	       struct strbuf *err)
{
	struct parser ps = { .text = text, .p = text, .lookup = lookup, .ctx = ctx, .err = err };

	return run(&ps, val);
}

int expr__for_each_id(const char *text, void (*fn)(void *ctx, const char *id), void *ctx,
		      struct strbuf *err)
{
	struct parser ps = { .text = text, .p = text, .on_id = fn, .ctx = ctx, .err = err };

	return run(&ps, NULL);
}
