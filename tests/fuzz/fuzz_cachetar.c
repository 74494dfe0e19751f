/* tests/fuzz/fuzz_cachetar.c — the members of an imported archive
 * through ct_check (core/cachetar.c), as libarchive would hand them over.
 * The input is one member a line: a type byte (f file, d folder, l
 * symlink, h hard link, c device, p fifo, s socket, anything else an
 * unknown type), then the name, then for l and h a TAB and the target.
 * What must hold of the members accepted:
 *  - each normalised name is relative, with no "", "." or ".."
 *    component, and no two are the same;
 *  - nothing lies beneath an accepted symlink or file (whatever the
 *    order: a file given first and its folder later as a link too);
 *  - no hard link, device, fifo, socket or unknown type;
 *  - every symlink, followed through the tree the accepted members make
 *    (the kernel's way: ".." physical, every link on the way followed,
 *    40 at most), never leaves the folder: the import's whole point. */
#include <string.h>

#include "cachetar.h"
#include "fuzz.h"

struct mem {
	char *name; /* normalised */
	enum ct_type type;
	char *link;
};
struct tree {
	struct mem *v;
	size_t n;
};

static const struct mem *lookup(const struct tree *t, const char *name,
				size_t l)
{
	for (size_t i = 0; i < t->n; i++)
		if (strlen(t->v[i].name) == l &&
		    !strncmp(t->v[i].name, name, l))
			return &t->v[i];
	return NULL;
}

/* The path |comps| (components joined, depth |*depth|) walks |target|
 * from; follows links. Returns false when the walk climbs above the
 * folder. A walk that ends at a missing name or a file stops there: the
 * kernel would fail it with ENOENT / ENOTDIR. */
static bool walk(const struct tree *t, char *path, int *depth,
		 const char *target, int *budget)
{
	const char *p = target;

	while (*p) {
		const char *e = strchr(p, '/');
		size_t l = e ? (size_t)(e - p) : strlen(p);

		if (l == 2 && !strncmp(p, "..", 2)) {
			char *s;

			if (*depth == 0)
				return false; /* above the folder */
			s = strrchr(path, '/');
			if (s)
				*s = 0;
			else
				path[0] = 0;
			(*depth)--;
		} else if (l && !(l == 1 && *p == '.')) {
			const struct mem *m;
			size_t pl = strlen(path);

			if (pl + l + 2 > 8192)
				return true;
			if (pl)
				path[pl++] = '/';
			memcpy(path + pl, p, l);
			path[pl + l] = 0;
			(*depth)++;
			m = lookup(t, path, pl + l);
			if (!m)
				return true; /* a folder only implied, or
					      * missing: nothing a link could be
					      * below */
			if (m->type == CT_SYMLINK) {
				char *s;

				if (--*budget <= 0)
					return true; /* ELOOP */
				/* the link is resolved from its own folder */
				s = strrchr(path, '/');
				if (s)
					*s = 0;
				else
					path[0] = 0;
				(*depth)--;
				if (!walk(t, path, depth, m->link, budget))
					return false;
			} else if (m->type != CT_DIR && e) {
				return true; /* ENOTDIR */
			}
		}
		p += l;
		while (*p == '/')
			p++;
	}
	return true;
}

static enum ct_type type_of(char c)
{
	switch (c) {
	case 'f':
		return CT_FILE;
	case 'd':
		return CT_DIR;
	case 'l':
		return CT_SYMLINK;
	case 'h':
		return CT_HARDLINK;
	case 'c':
		return CT_DEVICE;
	case 'p':
		return CT_FIFO;
	case 's':
		return CT_SOCKET;
	default:
		return CT_OTHER;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fz_str(data, size), *line = s, *nl;
	struct ct_seen seen = {0};
	struct tree t = {0};

	t.v = calloc(size + 1, sizeof(*t.v));
	for (; line; line = nl) {
		char norm[4096], *tab, *name;
		const char *link = NULL, *why = NULL;
		enum ct_type type;

		nl = strchr(line, '\n');
		if (nl)
			*nl++ = 0;
		if (!*line)
			continue;
		type = type_of(*line);
		name = line + 1;
		tab = strchr(name, '\t');
		if (tab) {
			*tab = 0;
			link = tab + 1;
		}
		if (ct_check(&seen, name, type, link, 0755, 0, norm,
			     sizeof(norm), &why) < 0) {
			FZ_CHECK(why && *why);
			continue;
		}
		FZ_CHECK(type == CT_FILE || type == CT_DIR ||
			 type == CT_SYMLINK);
		FZ_CHECK(*norm && *norm != '/');
		for (const char *p = norm; p;) {
			const char *e = strchr(p, '/');
			size_t l = e ? (size_t)(e - p) : strlen(p);

			FZ_CHECK(l && !(l == 1 && *p == '.') &&
				 !(l == 2 && !strncmp(p, "..", 2)));
			p = e ? e + 1 : NULL;
		}
		FZ_CHECK(!lookup(&t, norm, strlen(norm)));
		t.v[t.n].name = strdup(norm);
		t.v[t.n].type = type;
		t.v[t.n].link =
		    type == CT_SYMLINK ? strdup(link ? link : "") : NULL;
		t.n++;
	}
	for (size_t i = 0; i < t.n; i++) {
		const char *n = t.v[i].name;
		static char path[8192];
		int depth = 0, budget = 40;
		const char *slash;

		/* every folder above it is a folder (or only implied) */
		for (const char *p = n; (p = strchr(p, '/')); p++) {
			const struct mem *m = lookup(&t, n, (size_t)(p - n));

			FZ_CHECK(!m || m->type == CT_DIR);
		}
		if (t.v[i].type != CT_SYMLINK)
			continue;
		slash = strrchr(n, '/');
		if (slash) {
			memcpy(path, n, (size_t)(slash - n));
			path[slash - n] = 0;
			for (const char *p = path; *p; p++)
				depth += *p == '/';
			depth++;
		} else {
			path[0] = 0;
		}
		FZ_CHECK(walk(&t, path, &depth, t.v[i].link, &budget));
	}
	for (size_t i = 0; i < t.n; i++) {
		free(t.v[i].name);
		free(t.v[i].link);
	}
	free(t.v);
	ct_seen_free(&seen);
	free(s);
	return 0;
}
