/* The generator: each removal is kept only when the solution stays
 * unique, proven by a search or, for a level, by the techniques up to it
 * solving the puzzle. */
#include <string.h>
#include "gen/gen.h"

const char *const sd_symmetry_names[] = {
	"none", "rot180", "rot90", "mirror", "diagonal", "random", NULL
};

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
	return sd_out_of_time(&o->limits);
}

/* Sets of cells no puzzle of the grid can leave without a given: for
 * each two digits, the cells holding them, joined when they share a row,
 * a column or a box.  Swapping the two digits in one such group keeps
 * every unit right, so a puzzle without a given in a group has another
 * solution.  Found once per grid (the smallest are the deadly
 * rectangles), they settle most removals that break uniqueness without
 * a search. */
static int root(uint16_t *parent, int x)
{
	while (parent[x] != x)
		x = parent[x] = parent[parent[x]];
	return x;
}

static void find_unavoidable(struct sd_gen *gen)
{
	const struct sd_geom *g = &gen->g;
	int n = g->n;
	/* per digit (from 0), the row it is in in each column and box, and
	 * its column in each row */
	uint8_t row_in_col[SD_MAXN][SD_MAXN], row_in_box[SD_MAXN][SD_MAXN], col_in_row[SD_MAXN][SD_MAXN];
	uint16_t parent[2 * SD_MAXN];

	for (int c = 0; c < sd_cells(g); c++) {
		int d = gen->solution[c] - 1, r = c / n, col = c % n;
		row_in_col[d][col] = row_in_box[d][sd_box_of(g, r, col)] = (uint8_t)r;
		col_in_row[d][r] = (uint8_t)col;
	}
	gen->nsets = 0;
	for (int a = 0; a < n; a++)
		for (int b = a + 1; b < n && gen->nsets < SD_GEN_SETS; b++) {
			/* node r: a's cell in row r; node n + r: b's */
			for (int i = 0; i < 2 * n; i++)
				parent[i] = (uint16_t)i;
			for (int k = 0; k < n; k++) {
				parent[root(parent, k)] = (uint16_t)root(parent, n + k);
				parent[root(parent, row_in_col[a][k])] = (uint16_t)root(parent, n + row_in_col[b][k]);
				parent[root(parent, row_in_box[a][k])] = (uint16_t)root(parent, n + row_in_box[b][k]);
			}
			for (int i = 0; i < 2 * n && gen->nsets < SD_GEN_SETS; i++) {
				if (root(parent, i) != i)
					continue;
				uint64_t *set = gen->sets[gen->nsets++];
				memset(set, 0, (size_t)gen->words * sizeof *set);
				for (int j = 0; j < 2 * n; j++)
					if (root(parent, j) == i) {
						int r = j % n, c = r * n + col_in_row[j < n ? a : b][r];
						set[c / 64] |= 1ULL << (c % 64);
					}
			}
		}
}

/* Whether some unavoidable set has lost its last given. */
static bool open_set(const struct sd_gen *gen)
{
	for (int i = 0; i < gen->nsets; i++) {
		uint64_t hit = 0;
		for (int w = 0; w < gen->words; w++)
			hit |= gen->sets[i][w] & gen->given_bits[w];
		if (!hit)
			return true;
	}
	return false;
}

/* Filling a grid at random by forward checking: the empty cell with the
 * fewest candidates (the first such) takes its candidates in random
 * order, and a cell left with none ends the branch: the search sd_solve
 * makes with forward checking and random values, on three masks per cell
 * instead of its general state.  Making grids with sd_solve took 7% of
 * the instructions of expert generation; this way, expert and hard
 * generation take 4.5% fewer, unrated minimal puzzles 11% fewer. */
struct filler {
	int n, cells;
	uint64_t all, used[3 * SD_MAXN];
	uint8_t *v, unit[SD_MAXCELLS][3];
	long long budget;
	struct sd_rng rng;
};

