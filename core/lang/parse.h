/* core/lang/parse.h — the POSIX shell grammar: text in, AST out.
 *
 * Lifecycle: parse_new(reader) → parse_next()... → parse_free().
 * Each parse_next() returns one complete command (everything up to an
 * unquoted newline at top level), allocated in an arena the caller owns.
 */
#ifndef SBX_PARSE_H
#define SBX_PARSE_H

#include <stdbool.h>
#include <stddef.h>

#include "arena.h"
#include "sbx.h"

struct node;

/* Where the parser's text comes from: one line at a time, through
 * function pointers, so the parser itself reads nothing (shell/interp/input.c
 * reads strings, files and stdin; shell/interactive/lineedit.c the terminal).
 */
struct sh_reader {
	/* Next line, '\n' included (the last one may lack it), or NULL at end
	 * of input. |cont|: the parser is inside an unfinished command (an
	 * interactive reader shows PS2 instead of PS1). The text stays valid
	 * until the next call. */
	const char *(*read_line)(struct sh_reader *r, bool cont, size_t *len);
	/* Called before a command runs: give back read-ahead that was not
	 * consumed (stdin shared with the commands). May be NULL. */
	void (*sync)(struct sh_reader *r);
	/* sync() may wait until something could read the shared fd: a fork,
	 * a redirection, `read`, exec, exit (sh_input_sync() in run.c). A
	 * script of builtins then reads its file in blocks instead of
	 * seeking back and reading again before every line. */
	bool lazy_sync;
	void (*destroy)(struct sh_reader *r);
	void *priv;
	/* in_fd readers: called before each read(2) of the fd, so that
	 * another reader of it (`read`'s block) gives its read-ahead back
	 * first. May be NULL. */
	void (*pre_read)(void *ctx);
	void *pre_ctx;
	/* Set by an interactive reader when Ctrl-C dropped the command
	 * being typed (at a PS2 prompt): the parser abandons it. */
	bool interrupted;
};
#define SH_READER_INTERRUPTED 1

/* A word is a list of parts; quoting is kept per part so expansion knows
 * what is subject to field splitting and pathname expansion. */
/* WP_PROCSUB: bash's <(cmd) (op '<') and >(cmd) (op '>'): cmd is the
 * inner command's tree; it expands to a /dev/fd/N name. */
enum wpart_type { WP_LIT, WP_PARAM, WP_CMD, WP_ARITH, WP_PROCSUB };

/* ${name op arg} operators */
enum {
	PO_NONE = 0,
	PO_MINUS = '-',
	PO_ASSIGN = '=',
	PO_QUEST = '?',
	PO_PLUS = '+',
	PO_RSMALL = '%',
	PO_RLARGE = 'P',
	PO_LSMALL = '#',
	PO_LLARGE = 'H',
	PO_LEN = 'L',
	/* bash's (parsed always; the posix mode refuses them when they are
	 * expanded, as dash does): arg holds the pattern, arg->next the
	 * replacement (NULL: none) */
	PO_REPL = '/',	    /* ${x/p/r} */
	PO_REPLALL = 'A',   /* ${x//p/r} */
	PO_REPLBEG = 'B',   /* ${x/#p/r} */
	PO_REPLEND = 'E',   /* ${x/%p/r} */
	PO_SUBSTR = ':',    /* ${x:off:len}: arg off, arg->next len or NULL */
	PO_UPPER1 = '^',    /* ${x^p}: arg the pattern (none: any character) */
	PO_UPPER = 'U',	    /* ${x^^p} */
	PO_LOWER1 = ',',    /* ${x,p} */
	PO_LOWER = 'l',	    /* ${x,,p} */
	PO_TOGGLE1 = '~',   /* ${x~p} */
	PO_TOGGLE = 'T',    /* ${x~~p} */
	PO_TRANSFORM = '@', /* ${x@Q}: arg the operator letter */
	PO_NAMES = 'N',	    /* ${!prefix*} (colon 0) and ${!prefix@} (1) */
};

struct wpart {
	struct wpart *next;
	unsigned char type;
	unsigned char quoted;	/* inside "..." (or '...'/\x for literals) */
	unsigned char op;	/* WP_PARAM */
	unsigned char colon;	/* WP_PARAM: ${x:-y} rather than ${x-y} */
	unsigned char indirect; /* WP_PARAM: ${!x...} (bash) */
	char *s;		/* WP_LIT text, WP_PARAM name */
	size_t len;
	struct word *arg; /* WP_PARAM argument, WP_ARITH expression */
	struct word *sub; /* WP_PARAM: bash's ${a[sub]} (NULL: none) */
	struct node *cmd; /* WP_CMD */
};

