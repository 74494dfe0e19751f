/* shell/interp/array.h — bash's arrays: the elements of an indexed
 * (sparse, by integer index) or associative (by string key) array, kept
 * by vars.c in the variable they belong to (struct var's arr). The order
 * of an associative array's keys is bash 5.2's: the bucket of its
 * 1024-bucket FNV-1 hash table, newest first within a bucket, so
 * ${!m[@]} and declare -p print what bash prints. */
#ifndef SBX_ARRAY_H
#define SBX_ARRAY_H

#include <stdbool.h>
#include <stdint.h>

#include "sbx.h"

struct arr;

struct arr *arr_new(bool assoc);
void arr_free(struct arr *a);
struct arr *arr_dup(const struct arr *a);
bool arr_is_assoc(const struct arr *a);
size_t arr_count(const struct arr *a);
/* The highest index (indexed arrays), -1 when empty. */
intmax_t arr_max(const struct arr *a);
/* An element: NULL when unset. |key| for associative arrays, |idx| for
 * indexed ones. */
const char *arr_get(const struct arr *a, intmax_t idx, const char *key);
/* Sets (copies |val|) or, |val| NULL, unsets an element. */
void arr_set(struct arr *a, intmax_t idx, const char *key, const char *val);
void arr_clear(struct arr *a);
/* The values, in order (borrowed: valid until the next change), and the
 * keys or indices as new strings; |n| their count. Free the vectors
 * (and the keys' strings, with arr_keys_free). */
const char **arr_values(const struct arr *a, size_t *n);
char **arr_keys(const struct arr *a, size_t *n);
void arr_keys_free(char **k, size_t n);
/* Element |i| (0 .. count-1) in order: its index, key and value. */
void arr_nth(const struct arr *a, size_t i, intmax_t *idx, const char **key,
	     const char **val);
/* The position (0 .. count) of the first element whose index is >=
 * |idx| (indexed arrays): ${a[@]:off} starts there. */
size_t arr_lower(const struct arr *a, intmax_t idx);

#endif
