/* tests/unit/test_scope.c — the scope checker (core/scope.c) against a real
 * policy built by pol_new() from fake facts: workspace /work/ws, temp
 * /tmp, home /home/u, and a canon callback with three fake symlinks. */
#include <errno.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "fixture_policy.h"
#include "parse.h"
#include "policy.h"
#include "scope.h"

static struct sbx_policy *pol;	     /* routing on: .sandbox-cache */
static struct sbx_policy *polg;	     /* WS and WS/a/sub are repositories */
static struct sbx_policy *pol_plain; /* nothing routed: ~/.cache granted */
static struct scope_env senv = {
    .getvar = fx_getvar,
    .cwd = WS,
    .canon = fx_canon,
};

static int setup(void **state)
{
	struct pol_facts f = fx_facts();
	struct sbx_diag d;

	(void)state;
	if (pol_new(&f, &pol, &d) < 0)
		return -1;
	/* Two repositories and a --protect path (docs/design.md §2b). */
	{
		struct gm_plan *g = fx_git_plan(2);
		int rc;

		f.git = g;
		rc = pol_new(&f, &polg, &d);
		f.git = NULL;
		gm_plan_free(g);
		if (rc < 0)
			return -1;
		pol_set_guard(polg, POL_GUARD_MOUNT);
	}
	/* Neither state folder writable: no routing, so the user cache
	 * dir is ~/.cache itself (docs/design.md §2). */
	f.persist = false;
	f.state_writable = false;
	return pol_new(&f, &pol_plain, &d) < 0 ? -1 : 0;
}

static int teardown(void **state)
{
	(void)state;
	pol_free(pol);
	pol_free(pol_plain);
	pol_free(polg);
	return 0;
}

static struct scope_report check_with(const struct sbx_policy *p,
				      const char *line)
{
	struct scope_report r = {0};

	scope_check(p, &senv, line, strlen(line), &r);
	return r;
}

static struct scope_report check(const char *line)
{
	return check_with(pol, line);
}

static void assert_clean(const char *line)
{
	struct scope_report r = check(line);

	if (r.n)
		print_error("unexpected flag for '%s': %s\n", line,
			    r.flags[0].msg);
	assert_int_equal(r.n, 0);
	scope_report_free(&r);
}

/* |line| yields exactly one flag, of |kind|, for canonical |path|. */
static void assert_one(const char *line, enum scope_kind kind, const char *path)
{
	struct scope_report r = check(line);

	if (r.n != 1)
		print_error("'%s': %zu flags\n", line, r.n);
	assert_int_equal(r.n, 1);
	assert_int_equal(r.flags[0].kind, kind);
	assert_string_equal(r.flags[0].path, path);
	/* A read that will work is a note; everything else will be
	 * refused: a `scope:` line, and the line check's status 1. */
	if (kind == SCOPE_FLAG_READ)
		assert_true(
		    strncmp(r.flags[0].msg, "sbxsh: note: reading ", 21) == 0);
	else
		assert_true(strncmp(r.flags[0].msg, "sbxsh: scope: ", 14) == 0);
	assert_int_equal(scope_report_refusals(&r), kind != SCOPE_FLAG_READ);
	assert_null(strchr(r.flags[0].msg, '\n'));
	scope_report_free(&r);
}

static void assert_msg(const char *line, const char *msg)
{
	struct scope_report r = check(line);

	assert_int_equal(r.n, 1);
	assert_string_equal(r.flags[0].msg, msg);
	scope_report_free(&r);
}

/* ---- accepted --------------------------------------------------------- */

static void accepts_writable_roots(void **state)
{
	(void)state;
	assert_clean("ls /tmp/x");
	assert_clean("touch /tmp/x");
	assert_clean("echo hi > /tmp/x/y.txt");
	assert_clean("cat $TMPDIR/x");
	assert_clean("echo hi >$TMPDIR/x");
	assert_clean("touch ${TMPDIR}/x");
	assert_clean("rm -rf " WS "/build " WS "/src/a.c");
	/* The routed cache folders (docs/design.md §3). */
	assert_clean("touch " WS "/.sandbox-cache/go-build/x");
	assert_clean("ls " WS "/.sandbox-cache/pip " WS
		     "/.sandbox-cache/bin/t");
	assert_clean("cp a $GOCACHE/b");
	assert_clean("echo > /dev/null 2>/dev/null");
	/* Nothing but the routed/tmp dirs named. */
	assert_clean("GOTMPDIR=/tmp/x go build ./...");
	assert_clean("export GOTMPDIR=/tmp/x");
	assert_clean("env GOTMPDIR=/tmp/x go test");
	/* A symlink that resolves into a root. */
	assert_clean("touch /var/tmplink/a");
}

static void gocache_in_home_cache(void **state)
{
	const char *line = "GOCACHE=$HOME/.cache/go-build go build";
	struct scope_report r;

	(void)state;
	/* With no routing ~/.cache is the granted user cache dir. */
	r = check_with(pol_plain, line);
	assert_int_equal(r.n, 0);
	scope_report_free(&r);
	r = check_with(pol_plain, "export GOCACHE=~/.cache/go-build");
	assert_int_equal(r.n, 0);
	scope_report_free(&r);
	/* With routing on, ~/.cache is not granted: pointing the build
	 * cache there is a write the kernel will deny. */
	r = check_with(pol, line);
	assert_int_equal(r.n, 1);
	assert_int_equal(r.flags[0].kind, SCOPE_FLAG_WRITE);
	assert_string_equal(r.flags[0].path, "/home/u/.cache/go-build");
	assert_string_equal(r.flags[0].typed, "$HOME/.cache/go-build");
	scope_report_free(&r);
}

static void ignores_urls_and_non_paths(void **state)
{
	(void)state;
	assert_clean("curl https://example.com/a/b");
	assert_clean("git clone git+ssh://host/x/y");
	assert_clean("wget -q http://example.com/etc/passwd");
	assert_clean("echo 2>&1 >&2 <&0 3>&-");
	assert_clean("ls relative/path ./x");
	assert_clean("sed '/^#/d' " WS "/f");	/* the script is no path */
	assert_clean("grep -r /usr/include ."); /* the pattern neither */
	assert_clean("awk '/x/ {print}' " WS "/f");
	assert_clean("cat <<EOF\n/etc/passwd\n/usr/bin/x\nEOF\n");
	assert_clean("cat <<-'E' > /tmp/o\n\t/etc/passwd\n\tE\necho ok");
	assert_clean("cat <<< /etc/passwd");
	assert_clean("ls # /etc/passwd");
	assert_clean("cat $NOPE/etc/x ~root/.ssh/id_rsa");
	assert_clean("cat $(cat /tmp/list)");
	assert_clean("case $x in /etc/*) ;; esac");
	/* Text operands, not files: only their redirections count. */
	assert_clean("echo $HOME /etc/passwd");
	assert_clean("printf '%s\\n' /usr/local/bin/x");
	assert_clean("policy check /etc/hosts ~/.ssh/id_rsa");
	assert_one("echo x > /etc/hosts", SCOPE_FLAG_WRITE, "/etc/hosts");
	assert_one("read x < /etc/passwd", SCOPE_FLAG_READ, "/etc/passwd");
}

