/* tests/fuzz/fuzz_arith.c — arith_eval() (shell/interp/arith.c) on any text,
 * with a fixed set of variables: numbers, an expression (x=y+1 style,
 * evaluated recursively), a chain that recurses into itself, a
 * read-only one and garbage. Must not crash, hang or leak; a result of
 * 0 must come with a value, an error with a message. */
#include <errno.h>
#include <string.h>

#include "arith.h"
#include "fuzz.h"

static const char *const names[] = {"a",  "b",	 "x",	"y",	"self",
				    "ro", "big", "neg", "junk", "hex"};
static char vals[10][64];
static const char *const init[] = {"3",
				   "0",
				   "y+1",
				   "b*2",
				   "self+1",
				   "7",
				   "9223372036854775807",
				   "-9223372036854775808",
				   "1 +",
				   "0x7f"};

static int slot(const char *name)
{
	for (size_t i = 0; i < sizeof(names) / sizeof(*names); i++)
		if (!strcmp(names[i], name))
			return (int)i;
	return -1;
}

static const char *get(void *ctx, const char *name)
{
	int i = slot(name);

	(void)ctx;
	return i < 0 ? NULL : vals[i];
}

static int set(void *ctx, const char *name, const char *value)
{
	int i = slot(name);

	(void)ctx;
	if (i < 0)
		return -ENOENT;
	if (!strcmp(name, "ro"))
		return -EPERM;
	snprintf(vals[i], sizeof(vals[i]), "%s", value);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct arith_vars v = {get, set, NULL, false};
	struct sbx_diag d = {0};
	intmax_t out = 0;
	char *s = fz_str(data, size);
	int rc;

	for (size_t i = 0; i < sizeof(init) / sizeof(*init); i++)
		snprintf(vals[i], sizeof(vals[i]), "%s", init[i]);
	rc = arith_eval(s, &v, &out, &d);
	FZ_CHECK(rc <= 0);
	FZ_CHECK(rc != -ERANGE);
	if (rc < 0)
		FZ_CHECK(d.msg[0] != '\0');
	/* Without variables every name reads 0 and assignment fails. */
	rc = arith_eval(s, NULL, &out, NULL);
	FZ_CHECK(rc <= 0);
	free(s);
	return 0;
}
