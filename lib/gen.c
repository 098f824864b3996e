/* The generator: each removal is kept only when counting proves the
 * solution still unique, so every prefix of the removals is a proper
 * puzzle; a level is then found by bisection over those prefixes. */
#include <string.h>
#include "gen.h"

static const char *const symmetry_names[] = {
	"none", "rot180", "rot90", "mirror", "diagonal", "random"
};

int sd_symmetry_parse(const char *s)
{
	for (int i = 0; i <= SD_SYM_RANDOM; i++)
		if (!strcmp(s, symmetry_names[i]))
			return i;
	return -1;
}

const char *sd_symmetry_name(int sym)
{
	return symmetry_names[sym];
}

/* The cells a symmetry maps cell to, itself included, each once. */
static int orbit_of(int n, int sym, int cell, int out[4])
{
	int r = cell / n, c = cell % n, count = 0, images[4], k = 1;

	images[0] = cell;
	switch (sym) {
	case SD_SYM_ROT180:
		images[k++] = (n - 1 - r) * n + (n - 1 - c);
		break;
	case SD_SYM_ROT90:
		images[k++] = c * n + (n - 1 - r);
		images[k++] = (n - 1 - r) * n + (n - 1 - c);
		images[k++] = (n - 1 - c) * n + r;
		break;
	case SD_SYM_MIRROR:
		images[k++] = r * n + (n - 1 - c);
		break;
	case SD_SYM_DIAGONAL:
		images[k++] = c * n + r;
		break;
	}
	for (int i = 0; i < k; i++) {
		bool seen = false;
		for (int j = 0; j < count; j++)
			seen |= out[j] == images[i];
		if (!seen)
			out[count++] = images[i];
	}
	return count;
}

static bool out_of_time(const struct sd_gen_opts *o)
{
	return sd_interrupted() || (o->deadline > 0 && sd_now() > o->deadline);
}

/* A random solution grid. */
static bool random_grid(struct sd_gen *gen, const struct sd_gen_opts *o)
{
	int cells = sd_cells(&gen->g);
	struct sd_solve_opts so = { .random_values = true, .max_solutions = 1, .deadline = o->deadline };

	/* forward checking rarely backtracks on an empty grid up to 16×16,
	 * and costs far less per node than the default's inference; when it
	 * does, the search is heavy-tailed (seconds on 16×16), so a try that
	 * backtracks much gives way to a fresh one, and the default's
	 * inference takes over after a few */
	memset(gen->work, 0, (size_t)cells);
	for (int try = 0; try < 8 && gen->g.n <= 16; try++) {
		so.order = SD_ORDER_MRV;
		so.propagate = SD_PROP_FC;
		so.seed = sd_rng_next(&gen->rng);
		so.node_limit = 4 * cells;
		if (sd_solve(&gen->g, gen->work, &so, &gen->res) == 1)
			goto found;
		if (out_of_time(o))
			return false;
	}
	so.order = SD_ORDER_AUTO;
	so.propagate = SD_PROP_AUTO;
	so.seed = sd_rng_next(&gen->rng);
	so.node_limit = 0;
	if (sd_solve(&gen->g, gen->work, &so, &gen->res) != 1)
		return false;
found:
	memcpy(gen->solution, gen->res.first, (size_t)cells);
	return true;
}

/* The orbit representatives in random order. */
static void shuffle_orbits(struct sd_gen *gen)
{
	int n = gen->g.n, cells[4];

	gen->norbits = 0;
	for (int cell = 0; cell < n * n; cell++) {
		int count = orbit_of(n, gen->symmetry, cell, cells), least = cell;
		for (int i = 0; i < count; i++)
			least = cells[i] < least ? cells[i] : least;
		if (least == cell)
			gen->orbit[gen->norbits++] = (uint16_t)cell;
	}
	for (int i = gen->norbits - 1; i > 0; i--) {
		int j = (int)sd_rng_below(&gen->rng, (uint32_t)i + 1);
		uint16_t t = gen->orbit[i];
		gen->orbit[i] = gen->orbit[j];
		gen->orbit[j] = t;
	}
}

