/* tests/unit/test_cfgread.c — the configuration file read and applied
 * under the flags (shell/session/cfgread.c), on real files in a scratch folder.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cfgread.h"

static char dir[] = "/tmp/test_cfgread.XXXXXX";
static char file[sizeof(dir) + 16];

/* What cr_load() read, as struct session's |conf| holds it. */
static struct cr_state cs;

static void write_cfg(const char *text)
{
	FILE *f = fopen(file, "w");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	chmod(file, 0644);
}

/* argv as typed; the configuration |file| read under it. */
static int load(struct sbx_opts *o, struct sbx_diag *d, int argc, char **argv)
{
	int rc = opt_parse(argc, argv, o, d);

	assert_int_equal(rc, 0);
	return cr_load(&cs, argc, argv, o, d);
}

static void precedence(void **state)
{
	char *argv[] = {"sbxsh",  "--config", file,	 "--workflow", "app",
			"--mask", "/flagged", "--check", "deny",       NULL};
	struct sbx_opts o;
	struct sbx_diag d = {0};

	(void)state;
	write_cfg("; a comment\n"
		  "# another\n"
		  "[sandbox]\n"
		  "scope = read-only\n"
		  "check = off\n"
		  "network = no\n"
		  "mask = /one\n"
		  "mask = /two ; inline comment\n"
		  "[workflow \"app\"]\n"
		  "scope = workspace\n"
		  "keep-runs = 9\n"
		  "[workflow \"other\"]\n"
		  "scope = unrestricted\n"
		  "[session]\n"
		  "keep-runs = 2\n"
		  "persist = no\n");
	assert_int_equal(load(&o, &d, 9, argv), 0);
	/* The workflow's section wins over [sandbox] though it comes
	 * first, another workflow's does nothing, flags win over both. */
	assert_int_equal(o.scope, POL_SCOPE_WORKSPACE);
	assert_int_equal((int)o.keep, 9);
	assert_int_equal(o.check, SCOPE_MODE_DENY);
	assert_true(o.no_network);
	assert_true(o.no_persist);
	/* Lists: the file's, then the flags', each with its origin. */
	assert_int_equal(o.masks.n, 3);
	assert_string_equal(o.masks.v[0], "/one");
	assert_string_equal(o.masks.v[1], "/two");
	assert_string_equal(o.masks.v[2], "/flagged");
	assert_non_null(strstr(o.masks.from[0], "config "));
	assert_non_null(strstr(o.masks.from[0], ":7"));
	assert_non_null(strstr(o.masks.from[1], ":8"));
	assert_string_equal(o.masks.from[2], "flag");
	assert_string_equal(o.workflow, "app");
}

static void other_workflow(void **state)
{
	char *argv[] = {"sbxsh", "--config", file, "--workflow", "zzz", NULL};
	struct sbx_opts o;
	struct sbx_diag d = {0};

	(void)state;
	write_cfg("[workflow \"app\"]\nscope = read-only\n"
		  "allow-write = /data\n");
	assert_int_equal(load(&o, &d, 5, argv), 0);
	assert_int_equal(o.scope, POL_SCOPE_WORKSPACE);
	assert_int_equal(o.allow_write.n, 0);
	/* A flag undoes what the file turned on. */
	{
		char *a2[] = {"sbxsh", "--config", file, "--network", NULL};

		write_cfg("[sandbox]\nnetwork = off\n");
		assert_int_equal(load(&o, &d, 4, a2), 0);
		assert_false(o.no_network);
	}
}

static void routes(void **state)
{
	char *argv[] = {"sbxsh", "--config", file, NULL};
	struct sbx_opts o;
	struct sbx_diag d = {0};
	const struct rt_extra *r;
	size_t n;

	(void)state;
	write_cfg("[route]\nMYTOOL_HOME = mytool mytool/bin\nX_CACHE = x\n");
	assert_int_equal(load(&o, &d, 3, argv), 0);
	r = cr_routes(&cs, &n);
	assert_int_equal(n, 2);
	assert_string_equal(r[0].name, "MYTOOL_HOME");
	assert_string_equal(r[0].sub, "mytool");
	assert_string_equal(r[0].bin, "mytool/bin");
	assert_null(r[1].bin);
	assert_non_null(strstr(r[1].from, ":3"));
	write_cfg("[route]\nX_CACHE = x\nX_CACHE = y\n");
	assert_int_equal(load(&o, &d, 3, argv), -EINVAL);
	assert_non_null(strstr(d.msg, ":3: [route] X_CACHE: routed already"));
}

