/* Opening an operand, detecting its format, and the errors of readers. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "format/codec.h"

const char *const sd_format_names[] = {
	"auto", "text", "line", "grid", "csv", "json", "pencil", "solo", "fpuzzles", "pack", "pretty", "svg", "pdf", "png", NULL
};

const char *sd_reader_error(const struct sd_reader *rd, long *line)
{
	*line = rd->message_line;
	return rd->message;
}

const char *sd_reader_name(const struct sd_reader *rd)
{
	return rd->origin ? rd->origin : rd->in.name;
}

static bool names_board_column(const char *field, size_t len)
{
	static const char *const names[] = {
		"puzzle", "quizzes", "quiz", "board", "solution", "solutions"
	};

	while (len && (*field == ' ' || *field == '"')) {
		field++;
		len--;
	}
	while (len && (field[len - 1] == ' ' || field[len - 1] == '"'))
		len--;
	for (size_t i = 0; i < sizeof names / sizeof *names; i++)
		if (strlen(names[i]) == len && !strncasecmp(field, names[i], len))
			return true;
	return false;
}

/* The SPEC's rule, on the first line that is not blank or a comment;
 * *flen: the length of its first field. */
static int detect(const char *line, size_t len, const struct sd_alphabet *a, size_t *flen_out)
{
	size_t i = 0, start, flen;

	while (i < len && isspace((unsigned char)line[i]))
		i++;
	if (i < len && line[i] == '{')
		return SD_FMT_JSON;
	for (const char *f = line; f <= line + len;) {
		const char *comma = memchr(f, ',', (size_t)(line + len - f));
		const char *end = comma ? comma : line + len;
		if (names_board_column(f, (size_t)(end - f)))
			return SD_FMT_CSV;
		f = end + 1;
	}
	start = i;
	while (i < len && !isspace((unsigned char)line[i]))
		i++;
	flen = i - start;
	*flen_out = flen;
	if (sd_solo_shaped(line + start, flen))
		return SD_FMT_SOLO;
	/* 729 symbols are 27×27 too: candidates where every cell's places
	 * hold only their own symbols, and some in each */
	if (sd_pencil_shaped(line + start, flen, sd_pencil_size(flen), a))
		return SD_FMT_PENCIL;
	int n = sd_isqrt(flen);
	if (n >= 4 && n <= SD_MAXLINE_N && (size_t)n * (size_t)n == flen &&
	    !memchr(line + start, ',', flen))
		return SD_FMT_LINE;
	return SD_FMT_GRID;
}

/* A first record that fails in a format guessed from it: say what was
 * guessed and why, since the user may have meant another. */
static void explain_guess(struct sd_reader *rd)
{
	size_t len = strlen(rd->message);
	char *at = rd->message + len;
	size_t room = sizeof rd->message - len;

	switch (rd->format) {
	case SD_FMT_GRID:
		snprintf(at, room, " (read as a grid: a first field of %zu symbol%s is no line, "
			 "which needs 16, 36, 64, 81, 100... symbols%s%s)",
			 rd->first_field, sd_plural((long long)rd->first_field),
			 rd->o->name_format ? "; " : "", rd->o->name_format ? rd->o->name_format : "");
		break;
	case SD_FMT_LINE:
		snprintf(at, room, " (read as a line: its first field has %zu symbols)",
			 rd->first_field);
		break;
	case SD_FMT_PENCIL:
		snprintf(at, room, " (read as pencil marks: its first field of %zu symbols holds "
			 "only candidates in their places)", rd->first_field);
		break;
	case SD_FMT_CSV:
		snprintf(at, room, " (read as csv, for its header row)");
		break;
	case SD_FMT_SOLO:
		snprintf(at, room, " (read as a Solo game ID, for its first field's PARAMS:DESC)");
		break;
	case SD_FMT_FPUZZLES:
		snprintf(at, room, " (read as f-puzzles JSON, for its \"grid\" of rows)");
		break;
	default:
		snprintf(at, room, " (read as json, for its '{')");
		break;
	}
}

/* A reader of input in opened by open_input, which returns 0 or -1 with
 * errno set. */
