/* Simulated annealing over boards whose boxes each hold every digit once.
 * Row and column digit counts make the cost of a swap O(1). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "anneal.h"
#include "solve.h"

struct sd_anneal_state {
	struct sd_geom g;
	int n, cells, cost;
	uint8_t v[SD_MAXCELLS];
	uint8_t row_count[SD_MAXN][SD_MAXN + 1], col_count[SD_MAXN][SD_MAXN + 1];
	/* the free cells of each box, and the boxes with two or more */
	uint16_t free_cells[SD_MAXN][SD_MAXN];
	int nfree[SD_MAXN];
	uint8_t movable[SD_MAXN];
	int nmovable, total_free;
	uint64_t cand[SD_MAXCELLS];    /* digits a cell may take; all when plain */
};

static void count_all(struct sd_anneal_state *st)
{
	int n = st->n;

	memset(st->row_count, 0, sizeof st->row_count);
	memset(st->col_count, 0, sizeof st->col_count);
	st->cost = 0;
	for (int i = 0; i < st->cells; i++) {
		st->row_count[i / n][st->v[i]]++;
		st->col_count[i % n][st->v[i]]++;
	}
	for (int u = 0; u < n; u++)
		for (int d = 1; d <= n; d++)
			st->cost += (st->row_count[u][d] == 0) + (st->col_count[u][d] == 0);
}

/* Indexes st->v: the free cells of each box, and the digit counts. */
static void init_state(struct sd_anneal_state *st, const struct sd_geom *g, const bool *fixed)
{
	memset(st->nfree, 0, sizeof st->nfree);
	st->g = *g;
	st->n = g->n;
	st->cells = g->n * g->n;
	st->nmovable = st->total_free = 0;
	for (int b = 0; b < st->n; b++) {
		for (int k = 0; k < st->n; k++) {
			int cell = sd_box_cell(g, b, k);
			if (!fixed[cell])
				st->free_cells[b][st->nfree[b]++] = (uint16_t)cell;
		}
		if (st->nfree[b] >= 2)
			st->movable[st->nmovable++] = (uint8_t)b;
		st->total_free += st->nfree[b];
	}
	count_all(st);
}

/* The change in missing digits when p and q (same box, values a != b) swap. */
static inline int swap_delta(const struct sd_anneal_state *st, int p, int q)
{
	int n = st->n, a = st->v[p], b = st->v[q], delta = 0;
	int rp = p / n, rq = q / n, cp = p % n, cq = q % n;

	if (rp != rq) {
		delta += (st->row_count[rp][a] == 1) - (st->row_count[rp][b] == 0);
		delta += (st->row_count[rq][b] == 1) - (st->row_count[rq][a] == 0);
	}
	if (cp != cq) {
		delta += (st->col_count[cp][a] == 1) - (st->col_count[cp][b] == 0);
		delta += (st->col_count[cq][b] == 1) - (st->col_count[cq][a] == 0);
	}
	return delta;
}

static inline void apply_swap(struct sd_anneal_state *st, int p, int q, int delta)
{
	int n = st->n, a = st->v[p], b = st->v[q];

	st->row_count[p / n][a]--;
	st->row_count[p / n][b]++;
	st->row_count[q / n][b]--;
	st->row_count[q / n][a]++;
	st->col_count[p % n][a]--;
	st->col_count[p % n][b]++;
	st->col_count[q % n][b]--;
	st->col_count[q % n][a]++;
	st->v[p] = (uint8_t)b;
	st->v[q] = (uint8_t)a;
	st->cost += delta;
}

struct sd_anneal_state *sd_anneal_state_new(const struct sd_geom *g, const uint8_t *board,
					    const bool *fixed)
{
	struct sd_anneal_state *st = malloc(sizeof *st);

	if (st) {
		memcpy(st->v, board, (size_t)sd_cells(g));
		init_state(st, g, fixed);
	}
	return st;
}

int sd_anneal_state_cost(const struct sd_anneal_state *st) { return st->cost; }
const uint8_t *sd_anneal_state_board(const struct sd_anneal_state *st) { return st->v; }
void sd_anneal_state_free(struct sd_anneal_state *st) { free(st); }

int sd_anneal_state_delta(const struct sd_anneal_state *st, int p, int q)
{
	return swap_delta(st, p, q);
}

int sd_anneal_state_swap(struct sd_anneal_state *st, int p, int q)
{
	int delta = swap_delta(st, p, q);
	apply_swap(st, p, q, delta);
	return delta;
}