static void command_word_not_flagged(void **state)
{
	(void)state;
	assert_clean("/usr/local/bin/x --help");
	assert_clean("FOO=1 /usr/bin/env");
	assert_clean("if /usr/bin/true; then /bin/echo; fi");
	assert_one("sudo -u root /usr/bin/tee /etc/x", SCOPE_FLAG_WRITE,
		   "/etc/x");
	assert_one("env -i A=1 /usr/bin/cp a /etc/x", SCOPE_FLAG_WRITE,
		   "/etc/x");
	assert_one("timeout -s KILL 5 touch /etc/x", SCOPE_FLAG_WRITE,
		   "/etc/x");
	assert_one("nice -n 5 xargs rm /etc/x", SCOPE_FLAG_WRITE, "/etc/x");
}

/* ---- flagged ---------------------------------------------------------- */

static void flags_reads(void **state)
{
	(void)state;
	assert_msg("cat /etc/passwd", "sbxsh: note: reading /etc/passwd is "
				      "allowed (outside the workspace: "
				      "read-only)");
	assert_msg(
	    "ls /usr/local/bin/x",
	    "sbxsh: note: reading /usr/local/bin/x is allowed (outside the "
	    "workspace: "
	    "read-only)");
	assert_msg("cat /tmp/../etc/passwd",
		   "sbxsh: note: reading /etc/passwd is allowed (outside the "
		   "workspace: "
		   "read-only) [typed: /tmp/../etc/passwd]");
	assert_one("cat " WS "/../../etc/passwd", SCOPE_FLAG_READ,
		   "/etc/passwd");
	{
		/* Two reads and a write: one refusal. */
		struct scope_report r = check("cat /etc/a /etc/b > /etc/c");

		assert_int_equal(r.n, 3);
		assert_int_equal(scope_report_refusals(&r), 1);
		scope_report_free(&r);
	}
	assert_one("cat ../../etc/passwd", SCOPE_FLAG_READ, "/etc/passwd");
	assert_one("wc < /etc/passwd", SCOPE_FLAG_READ, "/etc/passwd");
}

static void flags_masked(void **state)
{
	(void)state;
	assert_msg("cat ~/.ssh/id_rsa",
		   "sbxsh: scope: /home/u/.ssh/id_rsa is a masked secret "
		   "(unreadable in the sandbox) [typed: ~/.ssh/id_rsa]");
	assert_one("ls $HOME/.ssh", SCOPE_FLAG_MASKED, "/home/u/.ssh");
	assert_one("ls ${HOME}/.ssh", SCOPE_FLAG_MASKED, "/home/u/.ssh");
	assert_one("ls \"$HOME\"/.aws/credentials", SCOPE_FLAG_MASKED,
		   "/home/u/.aws/credentials");
	assert_one("cat ~u/.netrc", SCOPE_FLAG_MASKED, "/home/u/.netrc");
	/* Masked even beneath a writable root (~/.cache when unrouted). */
	{
		struct scope_report r = check_with(
		    pol_plain, "cat ~/.cache/huggingface/token ~/.cache/x");

		assert_int_equal(r.n, 1);
		assert_int_equal(r.flags[0].kind, SCOPE_FLAG_MASKED);
		scope_report_free(&r);
	}
	/* Masked even when it is a write. */
	assert_one("echo k >> ~/.ssh/authorized_keys", SCOPE_FLAG_MASKED,
		   "/home/u/.ssh/authorized_keys");
}

static void flags_writes(void **state)
{
	(void)state;
	assert_msg(">/etc/hosts", "sbxsh: scope: write to /etc/hosts will be "
				  "denied (outside sandbox_writable)");
	assert_msg("echo x 2>/etc/hosts",
		   "sbxsh: scope: write to /etc/hosts will be denied "
		   "(outside sandbox_writable)");
	assert_one("echo x >>/etc/hosts", SCOPE_FLAG_WRITE, "/etc/hosts");
	assert_one("echo x &> /etc/hosts", SCOPE_FLAG_WRITE, "/etc/hosts");
	assert_one("echo x >| /etc/hosts", SCOPE_FLAG_WRITE, "/etc/hosts");
	assert_one("cp a /etc/", SCOPE_FLAG_WRITE, "/etc");
	assert_one("cp -r /tmp/a /usr/lib/", SCOPE_FLAG_WRITE, "/usr/lib");
	assert_one("cp -t /opt a b", SCOPE_FLAG_WRITE, "/opt");
	assert_one("mv --target-directory=/opt a", SCOPE_FLAG_WRITE, "/opt");
	assert_one("ln -sf /tmp/a /usr/local/bin/a", SCOPE_FLAG_WRITE,
		   "/usr/local/bin/a");
	assert_one("install -d /opt/x", SCOPE_FLAG_WRITE, "/opt/x");
	assert_one("rm -rf /usr/lib/x", SCOPE_FLAG_WRITE, "/usr/lib/x");
	assert_one("mkdir -p -m 755 /opt/x", SCOPE_FLAG_WRITE, "/opt/x");
	assert_one("chmod 755 /usr/bin/x", SCOPE_FLAG_WRITE, "/usr/bin/x");
	assert_one("echo x | tee -a /etc/hosts", SCOPE_FLAG_WRITE,
		   "/etc/hosts");
	assert_one("sed -i s/a/b/ /etc/hosts", SCOPE_FLAG_WRITE, "/etc/hosts");
	assert_one("sed -i.bak -e s/a/b/ /etc/hosts", SCOPE_FLAG_WRITE,
		   "/etc/hosts");
	assert_one("sed -n p /etc/hosts", SCOPE_FLAG_READ, "/etc/hosts");
	assert_one("perl -pi -e 's/a/b/' /etc/hosts", SCOPE_FLAG_WRITE,
		   "/etc/hosts");
	assert_one("dd if=/dev/zero of=/etc/x bs=1", SCOPE_FLAG_WRITE,
		   "/etc/x");
	assert_one("tar -xzf /tmp/a.tgz -C /opt", SCOPE_FLAG_WRITE, "/opt");
	assert_one("tar xzf /tmp/a.tgz -C /opt", SCOPE_FLAG_WRITE, "/opt");
	assert_one("tar -C /opt -czf /tmp/a.tgz .", SCOPE_FLAG_READ, "/opt");
	assert_one("tar -czf /opt/a.tgz .", SCOPE_FLAG_WRITE, "/opt/a.tgz");
	assert_one("git clone https://example.com/r.git /opt/r",
		   SCOPE_FLAG_WRITE, "/opt/r");
	assert_one("curl -o /etc/x https://e.com/x", SCOPE_FLAG_WRITE,
		   "/etc/x");
	assert_one("curl -sSLo/etc/x https://e.com/x", SCOPE_FLAG_WRITE,
		   "/etc/x");
	assert_one("curl --output /etc/x https://e.com/x", SCOPE_FLAG_WRITE,
		   "/etc/x");
	assert_one("wget -O /etc/x https://e.com/x", SCOPE_FLAG_WRITE,
		   "/etc/x");
	assert_one("find /opt -name '*.o' -delete", SCOPE_FLAG_WRITE, "/opt");
	assert_one("TMPDIR=/opt/t make", SCOPE_FLAG_WRITE, "/opt/t");
	assert_one("sh -c 'echo x > /etc/hosts'", SCOPE_FLAG_WRITE,
		   "/etc/hosts");
	assert_one("sudo bash -lc \"cp a /etc/x\"", SCOPE_FLAG_WRITE, "/etc/x");
}

