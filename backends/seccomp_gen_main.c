/* backends/seccomp_gen_main.c — the build-time generator of sbxsh's
 * seccomp programs.
 *
 *   seccomp_gen OUT.c
 *
 * Compiles sc_rules[] (seccomp.c) with libseccomp four times, for a session
 * with network and for --no-network, each with and without a private IPC
 * namespace (seccomp_gen.c), and writes the four BPF
 * programs into OUT.c as the struct sc_bpf objects that be_seccomp.h
 * declares. CMakeLists.txt runs it and compiles OUT.c into sbxbackends, so
 * sbxsh loads a finished program and never links libseccomp. OUT.c is
 * written to a temporary name and renamed, so a failed run leaves no half
 * file for make to take as up to date. Exit 0, or 1 with one line on
 * stderr.
 */
#include <errno.h>
#include <linux/filter.h>
#include <seccomp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "be_seccomp.h"
#include "seccomp_gen.h"

static void emit(FILE *f, const char *name, const char *what,
		 const struct scg_prog *p)
{
	fprintf(f,
		"\n/* %s: %zu instructions, the first %zu the prefix from "
		"sc_abis[]. */\n",
		what, p->len, p->prefix);
	fprintf(f, "static const struct sock_filter %s_insns[] = {\n", name);
	for (size_t i = 0; i < p->len; i++) {
		const struct sock_filter *in = &p->insns[i];

		fprintf(f, "\t{0x%04x, %u, %u, 0x%08x},\n", (unsigned)in->code,
			(unsigned)in->jt, (unsigned)in->jf, (unsigned)in->k);
	}
	fprintf(f, "};\n");
	fprintf(f,
		"const struct sc_bpf sc_bpf_%s = {\n"
		"\t%s_insns, sizeof(%s_insns) / sizeof(*%s_insns)};\n",
		name, name, name, name);
}

int main(int argc, char **argv)
{
	const struct scmp_version *v = seccomp_version();
	struct scg_prog net = {0}, nonet = {0}, neti = {0}, noneti = {0};
	struct sbx_diag d = {0};
	char *tmp;
	FILE *f;
	int ok;

	if (argc != 2) {
		fprintf(stderr, "usage: seccomp_gen OUT.c\n");
		return 2;
	}
	if (scg_compile(0, &net, &d) < 0 ||
	    scg_compile(SC_NO_NETWORK, &nonet, &d) < 0 ||
	    scg_compile(SC_NO_IPCNS, &neti, &d) < 0 ||
	    scg_compile(SC_NO_NETWORK | SC_NO_IPCNS, &noneti, &d) < 0) {
		fprintf(stderr, "seccomp_gen: %s\n", d.msg);
		scg_free(&net);
		scg_free(&nonet);
		scg_free(&neti);
		return 1;
	}
	tmp = xasprintf("%s.tmp", argv[1]);
	f = fopen(tmp, "w");
	if (!f) {
		fprintf(stderr, "seccomp_gen: %s: %s\n", tmp, strerror(errno));
		ok = 0;
		goto out;
	}
	fprintf(f,
		"/* Generated at build time by seccomp_gen "
		"(backends/seccomp_gen_main.c)\n"
		" * from sc_rules[] in backends/seccomp.c, with libseccomp "
		"%u.%u.%u: do not edit.\n"
		" * tests/unit/test_seccomp.c compiles the rules again and "
		"compares. */\n"
		"#include <linux/filter.h>\n\n"
		"#include \"be_seccomp.h\"\n",
		v ? v->major : 0, v ? v->minor : 0, v ? v->micro : 0);
	emit(f, "net", "a session with network", &net);
	emit(f, "nonet", "--no-network", &nonet);
	emit(f, "net_noipc", "with network, no private IPC namespace", &neti);
	emit(f, "nonet_noipc", "--no-network, no private IPC namespace",
	     &noneti);
	ok = !ferror(f);
	ok = fclose(f) == 0 && ok;
	if (ok && rename(tmp, argv[1]) < 0)
		ok = 0;
	if (!ok) {
		fprintf(stderr, "seccomp_gen: writing %s: %s\n", argv[1],
			strerror(errno));
		(void)remove(tmp);
	}
out:
	free(tmp);
	scg_free(&net);
	scg_free(&nonet);
	scg_free(&neti);
	scg_free(&noneti);
	return ok ? 0 : 1;
}
