/* Starting boards for local search: every empty cell gets a digit. */
#ifndef SD_FILL_H
#define SD_FILL_H

#include "board/board.h"

enum sd_fill_kind { SD_FILL_BOX, SD_FILL_BOX_SEQUENTIAL, SD_FILL_ROW, SD_FILL_RANDOM };
extern const char *const sd_fill_names[];     /* "box", "box-sequential", ... */
/* Fills every empty cell of v (givens untouched) the given way. */
void sd_fill(const struct sd_geom *g, uint8_t *v, int kind, struct sd_rng *rng);

#endif
