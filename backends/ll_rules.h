/* backends/ll_rules.h — the Landlock rule layer (ll_rules.c): the
 * session's ruleset built from a plan, and applied, for both Linux
 * backends (landlock.c, where it is the filesystem policy; namespace.c,
 * where it is a second layer under the mount layer).
 */
#ifndef SBX_LL_RULES_H
#define SBX_LL_RULES_H

#include "be_base.h"

#define LL_ABI_MAX 9
/* Every filesystem right ABI |abi| knows. */
uint64_t ll_fs_rights(int abi);
/* The rights that apply to a non-directory (a rule on a file with a
 * directory-only right fails with EINVAL). */
uint64_t ll_file_rights(void);
/* What the ruleset handles at |abi| for |plan|, lowered through one
 * fall-through table as the kernel's samples/landlock/sandboxer.c does. */
void ll_handled(int abi, const struct be_plan *plan, uint64_t *fs,
		uint64_t *net, uint64_t *scoped);
/* The size of struct ll_ruleset_attr the kernel of ABI |abi| knows. */
size_t ll_attr_size(int abi);
/* The Landlock ABI the kernel reports; 0 without Landlock. */
int ll_kernel_abi(void);
struct ll_rules;
/*
 * The session's Landlock ruleset for |plan| at plan->caps->landlock_abi:
 * write rights on the writable roots, device rights on the device roots,
 * read everywhere but the masked secrets, TCP rules without network, the
 * signal and abstract-socket scopes. *out stays NULL (and 0 is returned)
 * on a kernel without Landlock: the caller decides whether that is fatal.
 * |by_mounts|: the caller's mount layer is the filesystem policy
 * (namespace backend) and masks the secrets; Landlock is a second layer,
 * so its filesystem gaps need no note. 0 or -errno (+diag).
 */
int ll_rules_prepare(const struct be_plan *plan, const char *backend,
		     bool by_mounts, struct be_notes *notes,
		     struct ll_rules **out, struct sbx_diag *diag);
/* Read on |path| too, in apply() (syscalls only): the PID namespace's
 * /proc, mounted after the ruleset was built, is a new filesystem no
 * rule covers. No-op for NULL. 0 or -errno (+diag). */
int ll_rules_add_read(const struct ll_rules *r, const char *path,
		      const char *backend, struct sbx_diag *diag);
/* The ABI the ruleset was made for (lowered on EINVAL); 0 for NULL. */
int ll_rules_abi(const struct ll_rules *r);
/* The rules of the guarded roots (be_plan.guarded), once the mount layer
 * holds their protected paths: be_apply_tail() calls it only then. No
 * allocation. 0 or -errno (+diag). */
int ll_rules_grant_guarded(const struct ll_rules *r, const char *backend,
			   struct sbx_diag *diag);
/* landlock_restrict_self() with it (NULL: nothing); TSYNC from ABI 8.
 * 0 or -errno. */
int ll_rules_restrict(const struct ll_rules *r, const char *backend,
		      struct sbx_diag *diag);
void ll_rules_free(struct ll_rules *r);

#endif
