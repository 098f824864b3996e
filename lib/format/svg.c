/* A sheet of boards as one SVG document: givens bold black, the player's
 * entries blue, a wrong entry red on pink; on a board nobody judged (no
 * "wrong" key), the cells that break a rule on amber. */
#include <string.h>
#include "format/codec.h"

#define PER_ROW 3
#define MARGIN 24
#define CAPTION 28

static void put_xml_text(struct sd_buf *b, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '<': sd_buf_puts(b, "&lt;"); break;
		case '>': sd_buf_puts(b, "&gt;"); break;
		case '&': sd_buf_puts(b, "&amp;"); break;
		case '"': sd_buf_puts(b, "&quot;"); break;
		default: sd_buf_putc(b, *s);
		}
	}
}

/* Every board is drawn in the same square, whatever its size. */
static int board_side(struct sd_record *const *recs, int count)
{
	int side = 360;

	for (int i = 0; i < count; i++)
		if (recs[i]->g.n * 24 > side)
			side = recs[i]->g.n * 24;
	return side;
}

static void put_board(struct sd_buf *b, const struct sd_record *rec, double x0, double y0,
		      int side, const struct sd_alphabet *a)
{
	const struct sd_geom *g = &rec->g;
	const uint8_t *v = sd_values(rec);
	bool conflict[SD_MAXCELLS], wrong[SD_MAXCELLS];
	int n = g->n;
	double cell = (double)side / n;

	/* a judged board names its wrong entries: the cells they clash with,
	 * givens or right entries, are not at fault and are not marked */
	bool judged = sd_record_get(rec, "wrong") != NULL;
	sd_conflicts(g, v, conflict);
	sd_wrong_cells(rec, wrong);
	if (rec->id) {
		/* XML allows no control character but tab and line ends, even
		 * as a reference: the name as people see it, then escaped */
		struct sd_buf shown = { 0 };
		sd_buf_put_shown(&shown, rec->id);
		sd_buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" class=\"caption\">", x0, y0 - 8);
		put_xml_text(b, shown.p ? shown.p : "");
		sd_buf_puts(b, "</text>\n");
		sd_buf_free(&shown);
	}
	for (int i = 0; i < n * n; i++) {
		if (wrong[i] || (conflict[i] && !judged))
			sd_buf_printf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" class=\"%s\"/>\n",
				      x0 + (i % n) * cell, y0 + (i / n) * cell, cell, cell,
				      wrong[i] ? "wrong" : "clash");
	}
	for (int k = 0; k <= n; k++) {
		const char *cls = k % g->c == 0 ? "thick" : "thin";
		sd_buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" class=\"%s\"/>\n",
			      x0 + k * cell, y0, x0 + k * cell, y0 + side, cls);
		cls = k % g->r == 0 ? "thick" : "thin";
		sd_buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" class=\"%s\"/>\n",
			      x0, y0 + k * cell, x0 + side, y0 + k * cell, cls);
	}
	for (int i = 0; i < n * n; i++) {
		int d = v[i];
		if (!d)
			continue;
		const char *cls = wrong[i] ? "wrong" : rec->puzzle[i] ? "given" : "placed";
		/* the baseline set by hand: digits stand about 0.7 em high, so it
		 * sits 0.35 em below the middle (dominant-baseline is not drawn
		 * alike everywhere) */
		double size = cell * 0.6;
		sd_buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" class=\"%s\">",
			      x0 + (i % n + 0.5) * cell, y0 + (i / n + 0.5) * cell + 0.35 * size, size, cls);
		if (n <= SD_MAXLINE_N)
			put_xml_text(b, (char[]){ a->symbol[d], 0 });
		else
			sd_buf_printf(b, "%d", d);
		sd_buf_puts(b, "</text>\n");
	}
}

void sd_put_svg(struct sd_buf *b, struct sd_record *const *recs, int count,
		const struct sd_alphabet *a)
{
	int side = board_side(recs, count);
	int cols = count < PER_ROW ? (count ? count : 1) : PER_ROW;
	int rows = count ? (count + PER_ROW - 1) / PER_ROW : 1;
	int pitch = side + MARGIN, width = cols * pitch + MARGIN;
	int height = rows * (side + MARGIN + CAPTION) + MARGIN;

	sd_buf_printf(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n",
		      width, height, width, height);
	sd_buf_puts(b, "<style>\n"
		    "line.thin { stroke: #888; stroke-width: 1; }\n"
		    "line.thick { stroke: #000; stroke-width: 3; stroke-linecap: square; }\n"
		    "rect.wrong { fill: #f8c8cc; }\n"
		    "rect.clash { fill: #fde7a6; }\n"
		    "text { font-family: sans-serif; text-anchor: middle; }\n"
		    "text.given { font-weight: bold; fill: #000; }\n"
		    "text.placed { fill: #1a5fb4; }\n"
		    "text.wrong { font-weight: bold; fill: #c01c28; }\n"
		    "text.caption { font-size: 16px; text-anchor: start; fill: #333; }\n"
		    "</style>\n<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n");
	for (int i = 0; i < count; i++)
		put_board(b, recs[i], MARGIN + (i % PER_ROW) * pitch,
			  MARGIN + CAPTION + (i / PER_ROW) * (side + MARGIN + CAPTION), side, a);
	sd_buf_puts(b, "</svg>\n");
}
