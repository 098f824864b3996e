/* Backtracking for every geometry: a cell order (static, MRV, degree, or
 * degree first then MRV), a propagation (none, forward checking, or naked
 * and hidden singles), candidates as bitmasks, a trail to undo. */
#include <stdlib.h>
#include <string.h>
#include "solve.h"

int sd_order_parse(const char *s)
{
	static const char *const names[] = { "auto", "static", "mrv", "degree", "degree-mrv" };

	for (int i = 0; i < 5; i++)
		if (!strcmp(s, names[i]))
			return i;
	return -1;
}

int sd_propagate_parse(const char *s)
{
	static const char *const names[] = { "auto", "none", "fc", "singles" };

	for (int i = 0; i < 4; i++)
		if (!strcmp(s, names[i]))
			return i;
	return -1;
}

struct sd_solve_space {
	const struct sd_solve_opts *o;
	struct sd_solve_result *res;
	struct sd_geom g;
	int n, cells;
	uint64_t all;
	uint64_t used[3 * SD_MAXN];            /* digits placed per row, column, box */
	uint8_t v[SD_MAXCELLS];
	uint8_t unit_of[SD_MAXCELLS][3];       /* row, column + n, box + 2n */
	uint16_t members[3 * SD_MAXN][SD_MAXN];
	uint16_t empty[SD_MAXCELLS], where[SD_MAXCELLS];
	int nempty;
	uint16_t trail[SD_MAXCELLS], trail_slot[SD_MAXCELLS];
	int ntrail;
	/* digits ruled out of a cell by locked candidates, with their undo trail */
	bool locked;
	uint64_t ban[SD_MAXCELLS];
	struct { uint16_t cell; uint64_t old; } *bans;
	int nbans, maxbans;
	bool first_choice;
	bool stopped;
	struct sd_rng rng;
	/* the default mode: conflict weights per unit guide the choice of
	 * cell (dom/wdeg), and restarts cut off runs that go astray */
	bool weighted;
	uint32_t weight[3 * SD_MAXN];
	long long run_limit, run_start;
	bool restart;
};

static void blame_unit(struct sd_solve_space *s, int u)
{
	if (s->weighted)
		s->weight[u]++;
}

static void blame_cell(struct sd_solve_space *s, int cell)
{
	for (int k = 0; k < 3; k++)
		blame_unit(s, s->unit_of[cell][k]);
}

static inline uint64_t candidates(const struct sd_solve_space *s, int cell)
{
	const uint8_t *u = s->unit_of[cell];
	return s->all & ~(s->used[u[0]] | s->used[u[1]] | s->used[u[2]] | s->ban[cell]);
}

/* A point to undo to: placements and eliminations. */
struct mark { int places, bans; };

static inline struct mark mark_of(const struct sd_solve_space *s)
{
	return (struct mark){ s->ntrail, s->nbans };
}

static bool ban_digits(struct sd_solve_space *s, int cell, uint64_t digits)
{
	if (s->nbans == s->maxbans) {
		int more = s->maxbans ? 2 * s->maxbans : 4096;
		void *p = realloc(s->bans, (size_t)more * sizeof *s->bans);
		if (!p)
			return false;
		s->bans = p;
		s->maxbans = more;
	}
	s->bans[s->nbans].cell = (uint16_t)cell;
	s->bans[s->nbans++].old = s->ban[cell];
	s->ban[cell] |= digits;
	return true;
}

static void place(struct sd_solve_space *s, int cell, int d)
{
	const uint8_t *u = s->unit_of[cell];
	uint64_t bit = 1ULL << (d - 1);
	int slot = s->where[cell], last = s->empty[--s->nempty];

	s->used[u[0]] |= bit;
	s->used[u[1]] |= bit;
	s->used[u[2]] |= bit;
	s->v[cell] = (uint8_t)d;
	/* swap the cell out of the empty list; undo puts it back */
	s->empty[slot] = (uint16_t)last;
	s->where[last] = (uint16_t)slot;
	s->trail[s->ntrail] = (uint16_t)cell;
	s->trail_slot[s->ntrail++] = (uint16_t)slot;
}

