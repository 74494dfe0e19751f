/* shell/interp/bi_mapfile.c — bash's mapfile and readarray: the lines of
 * fd 0 (-u fd) into an indexed array (MAPFILE by default), -t the
 * delimiter taken off, -d delim, -n at most that many lines, -s the first
 * lines skipped, -O the index to start at (the array kept; without it
 * the array is cleared first), -C callback run every -c quantum lines
 * (default 5000) as `callback index 'line'` before that line is stored;
 * with a callback the lines are stored one by one, so that it sees the
 * array filled so far, as in bash. Default (bash) mode only: the table
 * hides it under --posix. */
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

/* `callback index 'line'`, evaluated as bash's mapfile does; its status
 * is not mapfile's. */
static void mf_callback(struct shell *sh, const char *cb, long index,
			const char *line)
{
	struct sbx_buf b = {0};
	int st = sh->status;

	buf_printf(&b, "%s %ld '", cb, index);
	for (const char *p = line; *p; p++) {
		if (*p == '\'')
			buf_puts(&b, "'\\''");
		else
			buf_putc(&b, *p);
	}
	buf_putc(&b, '\'');
	sh_eval_string(sh, b.s, b.len);
	buf_free(&b);
	sh->status = st;
}

/* One line: the callback first when it is due, then the array's element
 * at once if there is a callback (else all of them at the end). */
static int mf_take(struct shell *sh, const char *who, const char *name,
		   struct sbx_strv *lines, char *line, const char *cb,
		   long quantum, long origin)
{
	long k = (long)lines->n;

	if (!cb) {
		strv_take(lines, line);
		return 0;
	}
	if ((k + 1) % quantum == 0)
		mf_callback(sh, cb, origin + k, line);
	strv_take(lines, line);
	if (sh->jump)
		return -1;
	return av_store(sh, who, name, &lines->v[k], 1, origin + k, true);
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
	long count = 0, skip = 0, origin = 0, fd = 0, quantum = 5000;
	const char *cb = NULL;
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
		if (!strchr("dnOsuCc", *c)) {
			sh_err(sh, "%s: -%c: invalid option", who, *c);
			return mf_usage(sh, who);
		}
		if (!c[1] && i + 1 >= argc) {
			sh_err(sh, "%s: -%c: option requires an argument", who,
			       *c);
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
		case 'C':
			cb = arg;
			break;
		case 'c':
			if (mf_number(sh, who, arg, "callback quantum",
				      &quantum) < 0)
				return 1;
			if (!quantum) {
				sh_err(sh, "%s: %s: invalid callback quantum",
				       who, arg);
				return 1;
			}
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
	/* with a callback the array is filled as lines come */
	if (cb && av_store(sh, who, name, NULL, 0, origin, keep) < 0)
		return 1;
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
			char *line = cur.s ? cur.s : xstrdup("");

			cur = (struct sbx_buf){0};
			if (seen++ < skip)
				free(line);
			else if (mf_take(sh, who, name, &lines, line, cb,
					 quantum, origin) < 0) {
				st = 1;
				break;
			}
		}
	}
	if (cur.len && seen++ >= skip && (!count || (long)lines.n < count)) {
		if (mf_take(sh, who, name, &lines, cur.s, cb, quantum, origin) <
		    0)
			st = 1;
	} else {
		buf_free(&cur);
	}
	if (!cb && av_store(sh, who, name, lines.v, lines.n, origin, keep) < 0)
		st = 1;
	strv_free(&lines);
	return st;
}
