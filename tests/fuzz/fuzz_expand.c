/* tests/fuzz/fuzz_expand.c — the expansion engine (shell/interp/expand.c)
 * through a real struct shell with a fixed set of variables: the input
 * is parsed as commands and every word of every simple command (its
 * arguments, assignments, redirection targets, here-document bodies,
 * case words and patterns) is expanded. Parameters and their operators
 * (${x:=...} assigns, ${x?} fails), field splitting on an odd IFS,
 * "$@", tilde and arithmetic all run; command substitution does not:
 * it would run the fuzzer's text as commands, so an input with $(...)
 * or `...` anywhere is skipped. Pathname expansion is on unless the
 * input has a '/', so a pattern never walks the filesystem. */
#include <string.h>
#include <unistd.h>

#include "arena.h"
#include "fuzz.h"
#include "input.h"
#include "parse.h"
#include "interp.h"

static char *env[] = {
    "HOME=/home/u",
    "PATH=/usr/bin:/bin",
    "IFS= :x",
    "EMPTY=",
    "SPACES=  a  b  ",
    "GLOB=*",
    "BS=a\\b",
    "NUM=42",
    "EXPR=NUM+1",
    "LONG=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
    "U8=\xc3\xa9t\xc3\xa9",
    NULL,
};
static char *params[] = {"a b", "", "*", "-x", "c:d"};
static struct sh_config cfg = {
    .arg0 = "fuzz",
    .args = params,
    .nargs = 5,
    .hist_fd = -1,
};

static bool word_safe(const struct word *w, int depth);

static bool node_safe(const struct node *n, int depth);

static bool word_safe(const struct word *w, int depth)
{
	if (depth > 200)
		return false;
	for (; w; w = w->next)
		for (const struct wpart *p = w->parts; p; p = p->next) {
			if (p->type == WP_CMD)
				return false;
			if (p->arg && !word_safe(p->arg, depth + 1))
				return false;
		}
	return true;
}

static bool node_safe(const struct node *n, int depth)
{
	if (depth > 200)
		return false;
	for (; n; n = n->next_stage) {
		if (!word_safe(n->assigns, depth) || !word_safe(n->args, depth))
			return false;
		for (const struct redir *r = n->redirs; r; r = r->next)
			if (!word_safe(r->target, depth))
				return false;
		for (const struct case_item *c = n->items; c; c = c->next)
			if (!word_safe(c->pats, depth) ||
			    !node_safe(c->body, depth + 1))
				return false;
		if (!node_safe(n->a, depth + 1) ||
		    !node_safe(n->b, depth + 1) || !node_safe(n->c, depth + 1))
			return false;
	}
	return true;
}

static void expand_node(struct shell *sh, struct node *n, int depth)
{
	for (; n && depth < 200; n = n->next_stage) {
		struct sbx_strv out = {0};

		for (struct word *w = n->assigns; w; w = w->next) {
			char *name = NULL;

			free(exp_assign(sh, w, &name));
			free(name);
			sh->jump = J_NONE;
		}
		if (n->type == N_CASE) {
			free(exp_str(sh, n->args, false));
			sh->jump = J_NONE;
		} else {
			exp_words(sh, n->args, &out);
			sh->jump = J_NONE;
		}
		strv_free(&out);
		for (struct redir *r = n->redirs; r; r = r->next) {
			if (r->type == R_HEREDOC && r->hd_quoted)
				continue;
			free(exp_str(sh, r->target, false));
			sh->jump = J_NONE;
		}
		for (struct case_item *c = n->items; c; c = c->next) {
			for (struct word *w = c->pats; w; w = w->next) {
				free(exp_pattern(sh, w));
				sh->jump = J_NONE;
			}
			expand_node(sh, c->body, depth + 1);
		}
		expand_node(sh, n->a, depth + 1);
		expand_node(sh, n->b, depth + 1);
		expand_node(sh, n->c, depth + 1);
	}
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	environ = env;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sh_reader *r;
	struct parser *p;
	struct shell *sh;

	if (memchr(data, '`', size))
		return 0;
	environ = env;
	sh = sh_new(&cfg);
	if (memchr(data, '/', size))
		sh_setopt_letter(sh, 'f', true);
	r = in_string((const char *)data, size);
	p = parse_new(r, NULL);
	for (int turns = 0; turns < 1000; turns++) {
		struct arena *a = arena_new();
		struct node *n = NULL;
		struct sbx_diag d = {0};
		int rc = parse_next(p, a, &n, NULL, &d);

		if (rc == PARSE_OK && n && node_safe(n, 0))
			expand_node(sh, n, 0);
		arena_unref(a);
		if (rc != PARSE_OK)
			break;
	}
	parse_free(p);
	in_free(r);
	sh_free(sh);
	return 0;
}
