/* The box state under a variant's rules: the cost of a swap inside a box
 * or jigsaw region from what the two cells touch (their units but the
 * box, their knight's or king's moves, their orthogonal neighbours, their
 * cages, their parity), kept by digit counts per unit and per cage, so
 * that a move costs what the cells' rules number, never a recount.  The
 * cost is sd_ruleset_cost's missing metric on a full board: digits
 * missing from every unit but the boxes or regions, one per pair broken
 * and per parity broken, and per cage its repeats and its distance from
 * its sum. */
#include <stdlib.h>
#include <string.h>
#include "local/local_int.h"

struct sd_ruled {
	uint8_t unit_count[SD_MAX_UNITS][SD_MAXN + 1];
	bool counted[SD_MAX_UNITS];    /* in the cost: every unit but the boxes or regions */
	/* the knight's and king's moves whose cells must differ */
	int8_t step_row[16], step_col[16];
	int nsteps;
	uint8_t cage_count[SD_MAXCELLS][SD_MAXN + 1];
	int cage_sum[SD_MAXCELLS];
};

static inline uint64_t bit(int d)
{
	return 1ULL << (d - 1);
}

static inline bool consecutive(int a, int b)
{
	return a == b + 1 || b == a + 1;
}

static inline int distance(int a, int b)
{
	return a > b ? a - b : b - a;
}

int sd_ruled_setup(struct sd_boxstate *st, const struct sd_ruleset *rs)
{
	static const int8_t knight_row[] = { -2, -2, -1, -1, 1, 1, 2, 2 };
	static const int8_t knight_col[] = { -1, 1, -2, 2, -2, 2, -1, 1 };
	static const int8_t king_row[] = { -1, -1, -1, 0, 0, 1, 1, 1 };
	static const int8_t king_col[] = { -1, 0, 1, -1, 1, -1, 0, 1 };

	if (!st->ruled && !(st->ruled = calloc(1, sizeof *st->ruled)))
		return -1;
	struct sd_ruled *ru = st->ruled;
	st->rs = rs;
	st->box_unit = -1;
	for (int u = 0; u < rs->nunits; u++) {
		bool box = rs->unit_rule[u] == SD_RULE_BOX || rs->unit_rule[u] == SD_RULE_REGION;
		ru->counted[u] = !box;
		/* sd_ruleset_new lists the n boxes or regions one after another */
		if (box && st->box_unit < 0)
			st->box_unit = u;
	}
	ru->nsteps = 0;
	for (int k = 0; rs->rules && k < 8; k++) {
		if (rs->rules->anti_knight) {
			ru->step_row[ru->nsteps] = knight_row[k];
			ru->step_col[ru->nsteps++] = knight_col[k];
		}
		if (rs->rules->anti_king) {
			ru->step_row[ru->nsteps] = king_row[k];
			ru->step_col[ru->nsteps++] = king_col[k];
		}
	}
	return 0;
}

void sd_ruled_free(struct sd_boxstate *st)
{
	free(st->ruled);
	st->ruled = NULL;
	st->rs = NULL;
}

void sd_ruled_recount(struct sd_boxstate *st)
{
	const struct sd_ruleset *rs = st->rs;
	const struct sd_rules *r = rs->rules;
	struct sd_ruled *ru = st->ruled;

	memset(ru->unit_count, 0, (size_t)rs->nunits * sizeof *ru->unit_count);
	for (int u = 0; u < rs->nunits; u++)
		for (int k = 0; k < rs->n; k++)
			ru->unit_count[u][st->v[rs->unit[u][k]]]++;
	for (int c = 0; r && c < r->ncages; c++) {
		memset(ru->cage_count[c], 0, sizeof *ru->cage_count);
		ru->cage_sum[c] = 0;
		for (int j = 0; j < r->cage[c].count; j++) {
			int d = st->v[r->cage_cell[r->cage[c].first + j]];
			ru->cage_count[c][d]++;
			ru->cage_sum[c] += d;
		}
	}
	st->cost = sd_ruleset_cost(rs, st->v, SD_MISSING);
}

/* Whether unit u holds cell. */
static inline bool in_unit(const struct sd_ruleset *rs, int u, int cell)
{
	for (int k = 0; k < rs->nunits_of[cell]; k++)
		if (rs->units_of[cell][k] == u)
			return true;
	return false;
}

/* The cell a step away from cell, or -1 off the board. */
static inline int step(const struct sd_ruled *ru, int n, int cell, int s)
{
	int row = cell / n + ru->step_row[s], col = cell % n + ru->step_col[s];

	return row >= 0 && row < n && col >= 0 && col < n ? row * n + col : -1;
}

/* The change in cost at cell when its digit goes from a to b and other
 * (the cell it swaps with) goes from b to a: what the two share (a unit,
 * a pair, a cage) keeps its cost and is left out. */