static void undo_to(struct sd_solve_space *s, struct mark mark)
{
	while (s->nbans > mark.bans) {
		s->nbans--;
		s->ban[s->bans[s->nbans].cell] = s->bans[s->nbans].old;
	}
	while (s->ntrail > mark.places) {
		int t = --s->ntrail, cell = s->trail[t], slot = s->trail_slot[t];
		const uint8_t *u = s->unit_of[cell];
		uint64_t keep = ~(1ULL << (s->v[cell] - 1));
		int moved = s->empty[slot];
		s->used[u[0]] &= keep;
		s->used[u[1]] &= keep;
		s->used[u[2]] &= keep;
		s->v[cell] = 0;
		s->empty[s->nempty] = (uint16_t)moved;
		s->where[moved] = (uint16_t)s->nempty++;
		s->empty[slot] = (uint16_t)cell;
		s->where[cell] = (uint16_t)slot;
	}
}

/* Forward checking: every empty peer of cell keeps a candidate. */
static bool peers_alive(struct sd_solve_space *s, int cell)
{
	for (int k = 0; k < 3; k++) {
		const uint16_t *m = s->members[s->unit_of[cell][k]];
		for (int i = 0; i < s->n; i++)
			if (!s->v[m[i]] && !candidates(s, m[i])) {
				blame_cell(s, m[i]);
				return false;
			}
	}
	return true;
}

/* Locked candidates: a digit that a box can place only in one row (or
 * column) is ruled out of the rest of that row (pointing), and a digit that
 * a row (or column) can place only in one box is ruled out of the rest of
 * that box (claiming).  Returns whether it ruled anything out. */
static bool lock_lines(struct sd_solve_space *s, int box, bool rows)
{
	const struct sd_geom *g = &s->g;
	int lines = rows ? g->r : g->c, n = s->n;
	uint64_t line_or[SD_MAXN] = { 0 }, once = 0, twice = 0;
	const uint16_t *m = s->members[2 * n + box];
	bool changed = false;

	for (int k = 0; k < n; k++)
		if (!s->v[m[k]])
			line_or[rows ? k / g->c : k % g->c] |= candidates(s, m[k]);
	for (int l = 0; l < lines; l++) {
		twice |= once & line_or[l];
		once |= line_or[l];
	}
	for (int l = 0; l < lines; l++) {
		uint64_t only = line_or[l] & ~twice;
		if (!only)
			continue;
		/* the whole line, outside this box, loses these digits */
		int first = m[rows ? l * g->c : l];
		int unit = rows ? first / n : n + first % n;
		const uint16_t *line = s->members[unit];
		for (int k = 0; k < n; k++) {
			int cell = line[k];
			if (s->v[cell] || s->unit_of[cell][2] == 2 * n + box)
				continue;
			uint64_t hit = candidates(s, cell) & only;
			if (hit && ban_digits(s, cell, hit))
				changed = true;
		}
	}
	return changed;
}

static bool claim_box(struct sd_solve_space *s, int unit)
{
	const struct sd_geom *g = &s->g;
	int n = s->n, segments = unit < n ? g->r : g->c, width = n / segments;
	uint64_t seg_or[SD_MAXN] = { 0 }, once = 0, twice = 0;
	const uint16_t *m = s->members[unit];
	bool changed = false;

	for (int k = 0; k < n; k++)
		if (!s->v[m[k]])
			seg_or[k / width] |= candidates(s, m[k]);
	for (int i = 0; i < segments; i++) {
		twice |= once & seg_or[i];
		once |= seg_or[i];
	}
	for (int i = 0; i < segments; i++) {
		uint64_t only = seg_or[i] & ~twice;
		if (!only)
			continue;
		int box = s->unit_of[m[i * width]][2];
		const uint16_t *cells = s->members[box];
		for (int k = 0; k < n; k++) {
			int cell = cells[k];
			if (s->v[cell] || s->unit_of[cell][unit < n ? 0 : 1] == unit)
				continue;
			uint64_t hit = candidates(s, cell) & only;
			if (hit && ban_digits(s, cell, hit))
				changed = true;
		}
	}
	return changed;
}

static bool lock_candidates(struct sd_solve_space *s)
{
	bool changed = false;

	for (int b = 0; b < s->n; b++) {
		changed |= lock_lines(s, b, true);
		changed |= lock_lines(s, b, false);
	}
	for (int u = 0; u < 2 * s->n; u++)
		changed |= claim_box(s, u);
	return changed;
}

