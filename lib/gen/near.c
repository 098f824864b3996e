/* The search near hard puzzles, the way the players' forum finds its
 * hardest ones ({-n+m}): from a puzzle of a pool, take n givens away and
 * add m others, keep the neighbour when it has one solution, make it
 * minimal, rate it, and let the best neighbours become seeds in turn.
 * Clue removal from random grids almost never reaches the top of the
 * scale (one minimal 9x9 puzzle in 600 rates 9.0, hardly any 9.5); near a
 * 9.x puzzle most neighbours are hard too. */
#include <stdlib.h>
#include <string.h>
#include "gen/gen.h"

/* A puzzle's fingerprint, for the set of those seen: 64 bits, so that two
 * puzzles of a run sharing one is unlikely past any run's length. */
static uint64_t fingerprint(const uint8_t *v, int cells)
{
	uint64_t h = 0x9e3779b97f4a7c15ULL;

	for (int c = 0; c < cells; c++) {
		h ^= v[c] + 0x100ULL * (uint64_t)c;
		h *= 0xbf58476d1ce4e5b9ULL;
		h ^= h >> 31;
	}
	return h | 1;                  /* 0 marks a free slot */
}

/* Whether h was seen, adding it if not.  The set is a table of fixed size
 * in which a newcomer takes the place of an old entry once its slots are
 * full: forgetting a neighbour rated long ago costs a rating again, and
 * the puzzles already yielded are kept apart (sd_near's yielded). */
static bool seen_before(uint64_t *table, uint64_t h)
{
	size_t i = (size_t)(h >> 20) & (SD_NEAR_SEEN - 1);

	for (int probe = 0; probe < 4; probe++) {
		uint64_t *slot = &table[(i + (size_t)probe) & (SD_NEAR_SEEN - 1)];
		if (*slot == h)
			return true;
		if (!*slot) {
			*slot = h;
			return false;
		}
	}
	table[i] = h;
	return false;
}

static int compare_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* A sorted set that never forgets: the puzzles given as seeds and those
 * yielded, none of which may be yielded (again). */
static bool kept_has(const struct sd_near *nr, uint64_t h)
{
	return nr->nkept && bsearch(&h, nr->kept, (size_t)nr->nkept, sizeof h, compare_u64);
}

static bool keep(struct sd_near *nr, uint64_t h)
{
	if (kept_has(nr, h))
		return true;
	if (nr->nkept == nr->kept_cap) {
		size_t cap = nr->kept_cap ? 2 * nr->kept_cap : 256;
		uint64_t *k = realloc(nr->kept, cap * sizeof *k);
		if (!k)
			return false;
		nr->kept = k;
		nr->kept_cap = cap;
	}
	size_t at = 0;
	while (at < nr->nkept && nr->kept[nr->nkept - 1 - at] > h)
		at++;
	memmove(nr->kept + nr->nkept - at + 1, nr->kept + nr->nkept - at, at * sizeof h);
	nr->kept[nr->nkept - at] = h;
	nr->nkept++;
	return true;
}

static void empty_pool(struct sd_near *nr)
{
	nr->npool = 0;
	nr->best = -1e9;
	nr->since_best = nr->since_news = 0;
}

bool sd_near_start(struct sd_near *nr, const struct sd_geom *g, uint64_t seed)
{
	nr->g = *g;
	sd_shape_set(&nr->shape, g);
	empty_pool(nr);
	nr->nkept = 0;
	nr->restarts = 0;
	nr->lg.unique = true;
	sd_rng_seed(&nr->rng, seed);
	if (!nr->seen)
		nr->seen = calloc(SD_NEAR_SEEN, sizeof *nr->seen);
	else
		memset(nr->seen, 0, SD_NEAR_SEEN * sizeof *nr->seen);
	return nr->seen != NULL;
}

void sd_near_free(struct sd_near *nr)
{
	free(nr->seen);
	free(nr->kept);
	nr->seen = nr->kept = NULL;
	nr->nkept = nr->kept_cap = 0;
	sd_solve_result_free(&nr->res);
}

/* What a rating's steps tell beyond ER, EP and ED.  A chain's score is
 * its kind's base (8.5 a dynamic chain, 9.0 one with chains inside, 9.5
 * and up nested deeper) and its length's difficulty: the steps give the
 * deepest base the solve needs, the longest chain of that base (its
 * length difficulty made smooth, finer than the score's tenths), how
 * many steps need it, and the hardest score made as fine. */
