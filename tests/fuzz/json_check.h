/* tests/fuzz/json_check.h — a small, strict JSON parser of its own
 * (RFC 8259), independent of the printers it judges: the harness of
 * the policy JSON printer asks it whether a document parses. One
 * value, optional whitespace around it, nothing after; strings valid
 * UTF-8 (no overlong forms, no encoded surrogates, nothing past
 * U+10FFFF) with no raw control characters and only the escapes the
 * RFC lists (a \u surrogate must come in a pair); numbers in the RFC's
 * grammar; no duplicate key in an object; nesting at most 64 deep.
 * Header-only: included by the harnesses that need it. */
#ifndef SBX_JSON_CHECK_H
#define SBX_JSON_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

struct jc {
	const unsigned char *s;
	size_t n, i;
	const char *err; /* first error, NULL: none */
	size_t at;
};

static bool jc_fail(struct jc *j, const char *why)
{
	if (!j->err) {
		j->err = why;
		j->at = j->i;
	}
	return false;
}

static void jc_ws(struct jc *j)
{
	while (j->i < j->n && (j->s[j->i] == ' ' || j->s[j->i] == '\t' ||
			       j->s[j->i] == '\n' || j->s[j->i] == '\r'))
		j->i++;
}

static int jc_hex4(struct jc *j)
{
	int v = 0;

	if (j->n - j->i < 4)
		return -1;
	for (int k = 0; k < 4; k++) {
		unsigned char c = j->s[j->i++];

		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= c - '0';
		else if (c >= 'a' && c <= 'f')
			v |= c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			v |= c - 'A' + 10;
		else
			return -1;
	}
	return v;
}

/* One UTF-8 sequence at j->i (its first byte >= 0x80). */
static bool jc_utf8(struct jc *j)
{
	unsigned char c = j->s[j->i];
	unsigned cp, need, min;

	if (c >= 0xc2 && c <= 0xdf)
		need = 1, cp = c & 0x1f, min = 0x80;
	else if (c >= 0xe0 && c <= 0xef)
		need = 2, cp = c & 0x0f, min = 0x800;
	else if (c >= 0xf0 && c <= 0xf4)
		need = 3, cp = c & 0x07, min = 0x10000;
	else
		return jc_fail(j, "invalid UTF-8 lead byte");
	if (j->n - j->i <= need)
		return jc_fail(j, "truncated UTF-8 sequence");
	for (unsigned k = 1; k <= need; k++) {
		unsigned char t = j->s[j->i + k];

		if ((t & 0xc0) != 0x80)
			return jc_fail(j, "invalid UTF-8 continuation");
		cp = cp << 6 | (t & 0x3f);
	}
	if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return jc_fail(j, "invalid UTF-8 code point");
	j->i += need + 1;
	return true;
}

/* A string at j->i (the opening quote); its raw bytes [*b, *e) for the
 * duplicate-key check (escapes compared as written). */
static bool jc_string(struct jc *j, size_t *b, size_t *e)
{
	if (j->i >= j->n || j->s[j->i] != '"')
		return jc_fail(j, "expected a string");
	*b = ++j->i;
	while (j->i < j->n) {
		unsigned char c = j->s[j->i];

		if (c == '"') {
			*e = j->i++;
			return true;
		}
		if (c < 0x20)
			return jc_fail(j, "raw control character in a string");
		if (c >= 0x80) {
			if (!jc_utf8(j))
				return false;
			continue;
		}
		j->i++;
		if (c != '\\')
			continue;
		if (j->i >= j->n)
			break;
		c = j->s[j->i++];
		if (c == 'u') {
			int v = jc_hex4(j);

			if (v < 0)
				return jc_fail(j, "bad \\u escape");
			if (v >= 0xdc00 && v <= 0xdfff)
				return jc_fail(j, "lone low surrogate");
			if (v >= 0xd800 && v <= 0xdbff) {
				if (j->n - j->i < 6 || j->s[j->i] != '\\' ||
				    j->s[j->i + 1] != 'u')
					return jc_fail(j,
						       "lone high surrogate");
				j->i += 2;
				v = jc_hex4(j);
				if (v < 0xdc00 || v > 0xdfff)
					return jc_fail(j,
						       "lone high surrogate");
			}
		} else if (!strchr("\"\\/bfnrt", c) || !c) {
			return jc_fail(j, "bad escape");
		}
	}
	return jc_fail(j, "unterminated string");
}

