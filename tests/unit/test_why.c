/* tests/unit/test_why.c — `policy why` answers and the denial lines
 * (core/why.c, core/denial.c) on a policy built from fake facts. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "denial.h"
#include "fakefs.h"
#include "policy.h"
#include "why.h"

#define WS "/work/ws"

static struct fakefs fs;
static struct lay_layout lay;

static struct sbx_policy *mk(enum pol_scope scope, bool network, bool protect,
			     char *const *sockets)
{
	struct lay_facts lf = {.workspace = WS,
			       .run_id = "20261129T191450Z-1-00000000"};
	struct pol_facts f = {0};
	struct sbx_policy *p = NULL;
	char *env[] = {NULL};
	struct gm_plan *g = NULL;

	lay_free(&lay);
	assert_int_equal(lay_compute(&lf, &lay, NULL), 0);
	if (protect) {
		g = gm_plan_new(WS, "/home/u");
		g->paths = xcalloc(4, sizeof(*g->paths));
		g->cpaths = 4;
		g->paths[g->npaths++] = (struct gm_path){
		    xstrdup(WS "/.git/config"), GM_WHY_CONFIG, 0, -1, NULL};
		g->paths[g->npaths++] = (struct gm_path){
		    xstrdup(WS "/.envrc"), GM_WHY_USER, 0, -1, NULL};
	}
	f.scope = scope;
	f.network = network;
	f.persist = f.state_writable = true;
	f.lay = &lay;
	f.home = "/home/u";
	f.tmpdir = "/tmp";
	f.env = env;
	f.canon = fake_canon;
	f.is_dir = fake_is_dir;
	f.ctx = &fs;
	f.git = g;
	f.allow_sockets = sockets;
	f.cwd = "/";
	assert_int_equal(pol_new(&f, &p, NULL), 0);
	if (g) {
		gm_plan_free(g);
		pol_set_guard(p, POL_GUARD_MOUNT);
	}
	return p;
}

static void why_root_and_readonly(void **state)
{
	struct sbx_policy *p = mk(POL_SCOPE_WORKSPACE, true, false, NULL);
	struct why_answer w;
	struct sbx_buf b = {0};

	(void)state;
	why_ask(p, WS "/src/a.c", WHY_WRITE, &w);
	assert_true(w.allowed);
	assert_int_equal(w.rule, WHY_RULE_ROOT);
	assert_string_equal(w.rule_path, WS);
	why_free(&w);

	why_ask(p, "/home/u/.config/tool/state", WHY_WRITE, &w);
	assert_false(w.allowed);
	assert_int_equal(w.rule, WHY_RULE_READONLY);
	assert_string_equal(w.remedy, "--allow-write /home/u/.config/tool");
	assert_non_null(strstr(w.config, "allow-write = /home/u/.config/tool"));
	why_format_denial(&w, &b);
	assert_string_equal(b.s, "sbxsh: denied: write "
				 "/home/u/.config/tool/state (outside "
				 "sandbox_writable: read-only) — policy check "
				 "/home/u/.config/tool/state");
	why_free(&w);
	buf_free(&b);

	/* reading it is fine */
	why_ask(p, "/home/u/.config/tool/state", WHY_READ, &w);
	assert_true(w.allowed);
	why_free(&w);

	/* a folder no session may write gets no --allow-write */
	why_ask(p, "/etc/hosts", WHY_WRITE, &w);
	assert_false(w.allowed);
	assert_null(w.remedy);
	assert_non_null(strstr(w.never, "/etc cannot be a writable root"));
	why_free(&w);
	why_ask(p, "/home/u/.bashrc", WHY_WRITE, &w);
	assert_null(w.remedy);
	assert_non_null(w.never);
	why_free(&w);
	pol_free(p);
}

