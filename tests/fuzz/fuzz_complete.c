/* tests/fuzz/fuzz_complete.c — TAB completion (shell/interactive/complete.c) of
 * any line at any cursor: command names from a PATH, file names, %jobs,
 * $VARIABLES, the policy builtin's words. The first two bytes are the
 * cursor. The result must describe the line: start <= end == cursor,
 * as many shown names as insert texts, listed by name, no insert text
 * twice.
 *
 * Completion reads folders (opendir, stat, access). The harness is
 * linked with -Wl,--wrap for those three, and while a line is being
 * completed they only see a private temporary folder: a relative path
 * is taken from its work/ folder, an absolute one outside it, or any
 * path with a ".." in it, does not exist. PATH and HOME point into it;
 * nothing outside is read and nothing at all is written. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "complete.h"
#include "fuzz.h"

static bool confined;
static char root[4096], work[4200], bin[4200], home[4200], path[12800];

DIR *__real_opendir(const char *name);
int __real_stat(const char *p, struct stat *st);
int __real_access(const char *p, int mode);
DIR *__wrap_opendir(const char *name);
int __wrap_stat(const char *p, struct stat *st);
int __wrap_access(const char *p, int mode);

/* |p| as the confined harness may see it, in |buf|; false: it may
 * not. */
static bool jail(const char *p, char *buf, size_t n)
{
	size_t rl = strlen(root);

	for (const char *s = p; (s = strstr(s, "..")); s += 2)
		if ((s == p || s[-1] == '/') && (s[2] == '/' || !s[2]))
			return false;
	if (p[0] != '/')
		return (size_t)snprintf(buf, n, "%s/%s", work, p) < n;
	if (strncmp(p, root, rl) || (p[rl] != '/' && p[rl]))
		return false;
	return (size_t)snprintf(buf, n, "%s", p) < n;
}

DIR *__wrap_opendir(const char *name)
{
	char buf[8192];

	if (!confined)
		return __real_opendir(name);
	if (!jail(name, buf, sizeof(buf))) {
		errno = ENOENT;
		return NULL;
	}
	return __real_opendir(buf);
}

int __wrap_stat(const char *p, struct stat *st)
{
	char buf[8192];

	if (!confined)
		return __real_stat(p, st);
	if (!jail(p, buf, sizeof(buf))) {
		errno = ENOENT;
		return -1;
	}
	return __real_stat(buf, st);
}

int __wrap_access(const char *p, int mode)
{
	char buf[8192];

	if (!confined)
		return __real_access(p, mode);
	if (!jail(p, buf, sizeof(buf))) {
		errno = ENOENT;
		return -1;
	}
	return __real_access(buf, mode);
}

static void touch(const char *dir, const char *name, mode_t mode)
{
	char p[8500];
	int fd;

	snprintf(p, sizeof(p), "%s/%s", dir, name);
	fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, mode);
	FZ_CHECK(fd >= 0);
	close(fd);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	static const char *const files[] = {
	    "a b",	   "a'b",   "a\"b",	 "$x",
	    "caf\xc3\xa9", "-rf",   "tab\there", "*",
	    "back\\slash", "nl\nx", "plain.txt", "plain.c",
	};
	char p[8500];

	(void)argc;
	(void)argv;
	if (root[0])
		return 0;
	snprintf(root, sizeof(root), "%s", fz_tmpdir());
	snprintf(work, sizeof(work), "%s/work", root);
	snprintf(bin, sizeof(bin), "%s/bin", root);
	snprintf(home, sizeof(home), "%s/home", root);
	snprintf(path, sizeof(path), "%s:%s/nonexistent::%s", bin, root, bin);
	FZ_CHECK(mkdir(work, 0700) == 0 && mkdir(bin, 0700) == 0 &&
		 mkdir(home, 0700) == 0);
	for (size_t i = 0; i < sizeof(files) / sizeof(*files); i++)
		touch(work, files[i], 0600);
	snprintf(p, sizeof(p), "%s/sub dir", work);
	FZ_CHECK(mkdir(p, 0700) == 0);
	touch(p, "inner", 0600);
	snprintf(p, sizeof(p), "%s/.hidden", home);
	FZ_CHECK(mkdir(p, 0700) == 0);
	touch(home, "notes", 0600);
	touch(bin, "sbxtool", 0700);
	touch(bin, "sbx tool", 0700);
	touch(bin, "sbxdata", 0600);
	snprintf(p, sizeof(p), "%s/sbxdir", bin);
	FZ_CHECK(mkdir(p, 0700) == 0);
	return 0;
}

static void names(void *ctx, enum cmp_kind kind, struct sbx_strv *out)
{
	static const char *const v[][4] = {
	    [CMP_BUILTIN] = {"cd", "policy", "printf", NULL},
	    [CMP_FUNCTION] = {"fn", "f n", NULL},
	    [CMP_ALIAS] = {"ll", "la", NULL},
	    [CMP_JOB] = {"%1", "%2", "%+", NULL},
	    [CMP_VAR] = {"HOME", "PATH", "PS1", NULL},
	};

	(void)ctx;
	for (size_t i = 0; i < 4 && v[kind][i]; i++)
		strv_push(out, v[kind][i]);
}

static const char *getvar(void *ctx, const char *name)
{
	(void)ctx;
	if (!strcmp(name, "HOME"))
		return home;
	if (!strcmp(name, "PATH"))
		return path;
	if (!strcmp(name, "W"))
		return work;
	if (!strcmp(name, "ETC"))
		return "/etc";
	return NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct cmp_source src = {NULL, names, getvar};
	struct cmp_result r = {0};
	struct cmp *c;
	size_t cursor, n;
	char *line;

	if (size < 2)
		return 0;
	if (!root[0])
		LLVMFuzzerInitialize(NULL, NULL);
	cursor = (size_t)data[0] | (size_t)data[1] << 8;
	data += 2;
	size -= 2;
	cursor = size ? cursor % (size + 1) : 0;
	line = fz_str(data, size);
	c = cmp_new(&src);
	confined = true;
	n = cmp_complete(c, line, size, cursor, &r);
	confined = false;
	FZ_CHECK(r.insert.n == n && r.shown.n == n);
	if (n) {
		char *common = cmp_common(&r);

		FZ_CHECK(r.start <= r.end && r.end == cursor);
		/* Listed by name; no text offered twice. */
		for (size_t i = 1; i < n; i++)
			FZ_CHECK(strcmp(r.shown.v[i - 1], r.shown.v[i]) <= 0);
		for (size_t i = 0; i < n; i++)
			for (size_t j = 0; j < i; j++)
				FZ_CHECK(strcmp(r.insert.v[i], r.insert.v[j]));
		FZ_CHECK(!strncmp(common, r.insert.v[0], strlen(common)));
		free(common);
	}
	cmp_result_free(&r);
	cmp_free(c);
	free(line);
	return 0;
}