static void note_step(const struct sd_logic *lg, const struct sd_step *st, void *arg)
{
	struct sd_near *nr = arg;
	double bonus = 0, base = st->score;

	(void)lg;
	if (st->complexity) {
		base -= sd_length_difficulty(st->complexity, false);
		bonus = sd_length_difficulty(st->complexity, true);
	}
	if (base > nr->depth + 1e-9) {
		nr->depth = base;
		nr->reach = bonus;
		nr->at_depth = 0;
	}
	if (base > nr->depth - 1e-9) {
		nr->reach = bonus > nr->reach ? bonus : nr->reach;
		nr->at_depth++;
	}
	nr->fine = base + bonus > nr->fine ? base + bonus : nr->fine;
}

/* Rates v into nr->rating: true when it has a rating (the techniques
 * finish within the limits). */
static bool rate(struct sd_near *nr, const struct sd_near_opts *o, const uint8_t *v)
{
	nr->lg.limits = (struct sd_limits){ o->rating_work, o->limits.deadline, o->limits.interrupt };
	nr->fine = nr->depth = nr->reach = 0;
	nr->at_depth = 0;
	sd_rate(&nr->lg, &nr->g, v, SD_TECH_COUNT - 1, &nr->rating, note_step, nr);
	return nr->rating.level < SD_LEVEL_SEARCH;
}

/* Whether the window starts at SD_NEAR_DEEP or higher: the width of
 * T&E(1) is taken there (width_of), and counts in the fitness. */
static bool takes_width(const struct sd_near_opts *o)
{
	return sd_score_reaches(o->min_er, SD_NEAR_DEEP);
}

/* How much the pool wants the puzzle just rated.  A window whose top is
 * SD_NEAR_DEEP or more wants depth first: a puzzle that needs chains inside
 * chains (9.0 and up) above any that a long plain dynamic chain rates
 * 9.4, as a pool of long plain chains alone never reached 9.5 in 352
 * CPU-seconds (though on the way up, with the width of T&E(1) choosing
 * what is rated, half the finds of --rating 9.5- are plain chains long
 * enough for 9.5: bench/RESULTS.md); then the longest chain at that
 * depth, the nearer its score's next tenth the better.  Below chains with
 * chains inside, as much as that, how narrow T&E(1)'s way through the
 * puzzle is (width, sd_trial_width): a puzzle it cannot get through at
 * all needs them, and a narrow way is nearer to none than a wide one.
 * The length alone led climbs onto a plateau of plain chains, all of
 * them 10 to 70 wide, where the narrower ones entered the pool no more
 * often than the wider: seeds 4 to 8 of --rating 9.5- found a puzzle
 * within 100 CPU-seconds, and with the width every one of seeds 1 to 8
 * but seed 2 (bench/history/2026-11-27.md).  A lower
 * window wants its rating, made fine, the higher the better up to the
 * window's top and less the farther above it, so that it is approached,
 * not flown over.  Then how many steps need the deepest chains, then the
 * pearl and the diamond (EP, ED: a puzzle hard from its start is nearer
 * to a harder one). */
static double fitness(const struct sd_near *nr, const struct sd_near_opts *o, int width)
{
	const struct sd_rating *r = &nr->rating;
	double fit, max = o->max_er;

	if (sd_score_reaches(max, SD_NEAR_DEEP)) {
		/* how far up its depth's band: the length, or below chains
		 * with chains inside half the length and half the narrowness */
		double height = nr->reach < 1.0 ? nr->reach : 1.0;
		if (takes_width(o) && !sd_score_reaches(nr->depth, sd_tech_score(SD_TECH_DYNAMIC_PLUS)))
			height = (height + (width < SD_NEAR_NARROW ? 1.0 - (double)width / SD_NEAR_NARROW : 0)) / 2;
		/* bases are 0.5 apart: the height's part stays below */
		fit = nr->depth + 0.45 * height;
	} else {
		fit = nr->fine <= max ? nr->fine : max - (nr->fine - max);
	}
	return fit + 1e-5 * (nr->at_depth < 99 ? nr->at_depth : 99) + 1e-8 * r->pearl +
	       1e-10 * r->diamond;
}

/* Puts a rated puzzle into the pool in place of its least fit member, if
 * it is as fit or the pool has room.  (In place of a member alike, 8
 * cells apart or less, the pool kept apart, but -d extreme and 9.0-9.4
 * measured slower: bench/history/2026-11-26.md.) */
