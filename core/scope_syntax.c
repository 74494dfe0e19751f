/* core/scope_syntax.c — would the shell refuse this line? The checker's
 * answer comes from the shell's own parser (core/lang/), so `sbxsh
 * --check-line LINE` refuses exactly the lines the shell refuses: `echo (`,
 * `a=(rm -rf build)`, an unbalanced quote, `if true; then` with no `fi`.
 * An agent that asks "what would this do?" must not be told "it reads
 * /etc/x" about a line that would not run at all. Pure.
 */
#include "scope_cmd.h"

#include "arena.h"
#include "parse.h"

#include <errno.h>
#include <string.h>

/* The line as the parser's input, one line at a time, read in place. */
struct line_reader {
	struct sh_reader r;
	const char *s;
	size_t len, pos;
};

static const char *line_read(struct sh_reader *r, bool cont, size_t *len)
{
	struct line_reader *lr = (struct line_reader *)r;
	const char *start = lr->s + lr->pos, *nl;
	size_t left = lr->len - lr->pos;

	(void)cont;
	if (!left)
		return NULL;
	nl = memchr(start, '\n', left);
	*len = nl ? (size_t)(nl - start) + 1 : left;
	lr->pos += *len;
	return start;
}

static int parse_each(const char *line, size_t len, bool posix, bool extglob,
		      void (*fn)(void *ctx, const struct node *n), void *ctx,
		      struct sbx_diag *diag, struct sbx_buf *said)
{
	struct line_reader lr = {
	    .r.read_line = line_read, .s = line, .len = line ? len : 0};
	/* No aliases: the checker does not know the session's (--check-line
	 * has none), and the shell parses a line it checks first anyway. */
	struct parse_opts o = {.lineno = 1, .posix = posix, .extglob = extglob};
	struct parser *p = parse_new(&lr.r, &o);
	int rc;

	/* Each command is parsed, handed over and dropped: the parser's
	 * cost is linear in the line (its nesting is bounded by
	 * PARSE_MAXDEPTH). */
	do {
		struct arena *a = arena_new();
		struct node *n = NULL;

		rc = parse_next(p, a, &n, NULL, diag);
		if (rc == PARSE_OK && n && fn)
			fn(ctx, n);
		/* under --posix the shell refuses these whole
		 * (shell/interp/run.c); the checker has judged the command
		 * all the same (its words name what the agent meant to
		 * touch). In bash's mode they are assignments: each element
		 * a word the checker read (scope.c add_word). */
		if (rc == PARSE_OK && posix && parse_saw_array(p))
			rc = sbx_diag_set(
			    diag, -EINVAL,
			    "line %d: syntax error: arrays are not supported "
			    "in posix mode: nothing of this command ran",
			    parse_lineno(p));
		arena_unref(a);
	} while (rc == PARSE_OK);
	if (rc < 0 && said) {
		const struct parse_error *e = parse_error_info(p);

		size_t was = said->len;

		/* what `sbxsh -c LINE` prints (shell/interp/run.c); where
		 * that is nothing ([[ ]], as bash), the parser's reason: a
		 * harness that asked gets one */
		if (e && rc == -EINVAL)
			parse_error_print(e, "sbxsh", "-c", false, said);
		if (said->len == was)
			buf_printf(said, "sbxsh: %s\n", diag->msg);
	}
	parse_free(p);
	return rc < 0 ? -EINVAL : 0;
}

int scope_parse_each(const char *line, size_t len, bool posix, bool extglob,
		     void (*fn)(void *ctx, const struct node *n), void *ctx,
		     struct sbx_diag *diag)
{
	return parse_each(line, len, posix, extglob, fn, ctx, diag, NULL);
}

int scope_syntax_said(const char *line, size_t len, bool posix,
		      struct sbx_buf *said)
{
	struct sbx_diag d = {0};

	return parse_each(line, len, posix, false, NULL, NULL, &d, said);
}

int scope_syntax_mode(const char *line, size_t len, bool posix,
		      struct sbx_diag *diag)
{
	return scope_parse_each(line, len, posix, false, NULL, NULL, diag);
}

int scope_syntax(const char *line, size_t len, struct sbx_diag *diag)
{
	return scope_syntax_mode(line, len, false, diag);
}
