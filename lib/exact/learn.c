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
 * This file runs the search, its decisions and its setup; propagation
 * with reasons is in learn_propagate.c, the analysis of contradictions
 * and the learnt clauses in learn_conflict.c, what they share in
 * learn_int.h. */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "exact/learn_int.h"

/* The cell's digit with the fewest places left in the cell's units, ties
 * at random: the choice that rules out the least. */
static int choose_digit(struct sd_learn_space *s, int best)
{
	int digit = -1, fewest = 0, ties = 0;
	const uint8_t *unit = s->shape.units.unit_of[best];

	for (uint64_t c = s->cand[best]; c; c &= c - 1) {
		int d = __builtin_ctzll(c);
		int places = sd_popcount(s->where_can[unit[0]][d]) + sd_popcount(s->where_can[unit[1]][d]) +
			sd_popcount(s->where_can[unit[2]][d]);
		if (digit >= 0 && places > fewest)
			continue;
		if (digit >= 0 && places == fewest && sd_rng_below(&s->rng, (uint32_t)++ties))
			continue;
		if (digit < 0 || places < fewest)
			ties = 1;
		digit = d;
		fewest = places;
	}
	return var_of(s, best, digit);
}

/* The open cell with the fewest digits left, ties to the most active
 * (then at random), and its digit by choose_digit.  Only cells open
 * after the givens' propagation are looked at. */
static int sd_learn_choose(struct sd_learn_space *s)
{
	int best = -1, best_count = 0, ties = 0;
	double best_activity = 0;

	for (int i = 0; i < s->nopen; i++) {
		int cell = s->open[i];
		if (s->board[cell])
			continue;
		int count = s->ncand[cell];
		if (best >= 0 && count > best_count)
			continue;
		uint64_t cand = s->cand[cell];
		double act = 0;
		for (; cand; cand &= cand - 1)
			act += s->activity[var_of(s, cell, __builtin_ctzll(cand))];
		if (best >= 0 && count == best_count) {
			if (act < best_activity)
				continue;
			if (act == best_activity && sd_rng_below(&s->rng, (uint32_t)++ties))
				continue;
			if (act > best_activity)
				ties = 1;
		} else {
			ties = 1;
		}
		best = cell;
		best_count = count;
		best_activity = act;
	}
	return best < 0 ? -1 : choose_digit(s, best);
}

/* Tries v at a new level: the assignments it leads to, taken back, or
 * -1 when it leads to a contradiction, which is left to be resolved. */
static int probe(struct sd_learn_space *s, int v)
{
	int start = s->ntrail;

	decide(s, v);
	if (!sd_learn_propagate(s))
		return -1;
	int reached = s->ntrail - start;
	jump_back(s, s->nlevels - 1);
	return reached;
}

static inline bool two_digits(const struct sd_learn_space *s, int cell)
{
	return !s->board[cell] && s->ncand[cell] == 2;
}

enum { LOOK_NONE = -1, LOOK_AGAIN = -2, LOOK_OVER = -3 };

/* Of the cells left with two digits, the one whose two digits, each
 * tried in turn, lead to the most assignments (the greatest product):
 * the decision that settles the most either way.  A digit that leads to
 * a contradiction is ruled out there and then, and the cells tried
 * before keep their scores.  Only the N cells with the best last scores
 * are tried, cells never tried first: the others wait for a later
 * decision.  In that order the best is met early, and a cell whose first
 * digit (the one that reached less before) reaches so little that not
 * even the farthest reach seen so far could lift it above the best is
 * not tried further.  Returns the decision, LOOK_NONE when no cell has
 * two digits, LOOK_AGAIN when what was ruled out leaves no decision to
 * take, LOOK_OVER when the search is over. */
static int sd_learn_lookahead(struct sd_learn_space *s)
{
	uint16_t order[SD_MAXN];
	int count = 0, best = -1, farthest = 0;
	double best_score = 0;
	bool changed = false;

	/* the N best by last score, in order (equal scores as they come) */
	for (int i = 0; i < s->nopen; i++) {
		int cell = s->open[i], j = count;
		if (!two_digits(s, cell))
			continue;
		for (; j > 0 && s->last_score[order[j - 1]] < s->last_score[cell]; j--)
			if (j < s->n)
				order[j] = order[j - 1];
		if (j < s->n) {
			order[j] = (uint16_t)cell;
			count += count < s->n;
		}
	}
	for (int i = 0; i < count; i++) {
		int cell = order[i];
		if (!two_digits(s, cell))
			continue;
		int low = var_of(s, cell, __builtin_ctzll(s->cand[cell]));
		int high = var_of(s, cell, 63 - __builtin_clzll(s->cand[cell]));
		int digits[2] = { low, high };
		if (s->reach[high] < s->reach[low]) {
			digits[0] = high;
			digits[1] = low;
		}
		double score = 1;
		for (int k = 0; k < 2 && score > 0; k++) {
			if (score > 1 && score * (farthest + 1) < best_score) {
				score = 0;
				break;
			}
			if (out_of_budget(s))
				return LOOK_OVER;
			int v = digits[k], reached = probe(s, v);
			if (reached >= 0) {
				s->reach[v] = reached;
				if (reached > farthest)
					farthest = reached;
				score *= reached + 1;
				continue;
			}
			if (!sd_learn_recover(s))
				return LOOK_OVER;
			changed = true;
			score = 0;
		}
		if (s->stopped)
			return LOOK_OVER;
		if (s->nplaced == s->cells)
			return LOOK_AGAIN;
		if (score == 0)
			continue;
		s->last_score[cell] = score;
		if (score > best_score) {
			best = cell;
			best_score = score;
		}
	}
	if (best >= 0 && two_digits(s, best))
		return choose_digit(s, best);
	return changed ? LOOK_AGAIN : LOOK_NONE;
}

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
		if (out_of_budget(s))
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
	s->all = n == 64 ? ~0ULL : (1ULL << n) - 1;
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
