/* Writing records whole, in the format asked or the input's. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "format/codec.h"

/* The records a document of the whole run holds: a sheet, a book, a
 * picture (memory stays bounded however long the stream) */
#define SVG_MAX 100
#define PDF_MAX 1000

struct sd_writer {
	FILE *fp;
	struct sd_write_opts o;
	int format;
	struct sd_buf buf;
	int pack_to;                   /* pack: settled on the first record */
	json_t *columns;               /* csv: fixed at the first record (sd_put_csv) */
	struct sd_geom line_box;       /* line: the shape the last "# box" stated */
	json_t *line_rules;            /* line and grid: the rules the last "# rules"
					  stated (NULL: the classic ones) */
	struct sd_record **held;       /* a whole run's document: its records */
	int held_count;
	bool held_over;                /* more than it holds: nothing is written */
	long long count;               /* records taken */
	char error[256];
};

/* Keeps why a record could not be written; returns -1. */
static int refuse(struct sd_writer *w, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static int refuse(struct sd_writer *w, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(w->error, sizeof w->error, fmt, ap);
	va_end(ap);
	return -1;
}

const char *sd_writer_error(const struct sd_writer *w)
{
	return w->error;
}

struct sd_writer *sd_writer_new(FILE *fp, const struct sd_write_opts *o)
{
	struct sd_writer *w = calloc(1, sizeof *w);

	if (!w)
		return NULL;
	w->fp = fp;
	w->o = *o;
	w->format = o->format;
	w->pack_to = o->pack_to;
	return w;
}

/* The input's format, or the one a pack says its packer chose; but a
 * grid goes out as a line (json beyond 35×35): the programs that write
 * the input's format give every record a board, which a grid cannot hold
 * beside the puzzle.  Not whether this first record got one: an unsolved
 * first puzzle would make every later solution a grid, and the same
 * records cut into blocks would go out otherwise. */
static int default_format(const struct sd_record *rec)
{
	int fmt = rec->format;

	if (rec->write_as != SD_FMT_AUTO)
		return rec->write_as;
	/* nor can a Solo game ID */
	if (fmt == SD_FMT_AUTO || fmt == SD_FMT_GRID || fmt == SD_FMT_SOLO)
		fmt = SD_FMT_LINE;
	if ((fmt == SD_FMT_LINE || fmt == SD_FMT_PENCIL) && rec->g.n > SD_MAXLINE_N)
		fmt = SD_FMT_JSON;
	return fmt;
}

static struct sd_record *copy_record(const struct sd_record *rec)
{
	struct sd_record *c = malloc(sizeof *c);

	if (!c)
		return NULL;
	*c = *rec;
	c->id = rec->id ? strdup(rec->id) : NULL;
	c->rules = rec->rules ? sd_rules_copy(rec->rules) : NULL;
	c->keys = rec->keys ? json_deep_copy(rec->keys) : NULL;
	c->columns = NULL;
	c->columns_whole = false;
	size_t cand_size = (size_t)sd_cells(&rec->g) * sizeof *rec->cand;
	if (rec->cand && (c->cand = malloc(cand_size)))
		memcpy(c->cand, rec->cand, cand_size);
	if ((rec->id && !c->id) || (rec->keys && !c->keys) || (rec->cand && !c->cand) ||
	    (rec->rules && !c->rules)) {
		sd_record_free(c);
		free(c);
		return NULL;
	}
	return c;
}

int sd_writer_resolve(struct sd_writer *w, const struct sd_record *rec)
{
	if (w->format == SD_FMT_AUTO)
		w->format = default_format(rec);
	return w->format;
}

bool sd_writer_shows_fields(const struct sd_writer *w, const struct sd_record *rec)
{
	int fmt = w->format == SD_FMT_AUTO ? default_format(rec) : w->format;

	return fmt == SD_FMT_JSON || fmt == SD_FMT_CSV || fmt == SD_FMT_PACK;
}

/* Whether a record's board is a search's best that is no solution: its
 * status says the search ended without one. */
static bool unsolved_board(const struct sd_record *rec)
{
	static const char *const unsolved[] = { "unsolved", "nosolution", "limit" };
	const char *status = json_string_value(sd_record_get(rec, "status"));

	for (size_t i = 0; status && i < sizeof unsolved / sizeof *unsolved; i++)
		if (!strcmp(status, unsolved[i]))
			return true;
	return false;
}

/* A reporter's answer line: its first line, ending with the record's
 * name (as people see it when shown, else as it is), for every answer
 * and program, so that the answer stays first (cut -d' ' -f1) and no
 * record loses its name; the length of the text's first line. */
static size_t put_answer_line(struct sd_buf *b, const char *text, const char *id, bool shown)
{
	size_t first = strcspn(text, "\n");

	sd_buf_add(b, text, first);
	if (id && first)
		sd_buf_putc(b, ' ');
	if (id && shown)
		sd_buf_put_shown(b, id);
	else if (id)
		sd_buf_puts(b, id);
	return first;
}

/* A reporter's answer whole: its line, then the lines after it (steps). */
static void put_text(struct sd_buf *b, const char *text, const char *id)
{
	sd_buf_puts(b, text + put_answer_line(b, text, id, true));
	sd_buf_putc(b, '\n');
}

/* The boxed grid, under a reporter's answer when there is one (the
 * answer's line names the record: the board then goes without it). */
static void put_pretty(struct sd_writer *w, const struct sd_record *rec, const char *text)
{
	struct sd_record unnamed;

	if (text) {
		put_text(&w->buf, text, rec->id);
		unnamed = *rec;
		unnamed.id = NULL;
		rec = &unnamed;
	}
	sd_put_pretty(&w->buf, rec, &w->o.alpha, w->o.color, w->o.unicode);
}

bool sd_format_whole_run(int format)
{
	return format == SD_FMT_SVG || format == SD_FMT_PDF || format == SD_FMT_PNG;
}

bool sd_format_binary(int format)
{
	return format == SD_FMT_PDF || format == SD_FMT_PNG;
}

bool sd_format_shows_answer(int format)
{
	switch (format) {
	case SD_FMT_TEXT: case SD_FMT_PRETTY: case SD_FMT_SVG:
	case SD_FMT_JSON: case SD_FMT_CSV: case SD_FMT_PACK:
		return true;
	default:
		return false;
	}
}

/* A record of a whole run's document, kept for its end, with a
 * reporter's answer line (text) as its caption in place of its name, level
 * and rating (sd_look_caption); over what the document
 * holds, refused, and said once, for the first record over. */
static int hold(struct sd_writer *w, const struct sd_record *rec, const char *text)
{
	bool svg = w->format == SD_FMT_SVG;
	int most = svg ? SVG_MAX : w->format == SD_FMT_PDF ? PDF_MAX : 1;

	if (w->held_count == most) {
		w->error[0] = '\0';
		if (!w->held_over && most == 1)
			refuse(w, "a PNG picture holds one board: choose one record (sed -n 3p), "
			       "or write -t pdf or -t svg");
		else if (!w->held_over)
			refuse(w, "%s holds at most %d %s", svg ? "an SVG sheet" : "a PDF book", most,
			       svg ? "boards" : "puzzles");
		w->held_over = true;
		return -1;
	}
	if (!w->held && !(w->held = calloc((size_t)most, sizeof *w->held)))
		return refuse(w, "out of memory");
	if (!(w->held[w->held_count] = copy_record(rec)))
		return refuse(w, "out of memory");
	if (text) {
		struct sd_buf caption = { 0 };
		struct sd_record *held = w->held[w->held_count];
		put_answer_line(&caption, text, rec->id, false);
		if (caption.failed) {
			sd_buf_free(&caption);
			sd_record_free(held);
			free(held);
			return refuse(w, "out of memory");
		}
		free(held->id);
		held->id = caption.p;
		/* the answer says the level and rating the caption would add */
		static const char *const said[] = { "level", "er", "score" };
		for (size_t i = 0; held->keys && i < sizeof said / sizeof *said; i++)
			json_object_del(held->keys, said[i]);
	}
	w->held_count++;
	w->count++;
	return 0;
}

/* line and grid: a "# rules" line where the record's rules are not those
 * the last one stated (sudoku(5)), which a reader applies to the records
 * that follow it. */
static void put_rules_line(struct sd_writer *w, struct sd_buf *b, const json_t *rules)
{
	if (json_equal(w->line_rules, rules) || (!w->line_rules && !rules))
		return;
	sd_buf_puts(b, "# rules ");
	if (rules)
		sd_buf_json(b, rules);
	else
		sd_buf_puts(b, "{}");
	sd_buf_putc(b, '\n');
	json_decref(w->line_rules);
	w->line_rules = rules ? json_deep_copy(rules) : NULL;
}

/* sd_writer_put, in the settled format. */
static int put_record(struct sd_writer *w, const struct sd_record *rec, const char *text)
{
	struct sd_buf *b = &w->buf;
	const char *missing = NULL;
	char shown[64];

	b->len = 0;
	if (rec->rules && rec->cand && w->format == SD_FMT_PRETTY)
		return refuse(w, "-t pretty does not draw a variant's rules with pencil marks yet; "
			      "use -t svg or -t json");
	switch (w->format) {
	case SD_FMT_LINE:
	case SD_FMT_PENCIL:
		if (rec->g.n > SD_MAXLINE_N)
			return refuse(w, "a %dx%d board does not fit the %s format; use -t json",
				      rec->g.n, rec->g.n, sd_format_names[w->format]);
		if (w->o.alpha.size < rec->g.n)
			return refuse(w, "the alphabet has %d symbol%s; a %dx%d board needs %d",
				      w->o.alpha.size, sd_plural(w->o.alpha.size), rec->g.n, rec->g.n,
				      rec->g.n);
		if (rec->cand && w->format == SD_FMT_LINE)
			return refuse(w, "a puzzle of candidates does not fit the line format; "
				      "use -t pencil or -t json");
		if (sd_put_line(b, rec, &w->o.alpha, &w->line_box, w->format == SD_FMT_PENCIL) < 0)
			return refuse(w, "the name would not read back from the line format "
				      "(a line break, or a first word that reads as a board); use -t json");
		break;
	case SD_FMT_GRID:
		sd_put_grid(b, rec);
		break;
	case SD_FMT_CSV:
		if (sd_put_csv(b, rec, &w->columns, w->o.keys, w->o.nkeys, &missing) < 0)
			return refuse(w, "key '%s' has no column in this CSV stream (the first "
				      "record's keys fixed them); use -t json",
				      sd_printable(missing, shown, sizeof shown));
		break;
	case SD_FMT_JSON:
		sd_put_json(b, rec);
		break;
	case SD_FMT_SOLO: {
		char why[200];
		if (sd_put_solo(b, rec, why, sizeof why) < 0)
			return refuse(w, "%s: a Solo game ID cannot hold this record; use -t json or "
				      "fpuzzles", why);
		break;
	}
	case SD_FMT_FPUZZLES:
		if (sd_put_fpuzzles(b, rec, w->error, sizeof w->error) < 0)
			return -1;
		break;
	case SD_FMT_PACK:
		if (w->pack_to == SD_FMT_AUTO)
			w->pack_to = default_format(rec);
		/* a block cannot know which record of the run came first */
		if (w->pack_to == SD_FMT_CSV && !w->columns)
			w->columns = sd_csv_columns(rec, w->o.keys, w->o.nkeys);
		sd_put_pack(b, rec, w->pack_to, w->pack_to == SD_FMT_CSV ? w->columns : NULL);
		break;
	case SD_FMT_PRETTY:
		put_pretty(w, rec, text);
		break;
	case SD_FMT_TEXT:
		put_text(b, text ? text : "", rec->id);
		break;
	case SD_FMT_SVG:
	case SD_FMT_PDF:
	case SD_FMT_PNG:
		return hold(w, rec, text);
	}
	if (b->failed)
		return refuse(w, "out of memory");
	if (w->format == SD_FMT_LINE || w->format == SD_FMT_PENCIL || w->format == SD_FMT_GRID) {
		/* the record made, the rules it is read under go before it */
		struct sd_buf head = { 0 };
		put_rules_line(w, &head, sd_record_get(rec, "rules"));
		if (head.len)
			fwrite(head.p, 1, head.len, w->fp);
		sd_buf_free(&head);
	}
	fwrite(b->p, 1, b->len, w->fp);
	w->count++;
	return 0;
}

int sd_writer_put(struct sd_writer *w, const struct sd_record *rec, const char *text)
{
	struct sd_record *puzzle_alone = NULL;

	sd_writer_resolve(w, rec);
	/* in line and grid a board is always a solution, or the input's: a
	 * record whose search found none goes out there as its puzzle alone
	 * (its best board and status are in json and csv) */
	if ((w->format == SD_FMT_LINE || w->format == SD_FMT_PENCIL || w->format == SD_FMT_GRID ||
	     w->format == SD_FMT_SOLO || w->format == SD_FMT_FPUZZLES) &&
	    rec->has_board &&
	    unsolved_board(rec)) {
		if (!(puzzle_alone = malloc(sizeof *puzzle_alone)))
			return refuse(w, "out of memory");
		*puzzle_alone = *rec;
		puzzle_alone->has_board = false;
		rec = puzzle_alone;
	}
	int put = put_record(w, rec, text);
	free(puzzle_alone);
	return put;
}

int sd_writer_put_bad(struct sd_writer *w, const char *file, long line, const char *message)
{
	if (w->format != SD_FMT_PACK)
		return -1;
	w->buf.len = 0;
	sd_put_pack_bad(&w->buf, file, line, message);
	if (w->buf.failed)
		return refuse(w, "out of memory");
	fwrite(w->buf.p, 1, w->buf.len, w->fp);
	return 0;
}

long long sd_writer_count(const struct sd_writer *w)
{
	return w->count;
}

int sd_writer_finish(struct sd_writer *w)
{
	w->buf.len = 0;
	if (w->format == SD_FMT_LINE || w->format == SD_FMT_PENCIL || w->format == SD_FMT_GRID) {
		/* what follows in a file this one is put before reads as it would alone */
		put_rules_line(w, &w->buf, NULL);
		if (w->format != SD_FMT_GRID)
			sd_put_line_end(&w->buf, &w->line_box);
		fwrite(w->buf.p, 1, w->buf.len, w->fp);
	}
	if (!sd_format_whole_run(w->format) || w->held_over)
		return 0;
	if (w->format != SD_FMT_SVG) {
		/* a book or a picture of nothing is no file at all */
		if (!w->held_count)
			return 0;
		if (!w->o.paint)
			return refuse(w, "-t %s is drawn only by sudoku-print", sd_format_names[w->format]);
		return w->o.paint(w->fp, w->format, w->held, w->held_count, &w->o, w->error,
				  sizeof w->error);
	}
	sd_put_svg(&w->buf, w->held, w->held_count, &w->o.alpha);
	if (w->buf.failed)
		return refuse(w, "out of memory");
	fwrite(w->buf.p, 1, w->buf.len, w->fp);
	return 0;
}

void sd_writer_free(struct sd_writer *w)
{
	if (!w)
		return;
	for (int i = 0; i < w->held_count; i++) {
		sd_record_free(w->held[i]);
		free(w->held[i]);
	}
	free(w->held);
	json_decref(w->columns);
	json_decref(w->line_rules);
	sd_buf_free(&w->buf);
	free(w);
}