enum {
	W_QUOTED = 1, /* some quoting occurred (heredoc delimiters) */
	W_PLAIN = 2,  /* one unquoted literal without glob characters */
	W_ASSIGN = 4, /* NAME=... */
	W_BRACE = 8,  /* an unquoted '{' in a literal: brace expansion */
	/* bash's array assignments: NAME=(...) (elems holds the words),
	 * NAME[sub]=..., NAME+=(...). W_ASSIGN too. */
	W_ARRAY = 16,
	W_APPEND = 32, /* NAME+=... */
	W_LIST = 64,   /* NAME=(...) or NAME+=(...): elems (may be none) */
};

struct word {
	struct word *next;
	struct wpart *parts;
	char *raw; /* as typed */
	unsigned flags;
	struct word *elems; /* W_ARRAY: NAME=(elems...) */
};

enum redir_type {
	R_IN,
	R_OUT,
	R_CLOBBER,
	R_APPEND,
	R_RDWR,
	R_DUPIN,
	R_DUPOUT,
	R_HEREDOC,
	R_HERESTR, /* <<< word: the word expanded, a newline added (bash) */
};

struct redir {
	struct redir *next;
	int fd;
	enum redir_type type;
	struct word *target; /* file / fd word; heredoc: the body */
	bool hd_quoted;	     /* heredoc: body taken literally */
};

enum node_type {
	N_CMD,
	N_PIPE,
	N_AND,
	N_OR,
	N_SEQ,
	N_BG,
	N_NOT,
	N_SUBSHELL,
	N_BRACE,
	N_IF,
	N_WHILE,
	N_UNTIL,
	N_FOR,
	N_CASE,
	N_FUNC,
	N_COND,	    /* [[ ... ]]: cond */
	N_ARITH,    /* (( expr )): args = the expression */
	N_ARITHFOR, /* for (( init; test; step )): args = the three
		       expressions (an empty one: a word with no parts), b =
		       body */
	N_TIME	    /* bash's time [-p] pipeline: a = the pipeline (NULL:
		       `time` alone), for_in = -p (POSIX format) */
};

/* [[ ... ]]: no field splitting or pathname expansion in its words; the
 * right side of ==, = and != is a pattern (quoted characters literal),
 * that of =~ an extended regular expression. */
enum cond_type { C_AND, C_OR, C_NOT, C_UNARY, C_BINARY, C_WORD };

struct cond {
	enum cond_type type;
	const char *op;	    /* C_UNARY "-f", C_BINARY "==", "=~", "<" ... */
	struct word *l, *r; /* C_UNARY: l; C_BINARY: l, r; C_WORD: l */
	struct cond *a, *b; /* C_AND, C_OR: a, b; C_NOT: a */
};

/* How a case item ends: ";;", bash's ";&" (run the next body too) and
 * ";;&" (go on testing the next patterns). */
enum case_term { CASE_END, CASE_FALL, CASE_TEST };

struct case_item {
	struct case_item *next;
	struct word *pats;
	struct node *body;
	enum case_term term;
};

struct node {
	enum node_type type;
	int lineno;
	struct redir *redirs;	/* simple and compound commands */
	struct node *a, *b, *c; /* children: see below */
	/* N_CMD: assigns, args.  N_FOR: args = list (for_in), name, b =
	 * body (select too).
	 * N_CASE: args = subject word, items.  N_FUNC: name, a = body.
	 * N_PIPE: a = first stage, each stage's ->next_stage.
	 * N_AND/OR/SEQ/BG: a, b. N_NOT: a. N_SUBSHELL/N_BRACE: a.
	 * N_IF: a cond, b then, c else. N_WHILE/UNTIL: a cond, b body. */
	struct word *assigns, *args;
	struct node *next_stage;
	struct case_item *items;
	char *name;
	bool for_in;
	bool select;	     /* N_FOR: bash's select (a menu loop) */
	struct cond *cond;   /* N_COND */
	struct arena *arena; /* N_FUNC: the arena the body lives in */
};

enum { PARSE_OK = 1, PARSE_EOF = 0 };

struct parser;

/* Alias lookup for the parser: returns the value or NULL. */
typedef const char *(*parse_alias_fn)(void *ctx, const char *name);

