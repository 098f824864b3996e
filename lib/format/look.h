/* What a board looks like, whatever draws it (format/svg.c, and the cairo
 * painter of lib/paint): one description, so that every picture follows
 * the same rules.  Givens bold black, the player's entries blue, a wrong
 * entry red on pink; on a board nobody judged (no "wrong" key), the cells
 * that break a rule on amber; a pencil-mark puzzle's candidates small and
 * grey in the empty cells; thick lines around the boxes; symbols sized to
 * their cell, from 4x4 to 64x64.  A variant's rules drawn as the puzzle
 * books draw them (look_rules.c): thick lines around jigsaw regions in
 * place of the boxes, the diagonals in light blue, extra regions shaded,
 * cages as dashed outlines inside their cells with the sum in the top-left
 * corner of the first, odd cells as grey circles and even cells as grey
 * squares behind the digit, and the rules a picture cannot show (knight,
 * king, non-consecutive) named in the caption. */
#ifndef SD_LOOK_H
#define SD_LOOK_H

#include "format/format.h"

enum sd_ink {
	SD_INK_THIN, SD_INK_THICK,                 /* lines */
	SD_INK_WRONG_CELL, SD_INK_CLASH_CELL,      /* a cell's ground */
	SD_INK_GIVEN, SD_INK_PLACED, SD_INK_WRONG, SD_INK_MARK,  /* symbols */
	/* a variant's, drawn only on boards that have rules (and their
	 * styles written only in an svg that has such a board) */
	SD_INK_EXTRA_CELL, SD_INK_PARITY, SD_INK_PAPER,           /* grounds */
	SD_INK_DIAGONAL, SD_INK_CAGE,                             /* lines */
	SD_INK_SUM,                                               /* a cage's sum */
	SD_INKS
};
#define SD_FIRST_VARIANT_INK SD_INK_EXTRA_CELL
struct sd_ink_style {
	const char *shape;             /* what it draws, as svg names it: line, rect, text */
	const char *name;              /* its class in an svg */
	const char *colour;            /* #rgb or #rrggbb */
	double width;                  /* a line's, in the units of the board */
	bool square;                   /* a line's ends squared, so that corners close */
	bool bold;                     /* a symbol's */
	double dash;                   /* a dashed line's dashes and gaps (0: solid) */
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
	/* a disc of radius r centred on x, y */
	void (*circle)(void *ctx, double x, double y, double r, int ink);
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

/* What sd_look_board draws of a record's rules (look_rules.c): under the
 * lines, the grounds (extra regions, parity); the lines (regions in place
 * of the boxes, diagonals, cages); over them, the cages' sums.  The cells
 * that break a rule, for the clash ground. */
void sd_look_rules_grounds(const struct sd_record *rec, const struct sd_ruleset *rs, double x0,
			   double y0, double cell, const struct sd_pen *pen);
void sd_look_rules_lines(const struct sd_record *rec, double x0, double y0, double cell,
			 const struct sd_pen *pen);
void sd_look_rules_sums(const struct sd_record *rec, double x0, double y0, double cell,
			const struct sd_pen *pen);
void sd_look_clashes(const struct sd_ruleset *rs, const uint8_t *v, bool *clash);
/* The rules a picture names in words, "X, anti-knight, killer": empty for
 * none. */
void sd_look_rules_words(const struct sd_rules *r, char *buf, size_t len);

/* A board's caption, "3. name  medium 2.6": its number in a book (0 for
 * none), its name as people see it, and with full its level and rating;
 * empty when there is none of these.  A caption wider than its room (fits
 * says, as the drawing measures) has its name cut after the last whole
 * word that leaves room for "…", or after a character where one word is
 * too long. */
void sd_look_caption(const struct sd_record *rec, int number, bool full,
		     bool (*fits)(void *ctx, const char *s), void *ctx, struct sd_buf *b);

#endif
