/* Simulated annealing over boards whose boxes each hold every digit once. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "local/local_int.h"

/* Lewis's t0: the standard deviation of the cost over a sample of
 * neighbours of the starting board. */
static double spread_of_costs(struct sd_boxstate *st, struct sd_rng *rng)
{
	double sum = 0, sq = 0;
	int samples = 200;

	for (int i = 0; i < samples; i++) {
		int b = st->movable[sd_rng_below(rng, (uint32_t)st->nmovable)];
		int f = st->nfree[b], x = (int)sd_rng_below(rng, (uint32_t)f);
		int y = (int)sd_rng_below(rng, (uint32_t)f - 1);
		y += y >= x;
		double c = st->cost + sd_boxstate_delta(st, st->free_cells[b][x], st->free_cells[b][y]);
		sum += c;
		sq += c * c;
	}
	double mean = sum / samples, var = sq / samples - mean * mean;
	return var > 1e-9 ? sqrt(var) : 0.5;
}

/* What a chain reads and moves. */
struct chain {
	struct sd_boxstate *st;
	const struct sd_anneal_opts *o;
	struct sd_local_result *res;
	struct sd_rng rng;
	uint64_t threshold[SD_RULED_TABLE + 1];        /* the Metropolis test's, per worsening */
	double t;
	bool focus, stop;
	long long length, accepted;
	int run_best, best;
};

/* One chain of moves: how many it made.  ruled is a constant at each call,
 * so that the classic rules' loop is the one it always was and the
 * variants' tests nothing per move to know which it is. */
static inline __attribute__((always_inline)) long long run_chain(struct chain *ch, bool ruled)
{
	struct sd_boxstate *st = ch->st;
	const struct sd_anneal_opts *o = ch->o;
	struct sd_local_result *res = ch->res;
	struct sd_rng rng = ch->rng;
	const uint64_t *threshold = ch->threshold;
	bool focus = ch->focus, stop = false;
	long long m, accepted = 0, moves = res->moves, length = ch->length;
	int run_best = ch->run_best, best = ch->best;

	for (m = 0; m < length; m++) {
		if (o->limits.work && moves >= o->limits.work) {
			stop = true;
			break;
		}
		if ((moves & 4095) == 0 && moves) {
			if (sd_interrupted(&o->limits)) {
				res->interrupted = stop = true;
				break;
			}
			if (o->limits.deadline > 0 && sd_now() > o->limits.deadline) {
				stop = true;
				break;
			}
		}
		moves++;
		int b, x;
		if (focus && st->nconflicted) {
			int cell = st->conflicted[sd_rng_below(&rng, (uint32_t)st->nconflicted)];
			b = st->box_of[cell];
			x = st->slot_of[cell];
		} else {
			b = st->movable[sd_rng_below(&rng, (uint32_t)st->nmovable)];
			x = (int)sd_rng_below(&rng, (uint32_t)st->nfree[b]);
		}
		int y = (int)sd_rng_below(&rng, (uint32_t)st->nfree[b] - 1);
		y += y >= x;
		int p = st->free_cells[b][x], q = st->free_cells[b][y];
		int delta = ruled ? sd_ruled_delta(st, p, q) : sd_boxstate_delta(st, p, q);
		/* the classic rules worsen the cost by 4 at most; a variant's
		 * rarely by more than the table holds */
		if (delta > 0 && (sd_rng_next(&rng) >> 11) >=
		    (!ruled || delta <= SD_RULED_TABLE ? threshold[delta] :
		     (uint64_t)(exp(-delta / ch->t) * 9007199254740992.0)))
			continue;
		if (ruled && focus)
			sd_ruled_apply_tracked(st, p, q, delta);
		else if (ruled)
			sd_ruled_apply(st, p, q, delta);
		else if (focus)
			sd_boxstate_apply_tracked(st, p, q, delta);
		else
			sd_boxstate_apply(st, p, q, delta);
		accepted++;
		if (st->cost < run_best) {
			run_best = st->cost;
			if (run_best < best) {
				best = run_best;
				memcpy(res->best, st->v, (size_t)st->cells);
			}
			if (!best) {
				stop = true;
				m++;
				break;
			}
		}
	}
	res->moves = moves;
	ch->rng = rng;
	ch->stop = stop;
	ch->accepted = accepted;
	ch->run_best = run_best;
	ch->best = best;
	return m;
}