static void why_masked_protected(void **state)
{
	struct sbx_policy *p = mk(POL_SCOPE_WORKSPACE, true, true, NULL);
	struct why_answer w;

	(void)state;
	why_ask(p, "/home/u/.ssh/id_ed25519", WHY_READ, &w);
	assert_false(w.allowed);
	assert_int_equal(w.rule, WHY_RULE_MASKED);
	assert_string_equal(w.rule_path, "/home/u/.ssh");
	assert_null(w.remedy);
	assert_non_null(w.never);
	why_free(&w);

	why_ask(p, WS "/.git/config", WHY_WRITE, &w);
	assert_false(w.allowed);
	assert_int_equal(w.rule, WHY_RULE_PROTECTED);
	assert_null(w.remedy);
	assert_non_null(strstr(w.reason, "git-config"));
	why_free(&w);
	why_ask(p, WS "/.git/config", WHY_READ, &w);
	assert_true(w.allowed);
	why_free(&w);

	why_ask(p, WS "/.envrc", WHY_WRITE, &w);
	assert_false(w.allowed);
	assert_string_equal(w.remedy, "drop --protect " WS "/.envrc");
	why_free(&w);
	pol_free(p);
}

static void why_socket_and_net(void **state)
{
	char *socks[] = {"/run/user/1/agent.sock", NULL};
	struct sbx_policy *p = mk(POL_SCOPE_WORKSPACE, false, false, socks);
	struct why_answer w;

	(void)state;
	why_ask_socket(p, "/run/user/1/agent.sock", 1, &w);
	assert_true(w.allowed);
	assert_int_equal(w.rule, WHY_RULE_SOCKET_OK);
	why_free(&w);
	why_ask_socket(p, "/tmp/tmux-0/default", 1, &w);
	assert_false(w.allowed);
	assert_int_equal(w.rule, WHY_RULE_SOCKET);
	assert_string_equal(w.remedy, "--allow-socket /tmp/tmux-0/default");
	why_free(&w);
	why_ask(p, NULL, WHY_NET, &w);
	assert_false(w.allowed);
	assert_int_equal(w.rule, WHY_RULE_NO_NETWORK);
	why_free(&w);
	pol_free(p);

	p = mk(POL_SCOPE_READONLY, true, false, NULL);
	why_ask(p, NULL, WHY_NET, &w);
	assert_true(w.allowed);
	why_free(&w);
	why_ask(p, WS "/x", WHY_WRITE, &w);
	assert_false(w.allowed);
	assert_int_equal(w.rule, WHY_RULE_SCOPE_RO);
	why_free(&w);
	pol_free(p);
}

static void scan_messages(void **state)
{
	static const char t[] =
	    "touch: cannot touch '/home/u/.config/x': Permission denied\n"
	    "bash: /etc/hosts: Read-only file system\n"
	    "OSError: [Errno 30] Read-only file system: '/opt/a b'\n"
	    "open /var/lib/x: permission denied\n"
	    "error: could not lock config file .git/config: Permission "
	    "denied\n"
	    "cat: /home/u/.ssh/id_rsa: No such file or directory\n"
	    "curl: https://example.com/a: Permission denied\n"
	    "hello /not/a/denial\n"
	    "sed: can't read out: No such file or directory\n"
	    "x: it's /var/lib/x: Permission denied\n"
	    "PermissionError: [Errno 1] Operation not permitted: socket\n";
	struct dn_cands c;

	(void)state;
	dn_scan(t, sizeof(t) - 1, &c);
	assert_int_equal(c.n, 5);
	assert_string_equal(c.v[0].path, "/home/u/.config/x");
	assert_true(c.v[0].write);
	assert_int_equal(c.v[0].err, DN_EACCES);
	assert_string_equal(c.v[1].path, "/etc/hosts");
	assert_int_equal(c.v[1].err, DN_EROFS);
	/* a quoted word with a space is prose: the '/opt/a b' line gives
	 * no path; the Go one does */
	assert_string_equal(c.v[2].path, "/var/lib/x");
	assert_string_equal(c.v[3].path, ".git/config");
	assert_true(c.v[3].write);
	assert_string_equal(c.v[4].path, "/home/u/.ssh/id_rsa");
	assert_int_equal(c.v[4].err, DN_ENOENT);
	assert_false(c.v[4].write);
	assert_true(c.net);
	dn_cands_free(&c);
}

/* Whatever a command prints, the scan ends and stays in bounds: words
 * made of quotes, slashes, markers and nothing, shuffled (a lone quote in
 * "can't" once made it loop forever). */
