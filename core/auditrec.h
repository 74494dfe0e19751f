/* core/auditrec.h — the kernel's Landlock audit records, parsed (ABI 7:
 * AUDIT_LANDLOCK_ACCESS, 1423, one per denial; AUDIT_LANDLOCK_DOMAIN,
 * 1424, when a domain is first logged and when it ends). Pure: the text
 * comes from backends/audit_sup.c (the supervisor that reads the audit
 * socket) and shell/session/kaudit.c (which turns a record into a denial
 * line).
 *
 * A record's text, as the kernel writes it (captured on Linux 6.18):
 *   audit(1796643986.868:634): domain=144e1b733 blockers=fs.make_reg
 *	path="/etc" dev="vda" ino=19
 *   audit(1796643986.476:614): domain=144e1b733 status=allocated
 *	mode=enforcing pid=18011 uid=0 exe="/tmp/aud/ll" comm="ll"
 * A path is chosen by the job: the kernel prints it quoted when it has
 * no quote, space or control byte, else as hex (audit_log_untrustedstring),
 * and ar_parse() decodes both; the caller still prints it through the
 * denial line's sanitiser (core/why.c).
 *
 * Lifecycle: ar_parse() → read the fields → ar_free().
 */
#ifndef SBX_AUDITREC_H
#define SBX_AUDITREC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define AR_TYPE_ACCESS 1423 /* AUDIT_LANDLOCK_ACCESS */
#define AR_TYPE_DOMAIN 1424 /* AUDIT_LANDLOCK_DOMAIN */

/* What the blockers say was wanted. */
enum ar_kind {
	AR_OTHER,    /* a scope (signal, abstract socket), or unknown */
	AR_FS_READ,  /* fs.read_file, fs.read_dir, fs.execute */
	AR_FS_WRITE, /* fs.write_file, fs.truncate, fs.refer, fs.remove_* */
	AR_FS_MAKE,  /* fs.make_*: |path| is the folder the entry was for */
	AR_NET,	     /* net.bind_tcp, net.connect_tcp */
	/* mnt.any (backends/audit_mnt.c): EACCES of a syscall, which names
	 * no access; the policy says which of read or write it refuses */
	AR_FS_ANY,
};

struct ar_rec {
	int type;	 /* AR_TYPE_*, as given to ar_parse() */
	uint64_t ms;	 /* the record's time, ms since the epoch */
	uint64_t serial; /* the event's serial number */
	uint64_t domain; /* the Landlock domain's id */
	/* AR_TYPE_ACCESS */
	enum ar_kind kind; /* of the first blocker */
	char *blockers;	   /* "fs.make_reg" or "fs.write_file,fs.truncate" */
	char *path;	   /* decoded; NULL when the record names none */
	/* AR_TYPE_DOMAIN */
	bool allocated; /* status=allocated (not deallocated) */
	long pid;	/* the creator's pid, or 0 */
	char *comm; /* the creator's name when it made the domain, or NULL */
};

/* Parses |len| bytes of |text| (the payload of a netlink audit message,
 * not NUL-terminated) of type |type|. 0, or -EINVAL when it is not a
 * Landlock record with a timestamp and a domain (nothing to free then). */
int ar_parse(int type, const char *text, size_t len, struct ar_rec *out);
void ar_free(struct ar_rec *r);

/* The syscall auditing records of one event (backends/audit_mnt.c: the
 * mount layer's refusals, which Landlock never sees), captured on Linux
 * 6.18, one serial for the event, EOE last:
 *   audit(1796655795.504:5270): arch=c000003e syscall=257 success=no
 *	exit=-30 ... ses=2 comm="proto" exe="/x/proto" key="sbxsh-29722"
 *   audit(1796655795.504:5270): cwd="/tmp/explain-proto"
 *   audit(1796655795.504:5270): item=0 name="/tmp/explain-proto/ro/"
 *	inode=11144548 ... nametype=PARENT ...
 *   audit(1796655795.504:5270):
 * name= and cwd= are chosen by the job: quoted or hex, as path= above. */
#define AR_TYPE_SYSCALL 1300
#define AR_TYPE_PATH 1302
#define AR_TYPE_CWD 1307
#define AR_TYPE_EOE 1320

struct ar_sys {
	int type;	 /* AR_TYPE_SYSCALL, _PATH, _CWD or _EOE */
	uint64_t ms;	 /* the record's time, ms since the epoch */
	uint64_t serial; /* the event's: every record of one event has it */
	long exit;	 /* SYSCALL: the return value (-30 for EROFS) */
	long pid;	 /* SYSCALL: the caller's pid (initial namespace) */
	char *key;	 /* SYSCALL: the rule's key, decoded; NULL: none */
	char *name;	 /* PATH: name=, CWD: cwd=, decoded; or NULL */
	bool parent;	 /* PATH: nametype=PARENT (the folder of a new entry) */
};

/* Parses a record of one of those four types. 0, or -EINVAL when it is
 * none of them or has no timestamp (nothing to free then). */
int ar_parse_sys(int type, const char *text, size_t len, struct ar_sys *out);
void ar_sys_free(struct ar_sys *s);

/* The kind of one blocker word ("fs.make_reg"). */
enum ar_kind ar_kind_of(const char *blocker, size_t len);

#endif
