/* Variable neighbourhood descent over box-permutation boards.  Every move
 * is a sequence of swaps inside one box, so its cost is evaluated in O(k)
 * from the row and column counts (under a variant's rules, from what each
 * cell's rules count), and undone by the same swaps reversed. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "local/local_int.h"

const char *const sd_shift_names[] = { "cyclic", "reverse", NULL };

/* The moves as the scans run them: ruled a constant at each call, as in
 * sd_boxstate_swap_as. */
#define HOT static inline __attribute__((always_inline))

/* Values rotate one place to the right: k - 1 adjacent swaps from the end. */
HOT int shift(struct sd_boxstate *st, const uint16_t *cells, int k, bool ruled)
{
	int delta = 0;

	for (int i = k - 1; i > 0; i--)
		delta += sd_boxstate_swap_as(st, cells[i], cells[i - 1], ruled);
	return delta;
}

HOT int unshift(struct sd_boxstate *st, const uint16_t *cells, int k, bool ruled)
{
	int delta = 0;

	for (int i = 1; i < k; i++)
		delta += sd_boxstate_swap_as(st, cells[i], cells[i - 1], ruled);
	return delta;
}

HOT int reverse(struct sd_boxstate *st, const uint16_t *cells, int i, int j, bool ruled)
{
	int delta = 0;

	for (; i < j; i++, j--)
		delta += sd_boxstate_swap_as(st, cells[i], cells[j], ruled);
	return delta;
}

/* The cells before and after the pivot are exchanged pairwise, outwards. */
HOT int exchange(struct sd_boxstate *st, const uint16_t *cells, int k, int pivot, bool ruled)
{
	int delta = 0;

	for (int a = pivot - 1, b = pivot + 1; a >= 0 && b < k; a--, b++)
		delta += sd_boxstate_swap_as(st, cells[a], cells[b], ruled);
	return delta;
}

int sd_vns_shift(struct sd_boxstate *st, const uint16_t *cells, int k)
{
	return st->rs ? shift(st, cells, k, true) : shift(st, cells, k, false);
}

int sd_vns_unshift(struct sd_boxstate *st, const uint16_t *cells, int k)
{
	return st->rs ? unshift(st, cells, k, true) : unshift(st, cells, k, false);
}

int sd_vns_reverse(struct sd_boxstate *st, const uint16_t *cells, int i, int j)
{
	return st->rs ? reverse(st, cells, i, j, true) : reverse(st, cells, i, j, false);
}

int sd_vns_exchange(struct sd_boxstate *st, const uint16_t *cells, int k, int pivot)
{
	return st->rs ? exchange(st, cells, k, pivot, true) : exchange(st, cells, k, pivot, false);
}

enum { SHIFT, SWAP, EXCHANGE, METHODS };

/* The best move found in a neighbourhood: method, box, two indices. */
struct move { int delta, method, box, i, j; };

struct vns {
	struct sd_boxstate *st;
	const struct sd_vns_opts *o;
	struct sd_local_result *res;
	struct sd_rng rng;
	bool stop;
	int ties;                      /* equal moves seen, for a fair random pick */
};

static bool out_of_budget(struct vns *v)
{
	struct sd_local_result *res = v->res;

	if (v->o->limits.work && res->moves >= v->o->limits.work)
		return v->stop = true;
	if ((res->moves & 1023) == 0) {
		if (sd_interrupted(&v->o->limits))
			return v->stop = res->interrupted = true;
		if (v->o->limits.deadline > 0 && sd_now() > v->o->limits.deadline)
			return v->stop = true;
	}
	return false;
}

/* Keeps the better of two moves; among equals, one at random unless plain
 * (the report keeps the first). */
static void consider(struct vns *v, struct move *best, struct move m)
{
	v->res->moves++;
	if (m.delta > best->delta)
		return;
	if (m.delta == best->delta) {
		if (v->o->plain || best->method < 0 || sd_rng_below(&v->rng, (uint32_t)++v->ties))
			return;
	} else {
		v->ties = 1;
	}
	*best = m;
}

/* Evaluates every move of one method in one box: apply, note, undo. */
HOT void scan_box_as(struct vns *v, int method, int b, struct move *best, bool ruled)
{
	struct sd_boxstate *st = v->st;
	const uint16_t *cells = st->free_cells[b];
	int k = st->nfree[b];

	if (k < 2)
		return;
	if (method == SHIFT && v->o->shift == SD_SHIFT_CYCLIC) {
		int d = shift(st, cells, k, ruled);
		unshift(st, cells, k, ruled);
		consider(v, best, (struct move){ d, method, b, 0, k - 1 });
	} else if (method == SHIFT || method == SWAP) {
		for (int i = 0; i < k && !out_of_budget(v); i++)
			for (int j = i + 1; j < k; j++) {
				int d = method == SWAP ? (ruled ? sd_ruled_delta(st, cells[i], cells[j]) :
							  sd_boxstate_delta(st, cells[i], cells[j])) :
					reverse(st, cells, i, j, ruled);
				if (method == SHIFT)
					reverse(st, cells, i, j, ruled);
				consider(v, best, (struct move){ d, method, b, i, j });
			}
	} else {
		for (int p = 1; p + 1 < k && !out_of_budget(v); p++) {
			int d = exchange(st, cells, k, p, ruled);
			exchange(st, cells, k, p, ruled);
			consider(v, best, (struct move){ d, method, b, p, p });
		}
	}
}