/* Naked and hidden singles until none is left; false on a contradiction. */
static bool propagate_singles(struct sd_solve_space *s)
{
	bool placed;

	do {
		placed = false;
		for (int i = 0; i < s->nempty; i++) {
			int cell = s->empty[i];
			uint64_t c = candidates(s, cell);
			if (!c) {
				blame_cell(s, cell);
				return false;
			}
			if (!(c & (c - 1))) {
				place(s, cell, __builtin_ctzll(c) + 1);
				placed = true;
				i--;       /* the slot now holds another cell */
			}
		}
		for (int u = 0; u < 3 * s->n; u++) {
			uint64_t once = 0, twice = 0, need = s->all & ~s->used[u];
			const uint16_t *m = s->members[u];
			if (!need)
				continue;
			for (int i = 0; i < s->n; i++) {
				if (s->v[m[i]])
					continue;
				uint64_t c = candidates(s, m[i]);
				twice |= once & c;
				once |= c;
			}
			if ((once & need) != need) {
				blame_unit(s, u);
				return false;   /* a digit has no place left in this unit */
			}
			for (uint64_t hidden = once & ~twice & need; hidden; hidden &= hidden - 1) {
				int d = __builtin_ctzll(hidden);
				for (int i = 0; i < s->n; i++) {
					int cell = m[i];
					if (!s->v[cell] && (candidates(s, cell) >> d & 1)) {
						place(s, cell, d + 1);
						placed = true;
						break;
					}
				}
			}
		}
		if (!placed && s->locked && s->nempty)
			placed = lock_candidates(s);
	} while (placed && s->nempty);
	return true;
}

static int degree(const struct sd_solve_space *s, int cell)
{
	int count = 0;

	for (int k = 0; k < 2; k++) {
		const uint16_t *m = s->members[s->unit_of[cell][k]];
		for (int i = 0; i < s->n; i++)
			count += m[i] != cell && !s->v[m[i]];
	}
	return count;
}

/* The fewest candidates per unit of conflict weight; ties drawn at random,
 * so that each restart explores differently. */
static int choose_weighted(struct sd_solve_space *s)
{
	int best = -1, ties = 0;
	uint64_t best_count = 0, best_weight = 1;

	for (int i = 0; i < s->nempty; i++) {
		int cell = s->empty[i];
		const uint8_t *u = s->unit_of[cell];
		uint64_t count = (uint64_t)sd_popcount(candidates(s, cell));
		uint64_t weight = (uint64_t)s->weight[u[0]] + s->weight[u[1]] + s->weight[u[2]];
		if (!count) {
			blame_cell(s, cell);
			return -1;
		}
		if (best >= 0 && count * best_weight > best_count * weight)
			continue;
		if (best >= 0 && count * best_weight == best_count * weight) {
			if (sd_rng_below(&s->rng, (uint32_t)++ties))
				continue;
		} else {
			ties = 1;
		}
		best = cell;
		best_count = count;
		best_weight = weight;
	}
	return best;
}

/* The next cell to branch on, or -1 when some cell has no candidate. */
static int choose(struct sd_solve_space *s)
{
	int order = s->o->order, best = -1;
	long best_key = 0;

	if (order == SD_ORDER_DEGREE_MRV)
		order = s->first_choice ? SD_ORDER_DEGREE : SD_ORDER_MRV;
	s->first_choice = false;
	if (s->weighted)
		return choose_weighted(s);
	for (int i = 0; i < s->nempty; i++) {
		int cell = s->empty[i];
		int count = sd_popcount(candidates(s, cell));
		long key;
		if (!count)
			return -1;
		switch (order) {
		case SD_ORDER_STATIC: key = -cell; break;
		case SD_ORDER_DEGREE: key = (long)degree(s, cell) * SD_MAXCELLS - cell; break;
		default: key = -((long)count * SD_MAXCELLS + cell); break;
		}
		if (best < 0 || key > best_key) {
			best = cell;
			best_key = key;
			if (order == SD_ORDER_MRV && count == 1)
				break;
		}
	}
	return best;
}

