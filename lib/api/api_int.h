/* What the files of lib/api share: the context and the board behind the
 * opaque types of sudoku.h. */
#ifndef SD_API_INT_H
#define SD_API_INT_H

#include "api/sudoku.h"
#include "exact/exact.h"
#include "gen/gen.h"
#include "local/local.h"
#include "logic/logic.h"

/* The working memory of every family, kept from call to call, so that a
 * context is all a thread needs. */
struct sd_context {
	long long work;                /* 0: each call's default */
	double seconds;                /* 0: none */
	char message[256];
	struct sd_solve_result res;
	struct sd_logic lg;
	struct sd_gen gen;
	struct sd_local_result local;
};

struct sd_board {
	struct sd_geom g;              /* r = c = 0: a jigsaw's regions for boxes */
	uint8_t puzzle[SD_MAXCELLS];   /* the givens */
	uint8_t values[SD_MAXCELLS];   /* givens included */
	struct sd_rules *rules;        /* a variant's rules, NULL classic; its own */
	struct sd_ruleset *ruleset;    /* the rules compiled (NULL classic) */
};

/* Keeps the message for sd_context_message and returns code. */
int sd_api_fail(sd_context *ctx, int code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* The context's limits for a call whose default work is default_work. */
struct sd_limits sd_api_limits(const sd_context *ctx, long long default_work);
/* A new board of shape g with these givens and values (values NULL: the
 * givens), or NULL after sd_api_fail. */
sd_board *sd_api_board(sd_context *ctx, const struct sd_geom *g, const uint8_t *puzzle,
		       const uint8_t *values);
/* Gives board a copy of rules (NULL or classic: none) and compiles them:
 * SUDOKU_OK, or the error (rules that make no board of its shape). */
int sd_api_board_rules(sd_context *ctx, sd_board *board, const struct sd_rules *rules);
/* SUDOKU_OK for a classic board; for a variant's, SUDOKU_EINVAL saying
 * that what (a rating, a hint, ...) reads the classic rules alone. */
int sd_api_classic_only(sd_context *ctx, const sd_board *board, const char *what);
/* Whether the puzzle has one solution, within the context's limits (the
 * solution in ctx->res.first): SUDOKU_OK, or the error. */
int sd_api_prove_unique(sd_context *ctx, const sd_board *puzzle);

#endif