/* 1 filled, 0 a dead end, -1 out of budget. */
static int fill_random(struct filler *f)
{
	int best = -1, best_count = f->n + 1, count = 0;
	uint64_t best_cand = 0;
	uint8_t digits[SD_MAXN];

	for (int i = 0; i < f->cells && best_count > 1; i++) {
		const uint8_t *u = f->unit[i];
		if (f->v[i])
			continue;
		uint64_t c = f->all & ~(f->used[u[0]] | f->used[u[1]] | f->used[u[2]]);
		int k = sd_popcount(c);
		if (k < best_count) {
			best = i;
			best_count = k;
			best_cand = c;
		}
	}
	if (best < 0)
		return 1;
	for (; best_cand; best_cand &= best_cand - 1)
		digits[count++] = (uint8_t)__builtin_ctzll(best_cand);
	sd_rng_shuffle(&f->rng, digits, count);
	const uint8_t *u = f->unit[best];
	for (int i = 0; i < count; i++) {
		uint64_t bit = 1ULL << digits[i];
		if (f->budget-- <= 0)
			return -1;
		f->v[best] = (uint8_t)(digits[i] + 1);
		f->used[u[0]] |= bit;
		f->used[u[1]] |= bit;
		f->used[u[2]] |= bit;
		int r = fill_random(f);
		if (r)
			return r;
		f->used[u[0]] &= ~bit;
		f->used[u[1]] &= ~bit;
		f->used[u[2]] &= ~bit;
		f->v[best] = 0;
	}
	return 0;
}

/* A random solution grid. */
static bool random_grid(struct sd_gen *gen, const struct sd_gen_opts *o)
{
	int cells = sd_cells(&gen->g), n = gen->g.n;
	struct sd_solve_opts so = {
		.random_values = true, .max_solutions = 1, .backtrack = true,
		.limits = { 0, o->limits.deadline, o->limits.interrupt },
	};
	struct filler f;     /* 14 kB at most: on the stack, as the search is shallow */

	/* forward checking rarely backtracks on an empty grid up to 16×16,
	 * and costs far less per node than the default's inference; when it
	 * does, the search is heavy-tailed (seconds on 16×16), so a try that
	 * backtracks much gives way to a fresh one, and the default's
	 * inference takes over after a few */
	memset(gen->work, 0, (size_t)cells);
	f.n = n;
	f.cells = cells;
	f.all = sd_all_values(n);
	f.v = gen->work;
	for (int i = 0; i < cells && n <= 16; i++) {
		f.unit[i][0] = (uint8_t)(i / n);
		f.unit[i][1] = (uint8_t)(n + i % n);
		f.unit[i][2] = (uint8_t)(2 * n + sd_box_of(&gen->g, i / n, i % n));
	}
	for (int try = 0; try < 8 && n <= 16; try++) {
		sd_rng_seed(&f.rng, sd_rng_next(&gen->rng));
		memset(f.used, 0, sizeof f.used);
		f.budget = 4 * cells;
		if (fill_random(&f) == 1 && sd_is_solution(&gen->g, gen->work)) {
			memcpy(gen->res.first, gen->work, (size_t)cells);
			goto found;
		}
		memset(gen->work, 0, (size_t)cells);
		if (out_of_time(o))
			return false;
	}
	so.order = SD_ORDER_AUTO;
	so.propagate = SD_PROP_AUTO;
	so.seed = sd_rng_next(&gen->rng);
	if (sd_solve(&gen->g, gen->work, &so, &gen->res) != 1)
		return false;
found:
	memcpy(gen->solution, gen->res.first, (size_t)cells);
	find_unavoidable(gen);
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
		gen->given_bits[c / 64] ^= 1ULL << (c % 64);
	}
	clear_orbit(gen, gen->puzzle, rep, restore);
}

/* How the givens left force the cell's digit: the only place for it in a
 * unit (FORCED_HIDDEN), the only digit left for the cell (FORCED_NAKED),
 * or not at all (0).  Forced, the puzzle without it keeps the solutions
 * it had; a hidden single keeps its level too, and so does a naked one
 * from easy up. */
enum { FORCED_NAKED = 1, FORCED_HIDDEN };
static int forced(const struct sd_gen *gen, const uint8_t *v, int cell)
{
	const struct sd_cand *cd = &gen->cd;
	uint64_t d = 1ULL << (gen->solution[cell] - 1);
	int n = gen->g.n, r = cell / n, c = cell % n, units[3][SD_MAXN];

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
			return FORCED_HIDDEN;
	}
	return sd_cand_of(cd, cell) == d ? FORCED_NAKED : 0;
}

