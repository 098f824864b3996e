/* What the local searches share, for lib/local alone: boards whose boxes
 * each hold every digit once, as the searches (annealing, variable
 * neighbourhoods) move through them: digit counts per row and column make
 * the cost of a swap O(1). */
#ifndef SUDOKU_LOCAL_INT_H
#define SUDOKU_LOCAL_INT_H

#include "local/local.h"

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
};

/* A box state kept from record to record in *keep (NULL before the
 * first), so that a batch does not allocate per record. */
struct sd_boxstate *sd_boxstate_get(struct sd_boxstate **keep);
void sd_boxstate_free(struct sd_boxstate **keep);

/* Sets up the search of a puzzle: propagation unless plain (fixing forced
 * cells; -1 when it proves there is no solution), then each box from the
 * carried board where it holds each digit once and agrees with the fixed
 * cells, else filled (counting up if sequential, else at random, each cell
 * a digit it may take where possible).  *fixed_extra: cells fixed beyond
 * the givens. */
int sd_boxstate_start(struct sd_boxstate *st, const struct sd_geom *g, const uint8_t *puzzle,
		      const uint8_t *start, bool plain, bool sequential, struct sd_rng *rng,
		      int *fixed_extra);
/* Indexes st->v (free cells, counts, cost) after it was set directly. */
void sd_boxstate_index(struct sd_boxstate *st, const struct sd_geom *g, const bool *fixed);
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

/* Swaps p and q and returns the change in cost. */
static inline int sd_boxstate_swap(struct sd_boxstate *st, int p, int q)
{
	int delta = sd_boxstate_delta(st, p, q);
	sd_boxstate_apply(st, p, q, delta);
	return delta;
}

/* The neighbourhoods' moves on the values of cells[0..k-1] (a box's free
 * cells): each applies the move and returns the change in cost; applying
 * the undo returns the board to what it was. */
int sd_vns_shift(struct sd_boxstate *st, const uint16_t *cells, int k);
int sd_vns_unshift(struct sd_boxstate *st, const uint16_t *cells, int k);
int sd_vns_reverse(struct sd_boxstate *st, const uint16_t *cells, int i, int j);   /* its own undo */
int sd_vns_exchange(struct sd_boxstate *st, const uint16_t *cells, int k, int pivot); /* its own undo */

#endif
