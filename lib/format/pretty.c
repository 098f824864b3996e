/* The boxed grid for people. */
#include <string.h>
#include "format/codec.h"

#define GREEN "\033[1;32m"
#define RED "\033[1;31m"
#define WRONG "\033[1;4;31m"
#define RESET "\033[0m"

/* A horizontal rule: top (0), between boxes (1) or bottom (2). */
static void rule(struct sd_buf *b, const struct sd_geom *g, int width, int kind, bool unicode)
{
	static const char *const corner[3][3] = {
		{ "┌", "┬", "┐" }, { "├", "┼", "┤" }, { "└", "┴", "┘" }
	};

	for (int bx = 0; bx < g->r; bx++) {
		sd_buf_puts(b, unicode ? corner[kind][bx ? 1 : 0] : "+");
		for (int i = 0; i < g->c * width + 1; i++)
			sd_buf_puts(b, unicode ? "─" : "-");
	}
	sd_buf_puts(b, unicode ? corner[kind][2] : "+");
	sd_buf_putc(b, '\n');
}

/* One line of a row of pencil-mark cells: the k-th row of each cell's
 * marks, placed as a box's cells are (3×3 in a 9×9's cell), '.' where a
 * value is no candidate; a cell with a value shows it in its middle. */
static void marks_line(struct sd_buf *b, const struct sd_record *rec, const uint8_t *v,
		       const struct sd_alphabet *a, int row, int k, int color, bool unicode)
{
	const struct sd_geom *g = &rec->g;
	int n = g->n;

	for (int c = 0; c < n; c++) {
		int cell = row * n + c;
		if (c % g->c == 0)
			sd_buf_puts(b, c == 0 ? "" : " ");
		if (c % g->c == 0)
			sd_buf_puts(b, unicode ? "│" : "|");
		sd_buf_putc(b, ' ');
		for (int j = 0; j < g->c; j++) {
			int d = k * g->c + j + 1;
			if (!v[cell]) {
				sd_buf_putc(b, rec->cand[cell] >> (d - 1) & 1 ? a->symbol[d] : '.');
			} else if (k == g->r / 2 && j == g->c / 2) {
				const char *ink = rec->puzzle[cell] ? GREEN : NULL;
				if (color && ink)
					sd_buf_puts(b, ink);
				sd_buf_putc(b, a->symbol[v[cell]]);
				if (color && ink)
					sd_buf_puts(b, RESET);
			} else {
				sd_buf_putc(b, ' ');
			}
		}
	}
	sd_buf_puts(b, unicode ? " │\n" : " |\n");
}

/* A pencil-mark puzzle: every cell a box of small candidates, a blank
 * line between the rows of cells inside a box. */
static void put_marks(struct sd_buf *b, const struct sd_record *rec,
		      const struct sd_alphabet *a, int color, bool unicode)
{
	const struct sd_geom *g = &rec->g;
	const uint8_t *v = sd_values(rec);

	for (int r = 0; r < g->n; r++) {
		if (r % g->r == 0)
			rule(b, g, g->c + 1, r ? 1 : 0, unicode);
		else
			for (int bx = 0; bx <= g->r; bx++)
				sd_buf_printf(b, "%s%*s", unicode ? "│" : "|",
					      bx < g->r ? g->c * (g->c + 1) + 1 : 0, bx < g->r ? "" : "\n");
		for (int k = 0; k < g->r; k++)
			marks_line(b, rec, v, a, r, k, color, unicode);
	}
	rule(b, g, g->c + 1, 2, unicode);
	sd_buf_putc(b, '\n');
}

void sd_put_pretty(struct sd_buf *b, const struct sd_record *rec,
		   const struct sd_alphabet *a, int color, bool unicode)
{
	const struct sd_geom *g = &rec->g;
	const uint8_t *v = sd_values(rec);
	bool conflict[SD_MAXCELLS], wrong[SD_MAXCELLS];
	int n = g->n, digits = n > SD_MAXLINE_N ? 2 : 1;
	bool marks = false;

	if (rec->rules) {
		sd_put_pretty_rules(b, rec, a, color, unicode);
		return;
	}
	sd_conflicts(g, v, conflict);
	sd_wrong_cells(rec, wrong);
	/* without colour a mark before a cell tells placed values, conflicts
	 * and wrong entries from givens; it takes a column only when needed */
	for (int i = 0; i < n * n && !color; i++)
		marks |= conflict[i] || wrong[i] || (v[i] && !rec->puzzle[i]);
	int width = digits + 1 + marks;
	if (rec->id) {
		sd_buf_put_shown(b, rec->id);
		sd_buf_putc(b, '\n');
	}
	if (rec->cand && !sd_record_solves(rec, v)) {
		put_marks(b, rec, a, color, unicode);
		return;
	}
	for (int r = 0; r < n; r++) {
		if (r % g->r == 0)
			rule(b, g, width, r ? 1 : 0, unicode);
		for (int c = 0; c < n; c++) {
			int cell = r * n + c, d = v[cell];
			const char *ink = wrong[cell] ? WRONG : conflict[cell] ? RED :
				rec->puzzle[cell] ? GREEN : NULL;
			if (c % g->c == 0)
				sd_buf_puts(b, c == 0 ? "" : " ");
			if (c % g->c == 0)
				sd_buf_puts(b, unicode ? "│" : "|");
			sd_buf_putc(b, ' ');
			if (marks)
				sd_buf_putc(b, wrong[cell] ? '?' : conflict[cell] ? '*' :
					    d && !rec->puzzle[cell] ? '+' : ' ');
			if (color && ink && d)
				sd_buf_puts(b, ink);
			if (!d)
				sd_buf_printf(b, "%*s", digits, ".");
			else if (digits == 1)
				sd_buf_putc(b, a->symbol[d]);
			else
				sd_buf_printf(b, "%2d", d);
			if (color && ink && d)
				sd_buf_puts(b, RESET);
		}
		sd_buf_puts(b, unicode ? " │\n" : " |\n");
	}
	rule(b, g, width, 2, unicode);
	sd_buf_putc(b, '\n');
}
