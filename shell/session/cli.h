/* shell/session/cli.h — the one-shot informational modes and the banner. */
#ifndef SBX_CLI_H
#define SBX_CLI_H

#include <stdio.h>

#include "opts.h"
#include "session.h"

/* |s|: the session as the start-up left it (its configuration read, the
 * environment filtered: shell/main.c); the policy is previewed into it
 * and closed again. The exit status. */
int cli_print_policy(const struct sbx_opts *o, struct session *s);
int cli_check_line(const struct sbx_opts *o,
		   struct session *s); /* 0, 1 flagged */
int cli_print_profile(const struct sbx_opts *o, struct session *s);
/* The start-up banner: version, workflow, backend, scope, network, then
 * the sandbox_writable line and its sentence. */
void cli_banner(FILE *out, const struct session *s, const char *backend);

#endif
