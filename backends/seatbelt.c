/* backends/seatbelt.c — the Seatbelt backend: applies the SBPL profile
 * (seatbelt_profile.c) to the shell process itself with macOS's
 * sandbox_init().
 *
 * Like the Linux backends it confines the calling process once, at the
 * end of start-up; every job inherits the sandbox (a Seatbelt profile is
 * kept across fork and exec and can never be lifted or widened), so
 * builtin redirections and globs are confined too. On every other system
 * the backend compiles to a stub that fails closed: choosing it there is
 * an error with a clear message, never an unconfined session.
 *
 * The macOS half compiles on macOS but cannot be run by the Linux CI; the
 * generator it calls is golden-file tested everywhere (docs/backends.md).
 */
#include "profiles.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "seatbelt.h"

#ifdef __APPLE__
#include <sandbox.h>
#endif

struct be_ctx {
	struct sbx_buf profile;
};

bool sb_available(void)
{
#ifdef __APPLE__
	return true;
#else
	return false;
#endif
}

static int sb_probe(struct be_caps *caps, struct sbx_diag *diag)
{
	if (!sb_available())
		return be_fail(diag, ENOSYS, "seatbelt",
			       "probe (the macOS sandbox, sandbox_init, does "
			       "not exist on this system; sbxsh "
			       "--print-profile seatbelt only prints the "
			       "profile)");
	caps->seatbelt = true;
	return 0;
}

static int sb_prepare(const struct be_plan *plan, struct be_notes *notes,
		      struct be_ctx **out, struct sbx_diag *diag)
{
	struct be_ctx *ctx;

	*out = NULL;
	if (!sb_available())
		return be_fail(diag, ENOSYS, "seatbelt", "prepare (not macOS)");
	ctx = xcalloc(1, sizeof(*ctx));
	sb_profile_plan(plan, NULL, &ctx->profile);
	be_note(notes, "backend",
		"seatbelt: SBPL profile via sandbox_init "
		"(see sbxsh --print-profile seatbelt)");
	*out = ctx;
	return 0;
}

#ifdef __APPLE__
/*
 * sandbox_init() with a profile string (flags 0) has been marked
 * deprecated since 10.8, yet it is the public entry point every user of
 * custom profiles calls (Chromium through its _with_parameters twin,
 * sandbox-exec, which Codex and Claude Code run); there is no replacement
 * for processes outside the App Store.
 */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
static int sb_apply(struct be_ctx *ctx, struct sbx_diag *diag)
{
	char *err = NULL;
	int e;

	if (!ctx || !ctx->profile.s)
		return be_fail(diag, EINVAL, "seatbelt",
			       "apply (no profile prepared)");
	errno = 0;
	if (sandbox_init(ctx->profile.s, 0, &err) == 0)
		return 0;
	/* A profile the sandbox cannot parse leaves errno alone; that is
	 * EINVAL. The error text names the offending rule. */
	e = errno ? errno : EINVAL;
	be_fail(diag, e, "seatbelt", "sandbox_init (%s)",
		err ? err : "the profile was refused");
	if (err)
		sandbox_free_error(err);
	return -e;
}
#pragma GCC diagnostic pop
#else
static int sb_apply(struct be_ctx *ctx, struct sbx_diag *diag)
{
	(void)ctx;
	return be_fail(diag, ENOSYS, "seatbelt", "apply (not macOS)");
}
#endif

static void sb_release(struct be_ctx *ctx)
{
	if (!ctx)
		return;
	buf_free(&ctx->profile);
	free(ctx);
}

const struct be_ops be_seatbelt = {
    .name = "seatbelt",
    .probe = sb_probe,
    .prepare = sb_prepare,
    .apply = sb_apply,
    .release = sb_release,
};
