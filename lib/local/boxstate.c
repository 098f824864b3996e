/* The state shared by the local searches. */
#include <stdlib.h>
#include <string.h>
#include "local/local_int.h"

void sd_boxstate_recount(struct sd_boxstate *st)
{
	int n = st->n;

	if (st->rs) {
		sd_ruled_recount(st);
		return;
	}

	memset(st->row_count, 0, sizeof st->row_count);
	memset(st->col_count, 0, sizeof st->col_count);
	st->cost = 0;
	for (int i = 0; i < st->cells; i++) {
		st->row_count[i / n][st->v[i]]++;
		st->col_count[i % n][st->v[i]]++;
	}
	for (int u = 0; u < n; u++)
		for (int d = 1; d <= n; d++)
			st->cost += (st->row_count[u][d] == 0) + (st->col_count[u][d] == 0);
}

/* Indexes st->v: the free cells of each box, and the digit counts. */
int sd_boxstate_index(struct sd_boxstate *st, const struct sd_geom *g, const struct sd_ruleset *rs,
		      const bool *fixed)
{
	st->rs = NULL;
	if (rs && sd_ruled_setup(st, rs) < 0)
		return -1;
	memset(st->nfree, 0, sizeof st->nfree);
	st->g = *g;
	st->n = g->n;
	st->cells = g->n * g->n;
	st->nmovable = st->total_free = 0;
	if (fixed != st->fixed)
		memcpy(st->fixed, fixed, (size_t)st->cells * sizeof *fixed);
	for (int b = 0; b < st->n; b++) {
		for (int k = 0; k < st->n; k++) {
			int cell = sd_boxstate_box_cell(st, b, k);
			if (!fixed[cell]) {
				st->box_of[cell] = (uint8_t)b;
				st->slot_of[cell] = (uint8_t)st->nfree[b];
				st->free_cells[b][st->nfree[b]++] = (uint16_t)cell;
			}
		}
		if (st->nfree[b] >= 2)
			st->movable[st->nmovable++] = (uint8_t)b;
		st->total_free += st->nfree[b];
	}
	sd_boxstate_recount(st);
	return 0;
}

static void mark(struct sd_boxstate *st, int cell)
{
	int n = st->n, d = st->v[cell];

	sd_boxstate_list(st, cell, !st->fixed[cell] && st->nfree[st->box_of[cell]] >= 2 &&
			 (st->row_count[cell / n][d] > 1 || st->col_count[cell % n][d] > 1));
}

void sd_boxstate_conflicts(struct sd_boxstate *st)
{
	st->nconflicted = 0;
	for (int i = 0; i < st->cells; i++)
		st->conflicted_at[i] = -1;
	for (int i = 0; i < st->cells; i++) {
		if (st->rs)
			sd_ruled_mark(st, i);
		else
			mark(st, i);
	}
}

/* Marks the cells of a line (first cell, step) that hold d. */
static void mark_line(struct sd_boxstate *st, int first, int step, int d)
{
	for (int k = 0, cell = first; k < st->n; k++, cell += step)
		if (st->v[cell] == d)
			mark(st, cell);
}

/* A cell's state changes only where the count of its digit in its row or
 * column goes between 1 and 2: where the digit that left p (a) is down to
 * 1, or the digit that came (b) up to 2; likewise at q. */
void sd_boxstate_apply_tracked(struct sd_boxstate *st, int p, int q, int delta)
{
	int n = st->n, a = st->v[p], b = st->v[q];
	int rp = p / n, rq = q / n, cp = p % n, cq = q % n;

	sd_boxstate_apply(st, p, q, delta);
	if (rp != rq) {
		if (st->row_count[rp][a] == 1)
			mark_line(st, rp * n, 1, a);
		if (st->row_count[rp][b] == 2)
			mark_line(st, rp * n, 1, b);
		if (st->row_count[rq][b] == 1)
			mark_line(st, rq * n, 1, b);
		if (st->row_count[rq][a] == 2)
			mark_line(st, rq * n, 1, a);
	}
	if (cp != cq) {
		if (st->col_count[cp][a] == 1)
			mark_line(st, cp, n, a);
		if (st->col_count[cp][b] == 2)
			mark_line(st, cp, n, b);
		if (st->col_count[cq][b] == 1)
			mark_line(st, cq, n, b);
		if (st->col_count[cq][a] == 2)
			mark_line(st, cq, n, a);
	}
	mark(st, p);
	mark(st, q);
}

/* Kuhn's augmenting path: gives digit d a cell, moving others if need be. */
static bool augment(const uint64_t *allowed, int nc, int d, bool *seen, int *match)
{
	for (int i = 0; i < nc; i++) {
		if (seen[i] || !(allowed[i] >> (d - 1) & 1))
			continue;
		seen[i] = true;
		if (match[i] < 0 || augment(allowed, nc, match[i], seen, match)) {
			match[i] = d;
			return true;
		}
	}
	return false;
}