struct parse_opts {
	parse_alias_fn alias;
	void *ctx;
	int lineno; /* first line number (default 1) */
	/* Interactive use: when the reader has no more input in the middle
	 * of a command, return -EAGAIN (need more) instead of a syntax
	 * error. */
	bool probe;
	/* dash's language exactly (sbxsh --posix, `set -o posix`, invoked
	 * as sh): none of bash's syntax (`[[`, `((`, `function`, `<<<`,
	 * `&>`, `|&`, `<(...)`, `$'...'`, `a=(...)`). Off (the zero value):
	 * bash's, the shell's default. */
	bool posix;
	/* bash's `shopt -s extglob` as the command is read: @(a|b) and the
	 * other extglob patterns are words (bash decides when it parses). */
	bool extglob;
};

/* Does not take |r|. */
struct parser *parse_new(struct sh_reader *r, const struct parse_opts *o);
void parse_free(struct parser *p);
/* One complete command into |*out| (NULL for an empty line) allocated in
 * |a|. Returns PARSE_OK, PARSE_EOF, -EINVAL (syntax error, |diag| holds
 * "line N: syntax error: ...") or -EAGAIN (probe mode: incomplete).
 * |text| (may be NULL) gets the text that was read for this command. */
int parse_next(struct parser *p, struct arena *a, struct node **out,
	       struct sbx_buf *text, struct sbx_diag *diag);
/* The mode of the commands parsed from now on (`set -o posix` between
 * two commands). */
void parse_set_posix(struct parser *p, bool posix);
/* Does the command parse_next() last returned hold one of bash's array
 * assignments (NAME=(...), NAME[i]=v, NAME+=(...))? The shell refuses
 * such a command whole until arrays exist: nothing of the line runs. */
/* `shopt -s extglob` for the commands parsed from now on. */
void parse_set_extglob(struct parser *p, bool on);
bool parse_saw_array(const struct parser *p);
/* Line number the parser is at (for $LINENO and messages). */
int parse_lineno(const struct parser *p);
/* After a syntax error: drop the rest of the current line. */
void parse_reset(struct parser *p);
/* After EOF from an interactive reader that will be read again (Ctrl-D
 * refused because of stopped jobs): forget the EOF. */
void parse_clear_eof(struct parser *p);
/* The reader returned NULL (end of input) since the last reset. */
bool parse_at_eof(const struct parser *p);

/* A syntax error in bash's form (the default language; NULL under
 * --posix, where the diag of parse_next() says it in dash's words, or
 * after no error). The shell prints it with parse_error_print(). */
enum {
	PERR_ST_2,	   /* status 2 */
	PERR_ST_LAST_OR_2, /* the last command's status, 2 if that was 0
			      (an unterminated quote in a script) */
	PERR_ST_LAST,	   /* the last command's ([[ a b ]] in a script) */
	PERR_ST_1,	   /* 1 (an unterminated a=(...)) */
	PERR_ST_LAST_NL,   /* at the end of a line: PERR_ST_LAST_OR_2 if the
			      input ends after it (bash has read ahead),
			      else PERR_ST_LAST */
};
struct parse_error {
	int line;	/* the line bash names */
	int status;	/* PERR_ST_*: what a script ends with (eval: 2) */
	bool show_line; /* bash prints the offending line after it */
	bool quiet;	/* bash prints nothing at all ([[ ]]) */
	bool expr_line; /* the text is for ((...))'s: "syntax error: `X'" */
	char msg[420];	/* "syntax error near unexpected token `fi'" */
	char text[1024];
};
const struct parse_error *parse_error_info(const struct parser *p);
/* |e| as bash prints it: "NAME: INNAME: line N: MSG" (INNAME NULL: no
 * such part, as for stdin), then the offending line in the same form if
 * bash shows it; |interactive|: "NAME: MSG" alone, as at bash's prompt. */
void parse_error_print(const struct parse_error *e, const char *name,
		       const char *inname, bool interactive,
		       struct sbx_buf *out);

/* A warning the parser produced (here-document ended by EOF, NUL bytes),
 * or NULL; cleared by the next parse_next(). */
const char *parse_warning(const struct parser *p);

/* |s| as the body of an unquoted here-document (parameters, $(...),
 * `...` and $((...)) expand; nothing splits): for PS1/PS2/PS4. NULL on a
 * syntax error (|diag|). */
struct word *parse_dq_string(const char *s, struct arena *a,
			     struct sbx_diag *diag);

#endif
