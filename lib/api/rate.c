/* Rating a puzzle, and the steps of the next hint, in words and as data. */
#include <stdlib.h>
#include <string.h>
#include "api/api_int.h"
#include "explain/explain.h"

/* A step taken, with its sentence; tech -1 when the techniques found none. */
struct hint_step {
	struct sd_step st;
	char *text;
};

struct sd_hint {
	struct sd_geom g;
	int count;
	struct hint_step *steps;
	char *text;                    /* the steps' sentences joined */
};

/* The rater's limits, from the start of its work. */
static void rater_limits(sd_context *ctx)
{
	ctx->lg.limits = sd_api_limits(ctx, SD_DEFAULT_RATING_WORK);
	ctx->lg.work = 0;
	/* proven unique before: the uniqueness techniques may assume it */
	ctx->lg.unique = true;
}

int sd_board_rate(sd_context *ctx, const sd_board *puzzle, struct sd_grade *grade)
{
	struct sd_rating r;
	int code;

	if (grade)
		memset(grade, 0, sizeof *grade);
	if (!ctx)
		return SUDOKU_EINVAL;
	if (!puzzle)
		return sd_api_fail(ctx, SUDOKU_EINVAL, "no puzzle");
	if ((code = sd_api_classic_only(ctx, puzzle, "the rating")) != SUDOKU_OK)
		return code;
	code = sd_api_prove_unique(ctx, puzzle);
	if (code != SUDOKU_OK)
		return code;
	rater_limits(ctx);
	sd_rate(&ctx->lg, &puzzle->g, puzzle->puzzle, SD_TECH_COUNT - 1, &r, NULL, NULL);
	if (r.limit)
		return sd_api_fail(ctx, SUDOKU_ELIMIT, "limit reached after %lld units of the rater's work",
				   ctx->lg.work);
	if (grade)
		*grade = (struct sd_grade){
			.er = r.score, .ep = r.pearl, .ed = r.diamond, .level = r.level,
			.hardest = r.hardest >= 0 ? sd_tech_name(r.hardest) : "none", .steps = r.steps,
		};
	return SUDOKU_OK;
}

void sd_hint_free(sd_hint *hint)
{
	if (!hint)
		return;
	for (int i = 0; i < hint->count; i++)
		free(hint->steps[i].text);
	free(hint->steps);
	free(hint->text);
	free(hint);
}

/* What add_step needs beside the step. */
struct hint_taking {
	sd_hint *hint;
	struct sd_buf *all;
};

/* Adds a step (st NULL: the techniques know none) with its sentence. */
static bool add_step(void *arg, const struct sd_step *st)
{
	struct hint_taking *t = arg;
	sd_hint *hint = t->hint;
	struct hint_step *grown = realloc(hint->steps, (size_t)(hint->count + 1) * sizeof *grown);
	struct sd_buf words = { 0 };
	struct sd_alphabet a;

	if (!grown)
		return false;
	hint->steps = grown;
	if (st) {
		grown[hint->count].st = *st;
		sd_alphabet_default(&a);
		sd_step_text(&words, &hint->g, st, &a);
	} else {
		grown[hint->count].st = (struct sd_step){ .tech = -1, .cell = -1 };
		sd_buf_puts(&words, SD_HINT_STUCK_TEXT);
	}
	if (words.failed) {
		sd_buf_free(&words);
		return false;
	}
	grown[hint->count++].text = words.p;
	if (hint->count > 1)
		sd_buf_puts(t->all, "; then ");
	sd_buf_puts(t->all, words.p);
	return true;
}

/* The steps from the board's values to the next placement into hint. */
static int take_steps(sd_context *ctx, const sd_board *board, sd_hint *hint, struct sd_buf *all)
{
	struct hint_taking t = { hint, all };
	struct sd_step last;

	rater_limits(ctx);
	switch (sd_hint_walk(&ctx->lg, &board->g, board->values, add_step, &t, &last)) {
	case SD_HINT_REPEATS:
		return sd_api_fail(ctx, SUDOKU_ENOSOLUTION, "the board repeats a digit in a unit");
	case SD_HINT_CONTRADICTION:
		return sd_api_fail(ctx, SUDOKU_ENOSOLUTION, "the board's values lead to no solution");
	case SD_HINT_LIMIT:
		return sd_api_fail(ctx, SUDOKU_ELIMIT, "limit reached after %lld units of the rater's work",
				   ctx->lg.work);
	case SD_HINT_REFUSED:
		return sd_api_fail(ctx, SUDOKU_ENOMEM, "no memory for the hint");
	case SD_HINT_SOLVED:
		sd_buf_puts(all, SD_HINT_SOLVED_TEXT);
		return SUDOKU_OK;
	default:
		return SUDOKU_OK;
	}
}