static void scan_box(struct vns *v, int method, int b, struct move *best)
{
	if (v->st->rs)
		scan_box_as(v, method, b, best, true);
	else
		scan_box_as(v, method, b, best, false);
}

static void apply(struct vns *v, const struct move *m)
{
	struct sd_boxstate *st = v->st;
	const uint16_t *cells = st->free_cells[m->box];
	int k = st->nfree[m->box];

	if (m->method == SHIFT && v->o->shift == SD_SHIFT_CYCLIC)
		sd_vns_shift(st, cells, k);
	else if (m->method == SHIFT)
		sd_vns_reverse(st, cells, m->i, m->j);
	else if (m->method == SWAP)
		sd_boxstate_swap(st, cells[m->i], cells[m->j]);
	else
		sd_vns_exchange(st, cells, k, m->i);
}

/* Descends until no neighbourhood improves: the shift over boxes 1..K with
 * K growing, then swaps, then exchanges over all boxes, as the report
 * orders them.  Outside plain mode a few equal-cost moves let it cross
 * plateaus. */
static void descend(struct vns *v)
{
	struct sd_boxstate *st = v->st;
	int method = SHIFT, boxes = 1, plateau = 0;

	while (st->cost > 0 && !v->stop) {
		struct move best = { 1, -1, 0, 0, 0 };
		v->ties = 0;
		for (int b = 0; b < boxes && !out_of_budget(v); b++)
			scan_box(v, method, b, &best);
		if (v->stop)
			return;
		if (best.method >= 0 && (best.delta < 0 || (best.delta == 0 && !v->o->plain &&
							     plateau < 2 * st->n))) {
			plateau = best.delta < 0 ? 0 : plateau + 1;
			apply(v, &best);
			v->res->improvements += best.delta < 0;
			continue;
		}
		plateau = 0;
		if (boxes < st->n) {
			boxes++;
		} else if (++method == METHODS) {
			return;         /* a local minimum for every neighbourhood */
		}
	}
}

/* The default descent: swaps drawn at random inside a box, from a cell
 * in conflict unless no_focus, taken when they do not worsen the board
 * or, by a Metropolis test at a low fixed temperature, now and then when
 * they do, so that the search crosses plateaus and leaves shallow minima
 * (strictly downhill under no_accept).  It ends after patience moves
 * without a better board than it started from. */
#define VNS_TEMPERATURE 0.29
HOT void walk(struct vns *v, const uint64_t *threshold, long long patience, bool ruled)
{
	struct sd_boxstate *st = v->st;
	struct sd_local_result *res = v->res;
	int start = st->cost;
	long long since = 0;

	while (st->cost > 0 && since < patience && !out_of_budget(v)) {
		int p, b;
		res->moves++;
		if (!v->o->no_focus && st->nconflicted) {
			p = st->conflicted[sd_rng_below(&v->rng, (uint32_t)st->nconflicted)];
			b = st->box_of[p];
		} else {
			b = st->movable[sd_rng_below(&v->rng, (uint32_t)st->nmovable)];
			p = st->free_cells[b][sd_rng_below(&v->rng, (uint32_t)st->nfree[b])];
		}
		int k = st->nfree[b], x = st->slot_of[p];
		int y = (int)sd_rng_below(&v->rng, (uint32_t)k - 1);
		int q = st->free_cells[b][y + (y >= x)];
		int d = ruled ? sd_ruled_delta(st, p, q) : sd_boxstate_delta(st, p, q);
		since++;
		/* the classic rules worsen the cost by 4 at most; beyond the
		 * table a variant's move passes with exp(-d/T), next to never */
		if (d > 0 && (v->o->no_accept || (sd_rng_next(&v->rng) >> 11) >=
			      (!ruled || d <= SD_RULED_TABLE ? threshold[d] :
			       (uint64_t)(exp(-d / VNS_TEMPERATURE) * 9007199254740992.0))))
			continue;
		if (ruled)
			sd_ruled_apply_tracked(st, p, q, d);
		else
			sd_boxstate_apply_tracked(st, p, q, d);
		if (d < 0)
			res->improvements++;
		if (st->cost < start) {
			start = st->cost;
			since = 0;
			if (start < res->best_cost) {
				res->best_cost = start;
				memcpy(res->best, st->v, (size_t)st->cells);
			}
		}
	}
}

static void walk_descend(struct vns *v, const uint64_t *threshold, long long patience)
{
	if (v->st->rs)
		walk(v, threshold, patience, true);
	else
		walk(v, threshold, patience, false);
}

/* Refills count boxes at random (all when count is 0 or covers them). */
static void shake(struct vns *v, int count)
{
	struct sd_boxstate *st = v->st;

	if (!count || count >= st->nmovable) {
		for (int b = 0; b < st->n; b++)
			sd_boxstate_refill(st, b, &v->rng);
	} else {
		for (int i = 0; i < count; i++)
			sd_boxstate_refill(st, st->movable[sd_rng_below(&v->rng, (uint32_t)st->nmovable)],
					   &v->rng);
	}
	sd_boxstate_recount(st);
	v->res->shakes++;
}

