/* tests/unit/docsecrets.h — docs/secrets.md must list every row of the
 * tables it documents (test_envfilter.c, test_secrets.c). The source
 * folder comes from CMake (SBXSH_SRC_DIR). */
#ifndef SBX_TEST_DOCSECRETS_H
#define SBX_TEST_DOCSECRETS_H

#include <stdio.h>
#include <string.h>

#include "sbx.h"

/* docs/secrets.md, whole. */
static inline char *read_doc(void)
{
	FILE *f = fopen(SBXSH_SRC_DIR "/docs/secrets.md", "r");
	struct sbx_buf b = {0};
	char chunk[4096];
	size_t n;

	assert_non_null(f);
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
		buf_putn(&b, chunk, n);
	fclose(f);
	return b.s;
}

/* The doc shows |cell| as code: `cell`. */
static inline void doc_has(const char *doc, const char *cell)
{
	SBX_AUTOFREE char *q = xasprintf("`%s`", cell);

	if (!strstr(doc, q))
		print_error("docs/secrets.md does not list %s\n", q);
	assert_non_null(strstr(doc, q));
}

#endif