/* One case per row of the write table (specs[] and dest_vars[] in
 * core/scope.c, docs/scope.md "Likely writes"), written out here so that
 * turning any row into a read fails: |w| must be flagged a write, and
 * |r|, when given, a read on the same line (so the row does not simply
 * call everything a write). */
static const struct {
	const char *line, *w, *r;
} write_rows[] = {
    {"rm -f /opt/x", "/opt/x", NULL},
    {"rmdir /opt/x", "/opt/x", NULL},
    {"unlink /opt/x", "/opt/x", NULL},
    {"touch -r /etc/ref /opt/x", "/opt/x", "/etc/ref"},
    {"mkdir -m 700 /opt/x", "/opt/x", NULL},
    {"tee -a /opt/x < /etc/in", "/opt/x", "/etc/in"},
    {"chmod 644 /opt/x", "/opt/x", NULL},
    {"chmod --reference=/etc/ref /opt/x", "/opt/x", "/etc/ref"},
    {"chown u:u /opt/x", "/opt/x", NULL},
    {"chgrp staff /opt/x", "/opt/x", NULL},
    {"truncate -r /etc/ref /opt/x", "/opt/x", "/etc/ref"},
    {"truncate -s 0 /opt/x", "/opt/x", NULL},
    {"shred -n 3 /opt/x", "/opt/x", NULL},
    {"mkfifo -m 600 /opt/x", "/opt/x", NULL},
    {"mknod /opt/x p", "/opt/x", NULL},
    {"cp /etc/a /opt/x", "/opt/x", "/etc/a"},
    {"mv /etc/a /opt/x", "/opt/x", "/etc/a"},
    {"ln -s /etc/a /opt/x", "/opt/x", "/etc/a"},
    {"install -m 755 /etc/a /opt/x", "/opt/x", "/etc/a"},
    {"rsync -a /etc/a /opt/x", "/opt/x", "/etc/a"},
    {"rsync -a --exclude-from=/etc/ex /etc/a /opt/x", "/opt/x", "/etc/ex"},
    {"sed -i -f /etc/prog /opt/x", "/opt/x", "/etc/prog"},
    {"perl -i -pe s/a/b/ /opt/x", "/opt/x", NULL},
    {"dd if=/etc/a of=/opt/x", "/opt/x", "/etc/a"},
    {"tar -xf /etc/a.tar -C /opt/x", "/opt/x", "/etc/a.tar"},
    {"tar -cf /opt/x.tar /etc/a", "/opt/x.tar", "/etc/a"},
    {"git clone https://e.com/r.git /opt/x", "/opt/x", NULL},
    {"git init /opt/x", "/opt/x", NULL},
    {"git worktree add -b f /opt/x", "/opt/x", NULL},
    {"git worktree add --reason why /opt/x /etc/a", "/opt/x", "/etc/a"},
    {"git worktree move wt /opt/x", "/opt/x", NULL},
    {"git archive -o /opt/x HEAD", "/opt/x", NULL},
    {"git archive --output=/opt/x --prefix=p/ HEAD /etc/a", "/opt/x", "/etc/a"},
    {"find /opt/x -delete", "/opt/x", NULL},
    {"find /etc -fprint /opt/x", "/opt/x", "/etc"},
    {"curl -o /opt/x https://e.com/", "/opt/x", NULL},
    {"curl --output-dir /opt/x -O https://e.com/", "/opt/x", NULL},
    {"curl -c /opt/x -K /etc/cfg https://e.com/", "/opt/x", "/etc/cfg"},
    {"curl -D /opt/x https://e.com/", "/opt/x", NULL},
    {"wget -O /opt/x https://e.com/", "/opt/x", NULL},
    {"wget -o /opt/x -i /etc/urls", "/opt/x", "/etc/urls"},
    {"wget -a /opt/x https://e.com/", "/opt/x", NULL},
    {"wget -P /opt/x https://e.com/", "/opt/x", NULL},
    {"sort -o /opt/x /etc/a", "/opt/x", "/etc/a"},
    {"sort -T /opt/x /etc/a", "/opt/x", "/etc/a"},
    {"unzip -d /opt/x /etc/a.zip", "/opt/x", "/etc/a.zip"},
    {"zip /opt/x.zip /etc/a", "/opt/x.zip", "/etc/a"},
    {"cc -o /opt/x /etc/m.c", "/opt/x", "/etc/m.c"},
    {"gcc -o /opt/x /etc/m.c", "/opt/x", "/etc/m.c"},
    {"g++ -o /opt/x /etc/m.cc", "/opt/x", "/etc/m.cc"},
    {"c++ -o /opt/x /etc/m.cc", "/opt/x", "/etc/m.cc"},
    {"clang -o /opt/x /etc/m.c", "/opt/x", "/etc/m.c"},
    {"clang++ -o /opt/x /etc/m.cc", "/opt/x", "/etc/m.cc"},
    {"go build -o /opt/x /etc/m.go", "/opt/x", "/etc/m.go"},
    {"pip install --target /opt/x -r /etc/req", "/opt/x", "/etc/req"},
    {"pip install --prefix /opt/x p", "/opt/x", NULL},
    {"pip install --root /opt/x p", "/opt/x", NULL},
    {"pip3 install -t /opt/x -c /etc/con p", "/opt/x", "/etc/con"},
    {"TMPDIR=/opt/x make", "/opt/x", NULL},
    {"GOTMPDIR=/opt/x go build", "/opt/x", NULL},
    {"HISTFILE=/opt/x sh", "/opt/x", NULL},
    {"GOCACHE=/opt/x go build", "/opt/x", NULL},
    {"XDG_CACHE_HOME=/opt/x tool", "/opt/x", NULL},
    {"MY_CACHE=/opt/x tool", "/opt/x", NULL},
    {"MY_CACHE_DIR=/opt/x tool", "/opt/x", NULL},
    {"echo x > /opt/x", "/opt/x", NULL},
    {"cat /etc/a >> /opt/x", "/opt/x", "/etc/a"},
    {"cmd <> /opt/x", "/opt/x", NULL},
    {"cmd &>> /opt/x", "/opt/x", NULL},
    {"cmd >& /opt/x", "/opt/x", NULL},
};

static int kind_of(const struct scope_report *r, const char *path)
{
	for (size_t i = 0; i < r->n; i++)
		if (!strcmp(r->flags[i].path, path))
			return (int)r->flags[i].kind;
	return -1;
}

static void every_write_row_flags_a_write(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(write_rows) / sizeof(*write_rows); i++) {
		struct scope_report r = check(write_rows[i].line);
		int w = kind_of(&r, write_rows[i].w);
		int rd = write_rows[i].r ? kind_of(&r, write_rows[i].r)
					 : (int)SCOPE_FLAG_READ;

		if (w != (int)SCOPE_FLAG_WRITE || rd != (int)SCOPE_FLAG_READ)
			print_error("'%s': %s is %d (want write), %s is %d "
				    "(want read)\n",
				    write_rows[i].line, write_rows[i].w, w,
				    write_rows[i].r ? write_rows[i].r : "-",
				    rd);
		assert_int_equal(w, SCOPE_FLAG_WRITE);
		assert_int_equal(rd, SCOPE_FLAG_READ);
		scope_report_free(&r);
	}
}

