/* backends/profiles_host.c — the disk facts the profile generators need,
 * answered for real. The only effectful part of the bwrap rendering: the
 * generator itself (bwrap_profile.c) stays pure and golden-file tested. */
#include "profiles.h"

#include <sys/stat.h>

static enum prof_kind host_kind(void *ctx, const char *path)
{
	struct stat st;

	(void)ctx;
	/* stat, not lstat: the policy's paths are canonical already, and a
	 * secret that is a symlink is masked where it points. */
	if (stat(path, &st) != 0)
		return PROF_ABSENT;
	return S_ISDIR(st.st_mode) ? PROF_DIR : PROF_FILE;
}

const struct prof_disk prof_host_disk = {.kind = host_kind, .ctx = NULL};

void bw_args(const struct sbx_policy *pol, struct sbx_strv *argv)
{
	bw_args_disk(pol, &prof_host_disk, argv);
}
