/* core/route.h — persistent cache routing (docs/design.md §3). Pure.
 *
 * One table (route.c: rt_table) holds one row per toolchain variable;
 * adding a toolchain is adding a row. rt_compute() turns the table and the
 * session's facts into a plan: the variables to export, TMPDIR, and the
 * PATH prefix. Lifecycle: rt_compute() → rt_apply_path()/... → rt_free().
 */
#ifndef SBX_ROUTE_H
#define SBX_ROUTE_H

#include "sbx.h"

enum rt_base_kind {
	RT_BASE_PERSIST, /* <workflow>/.sandbox-cache is writable */
	RT_BASE_RUN,  /* fallback: the run folder (installs last a session) */
	RT_BASE_NONE, /* neither writable: no routing at all */
};

struct rt_var {
	const char *name; /* from the table (static) or a [route] row */
	char *value;	  /* routed value */
	const char *why;  /* short reason, for `policy env`; static */
	bool overridden;  /* the user exported their own value: it wins */
	char *user_value; /* that value, when overridden */
	const char *from; /* a [route] row's "config FILE:LINE"; NULL: the
			     table's */
};

struct rt_plan {
	enum rt_base_kind kind;
	char *base;	     /* NULL for RT_BASE_NONE */
	struct rt_var *vars; /* in table order, the run tmp ones last */
	size_t nvars;
	struct sbx_strv path_prefix; /* bin dirs that lead PATH, in order */
};

/* A row the configuration adds ([route] NAME = SUB [BIN]; checked by
 * cfg_route_row()): NAME routed to BASE/SUB, BASE/BIN leading PATH after
 * the table's bin dirs. The strings must outlive the plan. */
struct rt_extra {
	const char *name, *sub, *bin; /* bin: NULL for none */
	const char *from;	      /* "config FILE:LINE" */
};

struct rt_facts {
	const char *persist_dir; /* <state>/.sandbox-cache */
	bool persist_writable;
	const char *run_dir;
	const char *run_tmp; /* TMPDIR: never inside persist_dir */
	bool run_writable;
	/* Variables the user explicitly exported in this session: their
	 * value wins over the routed one. NULL-terminated "NAME=value". */
	char *const *user_exports;
	const struct rt_extra *extra; /* after the table's rows */
	size_t nextra;
};

void rt_compute(const struct rt_facts *f, struct rt_plan *out);
void rt_free(struct rt_plan *p);

/* The routed value the session exports for |name| (the user's when they
 * overrode it), or NULL if |name| is not routed in this plan. */
const char *rt_value(const struct rt_plan *p, const char *name);

/* PATH with the plan's prefix leading, in order, and every other copy of
 * those dirs (and empty or duplicate entries of the prefix) removed; the
 * rest of |path| keeps its order. |path| may be NULL. New string. */
char *rt_path(const struct rt_plan *p, const char *path);

/* The table itself, for documentation and completion. */
struct rt_row {
	const char *name; /* variable */
	const char
	    *sub;	   /* folder under the base; NULL: the base itself;
			      "=VALUE" for a constant (PIP_BREAK_SYSTEM_PACKAGES) */
	const char *needs; /* constant rows only: exported while this var is
			      routed (not overridden) */
	const char *why;
};
extern const struct rt_row rt_table[];
extern const size_t rt_table_len;
/* rt_row.sub of the variables that name the run folder's tmp/ (TMPDIR,
 * TMUX_TMPDIR): compared by address. */
extern const char RT_RUN_TMP[];

#endif
