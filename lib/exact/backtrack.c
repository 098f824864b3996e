/* Backtracking for every geometry: a cell order (static, MRV, degree, or
 * degree first then MRV), a propagation (none, forward checking, or naked
 * and hidden singles), candidates as bitmasks kept up to date as digits are
 * ruled out, a trail to undo.
 *
 * Each unit keeps, per digit, the set of its cells (by their place in the
 * unit) that can still hold it: one left is a hidden single, none a
 * contradiction, and a set inside one box's part of a line (or one line's
 * part of a box) is a locked candidate.  Placing a digit visits only the
 * peers that had it.  So propagation costs what it rules out, not a scan
 * of the board per round. */
#include <stdlib.h>
#include <string.h>
#include "exact/exact_int.h"

#define MAXPAIRS (3 * SD_MAXN * SD_MAXN)       /* (unit, digit) */
/* Backtracks before failed literals are probed: easy puzzles never pay for it. */
#define PROBE_AFTER 20

/* One change to undo: a digit ruled out of a cell, or a cell placed (then
 * slot is where it stood in the list of empty cells). */
struct step { uint16_t cell, slot; uint8_t digit, placed; };

struct sd_solve_space {
	const struct sd_solve_opts *o;
	struct sd_solve_result *res;
	struct sd_shape shape;
	int n, cells, propagate;
	bool locked;                           /* locked candidates too */
	bool weighted;
	/* failed literals, once a search has backtracked PROBE_AFTER times:
	 * the cells touched since the last branch are probed */
	int probe_from;                        /* trail index, or -1: every cell */
	uint32_t stamp, stamped[SD_MAXCELLS];
	uint64_t all;
	uint64_t cand[SD_MAXCELLS];
	uint64_t used[3 * SD_MAXN];            /* digits placed per row, column, box */
	uint8_t v[SD_MAXCELLS];
	uint64_t where_can[3 * SD_MAXN][SD_MAXN]; /* unit, digit: places that can hold it */
	uint16_t empty[SD_MAXCELLS], where[SD_MAXCELLS];
	int nempty;
	/* empty cells left with no candidate: plain backtracking goes on
	 * past them until its order reaches one; forward checking and MRV
	 * see them at once */
	int wiped;
	struct step trail[SD_MAXCELLS * (SD_MAXN + 1)];
	int ntrail;
	/* work found by ruling digits out, each queued once */
	uint16_t naked[SD_MAXCELLS], hidden[MAXPAIRS], lock[MAXPAIRS];
	int nnaked, nhidden, nlock;
	uint8_t naked_queued[SD_MAXCELLS];
	uint64_t hidden_queued[3 * SD_MAXN], lock_queued[3 * SD_MAXN];
	bool first_choice;
	bool stopped;
	struct sd_rng rng;
	/* the default mode: conflict weights per unit guide the choice of
	 * cell (dom/wdeg), and restarts cut off runs that go astray */
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
		blame_unit(s, s->shape.units.unit_of[cell][k]);
}

static void queue_pair(uint16_t *stack, int *size, uint64_t *queued, int u, int d)
{
	if (!(queued[u] >> d & 1)) {
		queued[u] |= 1ULL << d;
		stack[(*size)++] = (uint16_t)(u * SD_MAXN + d);
	}
}

static void clear_queues(struct sd_solve_space *s)
{
	while (s->nnaked)
		s->naked_queued[s->naked[--s->nnaked]] = 0;
	while (s->nhidden)
		s->hidden_queued[s->hidden[--s->nhidden] / SD_MAXN] = 0;
	while (s->nlock)
		s->lock_queued[s->lock[--s->nlock] / SD_MAXN] = 0;
}

/* Whether places of unit u lie in one box (a line's) or one line (a
 * box's): the only sets locked candidates can use. */
