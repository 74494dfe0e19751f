/* core/auditrec.c — Landlock audit records parsed (core/auditrec.h). */
#include "auditrec.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "sbx.h"

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

/* Reads decimal digits at |*p| (not past |end|) into |*v|. */
static bool num(const char **p, const char *end, int base, uint64_t *v)
{
	const char *s = *p;
	uint64_t n = 0;

	while (s < end && hexval(*s) >= 0 && hexval(*s) < base) {
		if (n > (UINT64_MAX - 15) / (uint64_t)base)
			return false;
		n = n * (uint64_t)base + (uint64_t)hexval(*s);
		s++;
	}
	if (s == *p)
		return false;
	*p = s;
	*v = n;
	return true;
}

/* A value as the kernel printed it: "quoted" (no quote, space or
 * control byte inside), an even run of hex digits (a string that had
 * one: audit_log_n_untrustedstring()), or a bare word ("(null)"). */
static char *value(const char *v, size_t n)
{
	bool hex = n > 0 && n % 2 == 0;
	char *out;

	if (n >= 2 && v[0] == '"' && v[n - 1] == '"')
		return xstrndup(v + 1, n - 2);
	for (size_t i = 0; i < n && hex; i++)
		hex = (v[i] >= '0' && v[i] <= '9') ||
		      (v[i] >= 'A' && v[i] <= 'F');
	if (!hex)
		return xstrndup(v, n);
	out = xmalloc(n / 2 + 1);
	for (size_t i = 0; i < n / 2; i++)
		out[i] = (char)(hexval(v[2 * i]) << 4 | hexval(v[2 * i + 1]));
	out[n / 2] = 0;
	/* a NUL inside would cut the path short: not a path, then */
	if (strlen(out) != n / 2) {
		free(out);
		return xstrndup(v, n);
	}
	return out;
}

enum ar_kind ar_kind_of(const char *b, size_t len)
{
	static const struct {
		const char *word;
		enum ar_kind kind;
	} words[] = {
	    {"fs.read_file", AR_FS_READ},
	    {"fs.read_dir", AR_FS_READ},
	    {"fs.execute", AR_FS_READ},
	    {"fs.write_file", AR_FS_WRITE},
	    {"fs.truncate", AR_FS_WRITE},
	    {"fs.refer", AR_FS_WRITE},
	    {"fs.remove_dir", AR_FS_WRITE},
	    {"fs.remove_file", AR_FS_WRITE},
	    {"fs.ioctl_dev", AR_OTHER},
	    {"fs.make_", AR_FS_MAKE},
	    {"net.bind_tcp", AR_NET},
	    {"net.connect_tcp", AR_NET},
	    /* backends/audit_mnt.c's lines: a refusal of the mount layer */
	    {"mnt.write", AR_FS_WRITE},
	    {"mnt.make", AR_FS_MAKE},
	    {"mnt.any", AR_FS_ANY},
	};

	for (size_t i = 0; i < sizeof(words) / sizeof(*words); i++) {
		size_t n = strlen(words[i].word);

		/* "fs.make_" is a prefix (make_reg, make_dir, ...) */
		if (len >= n && memcmp(b, words[i].word, n) == 0 &&
		    (len == n || words[i].word[n - 1] == '_'))
			return words[i].kind;
	}
	return AR_OTHER;
}

/* "audit(SEC.MS:SERIAL):" at the start of |text|: moves |*p| past it
 * and sets |*end| (the netlink payload may carry its terminating NUL). */
static bool stamp(const char *text, size_t len, const char **p,
		  const char **end, uint64_t *at_ms, uint64_t *serial)
{
	const char *q = text, *e = text + len, *stop = memchr(text, 0, len);
	uint64_t sec, ms;

	if (stop)
		e = stop;
	if (e - q < 6 || memcmp(q, "audit(", 6))
		return false;
	q += 6;
	if (!num(&q, e, 10, &sec) || q >= e || *q++ != '.' ||
	    !num(&q, e, 10, &ms) || q >= e || *q++ != ':' ||
	    !num(&q, e, 10, serial) || e - q < 2 || *q++ != ')' || *q++ != ':')
		return false;
	*at_ms = sec * 1000 + ms;
	*p = q;
	*end = e;
	return true;
}

/* The next "key=value" field of a record at *|p| (blanks before it
 * skipped), *|p| moved past it; false for a word without '=' (moved past
 * too). */
static bool next_kv(const char **p, const char *end, const char **k, size_t *kn,
		    const char **v, size_t *vn)
{
	const char *q = *p, *eq;

	while (q < end && *q == ' ')
		q++;
	*k = q;
	while (q < end && *q != ' ')
		q++;
	*p = q;
	eq = memchr(*k, '=', (size_t)(q - *k));
	if (!eq)
		return false;
	*kn = (size_t)(eq - *k);
	*v = eq + 1;
	*vn = (size_t)(q - *v);
	return true;
}

