/* Steps of the human techniques in words and in JSON, for hints and
 * explanations. */
#ifndef SD_EXPLAIN_H
#define SD_EXPLAIN_H

#include "logic/logic.h"
#include "format/format.h"

/* A hint's words where no step is taken. */
#define SD_HINT_SOLVED "the board is solved"
#define SD_HINT_STUCK "no step the techniques know: trial and error is needed"

/* The step as a sentence a player understands; digits in the alphabet's
 * symbols when N ≤ 35. */
void sd_step_text(struct sd_buf *b, const struct sd_geom *g, const struct sd_step *st,
		  const struct sd_alphabet *a);
/* The step as a JSON object: technique, text, and cell and digit or removed. */
json_t *sd_step_json(const struct sd_geom *g, const struct sd_step *st,
		     const struct sd_alphabet *a);

#endif
