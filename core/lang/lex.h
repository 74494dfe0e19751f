/* core/lang/lex.h — private to lex.c and parse.c: the parser state the
 * lexer and the grammar share. Nothing else includes it. */
#ifndef SBX_LANG_LEX_H
#define SBX_LANG_LEX_H

#include <stdio.h>

#include "parse.h"

#define PARSE_MAXDEPTH 1000

enum tok {
	T_EOF,
	T_NL,
	T_SEMI,
	T_AMP,
	T_AND,
	T_OR,
	T_PIPE,
	T_LP,
	T_RP,
	T_DSEMI,
	T_REDIR,
	T_WORD,
	T_SEMIAND,  /* ";&" (bash) */
	T_DSEMIAND, /* ";;&" (bash) */
};

struct frame {
	struct frame *prev;
	const char *s;
	size_t len, pos;
	char *alias;	  /* alias being expanded (recursion guard) */
	char *own;	  /* text owned by the frame: an alias value can
			     outlive the command (and arena) it began in */
	bool isolate;	  /* end of this frame is end of input */
	bool blank_after; /* alias value ended in a blank: check the next
			     word for an alias too (XCU 2.3.1) */
	bool base;	  /* lines from the reader */
};

struct heredoc {
	struct heredoc *next;
	struct redir *r;
	char *delim;
	bool strip;
};

struct parser {
	struct sh_reader *r;
	struct parse_opts o;
	struct frame base;
	struct frame *top;
	struct frame *dead; /* alias frames ended during this token: still
			       count for the recursion check */
	struct arena *a;
	struct sbx_buf *text;
	struct sbx_diag *diag;
	int lineno;
	bool reof; /* the reader returned NULL */
	bool cont; /* inside a command: PS2 */
	int pb[4];
	int npb;
	/* current token */
	bool ready;
	enum tok tok;
	struct word *tw;
	int tfd;
	enum redir_type trt;
	bool tboth;	/* T_REDIR: bash's &> or &>> (stdout and stderr) */
	bool tpipe_err; /* T_PIPE: bash's |& (stderr too) */
	bool in_array;	/* reading the words of NAME=(...) */
	bool saw_array; /* this command holds an array assignment */
	bool cond_ext;	/* inside [[ ]]: extglob patterns are read */
	bool cond_lone; /* the last [[ ]] primary was one word */
	int err;	/* 0, -EINVAL, -EAGAIN */
	int depth;
	bool alias_next; /* previous alias ended in a blank */
	struct heredoc *hd, **hd_tail;
	bool want_delim; /* the next word is a here-document delimiter */
	bool nl_missing; /* the last line read had no newline: bash's
			    language reads one there (synerr.c) */
	char warn[256];
	const char *tw_line; /* the current word began at tw_at in this line */
	size_t tw_at;
	char tw_text[128]; /* a quoted word as typed, for bash's messages */
	struct parse_error perr; /* bash's form of the error (synerr.c) */
};

/* synerr.c: a syntax error, in dash's words under --posix, else in
 * bash's (the first one of a command wins) */
void lex_perr(struct parser *p, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* At end of input: a syntax error, or -EAGAIN in probe mode. */
void lex_perr_eof(struct parser *p, const char *what);
/* End of input inside a quoted construct that |close| ends, opened on
 * line |start| (0: bash names the end of the input); |what|: dash's
 * words; |status|: PERR_ST_* (bash's status for it). */
void lex_perr_match(struct parser *p, const char *what, int close, int start,
		    int status);
/* A ${...} that is not one, |c| the character read last: "bad
 * substitution"; bash first looks for its '}' up to the end of the input
 * (unless |c| was it). */
void lex_perr_subst(struct parser *p, int c);
/* bash's words only (the default language): at |line|, its status, and
 * whether bash shows the offending line after the message. */
void syn_bash(struct parser *p, int line, int status, bool show_line,
	      const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* bash's "syntax error near unexpected token `X'" for the current token
 * (at end of input: "unexpected end of file"). */
void syn_unexpected(struct parser *p);
const char *syn_tok_text(struct parser *p);

/* lex.c */
enum tok lex_peek(struct parser *p, bool chkalias);
void lex_consume(struct parser *p);
bool lex_is_keyword(const char *s);
void lex_push_frame(struct parser *p, const char *s, size_t len,
		    const char *alias, bool isolate);
void lex_pop_frame(struct parser *p);
void lex_free_dead(struct parser *p);
void lex_read_heredocs(struct parser *p);
/* What lex.c's word reader is reading (its context) and the word being
 * built: shared with heredoc.c. */
enum ctx {
	CTX_WORD,
	CTX_PARAM,
	CTX_HEREDOC,
	CTX_ARITH,
	CTX_ARITHFOR,
	CTX_REGEX
};

struct wb {
	struct parser *p;
	struct wpart *head, **tail;
	struct sbx_buf lit;
	int litq;
	unsigned flags;
	unsigned long n;    /* parts and characters added so far */
	struct word *elems; /* NAME=(...): the words */
	int endc;	    /* CTX_ARITHFOR: the character that ended it */
};

/* lex.c's reader and word builder, for heredoc.c */
int lex_getc(struct parser *p);
void lex_ungetc(struct parser *p, int c);
/* lex_getc, with backslash-newline pairs removed (line continuation) */
int lex_getc_nl(struct parser *p);
void lex_wb_init(struct wb *wb, struct parser *p);
struct wpart *lex_wb_part(struct wb *wb, int type, int quoted);
struct word *lex_wb_finish(struct wb *wb);
void lex_read_parts(struct parser *p, struct wb *wb, enum ctx ctx, int dq,
		    int op);

/* heredoc.c: the delimiter word after << or <<- (quotes removed, W_QUOTED
 * if any part was quoted). */
struct word *lex_read_delim(struct parser *p);
/* After a T_LP in bash's language: is the next character a second '('
 * (then it is consumed: `((` begins an arithmetic command)? */
bool lex_dparen(struct parser *p);
/* The text of (( ... )) up to the closing "))", as the word of $((...));
 * |forsemi|: a ';' at parenthesis depth 0 also ends it (for ((a;b;c))).
 * |*end| gets ';' or ')'. NULL after an error. */
struct word *lex_arith_word(struct parser *p, bool forsemi, int *end);
/* The right side of [[ x =~ re ]]: one word in which ( ) | < > & ; are
 * ordinary characters (balanced parentheses may hold blanks), as bash
 * reads it. NULL after an error. */
struct word *lex_regex_word(struct parser *p);

/* parse.c: the lexer calls back into the grammar for $(...) and `...` */
struct node *parse_list(struct parser *p, bool top);
struct node *parse_program_isolated(struct parser *p, const char *s,
				    size_t len);

#endif
