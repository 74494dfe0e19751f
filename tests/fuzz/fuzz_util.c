/* tests/fuzz/fuzz_util.c — fz_str() and fz_tmpdir() (fuzz.h). */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"

char *fz_str(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);

	if (!s)
		abort();
	if (size)
		memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

static char tmpdir[4096];

static void rm_tmpdir(void)
{
	/* The harnesses only ever make plain files and folders one level
	 * deep in it; a shell is not started for this. */
	char cmd[4200];

	if (!tmpdir[0])
		return;
	snprintf(cmd, sizeof(cmd), "rm -rf -- '%s'", tmpdir);
	if (system(cmd) != 0)
		fprintf(stderr, "fuzz: could not remove %s\n", tmpdir);
}

const char *fz_tmpdir(void)
{
	const char *t;

	if (tmpdir[0])
		return tmpdir;
	t = getenv("TMPDIR");
	if (!t || t[0] != '/')
		t = "/tmp";
	snprintf(tmpdir, sizeof(tmpdir), "%s/sbxsh-fuzz.XXXXXX", t);
	if (!mkdtemp(tmpdir)) {
		perror("fuzz: mkdtemp");
		abort();
	}
	atexit(rm_tmpdir);
	return tmpdir;
}