static void read_and_write_on_one_line(void **state)
{
	struct scope_report r = check("cat /etc/passwd > /tmp/../etc/hosts");

	(void)state;
	assert_int_equal(r.n, 2);
	assert_int_equal(r.flags[0].kind, SCOPE_FLAG_READ);
	assert_string_equal(r.flags[0].path, "/etc/passwd");
	assert_int_equal(r.flags[1].kind, SCOPE_FLAG_WRITE);
	assert_string_equal(r.flags[1].path, "/etc/hosts");
	assert_string_equal(r.flags[1].typed, "/tmp/../etc/hosts");
	assert_string_equal(r.flags[1].msg,
			    "sbxsh: scope: write to /etc/hosts will be denied "
			    "(outside sandbox_writable) "
			    "[typed: /tmp/../etc/hosts]");
	scope_report_free(&r);

	/* cp: sources are reads, the destination a write. */
	r = check("cp /etc/passwd /usr/share/x");
	assert_int_equal(r.n, 2);
	assert_int_equal(r.flags[0].kind, SCOPE_FLAG_READ);
	assert_int_equal(r.flags[1].kind, SCOPE_FLAG_WRITE);
	assert_string_equal(r.flags[1].path, "/usr/share/x");
	scope_report_free(&r);
}

static void quotes_and_backslashes(void **state)
{
	struct scope_report r;

	(void)state;
	assert_msg("cat \"/etc/pass\"'wd'",
		   "sbxsh: note: reading /etc/passwd is allowed "
		   "(outside the workspace: read-only)");
	assert_one("cat /etc/pa\\sswd", SCOPE_FLAG_READ, "/etc/passwd");
	assert_one("cat '/etc/a b'", SCOPE_FLAG_READ, "/etc/a b");
	assert_one("cat /etc/a\\ b", SCOPE_FLAG_READ, "/etc/a b");
	assert_one("cat \"$SPACEY\"", SCOPE_FLAG_READ, "/etc/a b");
	assert_one("cat $'/etc/pa\\x73swd'", SCOPE_FLAG_READ, "/etc/passwd");
	/* Quoted operators are text, not redirections... */
	assert_clean("echo '; >/etc/x' \"| >/etc/y\" \\>/etc/z");
	/* ...a newline in a path stays escaped: one flag, one line. */
	r = check("cat $'/etc/a\\nb'");
	assert_int_equal(r.n, 1);
	assert_string_equal(r.flags[0].msg,
			    "sbxsh: note: reading /etc/a\\nb is allowed "
			    "(outside the workspace: read-only)");
	scope_report_free(&r);
	/* A line continuation joins words. */
	assert_one("cat /etc/pa\\\nsswd", SCOPE_FLAG_READ, "/etc/passwd");
}

static void options_with_paths(void **state)
{
	(void)state;
	assert_one("foo --file=/etc/x", SCOPE_FLAG_READ, "/etc/x");
	assert_one("foo -o/etc/x", SCOPE_FLAG_READ, "/etc/x");
	assert_one("gcc -I/usr/include/x a.c", SCOPE_FLAG_READ,
		   "/usr/include/x");
	assert_one("make PREFIX=/usr/local", SCOPE_FLAG_READ, "/usr/local");
	assert_clean("foo --file=/tmp/x -o/tmp/y --x=y");
	assert_msg("foo --config=$HOME/.aws/config",
		   "sbxsh: scope: /home/u/.aws/config is a masked secret "
		   "(unreadable in the sandbox) [typed: $HOME/.aws/config]");
	/* The shell expands ~ after = only in assignment-like words. */
	assert_one("make DEST=~/.ssh/x", SCOPE_FLAG_MASKED, "/home/u/.ssh/x");
	assert_clean("foo --config=~/.aws/config");
}

static void expansions(void **state)
{
	(void)state;
	/* $(...) is checked as a command of its own. */
	assert_one("echo $(cat /etc/shadow)", SCOPE_FLAG_READ, "/etc/shadow");
	assert_one("echo `cat ~/.ssh/id_rsa`", SCOPE_FLAG_MASKED,
		   "/home/u/.ssh/id_rsa");
	assert_one("diff <(sort /etc/a) /tmp/b", SCOPE_FLAG_READ, "/etc/a");
	/* Only the known prefix of a word with an unknowable part. */
	assert_one("cat /etc/$(whoami).conf", SCOPE_FLAG_READ, "/etc");
	/* A ':' list judges each element; expansions that bring their
	 * own colons leave only the literal elements. */
	assert_one("PATH=/opt/bin:/tmp/bin cmd", SCOPE_FLAG_READ, "/opt/bin");
	assert_one("PATH=$PATH:/opt/bin cmd", SCOPE_FLAG_READ, "/opt/bin");
	assert_clean("echo $PATH"); /* a list, not the path "/usr/bin:/bin" */
	/* bash arrays: each element is a word. */
	assert_one("a=(/tmp/x /etc/y)", SCOPE_FLAG_READ, "/etc/y");
	/* a subscript's and a replacement's command substitutions run */
	assert_one("echo ${a[$(cat /etc/s)]}", SCOPE_FLAG_READ, "/etc/s");
	assert_one("a[$(cat /etc/t)]=1", SCOPE_FLAG_READ, "/etc/t");
	assert_one("echo ${x/a/$(cat /etc/u)}", SCOPE_FLAG_READ, "/etc/u");
	assert_one("declare -a a=(/etc/v)", SCOPE_FLAG_READ, "/etc/v");
}

static void compilers_and_installers(void **state)
{
	(void)state;
	/* gcc's options are words, not letter clusters. */
	assert_one("gcc -Wall -fno-omit-frame-pointer -o /usr/local/bin/x m.c",
		   SCOPE_FLAG_WRITE, "/usr/local/bin/x");
	assert_one("cc -I/usr/include/x -o a.out m.c", SCOPE_FLAG_READ,
		   "/usr/include/x");
	assert_one("go build -race -o /opt/bin/x .", SCOPE_FLAG_WRITE,
		   "/opt/bin/x");
	assert_one("pip install --target /usr/lib/py x", SCOPE_FLAG_WRITE,
		   "/usr/lib/py");
	assert_one("pip3 install -r /etc/req.txt", SCOPE_FLAG_READ,
		   "/etc/req.txt");
	assert_clean("pip install --user yfinance");
}

static void symlinks_canonicalized(void **state)
{
	(void)state;
	assert_msg("cat /home/u/lnk/hosts",
		   "sbxsh: note: reading /etc/hosts is allowed (outside the "
		   "workspace: "
		   "read-only) [typed: /home/u/lnk/hosts]");
	/* A link inside the workspace that leads out of it. */
	assert_one("touch " WS "/out/x", SCOPE_FLAG_WRITE, "/etc/x");
}