static void scan_any_text(void **state)
{
	static const char *const parts[] = {
	    "'",
	    "\"",
	    "`",
	    "\xe2\x80\x98",
	    "\xe2\x80\x99",
	    "/",
	    " ",
	    ":",
	    "..",
	    "a",
	    "Permission denied",
	    "[Errno 1]",
	    "\n",
	    "://",
	    "socket",
	    "/etc/x",
	    "\t",
	    "(",
	    "=",
	};
	unsigned seed = 12345;
	char line[512];

	(void)state;
	for (int round = 0; round < 20000; round++) {
		struct dn_cands c;
		size_t n = 0;

		while (n < sizeof(line) - 32) {
			const char *p;

			seed = seed * 1103515245u + 12345u;
			if ((seed >> 16) % 23 == 0)
				break;
			p = parts[(seed >> 8) %
				  (sizeof(parts) / sizeof(*parts))];
			memcpy(line + n, p, strlen(p));
			n += strlen(p);
		}
		dn_scan(line, n, &c);
		for (size_t i = 0; i < c.n; i++)
			assert_true(strlen(c.v[i].path) <= n);
		dn_cands_free(&c);
	}
}

/* Issue 22: what tools print when the network is not there at all, and
 * what the policy answers in each mode (docs/network.md). */
static void network_lines(void **state)
{
	static const char curl[] = "curl: (7) Failed to connect to 1.2.3.4 "
				   "port 80 after 0 ms: Couldn't connect to "
				   "server\n";
	static const char unreach[] = "connect: Network is unreachable\n";
	static const char py[] =
	    "  File \"/usr/lib/python3.11/socket.py\", line 836, in "
	    "create_connection\n    sock.connect(sa)\nPermissionError: "
	    "[Errno 1] Operation not permitted\n";
	static const char setuid[] =
	    "PermissionError: [Errno 1] Operation not permitted\n";
	struct pn_facts nf = {.mode = PN_DOMAINS};
	struct sbx_policy *p;
	struct dn_cands c;
	struct why_answer w;
	struct sbx_buf b = {0};

	(void)state;
	dn_scan(curl, sizeof(curl) - 1, &c);
	assert_true(c.net);
	dn_cands_free(&c);
	dn_scan(unreach, sizeof(unreach) - 1, &c);
	assert_true(c.net);
	dn_cands_free(&c);
	dn_scan(py, sizeof(py) - 1, &c);
	assert_true(c.net);
	dn_cands_free(&c);
	/* an EPERM with no word of the network anywhere is not one */
	dn_scan(setuid, sizeof(setuid) - 1, &c);
	assert_false(c.net);
	dn_cands_free(&c);

	p = mk(POL_SCOPE_WORKSPACE, false, false, NULL);
	why_ask(p, NULL, WHY_NET, &w);
	why_format_denial(&w, &b);
	assert_string_equal(b.s,
			    "sbxsh: denied: network (--network off) — policy "
			    "why --net");
	buf_free(&b);
	why_free(&w);
	pol_free(p);

	/* domains: sockets open (its own namespace), but a connect() that
	 * finds no route went around the proxy */
	p = mk(POL_SCOPE_WORKSPACE, true, false, NULL);
	pol_free(p);
	{
		struct lay_facts lf = {.workspace = WS,
				       .run_id = "20261129T191450Z-1-00000000"};
		struct pol_facts f = {0};
		char *env[] = {NULL};

		lay_free(&lay);
		assert_int_equal(lay_compute(&lf, &lay, NULL), 0);
		f.network = true;
		f.net = &nf;
		f.persist = f.state_writable = true;
		f.lay = &lay;
		f.home = "/home/u";
		f.tmpdir = "/tmp";
		f.env = env;
		f.canon = fake_canon;
		f.is_dir = fake_is_dir;
		f.ctx = &fs;
		f.cwd = "/";
		assert_int_equal(pol_new(&f, &p, NULL), 0);
	}
	assert_true(pol_network(p));
	pol_net_set_proxy(p, "127.0.0.1:3128", "127.0.0.1:1080");
	why_ask(p, NULL, WHY_NET, &w);
	assert_false(w.allowed);
	why_format_denial(&w, &b);
	assert_string_equal(b.s, "sbxsh: denied: network (--network domains: "
				 "out only through the proxy at "
				 "127.0.0.1:3128) — policy why --net");
	buf_free(&b);
	why_free(&w);
	pol_free(p);
}

