/* What the local searches share, for lib/local alone: boards whose boxes
 * each hold every digit once, as the searches (annealing, variable
 * neighbourhoods) move through them: digit counts per row and column make
 * the cost of a swap O(1).  Under a variant's rules the boxes are the
 * ruleset's boxes or jigsaw regions, and the cost of a swap comes from
 * the two cells' units, pairs, cages and parity (rulestate.c). */
#ifndef SUDOKU_LOCAL_INT_H
#define SUDOKU_LOCAL_INT_H

#include "local/local.h"

struct sd_ruled;
struct sd_boxstate {
	struct sd_geom g;
	int n, cells, cost;            /* cost: digits missing from rows and columns */
	uint8_t v[SD_MAXCELLS];
	bool fixed[SD_MAXCELLS];       /* givens, and cells propagation fixed */
	uint8_t row_count[SD_MAXN][SD_MAXN + 1], col_count[SD_MAXN][SD_MAXN + 1];
	/* the free cells of each box, and the boxes with two or more */
	uint16_t free_cells[SD_MAXN][SD_MAXN];
	int nfree[SD_MAXN];
	uint8_t movable[SD_MAXN];
	int nmovable, total_free;
	uint64_t cand[SD_MAXCELLS];    /* digits a cell may take; all when plain */
	/* each free cell's box and place in free_cells */
	uint8_t box_of[SD_MAXCELLS], slot_of[SD_MAXCELLS];
	/* the cells of movable boxes whose digit is repeated in their row or
	 * column, kept by sd_boxstate_apply_tracked; at[cell] is the place in
	 * the list, or -1 */
	uint16_t conflicted[SD_MAXCELLS];
	int16_t conflicted_at[SD_MAXCELLS];
	int nconflicted;
	/* a search under variant rules, NULL under the classic ones: the
	 * ruleset (the caller's), the first of its n box-or-region units, and
	 * what it counts beyond the rows and columns (kept from record to
	 * record like the rest) */
	const struct sd_ruleset *rs;
	int box_unit;
	struct sd_ruled *ruled;
};

/* Cell k of box b: of the ruleset's box-or-region units under rules. */
static inline int sd_boxstate_box_cell(const struct sd_boxstate *st, int b, int k)
{
	return st->rs ? st->rs->unit[st->box_unit + b][k] : sd_box_cell(&st->g, b, k);
}

/* A box state kept from record to record in *keep (NULL before the
 * first), so that a batch does not allocate per record. */
struct sd_boxstate *sd_boxstate_get(struct sd_boxstate **keep);
void sd_boxstate_free(struct sd_boxstate **keep);

/* Sets up the search of a puzzle under rs (NULL: the classic rules of g):
 * propagation unless plain (fixing forced cells; -1 when it proves there
 * is no solution), then each box from the carried board where it holds
 * each digit once and agrees with the fixed cells, else filled (counting
 * up if sequential, else at random, each cell a digit it may take where
 * possible).  *fixed_extra: cells fixed beyond the givens.  -2 when out
 * of memory. */
int sd_boxstate_start(struct sd_boxstate *st, const struct sd_geom *g, const struct sd_ruleset *rs,
		      const uint8_t *puzzle, const uint8_t *start, bool plain, bool sequential,
		      struct sd_rng *rng, int *fixed_extra);
/* Indexes st->v (free cells, counts, cost) after it was set directly,
 * under rs (NULL: the classic rules of g): 0, or -1 out of memory. */
int sd_boxstate_index(struct sd_boxstate *st, const struct sd_geom *g, const struct sd_ruleset *rs,
		      const bool *fixed);
/* Refills box b's free cells at random; the counts are then stale until
 * sd_boxstate_recount. */
void sd_boxstate_refill(struct sd_boxstate *st, int b, struct sd_rng *rng);
void sd_boxstate_recount(struct sd_boxstate *st);

/* The change in missing digits when p and q (one box) swap. */
static inline int sd_boxstate_delta(const struct sd_boxstate *st, int p, int q)
{
	int n = st->n, a = st->v[p], b = st->v[q], delta = 0;
	int rp = p / n, rq = q / n, cp = p % n, cq = q % n;

	if (rp != rq) {
		delta += (st->row_count[rp][a] == 1) - (st->row_count[rp][b] == 0);
		delta += (st->row_count[rq][b] == 1) - (st->row_count[rq][a] == 0);
	}
	if (cp != cq) {
		delta += (st->col_count[cp][a] == 1) - (st->col_count[cp][b] == 0);
		delta += (st->col_count[cq][b] == 1) - (st->col_count[cq][a] == 0);
	}
	return delta;
}