static inline bool confined(const struct sd_solve_space *s, int u, uint64_t places)
{
	int first = __builtin_ctzll(places), n = s->n;

	if (u < n)
		return !(places & ~s->shape.runs.run_c[first]);
	if (u < 2 * n)
		return !(places & ~s->shape.runs.run_r[first]);
	return !(places & ~s->shape.runs.run_c[first]) || !(places & ~s->shape.runs.box_column[first]);
}

/* Rules digit d (from 0) out of an empty cell; false on a contradiction
 * the propagation in force can see. */
static bool rule_out(struct sd_solve_space *s, int cell, int d)
{
	const uint8_t *u = s->shape.units.unit_of[cell];
	bool singles = s->propagate == SD_PROP_SINGLES, ok = true;

	s->cand[cell] &= ~(1ULL << d);
	s->trail[s->ntrail++] = (struct step){ (uint16_t)cell, 0, (uint8_t)d, 0 };
	for (int k = 0; k < 3; k++) {
		uint64_t left = s->where_can[u[k]][d] &= ~(1ULL << s->shape.units.index_in[cell][k]);
		if (!singles)
			continue;
		if (!left && ok) {
			blame_unit(s, u[k]);
			ok = false;
		} else if (!(left & (left - 1))) {
			queue_pair(s->hidden, &s->nhidden, s->hidden_queued, u[k], d);
		}
		if (s->locked && left && confined(s, u[k], left))
			queue_pair(s->lock, &s->nlock, s->lock_queued, u[k], d);
	}
	uint64_t c = s->cand[cell];
	if (!c) {
		s->wiped++;
		if (s->propagate != SD_PROP_NONE && ok) {
			blame_cell(s, cell);
			ok = false;
		}
	} else if (singles && !(c & (c - 1)) && !s->naked_queued[cell]) {
		s->naked_queued[cell] = 1;
		s->naked[s->nnaked++] = (uint16_t)cell;
	}
	return ok;
}

/* Writes digit d (from 0) into a cell and swaps the cell out of the list
 * of empty cells; returns the slot it had there, for undo. */
static int fill(struct sd_solve_space *s, int cell, int d)
{
	const uint8_t *u = s->shape.units.unit_of[cell];
	int slot = s->where[cell], last = s->empty[--s->nempty];

	s->used[u[0]] |= 1ULL << d;
	s->used[u[1]] |= 1ULL << d;
	s->used[u[2]] |= 1ULL << d;
	s->v[cell] = (uint8_t)(d + 1);
	s->empty[slot] = (uint16_t)last;
	s->where[last] = (uint16_t)slot;
	return slot;
}

/* Places digit d (from 0) and rules it out of the cell's peers; false on
 * a contradiction, with the state still undoable. */
static bool place(struct sd_solve_space *s, int cell, int d)
{
	const uint8_t *u = s->shape.units.unit_of[cell];
	uint64_t bit = 1ULL << d;
	int slot = fill(s, cell, d);

	s->trail[s->ntrail++] = (struct step){ (uint16_t)cell, (uint16_t)slot, (uint8_t)d, 1 };
	for (uint64_t other = s->cand[cell] & ~bit; other; other &= other - 1)
		if (!rule_out(s, cell, __builtin_ctzll(other)))
			return false;
	for (int k = 0; k < 3; k++) {
		const uint16_t *m = s->shape.units.members[u[k]];
		uint64_t peers = s->where_can[u[k]][d] & ~(1ULL << s->shape.units.index_in[cell][k]);
		for (; peers; peers &= peers - 1)
			if (!rule_out(s, m[__builtin_ctzll(peers)], d))
				return false;
	}
	return true;
}

static void undo_to(struct sd_solve_space *s, int mark)
{
	while (s->ntrail > mark) {
		struct step t = s->trail[--s->ntrail];
		const uint8_t *u = s->shape.units.unit_of[t.cell];
		uint64_t bit = 1ULL << t.digit;
		if (!t.placed) {
			s->wiped -= !s->cand[t.cell];
			s->cand[t.cell] |= bit;
			for (int k = 0; k < 3; k++)
				s->where_can[u[k]][t.digit] |= 1ULL << s->shape.units.index_in[t.cell][k];
			continue;
		}
		int moved = s->empty[t.slot];
		s->used[u[0]] &= ~bit;
		s->used[u[1]] &= ~bit;
		s->used[u[2]] &= ~bit;
		s->v[t.cell] = 0;
		s->empty[s->nempty] = (uint16_t)moved;
		s->where[moved] = (uint16_t)s->nempty++;
		s->empty[t.slot] = t.cell;
		s->where[t.cell] = t.slot;
	}
}

