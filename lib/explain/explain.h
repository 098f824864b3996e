/* Steps of the human techniques in words and in JSON, for hints and
 * explanations. */
#ifndef SD_EXPLAIN_H
#define SD_EXPLAIN_H

#include "logic/logic.h"
#include "format/format.h"

/* A hint's words where no step is taken. */
#define SD_HINT_SOLVED_TEXT "the board is solved"
#define SD_HINT_STUCK_TEXT "no step the techniques know: trial and error is needed"

/* The step as a sentence a player understands; digits in the alphabet's
 * symbols when N ≤ 35. */
void sd_step_text(struct sd_buf *b, const struct sd_geom *g, const struct sd_step *st,
		  const struct sd_alphabet *a);
/* The step as a JSON object: technique, text, and cell and digit or removed. */
json_t *sd_step_json(const struct sd_geom *g, const struct sd_step *st,
		     const struct sd_alphabet *a);

/* What the next hint is. */
enum sd_hint_kind {
	SD_HINT_WRONG,                 /* an entry differs from the solution: clear it */
	SD_HINT_PLACE,                 /* the techniques place a digit */
	SD_HINT_SOLVED,                /* nothing is left to place */
	SD_HINT_SEARCH,                /* no technique finds a step */
	SD_HINT_LIMIT,                 /* cut short at lg->limits */
	SD_HINT_REPEATS,               /* the values repeat a digit in a unit */
	SD_HINT_CONTRADICTION,         /* a step leaves a cell or a unit's digit no place */
	SD_HINT_REFUSED,               /* the step's taker could not keep it (no memory) */
};

/* Takes a step of a hint (st NULL: no technique finds one, the search is
 * next); false when it cannot keep it. */
typedef bool sd_hint_taker(void *arg, const struct sd_step *st);

/* The techniques' steps from the values v up to the first placement, each
 * handed to take (and NULL to it when the techniques are stuck), the last
 * in *last: SD_HINT_PLACE, _SOLVED, _SEARCH, _LIMIT, _REPEATS,
 * _CONTRADICTION or _REFUSED.  lg->unique and lg->limits are the caller's,
 * and the work goes on counting from lg->work. */
int sd_hint_walk(struct sd_logic *lg, const struct sd_geom *g, const uint8_t *v,
		 sd_hint_taker *take, void *arg, struct sd_step *last);

/* The next step a player can take on the board v of puzzle, as
 * sudoku-rate --hint gives it and sudoku-play shows it: the first entry
 * that differs from the solution, to clear, else sd_hint_walk's steps (a
 * contradiction reads as no step), the last of them in *last (its cell and
 * digit: the placement; or the wrong cell, digit 0).  The hint in one line
 * goes into text, what it gives first, then the technique (its hardest
 * step's) and how many steps ("r7c7 must be 8: multiple-forcing-chain 8.0,
 * in 19 steps"); each step, with its words, into the array *steps:
 * SD_HINT_WRONG, _PLACE, _SOLVED, _SEARCH or _LIMIT. */
int sd_next_hint(struct sd_logic *lg, const struct sd_geom *g, const uint8_t *puzzle,
	    const uint8_t *v, const uint8_t *solution, const struct sd_alphabet *a,
	    struct sd_buf *text, json_t **steps, struct sd_step *last);

#endif