static int side_delta(const struct sd_boxstate *st, int cell, int other, int a, int b)
{
	const struct sd_ruleset *rs = st->rs;
	const struct sd_ruled *ru = st->ruled;
	int n = rs->n, delta = 0;

	for (int k = 0; k < rs->nunits_of[cell]; k++) {
		int u = rs->units_of[cell][k];
		if (ru->counted[u] && !in_unit(rs, u, other))
			delta += (ru->unit_count[u][a] == 1) - (ru->unit_count[u][b] == 0);
	}
	for (int s = 0; s < ru->nsteps; s++) {
		int x = step(ru, n, cell, s);
		if (x >= 0 && x != other)
			delta += (st->v[x] == b) - (st->v[x] == a);
	}
	for (int i = rs->apart_start[cell]; i < rs->apart_start[cell + 1]; i++) {
		int x = rs->apart[i];
		if (x != other)
			delta += consecutive(b, st->v[x]) - consecutive(a, st->v[x]);
	}
	delta += !(rs->allowed[cell] & bit(b)) - !(rs->allowed[cell] & bit(a));
	int c = rs->cage_of[cell];
	if (c >= 0 && c != rs->cage_of[other]) {
		const struct sd_cage *cg = &rs->rules->cage[c];
		delta += (ru->cage_count[c][b] >= 1) - (ru->cage_count[c][a] >= 2);
		if (cg->sum)
			delta += distance(ru->cage_sum[c] - a + b, cg->sum) -
				distance(ru->cage_sum[c], cg->sum);
	}
	return delta;
}

int sd_ruled_delta(const struct sd_boxstate *st, int p, int q)
{
	int a = st->v[p], b = st->v[q];

	if (a == b)
		return 0;
	return side_delta(st, p, q, a, b) + side_delta(st, q, p, b, a);
}

/* The counts at cell as its digit goes from a to b (other: as above). */
static void side_apply(struct sd_boxstate *st, int cell, int other, int a, int b)
{
	const struct sd_ruleset *rs = st->rs;
	struct sd_ruled *ru = st->ruled;

	for (int k = 0; k < rs->nunits_of[cell]; k++) {
		int u = rs->units_of[cell][k];
		if (!in_unit(rs, u, other)) {
			ru->unit_count[u][a]--;
			ru->unit_count[u][b]++;
		}
	}
	int c = rs->cage_of[cell];
	if (c >= 0 && c != rs->cage_of[other]) {
		ru->cage_count[c][a]--;
		ru->cage_count[c][b]++;
		ru->cage_sum[c] += b - a;
	}
}

void sd_ruled_apply(struct sd_boxstate *st, int p, int q, int delta)
{
	int a = st->v[p], b = st->v[q];

	side_apply(st, p, q, a, b);
	side_apply(st, q, p, b, a);
	st->v[p] = (uint8_t)b;
	st->v[q] = (uint8_t)a;
	st->cost += delta;
}

/* Whether cell's digit breaks a rule the cost counts. */
static bool in_conflict(const struct sd_boxstate *st, int cell)
{
	const struct sd_ruleset *rs = st->rs;
	const struct sd_ruled *ru = st->ruled;
	int n = rs->n, d = st->v[cell];

	for (int k = 0; k < rs->nunits_of[cell]; k++) {
		int u = rs->units_of[cell][k];
		if (ru->counted[u] && ru->unit_count[u][d] > 1)
			return true;
	}
	for (int s = 0; s < ru->nsteps; s++) {
		int x = step(ru, n, cell, s);
		if (x >= 0 && st->v[x] == d)
			return true;
	}
	for (int i = rs->apart_start[cell]; i < rs->apart_start[cell + 1]; i++)
		if (consecutive(d, st->v[rs->apart[i]]))
			return true;
	if (!(rs->allowed[cell] & bit(d)))
		return true;
	int c = rs->cage_of[cell];
	return c >= 0 && (ru->cage_count[c][d] > 1 ||
			  (rs->rules->cage[c].sum && ru->cage_sum[c] != rs->rules->cage[c].sum));
}

void sd_ruled_mark(struct sd_boxstate *st, int cell)
{
	sd_boxstate_list(st, cell, !st->fixed[cell] && st->nfree[st->box_of[cell]] >= 2 &&
			 in_conflict(st, cell));
}

/* Marks the cells of unit u that hold d. */
static void mark_unit(struct sd_boxstate *st, int u, int d)
{
	for (int k = 0; k < st->n; k++)
		if (st->v[st->rs->unit[u][k]] == d)
			sd_ruled_mark(st, st->rs->unit[u][k]);
}

