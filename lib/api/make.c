/* Boards made: puzzles by the generator, solutions by local search. */
#include "api/api_int.h"

int sd_board_generate(sd_context *ctx, int size, int level, double min_er, double max_er,
		      uint64_t seed, sd_board **puzzle)
{
	struct sd_gen_opts o = { 0 };
	struct sd_geom g;
	bool window = min_er != 0 || max_er != 0;
	int got;

	if (puzzle)
		*puzzle = NULL;
	if (!ctx)
		return SUDOKU_EINVAL;
	if (!sd_size_ok(size) || sd_geom_default(size, &g) < 0)
		return sd_api_fail(ctx, SUDOKU_EINVAL, "no puzzle of size %d: a size is 4..64, not prime",
				   size);
	if (level < -1 || level > SUDOKU_EXTREME)
		return sd_api_fail(ctx, SUDOKU_EINVAL, "no level %d: -1 (any) or 0..%d", level,
				   SUDOKU_EXTREME);
	if (window && (level >= 0 || !(min_er >= 0 && min_er <= max_er && max_er <= SD_RATING_TOP)))
		return sd_api_fail(ctx, SUDOKU_EINVAL, "a rating window is 0 <= min <= max <= %.1f, "
				   "without a level", SD_RATING_TOP);
	/* sudoku-gen's defaults (attempts, nodes per uniqueness check, a
	 * rating's work); the context's work counts removal orders, as
	 * sudoku-gen's --max-attempts */
	sd_gen_aim(&o, &g, level, min_er, window ? max_er : 0);
	long long nodes = o.limits.work;
	o.limits = sd_api_limits(ctx, o.max_attempts);
	o.max_attempts = o.limits.work;
	o.limits.work = nodes;
	/* under a time limit a rating may take what time is left, as with
	 * sudoku-gen -T */
	if (ctx->seconds > 0)
		o.rating_work = 0;
	got = sd_generate(&ctx->gen, &g, &o, seed);
	if (got == SD_GEN_STOPPED)
		return sd_api_fail(ctx, SUDOKU_ELIMIT, "time limit reached after %lld attempts",
				   ctx->gen.attempts);
	if (got != SD_GEN_OK)
		return sd_api_fail(ctx, SUDOKU_EEXHAUSTED, "no puzzle met the conditions in %lld attempts",
				   ctx->gen.attempts);
	if (puzzle && !(*puzzle = sd_api_board(ctx, &g, ctx->gen.puzzle, NULL)))
		return SUDOKU_ENOMEM;
	return SUDOKU_OK;
}

int sd_board_search(sd_context *ctx, const sd_board *puzzle, int method, uint64_t seed,
		    sd_board **best, int *cost)
{
	struct sd_local_result *res;

	if (best)
		*best = NULL;
	if (cost)
		*cost = -1;
	if (!ctx)
		return SUDOKU_EINVAL;
	if (!puzzle || (method != SUDOKU_ANNEAL && method != SUDOKU_VNS))
		return sd_api_fail(ctx, SUDOKU_EINVAL, "a puzzle and SUDOKU_ANNEAL or SUDOKU_VNS");
	res = &ctx->local;
	if (method == SUDOKU_ANNEAL) {
		struct sd_anneal_opts o = {
			.alpha = SD_ANNEAL_ALPHA, .reheat = SD_ANNEAL_REHEAT, .restart = SD_ANNEAL_RESTART,
			.seed = seed, .limits = sd_api_limits(ctx, SD_DEFAULT_ANNEAL_MOVES),
			.rules = puzzle->ruleset,
		};
		sd_anneal(&puzzle->g, puzzle->puzzle, NULL, &o, res);
	} else {
		struct sd_vns_opts o = {
			.shake_boxes = SD_VNS_SHAKE, .seed = seed,
			.limits = sd_api_limits(ctx, SD_DEFAULT_VNS_MOVES),
			.rules = puzzle->ruleset,
		};
		sd_vns(&puzzle->g, puzzle->puzzle, NULL, &o, res);
	}
	if (res->status == SD_LOCAL_NOSOLUTION)
		return sd_api_fail(ctx, SUDOKU_ENOSOLUTION, "the givens leave a cell no digit");
	if (best && !(*best = sd_api_board(ctx, &puzzle->g, puzzle->puzzle, res->best)))
		return SUDOKU_ENOMEM;
	if (best && sd_api_board_rules(ctx, *best, puzzle->rules) != SUDOKU_OK) {
		sd_board_free(*best);
		*best = NULL;
		return SUDOKU_ENOMEM;
	}
	if (cost)
		*cost = res->best_cost;
	if (res->status != SD_LOCAL_SOLVED)
		return sd_api_fail(ctx, SUDOKU_ELIMIT, "limit reached after %lld moves at cost %d",
				   res->moves, res->best_cost);
	return SUDOKU_OK;
}
