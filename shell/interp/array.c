/* shell/interp/array.c — the elements of bash's arrays (array.h). Both
 * kinds are one vector kept in the order bash lists them: indexed arrays
 * by index (a lookup is a binary search, an append is at the end), and
 * associative ones by bash's hash bucket, newest first in a bucket (a
 * lookup compares the 32-bit hash before the key). */
#include "array.h"

#include <stdlib.h>
#include <string.h>

#define ARR_BUCKETS 1024 /* bash 5.2's ASSOC_HASH_BUCKETS */

struct ael {
	intmax_t idx;
	char *key;
	char *val;
	uint32_t hash;
};

struct arr {
	bool assoc;
	size_t n, cap;
	struct ael *e;
};

/* bash's hash_string(): FNV-1, 32 bits */
static uint32_t fnv1(const char *s)
{
	uint32_t h = 2166136261u;

	for (; *s; s++) {
		h *= 16777619u;
		h ^= (unsigned char)*s;
	}
	return h;
}

struct arr *arr_new(bool assoc)
{
	struct arr *a = xcalloc(1, sizeof(*a));

	a->assoc = assoc;
	return a;
}

void arr_clear(struct arr *a)
{
	for (size_t i = 0; i < a->n; i++) {
		free(a->e[i].key);
		free(a->e[i].val);
	}
	a->n = 0;
}

void arr_free(struct arr *a)
{
	if (!a)
		return;
	arr_clear(a);
	free(a->e);
	free(a);
}

struct arr *arr_dup(const struct arr *a)
{
	struct arr *d = arr_new(a->assoc);

	d->cap = d->n = a->n;
	d->e = xcalloc(a->n ? a->n : 1, sizeof(*d->e));
	for (size_t i = 0; i < a->n; i++) {
		d->e[i] = a->e[i];
		d->e[i].key = a->e[i].key ? xstrdup(a->e[i].key) : NULL;
		d->e[i].val = xstrdup(a->e[i].val);
	}
	return d;
}

bool arr_is_assoc(const struct arr *a)
{
	return a->assoc;
}

size_t arr_count(const struct arr *a)
{
	return a->n;
}

intmax_t arr_max(const struct arr *a)
{
	return a->n && !a->assoc ? a->e[a->n - 1].idx : -1;
}

size_t arr_lower(const struct arr *a, intmax_t idx)
{
	size_t lo = 0, hi = a->n;

	if (a->assoc)
		return 0;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (a->e[mid].idx < idx)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The element's position, or -1 (|*at|: where a new one goes). */
static long find(const struct arr *a, intmax_t idx, const char *key, uint32_t h,
		 size_t *at)
{
	if (!a->assoc) {
		size_t i;

		if (a->n && a->e[a->n - 1].idx < idx) {
			*at = a->n; /* appending: the common case */
			return -1;
		}
		i = arr_lower(a, idx);
		*at = i;
		return i < a->n && a->e[i].idx == idx ? (long)i : -1;
	}
	*at = a->n;
	for (size_t i = 0; i < a->n; i++) {
		uint32_t b = a->e[i].hash & (ARR_BUCKETS - 1);

		if (a->e[i].hash == h && !strcmp(a->e[i].key, key))
			return (long)i;
		if (*at == a->n && b >= (h & (ARR_BUCKETS - 1)))
			*at = i; /* newest first in its bucket */
	}
	return -1;
}

const char *arr_get(const struct arr *a, intmax_t idx, const char *key)
{
	size_t at;
	long i = find(a, idx, key, a->assoc ? fnv1(key) : 0, &at);

	return i < 0 ? NULL : a->e[i].val;
}

void arr_set(struct arr *a, intmax_t idx, const char *key, const char *val)
{
	uint32_t h = a->assoc ? fnv1(key) : 0;
	size_t at;
	long i = find(a, idx, key, h, &at);

	if (i >= 0) {
		if (val) {
			char *v = xstrdup(val);

			free(a->e[i].val);
			a->e[i].val = v;
			return;
		}
		free(a->e[i].key);
		free(a->e[i].val);
		memmove(&a->e[i], &a->e[i + 1],
			(a->n - (size_t)i - 1) * sizeof(*a->e));
		a->n--;
		return;
	}
	if (!val)
		return;
	if (a->n == a->cap) {
		a->cap = a->cap ? a->cap * 2 : 8;
		a->e = xrealloc(a->e, a->cap * sizeof(*a->e));
	}
	memmove(&a->e[at + 1], &a->e[at], (a->n - at) * sizeof(*a->e));
	a->e[at].idx = idx;
	a->e[at].key = a->assoc ? xstrdup(key) : NULL;
	a->e[at].val = xstrdup(val);
	a->e[at].hash = h;
	a->n++;
}

const char **arr_values(const struct arr *a, size_t *n)
{
	const char **v = xcalloc(a->n + 1, sizeof(*v));

	for (size_t i = 0; i < a->n; i++)
		v[i] = a->e[i].val;
	*n = a->n;
	return v;
}

char **arr_keys(const struct arr *a, size_t *n)
{
	char **k = xcalloc(a->n + 1, sizeof(*k));

	for (size_t i = 0; i < a->n; i++)
		k[i] = a->assoc ? xstrdup(a->e[i].key)
				: xasprintf("%jd", a->e[i].idx);
	*n = a->n;
	return k;
}

void arr_keys_free(char **k, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(k[i]);
	free(k);
}

void arr_nth(const struct arr *a, size_t i, intmax_t *idx, const char **key,
	     const char **val)
{
	*idx = a->e[i].idx;
	*key = a->e[i].key;
	*val = a->e[i].val;
}