/* Whether gen->puzzle, from which the orbit of rep was just removed,
 * still has only the solution: not when an unavoidable set lost its last
 * given; else another solution would differ from the solution in a cell
 * of the orbit, so each cell of the orbit in turn gets a search with the
 * solution's digit ruled out there, which never finds the solution
 * itself.  1 unique, 0 not, -1 a search ran out of nodes or time. */
static int unique(struct sd_gen *gen, const struct sd_gen_opts *o, int rep)
{
	int cells[4], count = orbit_of(gen->g.n, gen->symmetry, rep, cells), result = 1;
	struct sd_solve_opts so = {
		.max_solutions = 1, .limits = o->limits,
		.exclude = gen->exclude, .backtrack = true,
	};

	if (open_set(gen))
		return 0;
	for (int k = 0; k < count && result == 1; k++) {
		gen->checks++;
		gen->exclude[cells[k]] = gen->solution[cells[k]];
		sd_solve_fastest(&gen->g, gen->puzzle, &so, &gen->res);
		gen->exclude[cells[k]] = 0;
		if (gen->res.solutions)
			result = 0;
		else if (gen->res.stop != SD_STOP_DONE)
			result = -1;
	}
	return result;
}

/* What taking an orbit away does. */
enum { REMOVED, KEPT, ABOVE };

/* Takes the orbit of rep away when the solution stays unique and, when a
 * level guides the removals, the techniques up to it still solve the
 * puzzle (which proves it unique too); *level is the puzzle's.  A digit
 * that a single forces from the givens left needs no search, and no
 * rating either unless it may make a very easy puzzle easy; a removal
 * that leaves two solutions is found faster by a search than by the
 * techniques failing.  ABOVE: kept, as the puzzle without it was unique
 * but above the level. */
static int take_away(struct sd_gen *gen, const struct sd_gen_opts *o, int rep, int guide,
		     int *level, bool *proven)
{
	int cells[4], count = orbit_of(gen->g.n, gen->symmetry, rep, cells), got = *level;
	int how = FORCED_HIDDEN, u = 1;

	clear_given_orbit(gen, rep, false);
	for (int k = 0; k < count && how; k++) {
		int f = forced(gen, gen->puzzle, cells[k]);
		how = f < how ? f : how;
	}
	if (!how) {
		u = unique(gen, o, rep);
		*proven &= u >= 0;
		got = u != 1 ? SD_LEVEL_SEARCH : guide < 0 ? *level :
			sd_logic_level_from(&gen->lg, &gen->g, gen->puzzle, guide, *level, cells, count);
	} else if (how == FORCED_NAKED && *level < SD_LEVEL_EASY && guide >= 0) {
		got = sd_logic_level_from(&gen->lg, &gen->g, gen->puzzle, guide, *level, cells, count);
	}
	if (got > (guide < 0 ? SD_LEVEL_EXPERT : guide)) {
		clear_given_orbit(gen, rep, true);
		return u == 1 ? ABOVE : KEPT;
	}
	gen->givens -= count;
	*level = got;
	return REMOVED;
}

/* Orbits given back, at random, to a unique puzzle above the level (the
 * orbit of taken just taken away): one that brings it to the level exactly
 * is kept.  Eight tries halved the removal orders hard and expert puzzles
 * need, and cost less than the orders saved; more cost more. */
#define RESCUE_TRIES 8

