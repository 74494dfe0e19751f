/* tests/fuzz/fuzz_prompt.c — the prompt expander (shell/interactive/prompt.c)
 * on any PS1: pr_expand() with and without libedit's literal groups, and
 * pr_fix_literals() on any text. What reaches libedit must be what
 * EL_PROMPT_ESC can show (prompt.h): delimiters in pairs, no empty
 * group, and every group followed by a visible character; and
 * pr_fix_literals() only moves groups: the visible bytes and the
 * groups' bytes stay as they were, in order. */
#include <string.h>

#include "fuzz.h"
#include "prompt.h"
#include "sbx.h"

static const char *getvar(void *ctx, const char *name)
{
	(void)ctx;
	if (!strcmp(name, "HOME"))
		return "/home/u";
	if (!strcmp(name, "PWD"))
		return "/home/u/Workflow/a\\b\001c";
	if (!strcmp(name, "USER"))
		return "u\033[31m";
	if (!strcmp(name, "PS2"))
		return "\\[x\\]";
	return NULL;
}

static int njobs(void *ctx)
{
	(void)ctx;
	return 3;
}

/* Literal groups of |s| (delimited by |d|) are well formed. */
static void check_groups(const char *s, char d)
{
	bool in = false;

	for (const char *p = s; *p; p++) {
		if (*p != d)
			continue;
		if (!in) {
			FZ_CHECK(p[1] != d); /* not empty */
		} else {
			FZ_CHECK(p[1] != '\0'); /* something visible after */
			FZ_CHECK((unsigned char)p[1] >= 0x20 && p[1] != 0x7f);
		}
		in = !in;
	}
	FZ_CHECK(!in);
}

/* |s| without its groups (|d| delimited), and the groups alone. */
static void strip(const char *s, char d, struct sbx_buf *vis,
		  struct sbx_buf *lit)
{
	bool in = false;

	buf_puts(vis, "");
	buf_puts(lit, "");
	for (; *s; s++)
		if (*s == d)
			in = !in;
		else
			buf_putc(in ? lit : vis, *s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pr_ctx c = {0};
	unsigned mode;
	char *ps, *out;

	if (size < 1)
		return 0;
	mode = data[0];
	ps = fz_str(data + 1, size - 1);
	if (mode & 1) {
		struct sbx_buf v0 = {0}, l0 = {0}, v1 = {0}, l1 = {0};

		out = pr_fix_literals(ps, PR_DELIM);
		check_groups(out, PR_DELIM);
		strip(ps, PR_DELIM, &v0, &l0);
		strip(out, PR_DELIM, &v1, &l1);
		/* A prompt of nothing visible carries its groups on a space. */
		FZ_CHECK(!strcmp(v0.s, v1.s) ||
			 (l0.len && v1.len == v0.len + 1 &&
			  v1.s[v0.len] == ' ' && !memcmp(v0.s, v1.s, v0.len)));
		FZ_CHECK(!strcmp(l0.s, l1.s));
		buf_free(&v0);
		buf_free(&l0);
		buf_free(&v1);
		buf_free(&l1);
		free(out);
		free(ps);
		return 0;
	}
	c.getvar = getvar;
	c.njobs = njobs;
	c.workflow = (mode & 2) ? "w\001f" : "wf";
	c.backend = "landlock";
	c.colour = mode & 4;
	c.agent = mode & 8;
	c.delim = (mode & 16) ? PR_DELIM : 0;
	out = pr_expand(&c, ps);
	FZ_CHECK(out);
	if (c.delim)
		check_groups(out, PR_DELIM);
	free(out);
	out = pr_render(&c, mode & 32);
	if (c.delim)
		check_groups(out, PR_DELIM);
	else
		FZ_CHECK(!strchr(out, PR_DELIM));
	free(out);
	free(ps);
	return 0;
}