static struct sd_reader *reader_new(const struct sd_read_opts *o,
				    int (*open_input)(struct sd_input *in, const void *arg),
				    const void *arg)
{
	struct sd_reader *rd = calloc(1, sizeof *rd);

	if (!rd)
		return NULL;
	if (open_input(&rd->in, arg) < 0) {
		int saved = errno;
		free(rd);
		errno = saved;
		return NULL;
	}
	rd->in.interrupt = o->interrupt;
	rd->o = o;
	rd->format = o->format;
	sd_alphabet_default(&rd->standard);
	return rd;
}

static int open_path(struct sd_input *in, const void *path)
{
	return sd_input_open(in, path);
}

struct sd_reader *sd_reader_open(const char *path, const struct sd_read_opts *o)
{
	return reader_new(o, open_path, path);
}

struct text_source { const char *name, *text; size_t len; };

static int open_text(struct sd_input *in, const void *arg)
{
	const struct text_source *t = arg;

	return sd_input_open_text(in, t->name, t->text, t->len);
}

struct sd_reader *sd_reader_open_text(const char *name, const char *text, size_t len,
				      const struct sd_read_opts *o)
{
	struct text_source t = { name, text, len };

	return reader_new(o, open_text, &t);
}

void sd_reader_close(struct sd_reader *rd)
{
	if (rd) {
		sd_input_close(&rd->in);
		sd_csv_free(rd->csv);
		sd_buf_free(&rd->text);
		free(rd->origin);
		json_decref(rd->line_rules);
	}
	free(rd);
}

void sd_reader_progress(const struct sd_reader *rd, long long *done, long long *total)
{
	*done = rd->in.consumed - (long long)(rd->in.end - rd->in.start);
	*total = rd->in.total;
}

/* The json and fpuzzles readers: the next object, as f-puzzles' when the
 * format was named so, or guessed json by its '{' and the first object is
 * f-puzzles' (a board as "grid" rows, and no "puzzle"). */
static int read_object(struct sd_reader *rd, struct sd_record *rec)
{
	json_t *obj;
	long first;
	int r = sd_read_json_object(rd, &obj, &first);

	if (r != SD_READ_OK)
		return r;
	if (rd->format == SD_FMT_JSON && rd->guessed && !rd->objects++ && sd_fpuzzles_object(obj))
		rd->format = SD_FMT_FPUZZLES;
	r = rd->format == SD_FMT_FPUZZLES ? sd_fpuzzles_record(rd, rec, obj, first) :
		sd_json_record(rd, rec, obj, first);
	json_decref(obj);
	return r;
}

/* What every read ends with: a pencil-mark puzzle refused where only
 * givens are read, the records counted, a first record's failure in a
 * guessed format explained. */
static int counted(struct sd_reader *rd, struct sd_record *rec, int r)
{
	if (r == SD_READ_OK && rec->cand && rd->o->givens_only) {
		rd->records++;
		return sd_bad(rd, rec->line, "a pencil-mark puzzle, %s", rd->o->read_candidates ?
			      rd->o->read_candidates : "where only givens are read");
	}
	if (r == SD_READ_OK)
		rd->records++;
	else if (r == SD_READ_BAD && rd->guessed && !rd->records)
		explain_guess(rd);
	return r;
}

int sd_reader_next(struct sd_reader *rd, struct sd_record *rec)
{
	sd_record_reset(rec);
	if (rd->format == SD_FMT_AUTO) {
		char *line;
		size_t len;
		int r = sd_content_line(rd, &line, &len);
		if (r != SD_READ_OK)
			return r;
		rd->format = detect(line, len, &rd->o->alpha, &rd->first_field);
		rd->guessed = true;
		sd_input_unread(&rd->in);
	}
	int r;
	switch (rd->format) {
	case SD_FMT_LINE:
	case SD_FMT_PENCIL: r = sd_read_line(rd, rec); break;
	case SD_FMT_GRID: r = sd_read_grid(rd, rec); break;
	case SD_FMT_CSV: r = sd_read_csv(rd, rec); break;
	case SD_FMT_PACK: r = sd_read_pack(rd, rec); break;
	case SD_FMT_SOLO: r = sd_read_solo(rd, rec); break;
	default: r = read_object(rd, rec); break;
	}
	return counted(rd, rec, r);
}