static void lists_flag_every_part(void **state)
{
	const char *lines[] = {
	    "cat /etc/a; cat /etc/b",
	    "cat /etc/a && cat /etc/b",
	    "cat /etc/a || cat /etc/b",
	    "cat /etc/a | cat /etc/b",
	    "cat /etc/a & cat /etc/b",
	    "cat /etc/a\ncat /etc/b",
	    "(cat /etc/a); { cat /etc/b; }",
	    "if cat /etc/a; then cat /etc/b; fi",
	};

	(void)state;
	for (size_t i = 0; i < sizeof(lines) / sizeof(*lines); i++) {
		struct scope_report r = check(lines[i]);

		assert_int_equal(r.n, 2);
		assert_string_equal(r.flags[0].path, "/etc/a");
		assert_string_equal(r.flags[1].path, "/etc/b");
		scope_report_free(&r);
	}
}

static void dedupe(void **state)
{
	struct scope_report r;

	(void)state;
	assert_one("cat /etc/passwd /etc/passwd /tmp/../etc/passwd; "
		   "ls /etc//passwd",
		   SCOPE_FLAG_READ, "/etc/passwd");
	/* A path read then written is one flag, the write. */
	assert_one("sort /etc/hosts > /etc/hosts", SCOPE_FLAG_WRITE,
		   "/etc/hosts");
	/* Appending to a report dedupes against what it holds. */
	r = check("cat /etc/a");
	scope_check(pol, &senv, "cat /etc/a /etc/b", 17, &r);
	assert_int_equal(r.n, 2);
	scope_report_free(&r);
}

static void cd_moves_the_cwd(void **state)
{
	struct scope_report r;

	(void)state;
	assert_clean("touch newfile"); /* cwd is the workspace */
	r = check("cd /etc && touch x");
	assert_int_equal(r.n, 2);
	assert_int_equal(r.flags[0].kind, SCOPE_FLAG_READ);
	assert_string_equal(r.flags[0].path, "/etc");
	assert_int_equal(r.flags[1].kind, SCOPE_FLAG_WRITE);
	assert_string_equal(r.flags[1].msg,
			    "sbxsh: scope: write to /etc/x will be denied "
			    "(outside sandbox_writable) [typed: x]");
	scope_report_free(&r);
	r = check("cd /usr; cd lib; mkdir x");
	assert_int_equal(r.n, 2); /* /usr (read), then the mkdir */
	assert_string_equal(r.flags[1].path, "/usr/lib/x");
	scope_report_free(&r);
	assert_clean("cd $(mktemp -d) && touch x");
}

static void modes(void **state)
{
	enum scope_mode m;

	(void)state;
	assert_int_equal(scope_mode_parse("warn", &m), 0);
	assert_int_equal(m, SCOPE_MODE_WARN);
	assert_int_equal(scope_mode_parse("deny", &m), 0);
	assert_int_equal(m, SCOPE_MODE_DENY);
	assert_int_equal(scope_mode_parse("off", &m), 0);
	assert_int_equal(m, SCOPE_MODE_OFF);
	assert_int_equal(scope_mode_parse("Warn", &m), -EINVAL);
	assert_int_equal(scope_mode_parse("", &m), -EINVAL);
	assert_string_equal(scope_mode_name(SCOPE_MODE_WARN), "warn");
	assert_string_equal(scope_mode_name(SCOPE_MODE_DENY), "deny");
	assert_string_equal(scope_mode_name(SCOPE_MODE_OFF), "off");
	assert_int_equal(scope_mode_parse("writes", &m), 0);
	assert_int_equal(m, SCOPE_MODE_WRITES);
	assert_string_equal(scope_mode_name(SCOPE_MODE_WRITES), "writes");
}

static char *repeat(const char *unit, size_t total, size_t *len)
{
	size_t ul = strlen(unit), n = total / ul;
	char *s = malloc(n * ul + 1);

	for (size_t i = 0; i < n; i++)
		memcpy(s + i * ul, unit, ul);
	s[n * ul] = '\0';
	*len = n * ul;
	return s;
}

/* Pathological lines finish and do not crash; one distinct path is one
 * flag however often it appears. */
static void huge_lines(void **state)
{
	static const char *const units[] = {
	    "/etc/passwd ",  "$(",	  "\"",	  "'",	"${",	  "`", "<<E\n",
	    "a=$(b \"$(c '", "~/.ssh/x:", "((((", "\\", "cat <(",
	};
	struct scope_report r = {0};
	size_t len;
	char *s;

	(void)state;
	s = repeat("cat /etc/passwd ", 1 << 20, &len);
	scope_check(pol, &senv, s, len, &r);
	assert_int_equal(r.n, 1);
	scope_report_free(&r);
	free(s);
	for (size_t i = 0; i < sizeof(units) / sizeof(*units); i++) {
		s = repeat(units[i], 1 << 20, &len);
		scope_check(pol, &senv, s, len, &r);
		scope_report_free(&r);
		free(s);
	}
	/* Many distinct paths: every one flagged once. */
	s = malloc(1 << 20);
	len = 0;
	for (unsigned i = 0; len + 32 < (1 << 20); i++)
		len += (size_t)snprintf(s + len, 32, "/etc/%u ", i % 50000);
	scope_check(pol, &senv, s, len, &r);
	assert_int_equal(r.n, 50000);
	scope_report_free(&r);
	free(s);
	/* NULs are word breaks. */
	scope_check(pol, &senv, "cat\0/etc/x", 10, &r);
	assert_int_equal(r.n, 1);
	assert_string_equal(r.flags[0].path, "/etc/x");
	scope_report_free(&r);
}

/* The checker's syntax verdict is the shell's parser's: the lines the
 * shell refuses (nothing of them runs), and only those. */
static void syntax_as_the_shell(void **state)
{
	static const char *const refused[] = {
	    "echo (",
	    "echo x=(rm -rf build)",
	    "echo x (echo X)",
	    "echo 'abc",
	    "echo \"abc",
	    "if true; then",
	    "echo a; fi",
	    "(echo a",
	    "echo $(",
	    "| cat",
	    NULL,
	};
	/* bash's arrays: assignments in the default language, refused
	 * whole under --posix (dash has none) */
	static const char *const arrays[] = {
	    "a=(x)", "x=(rm -rf build)", "a[1]=x", "declare -a a=(1 2)", NULL,
	};
	static const char *const parsed[] = {
	    "",
	    "echo a; (echo b)",
	    "f() (echo f)",
	    /* bash's process substitution (sbxsh's default language; the
	     * --posix refusal is test_parse's posix_mode_keeps_dash) */
	    "cat <(sort /etc/a)",
	    "if true; then :; fi",
	    "cat <<EOF\n/etc/x\nEOF\n",
	    "a=1 b=2 cmd > /etc/x 2>&1",
	    "for i in a b; do cat /etc/$i; done\necho two",
	    NULL,
	};
	static const char *const units[] = {
	    "/etc/passwd ",  "$(",   "\"", "'",	     "${", "`",		"<<E\n",
	    "a=$(b \"$(c '", "((((", "\\", "cat <(", "{ ", "echo a;\n",
	};
	struct sbx_diag d;
	size_t len;
	char *s;

	(void)state;
	for (int i = 0; refused[i]; i++) {
		memset(&d, 0, sizeof(d));
		assert_int_equal(
		    scope_syntax(refused[i], strlen(refused[i]), &d), -EINVAL);
		/* bash's words (core/lang/synerr.c) */
		assert_true(strstr(d.msg, "syntax error") ||
			    strstr(d.msg, "unexpected EOF while looking for "
					  "matching"));
		memset(&d, 0, sizeof(d));
		assert_int_equal(
		    scope_syntax_mode(refused[i], strlen(refused[i]), true, &d),
		    -EINVAL);
		assert_non_null(strstr(d.msg, "syntax error"));
	}
	for (int i = 0; parsed[i]; i++)
		assert_int_equal(scope_syntax(parsed[i], strlen(parsed[i]), &d),
				 0);
	for (int i = 0; arrays[i]; i++) {
		assert_int_equal(scope_syntax(arrays[i], strlen(arrays[i]), &d),
				 0);
		if (strchr(arrays[i], '(')) {
			memset(&d, 0, sizeof(d));
			assert_int_equal(scope_syntax_mode(arrays[i],
							   strlen(arrays[i]),
							   true, &d),
					 -EINVAL);
			assert_non_null(strstr(d.msg, "syntax error"));
		}
	}
	/* Pathological lines end (the parser bounds its nesting). */
	for (size_t i = 0; i < sizeof(units) / sizeof(*units); i++) {
		s = repeat(units[i], 1 << 20, &len);
		(void)scope_syntax(s, len, &d);
		free(s);
	}
}