/* Kuhn's augmenting path: gives digit d a cell, moving others if need be. */
static bool augment(const uint64_t *allowed, int nc, int d, bool *seen, int *match)
{
	for (int i = 0; i < nc; i++) {
		if (seen[i] || !(allowed[i] >> (d - 1) & 1))
			continue;
		seen[i] = true;
		if (match[i] < 0 || augment(allowed, nc, match[i], seen, match)) {
			match[i] = d;
			return true;
		}
	}
	return false;
}

/* Fills box b's free cells with the digits it lacks, each in a cell that
 * may take it when such an assignment exists (a random one), else at
 * random. */
static void fill_box(struct sd_anneal_state *st, const bool *fixed, int b, struct sd_rng *rng)
{
	const struct sd_geom *g = &st->g;
	uint8_t missing[SD_MAXN], order[SD_MAXN];
	int cells[SD_MAXN], match[SD_MAXN], count = 0, nc = 0;
	uint64_t present = 0, allowed[SD_MAXN];
	bool complete = true;

	for (int k = 0; k < g->n; k++) {
		int cell = sd_box_cell(g, b, k);
		if (fixed[cell])
			present |= 1ULL << (st->v[cell] - 1);
		else
			order[nc++] = (uint8_t)k;
	}
	sd_rng_shuffle(rng, order, nc);
	for (int i = 0; i < nc; i++) {
		cells[i] = sd_box_cell(g, b, order[i]);
		allowed[i] = st->cand[cells[i]];
		match[i] = -1;
	}
	for (int d = 1; d <= g->n; d++)
		if (!(present & (1ULL << (d - 1))))
			missing[count++] = (uint8_t)d;
	sd_rng_shuffle(rng, missing, count);
	for (int k = 0; k < count && complete; k++) {
		bool seen[SD_MAXN] = { false };
		complete = augment(allowed, nc, missing[k], seen, match);
	}
	for (int i = 0; i < nc; i++)
		st->v[cells[i]] = complete ? (uint8_t)match[i] : missing[i];
}

/* Whether box b's free cells hold exactly the digits its fixed cells lack. */
static bool box_is_permutation(const struct sd_geom *g, const uint8_t *v, int b)
{
	uint64_t seen = 0;

	for (int k = 0; k < g->n; k++) {
		int d = v[sd_box_cell(g, b, k)];
		if (!d || (seen >> (d - 1) & 1))
			return false;
		seen |= 1ULL << (d - 1);
	}
	return true;
}

/* Lewis's t0: the standard deviation of the cost over a sample of
 * neighbours of the starting board. */
static double spread_of_costs(struct sd_anneal_state *st, struct sd_rng *rng)
{
	double sum = 0, sq = 0;
	int samples = 200;

	for (int i = 0; i < samples; i++) {
		int b = st->movable[sd_rng_below(rng, (uint32_t)st->nmovable)];
		int f = st->nfree[b], x = (int)sd_rng_below(rng, (uint32_t)f);
		int y = (int)sd_rng_below(rng, (uint32_t)f - 1);
		y += y >= x;
		double c = st->cost + swap_delta(st, st->free_cells[b][x], st->free_cells[b][y]);
		sum += c;
		sq += c * c;
	}
	double mean = sum / samples, var = sq / samples - mean * mean;
	return var > 1e-9 ? sqrt(var) : 0.5;
}