int ar_parse(int type, const char *text, size_t len, struct ar_rec *out)
{
	const char *p, *end;
	bool have_domain = false;

	memset(out, 0, sizeof(*out));
	out->type = type;
	if (type != AR_TYPE_ACCESS && type != AR_TYPE_DOMAIN)
		return -EINVAL;
	if (!stamp(text, len, &p, &end, &out->ms, &out->serial))
		return -EINVAL;
	while (p < end) {
		const char *k, *v;
		size_t kn, vn;

		if (!next_kv(&p, end, &k, &kn, &v, &vn))
			continue;
		if (kn == 6 && memcmp(k, "domain", 6) == 0) {
			const char *q = v;

			have_domain =
			    num(&q, v + vn, 16, &out->domain) && q == v + vn;
		} else if (type == AR_TYPE_ACCESS && kn == 8 &&
			   memcmp(k, "blockers", 8) == 0 && !out->blockers) {
			const char *comma = memchr(v, ',', vn);

			out->blockers = xstrndup(v, vn);
			out->kind =
			    ar_kind_of(v, comma ? (size_t)(comma - v) : vn);
		} else if (type == AR_TYPE_ACCESS && kn == 4 &&
			   memcmp(k, "path", 4) == 0 && !out->path) {
			out->path = value(v, vn);
		} else if (type == AR_TYPE_DOMAIN && kn == 6 &&
			   memcmp(k, "status", 6) == 0) {
			out->allocated =
			    vn == 9 && memcmp(v, "allocated", 9) == 0;
		} else if (type == AR_TYPE_DOMAIN && kn == 4 &&
			   memcmp(k, "comm", 4) == 0 && !out->comm) {
			out->comm = value(v, vn);
		} else if (type == AR_TYPE_DOMAIN && kn == 3 &&
			   memcmp(k, "pid", 3) == 0 && !out->pid) {
			const char *q = v;
			uint64_t pid;

			if (num(&q, v + vn, 10, &pid) && q == v + vn &&
			    pid < 1u << 30)
				out->pid = (long)pid;
		}
	}
	if (!have_domain) {
		ar_free(out);
		return -EINVAL;
	}
	return 0;
}

void ar_free(struct ar_rec *r)
{
	free(r->blockers);
	free(r->path);
	free(r->comm);
	r->blockers = r->path = r->comm = NULL;
}

int ar_parse_sys(int type, const char *text, size_t len, struct ar_sys *out)
{
	const char *p, *end;

	memset(out, 0, sizeof(*out));
	out->type = type;
	if (type != AR_TYPE_SYSCALL && type != AR_TYPE_PATH &&
	    type != AR_TYPE_CWD && type != AR_TYPE_EOE)
		return -EINVAL;
	if (!stamp(text, len, &p, &end, &out->ms, &out->serial))
		return -EINVAL;
	while (p < end) {
		const char *k, *v;
		size_t kn, vn;

		if (!next_kv(&p, end, &k, &kn, &v, &vn))
			continue;
#define KEY(w) (kn == sizeof(w) - 1 && memcmp(k, w, kn) == 0)
		if (type == AR_TYPE_SYSCALL && KEY("exit")) {
			const char *q = v + (vn && *v == '-');
			uint64_t e;

			if (num(&q, v + vn, 10, &e) && q == v + vn &&
			    e < 1u << 20)
				out->exit = *v == '-' ? -(long)e : (long)e;
		} else if (type == AR_TYPE_SYSCALL && KEY("pid")) {
			const char *q = v;
			uint64_t pid;

			if (num(&q, v + vn, 10, &pid) && q == v + vn &&
			    pid < 1u << 30)
				out->pid = (long)pid;
		} else if (type == AR_TYPE_SYSCALL && KEY("key") && !out->key &&
			   vn >= 2 && *v == '"') {
			/* "(null)" unquoted: no key */
			out->key = value(v, vn);
		} else if (((type == AR_TYPE_PATH && KEY("name")) ||
			    (type == AR_TYPE_CWD && KEY("cwd"))) &&
			   !out->name && vn && *v != '(') {
			out->name = value(v, vn);
		} else if (type == AR_TYPE_PATH && KEY("nametype")) {
			out->parent = vn == 6 && memcmp(v, "PARENT", 6) == 0;
		}
#undef KEY
	}
	return 0;
}

void ar_sys_free(struct ar_sys *s)
{
	free(s->key);
	free(s->name);
	s->key = s->name = NULL;
}