/* The checker reads the shell's own parse tree (core/lang/): it judges
 * what the shell parses, as the shell parses it, and nothing of a line
 * the shell refuses. */
static void follows_the_parse_tree(void **state)
{
	struct scope_report r;

	(void)state;
	/* A line the shell refuses runs no part: nothing to flag. */
	assert_clean("cat /etc/passwd; echo (");
	assert_clean("cat /etc/passwd > /etc/x; if true; then");
	/* Command by command: what parsed before the error is judged. */
	r = check("cat /etc/a\necho (\ncat /etc/b");
	assert_int_equal(r.n, 1);
	assert_string_equal(r.flags[0].path, "/etc/a");
	scope_report_free(&r);
	/* An unquoted here-document's body is data, but its $(...) runs;
	 * a quoted one's is text. */
	assert_one("cat <<EOF\n$(cat /etc/shadow) /etc/x\nEOF\n",
		   SCOPE_FLAG_READ, "/etc/shadow");
	assert_clean("cat <<'EOF'\n$(cat /etc/shadow)\nEOF\n");
	/* Substitutions anywhere in a word: ${x:-$(..)}, $(( $(..) )). */
	assert_one("echo ${x:-$(cat /etc/shadow)}", SCOPE_FLAG_READ,
		   "/etc/shadow");
	assert_one("echo $(( $(cat /etc/n) + 1 ))", SCOPE_FLAG_READ, "/etc/n");
	/* Compound commands: bodies, and their own redirections. */
	assert_one("f() { cat /etc/a; }", SCOPE_FLAG_READ, "/etc/a");
	assert_one("case $x in a) rm /etc/a;; esac", SCOPE_FLAG_WRITE,
		   "/etc/a");
	assert_one("{ echo x; } > /etc/x", SCOPE_FLAG_WRITE, "/etc/x");
	assert_one("while read l; do :; done < /etc/in", SCOPE_FLAG_READ,
		   "/etc/in");
	assert_one("for f in /etc/a; do :; done", SCOPE_FLAG_READ, "/etc/a");
	assert_one("! cat /etc/a | wc -l", SCOPE_FLAG_READ, "/etc/a");
	/* Reserved words are the parser's: quoted, one is a command. */
	assert_one("'if' /etc/a", SCOPE_FLAG_READ, "/etc/a");
	/* The message names the word as typed, quotes removed. */
	assert_msg("cat ${HOME}x/../../../etc/passwd",
		   "sbxsh: note: reading /etc/passwd is allowed (outside the "
		   "workspace: "
		   "read-only) [typed: ${HOME}x/../../../etc/passwd]");
}

/* The shell's own tree (scope_check_tree, the check before each line):
 * what runs is judged, aliases expanded, with no second parse. */
struct one_line {
	struct sh_reader r;
	const char *s;
	bool done;
};

static const char *one_line_read(struct sh_reader *r, bool cont, size_t *len)
{
	struct one_line *l = (struct one_line *)r;

	(void)cont;
	if (l->done)
		return NULL;
	l->done = true;
	*len = strlen(l->s);
	return l->s;
}

static const char *alias_of(void *ctx, const char *name)
{
	(void)ctx;
	return strcmp(name, "save") ? NULL : "tee /etc/saved <";
}

static void checks_the_shells_tree(void **state)
{
	const char *line = "save /etc/in";
	struct one_line l = {.r.read_line = one_line_read, .s = line};
	struct parse_opts o = {.alias = alias_of, .lineno = 1};
	struct parser *p = parse_new(&l.r, &o);
	struct arena *a = arena_new();
	struct scope_report r = {0};
	struct sbx_diag d;
	struct node *n = NULL;

	(void)state;
	assert_int_equal(parse_next(p, a, &n, NULL, &d), PARSE_OK);
	scope_check_tree(pol, &senv, n, strlen(line), &r);
	assert_int_equal(r.n, 2);
	assert_int_equal(r.flags[0].kind, SCOPE_FLAG_WRITE);
	assert_string_equal(r.flags[0].path, "/etc/saved");
	assert_int_equal(r.flags[1].kind, SCOPE_FLAG_READ);
	assert_string_equal(r.flags[1].path, "/etc/in");
	scope_report_free(&r);
	/* The text alone: no aliases known, `save` is some command that
	 * reads its operand. */
	r = check(line);
	assert_int_equal(r.n, 1);
	assert_string_equal(r.flags[0].path, "/etc/in");
	scope_report_free(&r);
	arena_unref(a);
	parse_free(p);
}

/* The checker reads the line in the shell's language: bash's by default
 * (its constructs hold commands and paths too), dash's under --posix
 * (where those lines are refused, and nothing of them runs). */
static void in_the_shells_language(void **state)
{
	struct scope_env posix = senv;
	struct scope_report r = {0};
	struct sbx_diag d;

	(void)state;
	posix.posix = true;
	assert_one("cat < <(cat /etc/a)", SCOPE_FLAG_READ, "/etc/a");
	assert_one("tee >(cat > /etc/x) < /dev/null", SCOPE_FLAG_WRITE,
		   "/etc/x");
	assert_one("cat <<< $(cat /etc/b)", SCOPE_FLAG_READ, "/etc/b");
	assert_one("[[ -f /etc/f && $x == /etc/g ]]", SCOPE_FLAG_READ,
		   "/etc/f");
	assert_clean("[[ $x == /etc/g || -n /etc/h ]]");
	assert_one("(( $(cat /etc/n) > 1 ))", SCOPE_FLAG_READ, "/etc/n");
	assert_one("for ((i = 0; i < 2; i++)); do rm /etc/x; done",
		   SCOPE_FLAG_WRITE, "/etc/x");
	assert_one("function f { rm /etc/x; }", SCOPE_FLAG_WRITE, "/etc/x");
	assert_one("echo x |& tee /etc/x", SCOPE_FLAG_WRITE, "/etc/x");
	/* --posix: dash's language, where <(...) is a syntax error. */
	scope_check(pol, &posix, "diff <(sort /etc/a) /tmp/b", 26, &r);
	assert_int_equal(r.n, 0);
	scope_check(pol, &posix, "cat /etc/a", 10, &r);
	assert_int_equal(r.n, 1);
	scope_report_free(&r);
	assert_int_equal(scope_syntax_mode("cat <(sort /etc/a)", 18, true, &d),
			 -EINVAL);
	assert_int_equal(scope_syntax_mode("cat <(sort /etc/a)", 18, false, &d),
			 0);
}