int sd_anneal(const struct sd_geom *g, const uint8_t *puzzle, const uint8_t *start,
	      const struct sd_anneal_opts *o, struct sd_anneal_result *res)
{
	struct sd_anneal_state *st = malloc(sizeof *st);
	bool fixed[SD_MAXCELLS];
	uint64_t all = g->n == 64 ? ~0ULL : (1ULL << g->n) - 1;
	int cells = sd_cells(g);
	struct sd_rng rng;

	memset(res, 0, sizeof *res);
	if (!st)
		return -1;
	sd_rng_seed(&rng, o->seed);
	memcpy(st->v, puzzle, (size_t)cells);
	st->g = *g;
	if (o->plain) {
		for (int i = 0; i < cells; i++)
			st->cand[i] = all;
	} else if (sd_propagate(g, st->v, st->cand) < 0) {
		res->status = SD_ANNEAL_NOSOLUTION;
		memcpy(res->best, puzzle, (size_t)cells);
		res->best_cost = -1;
		free(st);
		return 0;
	}
	for (int i = 0; i < cells; i++) {
		fixed[i] = st->v[i] != 0;
		res->fixed += fixed[i] && !puzzle[i];
	}
	/* a carried board's boxes are kept where they agree with the fixed
	 * cells and hold each digit once; the others are refilled */
	for (int b = 0; b < g->n; b++) {
		bool keep = start != NULL;
		for (int k = 0; k < g->n && keep; k++) {
			int cell = sd_box_cell(g, b, k);
			keep = !fixed[cell] ? start[cell] != 0 : start[cell] == st->v[cell];
		}
		if (keep) {
			uint8_t trial[SD_MAXCELLS];
			memcpy(trial, st->v, (size_t)cells);
			for (int k = 0; k < g->n; k++) {
				int cell = sd_box_cell(g, b, k);
				trial[cell] = start[cell];
			}
			keep = box_is_permutation(g, trial, b);
			if (keep)
				for (int k = 0; k < g->n; k++) {
					int cell = sd_box_cell(g, b, k);
					st->v[cell] = start[cell];
				}
		}
		if (!keep)
			fill_box(st, fixed, b, &rng);
	}
	init_state(st, g, fixed);

	int best = st->cost, run_best = st->cost;
	long long stale_reheats = 0;
	memcpy(res->best, st->v, (size_t)cells);
	double t0 = o->t0 > 0 ? o->t0 : st->nmovable ? spread_of_costs(st, &rng) : 1;
	long long chain = o->chain > 0 ? o->chain : (long long)st->total_free * st->total_free;
	double t = t0;
	long long since_best = 0;
	bool stop = best == 0 || !st->nmovable;

	res->t0 = t0;
	if (o->trace)
		fprintf(o->trace, "chain\tmoves\ttemperature\tcost\tbest\tacceptance\n");
	while (!stop) {
		/* a move worsening the cost by k is taken with probability
		 * exp(-k/t); k is at most 4, so the thresholds are set per chain */
		uint64_t threshold[5];
		long long accepted = 0, m;
		int chain_best = run_best;
		for (int k = 1; k <= 4; k++)
			threshold[k] = (uint64_t)(exp(-k / t) * 9007199254740992.0);
		for (m = 0; m < chain; m++) {
			if (o->max_moves && res->moves >= o->max_moves) {
				stop = true;
				break;
			}
			if ((res->moves & 4095) == 0 && res->moves) {
				if (sd_interrupted()) {
					res->interrupted = stop = true;
					break;
				}
				if (o->deadline > 0 && sd_now() > o->deadline) {
					stop = true;
					break;
				}
			}
			res->moves++;
			int b = st->movable[sd_rng_below(&rng, (uint32_t)st->nmovable)];
			int f = st->nfree[b], x = (int)sd_rng_below(&rng, (uint32_t)f);
			int y = (int)sd_rng_below(&rng, (uint32_t)f - 1);
			y += y >= x;
			int p = st->free_cells[b][x], q = st->free_cells[b][y];
			int delta = swap_delta(st, p, q);
			if (delta > 0 && (sd_rng_next(&rng) >> 11) >= threshold[delta])
				continue;
			apply_swap(st, p, q, delta);
			accepted++;
			if (st->cost < run_best) {
				run_best = st->cost;
				if (run_best < best) {
					best = run_best;
					memcpy(res->best, st->v, (size_t)cells);
				}
				if (!best) {
					stop = true;
					m++;
					break;
				}
			}
		}
		if (!m)
			break;          /* the limit fell on a chain's first move */
		res->chains++;
		if (o->trace)
			fprintf(o->trace, "%lld\t%lld\t%.6g\t%d\t%d\t%.4f\n", res->chains, res->moves, t,
				st->cost, best, m ? (double)accepted / (double)m : 0.0);
		t *= o->alpha;
		if (run_best < chain_best) {
			since_best = 0;
			stale_reheats = 0;
		} else {
			since_best++;
		}
		if (o->reheat && since_best >= o->reheat) {
			t = t0;
			since_best = 0;
			res->reheats++;
			/* reheating keeps leading back to the same minimum: start
			 * again from a fresh fill */
			if (o->restart && ++stale_reheats >= o->restart) {
				for (int b = 0; b < g->n; b++)
					fill_box(st, fixed, b, &rng);
				count_all(st);
				run_best = st->cost;
				stale_reheats = 0;
				res->restarts++;
			}
		}
	}
	res->best_cost = best;
	res->status = best == 0 && sd_is_solution(g, res->best) ? SD_ANNEAL_SOLVED : SD_ANNEAL_UNSOLVED;
	free(st);
	return 0;
}