/* After the swap, the cells whose state may have changed at one side:
 * in a unit, those whose digit's count went between 1 and 2 (as
 * sd_boxstate_apply_tracked does for rows and columns); a step or a
 * neighbour away; the cell's cage, whose sum moved. */
static void side_marks(struct sd_boxstate *st, int cell, int other, int a, int b)
{
	const struct sd_ruleset *rs = st->rs;
	const struct sd_ruled *ru = st->ruled;

	for (int k = 0; k < rs->nunits_of[cell]; k++) {
		int u = rs->units_of[cell][k];
		if (!ru->counted[u] || in_unit(rs, u, other))
			continue;
		if (ru->unit_count[u][a] == 1)
			mark_unit(st, u, a);
		if (ru->unit_count[u][b] == 2)
			mark_unit(st, u, b);
	}
	for (int s = 0; s < ru->nsteps; s++) {
		int x = step(ru, rs->n, cell, s);
		if (x >= 0)
			sd_ruled_mark(st, x);
	}
	for (int i = rs->apart_start[cell]; i < rs->apart_start[cell + 1]; i++)
		sd_ruled_mark(st, rs->apart[i]);
	int c = rs->cage_of[cell];
	if (c >= 0 && c != rs->cage_of[other]) {
		const struct sd_cage *cg = &rs->rules->cage[c];
		for (int j = 0; j < cg->count; j++)
			sd_ruled_mark(st, rs->rules->cage_cell[cg->first + j]);
	}
}

void sd_ruled_apply_tracked(struct sd_boxstate *st, int p, int q, int delta)
{
	int a = st->v[p], b = st->v[q];

	sd_ruled_apply(st, p, q, delta);
	side_marks(st, p, q, a, b);
	side_marks(st, q, p, b, a);
	sd_ruled_mark(st, p);
	sd_ruled_mark(st, q);
}

/* ---- what the givens force -------------------------------------------- */

/* Takes d from the cells that see cell: -1 when one already holds it or
 * a neighbour a digit next to it. */
static int eliminate(const struct sd_ruleset *rs, const uint8_t *v, uint64_t *cand, int cell)
{
	int d = v[cell];
	uint64_t next = (d > 1 ? bit(d - 1) : 0) | (d < rs->n ? bit(d + 1) : 0);

	for (int i = rs->peer_start[cell]; i < rs->peer_start[cell + 1]; i++) {
		int p = rs->peer[i];
		if (v[p] == d)
			return -1;
		cand[p] &= ~bit(d);
	}
	for (int i = rs->apart_start[cell]; i < rs->apart_start[cell + 1]; i++) {
		int x = rs->apart[i];
		if (v[x] && consecutive(d, v[x]))
			return -1;
		cand[x] &= ~next;
	}
	return 0;
}

static int single_digit(uint64_t m)
{
	return __builtin_ctzll(m) + 1;
}

int sd_ruled_propagate(const struct sd_ruleset *rs, uint8_t *v, uint64_t *cand)
{
	bool done[SD_MAXCELLS] = { false };
	bool changed = true;

	for (int i = 0; i < rs->ncells; i++) {
		cand[i] = v[i] ? bit(v[i]) : rs->allowed[i];
		if (v[i] && !(rs->allowed[i] & bit(v[i])))
			return -1;
	}
	while (changed) {
		changed = false;
		for (int i = 0; i < rs->ncells; i++)
			if (v[i] && !done[i]) {
				done[i] = changed = true;
				if (eliminate(rs, v, cand, i) < 0)
					return -1;
			}
		/* naked singles */
		for (int i = 0; i < rs->ncells; i++) {
			if (v[i])
				continue;
			if (!cand[i])
				return -1;
			if (!(cand[i] & (cand[i] - 1))) {
				v[i] = (uint8_t)single_digit(cand[i]);
				changed = true;
			}
		}
		if (changed)
			continue;
		/* hidden singles: a unit's digit with one place left */
		for (int u = 0; u < rs->nunits; u++) {
			uint64_t placed = 0, once = 0, twice = 0;
			for (int k = 0; k < rs->n; k++) {
				int cell = rs->unit[u][k];
				if (v[cell]) {
					placed |= bit(v[cell]);
					continue;
				}
				twice |= once & cand[cell];
				once |= cand[cell];
			}
			if ((once | placed) != rs->all)
				return -1;
			uint64_t hidden = once & ~twice & ~placed;
			for (int k = 0; k < rs->n && hidden; k++) {
				int cell = rs->unit[u][k];
				uint64_t m = v[cell] ? 0 : cand[cell] & hidden;
				if (m) {
					/* two hidden digits in one cell: no room for both */
					if (m & (m - 1))
						return -1;
					v[cell] = (uint8_t)single_digit(m);
					cand[cell] = m;
					hidden &= ~m;
					changed = true;
				}
			}
		}
	}
	return 0;
}