static void pool_offer(struct sd_near *nr, const uint8_t *v, double fit, int width)
{
	int worst = 0;

	if (nr->npool < SD_NEAR_POOL) {
		worst = nr->npool++;
	} else {
		for (int i = 1; i < nr->npool; i++)
			if (nr->pool[i].fit < nr->pool[worst].fit)
				worst = i;
		/* an equal takes its place: the pool drifts along a plateau
		 * of ratings instead of staying where it reached it */
		if (nr->pool[worst].fit > fit)
			return;
	}
	memcpy(nr->pool[worst].puzzle, v, (size_t)sd_cells(&nr->g));
	nr->pool[worst].fit = fit;
	nr->pool[worst].width = width;
	if (fit > nr->best) {
		nr->best = fit;
		nr->since_best = nr->since_news = 0;
	}
}

/* The least fitness a neighbour needs to enter the full pool. */
static double pool_floor(const struct sd_near *nr)
{
	double least = 1e9;

	if (nr->npool < SD_NEAR_POOL)
		return -1e9;
	for (int i = 0; i < nr->npool; i++)
		least = nr->pool[i].fit < least ? nr->pool[i].fit : least;
	return least;
}

/* The widest way of T&E(1) (width_of) among the members of the pool.
 * Near a few puzzles of --from that T&E(1) cannot solve, it rates only
 * neighbours it cannot solve either, most of which rate as high. */
static int pool_widest(const struct sd_near *nr)
{
	int widest = 0;

	for (int i = 0; i < nr->npool; i++)
		widest = nr->pool[i].width > widest ? nr->pool[i].width : widest;
	return widest;
}

/* A solution of the puzzle other than one known, kept while counting. */
struct other_solution { const uint8_t *solution; uint8_t *other; int cells; bool found; };

static void note_other(const uint8_t *board, void *arg)
{
	struct other_solution *os = arg;

	if (!os->found && memcmp(board, os->solution, (size_t)os->cells)) {
		memcpy(os->other, board, (size_t)os->cells);
		os->found = true;
	}
}

/* Solutions of v up to two: 1 when it is unique.  -1 when the search was
 * cut short.  With os, the first solution found other than os's is kept
 * there. */
static int solutions(struct sd_near *nr, const uint8_t *v, const uint8_t *exclude,
		     long long max, const struct sd_limits *lim, struct other_solution *os)
{
	struct sd_solve_opts so = {
		.max_solutions = max, .limits = *lim, .exclude = exclude, .backtrack = true,
		.on_solution = os ? note_other : NULL, .arg = os,
	};

	if (os)
		os->found = false;
	nr->checks++;
	sd_solve_fastest(&nr->g, v, &so, &nr->res);
	return nr->res.stop != SD_STOP_DONE ? -1 : (int)nr->res.solutions;
}

/* Takes away, in random order, every given whose removal keeps the
 * solution unique (shown by a search with the solution's digit ruled out
 * of the cell, which can find only another solution).  False when a
 * search was cut short: the puzzle is then not known to be minimal. */
static bool make_minimal(struct sd_near *nr, uint8_t *v, const uint8_t *solution,
			 const struct sd_limits *lim)
{
	int cells = sd_cells(&nr->g), count = 0;
	uint16_t order[SD_MAXCELLS];
	uint8_t exclude[SD_MAXCELLS] = { 0 };

	for (int c = 0; c < cells; c++)
		if (v[c])
			order[count++] = (uint16_t)c;
	for (int i = count - 1; i > 0; i--) {
		int j = (int)sd_rng_below(&nr->rng, (uint32_t)i + 1);
		uint16_t t = order[i];
		order[i] = order[j];
		order[j] = t;
	}
	for (int i = 0; i < count; i++) {
		int c = order[i];
		v[c] = 0;
		exclude[c] = solution[c];
		int other = solutions(nr, v, exclude, 1, lim, NULL);
		exclude[c] = 0;
		if (other < 0)
			return false;
		if (other)
			v[c] = solution[c];
	}
	return true;
}

/* A random empty cell of v (none: -1). */
static int empty_cell(struct sd_near *nr, const uint8_t *v)
{
	int cells = sd_cells(&nr->g), c = (int)sd_rng_below(&nr->rng, (uint32_t)cells);

	for (int tries = 0; v[c] && tries < cells; tries++)
		c = (c + 1) % cells;
	return v[c] ? -1 : c;
}