int sd_anneal(const struct sd_geom *g, const uint8_t *puzzle, const uint8_t *start,
	      const struct sd_anneal_opts *o, struct sd_local_result *res)
{
	int cells = sd_cells(g);
	struct sd_rng rng;
	struct sd_boxstate *keep = res->st;

	bool resume = o->resume && keep && res->moves && res->status == SD_LOCAL_UNSOLVED;

	if (!resume) {
		memset(res, 0, sizeof *res);
		res->st = keep;
	}
	struct sd_boxstate *st = sd_boxstate_get(&res->st);
	int started = st ? 0 : -2;
	sd_rng_seed(&rng, o->seed);
	if (st && !resume)
		started = sd_boxstate_start(st, g, o->rules, puzzle, start, o->plain, false, &rng,
					    &res->fixed);
	if (started < 0) {
		/* out of memory (-2): no board searched, none solved */
		res->status = started == -2 ? SD_LOCAL_UNSOLVED : SD_LOCAL_NOSOLUTION;
		memcpy(res->best, puzzle, (size_t)cells);
		res->best_cost = -1;
		return started == -2 ? -1 : 0;
	}

	int best = st->cost, run_best = st->cost;
	long long stale_reheats = 0;
	if (resume)
		best = res->best_cost;
	else
		memcpy(res->best, st->v, (size_t)cells);
	/* beyond the sources: the first cell of a move is one whose digit is
	 * repeated in its row or column, as min-conflicts searches choose */
	bool focus = !o->plain;
	double t0 = o->t0 > 0 ? o->t0 : focus ? SD_ANNEAL_FOCUS_T0 :
		st->nmovable ? spread_of_costs(st, &rng) : 1;
	long long chain = o->chain > 0 ? o->chain : (long long)st->total_free * st->total_free;
	double t = t0;
	long long since_best = 0;
	bool stop = best == 0 || !st->nmovable;

	if (resume) {
		t0 = res->t0;
		t = res->place.t;
		run_best = res->place.run_best;
		since_best = res->place.since_best;
		stale_reheats = res->place.stale_reheats;
		rng = res->place.rng;
	} else if (focus) {
		sd_boxstate_conflicts(st);
	}

	res->t0 = t0;
	struct chain ch = { .st = st, .o = o, .res = res, .focus = focus, .length = chain };
	while (!stop) {
		/* a move worsening the cost by k is taken with probability
		 * exp(-k/t); the thresholds are set per chain */
		int chain_best = run_best;
		for (int k = 1; k <= (st->rs ? SD_RULED_TABLE : 4); k++)
			ch.threshold[k] = (uint64_t)(exp(-k / t) * 9007199254740992.0);
		ch.rng = rng;
		ch.t = t;
		ch.run_best = run_best;
		ch.best = best;
		long long m = st->rs ? run_chain(&ch, true) : run_chain(&ch, false);
		rng = ch.rng;
		stop = ch.stop;
		run_best = ch.run_best;
		best = ch.best;
		if (!m)
			break;          /* the limit fell on a chain's first move */
		res->chains++;
		if (o->on_chain)
			o->on_chain(&(struct sd_anneal_chain){ res->chains, res->moves, t, st->cost,
					best, m ? (double)ch.accepted / (double)m : 0.0 }, o->arg);
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
					sd_boxstate_refill(st, b, &rng);
				sd_boxstate_recount(st);
				if (focus)
					sd_boxstate_conflicts(st);
				run_best = st->cost;
				stale_reheats = 0;
				res->restarts++;
			}
		}
	}
	res->best_cost = best;
	res->status = best == 0 && (st->rs ? sd_ruleset_solved(st->rs, res->best) :
				    sd_is_solution(g, res->best)) ? SD_LOCAL_SOLVED : SD_LOCAL_UNSOLVED;
	res->place = (struct sd_anneal_place){ t, run_best, since_best, stale_reheats, rng };
	return 0;
}
