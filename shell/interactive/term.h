/* shell/interactive/term.h — what sbxsh tells the terminal besides the text it
 * prints: OSC 133 semantic-prompt marks, OSC 7 cwd reports, and whether colour
 * is allowed at all.
 *
 * Lifecycle: term_init() once when the shell turns interactive → the line
 * reader asks term_osc133()/term_colour() and formats marks through the
 * term_fmt_* helpers → `set -o osc133` / `set +o osc133` call
 * term_set_osc133(). The state is a struct term_state, the interactive
 * layer's (struct le_state, lineedit.h): one terminal per shell process.
 *
 * The marks (https://gitlab.freedesktop.org/Per_Bothner/specifications,
 * "semantic prompts"): A prompt start, B prompt end (input starts),
 * C command start (after the line was accepted, before it runs),
 * D;<status> command end (before the next prompt).
 */
#ifndef SBX_TERM_H
#define SBX_TERM_H

#include <stdbool.h>

#include "sbx.h"

struct term_facts {
	const char *term; /* $TERM, or NULL */
	const char
	    *no_color; /* $NO_COLOR, or NULL (set and non-empty: no colour) */
	bool out_tty;  /* the prompt's output is a terminal */
	bool interactive;
	bool agent; /* --agent: plain, no colour, marks on */
};

/* Pure decisions, exported for the unit tests. Marks: on when
 * interactive on a terminal with a TERM that is not dumb, or with
 * --agent unless TERM is exactly "dumb". */
bool term_colour_allowed(const struct term_facts *f);
bool term_osc133_default(const struct term_facts *f);

/* What was decided for the terminal. Zeroed: no marks, no colour. */
struct term_state {
	bool osc133, osc7, colour, dumb;
};

/* Sets |ts| from |f|. */
void term_init(struct term_state *ts, const struct term_facts *f);
void term_set_osc133(struct term_state *ts, bool on);
bool term_osc133(const struct term_state *ts);
bool term_colour(const struct term_state *ts);
bool term_dumb(const struct term_state *ts);

/* Append one escape sequence to |b| (nothing when marks are off). */
void term_fmt_prompt_start(const struct term_state *ts,
			   struct sbx_buf *b); /* OSC 133;A */
void term_fmt_prompt_end(const struct term_state *ts,
			 struct sbx_buf *b); /* OSC 133;B */
void term_fmt_cmd_start(const struct term_state *ts,
			struct sbx_buf *b); /* OSC 133;C */
void term_fmt_cmd_end(const struct term_state *ts, struct sbx_buf *b,
		      int status); /* OSC 133;D;n */
/* OSC 7: file://|host||cwd| with every byte outside the URI unreserved
 * and '/' set percent-encoded. Nothing when OSC 7 is off. */
void term_fmt_cwd(const struct term_state *ts, struct sbx_buf *b,
		  const char *host, const char *cwd);
/* The same, unconditionally (for tests and for harnesses). */
void term_osc7_uri(struct sbx_buf *b, const char *host, const char *cwd);

/* Writes |b| to |fd| in full (EINTR retried); the marks go straight to
 * the terminal, never through stdio, so they cannot be reordered with a
 * command's output. */
void term_write(int fd, const struct sbx_buf *b);

#endif