/* A random solution of v, in out, or false: the first solution of the
 * fastest search with v's digits given new names at random, named back.
 * (A search that tried the digits in random order at every branch took
 * a fifth of the time of a climb's first 150 CPU-seconds.) */
static bool random_solution(struct sd_near *nr, const uint8_t *v, uint8_t *out,
			    const struct sd_limits *lim)
{
	int n = nr->g.n, cells = sd_cells(&nr->g);
	uint8_t name[SD_MAXN + 1], back[SD_MAXN + 1], renamed[SD_MAXCELLS];
	struct sd_solve_opts so = { .max_solutions = 1, .limits = *lim, .backtrack = true };

	for (int d = 0; d <= n; d++)
		name[d] = (uint8_t)d;
	sd_rng_shuffle(&nr->rng, name + 1, n);
	for (int d = 0; d <= n; d++)
		back[name[d]] = (uint8_t)d;
	for (int c = 0; c < cells; c++)
		renamed[c] = name[v[c]];
	nr->checks++;
	if (sd_solve_fastest(&nr->g, renamed, &so, &nr->res) != 1)
		return false;
	for (int c = 0; c < cells; c++)
		out[c] = back[nr->res.first[c]];
	return true;
}

/* A random empty cell of v where the two solutions differ, and where the
 * digit of solution was not just taken away; -1 when there is none. */
static int telling_cell(struct sd_near *nr, const uint8_t *v, const uint8_t *solution,
			const uint8_t *other, const uint8_t *removed)
{
	int cells = sd_cells(&nr->g), count = 0, c0 = (int)sd_rng_below(&nr->rng, (uint32_t)cells);
	int chosen = -1;

	for (int i = 0; i < cells; i++) {
		int c = (c0 + i) % cells;
		if (!v[c] && other[c] != solution[c] && removed[c] != solution[c] &&
		    sd_rng_below(&nr->rng, (uint32_t)++count) == 0)
			chosen = c;
	}
	return chosen;
}

/* A neighbour of a pool member with one solution, in v, or false: up to
 * o->remove givens taken away, then up to o->add givens added, and more
 * (up to SD_NEAR_EXTRA) while the puzzle has several solutions.  The
 * digits added come from a random solution of the puzzle with the givens
 * taken away, not from the member's solution: so the neighbour has a
 * solution, and often lies on another grid than the member, which is how
 * the search leaves a grid whose hardest puzzles it has seen (the
 * hardest puzzles known lie on grids of their own).  Digits added at
 * random instead made a unique neighbour once in 80 tries.  The digits
 * added past o->add go where another solution found differs from it,
 * which rules that one out: added at random, two tries in three ended
 * with several solutions, and their searches took a third of a climb's
 * time. */
#define SD_NEAR_EXTRA 4
static bool neighbour(struct sd_near *nr, const struct sd_near_opts *o, uint8_t *v)
{
	int cells = sd_cells(&nr->g);
	/* two members drawn, the fitter one taken: the best are searched
	 * near most, the rest keep the pool from collapsing onto one */
	int a = (int)sd_rng_below(&nr->rng, (uint32_t)nr->npool);
	int b = (int)sd_rng_below(&nr->rng, (uint32_t)nr->npool);
	int from = nr->pool[a].fit >= nr->pool[b].fit ? a : b;
	/* a pool whose best has not risen for a while looks farther */
	long long wider = nr->since_best / SD_NEAR_STALL;
	int widen = wider < SD_NEAR_WIDEST ? (int)wider : SD_NEAR_WIDEST;
	int away = 1 + (int)sd_rng_below(&nr->rng, (uint32_t)(o->remove + widen));
	int more = 1 + (int)sd_rng_below(&nr->rng, (uint32_t)(o->add + widen));
	uint8_t removed[SD_MAXCELLS] = { 0 }, solution[SD_MAXCELLS], other[SD_MAXCELLS];
	struct other_solution os = { solution, other, cells, false };

	memcpy(v, nr->pool[from].puzzle, (size_t)cells);
	for (int k = 0; k < away; k++) {
		int c = (int)sd_rng_below(&nr->rng, (uint32_t)cells);
		for (int tries = 0; !v[c] && tries < cells; tries++)
			c = (c + 1) % cells;
		removed[c] = v[c];
		v[c] = 0;
	}
	if (!random_solution(nr, v, solution, &o->limits))
		return false;
	for (int k = 0; k < more; k++) {
		int c = empty_cell(nr, v);
		if (c < 0)
			return false;
		if (removed[c] != solution[c])  /* giving a given back is no move */
			v[c] = solution[c];
	}
	for (int k = 0; k <= SD_NEAR_EXTRA; k++) {
		int count = solutions(nr, v, NULL, 2, &o->limits, &os);
		if (count != 2)
			return count == 1;
		int c = os.found ? telling_cell(nr, v, solution, other, removed) : -1;
		if (c < 0)
			return false;
		v[c] = solution[c];
	}
	return false;
}

