/* shell/interp/specvars.c — bash's special variables, in the default mode
 * only (under posix they are ordinary variables, unset unless assigned,
 * as in dash): $RANDOM (assigning seeds it), $SECONDS (assigning sets
 * the count), $EPOCHSECONDS, $EPOCHREALTIME, $BASHPID, $PIPESTATUS (the
 * statuses of the last pipeline, space-separated: a plain string until
 * the shell has arrays), $FUNCNAME (the running function) computed when
 * read, $BASH_COMMAND (trapx.c); $UID and $EUID (read-only), $HOSTNAME and
 * $OSTYPE set at start. $BASH_VERSION stays unset: sbxsh does not claim to be
 * bash. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

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
			return NULL;
		buf_printf(&b, "%ld", (long)getpid());
		break;
	case 'P':
		if (strcmp(name, "PIPESTATUS"))
			return NULL;
		buf_putn(&b, "", 0);
		for (int i = 0; i < sh->npipest; i++)
			buf_printf(&b, "%s%d", i ? " " : "", sh->pipest[i]);
		break;
	case 'F':
		if (strcmp(name, "FUNCNAME") || !sh->funcname)
			return NULL;
		buf_puts(&b, sh->funcname);
		break;
	default:
		return NULL;
	}
	return *tmp = b.s;
}
