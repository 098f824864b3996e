/* Backtracking under a record's rules (board/variant.h's compiled
 * ruleset): X, jigsaw, extra regions, anti-knight and anti-king,
 * non-consecutive, killer cages, parity, at every size.  It walks only
 * the ruleset's lists, never asks which variant it has: the units (each
 * holding 1..n once: hidden singles), each cell's peers (a digit placed
 * leaves them), its apart neighbours (which lose the digits either side),
 * its cage (narrowed to the digits that can still make its sum).
 *
 * The orders and propagations mean what backtrack.c's do: none keeps the
 * candidates but finds a cell left without one only when it reaches it;
 * fc (forward checking) finds it at once; singles adds naked and hidden
 * singles and the cages' digit sets.  The default adds what backtrack.c's
 * does: locked candidates (between any two units that share cells),
 * conflict weights to choose the cell, restarts when one solution is
 * enough.  Candidates are bitmasks, a trail
 * undoes, nothing is allocated per node.  The classic rules never come
 * here (exact.c): their searches stay as fast as they were. */
#include <stdlib.h>
#include <string.h>
#include "exact/exact_int.h"

#define MAXPAIRS (SD_MAX_UNITS * SD_MAXN)       /* (unit, digit) */

/* One change to undo: a digit ruled out of a cell, or a cell placed (then
 * slot is where it stood in the list of empty cells). */
struct step { uint16_t cell, slot; uint8_t digit, placed; };

struct sd_variant_space {
	const struct sd_ruleset *rs;
	const struct sd_rules *rules;
	const struct sd_solve_opts *o;
	struct sd_solve_result *res;
	int n, cells, propagate, order;
	bool first_choice, stopped;
	uint64_t cand[SD_MAXCELLS];
	uint8_t v[SD_MAXCELLS];
	uint8_t index_in[SD_MAXCELLS][SD_MAX_CELL_UNITS];  /* a cell's place in each of its units */
	uint64_t used[SD_MAX_UNITS];                      /* digits placed per unit */
	uint64_t where_can[SD_MAX_UNITS][SD_MAXN];        /* unit, digit: places that can hold it */
	uint16_t empty[SD_MAXCELLS], where[SD_MAXCELLS];
	int nempty;
	int wiped;                                         /* empty cells without a candidate */
	/* per cage: what its empty cells must still add up to (sum 0: none),
	 * how many they are */
	int cage_left[SD_MAXCELLS], cage_empty[SD_MAXCELLS];
	struct step trail[SD_MAXCELLS * (SD_MAXN + 1)];
	int ntrail;
	/* work found by ruling digits out, each queued once */
	uint16_t naked[SD_MAXCELLS], hidden[MAXPAIRS], lock[MAXPAIRS], cage[SD_MAXCELLS];
	int nnaked, nhidden, nlock, ncage;
	uint8_t naked_queued[SD_MAXCELLS], cage_queued[SD_MAXCELLS];
	uint64_t hidden_queued[SD_MAX_UNITS], lock_queued[SD_MAX_UNITS];
	/* locked candidates, for any two units that share two cells or more
	 * (a row and a box, a jigsaw region and a column, a diagonal and a
	 * box): overlap[overlap_start[u] ..] names the other unit, which of
	 * u's places lie in it, and which of its places lie in u.  When a
	 * digit's places in u all lie in the other, the rest of the other
	 * loses it. */
	bool locked;
	int overlap_start[SD_MAX_UNITS + 1];
	struct overlap { uint64_t mine, theirs; uint16_t unit; } overlap[SD_MAX_UNITS * SD_MAXN];
	/* the default mode, as backtrack.c's: conflict weights per unit guide
	 * the choice of cell (dom/wdeg), restarts cut off runs gone astray */
	bool weighted, restart;
	uint32_t weight[SD_MAX_UNITS];
	long long run_limit, run_start;
	struct sd_rng rng;
};

static bool has_sum(const struct sd_variant_space *s, int k)
{
	return s->rules->cage[k].sum > 0;
}

static void queue_cage(struct sd_variant_space *s, int k)
{
	if (!s->cage_queued[k]) {
		s->cage_queued[k] = 1;
		s->cage[s->ncage++] = (uint16_t)k;
	}
}

static void blame_unit(struct sd_variant_space *s, int u)
{
	if (s->weighted)
		s->weight[u]++;
}

