/* shell/interp/exparith.c — $((...)) with the shell's variables: the
 * evaluator (arith.c) reads and writes them through these callbacks,
 * bash's array elements (a[i], arrvar.c) included. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "arith.h"
#include "interp.h"

struct actx {
	struct shell *sh;
	char *tmp; /* the last element read: lives to the next read */
};

static const char *arith_get(void *ctx, const char *name)
{
	struct actx *c = ctx;

	if (!strchr(name, '['))
		return var_get(c->sh, name);
	free(c->tmp);
	return av_get_ref(c->sh, name, &c->tmp);
}

static int arith_set(void *ctx, const char *name, const char *val)
{
	struct actx *c = ctx;

	if (strchr(name, '['))
		return av_set_ref(c->sh, name, val);
	return var_set(c->sh, name, val, 0);
}

int exp_arith_word(struct shell *sh, struct word *w, intmax_t *out)
{
	const char *who = sh->arith_who;
	char *s;
	int rc;

	sh->arith_who = NULL; /* a $((...)) inside is no one's */
	s = exp_str(sh, w, false);
	sh->arith_who = who;
	if (!s)
		return -1;
	rc = exp_arith_str(sh, s, out);
	free(s);
	return rc;
}

int exp_arith_who(struct shell *sh, const char *who, const char *s,
		  intmax_t *out)
{
	const char *o = sh->arith_who;
	int rc;

	sh->arith_who = who;
	rc = exp_arith_str(sh, *s ? s : "0", out);
	sh->arith_who = o;
	return rc;
}

/* $((expr)) with the shell's variables (arith_vars for the evaluator). */
int exp_arith_str(struct shell *sh, const char *expr, intmax_t *out)
{
	struct actx c = {sh, NULL};
	struct arith_vars av = {arith_get, arith_set, &c, sh->opt[O_POSIX]};
	struct sbx_diag d = {0};
	int rc;

	if (sh->opt[O_NOUNSET]) {
		/* arith_eval reads unset as 0; -u wants an error. Check the
		 * plain names it will read. */
		for (const char *p = expr; *p;) {
			if ((*p >= 'a' && *p <= 'z') ||
			    (*p >= 'A' && *p <= 'Z') || *p == '_') {
				const char *q = p;
				char nm[256];

				while ((*q >= 'a' && *q <= 'z') ||
				       (*q >= 'A' && *q <= 'Z') || *q == '_' ||
				       (*q >= '0' && *q <= '9'))
					q++;
				if ((size_t)(q - p) < sizeof(nm)) {
					memcpy(nm, p, (size_t)(q - p));
					nm[q - p] = 0;
					if (!var_get(sh, nm)) {
						sh_err(sh,
						       sh->opt[O_POSIX]
							   ? "%s: parameter "
							     "not set"
							   : "%s: unbound "
							     "variable",
						       nm);
						return -1;
					}
				}
				p = q;
			} else if (*p >= '0' && *p <= '9') {
				while ((*p >= '0' && *p <= '9') ||
				       (*p >= 'a' && *p <= 'z') ||
				       (*p >= 'A' && *p <= 'Z'))
					p++;
			} else {
				p++;
			}
		}
	}
	rc = arith_eval(expr, &av, out, &d);
	free(c.tmp);
	if (rc < 0) {
		/* an element's assignment printed its own error */
		if (rc == -EINVAL && strstr(d.msg, "cannot assign"))
			return -1;
		if (sh->arith_who && !sh->opt[O_POSIX])
			sh_err(sh, "%s: %s", sh->arith_who, d.msg);
		else
			sh_err(sh, "%s", d.msg);
		return -1;
	}
	return 0;
}