static bool jc_digits(struct jc *j)
{
	size_t start = j->i;

	while (j->i < j->n && j->s[j->i] >= '0' && j->s[j->i] <= '9')
		j->i++;
	return j->i > start;
}

static bool jc_number(struct jc *j)
{
	if (j->i < j->n && j->s[j->i] == '-')
		j->i++;
	if (j->i < j->n && j->s[j->i] == '0')
		j->i++;
	else if (!jc_digits(j))
		return jc_fail(j, "bad number");
	if (j->i < j->n && j->s[j->i] == '.') {
		j->i++;
		if (!jc_digits(j))
			return jc_fail(j, "bad fraction");
	}
	if (j->i < j->n && (j->s[j->i] == 'e' || j->s[j->i] == 'E')) {
		j->i++;
		if (j->i < j->n && (j->s[j->i] == '+' || j->s[j->i] == '-'))
			j->i++;
		if (!jc_digits(j))
			return jc_fail(j, "bad exponent");
	}
	return true;
}

static bool jc_lit(struct jc *j, const char *w)
{
	size_t n = strlen(w);

	if (j->n - j->i < n || memcmp(j->s + j->i, w, n))
		return jc_fail(j, "unexpected character");
	j->i += n;
	return true;
}

static bool jc_value(struct jc *j, int depth);

static bool jc_object(struct jc *j, int depth)
{
	size_t keys[256][2];
	size_t nkeys = 0;

	j->i++; /* { */
	jc_ws(j);
	if (j->i < j->n && j->s[j->i] == '}') {
		j->i++;
		return true;
	}
	for (;;) {
		size_t b, e;

		jc_ws(j);
		if (!jc_string(j, &b, &e))
			return false;
		for (size_t k = 0; k < nkeys; k++)
			if (keys[k][1] - keys[k][0] == e - b &&
			    !memcmp(j->s + keys[k][0], j->s + b, e - b))
				return jc_fail(j, "duplicate key");
		if (nkeys < sizeof(keys) / sizeof(*keys)) {
			keys[nkeys][0] = b;
			keys[nkeys++][1] = e;
		}
		jc_ws(j);
		if (j->i >= j->n || j->s[j->i] != ':')
			return jc_fail(j, "expected ':'");
		j->i++;
		if (!jc_value(j, depth + 1))
			return false;
		jc_ws(j);
		if (j->i < j->n && j->s[j->i] == ',') {
			j->i++;
			continue;
		}
		if (j->i < j->n && j->s[j->i] == '}') {
			j->i++;
			return true;
		}
		return jc_fail(j, "expected ',' or '}'");
	}
}

static bool jc_array(struct jc *j, int depth)
{
	j->i++; /* [ */
	jc_ws(j);
	if (j->i < j->n && j->s[j->i] == ']') {
		j->i++;
		return true;
	}
	for (;;) {
		if (!jc_value(j, depth + 1))
			return false;
		jc_ws(j);
		if (j->i < j->n && j->s[j->i] == ',') {
			j->i++;
			continue;
		}
		if (j->i < j->n && j->s[j->i] == ']') {
			j->i++;
			return true;
		}
		return jc_fail(j, "expected ',' or ']'");
	}
}

static bool jc_value(struct jc *j, int depth)
{
	size_t b, e;

	if (depth > 64)
		return jc_fail(j, "nested too deeply");
	jc_ws(j);
	if (j->i >= j->n)
		return jc_fail(j, "expected a value");
	switch (j->s[j->i]) {
	case '{':
		return jc_object(j, depth);
	case '[':
		return jc_array(j, depth);
	case '"':
		return jc_string(j, &b, &e);
	case 't':
		return jc_lit(j, "true");
	case 'f':
		return jc_lit(j, "false");
	case 'n':
		return jc_lit(j, "null");
	default:
		return jc_number(j);
	}
}

/* Does [s, s+n) parse as one JSON document? On false, |*why| and |*at|
 * say what and where. */
static inline bool json_valid(const char *s, size_t n, const char **why,
			      size_t *at)
{
	struct jc j = {(const unsigned char *)s, n, 0, NULL, 0};
	bool ok = jc_value(&j, 0);

	jc_ws(&j);
	if (ok && j.i != n)
		ok = jc_fail(&j, "trailing characters");
	if (why)
		*why = j.err;
	if (at)
		*at = j.at;
	return ok;
}

#endif