static void blame_cell(struct sd_variant_space *s, int cell)
{
	for (int k = 0; s->weighted && k < s->rs->nunits_of[cell]; k++)
		s->weight[s->rs->units_of[cell][k]]++;
}

static void queue_pair(uint16_t *stack, int *size, uint64_t *queued, int u, int d)
{
	if (!(queued[u] >> d & 1)) {
		queued[u] |= 1ULL << d;
		stack[(*size)++] = (uint16_t)(u * SD_MAXN + d);
	}
}

static void clear_queues(struct sd_variant_space *s)
{
	while (s->nnaked)
		s->naked_queued[s->naked[--s->nnaked]] = 0;
	while (s->nhidden)
		s->hidden_queued[s->hidden[--s->nhidden] / SD_MAXN] = 0;
	while (s->nlock)
		s->lock_queued[s->lock[--s->nlock] / SD_MAXN] = 0;
	while (s->ncage)
		s->cage_queued[s->cage[--s->ncage]] = 0;
}

/* Rules digit d (from 0) out of an empty cell; false on a contradiction
 * the propagation in force can see. */
static bool rule_out(struct sd_variant_space *s, int cell, int d)
{
	const struct sd_ruleset *rs = s->rs;
	bool singles = s->propagate == SD_PROP_SINGLES, ok = true;

	s->cand[cell] &= ~(1ULL << d);
	s->trail[s->ntrail++] = (struct step){ (uint16_t)cell, 0, (uint8_t)d, 0 };
	for (int k = 0; k < rs->nunits_of[cell]; k++) {
		int u = rs->units_of[cell][k];
		uint64_t left = s->where_can[u][d] &= ~(1ULL << s->index_in[cell][k]);
		if (!singles)
			continue;
		if (!left && ok) {
			blame_unit(s, u);
			ok = false;
		} else if (!(left & (left - 1))) {
			queue_pair(s->hidden, &s->nhidden, s->hidden_queued, u, d);
		} else if (s->locked) {
			queue_pair(s->lock, &s->nlock, s->lock_queued, u, d);
		}
	}
	if (singles && rs->cage_of[cell] >= 0 && has_sum(s, rs->cage_of[cell]))
		queue_cage(s, rs->cage_of[cell]);
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

/* Leaves an empty cell only the candidates of keep. */
static bool keep_only(struct sd_variant_space *s, int cell, uint64_t keep)
{
	for (uint64_t gone = s->cand[cell] & ~keep; gone; gone &= gone - 1)
		if (!rule_out(s, cell, __builtin_ctzll(gone)))
			return false;
	return true;
}

/* Writes digit d (from 0) into a cell and swaps the cell out of the list
 * of empty cells; returns the slot it had there, for undo. */
static int fill(struct sd_variant_space *s, int cell, int d)
{
	const struct sd_ruleset *rs = s->rs;
	int slot = s->where[cell], last = s->empty[--s->nempty];

	for (int k = 0; k < rs->nunits_of[cell]; k++)
		s->used[rs->units_of[cell][k]] |= 1ULL << d;
	if (rs->cage_of[cell] >= 0) {
		s->cage_left[rs->cage_of[cell]] -= d + 1;
		s->cage_empty[rs->cage_of[cell]]--;
	}
	s->v[cell] = (uint8_t)(d + 1);
	s->empty[slot] = (uint16_t)last;
	s->where[last] = (uint16_t)slot;
	return slot;
}

/* The one empty cell of cage k. */
static int last_empty(const struct sd_variant_space *s, int k)
{
	const struct sd_cage *cg = &s->rules->cage[k];

	for (int j = 0; j < cg->count; j++)
		if (!s->v[s->rules->cage_cell[cg->first + j]])
			return s->rules->cage_cell[cg->first + j];
	return -1;
}

/* Digit d as a mask; none when d is no digit. */
static uint64_t digit_mask(const struct sd_variant_space *s, int d)
{
	return d >= 1 && d <= s->n ? 1ULL << (d - 1) : 0;
}

/* What a cage with a sum asks once a digit is placed in it: full, its sum
 * made; under singles its digit sets looked at again; else, one cell
 * left, that cell holding what is missing (what consistency with the
 * digits placed means for a sum). */
static bool cage_placed(struct sd_variant_space *s, int k)
{
	int left = s->cage_left[k];

	if (!s->cage_empty[k])
		return left == 0;
	if (s->propagate == SD_PROP_SINGLES) {
		queue_cage(s, k);
		return true;
	}
	if (s->cage_empty[k] > 1)
		return true;
	return keep_only(s, last_empty(s, k), digit_mask(s, left));
}

/* Places digit d (from 0) and rules it out of the cell's peers, and the
 * digits either side out of its apart neighbours; false on a
 * contradiction, with the state still undoable. */
static bool place(struct sd_variant_space *s, int cell, int d)
{
	const struct sd_ruleset *rs = s->rs;
	uint64_t bit = 1ULL << d, beside = (bit << 1 | bit >> 1) & rs->all;
	int slot = fill(s, cell, d);

	s->trail[s->ntrail++] = (struct step){ (uint16_t)cell, (uint16_t)slot, (uint8_t)d, 1 };
	for (uint64_t other = s->cand[cell] & ~bit; other; other &= other - 1)
		if (!rule_out(s, cell, __builtin_ctzll(other)))
			return false;
	for (int p = rs->peer_start[cell]; p < rs->peer_start[cell + 1]; p++) {
		int peer = rs->peer[p];
		if (!s->v[peer] && (s->cand[peer] & bit) && !rule_out(s, peer, d))
			return false;
	}
	for (int p = rs->apart_start[cell]; p < rs->apart_start[cell + 1]; p++) {
		int next = rs->apart[p];
		if (!s->v[next] && !keep_only(s, next, ~beside))
			return false;
	}
	if (rs->cage_of[cell] >= 0 && has_sum(s, rs->cage_of[cell]))
		return cage_placed(s, rs->cage_of[cell]);
	return true;
}

static void undo_to(struct sd_variant_space *s, int mark)
{
	const struct sd_ruleset *rs = s->rs;

	while (s->ntrail > mark) {
		struct step t = s->trail[--s->ntrail];
		uint64_t bit = 1ULL << t.digit;
		if (!t.placed) {
			s->wiped -= !s->cand[t.cell];
			s->cand[t.cell] |= bit;
			for (int k = 0; k < rs->nunits_of[t.cell]; k++)
				s->where_can[rs->units_of[t.cell][k]][t.digit] |= 1ULL << s->index_in[t.cell][k];
			continue;
		}
		int moved = s->empty[t.slot];
		for (int k = 0; k < rs->nunits_of[t.cell]; k++)
			s->used[rs->units_of[t.cell][k]] &= ~bit;
		if (rs->cage_of[t.cell] >= 0) {
			s->cage_left[rs->cage_of[t.cell]] += t.digit + 1;
			s->cage_empty[rs->cage_of[t.cell]]++;
		}
		s->v[t.cell] = 0;
		s->empty[s->nempty] = (uint16_t)moved;
		s->where[moved] = (uint16_t)s->nempty++;
		s->empty[t.slot] = t.cell;
		s->where[t.cell] = t.slot;
	}
}

/* A cage's empty cells narrowed to the digits that can still make its
 * sum with distinct digits of their candidates. */
static bool narrow_cage(struct sd_variant_space *s, int k)
{
	const struct sd_cage *cg = &s->rules->cage[k];
	uint64_t present = 0;

	if (!s->cage_empty[k])
		return s->cage_left[k] == 0;
	for (int j = 0; j < cg->count; j++) {
		int cell = s->rules->cage_cell[cg->first + j];
		if (!s->v[cell])
			present |= s->cand[cell];
	}
	uint64_t possible = sd_cage_digits(present, s->cage_empty[k], s->cage_left[k]);
	if (possible == present)
		return true;
	for (int j = 0; j < cg->count; j++) {
		int cell = s->rules->cage_cell[cg->first + j];
		if (!s->v[cell] && !keep_only(s, cell, possible))
			return false;
	}
	return true;
}

/* Locked candidates for digit d, whose places in unit u shrank: when
 * they all lie in another unit, the rest of that unit loses d. */
static bool lock(struct sd_variant_space *s, int u, int d)
{
	uint64_t places = s->where_can[u][d];

	if (!places || (s->used[u] >> d & 1))
		return true;
	for (int i = s->overlap_start[u]; i < s->overlap_start[u + 1]; i++) {
		const struct overlap *o = &s->overlap[i];
		if (places & ~o->mine)
			continue;
		for (uint64_t rest = s->where_can[o->unit][d] & ~o->theirs; rest; rest &= rest - 1) {
			int cell = s->rs->unit[o->unit][__builtin_ctzll(rest)];
			if (!s->v[cell] && !rule_out(s, cell, d))
				return false;
		}
	}
	return true;
}

/* Naked and hidden singles and the cages' digit sets until none is left;
 * false on a contradiction. */
static bool propagate(struct sd_variant_space *s)
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
				ok = place(s, s->rs->unit[u][__builtin_ctzll(places)], d);
		} else if (s->nlock) {
			int pair = s->lock[--s->nlock];
			s->lock_queued[pair / SD_MAXN] &= ~(1ULL << (pair % SD_MAXN));
			ok = lock(s, pair / SD_MAXN, pair % SD_MAXN);
		} else if (s->ncage) {
			int k = s->cage[--s->ncage];
			s->cage_queued[k] = 0;
			ok = narrow_cage(s, k);
		} else {
			return true;
		}
	}
	clear_queues(s);
	return false;
}

