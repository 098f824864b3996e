/* Exact search: a solution, a count, a proof of uniqueness. */
#include <string.h>
#include "api/api_int.h"

/* Counts the puzzle's solutions up to max into ctx->res: SUDOKU_OK when
 * the count is complete, else the reason. */
static int count(sd_context *ctx, const sd_board *puzzle, long long max)
{
	struct sd_solve_opts o = { .max_solutions = max, .rules = puzzle->ruleset };

	o.limits = sd_api_limits(ctx, sd_solve_default_nodes(&puzzle->g, &o));
	sd_solve_fastest(&puzzle->g, puzzle->puzzle, &o, &ctx->res);
	if (ctx->res.stop != SD_STOP_DONE && ctx->res.solutions < max)
		return sd_api_fail(ctx, SUDOKU_ELIMIT, "limit reached after %lld nodes and %lld solution%s",
				   ctx->res.nodes, ctx->res.solutions, ctx->res.solutions == 1 ? "" : "s");
	return SUDOKU_OK;
}

int sd_board_solve(sd_context *ctx, const sd_board *puzzle, sd_board **solution)
{
	int code;

	if (solution)
		*solution = NULL;
	if (!ctx)
		return SUDOKU_EINVAL;
	if (!puzzle)
		return sd_api_fail(ctx, SUDOKU_EINVAL, "no puzzle");
	code = count(ctx, puzzle, 1);
	if (code != SUDOKU_OK)
		return code;
	if (ctx->res.solutions == 0)
		return sd_api_fail(ctx, SUDOKU_ENOSOLUTION, "the puzzle has no solution");
	if (solution && !(*solution = sd_api_board(ctx, &puzzle->g, puzzle->puzzle, ctx->res.first)))
		return SUDOKU_ENOMEM;
	if (solution && (code = sd_api_board_rules(ctx, *solution, puzzle->rules)) != SUDOKU_OK) {
		sd_board_free(*solution);
		*solution = NULL;
		return code;
	}
	return SUDOKU_OK;
}

int sd_board_count(sd_context *ctx, const sd_board *puzzle, long long max, long long *found)
{
	int code;

	if (found)
		*found = 0;
	if (!ctx)
		return SUDOKU_EINVAL;
	if (!puzzle || max < 1)
		return sd_api_fail(ctx, SUDOKU_EINVAL, "a puzzle and a count of at least 1 are needed");
	code = count(ctx, puzzle, max);
	if (found)
		*found = ctx->res.solutions;
	return code;
}

int sd_api_prove_unique(sd_context *ctx, const sd_board *puzzle)
{
	int code = count(ctx, puzzle, 2);

	if (code != SUDOKU_OK)
		return code;
	if (ctx->res.solutions == 0)
		return sd_api_fail(ctx, SUDOKU_ENOSOLUTION, "the puzzle has no solution");
	if (ctx->res.solutions > 1)
		return sd_api_fail(ctx, SUDOKU_EMULTIPLE, "the puzzle has more than one solution");
	return SUDOKU_OK;
}

int sd_board_unique(sd_context *ctx, const sd_board *puzzle)
{
	if (!ctx)
		return SUDOKU_EINVAL;
	if (!puzzle)
		return sd_api_fail(ctx, SUDOKU_EINVAL, "no puzzle");
	return sd_api_prove_unique(ctx, puzzle);
}
