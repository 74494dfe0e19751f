/* shell/interp/bi_mapfile.c — bash's mapfile and readarray: the lines of
 * fd 0 (-u fd) into an indexed array (MAPFILE by default), -t the
 * delimiter taken off, -d delim, -n at most that many lines, -s the first
 * lines skipped, -O the index to start at (the array kept; without it
 * the array is cleared first). The callbacks (-C, -c) are not there.
 * Default (bash) mode only: the table hides it under --posix. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "interp.h"

static int mf_usage(struct shell *sh, const char *who)
{
	char *u = xasprintf("%s: usage: %s [-d delim] [-n count] [-O origin] "
			    "[-s count] [-t] [-u fd] [-C callback] "
			    "[-c quantum] [array]",
			    who, who);

	sh_usage(sh, u);
	free(u);
	return 2;
}

static int mf_number(struct shell *sh, const char *who, const char *arg,
		     const char *what, long *out)
{
	char *end;

	errno = 0;
	*out = strtol(arg, &end, 10);
	if (!*arg || *end || errno || *out < 0) {
		sh_err(sh, "%s: %s: invalid %s", who, arg, what);
		return -1;
	}
	return 0;
}

int bi_mapfile(struct shell *sh, int argc, char **argv)
{
	const char *who = argv[0], *name = "MAPFILE";
	long count = 0, skip = 0, origin = 0, fd = 0;
	bool strip = false, keep = false;
	int delim = '\n', i, st = 0;
	struct sbx_strv lines = {0};
	struct sbx_buf cur = {0};
	long seen = 0;

	for (i = 1; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
		const char *c = argv[i] + 1, *arg;

		if (!strcmp(argv[i], "--")) {
			i++;
			break;
		}
		if (*c == 't' && !c[1]) {
			strip = true;
			continue;
		}
		if (!strchr("dnOsu", *c) || (!c[1] && i + 1 >= argc)) {
			sh_err(sh, "%s: -%c: invalid option", who, *c);
			return mf_usage(sh, who);
		}
		arg = c[1] ? c + 1 : argv[++i];
		switch (*c) {
		case 'd':
			delim = (unsigned char)arg[0];
			break;
		case 'n':
			if (mf_number(sh, who, arg, "line count", &count) < 0)
				return 1;
			break;
		case 's':
			if (mf_number(sh, who, arg, "line count", &skip) < 0)
				return 1;
			break;
		case 'O':
			if (mf_number(sh, who, arg, "array origin", &origin) <
			    0)
				return 1;
			keep = true;
			break;
		default:
			if (mf_number(sh, who, arg, "file descriptor", &fd) < 0)
				return 1;
		}
	}
	if (i < argc)
		name = argv[i];
	if (!str_is_name(name, strlen(name))) {
		sh_err(sh, "%s: `%s': not a valid identifier", who, name);
		return 1;
	}
	/* what `read` took ahead from fd 0 goes back first */
	sh_read_sync(sh);
	for (;;) {
		char c;
		ssize_t r;

		if (count && (long)lines.n >= count)
			break;
		/* one byte at a time: what follows the last line taken
		 * stays for the next reader (mapfile -n 1; read) */
		r = read((int)fd, &c, 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			if (r < 0) {
				sh_err(sh, "%s: read error: %s", who,
				       strerror(errno));
				st = 1;
			}
			break;
		}
		if (c != delim || !strip)
			buf_putc(&cur, c);
		if (c == delim) {
			if (seen++ >= skip)
				strv_take(&lines, cur.s ? cur.s : xstrdup(""));
			else
				free(cur.s);
			cur = (struct sbx_buf){0};
		}
	}
	if (cur.len && seen++ >= skip && (!count || (long)lines.n < count))
		strv_take(&lines, cur.s);
	else
		buf_free(&cur);
	if (av_store(sh, who, name, lines.v, lines.n, origin, keep) < 0)
		st = 1;
	strv_free(&lines);
	return st;
}