static inline void sd_boxstate_apply(struct sd_boxstate *st, int p, int q, int delta)
{
	int n = st->n, a = st->v[p], b = st->v[q];

	st->row_count[p / n][a]--;
	st->row_count[p / n][b]++;
	st->row_count[q / n][b]--;
	st->row_count[q / n][a]++;
	st->col_count[p % n][a]--;
	st->col_count[p % n][b]++;
	st->col_count[q % n][b]--;
	st->col_count[q % n][a]++;
	st->v[p] = (uint8_t)b;
	st->v[q] = (uint8_t)a;
	st->cost += delta;
}

/* Lists the conflicted cells afresh. */
void sd_boxstate_conflicts(struct sd_boxstate *st);
/* Applies a swap as sd_boxstate_apply does, keeping the conflicted list. */
void sd_boxstate_apply_tracked(struct sd_boxstate *st, int p, int q, int delta);

/* Puts cell on the conflicted list or takes it off. */
static inline void sd_boxstate_list(struct sd_boxstate *st, int cell, bool conflicted)
{
	int at = st->conflicted_at[cell];

	if (conflicted && at < 0) {
		st->conflicted_at[cell] = (int16_t)st->nconflicted;
		st->conflicted[st->nconflicted++] = (uint16_t)cell;
	} else if (!conflicted && at >= 0) {
		int last = st->conflicted[--st->nconflicted];
		st->conflicted[at] = (uint16_t)last;
		st->conflicted_at[last] = (int16_t)at;
		st->conflicted_at[cell] = -1;
	}
}

/* ---- under variant rules (rulestate.c) -------------------------------- */

/* The largest change in cost a move's Metropolis test looks up in a table
 * under rules (the classic rules' is 4); beyond it the test computes. */
#define SD_RULED_TABLE 16

/* Sets st up for rs (its counts allocated on first use): 0, or -1. */
int sd_ruled_setup(struct sd_boxstate *st, const struct sd_ruleset *rs);
void sd_ruled_free(struct sd_boxstate *st);
/* Counts st->v afresh; the cost is sd_ruleset_cost's missing metric. */
void sd_ruled_recount(struct sd_boxstate *st);
/* The change in cost when p and q (one box) swap, and the swap. */
int sd_ruled_delta(const struct sd_boxstate *st, int p, int q);
void sd_ruled_apply(struct sd_boxstate *st, int p, int q, int delta);
/* Whether cell adds to the cost, and the swap keeping the conflicted list. */
void sd_ruled_mark(struct sd_boxstate *st, int cell);
void sd_ruled_apply_tracked(struct sd_boxstate *st, int p, int q, int delta);
/* What the rules' givens force: singles, named or hidden, from every
 * peer, neighbour and parity, into v and cand (each cell's digits left);
 * -1 when a cell or a unit's digit is left with no place. */
int sd_ruled_propagate(const struct sd_ruleset *rs, uint8_t *v, uint64_t *cand);

/* The change in cost of a swap, and the swap, under either rules: for
 * what is not the searches' hot loop, which choose once per search. */
static inline int sd_boxstate_delta_any(const struct sd_boxstate *st, int p, int q)
{
	return st->rs ? sd_ruled_delta(st, p, q) : sd_boxstate_delta(st, p, q);
}

/* Swaps p and q and returns the change in cost, under st->rs when ruled:
 * a constant at each call in a hot loop, so that each rules' loop is its
 * own and the classic one what it always was. */
static inline __attribute__((always_inline)) int sd_boxstate_swap_as(struct sd_boxstate *st, int p,
								   int q, bool ruled)
{
	int delta;

	if (ruled) {
		delta = sd_ruled_delta(st, p, q);
		sd_ruled_apply(st, p, q, delta);
	} else {
		delta = sd_boxstate_delta(st, p, q);
		sd_boxstate_apply(st, p, q, delta);
	}
	return delta;
}

static inline int sd_boxstate_swap(struct sd_boxstate *st, int p, int q)
{
	return st->rs ? sd_boxstate_swap_as(st, p, q, true) : sd_boxstate_swap_as(st, p, q, false);
}

/* The neighbourhoods' moves on the values of cells[0..k-1] (a box's free
 * cells): each applies the move and returns the change in cost; applying
 * the undo returns the board to what it was. */
int sd_vns_shift(struct sd_boxstate *st, const uint16_t *cells, int k);
int sd_vns_unshift(struct sd_boxstate *st, const uint16_t *cells, int k);
int sd_vns_reverse(struct sd_boxstate *st, const uint16_t *cells, int i, int j);   /* its own undo */
int sd_vns_exchange(struct sd_boxstate *st, const uint16_t *cells, int k, int pivot); /* its own undo */

#endif
