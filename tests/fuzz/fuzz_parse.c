/* tests/fuzz/fuzz_parse.c — the lexer and the parser (core/lang/lex.c,
 * core/lang/parse.c) on any text, as a script is read: one command after
 * another until EOF, a syntax error dropping the rest of its line as
 * the interactive shell does. The first byte chooses the mode: probe
 * (the interactive "need more input?" question) and aliases, some of
 * them recursive or ending in a blank (XCU 2.3.1). Each tree is also
 * turned back into text as `jobs` shows it (shell/interp/unparse.c), and the
 * input is read once more as a prompt string (parse_dq_string). */
#include <errno.h>
#include <string.h>

#include "arena.h"
#include "fuzz.h"
#include "input.h"
#include "parse.h"
#include "interp.h"

static const char *const aliases[][2] = {
    {"ll", "ls -l"},	 {"a", "a b "}, /* recursive, and checks the next word
					 */
    {"b", "a"},		 {"x", "if true; then "}, {"q", "'unterminated"},
    {"s", "echo $(a) "}, {"hd", "cat <<EOF\n"},
};

static const char *alias(void *ctx, const char *name)
{
	(void)ctx;
	for (size_t i = 0; i < sizeof(aliases) / sizeof(*aliases); i++)
		if (!strcmp(aliases[i][0], name))
			return aliases[i][1];
	return NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct parse_opts o = {0};
	struct sh_reader *r;
	struct parser *p;
	unsigned mode;
	int rc = PARSE_OK;

	if (size < 1)
		return 0;
	mode = data[0];
	data++;
	size--;
	o.probe = mode & 1;
	if (mode & 2) {
		o.alias = alias;
	}
	o.lineno = (mode & 4) ? 1000000 : 0;
	r = in_string((const char *)data, size);
	p = parse_new(r, &o);
	/* Each turn consumes input; the bound only guards the harness. */
	for (int turns = 0; turns < 100000; turns++) {
		struct arena *a = arena_new();
		struct node *n = NULL;
		struct sbx_buf text = {0};
		struct sbx_diag d = {0};

		rc = parse_next(p, a, &n, &text, &d);
		FZ_CHECK(rc == PARSE_OK || rc == PARSE_EOF || rc == -EINVAL ||
			 rc == -EAGAIN);
		if (rc == -EINVAL)
			FZ_CHECK(d.msg[0] != '\0');
		if (rc == PARSE_OK && n) {
			struct sbx_buf b = {0};

			ast_text(&b, n, 0);
			buf_free(&b);
		}
		buf_free(&text);
		arena_unref(a);
		if (rc == PARSE_EOF || rc == -EAGAIN)
			break;
		if (rc == -EINVAL)
			parse_reset(p);
	}
	FZ_CHECK(rc == PARSE_EOF || rc == -EAGAIN);
	parse_free(p);
	in_free(r);

	if (!memchr(data, '\0', size)) {
		char *s = fz_str(data, size);
		struct arena *a = arena_new();
		struct sbx_diag d = {0};

		parse_dq_string(s, a, &d);
		arena_unref(a);
		free(s);
	}
	return 0;
}