int sd_board_hint(sd_context *ctx, const sd_board *board, sd_hint **out)
{
	struct sd_buf all = { 0 };
	sd_hint *hint;
	int code;

	if (out)
		*out = NULL;
	if (!ctx)
		return SUDOKU_EINVAL;
	if (!board)
		return sd_api_fail(ctx, SUDOKU_EINVAL, "no board");
	if ((code = sd_api_classic_only(ctx, board, "a hint")) != SUDOKU_OK)
		return code;
	code = sd_api_prove_unique(ctx, board);
	if (code != SUDOKU_OK)
		return code;
	hint = calloc(1, sizeof *hint);
	if (!hint)
		return sd_api_fail(ctx, SUDOKU_ENOMEM, "no memory for the hint");
	hint->g = board->g;
	code = take_steps(ctx, board, hint, &all);
	if (code == SUDOKU_OK && all.failed)
		code = sd_api_fail(ctx, SUDOKU_ENOMEM, "no memory for the hint");
	if (code != SUDOKU_OK) {
		sd_buf_free(&all);
		sd_hint_free(hint);
		return code;
	}
	hint->text = all.p;
	if (out)
		*out = hint;
	else
		sd_hint_free(hint);
	return SUDOKU_OK;
}

const char *sd_hint_text(const sd_hint *hint)
{
	return hint ? hint->text : NULL;
}

int sd_hint_steps(const sd_hint *hint)
{
	return hint ? hint->count : -1;
}

/* Step i, or NULL. */
static const struct hint_step *step_at(const sd_hint *hint, int i)
{
	return hint && i >= 0 && i < hint->count ? &hint->steps[i] : NULL;
}

/* A cell and digit into the out-pointers the caller gave (any may be
 * NULL); returns 1. */
static int put_cell(const sd_hint *hint, int cell, int digit, int *row, int *col, int *digit_out)
{
	if (row)
		*row = cell / hint->g.n;
	if (col)
		*col = cell % hint->g.n;
	if (digit_out)
		*digit_out = digit;
	return 1;
}

const char *sd_hint_technique(const sd_hint *hint, int i)
{
	const struct hint_step *s = step_at(hint, i);

	if (!s)
		return NULL;
	return s->st.tech < 0 ? "search" : sd_tech_name(s->st.tech);
}

const char *sd_hint_step_text(const sd_hint *hint, int i)
{
	const struct hint_step *s = step_at(hint, i);

	return s ? s->text : NULL;
}

int sd_hint_placement(const sd_hint *hint, int i, int *row, int *col, int *digit)
{
	const struct hint_step *s = step_at(hint, i);

	if (!s || s->st.cell < 0)
		return 0;
	return put_cell(hint, s->st.cell, s->st.digit, row, col, digit);
}

int sd_hint_removals(const sd_hint *hint, int i)
{
	const struct hint_step *s = step_at(hint, i);
	int count = 0;

	if (!s)
		return -1;
	for (int k = 0; k < s->st.nremoved; k++)
		count += sd_popcount(s->st.removed[k].digits);
	return count;
}

int sd_hint_removal(const sd_hint *hint, int i, int k, int *row, int *col, int *digit)
{
	const struct hint_step *s = step_at(hint, i);

	if (!s || k < 0)
		return 0;
	/* a removal of the step is a cell and several digits: one each here */
	for (int j = 0; j < s->st.nremoved; j++) {
		uint64_t digits = s->st.removed[j].digits;
		int here = sd_popcount(digits);
		if (k >= here) {
			k -= here;
			continue;
		}
		while (k--)
			digits &= digits - 1;
		return put_cell(hint, s->st.removed[j].cell, __builtin_ctzll(digits) + 1, row, col,
				digit);
	}
	return 0;
}
