/* shell/interp/specvars.c — bash's special variables, in the default mode
 * only (under posix they are ordinary variables, unset unless assigned,
 * as in dash): $RANDOM (assigning seeds it), $SECONDS (assigning sets
 * the count), $EPOCHSECONDS, $EPOCHREALTIME, $BASHPID computed when
 * read; the arrays PIPESTATUS (the statuses of the last pipeline),
 * FUNCNAME, BASH_SOURCE and BASH_LINENO (bash's call stack: a frame per
 * running function or `.` file) built when read; $UID and $EUID
 * (read-only), $HOSTNAME and $OSTYPE set at start. $BASH_VERSION stays
 * unset: sbxsh does not claim to be bash. $BASH_COMMAND: trapx.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "array.h"
#include "interp.h"

static long now_sec(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long)ts.tv_sec;
}

/* bash 5.2's generator (variables.c: intrand32, brand), so that a seeded
 * $RANDOM gives bash's sequence: Park and Miller's minimal standard,
 * folded to 15 bits. */
static uint32_t intrand32(uint32_t last)
{
	int32_t h, l, t;
	uint32_t ret = last ? last : 123459876;

	h = (int32_t)(ret / 127773);
	l = (int32_t)(ret - 127773 * (uint32_t)h);
	t = 16807 * l - 2836 * h;
	return t < 0 ? (uint32_t)t + 0x7fffffff : (uint32_t)t;
}

static void seed(struct shell *sh, uint32_t s)
{
	sh->rseed = s;
	sh->rlast = 0;
	sh->rpid = getpid();
}

static int next_random(struct shell *sh)
{
	int rv;

	/* a subshell or $(...) draws its own numbers, not its parent's */
	if (sh->rpid != getpid()) {
		struct timespec ts;

		clock_gettime(CLOCK_REALTIME, &ts);
		seed(sh, (uint32_t)ts.tv_sec ^ (uint32_t)ts.tv_nsec ^
			     ((uint32_t)getpid() << 16));
	}
	do {
		sh->rseed = intrand32(sh->rseed);
		rv = (int)(((sh->rseed >> 16) ^ (sh->rseed & 65535)) & 32767);
	} while (rv == sh->rlast);
	return sh->rlast = rv;
}

/* bash's SHLVL: the inherited level plus one, exported (a value that is
 * not a number counts as 0, a negative one makes it 0; past 1000 it
 * starts again at 1, as bash's does, with no warning). */
static void shlvl_init(struct shell *sh)
{
	const char *v = var_get(sh, "SHLVL");
	char buf[32], *end;
	long n = v && *v ? strtol(v, &end, 10) : 0;

	if (!v || !*v || *end)
		n = 0;
	n = n < 0 ? 0 : n >= 1000 ? 1 : n + 1;
	snprintf(buf, sizeof(buf), "%ld", n);
	var_set(sh, "SHLVL", buf, V_EXPORT);
}

void sv_init(struct shell *sh)
{
	char buf[256];

	sh->rpid = -1; /* seeded at the first read */
	sh->sec_base = now_sec();
	snprintf(buf, sizeof(buf), "%ld", (long)getuid());
	var_set(sh, "UID", buf, 0);
	var_addflags(sh, "UID", V_RDONLY);
	snprintf(buf, sizeof(buf), "%ld", (long)geteuid());
	var_set(sh, "EUID", buf, 0);
	var_addflags(sh, "EUID", V_RDONLY);
	if (gethostname(buf, sizeof(buf)) == 0) {
		buf[sizeof(buf) - 1] = 0;
		var_set(sh, "HOSTNAME", buf, 0);
	}
	var_set(sh, "OSTYPE", "linux-gnu", 0);
	shlvl_init(sh);
}

void sv_assigned(struct shell *sh, const char *name, const char *val)
{
	if (sh->opt[O_POSIX] || !val)
		return;
	if (!strcmp(name, "RANDOM"))
		seed(sh, (uint32_t)strtoul(val, NULL, 10));
	else if (!strcmp(name, "SECONDS"))
		sh->sec_base = now_sec() - strtol(val, NULL, 10);
}

const char *sv_intern(struct shell *sh, const char *s)
{
	for (size_t i = 0; i < sh->interned.n; i++)
		if (!strcmp(sh->interned.v[i], s))
			return sh->interned.v[i];
	strv_push(&sh->interned, s);
	return sh->interned.v[sh->interned.n - 1];
}

void sv_frame_push(struct shell *sh, const char *name, const char *src,
		   int line)
{
	if (sh->nframes == sh->framecap) {
		sh->framecap = sh->framecap ? sh->framecap * 2 : 16;
		sh->frames =
		    xrealloc(sh->frames, sh->framecap * sizeof(*sh->frames));
	}
	sh->frames[sh->nframes++] =
	    (struct sh_frame){.name = name, .src = src, .line = line};
}

void sv_frame_pop(struct shell *sh)
{
	if (sh->nframes)
		sh->nframes--;
}

/* bash's stacks, innermost first: FUNCNAME has the frames' names (and
 * "main" at the bottom in a script) only while a function runs (a `.`
 * file at the top level shows none); BASH_SOURCE the file each frame's
 * code comes from, BASH_LINENO the line it was called from (0 for
 * main). */