/* Rules d out of the given places of a unit. */
static bool rule_out_at(struct sd_solve_space *s, int u, uint64_t places, int d)
{
	for (; places; places &= places - 1) {
		int cell = s->shape.units.members[u][__builtin_ctzll(places)];
		if (!s->v[cell] && !rule_out(s, cell, d))
			return false;
	}
	return true;
}

/* Locked candidates for digit d, whose places in unit u shrank: when all
 * of a box's places for d lie in one line, the rest of the line loses d
 * (pointing); when all of a line's lie in one box, the rest of the box
 * does (claiming). */
static bool lock(struct sd_solve_space *s, int u, int d)
{
	int n = s->n;
	uint64_t places = s->where_can[u][d], keep;

	if (!places || (s->used[u] >> d & 1))
		return true;
	/* the first place that can hold d names the line or box to clear */
	int first = __builtin_ctzll(places), cell;
	if (u >= 2 * n) {
		cell = s->shape.units.members[u][first];
		int row = s->shape.units.unit_of[cell][0], col = s->shape.units.unit_of[cell][1];
		if (!(places & ~s->shape.runs.run_c[first]))
			return rule_out_at(s, row, s->where_can[row][d] & ~s->shape.runs.run_c[col - n], d);
		if (!(places & ~s->shape.runs.box_column[first]))
			return rule_out_at(s, col, s->where_can[col][d] & ~s->shape.runs.run_r[row], d);
		return true;
	}
	if (u < n) {
		if (places & ~s->shape.runs.run_c[first])
			return true;
		cell = u * n + first;
		keep = s->shape.runs.run_c[s->shape.units.index_in[cell][2]];
	} else {
		if (places & ~s->shape.runs.run_r[first])
			return true;
		cell = first * n + u - n;
		keep = s->shape.runs.box_column[s->shape.units.index_in[cell][2]];
	}
	int box = s->shape.units.unit_of[cell][2];
	return rule_out_at(s, box, s->where_can[box][d] & ~keep, d);
}

/* Naked and hidden singles, and locked candidates where they are on, until
 * none is left; false on a contradiction. */
static bool propagate(struct sd_solve_space *s)
{
	bool ok = true;

	while (ok) {
		if (s->nnaked) {
			int cell = s->naked[--s->nnaked];
			s->naked_queued[cell] = 0;
			if (!s->v[cell])
				ok = place(s, cell, __builtin_ctzll(s->cand[cell]));
		} else if (s->nhidden) {
			int pair = s->hidden[--s->nhidden], u = pair / SD_MAXN, d = pair % SD_MAXN;
			s->hidden_queued[u] &= ~(1ULL << d);
			uint64_t places = s->where_can[u][d];
			if (!(s->used[u] >> d & 1) && places && !(places & (places - 1)))
				ok = place(s, s->shape.units.members[u][__builtin_ctzll(places)], d);
		} else if (s->nlock) {
			int pair = s->lock[--s->nlock];
			s->lock_queued[pair / SD_MAXN] &= ~(1ULL << (pair % SD_MAXN));
			ok = lock(s, pair / SD_MAXN, pair % SD_MAXN);
		} else {
			return true;
		}
	}
	clear_queues(s);
	return false;
}

static bool out_of_budget(struct sd_solve_space *s);

/* Failed literals: a value of a two-candidate cell whose placement
 * propagates to a contradiction is ruled out.  False when the cell then
 * shows the node has no solution.  A probe is a digit tried, so it counts
 * as a node: limits bound the work, whatever the inference. */
