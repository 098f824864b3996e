/* What a board looks like, whatever draws it (format/svg.c, and the cairo
 * painter of lib/paint): one description, so that every picture follows
 * the same rules.  Givens bold black, the player's entries blue, a wrong
 * entry red on pink; on a board nobody judged (no "wrong" key), the cells
 * that break a rule on amber; a pencil-mark puzzle's candidates small and
 * grey in the empty cells; thick lines around the boxes; symbols sized to
 * their cell, from 4x4 to 64x64. */
#ifndef SD_LOOK_H
#define SD_LOOK_H

#include "format/format.h"

enum sd_ink {
	SD_INK_THIN, SD_INK_THICK,                 /* lines */
	SD_INK_WRONG_CELL, SD_INK_CLASH_CELL,      /* a cell's ground */
	SD_INK_GIVEN, SD_INK_PLACED, SD_INK_WRONG, SD_INK_MARK,  /* symbols */
	SD_INKS
};
struct sd_ink_style {
	const char *shape;             /* what it draws, as svg names it: line, rect, text */
	const char *name;              /* its class in an svg */
	const char *colour;            /* #rgb or #rrggbb */
	double width;                  /* a line's, in the units of the board */
	bool square;                   /* a line's ends squared, so that corners close */
	bool bold;                     /* a symbol's */
};
extern const struct sd_ink_style sd_inks[SD_INKS];
/* An ink's colour as red, green and blue from 0 to 1. */
void sd_ink_rgb(int ink, double rgb[3]);

/* What a drawing calls; the units are the board's (sd_look_side). */
struct sd_pen {
	void (*rect)(void *ctx, double x, double y, double w, double h, int ink);
	void (*line)(void *ctx, double x1, double y1, double x2, double y2, int ink);
	/* s centred on x with its baseline at y, size high, and at most
	 * width wide (a drawing that can measure it shrinks it to fit) */
	void (*text)(void *ctx, double x, double y, double size, double width, int ink,
		     const char *s);
	void *ctx;
};

/* The margin around a board, and the side of an n x n board's square: a
 * cell of 40 units up to 9x9, of 24 from 15x15 up. */
#define SD_LOOK_MARGIN 24
int sd_look_side(int n);
/* Draws a record's board in the square of side at (x0, y0): the grounds,
 * then the lines, then the symbols. */
void sd_look_board(const struct sd_record *rec, const struct sd_alphabet *a, double x0,
		   double y0, double side, const struct sd_pen *pen);

/* A board's caption, "3. name  medium 2.6": its number in a book (0 for
 * none), its name as people see it, and with full its level and rating;
 * empty when there is none of these.  A caption wider than its room (fits
 * says, as the drawing measures) has its name cut after the last whole
 * word that leaves room for "…", or after a character where one word is
 * too long. */
void sd_look_caption(const struct sd_record *rec, int number, bool full,
		     bool (*fits)(void *ctx, const char *s), void *ctx, struct sd_buf *b);

#endif