/* Each bad file: exit 2's message names the file and the first bad
 * line. */
static void bad_lines(void **state)
{
	static const struct {
		const char *text, *want;
	} cases[] = {
	    {"[sandbox]\nscope = none\n", ":2: --scope none: expected"},
	    {"[sandbox]\nnetwork\n", ":2: expected 'key = value'"},
	    {"mask = /x\n", ":1: mask: outside any section"},
	    {"[sandbox]\n\n[nope]\nmask = /x\n", ":3: [nope]: unknown section"},
	    {"[sandbox]\nkeep-runs = 3\n",
	     ":2: keep-runs belongs in [session]"},
	    {"[session]\nkeep-runs = 0\n", ":2: --keep-runs 0: expected"},
	    {"[sandbox]\nbackend = docker\n", ":2: unknown backend 'docker'"},
	    {"[sandbox]\nkeep-env = A=b\n", ":2: --keep-env A=b"},
	    {"[sandbox]\nmask = /a\nbogus = 1\nscope = none\n", ":3: bogus"},
	    {"[workflow \"x\"]\nscope = none\n", ":2: --scope none"},
	};
	char *argv[] = {"sbxsh", "--config", file, NULL};
	struct sbx_opts o;
	struct sbx_diag d;

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		memset(&d, 0, sizeof(d));
		write_cfg(cases[i].text);
		assert_int_equal(load(&o, &d, 3, argv), -EINVAL);
		if (!strstr(d.msg, cases[i].want) ||
		    strncmp(d.msg, "config ", 7) != 0 || !strstr(d.msg, file))
			fail_msg("case %zu: '%s'", i, d.msg);
	}
	{
		/* A line longer than libinih's buffer is refused, not cut in
		 * two (its tail would be read as a line of its own). */
		char big[400];

		memset(big, 'a', sizeof(big));
		memcpy(big, "[sandbox]\nmask = /", 18);
		big[sizeof(big) - 2] = '\n';
		big[sizeof(big) - 1] = '\0';
		write_cfg(big);
		assert_int_equal(load(&o, &d, 3, argv), -EINVAL);
		assert_non_null(strstr(d.msg, ":2: line too long"));
	}
}

static void which_file(void **state)
{
	char *named[] = {"sbxsh", "--config", "/nonexistent/c", NULL};
	char *none[] = {"sbxsh", "--no-config", "--config", file, NULL};
	char *dflt[] = {"sbxsh", NULL};
	struct sbx_opts o;
	struct sbx_diag d = {0};
	char cdir[sizeof(dir) + 16];

	(void)state;
	assert_int_equal(load(&o, &d, 3, named), -ENOENT);
	assert_non_null(strstr(d.msg, "config /nonexistent/c: no such file"));
	write_cfg("[sandbox]\nscope = read-only\n");
	assert_int_equal(load(&o, &d, 4, none), 0);
	assert_int_equal(o.scope, POL_SCOPE_WORKSPACE);
	/* $SBXSH_CONFIG names one; a missing default file is none. */
	setenv("SBXSH_CONFIG", file, 1);
	assert_int_equal(load(&o, &d, 1, dflt), 0);
	assert_int_equal(o.scope, POL_SCOPE_READONLY);
	unsetenv("SBXSH_CONFIG");
	snprintf(cdir, sizeof(cdir), "%s/x", dir);
	setenv("XDG_CONFIG_HOME", cdir, 1);
	assert_int_equal(load(&o, &d, 1, dflt), 0);
	assert_int_equal(o.scope, POL_SCOPE_WORKSPACE);
	unsetenv("XDG_CONFIG_HOME");
}