/* Fills box b's free cells with the digits it lacks, each in a cell that
 * may take it when such an assignment exists (a random one), else at
 * random. */
void sd_boxstate_refill(struct sd_boxstate *st, int b, struct sd_rng *rng)
{
	uint8_t missing[SD_MAXN], order[SD_MAXN];
	int cells[SD_MAXN], match[SD_MAXN], count = 0, nc = 0;
	uint64_t present = 0, allowed[SD_MAXN];
	bool complete = true;

	for (int k = 0; k < st->n; k++) {
		int cell = sd_boxstate_box_cell(st, b, k);
		if (st->fixed[cell])
			present |= 1ULL << (st->v[cell] - 1);
		else
			order[nc++] = (uint8_t)k;
	}
	sd_rng_shuffle(rng, order, nc);
	for (int i = 0; i < nc; i++) {
		cells[i] = sd_boxstate_box_cell(st, b, order[i]);
		allowed[i] = st->cand[cells[i]];
		match[i] = -1;
	}
	for (int d = 1; d <= st->n; d++)
		if (!(present & (1ULL << (d - 1))))
			missing[count++] = (uint8_t)d;
	sd_rng_shuffle(rng, missing, count);
	for (int k = 0; k < count && complete; k++) {
		bool seen[SD_MAXN] = { false };
		complete = augment(allowed, nc, missing[k], seen, match);
	}
	for (int i = 0; i < nc; i++)
		st->v[cells[i]] = complete ? (uint8_t)match[i] : missing[i];
}

/* Whether box b's free cells hold exactly the digits its fixed cells lack. */
static bool box_is_permutation(const struct sd_boxstate *st, const uint8_t *v, int b)
{
	uint64_t seen = 0;

	for (int k = 0; k < st->n; k++) {
		int d = v[sd_boxstate_box_cell(st, b, k)];
		if (!d || d > st->n || (seen >> (d - 1) & 1))
			return false;
		seen |= 1ULL << (d - 1);
	}
	return true;
}

struct sd_boxstate *sd_boxstate_get(struct sd_boxstate **keep)
{
	if (!*keep)
		*keep = calloc(1, sizeof **keep);
	return *keep;
}

void sd_boxstate_free(struct sd_boxstate **keep)
{
	if (*keep)
		sd_ruled_free(*keep);
	free(*keep);
	*keep = NULL;
}

void sd_local_result_free(struct sd_local_result *res)
{
	sd_boxstate_free(&res->st);
}

int sd_boxstate_start(struct sd_boxstate *st, const struct sd_geom *g, const struct sd_ruleset *rs,
		      const uint8_t *puzzle, const uint8_t *start, bool plain, bool sequential,
		      struct sd_rng *rng, int *fixed_extra)
{
	uint64_t all = sd_all_values(g->n);
	int cells = sd_cells(g);

	memcpy(st->v, puzzle, (size_t)cells);
	st->g = *g;
	st->n = g->n;
	st->cells = cells;
	st->rs = NULL;
	*fixed_extra = 0;
	if (rs && sd_ruled_setup(st, rs) < 0)
		return -2;
	if (plain) {
		/* no propagation; a digit parity forbids is no digit of the cell */
		for (int i = 0; i < cells; i++)
			st->cand[i] = rs ? rs->allowed[i] : all;
	} else if ((rs ? sd_ruled_propagate(rs, st->v, st->cand) :
		    sd_cand_propagate(g, st->v, st->cand)) < 0) {
		return -1;
	}
	for (int i = 0; i < cells; i++) {
		st->fixed[i] = st->v[i] != 0;
		*fixed_extra += st->fixed[i] && !puzzle[i];
	}
	for (int b = 0; b < g->n; b++) {
		bool keep = start != NULL;
		for (int k = 0; k < g->n && keep; k++) {
			int cell = sd_boxstate_box_cell(st, b, k);
			keep = !st->fixed[cell] ? start[cell] != 0 : start[cell] == st->v[cell];
		}
		if (keep) {
			uint8_t trial[SD_MAXCELLS];
			memcpy(trial, st->v, (size_t)cells);
			for (int k = 0; k < g->n; k++) {
				int cell = sd_boxstate_box_cell(st, b, k);
				trial[cell] = start[cell];
			}
			keep = box_is_permutation(st, trial, b);
			if (keep)
				for (int k = 0; k < g->n; k++) {
					int cell = sd_boxstate_box_cell(st, b, k);
					st->v[cell] = start[cell];
				}
		}
		if (!keep && !sequential)
			sd_boxstate_refill(st, b, rng);
	}
	/* the lab report's program fills counting up, box by box */
	if (sequential && !start) {
		if (rs)
			sd_fill_rules(rs, st->v, SD_FILL_BOX_SEQUENTIAL, rng);
		else
			sd_fill(g, st->v, SD_FILL_BOX_SEQUENTIAL, rng);
	}
	return sd_boxstate_index(st, g, rs, st->fixed) < 0 ? -2 : 0;
}
