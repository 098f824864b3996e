/* Pencil-mark puzzles: a random solution with every value a candidate in
 * every cell, then candidates that are not the solution's taken away in
 * random order until the solution is the only one, then every
 * elimination made needed (minimal): one put back that leaves the
 * solution alone stays back. */
#include <stdlib.h>
#include <string.h>
#include "gen/gen.h"

/* An elimination: a cell and a value that is not the solution's there. */
struct elim {
	int cell;
	int value;
};

struct pencil {
	struct sd_gen *gen;
	const struct sd_gen_opts *o;
	uint64_t *cand;
	/* a solution of the candidates other than the puzzle's, while one is
	 * known: every elimination it does not use leaves it one */
	uint8_t other[SD_MAXCELLS];
	bool has_other;
};

static void keep_other(const uint8_t *board, void *arg)
{
	struct pencil *p = arg;
	int cells = sd_cells(&p->gen->g);

	if (!p->has_other && memcmp(board, p->gen->solution, (size_t)cells) != 0) {
		memcpy(p->other, board, (size_t)cells);
		p->has_other = true;
	}
}

/* Solutions of the candidates, up to max (from 0, the puzzle has no
 * given); -1 when the search gave up first. */
static long long count(struct pencil *p, long long max)
{
	struct sd_gen *gen = p->gen;
	struct sd_solve_opts so = {
		.max_solutions = max, .allowed = p->cand, .limits = p->o->limits,
		.on_solution = keep_other, .arg = p,
	};

	gen->checks++;
	long long found = sd_solve_fastest(&gen->g, gen->puzzle, &so, &gen->res);
	return gen->res.stop == SD_STOP_DONE || found >= max ? found : -1;
}

static void shuffle(struct sd_rng *rng, struct elim *e, int count)
{
	for (int i = count - 1; i > 0; i--) {
		int j = (int)sd_rng_below(rng, (uint32_t)i + 1);
		struct elim t = e[i];
		e[i] = e[j];
		e[j] = t;
	}
}

/* Takes eliminations of e away in order until the solution is the only
 * one: how many it took, or -1 when none left it alone. */
static int take_away(struct pencil *p, const struct elim *e, int count_e)
{
	p->has_other = false;
	for (int i = 0; i < count_e; i++) {
		if (sd_out_of_time(&p->o->limits))
			return -1;
		p->cand[e[i].cell] &= ~(1ULL << (e[i].value - 1));
		if (p->has_other && p->other[e[i].cell] != e[i].value)
			continue;
		p->has_other = false;
		if (count(p, 2) == 1)
			return i + 1;
	}
	return -1;
}

/* Puts each elimination of e back, in order, where the solution stays
 * the only one: another would need the value put back in its cell. */
static void minimize(struct pencil *p, const struct elim *e, int count_e)
{
	for (int i = 0; i < count_e && !sd_out_of_time(&p->o->limits); i++) {
		uint64_t kept = p->cand[e[i].cell];
		p->cand[e[i].cell] = 1ULL << (e[i].value - 1);
		bool needed = count(p, 1) != 0;
		p->cand[e[i].cell] = needed ? kept : kept | 1ULL << (e[i].value - 1);
	}
}

/* A random solution grid into gen->solution. */
static bool random_solution(struct sd_gen *gen, const struct sd_gen_opts *o)
{
	struct sd_solve_opts so = {
		.random_values = true, .max_solutions = 1, .seed = sd_rng_next(&gen->rng),
		.limits = { 0, o->limits.deadline, o->limits.interrupt },
	};

	if (sd_solve(&gen->g, gen->puzzle, &so, &gen->res) != 1)
		return false;
	memcpy(gen->solution, gen->res.first, (size_t)sd_cells(&gen->g));
	return true;
}

/* Whether the puzzle's rating is in the window of o (any, without one).
 * Below extreme, the techniques up to the level settle first, and fast,
 * that it is not above it: most attempts are, and a full rating of one
 * can spend the rater's whole work. */
static bool in_window(struct sd_gen *gen, const struct sd_gen_opts *o)
{
	if (o->level < 0)
		return true;
	return sd_gen_in_window(gen, o, o->level < SD_LEVEL_EXTREME ?
				sd_logic_level(&gen->lg, &gen->g, gen->puzzle, o->level) : -1);
}

int sd_generate_pencil(struct sd_gen *gen, const struct sd_geom *g, const struct sd_gen_opts *o,
		       uint64_t seed, uint64_t *cand)
{
	int n = g->n, cells = sd_cells(g), count_e = 0;
	struct elim *e = malloc((size_t)cells * (size_t)(n - 1) * sizeof *e);
	struct pencil p = { .gen = gen, .o = o, .cand = cand };

	if (!e)
		return SD_GEN_STOPPED;
	gen->g = *g;
	gen->lg.unique = true;
	gen->lg.allowed = cand;
	gen->lg.limits = (struct sd_limits){ o->rating_work, o->limits.deadline, o->limits.interrupt };
	gen->attempts = gen->checks = 0;
	gen->givens = 0;
	memset(gen->puzzle, 0, (size_t)cells);
	sd_rng_seed(&gen->rng, seed);
	while (gen->attempts < o->max_attempts && !sd_out_of_time(&o->limits)) {
		gen->attempts++;
		gen->rated = false;
		if (!random_solution(gen, o))
			continue;
		count_e = 0;
		for (int i = 0; i < cells; i++) {
			cand[i] = sd_all_values(n);
			for (int v = 1; v <= n; v++)
				if (v != gen->solution[i])
					e[count_e++] = (struct elim){ i, v };
		}
		shuffle(&gen->rng, e, count_e);
		int taken = take_away(&p, e, count_e);
		if (taken < 0)
			continue;
		shuffle(&gen->rng, e, taken);
		if (o->minimal)
			minimize(&p, e, taken);
		if (!sd_out_of_time(&o->limits) && in_window(gen, o)) {
			free(e);
			return SD_GEN_OK;
		}
	}
	free(e);
	return sd_out_of_time(&o->limits) ? SD_GEN_STOPPED : SD_GEN_EXHAUSTED;
}
