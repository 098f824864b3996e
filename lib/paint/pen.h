/* What the pictures of lib/paint share: a board drawn on cairo as
 * format/look.h describes it. */
#ifndef SD_PEN_H
#define SD_PEN_H

#include <cairo.h>
#include "format/look.h"

/* Draws the board of rec in the square of side at (x, y), in cr's units. */
void sd_paint_board(cairo_t *cr, const struct sd_record *rec, const struct sd_alphabet *a,
		    double x, double y, double side);
/* Text in sans-serif at size, its left end (align 0), middle (0.5) or right
 * end (1) at x and its baseline at y, in the colour of cr. */
void sd_paint_text(cairo_t *cr, double x, double y, double size, bool bold, double align,
		   const char *s);
/* A cairo error as the writer reports it: -1 with err filled, or 0. */
int sd_paint_status(cairo_status_t status, char *err, size_t errlen);
/* Writes what cairo makes to a FILE (the closure). */
cairo_status_t sd_paint_write(void *closure, const unsigned char *data, unsigned int length);
/* The book of -t pdf. */
int sd_paint_book(FILE *fp, struct sd_record *const *recs, int count,
		  const struct sd_write_opts *o, char *err, size_t errlen);

#endif