static bool rescue(struct sd_gen *gen, int guide, int taken)
{
	int cells[4], nopen = 0, taken_cells[4];
	int ntaken = orbit_of(gen->g.n, gen->symmetry, taken, taken_cells);

	/* only an orbit the techniques left open in the puzzle above the
	 * level (its closure is still in gen->lg) can change where they end */
	for (int i = 0; i < gen->norbits; i++) {
		int rep = gen->orbit[i], count = orbit_of(gen->g.n, gen->symmetry, rep, cells);
		bool open = false;
		for (int k = 0; k < count; k++)
			open |= !gen->lg.v[cells[k]];
		if (open && !gen->puzzle[rep] && rep != taken)
			gen->open[nopen++] = (uint16_t)rep;
	}

	for (int t = 0; t < RESCUE_TRIES; t++) {
		if (!nopen)
			return false;
		int pick = (int)sd_rng_below(&gen->rng, (uint32_t)nopen), rep = gen->open[pick];
		gen->open[pick] = gen->open[--nopen];
		clear_given_orbit(gen, rep, true);
		/* once the techniques fill the orbit taken, the board holds the
		 * givens of a puzzle below the level: it is at the level only if
		 * the techniques needed so far are */
		if (sd_logic_level_from(&gen->lg, &gen->g, gen->puzzle, guide, SD_LEVEL_VERY_EASY,
					taken_cells, ntaken) == guide) {
			gen->givens += orbit_of(gen->g.n, gen->symmetry, rep, cells);
			return true;
		}
		clear_given_orbit(gen, rep, false);
	}
	return false;
}

/* Removes orbits from the solution in their random order, each as
 * take_away decides: with a level guiding, the puzzle left is as hard as
 * the level allows from this order.  Below the level, a removal that
 * goes above it may be rescued by giving back another orbit; the orbits
 * kept before that are then tried again, as the puzzle is no longer a
 * part of the one they were kept in.  Returns the puzzle's level (very
 * easy when none guides), or -1 out of time, or when a check was left
 * unfinished and --minimal needs proof. */
static int remove_orbits(struct sd_gen *gen, const struct sd_gen_opts *o, int target, int guide)
{
	int level = SD_LEVEL_VERY_EASY, rescued_at = 0;
	bool proven = true;

	memcpy(gen->puzzle, gen->solution, (size_t)sd_cells(&gen->g));
	sd_cand_init(&gen->cd, &gen->g, gen->puzzle);
	gen->givens = sd_cells(&gen->g);
	memset(gen->given_bits, 0, (size_t)gen->words * sizeof gen->given_bits[0]);
	for (int c = 0; c < gen->givens; c++)
		gen->given_bits[c / 64] |= 1ULL << (c % 64);
	for (int i = 0; i < gen->norbits && gen->givens > target; i++) {
		if (out_of_time(o))
			return -1;
		int rep = gen->orbit[i], cells[4];
		if (take_away(gen, o, rep, guide, &level, &proven) != ABOVE || level >= guide)
			continue;
		clear_given_orbit(gen, rep, false);
		if (rescue(gen, guide, rep)) {
			gen->givens -= orbit_of(gen->g.n, gen->symmetry, rep, cells);
			level = guide;
			rescued_at = i;
		} else {
			clear_given_orbit(gen, rep, true);
		}
	}
	for (int i = 0; i < rescued_at && gen->givens > target; i++) {
		if (out_of_time(o))
			return -1;
		if (gen->puzzle[gen->orbit[i]])
			take_away(gen, o, gen->orbit[i], guide, &level, &proven);
	}
	return proven || !o->minimal ? level : -1;
}

/* A puzzle at the level asked: minimal puzzles are made as without a
 * level and kept if at it; others come from removals guided by the
 * level.  The techniques' closure that guides is close to Sudoku
 * Explainer's rating but not the same (it takes each technique
 * everywhere at once, SE the easiest step each time), so the rating in
 * full decides: the puzzle is kept when its rating is in the window
 * asked (by default the level's band).  No closure guides to the extreme
 * level: there the nested chains solve every unique puzzle, so guided
 * removals would be unguided ones made slowly, and the fiendish closure
 * is no filter either, as a long dynamic chain alone can rate 9.0; so
 * minimal puzzles are made and rated, about one 9x9 in 600 in the
 * band. */
static bool make_at_level(struct sd_gen *gen, const struct sd_gen_opts *o, int target)
{
	bool extreme = o->level >= SD_LEVEL_EXTREME;
	int level = remove_orbits(gen, o, target, o->minimal || extreme ? -1 : o->level);

	if (level < 0)
		return false;
	if (!extreme && o->minimal)
		level = sd_logic_level(&gen->lg, &gen->g, gen->puzzle, o->level);
	return sd_gen_in_window(gen, o, extreme ? -1 : level);
}

