/* tests/fuzz/fuzz_netrule.c — network patterns and host names through
 * core/netrule.c. The input's first line is a pattern, the second a host
 * a client asks for. What must hold:
 *  - a pattern accepted renders a canonical pattern that parses again to
 *    the same rule (kind, host, address, prefix, port);
 *  - every rendered pattern and verdict text is printable ASCII (they
 *    reach the terminal);
 *  - a host matched by an allow-only set of that one rule is refused once
 *    the same pattern is also a deny rule (deny wins). */
#include <string.h>

#include "fuzz.h"
#include "netrule.h"

static void printable(const char *s)
{
	for (; *s; s++)
		FZ_CHECK(*s >= 0x20 && *s < 0x7f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *in = fz_str(data, size), *host = strchr(in, '\n');
	struct nr_rule r, again;
	struct nr_verdict v;

	if (host)
		*host++ = '\0';
	else
		host = in;
	if (nr_parse(in, false, "fuzz", &r, NULL) == 0) {
		printable(r.pattern);
		FZ_CHECK(nr_parse(r.pattern, false, "fuzz", &again, NULL) == 0);
		FZ_CHECK(again.kind == r.kind && again.port == r.port &&
			 !strcmp(again.host, r.host) &&
			 !memcmp(&again.addr, &r.addr, sizeof(r.addr)) &&
			 again.prefix == r.prefix);
		FZ_CHECK(!strcmp(again.pattern, r.pattern));

		struct nr_set *s = nr_set_new();
		nr_add_rule(s, &r);
		bool allowed = nr_decide_name(s, host, 443, &v);
		printable(v.text);
		r.deny = true;
		nr_add_rule(s, &r);
		if (allowed)
			FZ_CHECK(!nr_decide_name(s, host, 443, &v));
		printable(v.text);
		nr_set_free(s);
	}
	free(in);
	return 0;
}