/* The cheap filter before a rating: whether v surely rates below least,
 * as the techniques of a level below least's solve it.  Only up to expert
 * does a level bound the rating by its top, as the techniques' scores are
 * fixed there; from fiendish up a chain's score grows with its length.
 * (Closures up to fiendish cost more than a rating of a 9.x puzzle.) */
static bool below_for_sure(struct sd_near *nr, const uint8_t *v, double least)
{
	int level = sd_level_of_score(least) - 1;

	if (level > SD_LEVEL_EXPERT)
		level = SD_LEVEL_EXPERT;
	if (level < 0)
		return false;
	return sd_logic_level(&nr->lg, &nr->g, v, level) <= level;
}

/* The width of T&E(1)'s way through v (sd_trial_width) in a window from
 * SD_NEAR_DEEP up, where a neighbour wider than every member of the pool
 * is not rated: the narrower the way, the longer the chains a rating
 * needs, and the pool climbs to narrow ways.  (Two climbs that rated every
 * neighbour, seeds 1 and 2 of --rating 9.5-, rated 23,401 and 19,595
 * neighbours 40 or wider, of which 3 and 16 entered the pool, and 1,090
 * and 1,206 narrower ones, of which 59 and 86 did.)  Elsewhere:
 * SD_TRIAL_WIDE. */
static int width_of(struct sd_near *nr, const struct sd_near_opts *o, const uint8_t *v, int widest)
{
	if (!takes_width(o))
		return SD_TRIAL_WIDE;
	/* a pool of puzzles T&E(1) cannot solve (most of a climb from 9.5
	 * up) wants only to know whether it solves v, found in a third of
	 * the time */
	if (!widest)
		return sd_trial_solves(&nr->shape, v, false) ? SD_TRIAL_WIDE : 0;
	return sd_trial_width(&nr->shape, v, false);
}

/* A neighbour judged: one more without a rise of the best, or news. */
static void count_judged(struct sd_near *nr)
{
	nr->since_best++;
	nr->since_news++;
}

/* Rates v, and offers it to the pool; true when it lies in [min, max].
 * A neighbour too wide to rate counts toward the pool's stall as a rated
 * one does. */
static bool judge(struct sd_near *nr, const struct sd_near_opts *o, const uint8_t *v, double min)
{
	double floor = pool_floor(nr), least = min < floor ? min : floor;

	nr->lg.limits = (struct sd_limits){ o->rating_work, o->limits.deadline, o->limits.interrupt };
	int widest = pool_widest(nr), width = width_of(nr, o, v, widest);
	if (width > widest) {
		count_judged(nr);
		return false;
	}
	/* from SD_NEAR_DEEP up the width comes first: near seed 1's finds it
	 * turned away all but 7 of 155,000 neighbours, the check of levels,
	 * which cost more, 30%; so that check is made only where the width
	 * is not taken */
	if (width == SD_TRIAL_WIDE && least > 0 && below_for_sure(nr, v, least))
		return false;
	count_judged(nr);
	nr->ratings++;
	if (!rate(nr, o, v))
		return false;
	pool_offer(nr, v, fitness(nr, o, width), width);
	return sd_score_reaches(nr->rating.score, min) && sd_score_reaches(o->max_er, nr->rating.score);
}

bool sd_near_seed(struct sd_near *nr, const struct sd_near_opts *o, const uint8_t *v, bool given)
{
	int cells = sd_cells(&nr->g);
	uint64_t h = fingerprint(v, cells);

	if (given && !keep(nr, h))
		return false;
	seen_before(nr->seen, h);
	if (rate(nr, o, v)) {
		int width = width_of(nr, o, v, SD_TRIAL_WIDE);
		pool_offer(nr, v, fitness(nr, o, width), width);
	}
	return true;
}

