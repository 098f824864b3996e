/* sd_paint, the writer's way in: -t pdf goes to the book (book.c),
 * -t png is one board a picture, drawn here. */
#include <fontconfig/fontconfig.h>
#include "paint/paint.h"
#include "paint/pen.h"

/* -t png: the board on white with the svg's margin, as many pixels a side
 * as --size says, else as the svg draws it. */
static int paint_picture(FILE *fp, const struct sd_record *rec, const struct sd_write_opts *o,
			 char *err, size_t errlen)
{
	double natural = sd_look_side(rec->g.n) + 2 * SD_LOOK_MARGIN;
	int px = o->size ? o->size : (int)natural;
	double scale = px / natural;
	cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, px, px);
	cairo_t *cr = cairo_create(s);

	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	sd_paint_board(cr, rec, &o->alpha, SD_LOOK_MARGIN * scale, SD_LOOK_MARGIN * scale,
		       (natural - 2 * SD_LOOK_MARGIN) * scale);
	cairo_status_t status = cairo_status(cr);
	cairo_destroy(cr);
	if (status == CAIRO_STATUS_SUCCESS)
		status = cairo_surface_write_to_png_stream(s, sd_paint_write, fp);
	cairo_surface_destroy(s);
	return sd_paint_status(status, err, errlen);
}

int sd_paint(FILE *fp, int format, struct sd_record *const *recs, int count,
	     const struct sd_write_opts *o, char *err, size_t errlen)
{
	int painted = format == SD_FMT_PDF ? sd_paint_book(fp, recs, count, o, err, errlen) :
		paint_picture(fp, recs[0], o, err, errlen);

	/* once a run, at its end: cairo's and fontconfig's caches go, so
	 * that a leak checker (make check under ASan) sees none */
	cairo_debug_reset_static_data();
	FcFini();
	return painted;
}
