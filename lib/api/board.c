/* Boards: read from text in any of the formats, looked at cell by cell,
 * and written as a line. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "api/api_int.h"
#include "format/format.h"

sd_board *sd_api_board(sd_context *ctx, const struct sd_geom *g, const uint8_t *puzzle,
		       const uint8_t *values)
{
	sd_board *b = malloc(sizeof *b);
	size_t cells = (size_t)sd_cells(g);

	if (!b) {
		sd_api_fail(ctx, SUDOKU_ENOMEM, "no memory for a board");
		return NULL;
	}
	b->g = *g;
	b->rules = NULL;
	b->ruleset = NULL;
	memcpy(b->puzzle, puzzle, cells);
	memcpy(b->values, values ? values : puzzle, cells);
	return b;
}

int sd_api_board_rules(sd_context *ctx, sd_board *board, const struct sd_rules *rules)
{
	struct sd_rules *copy = NULL;
	struct sd_ruleset *rs = NULL;
	char err[200];

	if (!sd_rules_classic(rules)) {
		if (!(copy = sd_rules_copy(rules)))
			return sd_api_fail(ctx, SUDOKU_ENOMEM, "no memory for the rules");
		if (!(rs = sd_ruleset_new(&board->g, copy, err, sizeof err))) {
			sd_rules_free(copy);
			return sd_api_fail(ctx, SUDOKU_EINVAL, "rules: %s", err);
		}
	}
	sd_ruleset_free(board->ruleset);
	sd_rules_free(board->rules);
	board->rules = copy;
	board->ruleset = rs;
	if (copy && copy->jigsaw)
		board->g.r = board->g.c = 0;
	return SUDOKU_OK;
}

int sd_api_classic_only(sd_context *ctx, const sd_board *board, const char *what)
{
	if (!board->rules)
		return SUDOKU_OK;
	return sd_api_fail(ctx, SUDOKU_EINVAL, "%s reads the classic rules alone: a variant's "
			   "rules are not read there yet", what);
}

/* The reader's first record, or the error of the first bad one. */
static int first_record(sd_context *ctx, struct sd_reader *rd, struct sd_record *rec)
{
	long line = 0;
	const char *why;

	switch (sd_reader_next(rd, rec)) {
	case SD_READ_OK:
		return SUDOKU_OK;
	case SD_READ_EOF:
		return sd_api_fail(ctx, SUDOKU_EPARSE, "no board in the text");
	default:
		why = sd_reader_error(rd, &line);
		return sd_api_fail(ctx, SUDOKU_EPARSE, "line %ld: %s", line, why);
	}
}

int sd_board_parse(sd_context *ctx, const char *text, size_t len, sd_board **board)
{
	struct sd_read_opts o = { .format = SD_FMT_AUTO, .givens_only = true,
				  .rules_honoured = SD_RULES_ALL };
	struct sd_record rec;
	struct sd_reader *rd;
	int code;

	if (board)
		*board = NULL;
	if (!ctx)
		return SUDOKU_EINVAL;
	if (!text)
		return sd_api_fail(ctx, SUDOKU_EINVAL, "no text");
	sd_alphabet_default(&o.alpha);
	rd = sd_reader_open_text("text", text, len, &o);
	if (!rd)
		return sd_api_fail(ctx, SUDOKU_ENOMEM, "%s", strerror(errno));
	sd_record_init(&rec);
	code = first_record(ctx, rd, &rec);
	if (code == SUDOKU_OK && board) {
		*board = sd_api_board(ctx, &rec.g, rec.puzzle, sd_values(&rec));
		if (!*board)
			code = SUDOKU_ENOMEM;
		else if ((code = sd_api_board_rules(ctx, *board, rec.rules)) != SUDOKU_OK) {
			sd_board_free(*board);
			*board = NULL;
		}
	}
	sd_record_free(&rec);
	sd_reader_close(rd);
	return code;
}

void sd_board_free(sd_board *board)
{
	if (board) {
		sd_ruleset_free(board->ruleset);
		sd_rules_free(board->rules);
	}
	free(board);
}

int sd_board_rules(const sd_board *board, char *buf, size_t size)
{
	json_t *v;
	char *text;
	int len;

	if (buf && size)
		*buf = '\0';
	if (!board)
		return -1;
	if (!board->rules)
		return 0;
	v = sd_rules_json(board->rules);
	text = v ? json_dumps(v, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
	json_decref(v);
	if (!text)
		return -1;
	len = (int)strlen(text);
	if (buf && size)
		snprintf(buf, size, "%s", text);
	free(text);
	return len;
}

int sd_board_set_rules(sd_context *ctx, sd_board *board, const char *json)
{
	struct sd_rules *rules = NULL;
	json_error_t jerr;
	json_t *v;
	char err[200];
	int code;

	if (!ctx)
		return SUDOKU_EINVAL;
	if (!board || !json)
		return sd_api_fail(ctx, SUDOKU_EINVAL, "no board or no rules");
	if (!(v = json_loads(json, JSON_REJECT_DUPLICATES, &jerr)))
		return sd_api_fail(ctx, SUDOKU_EINVAL, "rules: %s", jerr.text);
	code = sd_rules_from_json(v, board->g.n, &rules, err, sizeof err);
	json_decref(v);
	if (code < 0)
		return sd_api_fail(ctx, SUDOKU_EINVAL, "rules: %s", err);
	/* the boxes a jigsaw took away come back with the classic rules */
	if ((!rules || !rules->jigsaw) && !board->g.r && sd_geom_default(board->g.n, &board->g) < 0) {
		sd_rules_free(rules);
		board->g.r = board->g.c = 0;
		return sd_api_fail(ctx, SUDOKU_EINVAL, "rules: size %d has no boxes; it needs jigsaw "
				   "regions", board->g.n);
	}
	code = sd_api_board_rules(ctx, board, rules);
	sd_rules_free(rules);
	return code;
}

int sd_board_size(const sd_board *board, int *box_rows, int *box_cols)
{
	if (!board)
		return -1;
	if (box_rows)
		*box_rows = board->g.r;
	if (box_cols)
		*box_cols = board->g.c;
	return board->g.n;
}

/* The cell at row, col, or -1 outside the board. */
static int cell_at(const sd_board *board, int row, int col)
{
	if (!board || row < 0 || col < 0 || row >= board->g.n || col >= board->g.n)
		return -1;
	return row * board->g.n + col;
}

int sd_board_get(const sd_board *board, int row, int col)
{
	int cell = cell_at(board, row, col);

	return cell < 0 ? -1 : board->values[cell];
}

int sd_board_given(const sd_board *board, int row, int col)
{
	int cell = cell_at(board, row, col);

	return cell < 0 ? -1 : board->puzzle[cell] != 0;
}

int sd_board_text(const sd_board *board, char *buf, size_t size)
{
	struct sd_buf b = { 0 };
	struct sd_alphabet a;
	int len;

	if (!board)
		return -1;
	if (!buf)
		size = 0;
	sd_alphabet_default(&a);
	for (int c = 0; c < sd_cells(&board->g); c++) {
		if (board->g.n <= SD_MAXLINE_N)
			sd_buf_putc(&b, a.symbol[board->values[c]]);
		else
			sd_buf_printf(&b, c ? " %d" : "%d", board->values[c]);
	}
	if (b.failed) {
		sd_buf_free(&b);
		return -1;
	}
	len = (int)b.len;
	if (size)
		snprintf(buf, size, "%s", b.p);
	sd_buf_free(&b);
	return len;
}
