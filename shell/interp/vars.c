/* shell/interp/vars.c — shell variables, local frames, positional parameters,
 * aliases and the function table. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "array.h"
#include "interp.h"

struct var {
	struct var *next;
	char *name;
	char *val; /* NULL: unset (attributes may remain) */
	unsigned flags;
	struct arr *arr; /* bash's arrays (V_ARRAY, V_ASSOC): val NULL */
};

struct local_save {
	char *name;
	char *val;
	struct arr *arr;
	unsigned flags;
	bool existed;
};

struct local_frame {
	struct local_frame *prev;
	struct local_save *v;
	size_t n, cap;
	bool has_opts; /* `local -`: options restored on return */
	bool opts[O__N];
};

struct func {
	struct func *next;
	char *name;
	struct node *def;
	const char *src; /* where it was defined (interned): BASH_SOURCE */
};

struct alias {
	struct alias *next;
	char *name;
	char *val;
};

static size_t hash_str(const char *s, size_t n)
{
	size_t h = 5381;

	while (n--)
		h = h * 33 + (unsigned char)*s++;
	return h;
}

static struct var *var_lookup(struct shell *sh, const char *name, size_t n)
{
	struct var *v;

	if (!sh->vcap)
		return NULL;
	for (v = sh->vtab[hash_str(name, n) & (sh->vcap - 1)]; v; v = v->next)
		if (!strncmp(v->name, name, n) && !v->name[n])
			return v;
	return NULL;
}

static void var_rehash(struct shell *sh)
{
	size_t ncap = sh->vcap ? sh->vcap * 2 : 256, i;
	struct var **nt = xcalloc(ncap, sizeof(*nt)), *v, *nx;

	for (i = 0; i < sh->vcap; i++) {
		for (v = sh->vtab[i]; v; v = nx) {
			size_t h =
			    hash_str(v->name, strlen(v->name)) & (ncap - 1);

			nx = v->next;
			v->next = nt[h];
			nt[h] = v;
		}
	}
	free(sh->vtab);
	sh->vtab = nt;
	sh->vcap = ncap;
}

static struct var *var_create(struct shell *sh, const char *name, size_t n)
{
	struct var *v = var_lookup(sh, name, n);
	size_t h;

	if (v)
		return v;
	if (sh->vcount + 1 > sh->vcap / 2)
		var_rehash(sh);
	v = xcalloc(1, sizeof(*v));
	v->name = xstrndup(name, n);
	h = hash_str(name, n) & (sh->vcap - 1);
	v->next = sh->vtab[h];
	sh->vtab[h] = v;
	sh->vcount++;
	return v;
}

/* declare -n: the name a reference leads to, link by link (at most 8;
 * bash warns of a longer chain as circular); |name| itself for any
 * other variable, and while sh->noderef. */
static const char *deref(struct shell *sh, const char *name, size_t *n)
{
	if (!sh->has_nameref || sh->noderef)
		return name;
	for (int i = 0; i < 8; i++) {
		struct var *v = var_lookup(sh, name, *n);

		if (!v || !(v->flags & V_NAMEREF) || !v->val || !*v->val)
			break;
		name = v->val;
		*n = strlen(name);
	}
	return name;
}

const char *var_ref_target(struct shell *sh, const char *name)
{
	struct var *v =
	    sh->has_nameref ? var_lookup(sh, name, strlen(name)) : NULL;

	return v && (v->flags & V_NAMEREF) ? v->val : NULL;
}

/* An array's $a is ${a[0]} (bash; ${m[0]} for an associative one). */
static const char *val_of(const struct var *v)
{
	return v->arr ? arr_get(v->arr, 0, "0") : v->val;
}

const char *var_get(struct shell *sh, const char *name)
{
	size_t n = strlen(name);
	struct var *v;

	name = deref(sh, name, &n);
	v = var_lookup(sh, name, n);

	return v ? val_of(v) : NULL;
}

struct arr *var_arr(struct shell *sh, const char *name)
{
	struct var *v;
	struct arr *sv;

	size_t n = strlen(name);

	if (!sh->opt[O_POSIX] && (sv = sv_array(sh, name)))
		return sv; /* PIPESTATUS, FUNCNAME...: computed */
	name = deref(sh, name, &n);
	v = var_lookup(sh, name, n);

	return v ? v->arr : NULL;
}