static bool probe_cell(struct sd_solve_space *s, int cell)
{
	uint64_t c = s->cand[cell];

	if (s->v[cell] || sd_popcount(c) != 2)
		return true;
	for (; c; c &= c - 1) {
		int d = __builtin_ctzll(c), mark = s->ntrail;
		if (out_of_budget(s)) {
			s->stopped = true;
			return true;
		}
		s->res->nodes++;
		bool ok = place(s, cell, d) && propagate(s);
		if (!ok)
			clear_queues(s);
		undo_to(s, mark);
		if (!ok) {
			if (rule_out(s, cell, d) && propagate(s))
				return true;
			clear_queues(s);
			return false;
		}
	}
	return true;
}

/* Probes every cell, or those whose candidates changed since trail index
 * from: a contradiction mostly lies near what just changed, and probing
 * the whole board at every node cost more than the search it saved. */
static bool probe(struct sd_solve_space *s, int from)
{
	if (from < 0) {
		for (int i = 0; i < s->nempty && !s->stopped; i++)
			if (!probe_cell(s, s->empty[i]))
				return false;
		return true;
	}
	/* only what the branch and its propagation touched, not what the
	 * probes themselves rule out */
	int end = s->ntrail;
	s->stamp++;
	for (int t = from; t < end && s->nempty && !s->stopped; t++) {
		int cell = s->trail[t].cell;
		if (s->stamped[cell] == s->stamp)
			continue;
		s->stamped[cell] = s->stamp;
		if (!probe_cell(s, cell))
			return false;
	}
	return true;
}

/* Values in the order of how few places their units leave them: a digit
 * with few places in the cell's row, column and box most likely goes
 * here.  Insertion sort: at most N values. */
static void order_values(const struct sd_solve_space *s, int cell, uint8_t *digits, int count)
{
	const uint8_t *u = s->shape.units.unit_of[cell];
	int key[SD_MAXN];

	for (int i = 0; i < count; i++) {
		uint8_t d = digits[i];
		int k = sd_popcount(s->where_can[u[0]][d]) + sd_popcount(s->where_can[u[1]][d]) +
			sd_popcount(s->where_can[u[2]][d]), j = i;
		for (; j > 0 && k < key[j - 1]; j--) {
			key[j] = key[j - 1];
			digits[j] = digits[j - 1];
		}
		key[j] = k;
		digits[j] = d;
	}
}

