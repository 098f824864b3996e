/* Where the game's board and words go on a terminal of a given size,
 * without curses (play/screen.c draws by it): the biggest cells that
 * leave room for the status, the keys and a message, below the board or
 * beside it when the board is too tall for them below. */
#ifndef SD_LAYOUT_H
#define SD_LAYOUT_H

#include <stdbool.h>
#include "board/board.h"

/* The fewest lines a message gets, and the narrowest text beside a board. */
#define SD_MESSAGE_LINES 2
#define SD_BESIDE_MIN 20
#define SD_BELOW_MIN 40

struct sd_layout {
	int cw, ch;                    /* a cell's columns and lines */
	bool cell_lines;               /* a line between cells too (big cells), not
					  only between boxes */
	int width, height;             /* the board's, its lines included: from line 0,
					  column 1 */
	bool beside;                   /* the words beside the board, else below */
	int text_y, text_x, text_w, text_h;
	bool fits;
	/* when nothing fits, the two smallest terminals that would: with the
	 * words below, and beside */
	int below_cols, below_lines, beside_cols, beside_lines;
};

/* What the words need at a width: their lines (the status, the keys, a
 * line of marks when cells are small) beside the message's. */
typedef int sd_text_lines(int width, bool small_cells, void *arg);

void sd_lay_out(const struct sd_geom *g, int cols, int lines, sd_text_lines *need, void *arg,
		struct sd_layout *l);
/* Where a cell's top left is. */
int sd_layout_cell_y(const struct sd_layout *l, const struct sd_geom *g, int row);
int sd_layout_cell_x(const struct sd_layout *l, const struct sd_geom *g, int col);
/* Whether a line of the board runs above row k (left of column k when
 * across is false), k from 0 to n, and whether it is a box's. */
bool sd_layout_line(const struct sd_layout *l, const struct sd_geom *g, int k, bool across,
		    bool *box);

/* A line of wrapped text: len bytes from at. */
struct sd_span { int at, len; };
/* text wrapped to width: at spaces, only between items (runs separated
 * by two spaces) when items is true and an item fits; a word longer than
 * width cut; a newline always breaks.  The count of lines, the first max
 * of them in spans (NULL when max is 0: only counted). */
int sd_wrap(const char *text, int width, bool items, struct sd_span *spans, int max);

#endif