int var_arr_make(struct shell *sh, const char *name, bool assoc,
		 struct arr **out)
{
	size_t n = strlen(name);
	struct var *v;

	name = deref(sh, name, &n);
	v = var_create(sh, name, n);

	*out = v->arr;
	assoc = assoc || (v->flags & V_ASSOC);
	if (v->arr) {
		if (assoc && !arr_is_assoc(v->arr))
			return -EINVAL;
		return 0;
	}
	if (v->flags & V_RDONLY)
		return -EPERM;
	v->arr = arr_new(assoc);
	if (v->val) {
		/* x=5; x[1]=6: the value becomes element 0 (bash) */
		arr_set(v->arr, 0, "0", v->val);
		free(v->val);
		v->val = NULL;
	}
	if (v->flags & V_EXPORT)
		sh->env_dirty = true;
	v->flags |= assoc ? V_ASSOC : V_ARRAY;
	sh->var_gen++;
	*out = v->arr;
	return 0;
}

static void var_changed(struct shell *sh, struct var *v)
{
	if (v->flags & V_EXPORT)
		sh->env_dirty = true;
	if (v->name[0] == 'P' && !strcmp(v->name, "PATH")) {
		sh_hash_invalidate(sh);
		sh->path_changed = true;
	} else if (v->name[0] == 'O' && !strcmp(v->name, "OPTIND")) {
		sh->optoff = 0;
	} else if (v->name[0] == 'R' || v->name[0] == 'S') {
		sv_assigned(sh, v->name, v->val);
	}
}

void var_case(char *s, unsigned flags)
{
	flags &= V_LOWER | V_UPPER;
	if (!flags || flags == (V_LOWER | V_UPPER))
		return;
	for (; *s; s++)
		if (flags == V_LOWER && *s >= 'A' && *s <= 'Z')
			*s = (char)(*s - 'A' + 'a');
		else if (flags == V_UPPER && *s >= 'a' && *s <= 'z')
			*s = (char)(*s - 'a' + 'A');
}

int var_setn(struct shell *sh, const char *name, size_t n, const char *val,
	     unsigned flags)
{
	struct var *v;

	name = deref(sh, name, &n);
	v = var_create(sh, name, n);

	if (v->flags & V_RDONLY)
		return -EPERM;
	if (sh->opt[O_ALLEXPORT])
		flags |= V_EXPORT;
	if (v->arr) {
		/* a=x on an array sets ${a[0]} (bash) */
		if (val) {
			char *c = xstrdup(val);

			var_case(c, v->flags | flags);
			arr_set(v->arr, 0, "0", c);
			free(c);
		}
		sh->var_gen++;
		v->flags |= flags;
		return 0;
	}
	if (val != v->val) {
		free(v->val);
		v->val = val ? xstrdup(val) : NULL;
		sh->var_gen++;
	}
	if (v->val && ((v->flags | flags) & (V_LOWER | V_UPPER)))
		var_case(v->val, v->flags | flags); /* declare -l, -u */
	if ((flags & V_EXPORT) && !(v->flags & V_EXPORT))
		sh->env_dirty = true;
	v->flags |= flags;
	var_changed(sh, v);
	return 0;
}

int var_set(struct shell *sh, const char *name, const char *val, unsigned flags)
{
	return var_setn(sh, name, strlen(name), val, flags);
}

int var_unset(struct shell *sh, const char *name)
{
	size_t n = strlen(name);
	struct var *v;

	name = deref(sh, name, &n);
	v = var_lookup(sh, name, n);

	if (!v)
		return 0;
	if (v->flags & V_RDONLY)
		return -EPERM;
	if (v->flags & V_EXPORT)
		sh->env_dirty = true;
	free(v->val);
	v->val = NULL;
	arr_free(v->arr);
	v->arr = NULL;
	sh->var_gen++;
	v->flags = 0;
	var_changed(sh, v);
	return 0;
}

unsigned var_flags(struct shell *sh, const char *name, bool *exists)
{
	size_t n = strlen(name);
	struct var *v;

	name = deref(sh, name, &n);
	v = var_lookup(sh, name, n);

	if (exists)
		*exists = v && (v->val || v->arr);
	return v ? v->flags : 0;
}

