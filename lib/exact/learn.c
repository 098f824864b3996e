/* Exact search with clause learning (CDCL), the default on the large grids.
 *
 * One propositional variable per cell and digit.  Propagation is the
 * backtracking solver's (naked and hidden singles, pointing and claiming)
 * plus naked and hidden pairs, but every conclusion keeps its reason: the
 * assignments it rests on.  A contradiction is traced back through the
 * reasons to the first unique implication point of the last decision
 * level; the negation of that explanation is learnt as a clause, the
 * search jumps back to the level where the clause forces something new,
 * and the variables involved gain activity, which steers the choice of
 * cell.  A mistake made early is then found once, not once per branch
 * under it.  Restarts follow the Luby sequence.
 *
 * The digit tried first is the one that leaves its cell's units the most
 * room (the least constraining value).
 *
 * The first decisions are chosen by lookahead instead: while the search
 * is young (LOOKAHEAD_WORK assignments per variable, probes included),
 * each decision goes to the two-digit cell whose digits, each tried and
 * taken back, propagate the most (the greatest product), and a digit
 * that leads to a contradiction is learnt from on the spot.  On grids
 * close to solved, the cell chosen by activity is often a poor step, and
 * refuting it costs hundreds of contradictions; the lookahead finds the
 * step that settles most.  At most N cells are tried a decision, those
 * that did best before, and of a cell's two digits the one that reached
 * less at its last probe goes first, so that the other is more often
 * found not worth trying.
 *
 * Why each of these, what they gained, and what was tried and not kept:
 * bench/history/2026-11-24.md, "sudoku-bt: the clause-learning search,
 * measured".
 *
 * Counting: after each solution, the negation of the decisions that led
 * to it is learnt, which excludes that solution and nothing else
 * (propagation from the same decisions gives the same board).
 *
 * This file runs the search, its restarts and its setup; propagation
 * with reasons is in learn_propagate.c, the analysis of contradictions
 * and the learnt clauses in learn_conflict.c, the choice of decisions
 * and the lookahead in learn_decide.c, what they share in learn_int.h. */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "exact/learn_int.h"

/* Conflicts allowed to a run, times the Luby sequence. */
#define LEARN_RESTART_UNIT 32
/* The lookahead: while the search has made fewer assignments than this
 * many per variable (its probes included), decisions are chosen by trying
 * both digits of two-digit cells, at most N cells a decision. */
#define LOOKAHEAD_WORK 8
/* Conflicts allowed to a run while the lookahead lasts, times the Luby
 * sequence: few restarts, as the lookahead's choices are worth keeping,
 * but some, for the sparse grids where an early mistake is costly. */
#define LOOKAHEAD_RESTART_UNIT 256

static void search(struct sd_learn_space *s)
{
	long long run = 0, run_end = 0;
	/* the lookahead's budget */
	bool lookahead = true;
	long long lookahead_work = (long long)LOOKAHEAD_WORK * s->nvars;

	for (;;) {
		if (!sd_learn_propagate(s) && !sd_learn_recover(s))
			return;
		if (s->stopped)
			return;
		if (s->nplaced == s->cells) {
			if (sd_search_found(&s->shape.g, s->board, s->o, s->res))
				return;
			s->conflict = WHY(WHY_DECISIONS, 0);
			s->conflict_var = -1;
			if (!sd_learn_recover(s))
				return;
			continue;
		}
		if (lookahead && s->assignments >= lookahead_work) {
			lookahead = false;
			run = 0;
			run_end = s->res->backtracks;
		}
		if (s->res->backtracks >= run_end) {
			run_end = s->res->backtracks +
				sd_luby(++run) * (lookahead ? LOOKAHEAD_RESTART_UNIT : LEARN_RESTART_UNIT);
			if (run > 1) {
				s->res->restarts++;
				jump_back(s, 0);
			}
		}
		if (budget_spent(s))
			return;
		int v = lookahead ? sd_learn_lookahead(s) : LOOK_NONE;
		if (v == LOOK_OVER)
			return;
		if (v == LOOK_AGAIN)
			continue;
		decide(s, v == LOOK_NONE ? sd_learn_choose(s) : v);
	}
}

static void release(struct sd_learn_space *s)
{
	if (s->watches)
		for (int l = 0; l < 2 * s->capvars; l++)
			free(s->watches[l].at);
	free(s->watches);
	free(s->value);
	free(s->var);
	free(s->trail);
	free(s->scratch);
	free(s->learnt);
	free(s->seen);
	free(s->activity);
	free(s->reach);
	free(s->watched);
}