static int degree(const struct sd_solve_space *s, int cell)
{
	int count = 0;

	for (int k = 0; k < 2; k++) {
		const uint16_t *m = s->shape.units.members[s->shape.units.unit_of[cell][k]];
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
		const uint8_t *u = s->shape.units.unit_of[cell];
		uint64_t count = (uint64_t)sd_popcount(s->cand[cell]);
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

/* The next cell to branch on, or -1 when a cell with no candidate ends
 * the node: at once with any propagation, and under MRV, whose choice it
 * is (the fewest values); without propagation the static and degree
 * orders pick their cell as if nothing were wrong, and the search finds
 * the dead end only when that cell has no value to try. */
static int choose(struct sd_solve_space *s)
{
	int order = s->o->order, best = -1;
	long best_key = 0;

	if (order == SD_ORDER_DEGREE_MRV)
		order = s->first_choice ? SD_ORDER_DEGREE : SD_ORDER_MRV;
	s->first_choice = false;
	if (s->weighted)
		return choose_weighted(s);
	if (s->wiped && (s->propagate != SD_PROP_NONE || order == SD_ORDER_MRV))
		return -1;
	for (int i = 0; i < s->nempty; i++) {
		int cell = s->empty[i];
		int count = sd_popcount(s->cand[cell]);
		long key;
		switch (order) {
		case SD_ORDER_STATIC: key = -cell; break;
		case SD_ORDER_DEGREE: key = (long)degree(s, cell) * SD_MAXCELLS - cell; break;
		default: key = -((long)count * SD_MAXCELLS + cell); break;
		}
		if (best < 0 || key > best_key) {
			best = cell;
			best_key = key;
			/* the fewest there can be: no count below it (none is 0
			 * here), so the first met is as good as any */
			if (order == SD_ORDER_MRV && count == 1)
				break;
		}
	}
	return best;
}

static bool out_of_budget(struct sd_solve_space *s)
{
	return sd_search_stops(s->o, s->res, s->res->nodes);
}

static void search(struct sd_solve_space *s)
{
	uint8_t digits[SD_MAXN];
	int count = 0, mark = s->ntrail;

	if (s->propagate == SD_PROP_SINGLES && !propagate(s)) {
		undo_to(s, mark);
		s->res->backtracks++;
		return;
	}
	if (s->weighted && s->res->backtracks >= PROBE_AFTER && s->nempty && !probe(s, s->probe_from)) {
		undo_to(s, mark);
		s->res->backtracks++;
		return;
	}
	if (s->stopped) {
		undo_to(s, mark);
		return;
	}
	if (!s->nempty) {
		if (sd_search_found(&s->shape.g, s->v, s->o, s->res))
			s->stopped = true;
		undo_to(s, mark);
		return;
	}
	int cell = choose(s);
	if (cell < 0 || !s->cand[cell]) {
		undo_to(s, mark);
		s->res->backtracks++;
		return;
	}
	for (uint64_t c = s->cand[cell]; c; c &= c - 1)
		digits[count++] = (uint8_t)__builtin_ctzll(c);
	if (s->o->random_values || s->run_limit)
		sd_rng_shuffle(&s->rng, digits, count);
	if (s->weighted)
		order_values(s, cell, digits, count);
	for (int i = 0; i < count && !s->stopped && !s->restart; i++) {
		int inner = s->ntrail;
		if (out_of_budget(s)) {
			s->stopped = true;
			break;
		}
		if (s->run_limit && s->res->backtracks - s->run_start > s->run_limit) {
			s->restart = true;
			break;
		}
		s->res->nodes++;
		/* the first probing after PROBE_AFTER backtracks covers every cell */
		s->probe_from = s->res->backtracks > PROBE_AFTER ? s->ntrail : -1;
		if (place(s, cell, digits[i])) {
			search(s);
		} else {
			clear_queues(s);
			s->res->backtracks++;
		}
		undo_to(s, inner);
	}
	undo_to(s, mark);
}

/* Candidates and place sets from the givens at once (placing the givens one
 * by one, ruling each digit out of each peer, cost five times more on a
 * full 25x25 board), with every single and every (unit, digit) pair to
 * check for locked candidates queued; false on a contradiction the
 * propagation in force can see. */
static bool count_candidates(struct sd_solve_space *s)
{
	int n = s->n;
	bool singles = s->propagate == SD_PROP_SINGLES;

	for (int u = 0; u < 3 * n; u++)
		memset(s->where_can[u], 0, (size_t)n * sizeof s->where_can[u][0]);
	for (int i = 0; i < s->cells; i++) {
		const uint8_t *u = s->shape.units.unit_of[i];
		uint64_t c = s->v[i] ? 1ULL << (s->v[i] - 1) :
			s->all & ~(s->used[u[0]] | s->used[u[1]] | s->used[u[2]]);
		if (!s->v[i] && s->o->exclude && s->o->exclude[i])
			c &= ~(1ULL << (s->o->exclude[i] - 1));
		if (!s->v[i] && s->o->allowed)
			c &= s->o->allowed[i];
		s->cand[i] = c;
		s->wiped += !c;
		if (!c && singles)
			return false;
		if (singles && !s->v[i] && !(c & (c - 1))) {
			s->naked_queued[i] = 1;
			s->naked[s->nnaked++] = (uint16_t)i;
		}
		for (; c; c &= c - 1)
			for (int k = 0; k < 3; k++)
				s->where_can[u[k]][__builtin_ctzll(c)] |= 1ULL << s->shape.units.index_in[i][k];
	}
	if (!singles)
		return true;
	for (int u = 0; u < 3 * n; u++)
		for (uint64_t need = s->all & ~s->used[u]; need; need &= need - 1) {
			int d = __builtin_ctzll(need);
			uint64_t places = s->where_can[u][d];
			if (!places)
				return false;
			if (!(places & (places - 1)))
				queue_pair(s->hidden, &s->nhidden, s->hidden_queued, u, d);
			if (s->locked && confined(s, u, places))
				queue_pair(s->lock, &s->nlock, s->lock_queued, u, d);
		}
	return true;
}

/* Builds the search state for a puzzle; false when its givens break a
 * rule, or propagation finds they leave no solution.  Only the part of
 * each table the geometry uses is set. */
static bool setup(struct sd_solve_space *s, const struct sd_geom *g, const uint8_t *puzzle,
		  const struct sd_solve_opts *opts, struct sd_solve_result *res)
{
	int n = g->n;

	s->o = opts;
	s->res = res;
	sd_shape_set(&s->shape, g);
	s->n = n;
	s->cells = n * n;
	s->all = sd_all_values(n);
	s->first_choice = true;
	s->stopped = s->restart = false;
	s->ntrail = s->nnaked = s->nhidden = s->nlock = s->wiped = 0;
	sd_rng_seed(&s->rng, opts->seed);
	for (int u = 0; u < 3 * n; u++) {
		s->weight[u] = 1;
		s->used[u] = 0;
		s->hidden_queued[u] = s->lock_queued[u] = 0;
	}
	for (int i = 0; i < s->cells; i++) {
		s->v[i] = 0;
		s->naked_queued[i] = 0;
		s->where[i] = (uint16_t)i;
		s->empty[i] = (uint16_t)i;
	}
	s->nempty = s->cells;
	for (int i = 0; i < s->cells; i++) {
		int d = puzzle[i] - 1;
		const uint8_t *u = s->shape.units.unit_of[i];
		if (d < 0)
			continue;
		if ((s->used[u[0]] | s->used[u[1]] | s->used[u[2]]) >> d & 1)
			return false;   /* givens that break a rule: no solution */
		fill(s, i, d);
	}
	return count_candidates(s);
}

/* The state of a search is large (about 2 MB at N = 64, mostly the
 * trail): it is kept in the caller's space from one solve to the next,
 * and setup touches only what the geometry uses. */
static struct sd_solve_space *space_get(struct sd_solve_space **space)
{
	if (!*space && (*space = malloc(sizeof **space))) {
		(*space)->shape.g.n = 0;      /* no unit tables yet */
		(*space)->stamp = 0;
		memset((*space)->stamped, 0, sizeof (*space)->stamped);
	}
	return *space;
}

void sd_solve_space_free(struct sd_solve_space **space)
{
	free(*space);
	*space = NULL;
}

/* Backtracks allowed to a run, times the Luby sequence 1 1 2 1 1 2 4 ...
 * Measured on the 100 Lewis 25x25 p045 instances, five seeds: with 1024 a
 * run often ended just before the weights had learnt enough (slowest
 * instance 4-10 s); with 8192 the slowest took 0.5-1.6 s; without restarts
 * 0.5-2.5 s. */
#define RESTART_UNIT 8192

long long sd_solve_backtrack(const struct sd_geom *g, const uint8_t *puzzle,
			     const struct sd_solve_opts *o, struct sd_solve_result *res)
{
	struct sd_solve_opts opts = *o;

	sd_solve_result_reset(res);
	struct sd_solve_space *s = space_get(&res->space);
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
	s->propagate = opts.propagate;
	/* with no propagation a cell left without candidates is found when
	 * the search reaches it; the givens themselves must be consistent */
	if (setup(s, g, puzzle, &opts, res)) {
		/* restarts only when one solution is enough: counting needs the
		 * whole tree once */
		bool restarts = s->weighted && opts.max_solutions == 1;
		for (long long run = 1; ; run++) {
			s->run_limit = restarts ? sd_luby(run) * RESTART_UNIT : 0;
			s->probe_from = -1;
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