int var_addflags(struct shell *sh, const char *name, unsigned flags)
{
	size_t n = strlen(name);
	struct var *v;

	name = deref(sh, name, &n); /* export ref: its target */
	v = var_create(sh, name, n);

	if ((flags & V_EXPORT) && !(v->flags & V_EXPORT))
		sh->env_dirty = true;
	if (flags & V_NAMEREF)
		sh->has_nameref = true;
	v->flags |= flags;
	return 0;
}

void var_delflags(struct shell *sh, const char *name, unsigned flags)
{
	size_t n = strlen(name);
	struct var *v;

	name = deref(sh, name, &n);
	v = var_lookup(sh, name, n);

	if (!v)
		return;
	if (flags & v->flags & V_EXPORT)
		sh->env_dirty = true;
	v->flags &= ~flags;
}

char **var_environ(struct shell *sh)
{
	size_t i, n = 0;
	struct var *v;

	if (sh->envp && !sh->env_dirty)
		return sh->envp;
	if (sh->envp) {
		for (i = 0; sh->envp[i]; i++)
			free(sh->envp[i]);
		free(sh->envp);
	}
	sh->envp = xcalloc(sh->vcount + 1, sizeof(char *));
	for (i = 0; i < sh->vcap; i++)
		for (v = sh->vtab[i]; v; v = v->next)
			if ((v->flags & V_EXPORT) && v->val)
				sh->envp[n++] =
				    xasprintf("%s=%s", v->name, v->val);
	sh->envp[n] = NULL;
	sh->env_dirty = false;
	return sh->envp;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

const char **var_names(struct shell *sh, unsigned need)
{
	const char **out = xcalloc(sh->vcount + 1, sizeof(char *));
	size_t i, n = 0;
	struct var *v;

	for (i = 0; i < sh->vcap; i++)
		for (v = sh->vtab[i]; v; v = v->next)
			if ((v->flags & need) == need &&
			    (v->val || v->arr || need))
				out[n++] = v->name;
	qsort(out, n, sizeof(*out), cmp_str);
	return out;
}

void var_init(struct shell *sh, char **env)
{
	char buf[32];

	for (size_t i = 0; env && env[i]; i++) {
		char *eq = strchr(env[i], '=');

		if (!eq || !str_is_name(env[i], (size_t)(eq - env[i])))
			continue;
		var_setn(sh, env[i], (size_t)(eq - env[i]), eq + 1, V_EXPORT);
	}
	/* no PATH in the environment: dash's default, not an empty search */
	if (!var_get(sh, "PATH"))
		var_set(sh, "PATH", SH_DEFPATH, 0);
	var_set(sh, "IFS", " \t\n", 0);
	/* PS1, PS2 and PS4 from the environment are kept (dash keeps them;
	 * programs that drive a shell through a pty set them); IFS is not */
	if (!var_get(sh, "PS2"))
		var_set(sh, "PS2", "> ", 0);
	if (!var_get(sh, "PS4"))
		var_set(sh, "PS4", "+ ", 0);
	if (!var_get(sh, "PS1"))
		var_set(sh, "PS1", geteuid() ? "$ " : "# ", 0);
	var_set(sh, "OPTIND", "1", 0);
	/* In the session's PID namespace the shell's parent (the supervisor)
	 * is outside it, and getppid() says 0: PPID=0 would make `kill $PPID`
	 * signal the shell's own process group. The namespace's init (1)
	 * stands in, as the parent a process there can see. */
	snprintf(buf, sizeof(buf), "%ld", getppid() ? (long)getppid() : 1L);
	var_set(sh, "PPID", buf, 0);
}

/* --- local frames -----------------------------------------------------------
 */

void var_push_frame(struct shell *sh)
{
	struct local_frame *f = xcalloc(1, sizeof(*f));

	f->prev = sh->locals;
	sh->locals = f;
}

bool var_in_function(struct shell *sh)
{
	return sh->funcdepth > 0 && sh->locals;
}

int var_make_local(struct shell *sh, const char *name)
{
	struct local_frame *f = sh->locals;
	struct var *v;
	struct local_save *s;

	if (!f)
		return -ENOENT;
	for (size_t i = 0; i < f->n; i++)
		if (!strcmp(f->v[i].name, name))
			return 0;
	if (f->n == f->cap) {
		f->cap = f->cap ? f->cap * 2 : 8;
		f->v = xrealloc(f->v, f->cap * sizeof(*f->v));
	}
	s = &f->v[f->n++];
	v = var_lookup(sh, name, strlen(name));
	s->name = xstrdup(name);
	s->existed = v != NULL;
	s->val = v && v->val ? xstrdup(v->val) : NULL;
	s->arr = v && v->arr ? arr_dup(v->arr) : NULL;
	s->flags = v ? v->flags : 0;
	return 0;
}

int var_local_opts(struct shell *sh)
{
	struct local_frame *f = sh->locals;

	if (!f)
		return -ENOENT;
	if (!f->has_opts) {
		f->has_opts = true;
		memcpy(f->opts, sh->opt, sizeof(f->opts));
	}
	return 0;
}

void var_pop_frame(struct shell *sh)
{
	struct local_frame *f = sh->locals;

	if (!f)
		return;
	sh->locals = f->prev;
	if (f->has_opts) {
		bool inter = sh->opt[O_INTERACTIVE];

		memcpy(sh->opt, f->opts, sizeof(f->opts));
		sh->opt[O_INTERACTIVE] = inter;
	}
	for (size_t i = f->n; i-- > 0;) {
		struct local_save *s = &f->v[i];
		struct var *v = var_create(sh, s->name, strlen(s->name));

		if ((v->flags | s->flags) & V_EXPORT)
			sh->env_dirty = true;
		free(v->val);
		v->val = s->val;
		arr_free(v->arr);
		v->arr = s->arr;
		sh->var_gen++;
		v->flags = s->flags;
		var_changed(sh, v);
		free(s->name);
	}
	free(f->v);
	free(f);
}

/* --- positional parameters
 * ---------------------------------------------------- */

void var_free_params(char **v, int n)
{
	for (int i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

void var_set_params(struct shell *sh, int n, char *const *v)
{
	char **nv = xcalloc((size_t)n + 1, sizeof(char *));

	for (int i = 0; i < n; i++)
		nv[i] = xstrdup(v[i]);
	var_free_params(sh->params, sh->nparams);
	sh->params = nv;
	sh->nparams = n;
}

/* dash's single_quote(): runs without a quote go in '...', runs of
 * quotes in "..." ("a'b" -> 'a'"'"'b'), so the output is the same text
 * dash prints for set, export -p, alias and trap. */
void var_quote(struct sbx_buf *b, const char *s)
{
	do {
		size_t n = strcspn(s, "'");

		buf_putc(b, '\'');
		buf_putn(b, s, n);
		buf_putc(b, '\'');
		s += n;
		if (*s != '\'')
			break;
		n = strspn(s, "'");
		buf_putc(b, '"');
		buf_putn(b, s, n);
		buf_putc(b, '"');
		s += n;
	} while (*s);
}

/* --- aliases
 * ------------------------------------------------------------------ */

const char *alias_get(struct shell *sh, const char *name)
{
	for (struct alias *a = sh->aliases; a; a = a->next)
		if (!strcmp(a->name, name))
			return a->val;
	return NULL;
}

void alias_set(struct shell *sh, const char *name, const char *val)
{
	struct alias *a;

	for (a = sh->aliases; a; a = a->next) {
		if (!strcmp(a->name, name)) {
			free(a->val);
			a->val = xstrdup(val);
			return;
		}
	}
	a = xcalloc(1, sizeof(*a));
	a->name = xstrdup(name);
	a->val = xstrdup(val);
	a->next = sh->aliases;
	sh->aliases = a;
}

int alias_unset(struct shell *sh, const char *name)
{
	for (struct alias **ap = &sh->aliases; *ap; ap = &(*ap)->next) {
		struct alias *a = *ap;

		if (!strcmp(a->name, name)) {
			*ap = a->next;
			free(a->name);
			free(a->val);
			free(a);
			return 0;
		}
	}
	return -ENOENT;
}

void alias_clear(struct shell *sh)
{
	while (sh->aliases)
		alias_unset(sh, sh->aliases->name);
}

void alias_print(struct shell *sh, struct sbx_buf *out, const char *name)
{
	const char *v = alias_get(sh, name);

	if (!v)
		return;
	/* bash lists them as commands (alias ll='ls -l'), dash bare */
	buf_printf(out, "%s%s=", sh->opt[O_POSIX] ? "" : "alias ", name);
	var_quote(out, v);
	buf_putc(out, '\n');
}

const char **alias_names(struct shell *sh)
{
	size_t n = 0, i = 0;
	const char **out;

	for (struct alias *a = sh->aliases; a; a = a->next)
		n++;
	out = xcalloc(n + 1, sizeof(*out));
	for (struct alias *a = sh->aliases; a; a = a->next)
		out[i++] = a->name;
	qsort(out, n, sizeof(*out), cmp_str);
	return out;
}

/* --- functions
 * ------------------------------------------------------------------ */

const char **func_names(struct shell *sh)
{
	size_t n = 0, i = 0;
	const char **out;

	for (size_t k = 0; k < sh->fcap; k++)
		for (struct func *f = sh->ftab[k]; f; f = f->next)
			n++;
	out = xcalloc(n + 1, sizeof(*out));
	for (size_t k = 0; k < sh->fcap; k++)
		for (struct func *f = sh->ftab[k]; f; f = f->next)
			out[i++] = f->name;
	qsort(out, n, sizeof(*out), cmp_str);
	return out;
}

static struct func **func_slot(struct shell *sh, const char *name)
{
	struct func **fp;

	if (!sh->fcap) {
		sh->fcap = 64;
		sh->ftab = xcalloc(sh->fcap, sizeof(*sh->ftab));
	}
	fp = &sh->ftab[hash_str(name, strlen(name)) & (sh->fcap - 1)];
	for (; *fp; fp = &(*fp)->next)
		if (!strcmp((*fp)->name, name))
			break;
	return fp;
}

struct node *func_get(struct shell *sh, const char *name)
{
	struct func **fp;

	if (!sh->fcount)
		return NULL;
	fp = func_slot(sh, name);
	return *fp ? (*fp)->def : NULL;
}

void func_set(struct shell *sh, const char *name, struct node *def)
{
	struct func **fp = func_slot(sh, name), *f = *fp;

	arena_ref(def->arena);
	if (f) {
		arena_unref(f->def->arena);
		f->def = def;
		f->src = sh->cursrc;
		return;
	}
	f = xcalloc(1, sizeof(*f));
	f->name = xstrdup(name);
	f->def = def;
	f->src = sh->cursrc;
	*fp = f;
	sh->fcount++;
}

const char *func_src(struct shell *sh, const char *name)
{
	struct func *f = sh->fcount ? *func_slot(sh, name) : NULL;

	return f && f->src ? f->src : "";
}

int func_unset(struct shell *sh, const char *name)
{
	struct func **fp, *f;

	if (!sh->fcount)
		return 0;
	fp = func_slot(sh, name);
	if (!(f = *fp))
		return 0;
	*fp = f->next;
	arena_unref(f->def->arena);
	free(f->name);
	free(f);
	sh->fcount--;
	return 0;
}

void var_free_all(struct shell *sh)
{
	while (sh->locals)
		var_pop_frame(sh);
	for (size_t i = 0; i < sh->vcap; i++) {
		struct var *v, *n;

		for (v = sh->vtab[i]; v; v = n) {
			n = v->next;
			free(v->name);
			free(v->val);
			arr_free(v->arr);
			free(v);
		}
	}
	free(sh->vtab);
	sh->vtab = NULL;
	sh->vcap = sh->vcount = 0;
	if (sh->envp) {
		for (size_t i = 0; sh->envp[i]; i++)
			free(sh->envp[i]);
		free(sh->envp);
		sh->envp = NULL;
	}
	for (size_t i = 0; i < sh->fcap; i++) {
		struct func *f, *n;

		for (f = sh->ftab[i]; f; f = n) {
			n = f->next;
			arena_unref(f->def->arena);
			free(f->name);
			free(f);
		}
	}
	free(sh->ftab);
	sh->ftab = NULL;
	sh->fcap = sh->fcount = 0;
	alias_clear(sh);
	var_free_params(sh->params, sh->nparams);
	sh->params = NULL;
	sh->nparams = 0;
}

bool sh_utf8_locale(struct shell *sh)
{
	static const char *const names[] = {"LC_ALL", "LC_CTYPE", "LANG"};

	for (size_t i = 0; i < 3; i++) {
		const char *v = var_get(sh, names[i]);

		if (v && *v)
			return strcasestr(v, "utf-8") || strcasestr(v, "utf8");
	}
	return false;
}