static void untrusted(void **state)
{
	char *argv[] = {"sbxsh", "--config", file, NULL};
	struct sbx_opts o;
	struct sbx_diag d = {0};

	(void)state;
	write_cfg("[sandbox]\nscope = read-only\n");
	chmod(file, 0664);
	assert_int_equal(load(&o, &d, 3, argv), -EPERM);
	assert_non_null(strstr(d.msg, "written by its group"));
	chmod(file, 0644);
	chmod(dir, 0777);
	assert_int_equal(load(&o, &d, 3, argv), -EPERM);
	assert_non_null(strstr(d.msg, "the folder"));
	chmod(dir, 0700);
	/* The control: the same file, mode fixed, is read. */
	assert_int_equal(load(&o, &d, 3, argv), 0);
	assert_int_equal(o.scope, POL_SCOPE_READONLY);
}

/* Issue 20: a second hard link (a name in a workspace an earlier
 * session wrote through) is refused, with the count; the same file with
 * one link is read. Also the rc file. */
static void hard_links(void **state)
{
	char other[sizeof(dir) + 16];
	char *argv[] = {"sbxsh", "--config", file, NULL};
	struct sbx_opts o;
	struct sbx_diag d = {0};
	char *path = NULL;

	(void)state;
	snprintf(other, sizeof(other), "%s/in-workspace", dir);
	write_cfg("[sandbox]\nscope = unrestricted\n");
	assert_int_equal(link(file, other), 0);
	assert_int_equal(load(&o, &d, 3, argv), -EPERM);
	assert_non_null(strstr(d.msg, "2 hard links"));
	assert_non_null(strstr(d.msg, file));
	assert_null(cr_config_path(&cs));
	setenv("ENV", file, 1);
	d.msg[0] = '\0';
	assert_int_equal(cr_open_rc(NULL, NULL, &path, &d), CR_RC_REFUSED);
	assert_non_null(strstr(d.msg, "2 hard links"));
	assert_non_null(strstr(d.msg, "does not start"));
	free(path);
	unlink(other);
	/* The control: one link, read. */
	assert_int_equal(load(&o, &d, 3, argv), 0);
	assert_int_equal(o.scope, POL_SCOPE_UNRESTRICTED);
	{
		int fd = cr_open_rc(NULL, NULL, &path, &d);

		assert_true(fd >= 0);
		close(fd);
		free(path);
	}
	unsetenv("ENV");
}

/* Not a regular file: refused at once (a FIFO would block an open
 * without O_NONBLOCK); a symlink to the file is read as its target. */
static void odd_files(void **state)
{
	char fifo[sizeof(dir) + 16], link[sizeof(dir) + 16];
	char *a_fifo[] = {"sbxsh", "--config", fifo, NULL};
	char *a_link[] = {"sbxsh", "--config", link, NULL};
	char *a_dir[] = {"sbxsh", "--config", dir, NULL};
	struct sbx_opts o;
	struct sbx_diag d = {0};

	(void)state;
	snprintf(fifo, sizeof(fifo), "%s/fifo", dir);
	snprintf(link, sizeof(link), "%s/link", dir);
	assert_int_equal(mkfifo(fifo, 0600), 0);
	assert_int_equal(load(&o, &d, 3, a_fifo), -EINVAL);
	assert_non_null(strstr(d.msg, "not a regular file"));
	unlink(fifo);
	assert_int_equal(load(&o, &d, 3, a_dir), -EINVAL);
	assert_non_null(strstr(d.msg, "not a regular file"));
	write_cfg("[sandbox]\nscope = read-only\n");
	assert_int_equal(symlink(file, link), 0);
	assert_int_equal(load(&o, &d, 3, a_link), 0);
	assert_int_equal(o.scope, POL_SCOPE_READONLY);
	assert_string_equal(cr_config_path(&cs), file);
	unlink(link);
}

static int setup(void **state)
{
	(void)state;
	if (!mkdtemp(dir))
		return -1;
	snprintf(file, sizeof(file), "%s/config", dir);
	unsetenv("SBXSH_CONFIG");
	unsetenv("XDG_CONFIG_HOME");
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	unlink(file);
	rmdir(dir);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(precedence), cmocka_unit_test(other_workflow),
	    cmocka_unit_test(routes),	  cmocka_unit_test(bad_lines),
	    cmocka_unit_test(which_file), cmocka_unit_test(untrusted),
	    cmocka_unit_test(odd_files),  cmocka_unit_test(hard_links),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
