/* The race for a first solution: turns of clause learning and of
 * annealing, each twice the one before.  The exact search starts afresh
 * each turn (it cannot be paused), which at most doubles its work;
 * annealing goes on where its last turn stopped, its turns one attempt
 * cut into pieces, until the attempt's cap (portfolio.h) starts another. */
#include <string.h>
#include "portfolio/portfolio.h"

bool sd_portfolio_applies(const struct sd_geom *g, const struct sd_solve_opts *o)
{
	return g->n >= SD_PORTFOLIO_FROM_N && sd_solve_learns(g, o) && o->max_solutions <= 1 &&
	       !o->on_solution && !o->exclude;
}

void sd_portfolio_result_free(struct sd_portfolio_result *pres)
{
	sd_local_result_free(&pres->local);
}

/* A board annealing calls solved, checked again: every rule, every given. */
static bool solves(const struct sd_geom *g, const uint8_t *puzzle, const uint8_t *board)
{
	for (int i = 0; i < sd_cells(g); i++)
		if (puzzle[i] && puzzle[i] != board[i])
			return false;
	return sd_is_solution(g, board);
}

/* The Luby sequence 1 1 2 1 1 2 4 1 1 2 ..., its kth term (k from 1). */
static long long luby(long long k)
{
	long long size = 1;

	while (size < k)
		size = 2 * size + 1;      /* 2^j - 1 >= k */
	for (;;) {
		if (k == size)
			return (size + 1) / 2;
		size /= 2;
		if (k > size)
			k -= size;
	}
}

/* The moves an annealing attempt may take at most: the nth (from 1). */
static long long attempt_cap(const struct sd_geom *g, const uint8_t *puzzle, int n)
{
	long long empty = 0;

	for (int i = 0; i < sd_cells(g); i++)
		empty += !puzzle[i];
	return luby(n) * SD_PORTFOLIO_UNIT_CHAINS * (empty * empty > 1 ? empty * empty : 1);
}

/* One turn of annealing of at most moves moves, over as many attempts as
 * their caps make it; true when it solved. */
static bool anneal_turn(const struct sd_geom *g, const uint8_t *puzzle, const struct sd_solve_opts *o,
			long long moves, struct sd_portfolio_result *pres, bool *dead)
{
	struct sd_anneal_opts ao = {
		.alpha = SD_ANNEAL_ALPHA, .reheat = SD_ANNEAL_REHEAT, .restart = SD_ANNEAL_RESTART,
		.limits = o->limits,
	};

	while (moves > 0) {
		bool fresh = !pres->attempts || pres->local.moves >= pres->attempt_cap;
		if (fresh) {
			pres->attempts++;
			pres->attempt_cap = attempt_cap(g, puzzle, pres->attempts);
		}
		/* the first attempt under the record's own seed; a resumed
		 * attempt that had made no move yet starts afresh under it */
		ao.seed = o->seed + (uint64_t)(pres->attempts - 1) * 0x9e3779b97f4a7c15u;
		long long before = fresh ? 0 : pres->local.moves;
		long long step = pres->attempt_cap - before;
		if (step > moves)
			step = moves;
		ao.resume = !fresh;
		ao.limits.work = before + step;
		if (sd_anneal(g, puzzle, NULL, &ao, &pres->local) < 0) {
			*dead = true;   /* no memory: the exact search goes on alone */
			return false;
		}
		long long spent = pres->local.moves - before;
		pres->moves += spent;
		moves -= spent;
		/* a contradiction by propagation: no solution, for the exact search to say */
		if (pres->local.status == SD_LOCAL_NOSOLUTION)
			*dead = true;
		if (pres->local.status == SD_LOCAL_SOLVED)
			return solves(g, puzzle, pres->local.best);
		/* interrupted, out of time, or stopped short of its limit */
		if (*dead || pres->local.interrupted || spent < step)
			return false;
	}
	return false;
}

long long sd_solve_portfolio(const struct sd_geom *g, const uint8_t *puzzle,
			     const struct sd_solve_opts *o, struct sd_solve_result *res,
			     struct sd_portfolio_result *pres)
{
	struct sd_solve_opts eo = *o;
	long long limit = o->limits.work, nodes = 0, backtracks = 0, restarts = 0;
	long long turn_nodes = SD_PORTFOLIO_FIRST_NODES;
	bool anneal_dead = false;

	pres->moves = 0;
	pres->turns = 0;
	pres->attempts = 0;
	pres->by_anneal = false;
	/* annealing knows the classic rules alone: variants are the exact
	 * search's */
	if (sd_solve_has_rules(o))
		return sd_solve(g, puzzle, o, res);
	eo.max_solutions = 1;
	for (;;) {
		long long spent = nodes + pres->moves / SD_PORTFOLIO_MOVES_PER_NODE;
		long long left = limit ? limit - spent : turn_nodes;
		eo.limits.work = turn_nodes < left ? turn_nodes : left;
		if (eo.limits.work <= 0) {
			res->stop = SD_STOP_LIMIT;
			break;
		}
		sd_solve(g, puzzle, &eo, res);
		pres->turns++;
		nodes += res->nodes;
		backtracks += res->backtracks;
		restarts += res->restarts;
		/* solved, proved unsolvable, interrupted, or out of time */
		if (res->stop != SD_STOP_LIMIT || sd_out_of_time(&o->limits) ||
		    (limit && nodes + pres->moves / SD_PORTFOLIO_MOVES_PER_NODE >= limit))
			break;
		if (!anneal_dead) {
			long long share = SD_PORTFOLIO_ANNEAL_SHARE * turn_nodes;
			spent = nodes + pres->moves / SD_PORTFOLIO_MOVES_PER_NODE;
			if (limit && share > limit - spent)
				share = limit - spent;
			if (anneal_turn(g, puzzle, o, share * SD_PORTFOLIO_MOVES_PER_NODE, pres, &anneal_dead)) {
				memcpy(res->first, pres->local.best, (size_t)sd_cells(g));
				res->solutions = 1;
				res->stop = SD_STOP_DONE;
				pres->by_anneal = true;
				break;
			}
			if (pres->local.interrupted) {
				res->stop = SD_STOP_INTERRUPTED;
				break;
			}
		}
		turn_nodes *= 2;
	}
	res->nodes = nodes;
	res->backtracks = backtracks;
	res->restarts = restarts;
	return res->solutions;
}