/* Backtracks allowed to a run, times the Luby sequence 1 1 2 1 1 2 4 ... */
#define RESTART_UNIT 1024

static long long luby(long long i)
{
	long long size = 1, seq = 0;

	while (size < i + 1) {
		seq++;
		size = 2 * size + 1;
	}
	while (size - 1 != i) {
		size = (size - 1) >> 1;
		seq--;
		i %= size;
	}
	return 1LL << seq;
}

static bool out_of_budget(struct sd_solve_space *s)
{
	const struct sd_solve_opts *o = s->o;

	if (o->node_limit && s->res->nodes >= o->node_limit) {
		s->res->stop = SD_STOP_LIMIT;
		return true;
	}
	if ((s->res->nodes & 255) == 0) {
		if (sd_interrupted()) {
			s->res->stop = SD_STOP_INTERRUPTED;
			return true;
		}
		if (o->deadline > 0 && sd_now() > o->deadline) {
			s->res->stop = SD_STOP_LIMIT;
			return true;
		}
	}
	return false;
}

static void found(struct sd_solve_space *s)
{
	struct sd_solve_result *res = s->res;

	if (!sd_is_solution(&s->g, s->v))
		return;        /* cannot happen; never report what is not a solution */
	if (res->solutions++ == 0)
		memcpy(res->first, s->v, (size_t)s->cells);
	if (s->o->on_solution)
		s->o->on_solution(s->v, s->o->arg);
	if (res->solutions >= s->o->max_solutions)
		s->stopped = true;
}

static void search(struct sd_solve_space *s)
{
	uint8_t digits[SD_MAXN];
	int count = 0;
	struct mark mark = mark_of(s);

	if (s->o->propagate == SD_PROP_SINGLES && !propagate_singles(s)) {
		undo_to(s, mark);
		s->res->backtracks++;
		return;
	}
	if (!s->nempty) {
		found(s);
		undo_to(s, mark);
		return;
	}
	int cell = choose(s);
	if (cell < 0) {
		undo_to(s, mark);
		s->res->backtracks++;
		return;
	}
	for (uint64_t c = candidates(s, cell); c; c &= c - 1)
		digits[count++] = (uint8_t)(__builtin_ctzll(c) + 1);
	if (s->o->random_values || s->run_limit)
		sd_rng_shuffle(&s->rng, digits, count);
	for (int i = 0; i < count && !s->stopped && !s->restart; i++) {
		struct mark inner = mark_of(s);
		if (out_of_budget(s)) {
			s->stopped = true;
			break;
		}
		if (s->run_limit && s->res->backtracks - s->run_start > s->run_limit) {
			s->restart = true;
			break;
		}
		s->res->nodes++;
		place(s, cell, digits[i]);
		if (s->o->propagate == SD_PROP_NONE || peers_alive(s, cell))
			search(s);
		else
			s->res->backtracks++;
		undo_to(s, inner);
	}
	undo_to(s, mark);
}

/* Builds the search state for a puzzle; false when its givens break a rule. */
static bool setup(struct sd_solve_space *s, const struct sd_geom *g, const uint8_t *puzzle,
		  const struct sd_solve_opts *opts, struct sd_solve_result *res)
{
	s->o = opts;
	s->res = res;
	s->g = *g;
	s->n = g->n;
	s->cells = g->n * g->n;
	s->all = g->n == 64 ? ~0ULL : (1ULL << g->n) - 1;
	s->first_choice = true;
	sd_rng_seed(&s->rng, opts->seed);
	for (int u = 0; u < 3 * SD_MAXN; u++)
		s->weight[u] = 1;
	for (int i = 0; i < s->cells; i++) {
		int r = i / s->n, c = i % s->n, b = sd_box_of(g, r, c);
		s->unit_of[i][0] = (uint8_t)r;
		s->unit_of[i][1] = (uint8_t)(s->n + c);
		s->unit_of[i][2] = (uint8_t)(2 * s->n + b);
		s->members[r][c] = (uint16_t)i;
		s->members[s->n + c][r] = (uint16_t)i;
	}
	for (int b = 0; b < s->n; b++)
		for (int k = 0; k < s->n; k++)
			s->members[2 * s->n + b][k] = (uint16_t)sd_box_cell(g, b, k);
	for (int i = 0; i < s->cells; i++) {
		s->where[i] = (uint16_t)i;
		s->empty[i] = (uint16_t)i;
	}
	s->nempty = s->cells;
	for (int i = 0; i < s->cells; i++) {
		int d = puzzle[i];
		if (!d)
			continue;
		if (!(candidates(s, i) >> (d - 1) & 1))
			return false;   /* givens that break a rule: no solution */
		place(s, i, d);
	}
	return true;
}