/* Issue 24: bash's `**` (globstar) and extglob's @(a|b) reach what a
 * star reaches: names within one directory (bash never matches a '/'
 * with a pattern), so a path holding one is judged as typed, as a star
 * after /etc/ is. With
 * extglob on the checker reads the line as the shell does (the shell hands
 * over its own tree; the text alone is read with the shell's option); off,
 * @( is the syntax error it is in the shell, and nothing of it runs. */
/* Brace expansion as the shell does it (bash's mode): each word it
 * gives is judged, a quoted brace is a plain word, a redirection's
 * target is left whole (the shell refuses "> {a,b}" as ambiguous), and
 * in posix mode braces are plain characters. */
static void braces_as_the_shell(void **state)
{
	struct scope_env px = senv;
	struct scope_report r = {0};
	const char *l;

	(void)state;
	assert_one("rm {/etc/a,b}", SCOPE_FLAG_WRITE, "/etc/a");
	assert_clean("cp x{,.bak}");
	assert_one("touch \"{/etc/a,b}\" /etc/{q}", SCOPE_FLAG_WRITE,
		   "/etc/{q}");
	assert_clean("touch \"{/etc/a,b}\" '{/etc/c,d}'");
	r = check("touch /etc/{a,b}");
	assert_int_equal(r.n, 2);
	assert_string_equal(r.flags[0].path, "/etc/a");
	assert_string_equal(r.flags[1].path, "/etc/b");
	scope_report_free(&r);
	r = check("for f in /etc/{p,q}; do :; done");
	assert_int_equal(r.n, 2);
	assert_string_equal(r.flags[1].path, "/etc/q");
	scope_report_free(&r);
	/* {1..N} too big for the budget: what fits is judged, no more */
	r = check("touch /etc/{1..999999}");
	assert_true(r.n > 0 && r.n < 999999);
	assert_string_equal(r.flags[0].path, "/etc/1");
	scope_report_free(&r);
	/* [[ ]] does not brace-expand: the word as typed */
	assert_one("[[ -f /etc/{a,b} ]]", SCOPE_FLAG_READ, "/etc/{a,b}");
	/* a redirection's target is the word the shell opens (bash) */
	assert_one("echo a > /etc/x{1..1}", SCOPE_FLAG_WRITE, "/etc/x1");
	assert_one("echo a >> /etc/{y..y}", SCOPE_FLAG_WRITE, "/etc/y");
	assert_one("cat < /etc/{s..s}hadow", SCOPE_FLAG_READ, "/etc/shadow");
	assert_one("echo a 2>&/etc/z{0..0}", SCOPE_FLAG_WRITE, "/etc/z0");
	assert_one("echo a > \"/etc/{q}\"", SCOPE_FLAG_WRITE, "/etc/{q}");
	/* posix mode: braces are characters */
	px.posix = true;
	l = "rm {/etc/a,b}";
	memset(&r, 0, sizeof(r));
	scope_check(pol, &px, l, strlen(l), &r);
	assert_int_equal(r.n, 0);
	scope_report_free(&r);
}

static void globs_as_the_shell(void **state)
{
	struct scope_env ext = senv;
	const char *line = "rm /etc/@(a|b) /tmp/!(x)/../../etc/y";
	struct one_line l = {.r.read_line = one_line_read, .s = line};
	struct parse_opts o = {.lineno = 1, .extglob = true};
	struct parser *p = parse_new(&l.r, &o);
	struct arena *a = arena_new();
	struct scope_report r = {0};
	struct sbx_diag d;
	struct node *n = NULL;

	(void)state;
	assert_one("cat /etc/**", SCOPE_FLAG_READ, "/etc/**");
	assert_one("rm -rf /etc/**/x", SCOPE_FLAG_WRITE, "/etc/**/x");
	assert_one("rm ./**/../../../etc/y", SCOPE_FLAG_WRITE, "/etc/y");
	/* [[ ]] reads extglob patterns whatever the option */
	assert_one("[[ $x == @(a|b) ]] && cat /etc/z", SCOPE_FLAG_READ,
		   "/etc/z");
	ext.extglob = true;
	scope_check(pol, &ext, line, strlen(line), &r);
	assert_int_equal(r.n, 2);
	assert_int_equal(r.flags[0].kind, SCOPE_FLAG_WRITE);
	assert_string_equal(r.flags[0].path, "/etc/@(a|b)");
	assert_string_equal(r.flags[1].path, "/etc/y");
	scope_report_free(&r);
	scope_check(pol, &ext, "cat /etc/+(pass)wd ~/.ssh/*(id_)rsa", 35, &r);
	assert_int_equal(r.n, 2);
	assert_string_equal(r.flags[0].path, "/etc/+(pass)wd");
	assert_int_equal(r.flags[1].kind, SCOPE_FLAG_MASKED);
	scope_report_free(&r);
	/* a '/' inside a group never globs: the word is a relative name */
	scope_check(pol, &ext, "rm -f @(/etc/a|b)", 17, &r);
	assert_int_equal(r.n, 0);
	/* the shell's own tree, read with extglob on */
	assert_int_equal(parse_next(p, a, &n, NULL, &d), PARSE_OK);
	scope_check_tree(pol, &senv, n, strlen(line), &r);
	assert_int_equal(r.n, 2);
	assert_string_equal(r.flags[0].path, "/etc/@(a|b)");
	scope_report_free(&r);
	arena_unref(a);
	parse_free(p);
	/* extglob off: the shell's syntax error, nothing judged or run */
	scope_check(pol, &senv, line, strlen(line), &r);
	assert_int_equal(r.n, 0);
	assert_int_equal(scope_syntax_mode(line, strlen(line), false, &d),
			 -EINVAL);
}

/* ---- protected paths (docs/design.md §2b) -------------------------------- */

static void git_one(const char *line, enum scope_kind kind, const char *path)
{
	struct scope_report r = check_with(polg, line);

	if (r.n != 1)
		print_error("'%s': %zu flags%s%s\n", line, r.n, r.n ? ": " : "",
			    r.n ? r.flags[0].msg : "");
	assert_int_equal(r.n, 1);
	if (strcmp(r.flags[0].path, path))
		print_error("'%s': %s\n", line, r.flags[0].msg);
	assert_int_equal(r.flags[0].kind, kind);
	assert_string_equal(r.flags[0].path, path);
	scope_report_free(&r);
}

static void git_clean(const char *line)
{
	struct scope_report r = check_with(polg, line);

	if (r.n)
		print_error("unexpected flag for '%s': %s\n", line,
			    r.flags[0].msg);
	assert_int_equal(r.n, 0);
	scope_report_free(&r);
}