static void clear_orbit(struct sd_gen *gen, uint8_t *v, int rep, bool restore)
{
	int cells[4], count = orbit_of(gen->g.n, gen->symmetry, rep, cells);

	for (int i = 0; i < count; i++)
		v[cells[i]] = restore ? gen->solution[cells[i]] : 0;
}

/* The same on gen->puzzle, keeping the digit masks of its givens. */
static void clear_given_orbit(struct sd_gen *gen, int rep, bool restore)
{
	int cells[4], count = orbit_of(gen->g.n, gen->symmetry, rep, cells);

	for (int i = 0; i < count; i++) {
		int c = cells[i], d = gen->solution[c];
		if (restore)
			sd_cand_place(&gen->cd, c, d);
		else
			sd_cand_unplace(&gen->cd, c, d);
	}
	clear_orbit(gen, gen->puzzle, rep, restore);
}

/* Whether the givens left force the cell's digit by a naked or hidden
 * single: then the puzzle without it keeps the solutions it had. */
static bool forced(const struct sd_gen *gen, const uint8_t *v, int cell)
{
	const struct sd_cand *cd = &gen->cd;
	uint64_t d = 1ULL << (gen->solution[cell] - 1);
	int n = gen->g.n, r = cell / n, c = cell % n, units[3][SD_MAXN];

	if (sd_cand_of(cd, cell) == d)
		return true;
	for (int k = 0; k < n; k++) {
		units[0][k] = r * n + k;
		units[1][k] = k * n + c;
		units[2][k] = sd_box_cell(&gen->g, sd_box_of(&gen->g, r, c), k);
	}
	for (int u = 0; u < 3; u++) {
		bool elsewhere = false;
		for (int k = 0; k < n && !elsewhere; k++) {
			int e = units[u][k];
			elsewhere = e != cell && !v[e] && (sd_cand_of(cd, e) & d);
		}
		if (!elsewhere)
			return true;
	}
	return false;
}

/* 1 unique, 0 not, -1 the check ran out of nodes or time. */
static int unique(struct sd_gen *gen, const struct sd_gen_opts *o, const uint8_t *v)
{
	struct sd_solve_opts so = {
		.max_solutions = 2, .node_limit = o->node_limit, .deadline = o->deadline,
	};

	gen->checks++;
	sd_solve_fastest(&gen->g, v, &so, &gen->res);
	if (gen->res.solutions >= 2)
		return 0;
	return gen->res.stop == SD_STOP_DONE ? 1 : -1;
}

/* Removes orbits while the solution stays unique, down to the clue target;
 * false when a check was left unfinished and --minimal needs proof. */
static bool remove_clues(struct sd_gen *gen, const struct sd_gen_opts *o, int target)
{
	int cells[4];
	bool proven = true;

	memcpy(gen->puzzle, gen->solution, (size_t)sd_cells(&gen->g));
	sd_cand_init(&gen->cd, &gen->g, gen->puzzle);
	gen->givens = sd_cells(&gen->g);
	gen->nremoved = 0;
	for (int i = 0; i < gen->norbits && gen->givens > target; i++) {
		if (out_of_time(o))
			return false;
		int rep = gen->orbit[i], count = orbit_of(gen->g.n, gen->symmetry, rep, cells);
		clear_given_orbit(gen, rep, false);
		/* most early removals are settled by a single, without a search */
		bool easy = true;
		for (int k = 0; k < count && easy; k++)
			easy = forced(gen, gen->puzzle, cells[k]);
		int u = easy ? 1 : unique(gen, o, gen->puzzle);
		if (u == 1) {
			gen->removed[gen->nremoved++] = (uint16_t)rep;
			gen->givens -= count;
		} else {
			clear_given_orbit(gen, rep, true);
			proven &= u == 0;
		}
	}
	return proven || !o->minimal;
}

/* The puzzle after the first k removals, rated into gen->rating with the
 * techniques up to the level asked: techniques go easiest first, so a
 * puzzle they solve gets the same rating as with all of them, and one
 * they do not is above the level (SD_LEVEL_SEARCH). */