static void decide(void **state)
{
	struct sbx_policy *p = mk(POL_SCOPE_WORKSPACE, true, true, NULL);
	struct dn_cand c = {"x", DN_EACCES, false};
	struct dn_facts f = {0};
	struct why_answer w;

	(void)state;
	/* EACCES on a read-only path the mode bits forbid anyway: no */
	assert_false(dn_decide(p, &c, "/etc/shadow", &f, &w));
	/* ... the mode bits allow it: the sandbox refused a write */
	f.mode_ok = true;
	assert_true(dn_decide(p, &c, "/home/u/.config/x", &f, &w));
	assert_int_equal(w.access, WHY_WRITE);
	why_free(&w);
	/* EROFS outside the roots: always the sandbox's */
	f.mode_ok = false;
	c.err = DN_EROFS;
	assert_true(dn_decide(p, &c, "/etc/hosts", &f, &w));
	why_free(&w);
	/* a writable path: never claimed (the mode bits did it) */
	c.err = DN_EACCES;
	f.mode_ok = true;
	assert_false(dn_decide(p, &c, WS "/a", &f, &w));
	/* a missing file in the workspace: no */
	c.err = DN_ENOENT;
	assert_false(dn_decide(p, &c, WS "/nothere", &f, &w));
	/* ... but a masked one is the mask */
	assert_true(dn_decide(p, &c, "/home/u/.aws/credentials", &f, &w));
	assert_int_equal(w.rule, WHY_RULE_MASKED);
	assert_int_equal(w.access, WHY_READ);
	why_free(&w);
	/* protected: a write */
	c.err = DN_EROFS;
	assert_true(dn_decide(p, &c, WS "/.git/config", &f, &w));
	assert_int_equal(w.rule, WHY_RULE_PROTECTED);
	why_free(&w);
	/* a refused connect only where the mount layer covered it */
	c.err = DN_ECONNREFUSED;
	assert_false(dn_decide(p, &c, "/tmp/s.sock", &f, &w));
	f.covered_socket = true;
	assert_true(dn_decide(p, &c, "/tmp/s.sock", &f, &w));
	assert_int_equal(w.access, WHY_CONNECT);
	why_free(&w);
	pol_free(p);
}

static void report_caps(void **state)
{
	struct sbx_policy *p = mk(POL_SCOPE_WORKSPACE, true, false, NULL);
	struct dn_report r = {0};
	size_t lines = 0;

	(void)state;
	for (int i = 0; i < 9; i++) {
		struct why_answer w;
		char path[64];

		snprintf(path, sizeof(path), "/opt/x%d", i % 8);
		why_ask(p, path, WHY_WRITE, &w);
		dn_report_add(&r, &w);
		why_free(&w);
	}
	dn_report_finish(&r);
	for (const char *s = r.out.s; (s = strchr(s, '\n')); s++)
		lines++;
	assert_int_equal(lines, DN_MAX_LINES + 1);
	assert_non_null(strstr(r.out.s, "sbxsh: denied: ... and 3 more"));
	dn_report_free(&r);
	/* not every message read, or paths dropped: a lower bound */
	for (int i = 0; i < 7; i++) {
		struct why_answer w;
		char path[64];

		snprintf(path, sizeof(path), "/opt/y%d", i);
		why_ask(p, path, WHY_WRITE, &w);
		dn_report_add(&r, &w);
		why_free(&w);
	}
	r.at_least = true;
	dn_report_finish(&r);
	assert_non_null(
	    strstr(r.out.s, "sbxsh: denied: ... and at least 2 more"));
	dn_report_free(&r);
	pol_free(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(why_root_and_readonly),
	    cmocka_unit_test(why_masked_protected),
	    cmocka_unit_test(why_socket_and_net),
	    cmocka_unit_test(scan_messages),
	    cmocka_unit_test(scan_any_text),
	    cmocka_unit_test(decide),
	    cmocka_unit_test(network_lines),
	    cmocka_unit_test(report_caps),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);

	lay_free(&lay);
	return rc;
}
