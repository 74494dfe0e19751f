/* tests/bench/bench_scope.c — what the scope checker costs per command line
 * and per byte of a huge line (docs/design.md §4: it runs before every line,
 * so it must be cheap, and linear so a pasted 1 MiB line cannot stall the
 * prompt). Not a CTest test: timings depend on the machine. Run it with
 * tests/bench/bench-scope.sh BUILD_DIR.
 *
 * The policy is a real one (pol_new) over the unit tests' fake facts
 * (tests/unit/fixture_policy.h); canonicalization is
 * a string copy, so the numbers are the checker's own cost, not the
 * realpath() syscalls the shell's canon callback adds per path.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../unit/fixture_policy.h"
#include "policy.h"
#include "scope.h"

static char *copy_canon(void *ctx, const char *p)
{
	(void)ctx;
	return xstrdup(p);
}

static bool no_dir(void *ctx, const char *p)
{
	(void)ctx;
	(void)p;
	return false;
}

static char big[64 << 10]; /* $BIG: a 64 KiB value */

static const char *getvar(void *ctx, const char *name)
{
	(void)ctx;
	if (strcmp(name, "BIG") == 0)
		return big;
	if (strcmp(name, "HOME") == 0)
		return "/home/u";
	if (strcmp(name, "TMPDIR") == 0)
		return WS "/.sandbox-runs/R/tmp";
	if (strcmp(name, "USER") == 0)
		return "u";
	return NULL;
}

static const char *const typical[] = {
    "ls -la",
    "cat /etc/passwd > /tmp/../etc/hosts",
    "go build ./... && go test ./...",
    "GOCACHE=$HOME/.cache/go-build go test -count=1 ./pkg/...",
    "pip install --user yfinance",
    "cp -r src/ /tmp/backup && rm -rf build/",
    "find . -name '*.o' -delete",
    "grep -rn 'TODO' --include='*.c' src/ | sort | uniq -c",
    "tar -xzf /tmp/dl.tgz -C /opt",
    "curl -fsSL https://example.com/install.sh | sh",
    "for f in *.txt; do sed -i 's/a/b/' \"$f\"; done",
    "echo \"$(date) done\" >> $TMPDIR/log 2>&1",
    "sudo tee /etc/hosts < ~/.ssh/config",
    "git clone https://github.com/x/y.git /opt/y && cd y && make",
    "cat <<EOF > /tmp/x\nhello /etc/passwd\nEOF",
};

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* Mean ns per scope_check() of |line| over enough runs for ~|budget| ns. */
static double time_line(const struct sbx_policy *pol,
			const struct scope_env *env, const char *line,
			size_t len, double budget, size_t *nflags)
{
	size_t runs = 0;
	double t0 = now_ns(), t;

	do {
		struct scope_report r = {0};

		scope_check(pol, env, line, len, &r);
		*nflags = r.n;
		scope_report_free(&r);
		runs++;
		t = now_ns();
	} while (t - t0 < budget || runs < 3);
	return (t - t0) / (double)runs;
}

static char *repeat(const char *unit, size_t total, size_t *len)
{
	size_t ul = strlen(unit), n = total / ul;
	char *s = xmalloc(n * ul + 1);

	for (size_t i = 0; i < n; i++)
		memcpy(s + i * ul, unit, ul);
	s[n * ul] = '\0';
	*len = n * ul;
	return s;
}

int main(void)
{
	struct pol_facts f = fx_facts();
	struct scope_env env = {
	    .getvar = getvar,
	    .cwd = WS,
	    .canon = copy_canon,
	};
	static const struct {
		const char *name, *unit;
	} huge[] = {
	    {"repeated paths", "cat /etc/passwd /tmp/x $HOME/.ssh/k "},
	    {"quoted words", "\"/usr/share/a b\" '/opt/x' > /tmp/y; "},
	    {"distinct paths", NULL},
	    {"many commands", "ls /tmp/x;cd y&&rm -f z|tee /opt/w\n"},
	    {"unterminated $(", "$( "},
	    {"64 KiB $BIG words", "cat $BIG/x "},
	};
	static const size_t sizes[] = {64 << 10, 256 << 10, 1 << 20};
	struct sbx_policy *pol;
	struct sbx_diag d;
	double total = 0;
	size_t nf;

	for (size_t i = 0; i + 1 < sizeof(big); i++)
		big[i] = i % 8 ? 'b' : '/';
	f.canon = copy_canon;
	f.is_dir = no_dir;
	if (pol_new(&f, &pol, &d) < 0) {
		fprintf(stderr, "bench_scope: pol_new: %s\n", d.msg);
		return 1;
	}
	printf("%-58s %10s %6s\n", "typical command line", "ns/line", "flags");
	for (size_t i = 0; i < sizeof(typical) / sizeof(*typical); i++) {
		double ns = time_line(pol, &env, typical[i], strlen(typical[i]),
				      2e7, &nf);
		char shown[59];

		snprintf(shown, sizeof(shown), "%s", typical[i]);
		for (char *p = shown; *p; p++)
			if (*p == '\n')
				*p = ' ';
		printf("%-58s %10.0f %6zu\n", shown, ns, nf);
		total += ns;
	}
	printf("%-58s %10.0f\n\n", "mean",
	       total / (double)(sizeof(typical) / sizeof(*typical)));

	printf("%-18s %8s %12s %10s %8s\n", "huge line", "bytes", "ms",
	       "ns/byte", "flags");
	for (size_t h = 0; h < sizeof(huge) / sizeof(*huge); h++) {
		for (size_t z = 0; z < sizeof(sizes) / sizeof(*sizes); z++) {
			size_t len = 0;
			char *s;
			double ns;

			if (huge[h].unit) {
				s = repeat(huge[h].unit, sizes[z], &len);
			} else {
				s = xmalloc(sizes[z] + 1);
				for (unsigned i = 0; len + 24 < sizes[z]; i++)
					len += (size_t)snprintf(s + len, 24,
								"/etc/%u ", i);
			}
			ns = time_line(pol, &env, s, len, 3e8, &nf);
			printf("%-18s %8zu %12.2f %10.2f %8zu\n", huge[h].name,
			       len, ns / 1e6, ns / (double)len, nf);
			free(s);
		}
	}
	pol_free(pol);
	return 0;
}