static void call_stack(struct shell *sh, struct arr *a, char what)
{
	intmax_t k = 0;
	char num[24];

	if (what == 'F' && !sh->funcdepth)
		return;
	for (size_t i = sh->nframes; i-- > 0; k++) {
		const struct sh_frame *f = &sh->frames[i];

		if (what == 'L')
			snprintf(num, sizeof(num), "%d", f->line);
		arr_set(a, k, NULL,
			what == 'F'   ? f->name
			: what == 'S' ? f->src
				      : num);
	}
	if (sh->scriptsrc)
		arr_set(a, k, NULL,
			what == 'F'   ? "main"
			: what == 'S' ? sh->scriptsrc
				      : "0");
}

struct arr *sv_array(struct shell *sh, const char *name)
{
	char what;

	if (name[0] == 'P' && !strcmp(name, "PIPESTATUS"))
		what = 'P';
	else if (name[0] == 'F' && !strcmp(name, "FUNCNAME"))
		what = 'F';
	else if (name[0] == 'B' && !strcmp(name, "BASH_SOURCE"))
		what = 'S';
	else if (name[0] == 'B' && !strcmp(name, "BASH_LINENO"))
		what = 'L';
	else
		return NULL;
	if (!sh->sv_arr)
		sh->sv_arr = arr_new(false);
	arr_clear(sh->sv_arr);
	if (what == 'P') {
		for (int i = 0; i < sh->npipest; i++) {
			char num[16];

			snprintf(num, sizeof(num), "%d", sh->pipest[i]);
			arr_set(sh->sv_arr, i, NULL, num);
		}
	} else {
		call_stack(sh, sh->sv_arr, what);
	}
	return sh->sv_arr;
}

/* $PIPESTATUS and the others: the array's first element (unset when
 * empty: $FUNCNAME outside a function). NULL when |name| is no array. */
static const char *first(struct shell *sh, const char *name, char **tmp)
{
	struct arr *a = sv_array(sh, name);
	const char *v = a ? arr_get(a, 0, NULL) : NULL;

	return v ? (*tmp = xstrdup(v)) : NULL;
}

const char *sv_value(struct shell *sh, const char *name, char **tmp)
{
	struct sbx_buf b = {0};
	struct timespec ts;

	switch (name[0]) {
	case 'R':
		if (strcmp(name, "RANDOM"))
			return NULL;
		buf_printf(&b, "%d", next_random(sh));
		break;
	case 'S':
		if (strcmp(name, "SECONDS"))
			return NULL;
		buf_printf(&b, "%ld", now_sec() - sh->sec_base);
		break;
	case 'E':
		if (!strcmp(name, "EPOCHSECONDS")) {
			buf_printf(&b, "%ld", (long)time(NULL));
		} else if (!strcmp(name, "EPOCHREALTIME")) {
			clock_gettime(CLOCK_REALTIME, &ts);
			buf_printf(&b, "%ld.%06ld", (long)ts.tv_sec,
				   ts.tv_nsec / 1000);
		} else {
			return NULL;
		}
		break;
	case 'B':
		if (!strcmp(name, "BASH_COMMAND"))
			return trapx_command(sh, tmp); /* trapx.c */
		if (strcmp(name, "BASHPID"))
			return first(sh, name, tmp);
		buf_printf(&b, "%ld", (long)getpid());
		break;
	case 'P':
	case 'F':
		return first(sh, name, tmp);
	default:
		return NULL;
	}
	return *tmp = b.s;
}

/* Frame |i| of the stack, innermost first, "main" (a script) last. */
static bool frame_at(struct shell *sh, size_t i, struct sh_frame *f)
{
	if (i < sh->nframes) {
		*f = sh->frames[sh->nframes - 1 - i];
		return true;
	}
	if (i == sh->nframes && sh->scriptsrc) {
		*f = (struct sh_frame){"main", sh->scriptsrc, 0};
		return true;
	}
	return false;
}

int bi_caller(struct shell *sh, int argc, char **argv)
{
	struct sbx_buf b = {0};
	struct sh_frame f, up;
	const char *a = argc > 1 ? argv[1] : NULL;
	char *end;
	long n;

	if (!frame_at(sh, 0, &f))
		return 1; /* nothing called: bash says nothing */
	if (a && !strcmp(a, "--"))
		a = argc > 2 ? argv[2] : NULL;
	if (!a) {
		/* the line this function was called from, and its file */
		buf_printf(&b, "%d %s\n", f.line,
			   frame_at(sh, 1, &up) ? up.src : "NULL");
		return bi_flush(sh, "caller", &b, 1);
	}
	if (a[0] == '-' && a[1]) {
		sh_err(sh, "caller: %s: invalid option", a);
		sh_usage(sh, "caller: usage: caller [expr]");
		return 2;
	}
	n = strtol(a, &end, 10);
	if (!*a || *end || n < 0) {
		sh_err(sh, "caller: %s: invalid number", a);
		sh_usage(sh, "caller: usage: caller [expr]");
		return 2;
	}
	if (!frame_at(sh, (size_t)n, &f) || !frame_at(sh, (size_t)n + 1, &up))
		return 1;
	buf_printf(&b, "%d %s %s\n", f.line, up.name, up.src);
	return bi_flush(sh, "caller", &b, 1);
}
