/* A sheet of boards as one SVG document, drawn as format/look.h says:
 * its inks are the classes of the sheet's style. */
#include <string.h>
#include "format/codec.h"
#include "format/look.h"

#define PER_ROW 3
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

static void svg_rect(void *ctx, double x, double y, double w, double h, int ink)
{
	sd_buf_printf(ctx, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" class=\"%s\"/>\n",
		      x, y, w, h, sd_inks[ink].name);
}

static void svg_line(void *ctx, double x1, double y1, double x2, double y2, int ink)
{
	sd_buf_printf(ctx, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" class=\"%s\"/>\n",
		      x1, y1, x2, y2, sd_inks[ink].name);
}

static void svg_text(void *ctx, double x, double y, double size, double width, int ink,
		     const char *s)
{
	(void)width;
	sd_buf_printf(ctx, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" class=\"%s\">",
		      x, y, size, sd_inks[ink].name);
	put_xml_text(ctx, s);
	sd_buf_puts(ctx, "</text>\n");
}

static void svg_circle(void *ctx, double x, double y, double r, int ink)
{
	sd_buf_printf(ctx, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" class=\"%s\"/>\n",
		      x, y, r, sd_inks[ink].name);
}

/* The sheet's style: a class an ink (a variant's inks only where a board
 * has rules). */
static void put_style(struct sd_buf *b, bool variants)
{
	sd_buf_puts(b, "<style>\n");
	for (int i = 0; i < (variants ? SD_INKS : SD_FIRST_VARIANT_INK); i++) {
		const struct sd_ink_style *s = &sd_inks[i];
		if (!strcmp(s->shape, "line") && s->dash)
			sd_buf_printf(b, "line.%s { stroke: %s; stroke-width: %g; stroke-dasharray: %g; }\n",
				      s->name, s->colour, s->width, s->dash);
		else if (!strcmp(s->shape, "line"))
			sd_buf_printf(b, "line.%s { stroke: %s; stroke-width: %g;%s }\n", s->name,
				      s->colour, s->width, s->square ? " stroke-linecap: square;" : "");
		else if (!strcmp(s->shape, "rect") && i >= SD_FIRST_VARIANT_INK)
			sd_buf_printf(b, "rect.%s, circle.%s { fill: %s; }\n", s->name, s->name, s->colour);
		else if (!strcmp(s->shape, "rect"))
			sd_buf_printf(b, "rect.%s { fill: %s; }\n", s->name, s->colour);
		else
			sd_buf_printf(b, "%stext.%s {%s fill: %s; }\n", i == SD_INK_GIVEN ?
				      "text { font-family: sans-serif; text-anchor: middle; }\n" : "",
				      s->name, s->bold ? " font-weight: bold;" : "", s->colour);
	}
	sd_buf_puts(b, "text.caption { font-size: 16px; text-anchor: start; fill: #333; }\n"
		    "</style>\n");
}

/* Whether a caption fits above its board, at the width of a caption's
 * characters in a sans-serif face at most (an svg cannot measure text). */
#define CAPTION_PX 16
static bool caption_fits(void *ctx, const char *s)
{
	double room = *(const int *)ctx, width = 0;

	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		if ((*p & 0xc0) != 0x80)
			width += CAPTION_PX * 0.6;
	return width <= room;
}

static void put_board(struct sd_buf *b, const struct sd_record *rec, double x0, double y0,
		      int side, const struct sd_alphabet *a)
{
	const struct sd_pen pen = { svg_rect, svg_line, svg_text, svg_circle, b };
	struct sd_buf caption = { 0 };

	/* XML allows no control character but tab and line ends, even as a
	 * reference: the name as people see it, then escaped */
	sd_look_caption(rec, 0, true, caption_fits, &side, &caption);
	if (caption.len) {
		sd_buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" class=\"caption\" xml:space=\"preserve\">", x0, y0 - 8);
		put_xml_text(b, caption.p);
		sd_buf_puts(b, "</text>\n");
	}
	sd_buf_free(&caption);
	sd_look_board(rec, a, x0, y0, side, &pen);
}

void sd_put_svg(struct sd_buf *b, struct sd_record *const *recs, int count,
		const struct sd_alphabet *a)
{
	int side = 0;
	/* every board is drawn in the same square, whatever its size */
	for (int i = 0; i < count; i++)
		if (sd_look_side(recs[i]->g.n) > side)
			side = sd_look_side(recs[i]->g.n);
	if (!side)
		side = sd_look_side(9);
	int cols = count < PER_ROW ? (count ? count : 1) : PER_ROW;
	int rows = count ? (count + PER_ROW - 1) / PER_ROW : 1;
	int pitch = side + SD_LOOK_MARGIN, width = cols * pitch + SD_LOOK_MARGIN;
	int height = rows * (side + SD_LOOK_MARGIN + CAPTION) + SD_LOOK_MARGIN;

	sd_buf_printf(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n",
		      width, height, width, height);
	bool variants = false;
	for (int i = 0; i < count; i++)
		variants |= recs[i]->rules != NULL;
	put_style(b, variants);
	sd_buf_puts(b, "<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n");
	for (int i = 0; i < count; i++)
		put_board(b, recs[i], SD_LOOK_MARGIN + (i % PER_ROW) * pitch,
			  SD_LOOK_MARGIN + CAPTION + (i / PER_ROW) * (side + SD_LOOK_MARGIN + CAPTION),
			  side, a);
	sd_buf_puts(b, "</svg>\n");
}
