/* core/gitfmt.h — the formats of the files git reads: a ".git" file, a
 * commondir file, a config file, read exactly as git reads them (a
 * parser more lenient or stricter than git's would protect another file
 * than the one git runs commands from). Pure; nothing here allocates. */
#ifndef SBX_GITFMT_H
#define SBX_GITFMT_H

#include <stdbool.h>
#include <stddef.h>

/* The path in the text of a ".git" file, as git's read_gitfile_gently()
 * takes it: "gitdir: " exactly, then everything up to trailing CRs and
 * LFs (trailing spaces are part of the path). 0 and the span, -EINVAL
 * for another format, -ENOENT for no path. */
int gm_gitfile_path(const char *buf, size_t len, size_t *off, size_t *plen);
/* The path in a commondir file: trailing CRs and LFs dropped. 0, or
 * -EINVAL when nothing is left (git dies on that). */
int gm_commondir_path(const char *buf, size_t len, size_t *plen);
/* |rel| (|rlen| bytes) resolved against folder |base| unless absolute,
 * folded lexically into |out|. 0, or -ENAMETOOLONG. */
int gm_join(char *out, size_t cap, const char *base, const char *rel,
	    size_t rlen);

/* One entry of a git config file. */
struct gm_cfg_kv {
	char section[64]; /* lower case */
	char sub[256];	  /* as written ("" for none) */
	char name[64];	  /* lower case */
	char value[4096]; /* unquoted, escapes done */
	bool has_value;	  /* "name = v" rather than a bare "name" */
	bool truncated;	  /* a part did not fit */
};
struct gm_cfg {
	const char *s;
	size_t len, i;
	char section[64], sub[256];
};
void gm_cfg_init(struct gm_cfg *c, const char *s, size_t len);
/* 1 and the next entry, 0 at the end, -EINVAL at a line git would refuse
 * (the entries before it stand). */
int gm_cfg_next(struct gm_cfg *c, struct gm_cfg_kv *kv);

#endif
