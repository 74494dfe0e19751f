/* tests/kernel/sbx_confine.c — confine, then exec a command: a harness for
 * the escape battery that drives the backends without the shell.
 *
 * sbx_confine [-v] [--backend B] [--rw P]... [--dev P]... [--mask P]...
 *             [--no-network] [--scope workspace|read-only|unrestricted]
 *             [--private-tmp RUNTMP] -- CMD [ARG...]
 * Exits 125 with "sbx_confine: <diag>" when confinement fails, like sbxsh.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "be_base.h"
#include "landlock.h"
#include "namespace.h"

int main(int argc, char **argv)
{
	const char *backend = "landlock";
	const char **rw = xcalloc((size_t)argc, sizeof(char *));
	const char **dev = xcalloc((size_t)argc, sizeof(char *));
	const char **mask = xcalloc((size_t)argc, sizeof(char *));
	struct be_plan plan = {.scope = POL_SCOPE_WORKSPACE, .network = true};
	struct be_notes notes = {0};
	struct sbx_diag d = {0};
	const struct be_ops *ops;
	bool verbose = false;
	int i;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;

		if (strcmp(a, "--") == 0) {
			i++;
			break;
		} else if (strcmp(a, "-v") == 0) {
			verbose = true;
		} else if (strcmp(a, "--no-network") == 0) {
			plan.network = false;
		} else if (v && strcmp(a, "--backend") == 0) {
			backend = v, i++;
		} else if (v && strcmp(a, "--rw") == 0) {
			rw[plan.nrw++] = v, i++;
		} else if (v && strcmp(a, "--dev") == 0) {
			dev[plan.ndev++] = v, i++;
		} else if (v && strcmp(a, "--mask") == 0) {
			mask[plan.nmasked++] = v, i++;
		} else if (v && strcmp(a, "--private-tmp") == 0) {
			plan.private_tmp = true, plan.run_tmp = v, i++;
		} else if (v && strcmp(a, "--scope") == 0) {
			if (pol_scope_parse(v, &plan.scope) < 0)
				return 2;
			i++;
		} else {
			fprintf(stderr, "sbx_confine: bad argument %s\n", a);
			return 2;
		}
	}
	if (i >= argc) {
		fprintf(stderr, "sbx_confine: no command\n");
		return 2;
	}
	plan.rw = rw;
	plan.dev = dev;
	plan.masked = mask;
	ops = be_lookup(backend);
	if (!ops) {
		fprintf(stderr, "sbx_confine: no backend %s\n", backend);
		return 2;
	}
	if (be_confine_plan(ops, &plan, &notes, &d) < 0) {
		fprintf(stderr, "sbx_confine: %s\n", d.msg);
		return 125;
	}
	if (verbose)
		for (size_t k = 0; k < notes.keys.n; k++)
			fprintf(stderr, "note: %s: %s\n", notes.keys.v[k],
				notes.vals.v[k]);
	execvp(argv[i], argv + i);
	perror(argv[i]);
	return 127;
}
