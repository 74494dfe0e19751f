/* core/json.h — the one JSON writer: every JSON document sbxsh prints
 * (policy --json, --print-policy --json, policy why --json, policy
 * cache --json) goes through it, so string escaping lives in one place.
 * Pure.
 *
 * Lifecycle: json_begin (or json_resume) → json_obj/json_arr, values,
 * json_end for each container. The writer only appends to a buffer; it
 * does not check that keys sit in objects and not arrays (its callers
 * are a handful of printers, each tested).
 *
 * Layout: each container chooses how its items are separated, so the
 * documents keep the shape tools and tests already read:
 *   JSON_INLINE  {"a": 1, "b": 2}
 *   JSON_LINES   one item a line, indented two spaces a level; the
 *                closing bracket on a line of its own, unless empty
 *   JSON_ROWS    items separated by ",\n " (policy why's list) */
#ifndef SBX_JSON_H
#define SBX_JSON_H
#include <stdbool.h>
#include <stdint.h>

#include "sbx.h"

enum json_style { JSON_INLINE, JSON_LINES, JSON_ROWS };

#define JSON_MAX_DEPTH 8

struct json_w {
	struct sbx_buf *b;
	unsigned depth;
	bool nosep; /* json_resume: the caller wrote the next separator */
	struct {
		unsigned char style;
		bool any;   /* an item written: the next needs a separator */
		char close; /* } or ] */
	} lv[JSON_MAX_DEPTH];
};

/* A new document in |b| (appended to what it holds). */
void json_begin(struct json_w *w, struct sbx_buf *b);
/* Go on with members of a |style| container at |depth| (1: the
 * document's top object) whose opening, and the separator before the
 * next member, the caller already wrote: a printer of a few members
 * used alone and inside a larger document (ef_format_json). */
void json_resume(struct json_w *w, struct sbx_buf *b, enum json_style style,
		 unsigned depth);

/* |key| NULL: an array element (or the document itself). */
void json_obj(struct json_w *w, const char *key, enum json_style style);
void json_arr(struct json_w *w, const char *key, enum json_style style);
void json_end(struct json_w *w);

/* |v| NULL writes null. */
void json_str(struct json_w *w, const char *key, const char *v);
void json_bool(struct json_w *w, const char *key, bool v);
void json_u64(struct json_w *w, const char *key, uint64_t v);
void json_i64(struct json_w *w, const char *key, int64_t v);
/* An array of the strings of |v| (NULL: an empty one). */
void json_strv(struct json_w *w, const char *key, enum json_style style,
	       const struct sbx_strv *v);

/* |s| as a JSON string literal, quotes included: control characters,
 * DEL and the C1 controls as \uXXXX, each byte that is not well-formed
 * UTF-8 as \ufffd. Nothing a job chose reaches a terminal raw. */
void json_put_str(struct sbx_buf *b, const char *s);

#endif
