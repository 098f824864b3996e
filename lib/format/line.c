/* The line format of the public collections: puzzle [board] [id]; and
 * the pencil format, the same line with candidates for its puzzle. */
#include <string.h>
#include "format/codec.h"

static size_t field_end(const char *s, size_t i, size_t len)
{
	while (i < len && s[i] != ' ' && s[i] != '\t')
		i++;
	return i;
}

static size_t skip_blank(const char *s, size_t i, size_t len)
{
	while (i < len && (s[i] == ' ' || s[i] == '\t'))
		i++;
	return i;
}

/* Whether the field after the puzzle is a board: N×N symbols, or a field
 * longer than half a board made only of the board's symbols, which is a
 * board with cells missing or extra (a player's slip), not a name.  A
 * shorter field, or one with any other character, is a name ("12",
 * "puzzle-7"). */
static bool is_board_field(const char *s, size_t len, int n, const struct sd_alphabet *a)
{
	size_t cells = (size_t)n * (size_t)n;

	if (len == cells)
		return true;
	if (2 * len <= cells)
		return false;
	for (size_t i = 0; i < len; i++) {
		int v = a->value[(unsigned char)s[i]];
		if (v < 0 || v > n)
			return false;
	}
	return true;
}

/* The symbols a line of an n×n board reads in: -A's, and the standard ones
 * besides where no symbol means another value in one than in the other,
 * so that -A converts a file of digits. */
static const struct sd_alphabet *reading_alphabet(struct sd_reader *rd, int n)
{
	if (rd->widened_n != n) {
		rd->widened_n = n;
		if (!sd_alphabet_widen(&rd->o->alpha, &rd->standard, n, &rd->widened))
			rd->widened = rd->o->alpha;
	}
	return &rd->widened;
}

/* A board's symbols that do not read: said with the alphabet's size where
 * -A gives too few for the board. */
static int bad_symbols(struct sd_reader *rd, long line, const char *what, int n)
{
	int size = rd->o->alpha.size;

	if (size >= n)
		return sd_bad(rd, line, "%s%s", what, rd->err);
	return sd_bad(rd, line, "%s%s (the alphabet has %d symbol%s; a %dx%d board needs %d)", what,
		      rd->err, size, sd_plural(size), n, n, n);
}

int sd_read_line(struct sd_reader *rd, struct sd_record *rec)
{
	const struct sd_alphabet *a;
	char *line;
	size_t len, i, end;
	int r, n;

	if ((r = sd_content_line(rd, &line, &len)) != SD_READ_OK)
		return r;
	rec->file = rd->in.name;
	rec->line = rd->in.lineno;
	rec->format = rd->format == SD_FMT_PENCIL ? SD_FMT_PENCIL : SD_FMT_LINE;
	i = skip_blank(line, 0, len);
	end = field_end(line, i, len);
	if (rec->format == SD_FMT_PENCIL) {
		if (!(n = sd_pencil_size(end - i)))
			return sd_bad(rd, rec->line, "candidates have %zu symbols; expected N×N×N "
				      "(729 for 9×9) for a size N from 4 to %d", end - i, SD_MAXLINE_N);
		if (!sd_record_new_cand(rec, n))
			return sd_read_failed(rd);
		a = reading_alphabet(rd, n);
		if (sd_cand_from_symbols(line + i, end - i, a, n, rec->cand, rd->err, sizeof rd->err) < 0)
			return bad_symbols(rd, rec->line, "candidates: ", n);
		memset(rec->puzzle, 0, (size_t)n * (size_t)n);
	} else {
		n = sd_isqrt(end - i);
		if ((size_t)n * (size_t)n != end - i || n < 4 || n > SD_MAXLINE_N)
			return sd_bad(rd, rec->line, "puzzle has %zu symbols; expected N×N for a size N from 4 to %d",
				      end - i, SD_MAXLINE_N);
		a = reading_alphabet(rd, n);
		if (sd_board_from_symbols(line + i, end - i, a, n, rec->puzzle, rd->err, sizeof rd->err) < 0)
			return bad_symbols(rd, rec->line, "puzzle: ", n);
	}
	rec->g.n = n;
	i = skip_blank(line, end, len);
	end = field_end(line, i, len);
	if (is_board_field(line + i, end - i, n, a)) {
		/* "board has 80 symbols; ..." names its subject already */
		if (sd_board_from_symbols(line + i, end - i, a, n, rec->board, rd->err, sizeof rd->err) < 0)
			return bad_symbols(rd, rec->line, end - i == (size_t)n * (size_t)n ?
					   "board: " : "", n);
		rec->has_board = true;
		i = skip_blank(line, end, len);
	}
	while (len > i && (line[len - 1] == ' ' || line[len - 1] == '\t'))
		len--;
	if (len > i) {
		if (!sd_utf8_valid(line + i, len - i))
			return sd_bad(rd, rec->line, "name is not valid UTF-8");
		sd_record_set_id(rec, line + i, len - i);
	}
	if ((r = sd_stated_rules(rd, rec)) != 0)
		return r;
	if (sd_record_settle(rec, rd->o, rd->line_box.n == n ? &rd->line_box : NULL, rd->err,
			     sizeof rd->err) < 0)
		return sd_bad(rd, rec->line, "%s", rd->err);
	return SD_READ_OK;
}

int sd_put_line(struct sd_buf *b, const struct sd_record *rec, const struct sd_alphabet *a,
		 struct sd_geom *stated, bool pencil)
{
	struct sd_geom read_as;

	/* a name that would not read back as the name */
	if (rec->id && strpbrk(rec->id, "\r\n"))
		return -1;
	if (rec->id && !rec->has_board &&
	    is_board_field(rec->id, strcspn(rec->id, " \t"), rec->g.n, a))
		return -1;

	/* the shape a reader would take: the last stated for this size, else
	 * the size's default; where that is not the record's, say it */
	if (stated->n == rec->g.n)
		read_as = *stated;
	else
		sd_geom_default(rec->g.n, &read_as);
	if (rec->g.r && read_as.r != rec->g.r) {
		sd_buf_printf(b, "# box %dx%d\n", rec->g.r, rec->g.c);
		*stated = rec->g;
	}
	if (pencil) {
		uint64_t cand[SD_MAXCELLS];
		sd_record_candidates(rec, cand);
		sd_put_cand_symbols(b, &rec->g, cand, a->symbol);
	} else {
		sd_put_symbols(b, &rec->g, rec->puzzle, a->symbol);
	}
	if (rec->has_board) {
		sd_buf_putc(b, ' ');
		sd_put_symbols(b, &rec->g, rec->board, a->symbol);
	}
	if (rec->id) {
		sd_buf_putc(b, ' ');
		sd_buf_puts(b, rec->id);
	}
	sd_buf_putc(b, '\n');
	return 0;
}

void sd_put_line_end(struct sd_buf *b, struct sd_geom *stated)
{
	struct sd_geom usual;

	if (!stated->n || sd_geom_is_default(stated))
		return;
	sd_geom_default(stated->n, &usual);
	sd_buf_printf(b, "# box %dx%d\n", usual.r, usual.c);
	*stated = usual;
}
