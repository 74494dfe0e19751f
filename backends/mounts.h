/* backends/mounts.h — the mount layer (mounts.c). */
#ifndef SBX_MOUNTS_H
#define SBX_MOUNTS_H

#include "be_base.h"
#include "doors.h"

/*
 * The mount layer (mounts.c), shared by the namespace backend (the whole
 * of its filesystem policy) and the landlock backend (metadata changes
 * that Landlock cannot see).
 */
struct mnt_entry {
	char *path;	    /* mount point, unescaped */
	unsigned long keep; /* MS_NOSUID|MS_NODEV|... to keep on remount */
};
/* Parses /proc/self/mountinfo text. Appends to |out| / |*n|. Pure. */
int mnt_parse_mountinfo(const char *text, struct mnt_entry **out, size_t *n);

struct mnt_plan;
enum mnt_mode {
	MNT_METADATA,  /* landlock backend: read-only outside the roots */
	MNT_NAMESPACE, /* namespace backend: that, plus masks, private tmp */
};
/* Builds the list of mount operations from the plan (the writable roots
 * to keep, the masks, the private tmp). Reads no mountinfo: only the
 * fallback in mnt_apply() needs it. 0 or -errno (+diag). */
int mnt_prepare(const struct be_plan *plan, enum mnt_mode mode,
		const char *backend, struct be_notes *notes,
		struct mnt_plan **out, struct sbx_diag *diag);
/*
 * Enters a private mount namespace (inside a user namespace when not
 * root) and performs the operations: with the new mount API (open_tree,
 * mount_setattr, move_mount) when the kernel has it, else mount by mount
 * from /proc/self/mountinfo (that fallback allocates). Returns 0; -errno
 * (+diag) on a failure; or 1 if the namespace itself could not be created
 * (*unshare_err gets the errno) and nothing changed: the caller decides
 * whether that is fatal.
 */
int mnt_apply(const struct mnt_plan *mp, int *unshare_err,
	      struct sbx_diag *diag);
/* How many sockets (|ptys| false) or terminals of others the plan
 * covers (doors.c); 0 for NULL. */
size_t mnt_covered(const struct mnt_plan *mp, bool ptys);

const struct dr_stats *mnt_door_stats(const struct mnt_plan *mp);
/* The notes about doors (the sockets and terminals of others), once the
 * backend knows whether its mount layer |mp| stands (report()). */
void mnt_note_doors(int landlock_abi, enum pol_scope scope,
		    const struct mnt_plan *mp, bool mount_layer,
		    struct be_notes *notes);
void mnt_free(struct mnt_plan *mp);
/* True if mnt_apply() gives the session private IPC and UTS namespaces
 * along with the mount namespace (always, but in the bench build's
 * SBXSH_BENCH_OFF=ipcns). */
bool mnt_ipc_private(const struct mnt_plan *mp);

#endif
