/* -t pdf: a book.  The puzzles, --per-page a page, each under its number,
 * name, level and rating; then the solutions of those whose record holds
 * one (sudoku-bt -t json | sudoku-print -t pdf), smaller, under their
 * numbers; a page number at the foot of every page. */
#include <stdlib.h>
#include <string.h>
#include <cairo-pdf.h>
#include "paint/pen.h"

#define MARGIN 42.0                    /* points: 15 mm */
#define FOOT 20.0                      /* the page number's band */

/* A page's layout: its boards across and down, and the size of a title. */
struct layout { int cols, rows; double title; };

static struct layout puzzles_layout(int per_page)
{
	struct layout l = { 1, 1, 12 };

	if (per_page == 2)
		l.rows = 2;
	else if (per_page >= 4)
		l.cols = 2, l.rows = per_page / 2;
	return l;
}

/* The solutions: a board more across and down than the puzzles. */
static struct layout solutions_layout(int per_page)
{
	struct layout l = puzzles_layout(per_page);

	l.cols++;
	l.rows++;
	l.title = 9;
	return l;
}

/* A board's values are its solution: the puzzle pages show its givens
 * alone, the solutions pages the board. */
static bool solved(const struct sd_record *rec)
{
	return rec->has_board && sd_record_solves(rec, rec->board);
}

static void page_number(cairo_t *cr, double width, double height, int page)
{
	char text[16];

	snprintf(text, sizeof text, "%d", page);
	cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
	sd_paint_text(cr, width / 2, height - MARGIN + FOOT / 2, 10, false, 0.5, text);
}

static bool interrupted(const struct sd_write_opts *o)
{
	return o->interrupt && *o->interrupt;
}

/* What a title may take: the width from its board's left edge to its
 * slot's right one, measured in the title's font. */
struct title_room { cairo_t *cr; double size, width; };

static bool title_fits(void *ctx, const char *s)
{
	const struct title_room *room = ctx;
	cairo_text_extents_t ext;

	cairo_select_font_face(room->cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL,
			       CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(room->cr, room->size);
	cairo_text_extents(room->cr, s, &ext);
	return ext.x_advance <= room->width;
}

/* Board k of a page, number in the book: its title above it (with its
 * level and rating on the puzzles' pages), the board centred in its slot. */
static void put_slot(cairo_t *cr, const struct layout *l, int k, double width, double height,
		     const struct sd_record *rec, int number, bool full,
		     const struct sd_alphabet *a, struct sd_buf *title)
{
	double slot_w = (width - 2 * MARGIN) / l->cols;
	double slot_h = (height - 2 * MARGIN - FOOT) / l->rows;
	double band = l->title * 1.8, gap = l->title * 1.5;
	double side = slot_w - gap < slot_h - band - gap ? slot_w - gap : slot_h - band - gap;
	double x = MARGIN + (k % l->cols) * slot_w + (slot_w - side) / 2;
	double y = MARGIN + (k / l->cols) * slot_h + (slot_h - band - side) / 2 + band;
	struct title_room room = { cr, l->title, side + (slot_w - side) / 2 - gap / 2 };

	sd_look_caption(rec, number, full, title_fits, &room, title);
	cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
	sd_paint_text(cr, x, y - l->title * 0.6, l->title, false, 0, title->p ? title->p : "");
	sd_paint_board(cr, rec, a, x, y, side);
}

/* A heading in the top margin of a page: the book's title on its first,
 * "Solutions" on the first of the solutions. */
static void heading(cairo_t *cr, double width, const char *text)
{
	cairo_set_source_rgb(cr, 0, 0, 0);
	sd_paint_text(cr, width / 2, MARGIN * 0.7, 14, true, 0.5, text);
}

int sd_paint_book(FILE *fp, struct sd_record *const *recs, int count,
		  const struct sd_write_opts *o, char *err, size_t errlen)
{
	double width = o->paper == SD_PAPER_LETTER ? 612 : 595.276;
	double height = o->paper == SD_PAPER_LETTER ? 792 : 841.89;
	cairo_surface_t *s = cairo_pdf_surface_create_for_stream(sd_paint_write, fp, width, height);
	cairo_t *cr = cairo_create(s);
	struct layout puzzles = puzzles_layout(o->per_page), answers = solutions_layout(o->per_page);
	int per_page = puzzles.cols * puzzles.rows, answers_per_page = answers.cols * answers.rows;
	int page = 0, placed = 0;
	struct sd_buf title = { 0 };

	cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_TITLE, o->title ? o->title : "Sudoku");
	cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_CREATOR, "sudoku-print");
	if (o->title)
		heading(cr, width, o->title);
	for (int i = 0; i < count && !interrupted(o); i++) {
		struct sd_record givens = *recs[i];
		givens.has_board = givens.has_board && !solved(recs[i]);
		put_slot(cr, &puzzles, i % per_page, width, height, &givens, i + 1, true, &o->alpha,
			 &title);
		if (i % per_page == per_page - 1 || i == count - 1) {
			page_number(cr, width, height, ++page);
			cairo_show_page(cr);
		}
	}
	for (int i = 0; i < count && !interrupted(o); i++) {
		if (!solved(recs[i]))
			continue;
		if (!placed)
			heading(cr, width, "Solutions");
		put_slot(cr, &answers, placed % answers_per_page, width, height, recs[i], i + 1, false,
			 &o->alpha, &title);
		if (++placed % answers_per_page == 0) {
			page_number(cr, width, height, ++page);
			cairo_show_page(cr);
		}
	}
	if (placed % answers_per_page) {
		page_number(cr, width, height, ++page);
		cairo_show_page(cr);
	}
	cairo_status_t status = title.failed ? CAIRO_STATUS_NO_MEMORY : cairo_status(cr);
	sd_buf_free(&title);
	cairo_destroy(cr);
	cairo_surface_finish(s);
	if (status == CAIRO_STATUS_SUCCESS)
		status = cairo_surface_status(s);
	cairo_surface_destroy(s);
	if (interrupted(o)) {
		snprintf(err, errlen, "interrupted");
		return -1;
	}
	return sd_paint_status(status, err, errlen);
}
