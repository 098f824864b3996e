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
	return rec->has_board && sd_is_solution(&rec->g, rec->board);
}

/* "3. name  medium 2.6": the number in the book, then what the record
 * has of its name (as people see it), level and rating. */
static void title_of(const struct sd_record *rec, int number, bool full, struct sd_buf *b)
{
	const char *level = json_string_value(sd_record_get(rec, "level"));
	json_t *rating = sd_record_get(rec, "er");

	if (!json_is_number(rating))
		rating = sd_record_get(rec, "score");
	b->len = 0;
	sd_buf_printf(b, "%d.", number);
	if (rec->id) {
		sd_buf_putc(b, ' ');
		sd_buf_put_shown(b, rec->id);
	}
	if (full && level)
		sd_buf_printf(b, "  %s", level);
	if (full && json_is_number(rating))
		sd_buf_printf(b, "%s%.1f", level ? " " : "  ", json_number_value(rating));
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

/* Board k of a page: its title above it, the board centred in its slot. */
static void put_slot(cairo_t *cr, const struct layout *l, int k, double width, double height,
		     const struct sd_record *rec, const char *title, const struct sd_alphabet *a)
{
	double slot_w = (width - 2 * MARGIN) / l->cols;
	double slot_h = (height - 2 * MARGIN - FOOT) / l->rows;
	double band = l->title * 1.8, gap = l->title * 1.5;
	double side = slot_w - gap < slot_h - band - gap ? slot_w - gap : slot_h - band - gap;
	double x = MARGIN + (k % l->cols) * slot_w + (slot_w - side) / 2;
	double y = MARGIN + (k / l->cols) * slot_h + (slot_h - band - side) / 2 + band;

	cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
	sd_paint_text(cr, x, y - l->title * 0.6, l->title, false, 0, title);
	sd_paint_board(cr, rec, a, x, y, side);
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

	cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_TITLE, "Sudoku");
	cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_CREATOR, "sudoku-print");
	for (int i = 0; i < count && !interrupted(o); i++) {
		struct sd_record givens = *recs[i];
		givens.has_board = givens.has_board && !solved(recs[i]);
		title_of(recs[i], i + 1, true, &title);
		put_slot(cr, &puzzles, i % per_page, width, height, &givens,
			 title.p ? title.p : "", &o->alpha);
		if (i % per_page == per_page - 1 || i == count - 1) {
			page_number(cr, width, height, ++page);
			cairo_show_page(cr);
		}
	}
	for (int i = 0; i < count && !interrupted(o); i++) {
		if (!solved(recs[i]))
			continue;
		title_of(recs[i], i + 1, false, &title);
		put_slot(cr, &answers, placed % answers_per_page, width, height, recs[i],
			 title.p ? title.p : "", &o->alpha);
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
