/* A board on cairo, drawn as format/look.h describes it, and what the
 * pictures share around it: text, cairo's errors, the output. */
#include <string.h>
#include "paint/pen.h"

static void set_ink(cairo_t *cr, int ink)
{
	double rgb[3];

	sd_ink_rgb(ink, rgb);
	cairo_set_source_rgb(cr, rgb[0], rgb[1], rgb[2]);
}

static void pen_rect(void *ctx, double x, double y, double w, double h, int ink)
{
	set_ink(ctx, ink);
	cairo_rectangle(ctx, x, y, w, h);
	cairo_fill(ctx);
}

static void pen_line(void *ctx, double x1, double y1, double x2, double y2, int ink)
{
	set_ink(ctx, ink);
	cairo_set_line_width(ctx, sd_inks[ink].width);
	cairo_set_line_cap(ctx, sd_inks[ink].square ? CAIRO_LINE_CAP_SQUARE : CAIRO_LINE_CAP_BUTT);
	cairo_set_dash(ctx, &sd_inks[ink].dash, sd_inks[ink].dash > 0, 0);
	cairo_move_to(ctx, x1, y1);
	cairo_line_to(ctx, x2, y2);
	cairo_stroke(ctx);
}

static void pen_circle(void *ctx, double x, double y, double r, int ink)
{
	set_ink(ctx, ink);
	cairo_new_sub_path(ctx);
	cairo_arc(ctx, x, y, r, 0, 2 * 3.141592653589793);
	cairo_fill(ctx);
}

void sd_paint_text(cairo_t *cr, double x, double y, double size, bool bold, double align,
		   const char *s)
{
	cairo_text_extents_t ext;

	cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL,
			       bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, size);
	cairo_text_extents(cr, s, &ext);
	cairo_move_to(cr, x - align * ext.x_advance, y);
	cairo_show_text(cr, s);
}

/* A symbol centred on its ink (not its advance), shrunk to its width. */
static void pen_text(void *ctx, double x, double y, double size, double width, int ink,
		     const char *s)
{
	cairo_text_extents_t ext;

	set_ink(ctx, ink);
	cairo_select_font_face(ctx, "sans-serif", CAIRO_FONT_SLANT_NORMAL,
			       sd_inks[ink].bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(ctx, size);
	cairo_text_extents(ctx, s, &ext);
	if (ext.width > width) {
		cairo_set_font_size(ctx, size * width / ext.width);
		cairo_text_extents(ctx, s, &ext);
	}
	cairo_move_to(ctx, x - ext.x_bearing - ext.width / 2, y);
	cairo_show_text(ctx, s);
}

void sd_paint_board(cairo_t *cr, const struct sd_record *rec, const struct sd_alphabet *a,
		    double x, double y, double side)
{
	const struct sd_pen pen = { pen_rect, pen_line, pen_text, pen_circle, cr };
	double units = sd_look_side(rec->g.n);

	cairo_save(cr);
	cairo_translate(cr, x, y);
	cairo_scale(cr, side / units, side / units);
	sd_look_board(rec, a, 0, 0, units, &pen);
	cairo_restore(cr);
}

int sd_paint_status(cairo_status_t status, char *err, size_t errlen)
{
	if (status == CAIRO_STATUS_SUCCESS)
		return 0;
	snprintf(err, errlen, "%s", status == CAIRO_STATUS_WRITE_ERROR ? "write error" :
		 cairo_status_to_string(status));
	return -1;
}

cairo_status_t sd_paint_write(void *closure, const unsigned char *data, unsigned int length)
{
	return fwrite(data, 1, length, closure) == length ? CAIRO_STATUS_SUCCESS :
		CAIRO_STATUS_WRITE_ERROR;
}
