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
};
/* The next step a player can take on the board v of puzzle, as
 * sudoku-rate --hint gives it and sudoku-play shows it: the first entry
 * that differs from the solution, to clear, else the techniques' steps up
 * to the first placement, the last of them in *last (its cell and digit:
 * the placement; or the wrong cell, digit 0).  Each step goes into the
 * array *steps and its words into text, "; then " between them.
 * lg->unique and lg->limits are the caller's, and the work goes on
 * counting from lg->work. */
int sd_next_hint(struct sd_logic *lg, const struct sd_geom *g, const uint8_t *puzzle,
	    const uint8_t *v, const uint8_t *solution, const struct sd_alphabet *a,
	    struct sd_buf *text, json_t **steps, struct sd_step *last);

#endif