static void protected_paths(void **state)
{
	struct scope_report r;

	(void)state;
	r = check_with(polg, "printf x > .git/hooks/pre-commit");
	assert_int_equal(r.n, 1);
	assert_string_equal(r.flags[0].msg,
			    "sbxsh: scope: write to " WS
			    "/.git/hooks/pre-commit "
			    "will be denied (protected: git runs it outside "
			    "the sandbox) [typed: .git/hooks/pre-commit]");
	scope_report_free(&r);
	git_one("echo x >> .git/config", SCOPE_FLAG_PROTECTED,
		WS "/.git/config");
	git_one("cp evil " WS "/.git/hooks/", SCOPE_FLAG_PROTECTED,
		WS "/.git/hooks");
	git_one("sh -c 'echo > .git/config'", SCOPE_FLAG_PROTECTED,
		WS "/.git/config");
	git_one("rm -rf .git", SCOPE_FLAG_PROTECTED, WS "/.git");
	git_one("touch .envrc", SCOPE_FLAG_PROTECTED, WS "/.envrc");
	/* Reading them is fine; the rest of the git dir is writable. */
	git_clean("cat .git/config .git/hooks/pre-commit.sample");
	git_clean("touch .git/index.lock && echo > .git/objects/x");
	git_clean("echo > .git/hooksx");
	/* Absent: no mount can hold it, the flag says it is watched. */
	r = check_with(polg, "echo x > a/sub/.git/config.worktree");
	assert_int_equal(r.n, 1);
	assert_string_equal(r.flags[0].msg,
			    "sbxsh: scope: write to " WS "/a/sub/.git/"
			    "config.worktree is not stopped but protected (git "
			    "runs commands it names outside the sandbox; "
			    "reported when the session ends) [typed: "
			    "a/sub/.git/config.worktree]");
	scope_report_free(&r);
	/* The same lines against a policy without repositories: clean. */
	r = check("echo x >> .git/config");
	assert_int_equal(r.n, 0);
	scope_report_free(&r);
}

static void git_config_writes(void **state)
{
	struct scope_report r;

	(void)state;
	r = check_with(polg, "git config core.fsmonitor 'touch /x'");
	assert_int_equal(r.n, 1);
	assert_int_equal(r.flags[0].kind, SCOPE_FLAG_PROTECTED);
	assert_string_equal(r.flags[0].msg,
			    "sbxsh: scope: write to " WS "/.git/config will be "
			    "denied (protected: git runs commands it names "
			    "outside the sandbox) [typed: git config]");
	scope_report_free(&r);
	git_one("git config --unset core.x", SCOPE_FLAG_PROTECTED,
		WS "/.git/config");
	git_one("git config --add a.b c", SCOPE_FLAG_PROTECTED,
		WS "/.git/config");
	git_one("git config -e", SCOPE_FLAG_PROTECTED, WS "/.git/config");
	git_one("git config set a.b c", SCOPE_FLAG_PROTECTED,
		WS "/.git/config");
	git_one("git config --local --replace-all a.b c", SCOPE_FLAG_PROTECTED,
		WS "/.git/config");
	/* Another repository: -C, an absolute -C, a cd, --git-dir. */
	git_one("git -C a/sub config core.pager x", SCOPE_FLAG_PROTECTED,
		WS "/a/sub/.git/config");
	git_one("git -C " WS "/a/sub/deeper config core.pager x",
		SCOPE_FLAG_PROTECTED, WS "/a/sub/.git/config");
	git_one("cd a/sub && git config alias.st '!x'", SCOPE_FLAG_PROTECTED,
		WS "/a/sub/.git/config");
	git_one("git --git-dir=a/sub/.git config a.b c", SCOPE_FLAG_PROTECTED,
		WS "/a/sub/.git/config");
	git_one("git -C a/sub config --worktree a.b c", SCOPE_FLAG_PROTECTED,
		WS "/a/sub/.git/config.worktree");
	/* Other files: --file, --global (outside the roots). */
	git_one("git config --file .envrc a.b c", SCOPE_FLAG_PROTECTED,
		WS "/.envrc");
	git_one("git config --file=.envrc a.b c", SCOPE_FLAG_PROTECTED,
		WS "/.envrc");
	git_one("git config --global a.b c", SCOPE_FLAG_WRITE,
		"/home/u/.gitconfig");
	/* Reads. */
	git_clean("git config core.bare");
	git_clean("git config --get core.bare");
	git_clean("git config --get-all remote.origin.fetch");
	git_clean("git config -l");
	git_clean("git config --list --show-origin");
	git_clean("git config get core.bare");
	git_clean("git config --blob HEAD:x a.b c");
	git_clean("git status && git -C a/sub log");
	/* Outside any known repository: nothing to say. */
	git_clean("git -C /tmp/other config a.b c");
	/* A repository made earlier in the line: its own config. */
	git_clean("git init fresh && git -C fresh config alias.y '!z'");
	git_clean("git init -q fresh; cd fresh && git config a.b c");
	git_clean(
	    "git clone https://example.com/x.git && git -C x config a.b c");
	git_clean("git clone https://example.com/x.git y && git -C y/deeper "
		  "config a.b c");
	/* ... but not the one around it. */
	git_one("git init fresh && git config a.b c", SCOPE_FLAG_PROTECTED,
		WS "/.git/config");
}

static void checker_only_wording(void **state)
{
	struct scope_report r;

	(void)state;
	pol_set_guard(polg, POL_GUARD_CHECKER);
	r = check_with(polg, "echo x > .git/hooks/post-checkout");
	assert_int_equal(r.n, 1);
	assert_string_equal(r.flags[0].msg,
			    "sbxsh: scope: write to " WS "/.git/hooks/"
			    "post-checkout is not stopped here but protected "
			    "(git runs it outside the sandbox; checker-only: "
			    "reported when the session ends) [typed: "
			    ".git/hooks/post-checkout]");
	scope_report_free(&r);
	pol_set_guard(polg, POL_GUARD_MOUNT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(accepts_writable_roots),
	    cmocka_unit_test(gocache_in_home_cache),
	    cmocka_unit_test(ignores_urls_and_non_paths),
	    cmocka_unit_test(command_word_not_flagged),
	    cmocka_unit_test(flags_reads),
	    cmocka_unit_test(flags_masked),
	    cmocka_unit_test(flags_writes),
	    cmocka_unit_test(read_and_write_on_one_line),
	    cmocka_unit_test(quotes_and_backslashes),
	    cmocka_unit_test(options_with_paths),
	    cmocka_unit_test(expansions),
	    cmocka_unit_test(compilers_and_installers),
	    cmocka_unit_test(every_write_row_flags_a_write),
	    cmocka_unit_test(symlinks_canonicalized),
	    cmocka_unit_test(lists_flag_every_part),
	    cmocka_unit_test(dedupe),
	    cmocka_unit_test(cd_moves_the_cwd),
	    cmocka_unit_test(modes),
	    cmocka_unit_test(huge_lines),
	    cmocka_unit_test(syntax_as_the_shell),
	    cmocka_unit_test(follows_the_parse_tree),
	    cmocka_unit_test(checks_the_shells_tree),
	    cmocka_unit_test(in_the_shells_language),
	    cmocka_unit_test(globs_as_the_shell),
	    cmocka_unit_test(braces_as_the_shell),
	    cmocka_unit_test(protected_paths),
	    cmocka_unit_test(git_config_writes),
	    cmocka_unit_test(checker_only_wording),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