/* Whether a pool has waited long enough for news, a rise of its best or
 * a find: o->restart neighbours judged times the Luby sequence's term for
 * its turn (sd_luby), so that most turns are short and now and then one
 * is long.  A climb's time to its first find from 9.5 up varies with its
 * seed puzzles more than tenfold, and most pools never find: traced on
 * --rating 10.0- (seeds 1, 4 and 5), the one pool that found did so 95
 * CPU-seconds after it started, and the four that did not climbed to
 * chains with chains inside (9.38 to 9.43 in fitness) within 20 to 65
 * and rose by 0.03 at most after that, one of them for 450 CPU-seconds.
 * Waiting twice as long after each restart gave seeds 1 and 6 three pools
 * in ten minutes, none of which found; on this sequence seed 6 made 22.
 * A pool that finds, however seldom, stays: on the old clock, the judged
 * since the best rose, restarted after its first finds seed 5 of
 * --rating 9.5- made 37 puzzles in ten minutes instead of 98.  But one
 * that found, or holds a chain with chains inside, is not spared: seed 1
 * of --rating 9.5- met a 9.8 with chains inside after 26 CPU-seconds
 * whose neighbours T&E(1) all solves (not one of 200,000 judged near it
 * alone), its pool gathered plain chains of width 6 and less around it,
 * and found nothing else in ten minutes; started afresh, 27
 * (bench/history/2026-11-27.md). */
static bool stalled(const struct sd_near *nr, const struct sd_near_opts *o)
{
	return o->restart > 0 && o->remake && nr->since_news >= o->restart * sd_luby(nr->restarts);
}

/* Empties the pool and seeds it afresh, remembering what was rated. */
static int start_afresh(struct sd_near *nr, const struct sd_near_opts *o)
{
	empty_pool(nr);
	nr->restarts++;
	return sd_near_seed_made(nr, o->remake, o, SD_NEAR_SEED_PUZZLES);
}

int sd_near_next(struct sd_near *nr, const struct sd_near_opts *o)
{
	int cells = sd_cells(&nr->g);
	double min = o->min_er;
	uint8_t v[SD_MAXCELLS];

	if (o->spread > 0)
		min += 0.1 * sd_rng_below(&nr->rng, (uint32_t)(o->spread * 10 + 1.5));
	nr->tries = nr->checks = nr->ratings = 0;
	while (nr->tries < o->max_tries) {
		if (sd_out_of_time(&o->limits))
			return SD_GEN_STOPPED;
		if (stalled(nr, o)) {
			int got = start_afresh(nr, o);
			if (got != SD_GEN_OK)
				return got;
		}
		if (!nr->npool)
			return SD_GEN_EXHAUSTED;
		nr->tries++;
		if (!neighbour(nr, o, v))
			continue;
		memcpy(nr->solution, nr->res.first, (size_t)cells);
		if (o->minimal && !make_minimal(nr, v, nr->solution, &o->limits))
			continue;
		uint64_t h = fingerprint(v, cells);
		if (seen_before(nr->seen, h) || kept_has(nr, h) || !judge(nr, o, v, min))
			continue;
		if (!keep(nr, h))
			return SD_GEN_STOPPED;
		memcpy(nr->puzzle, v, (size_t)cells);
		nr->since_news = 0;
		nr->givens = 0;
		for (int c = 0; c < cells; c++)
			nr->givens += v[c] != 0;
		return SD_GEN_OK;
	}
	return sd_out_of_time(&o->limits) ? SD_GEN_STOPPED : SD_GEN_EXHAUSTED;
}

int sd_near_seed_made(struct sd_near *nr, struct sd_gen *gen, const struct sd_near_opts *o,
		      int count)
{
	struct sd_gen_opts go = {
		.level = -1, .symmetry = SD_SYM_NONE, .minimal = true, .max_attempts = 1,
		.limits = o->limits, .rating_work = o->rating_work,
	};

	for (int i = 0; i < count; i++) {
		int got = sd_generate(gen, &nr->g, &go, sd_rng_next(&nr->rng));
		if (got == SD_GEN_STOPPED)
			return got;
		if (got == SD_GEN_OK && !sd_near_seed(nr, o, gen->puzzle, false))
			return SD_GEN_STOPPED;
	}
	return SD_GEN_OK;
}