/* Per-variable arrays for nvars variables. */
static bool grow(struct sd_learn_space *s, int nvars)
{
	if (nvars <= s->capvars)
		return true;
	size_t nv = (size_t)nvars;
	release(s);
	s->value = malloc(nv);
	s->var = malloc(nv * sizeof *s->var);
	s->trail = malloc(nv * sizeof *s->trail);
	s->scratch = malloc((nv + 1) * sizeof *s->scratch);
	s->learnt = malloc(nv * sizeof *s->learnt);
	s->seen = calloc(nv, 1);
	s->activity = malloc(nv * sizeof *s->activity);
	s->reach = malloc(nv * sizeof *s->reach);
	s->watches = calloc(2 * nv, sizeof *s->watches);
	s->watched = calloc((2 * nv + 63) / 64, sizeof *s->watched);
	s->capvars = s->value && s->var && s->trail && s->scratch && s->learnt &&
		s->seen && s->activity && s->reach && s->watches && s->watched ? nvars : 0;
	return s->capvars;
}

void sd_learn_space_free(struct sd_learn_space **space)
{
	struct sd_learn_space *s = *space;

	if (!s)
		return;
	release(s);
	free(s->clauses);
	free(s);
	*space = NULL;
}

static bool setup(struct sd_learn_space *s, const struct sd_geom *g, const uint8_t *puzzle)
{
	int n = g->n;

	sd_shape_set(&s->shape, g);
	s->n = n;
	s->cells = n * n;
	s->nvars = s->cells * n;
	s->inverse_n = ((1ULL << 32) + (uint64_t)n - 1) / (uint64_t)n;
	s->all = sd_all_values(n);
	sd_learn_unwatch_all(s);
	for (int v = 0; v < s->nvars; v++) {
		s->activity[v] = 0;
		s->reach[v] = INT_MAX;
	}
	s->bump = 1;
	s->nclauses = 0;
	s->ntrail = s->qhead = s->nlevels = s->nplaced = 0;
	s->stopped = false;
	s->ticks = s->assignments = 0;
	sd_rng_seed(&s->rng, s->o->seed);
	for (int i = 0; i < s->cells; i++) {
		s->board[i] = 0;
	}
	/* the givens, and the excluded digits, as facts of level 0, set at
	 * once: placing the givens one by one cost a millisecond at 25x25 */
	uint64_t used[3 * SD_MAXN] = { 0 };
	for (int i = 0; i < s->cells; i++) {
		int d = puzzle[i] - 1;
		const uint8_t *u = s->shape.units.unit_of[i];
		if (d < 0)
			continue;
		if ((used[u[0]] | used[u[1]] | used[u[2]]) >> d & 1)
			return false;   /* givens that break a rule: no solution */
		used[u[0]] |= 1ULL << d;
		used[u[1]] |= 1ULL << d;
		used[u[2]] |= 1ULL << d;
		s->board[i] = (uint8_t)(d + 1);
		s->nplaced++;
	}
	for (int u = 0; u < 3 * n; u++)
		memset(s->where_can[u], 0, (size_t)n * sizeof s->where_can[u][0]);
	for (int i = 0; i < s->cells; i++) {
		const uint8_t *u = s->shape.units.unit_of[i];
		uint64_t c = s->board[i] ? 1ULL << (s->board[i] - 1) :
			s->all & ~(used[u[0]] | used[u[1]] | used[u[2]]);
		if (!s->board[i] && s->o->exclude && s->o->exclude[i])
			c &= ~(1ULL << (s->o->exclude[i] - 1));
		if (!s->board[i] && s->o->allowed)
			c &= s->o->allowed[i];
		s->cand[i] = c;
		s->ncand[i] = (uint8_t)sd_popcount(c);
		for (int d = 0; d < n; d++) {
			int v = var_of(s, i, d);
			s->value[v] = (int8_t)(c >> d & 1 ? (s->board[i] ? 1 : -1) : 0);
			s->var[v].level = 0;
		}
		for (; c; c &= c - 1)
			for (int k = 0; k < 3; k++)
				s->where_can[u[k]][__builtin_ctzll(c)] |= 1ULL << s->shape.units.index_in[i][k];
	}
	if (!sd_learn_propagate_givens(s, used))
		return false;
	/* what is still possible after the givens: the reasons list only these */
	s->nopen = 0;
	for (int i = 0; i < s->cells; i++) {
		s->last_score[i] = HUGE_VAL;
		s->cand0[i] = s->cand[i];
		if (!s->board[i])
			s->open[s->nopen++] = (uint16_t)i;
	}
	for (int u = 0; u < 3 * n; u++)
		memcpy(s->where0[u], s->where_can[u], (size_t)n * sizeof s->where0[u][0]);
	return true;
}

long long sd_solve_learn(const struct sd_geom *g, const uint8_t *puzzle,
			 const struct sd_solve_opts *o, struct sd_solve_result *res)
{
	struct sd_learn_space *s = res->learn;

	sd_solve_result_reset(res);
	if (!s && !(s = res->learn = calloc(1, sizeof *s))) {
		res->stop = SD_STOP_LIMIT;
		return 0;
	}
	if (!grow(s, g->n * g->n * g->n)) {
		res->stop = SD_STOP_LIMIT;
		return 0;
	}
	s->o = o;
	s->res = res;
	if (setup(s, g, puzzle))
		search(s);
	return res->solutions;
}