bool sd_gen_in_window(struct sd_gen *gen, const struct sd_gen_opts *o, int level)
{
	double min = o->min_er, max = o->max_er;

	if (!min && !max)
		sd_level_band(o->level, &min, &max);
	if (level >= 0 && (level < sd_level_of_score(min) || level > o->level))
		return false;
	sd_gen_rate(gen);
	return gen->rating.level < SD_LEVEL_SEARCH && sd_score_reaches(gen->rating.score, min) &&
	       sd_score_reaches(max, gen->rating.score);
}

/* A window's level is its top's, but fiendish when only its top is
 * extreme, as the extreme level's way (minimal puzzles, rated) seldom
 * makes the fiendish ratings of the window's lower part.  About one 9x9
 * minimal puzzle in 600 is extreme: 20000 attempts leave a puzzle unmade
 * once in 10^14. */
void sd_gen_aim(struct sd_gen_opts *o, const struct sd_geom *g, int level, double min_er,
		double max_er)
{
	o->level = level;
	o->min_er = max_er > 0 ? min_er : 0;
	o->max_er = max_er > 0 ? max_er : 0;
	if (max_er > 0) {
		o->level = sd_level_of_score(max_er);
		if (o->level > SD_LEVEL_FIENDISH && sd_level_of_score(min_er) <= SD_LEVEL_FIENDISH)
			o->level = SD_LEVEL_FIENDISH;
	}
	o->max_attempts = o->level >= SD_LEVEL_EXTREME ? 20000 : 1000;
	o->limits.work = g->n > 16 ? SD_GEN_BIG_GRID_NODES : 0;
	o->rating_work = SD_DEFAULT_RATING_WORK;
}

void sd_gen_rate(struct sd_gen *gen)
{
	if (!gen->rated)
		sd_rate(&gen->lg, &gen->g, gen->puzzle, SD_TECH_COUNT - 1, &gen->rating, NULL, NULL);
	gen->rated = true;
}

/* Removal orders tried on one solution grid before the next: a grid that
 * gave no puzzle at the level is as good as a new one for a second order,
 * which saves making it and its unavoidable sets (11% fewer instructions
 * for hard and expert puzzles with two; three saved no more). */
#define ORDERS_PER_GRID 2

int sd_generate(struct sd_gen *gen, const struct sd_geom *g, const struct sd_gen_opts *o,
		uint64_t seed)
{
	int target = o->clues;

	/* very easy puzzles keep many givens: 44% of the cells, 36 of 81 */
	if (!target && o->level == SD_LEVEL_VERY_EASY && !o->minimal)
		target = (sd_cells(g) * 44 + 99) / 100;
	gen->g = *g;
	/* the techniques only ever see puzzles already proven unique */
	gen->lg.unique = true;
	gen->lg.limits = (struct sd_limits){ o->rating_work, o->limits.deadline, o->limits.interrupt };
	memset(gen->exclude, 0, (size_t)sd_cells(g));
	gen->words = (sd_cells(g) + 63) / 64;
	gen->attempts = gen->checks = 0;
	gen->rated = false;
	sd_rng_seed(&gen->rng, seed);
	for (int orders = ORDERS_PER_GRID; gen->attempts < o->max_attempts; orders++) {
		if (out_of_time(o))
			return SD_GEN_STOPPED;
		gen->attempts++;
		gen->rated = false;
		gen->symmetry = o->symmetry == SD_SYM_RANDOM ?
			1 + (int)sd_rng_below(&gen->rng, SD_SYM_RANDOM - 1) : o->symmetry;
		if (orders >= ORDERS_PER_GRID) {
			if (!random_grid(gen, o))
				continue;
			orders = 0;
		}
		shuffle_orbits(gen);
		if (o->level < 0 ? remove_orbits(gen, o, target, -1) >= 0 : make_at_level(gen, o, target))
			return SD_GEN_OK;
	}
	return out_of_time(o) ? SD_GEN_STOPPED : SD_GEN_EXHAUSTED;
}

int sd_gen_least_clues(const struct sd_geom *g)
{
	switch (g->n) {
	case 4: return 4;
	case 6: return 8;
	case 9: return 17;
	default: return g->n - 1;
	}
}