/* The number of empty cells a cell constrains: its peers and apart
 * neighbours not yet placed. */
static int degree(const struct sd_variant_space *s, int cell)
{
	const struct sd_ruleset *rs = s->rs;
	int count = 0;

	for (int p = rs->peer_start[cell]; p < rs->peer_start[cell + 1]; p++)
		count += !s->v[rs->peer[p]];
	for (int p = rs->apart_start[cell]; p < rs->apart_start[cell + 1]; p++)
		count += !s->v[rs->apart[p]];
	return count;
}

/* The fewest candidates per unit of conflict weight; ties drawn at random,
 * so that each restart explores differently. */
static int choose_weighted(struct sd_variant_space *s)
{
	const struct sd_ruleset *rs = s->rs;
	int best = -1, ties = 0;
	uint64_t best_count = 0, best_weight = 1;

	for (int i = 0; i < s->nempty; i++) {
		int cell = s->empty[i];
		uint64_t count = (uint64_t)sd_popcount(s->cand[cell]), weight = 0;
		if (!count) {
			blame_cell(s, cell);
			return -1;
		}
		for (int k = 0; k < rs->nunits_of[cell]; k++)
			weight += s->weight[rs->units_of[cell][k]];
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
 * the node (as backtrack.c's choose: at once with any propagation and
 * under MRV; the static and degree orders without propagation find it
 * when they reach the cell). */
static int choose(struct sd_variant_space *s)
{
	int order = s->order, best = -1;
	long best_key = 0;

	if (order == SD_ORDER_DEGREE_MRV)
		order = s->first_choice ? SD_ORDER_DEGREE : SD_ORDER_MRV;
	s->first_choice = false;
	if (s->weighted)
		return choose_weighted(s);
	if (s->wiped && (s->propagate != SD_PROP_NONE || order == SD_ORDER_MRV))
		return -1;
	for (int i = 0; i < s->nempty; i++) {
		int cell = s->empty[i], count = sd_popcount(s->cand[cell]);
		long key;
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

/* Values in the order of how few places their units leave them (as
 * backtrack.c's): a digit with few places in the cell's units most likely
 * goes here.  Insertion sort: at most N values. */
static void order_values(const struct sd_variant_space *s, int cell, uint8_t *digits, int count)
{
	const struct sd_ruleset *rs = s->rs;
	int key[SD_MAXN];

	for (int i = 0; i < count; i++) {
		uint8_t d = digits[i];
		int k = 0, j = i;
		for (int u = 0; u < rs->nunits_of[cell]; u++)
			k += sd_popcount(s->where_can[rs->units_of[cell][u]][d]);
		for (; j > 0 && k < key[j - 1]; j--) {
			key[j] = key[j - 1];
			digits[j] = digits[j - 1];
		}
		key[j] = k;
		digits[j] = d;
	}
}

/* A full board: checked against every rule before it counts. */
static bool found(struct sd_variant_space *s)
{
	struct sd_solve_result *res = s->res;

	if (!sd_ruleset_solved(s->rs, s->v))
		return false;   /* cannot happen; never report what is not a solution */
	if (res->solutions++ == 0)
		memcpy(res->first, s->v, (size_t)s->cells);
	if (s->o->on_solution)
		s->o->on_solution(s->v, s->o->arg);
	return res->solutions >= s->o->max_solutions;
}

static void search(struct sd_variant_space *s)
{
	uint8_t digits[SD_MAXN];
	int count = 0, mark = s->ntrail;

	if (s->propagate == SD_PROP_SINGLES && !propagate(s)) {
		undo_to(s, mark);
		s->res->backtracks++;
		return;
	}
	if (!s->nempty) {
		if (found(s))
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
		if (sd_search_stops(s->o, s->res, s->res->nodes)) {
			s->stopped = true;
			break;
		}
		if (s->run_limit && s->res->backtracks - s->run_start > s->run_limit) {
			s->restart = true;
			break;
		}
		s->res->nodes++;
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

/* Every two units that share two cells or more, for locked candidates. */
static void find_overlaps(struct sd_variant_space *s)
{
	const struct sd_ruleset *rs = s->rs;
	int count = 0;

	for (int u = 0; u < rs->nunits; u++) {
		int first = count;
		s->overlap_start[u] = count;
		for (int j = 0; j < s->n; j++) {
			int cell = rs->unit[u][j];
			for (int k = 0; k < rs->nunits_of[cell]; k++) {
				int v = rs->units_of[cell][k], i = first;
				if (v == u)
					continue;
				while (i < count && s->overlap[i].unit != v)
					i++;
				if (i == count)
					s->overlap[count++] = (struct overlap){ 0, 0, (uint16_t)v };
				s->overlap[i].mine |= 1ULL << j;
				s->overlap[i].theirs |= 1ULL << s->index_in[cell][k];
			}
		}
		/* one cell shared is a hidden single's business, not a lock's */
		int kept = first;
		for (int i = first; i < count; i++)
			if (s->overlap[i].mine & (s->overlap[i].mine - 1))
				s->overlap[kept++] = s->overlap[i];
		count = kept;
	}
	s->overlap_start[rs->nunits] = count;
}

/* The givens placed and every cell's candidates set from them at once;
 * false when the givens break a rule (or, under singles, leave a cell or
 * a unit's digit no place).  Only the part of each table the ruleset uses
 * is set. */
static bool setup(struct sd_variant_space *s, const uint8_t *puzzle)
{
	const struct sd_ruleset *rs = s->rs;
	const struct sd_solve_opts *o = s->o;
	bool singles = s->propagate == SD_PROP_SINGLES;

	for (int u = 0; u < rs->nunits; u++) {
		s->used[u] = s->hidden_queued[u] = s->lock_queued[u] = 0;
		s->weight[u] = 1;
		memset(s->where_can[u], 0, (size_t)s->n * sizeof s->where_can[u][0]);
	}
	for (int i = 0; i < s->cells; i++) {
		s->v[i] = 0;
		s->naked_queued[i] = s->cage_queued[i] = 0;
		s->where[i] = s->empty[i] = (uint16_t)i;
		s->cand[i] = rs->allowed[i];
	}
	for (int u = 0; u < rs->nunits; u++)
		for (int j = 0; j < s->n; j++) {
			int cell = rs->unit[u][j], k = 0;
			while (rs->units_of[cell][k] != u)
				k++;
			s->index_in[cell][k] = (uint8_t)j;
		}
	if (s->locked)
		find_overlaps(s);
	s->nempty = s->cells;
	for (int k = 0; k < s->rules->ncages; k++) {
		s->cage_left[k] = s->rules->cage[k].sum;
		s->cage_empty[k] = s->rules->cage[k].count;
	}
	for (int i = 0; i < s->cells; i++) {
		int d = puzzle[i] - 1;
		if (d < 0)
			continue;
		if (d >= s->n || !(s->cand[i] >> d & 1))
			return false;   /* a given its rules or its peers' givens forbid */
		fill(s, i, d);
		uint64_t bit = 1ULL << d, beside = (bit << 1 | bit >> 1) & rs->all;
		s->cand[i] = bit;
		for (int p = rs->peer_start[i]; p < rs->peer_start[i + 1]; p++)
			s->cand[rs->peer[p]] &= ~bit;
		for (int p = rs->apart_start[i]; p < rs->apart_start[i + 1]; p++)
			s->cand[rs->apart[p]] &= ~beside;
	}
	for (int k = 0; k < s->rules->ncages; k++)
		if (has_sum(s, k) && (s->cage_left[k] < 0 || (!s->cage_empty[k] && s->cage_left[k])))
			return false;
	for (int i = 0; i < s->cells; i++) {
		uint64_t c = s->cand[i];
		if (!s->v[i] && o->exclude && o->exclude[i])
			c &= ~(1ULL << (o->exclude[i] - 1));
		if (!s->v[i] && o->allowed)
			c &= o->allowed[i];
		s->cand[i] = c;
		s->wiped += !c;
		if (!c && singles)
			return false;
		if (singles && !s->v[i] && !(c & (c - 1))) {
			s->naked_queued[i] = 1;
			s->naked[s->nnaked++] = (uint16_t)i;
		}
		for (; c; c &= c - 1)
			for (int k = 0; k < rs->nunits_of[i]; k++)
				s->where_can[rs->units_of[i][k]][__builtin_ctzll(c)] |= 1ULL << s->index_in[i][k];
	}
	for (int k = 0; k < s->rules->ncages; k++)
		if (has_sum(s, k) && s->cage_empty[k] && !singles && s->cage_empty[k] == 1 &&
		    !keep_only(s, last_empty(s, k), digit_mask(s, s->cage_left[k])))
			return false;
		else if (has_sum(s, k) && s->cage_empty[k] && singles)
			queue_cage(s, k);
	if (!singles)
		return true;
	for (int u = 0; u < rs->nunits; u++)
		for (uint64_t need = rs->all & ~s->used[u]; need; need &= need - 1) {
			int d = __builtin_ctzll(need);
			uint64_t places = s->where_can[u][d];
			if (!places)
				return false;
			if (!(places & (places - 1)))
				queue_pair(s->hidden, &s->nhidden, s->hidden_queued, u, d);
			else if (s->locked)
				queue_pair(s->lock, &s->nlock, s->lock_queued, u, d);
		}
	return true;
}

/* Backtracks allowed to a run, times the Luby sequence: backtrack.c's. */
#define RESTART_UNIT 8192

void sd_variant_space_free(struct sd_variant_space **space)
{
	free(*space);
	*space = NULL;
}

long long sd_solve_variant(const struct sd_geom *g, const uint8_t *puzzle,
			   const struct sd_solve_opts *o, struct sd_solve_result *res)
{
	const struct sd_ruleset *rs = o->rules;

	sd_solve_result_reset(res);
	/* about 2.2 MB at N = 64, mostly the trail: kept from solve to solve */
	if (!res->variant)
		res->variant = malloc(sizeof *res->variant);
	struct sd_variant_space *s = res->variant;
	if (!s || rs->n != g->n) {
		res->stop = SD_STOP_LIMIT;
		return 0;
	}
	s->rs = rs;
	s->rules = rs->rules;
	s->o = o;
	s->res = res;
	s->n = rs->n;
	s->cells = rs->ncells;
	/* the default: weights, restarts and locked candidates, as in
	 * backtrack.c; an order or propagation asked for is that alone */
	s->weighted = o->order == SD_ORDER_AUTO;
	s->locked = o->order == SD_ORDER_AUTO && o->propagate == SD_PROP_AUTO;
	s->order = o->order == SD_ORDER_AUTO ? SD_ORDER_MRV : o->order;
	s->propagate = o->propagate == SD_PROP_AUTO ? SD_PROP_SINGLES : o->propagate;
	s->first_choice = true;
	s->stopped = s->restart = false;
	s->ntrail = s->nnaked = s->nhidden = s->nlock = s->ncage = s->wiped = 0;
	sd_rng_seed(&s->rng, o->seed);
	if (setup(s, puzzle)) {
		/* restarts only when one solution is enough: counting needs the
		 * whole tree once */
		bool restarts = s->weighted && o->max_solutions == 1;
		for (long long run = 1; ; run++) {
			s->run_limit = restarts ? sd_luby(run) * RESTART_UNIT : 0;
			s->run_start = res->backtracks;
			s->restart = false;
			search(s);
			if (!s->restart || s->stopped)
				break;
			res->restarts++;
		}
	}
	clear_queues(s);
	return res->solutions;
}
