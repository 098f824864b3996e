/* The game's screen laid out: cells, lines and where the words go. */
#include <string.h>
#include "play/layout.h"

/* The cells tried, biggest first: a box of pencil marks a cell (c
 * columns by r lines, a line between cells), then one line a cell. */
static void cell_size(const struct sd_geom *g, int t, struct sd_layout *l)
{
	static const int small[][2] = { { 3, 1 }, { 2, 1 } };

	l->cell_lines = t == 0;
	l->cw = t == 0 ? 2 * g->c - 1 : small[t - 1][0];
	l->ch = t == 0 ? g->r : small[t - 1][1];
	l->width = g->n * l->cw + (l->cell_lines ? g->n : g->r) + 1;
	l->height = g->n * l->ch + (l->cell_lines ? g->n : g->c) + 1;
}

/* The words below the board or beside it, where they fit. */
static bool place_text(struct sd_layout *l, int cols, int lines, sd_text_lines *need, void *arg)
{
	bool small = l->ch == 1;

	if (l->width + 1 > cols || l->height > lines)
		return false;
	l->beside = false;
	l->text_y = l->height + 1;
	l->text_x = 1;
	l->text_w = cols - 2;
	l->text_h = lines - l->text_y;
	if (l->text_w >= SD_BELOW_MIN && l->text_h >= need(l->text_w, small, arg) + SD_MESSAGE_LINES)
		return true;
	l->beside = true;
	l->text_y = 0;
	l->text_x = l->width + 3;
	l->text_w = cols - l->text_x - 1;
	l->text_h = lines;
	return l->text_w >= SD_BESIDE_MIN && l->text_h >= need(l->text_w, small, arg) + SD_MESSAGE_LINES;
}

void sd_lay_out(const struct sd_geom *g, int cols, int lines, sd_text_lines *need, void *arg,
		struct sd_layout *l)
{
	int t;

	*l = (struct sd_layout){ 0 };
	for (t = 0; t < 3; t++) {
		cell_size(g, t, l);
		if ((l->fits = place_text(l, cols, lines, need, arg)))
			return;
	}
	/* the smallest cells: what a terminal needs for them */
	bool small = l->ch == 1;
	l->below_cols = l->width + 1 > SD_BELOW_MIN + 2 ? l->width + 1 : SD_BELOW_MIN + 2;
	l->below_lines = l->height + 1 + need(l->below_cols - 2, small, arg) + SD_MESSAGE_LINES;
	l->beside_cols = l->width + 3 + SD_BESIDE_MIN + 1;
	l->beside_lines = need(SD_BESIDE_MIN, small, arg) + SD_MESSAGE_LINES;
	if (l->beside_lines < l->height)
		l->beside_lines = l->height;
}

int sd_layout_cell_y(const struct sd_layout *l, const struct sd_geom *g, int row)
{
	return 1 + row * l->ch + (l->cell_lines ? row : row / g->r);
}

int sd_layout_cell_x(const struct sd_layout *l, const struct sd_geom *g, int col)
{
	return 2 + col * l->cw + (l->cell_lines ? col : col / g->c);
}

bool sd_layout_line(const struct sd_layout *l, const struct sd_geom *g, int k, bool across,
		    bool *box)
{
	*box = k % (across ? g->r : g->c) == 0;
	return *box || l->cell_lines;
}

int sd_wrap(const char *text, int width, bool items, struct sd_span *spans, int max)
{
	int count = 0, at = 0, len = (int)strlen(text);

	if (width < 1)
		width = 1;
	while (at < len) {
		while (text[at] == ' ')
			at++;
		if (at >= len)
			break;
		int take = (int)strcspn(text + at, "\n");
		if (take > width) {
			int cut = 0;
			/* the last break within the width: between items, else words */
			for (int pass = items ? 0 : 1; pass < 2 && !cut; pass++)
				for (int p = width; p > 0 && !cut; p--)
					if (text[at + p] == ' ' && (pass || text[at + p + 1] == ' '))
						cut = p;
			take = cut ? cut : width;
		}
		if (count < max)
			spans[count] = (struct sd_span){ at, take };
		count++;
		at += take;
		if (text[at] == '\n')
			at++;
	}
	return count;
}
