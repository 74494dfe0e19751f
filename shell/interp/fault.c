/* shell/interp/fault.c — SBXSH_FAULT=NAME:N[:ERRNO] for the test build only
 * (shell/interp/fault.h says why). Empty unless built with -DSBXSH_FAULT. */
#include "fault.h"

#ifdef SBXSH_FAULT
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const struct {
	const char *name;
	int err;
} flt_errs[] = {
    {"EIO", EIO},	{"ENOMEM", ENOMEM}, {"EPERM", EPERM},
    {"ENOSPC", ENOSPC}, {"EAGAIN", EAGAIN}, {"EMFILE", EMFILE},
    {"EACCES", EACCES}, {"EINTR", EINTR},
};

static struct {
	int parsed; /* 0: not yet, 1: armed, -1: off */
	char name[16];
	unsigned long nth; /* 1-based */
	unsigned long seen;
	bool on; /* N+: the Nth call and every one after */
	int err;
} flt;

static void flt_parse(void)
{
	const char *v = getenv("SBXSH_FAULT"), *c1, *c2;
	char *end;

	flt.parsed = -1;
	if (!v || !(c1 = strchr(v, ':')) ||
	    (size_t)(c1 - v) >= sizeof(flt.name))
		return;
	memcpy(flt.name, v, (size_t)(c1 - v));
	flt.name[c1 - v] = 0;
	flt.nth = strtoul(c1 + 1, &end, 10);
	if (*end == '+') {
		flt.on = true;
		end++;
	}
	if (end == c1 + 1 || (*end && *end != ':'))
		return;
	flt.err = EIO;
	if ((c2 = strchr(c1 + 1, ':'))) {
		flt.err = 0;
		for (size_t i = 0; i < sizeof(flt_errs) / sizeof(*flt_errs);
		     i++)
			if (!strcmp(c2 + 1, flt_errs[i].name))
				flt.err = flt_errs[i].err;
		if (!flt.err)
			return;
	}
	flt.parsed = 1;
}

bool flt_fail(const char *name)
{
	if (!flt.parsed)
		flt_parse();
	if (flt.parsed < 0 || strcmp(name, flt.name))
		return false;
	/* Atomic: the denial lines' forwarder thread writes too. */
	unsigned long seen = __atomic_add_fetch(&flt.seen, 1, __ATOMIC_SEQ_CST);

	if (seen != flt.nth && !(flt.on && seen > flt.nth))
		return false;
	const char *fd = getenv("SBXSH_FAULT_FD");
	if (fd && *fd) {
		char line[64];
		int k =
		    snprintf(line, sizeof(line), "fault %s %lu\n", name, seen);

		if (write(atoi(fd), line, (size_t)k) < 0) {
			/* the test then sees no hit, and says so */
		}
	}
	errno = flt.err;
	return true;
}
#endif