/* Whether the best board is a solution, checked whole. */
static bool solved(const struct sd_boxstate *st, const struct sd_local_result *res)
{
	return res->best_cost == 0 && (st->rs ? sd_ruleset_solved(st->rs, res->best) :
				       sd_is_solution(&st->g, res->best));
}

/* The default search: descents, each ended by a shake of a few boxes that
 * grows while the descents find nothing better and falls back after one
 * does. */
#define VNS_PATIENCE_PER_FREE_CELL 1000
static int walk_search(struct vns *v)
{
	struct sd_boxstate *st = v->st;
	struct sd_local_result *res = v->res;
	const struct sd_vns_opts *o = v->o;
	int strength = o->shake_boxes, best_before = res->best_cost;
	long long patience = (long long)VNS_PATIENCE_PER_FREE_CELL * st->total_free;
	uint64_t threshold[SD_RULED_TABLE + 1] = { 0 };

	/* a move worsening the cost by k passes with exp(-k/T) */
	for (int k = 1; k <= (st->rs ? SD_RULED_TABLE : 4); k++)
		threshold[k] = (uint64_t)(exp(-k / VNS_TEMPERATURE) * 9007199254740992.0);
	sd_boxstate_conflicts(st);
	while (st->nmovable && !v->stop && res->best_cost) {
		walk_descend(v, threshold, patience);
		if (o->on_descent)
			o->on_descent(&(struct sd_vns_descent){ res->shakes, res->moves, st->cost,
					res->best_cost }, o->arg);
		if (!res->best_cost || v->stop)
			break;
		if (res->best_cost < best_before || o->fixed_shake)
			strength = o->shake_boxes;
		else if (strength && strength < st->nmovable)
			strength++;
		best_before = res->best_cost;
		shake(v, strength);
		sd_boxstate_conflicts(st);
	}
	res->status = solved(st, res) ? SD_LOCAL_SOLVED : SD_LOCAL_UNSOLVED;
	return 0;
}

int sd_vns(const struct sd_geom *g, const uint8_t *puzzle, const uint8_t *start,
	   const struct sd_vns_opts *o, struct sd_local_result *res)
{
	struct sd_boxstate *keep = res->st;

	memset(res, 0, sizeof *res);
	res->st = keep;
	struct sd_boxstate *st = sd_boxstate_get(&res->st);
	struct vns v = { st, o, res, { { 0 } }, false, 0 };
	int cells = sd_cells(g), started = st ? 0 : -2;

	sd_rng_seed(&v.rng, o->seed);
	if (st)
		started = sd_boxstate_start(st, g, o->rules, puzzle, start, o->plain || o->no_propagate,
					    o->plain, &v.rng, &res->fixed);
	if (started < 0) {
		/* out of memory (-2): no board searched, none solved */
		res->status = started == -2 ? SD_LOCAL_UNSOLVED : SD_LOCAL_NOSOLUTION;
		res->best_cost = -1;
		memcpy(res->best, puzzle, (size_t)cells);
		return started == -2 ? -1 : 0;
	}
	res->best_cost = st->cost;
	memcpy(res->best, st->v, (size_t)cells);
	/* outside plain mode the shake grows by a box each time it fails to
	 * find a better minimum, up to a full refill (a restart), and starts
	 * small again after a success */
	if (!o->plain && !o->no_random)
		return walk_search(&v);
	int strength = o->shake_boxes, anchor = st->cost;
	uint8_t *anchor_board = malloc((size_t)cells);
	if (!anchor_board) {
		res->status = SD_LOCAL_UNSOLVED;
		return -1;
	}
	memcpy(anchor_board, st->v, (size_t)cells);
	while (st->nmovable && !v.stop) {
		descend(&v);
		if (st->cost < res->best_cost) {
			res->best_cost = st->cost;
			memcpy(res->best, st->v, (size_t)cells);
		}
		if (!o->plain) {
			/* iterated local search: shake the anchor (the best minimum
			 * since the last restart), not a worse one; a full refill
			 * is a restart and sets a new anchor */
			bool restart = !strength || strength >= st->nmovable;
			if (st->cost < anchor || restart) {
				strength = o->shake_boxes;
				anchor = st->cost;
				memcpy(anchor_board, st->v, (size_t)cells);
			} else {
				if (st->cost > anchor) {
					memcpy(st->v, anchor_board, (size_t)cells);
					sd_boxstate_recount(st);
				}
				strength++;
			}
		}
		if (o->on_descent)
			o->on_descent(&(struct sd_vns_descent){ res->shakes, res->moves, st->cost,
					res->best_cost }, o->arg);
		if (!res->best_cost || v.stop)
			break;
		shake(&v, strength);
	}
	res->status = solved(st, res) ? SD_LOCAL_SOLVED : SD_LOCAL_UNSOLVED;
	free(anchor_board);
	return 0;
}
