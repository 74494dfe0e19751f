/* backends/seccomp_gen.h — sc_rules[] (seccomp.c) compiled to a seccomp
 * BPF program with libseccomp, at build time.
 *
 * Linked by the generator (seccomp_gen_main.c), which writes the programs
 * sbxsh embeds, and by tests/unit/test_seccomp.c, which compiles them again
 * and compares: sbxsh itself never links libseccomp (docs/backends.md,
 * "seccomp"). Lifecycle: scg_compile() → use .insns → scg_free().
 */
#ifndef SBX_SECCOMP_GEN_H
#define SBX_SECCOMP_GEN_H

#include <stdbool.h>
#include <stddef.h>

#include "sbx.h"

struct sock_filter;

/* A program: the prefix built from sc_abis[], then libseccomp's export.
 * Owns |insns|. */
struct scg_prog {
	struct sock_filter *insns;
	size_t len;    /* instructions, not bytes */
	size_t prefix; /* how many of them are the prefix */
};

/*
 * Builds the filter of a session of |variant| (0, or SC_NO_NETWORK and/or
 * SC_NO_IPCNS: --no-network, no private IPC namespace) from sc_rules[]
 * and sc_abis[], and exports its BPF into |out| (freed with scg_free()).
 * 0, or -errno with |diag| naming the libseccomp step. Deterministic: the
 * same rules and libseccomp give the same bytes.
 */
int scg_compile(unsigned variant, struct scg_prog *out, struct sbx_diag *diag);
void scg_free(struct scg_prog *p);

#endif