static int level_of_prefix(struct sd_gen *gen, int k, int level)
{
	memcpy(gen->work, gen->solution, (size_t)sd_cells(&gen->g));
	for (int i = 0; i < k; i++)
		clear_orbit(gen, gen->work, gen->removed[i], false);
	return sd_rate(&gen->lg, &gen->g, gen->work, sd_level_top(level), &gen->rating, NULL, NULL);
}

/* Removes more orbits from gen->work while the techniques up to the level
 * still solve it (which proves it unique); the level is that of the end. */
static int descend(struct sd_gen *gen, const struct sd_gen_opts *o, int target, int level)
{
	int cells[4];

	for (int i = 0; i < gen->norbits && gen->givens > target; i++) {
		int rep = gen->orbit[i], count = orbit_of(gen->g.n, gen->symmetry, rep, cells);
		if (!gen->work[rep])
			continue;
		clear_orbit(gen, gen->work, rep, false);
		int got = sd_rate(&gen->lg, &gen->g, gen->work, sd_level_top(o->level), &gen->rating,
				  NULL, NULL);
		if (got == SD_LEVEL_SEARCH) {
			clear_orbit(gen, gen->work, rep, true);
		} else {
			gen->givens -= count;
			level = got;
			if (level == o->level)
				break;
		}
	}
	/* the rating of the puzzle kept */
	return sd_rate(&gen->lg, &gen->g, gen->work, sd_level_top(o->level), &gen->rating, NULL, NULL);
}

/* Finds a puzzle at the level asked: the end of the removals if it is at
 * that level; else, when that is above it, the last prefix of the
 * removals not above it, taken further down by descend. */
static bool settle_level(struct sd_gen *gen, const struct sd_gen_opts *o, int target)
{
	int lo = 0, hi = gen->nremoved, level = level_of_prefix(gen, hi, o->level);

	if (level == o->level)
		return true;
	if (level < o->level || o->minimal)
		return false;
	/* level(prefix lo) <= asked < level(prefix hi) */
	while (hi - lo > 1) {
		int mid = lo + (hi - lo) / 2;
		if (level_of_prefix(gen, mid, o->level) <= o->level)
			lo = mid;
		else
			hi = mid;
	}
	level = level_of_prefix(gen, lo, o->level);
	gen->givens = 0;
	for (int c = 0; c < sd_cells(&gen->g); c++)
		gen->givens += gen->work[c] != 0;
	if (level < o->level)
		level = descend(gen, o, target, level);
	if (level != o->level)
		return false;
	memcpy(gen->puzzle, gen->work, (size_t)sd_cells(&gen->g));
	return true;
}

void sd_gen_rate(struct sd_gen *gen)
{
	if (!gen->rated)
		sd_rate(&gen->lg, &gen->g, gen->puzzle, SD_TECH_COUNT - 1, &gen->rating, NULL, NULL);
	gen->rated = true;
}

int sd_generate(struct sd_gen *gen, const struct sd_geom *g, const struct sd_gen_opts *o,
		uint64_t seed)
{
	int target = o->clues;

	/* very easy puzzles keep many givens: 44% of the cells, 36 of 81 */
	if (!target && o->level == SD_LEVEL_VERY_EASY && !o->minimal)
		target = (sd_cells(g) * 44 + 99) / 100;
	gen->g = *g;
	gen->attempts = gen->checks = 0;
	gen->rated = false;
	sd_rng_seed(&gen->rng, seed);
	while (gen->attempts < o->max_attempts) {
		if (out_of_time(o))
			return SD_GEN_STOPPED;
		gen->attempts++;
		gen->symmetry = o->symmetry == SD_SYM_RANDOM ?
			1 + (int)sd_rng_below(&gen->rng, SD_SYM_RANDOM - 1) : o->symmetry;
		if (!random_grid(gen, o))
			continue;
		shuffle_orbits(gen);
		if (!remove_clues(gen, o, target))
			continue;
		if (o->level < 0)
			return SD_GEN_OK;
		if (settle_level(gen, o, target)) {
			gen->rated = true;
			return SD_GEN_OK;
		}
	}
	return out_of_time(o) ? SD_GEN_STOPPED : SD_GEN_EXHAUSTED;
}