/* The state of a search is large (over 100 KB at N = 64): it is kept in
 * the caller's space from one solve to the next, because allocating it per
 * solve made the C library grow and trim the heap on every record. */
static struct sd_solve_space *space_reset(struct sd_solve_space **space)
{
	struct sd_solve_space *s = *space;

	if (!s) {
		if (!(s = malloc(sizeof *s)))
			return NULL;
		s->bans = NULL;
		s->maxbans = 0;
		*space = s;
	}
	void *bans = s->bans;
	int maxbans = s->maxbans;
	memset(s, 0, sizeof *s);
	s->bans = bans;
	s->maxbans = maxbans;
	return s;
}

void sd_solve_space_free(struct sd_solve_space **space)
{
	if (*space) {
		free((*space)->bans);
		free(*space);
		*space = NULL;
	}
}

void sd_solve_result_reset(struct sd_solve_result *res)
{
	struct sd_solve_space *space = res->space;

	memset(res, 0, sizeof *res);
	res->space = space;
}

long long sd_solve(const struct sd_geom *g, const uint8_t *puzzle,
		   const struct sd_solve_opts *o, struct sd_solve_result *res)
{
	struct sd_solve_opts opts = *o;

	sd_solve_result_reset(res);
	struct sd_solve_space *s = space_reset(&res->space);
	if (!s) {
		res->stop = SD_STOP_LIMIT;
		return 0;
	}
	s->weighted = opts.order == SD_ORDER_AUTO;
	s->locked = opts.order == SD_ORDER_AUTO && opts.propagate == SD_PROP_AUTO;
	if (opts.order == SD_ORDER_AUTO)
		opts.order = SD_ORDER_MRV;
	if (opts.propagate == SD_PROP_AUTO)
		opts.propagate = SD_PROP_SINGLES;
	if (opts.max_solutions < 1)
		opts.max_solutions = 1;
	/* with no propagation a cell left without candidates is found when
	 * the search reaches it; the givens themselves must be consistent */
	if (setup(s, g, puzzle, &opts, res)) {
		/* restarts only when one solution is enough: counting needs the
		 * whole tree once */
		bool restarts = s->weighted && opts.max_solutions == 1;
		for (long long run = 1; ; run++) {
			s->run_limit = restarts ? luby(run) * RESTART_UNIT : 0;
			s->run_start = res->backtracks;
			s->restart = false;
			search(s);
			if (!s->restart || s->stopped)
				break;
			res->restarts++;
		}
	}
	return res->solutions;
}

long long sd_solve_fastest(const struct sd_geom *g, const uint8_t *puzzle,
			   const struct sd_solve_opts *o, struct sd_solve_result *res)
{
	if (g->n == 9 && o->order == SD_ORDER_AUTO && o->propagate == SD_PROP_AUTO && !o->random_values)
		return sd_solve9(puzzle, o, res);
	return sd_solve(g, puzzle, o, res);
}

int sd_propagate(const struct sd_geom *g, uint8_t *v, uint64_t *cand,
		 struct sd_solve_space **space)
{
	struct sd_solve_space *s = space_reset(space);
	struct sd_solve_opts opts = { .order = SD_ORDER_MRV, .propagate = SD_PROP_SINGLES };
	struct sd_solve_result res;
	int ok = -1;

	if (!s)
		return -1;
	memset(&res, 0, sizeof res);
	s->locked = true;
	if (setup(s, g, v, &opts, &res) && propagate_singles(s)) {
		memcpy(v, s->v, (size_t)s->cells);
		for (int i = 0; i < s->cells; i++)
			cand[i] = s->v[i] ? 1ULL << (s->v[i] - 1) : candidates(s, i);
		ok = 0;
	}
	return ok;
}
