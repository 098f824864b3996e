/* Aligned exclusion, as Sudoku Explainer finds it: aligned pair exclusion
 * (APE, 6.2) and aligned triplet exclusion (ATE, 7.5).  Each combination
 * of digits for a few base cells is ruled out when two of them repeat a
 * digit in a shared unit, or when it takes every candidate of a cell that
 * sees all the base cells (an excluder); a base cell's digit in no
 * combination left can go.
 *
 * SE's solver keeps the first hint a producer emits, so which base cells
 * are tried first decides the rating.  The order here is SE's: base cells
 * in row-major order, pairs of them by their later cell then their
 * earlier one (its Twomutations), and for triplets the third cell from
 * the excluders of the first two, the first's before the second's, each
 * in SE's order of a cell's peers (box, row, column). */
#include <stdlib.h>
#include "algo/logic_int.h"

#define MAX_DEGREE 3

struct aligned {
	struct sd_logic *lg;
	int degree;
	/* SE's candidate base cells: two or more candidates, no cell of one
	 * candidate among their peers, and some excluder among them */
	int nbase, base[SD_MAXCELLS];
	bool is_base[SD_MAXCELLS];
	/* each base cell's excluders (peers of 2 to degree candidates), in
	 * SE's order of peers: base i's are excl[excl_at[i] .. excl_at[i + 1]) */
	int *excl, excl_at[SD_MAXCELLS + 1];
	/* a cell is in the twin area being built when its mark is stamp */
	int mark[SD_MAXCELLS], stamp;
	/* the set of base cells tried, and the excluders they share */
	int cells[MAX_DEGREE];
	int ncommon, common[3 * SD_MAXN];
	uint64_t allowed[MAX_DEGREE];  /* the digits seen in a combination left */
	uint64_t chosen[MAX_DEGREE];   /* the combination being completed */
};

/* The peers of cell in SE's order (its box, then the rest of its row,
 * then the rest of its column); returns how many. */
static int se_peers(const struct sd_logic *lg, int cell, int *out)
{
	int box = se_region(lg, 0, cell), count = 0;

	for (int kind = 0; kind < 3; kind++) {
		const uint16_t *members = lg->units.members[se_region(lg, kind, cell)];
		for (int i = 0; i < lg->n; i++) {
			int c = members[i];
			if (c != cell && (kind == 0 || lg->units.unit_of[c][2] != box))
				out[count++] = c;
		}
	}
	return count;
}

/* SE's base cells and their excluders; false when there are too few. */
static bool find_bases(struct aligned *x)
{
	const struct sd_logic *lg = x->lg;
	int peers[3 * SD_MAXN], used = 0;

	x->nbase = 0;
	for (int c = 0; c < lg->cells; c++) {
		x->is_base[c] = false;
		if (popcount(lg->cand[c]) < 2)
			continue;
		int count = se_peers(lg, c, peers), start = used;
		bool naked_single = false;
		for (int i = 0; i < count; i++) {
			int size = popcount(lg->cand[peers[i]]);
			naked_single |= size == 1;
			if (size >= 2 && size <= x->degree)
				x->excl[used++] = peers[i];
		}
		/* SE leaves the technique to the singles while one is waiting */
		if (naked_single || used == start) {
			used = start;
			continue;
		}
		x->excl_at[x->nbase] = start;
		x->base[x->nbase++] = c;
		x->excl_at[x->nbase] = used;
		x->is_base[c] = true;
	}
	return x->nbase >= x->degree;
}

/* The excluders of base i that also see cell b, into x->common. */
static void shared_excluders(struct aligned *x, int i, int b)
{
	x->ncommon = 0;
	for (int k = x->excl_at[i]; k < x->excl_at[i + 1]; k++)
		if (sees(x->lg, x->excl[k], b))
			x->common[x->ncommon++] = x->excl[k];
}

/* Whether the digits of x->chosen[0..degree) leave every shared excluder
 * a candidate. */
static bool excluders_survive(const struct aligned *x)
{
	uint64_t taken = 0;

	for (int i = 0; i < x->degree; i++)
		taken |= x->chosen[i];
	for (int k = 0; k < x->ncommon; k++)
		if (!(x->lg->cand[x->common[k]] & ~taken))
			return false;
	return true;
}

/* Completes x->chosen from base cell depth on, cell fixed keeping the
 * digit already chosen, into a combination no rule excludes; true when
 * there is one (x->chosen holds it). */
static bool complete(struct aligned *x, int depth, int fixed)
{
	if (depth == x->degree)
		return excluders_survive(x);
	uint64_t digits = depth == fixed ? x->chosen[depth] : x->lg->cand[x->cells[depth]];
	for (; digits; digits &= digits - 1) {
		uint64_t d = digits & -digits;
		bool repeated = false;
		/* the same digit twice in a unit */
		for (int j = 0; j < x->degree && !repeated; j++)
			repeated = j != depth && (j < depth || j == fixed) && x->chosen[j] == d &&
				   sees(x->lg, x->cells[j], x->cells[depth]);
		if (repeated)
			continue;
		x->chosen[depth] = d;
		if (complete(x, depth + 1, fixed))
			return true;
	}
	if (depth != fixed)
		x->chosen[depth] = 0;
	return false;
}

/* SE tries every combination of the base cells' digits and removes the
 * digits found in none allowed.  The same digits go when each digit is
 * looked for in one allowed combination, which is found at once where SE
 * would go through them all; a combination found allows all its digits. */
static int exclusion_step(struct aligned *x, struct sd_step *st, int tech)
{
	const struct sd_logic *lg = x->lg;

	for (int i = 0; i < x->degree; i++)
		x->allowed[i] = 0;
	for (int i = 0; i < x->degree; i++)
		for (uint64_t left = lg->cand[x->cells[i]]; left; left &= left - 1) {
			uint64_t d = left & -left;
			if (x->allowed[i] & d)
				continue;
			for (int j = 0; j < x->degree; j++)
				x->chosen[j] = 0;
			x->chosen[i] = d;
			if (!complete(x, 0, i))
				continue;
			for (int j = 0; j < x->degree; j++)
				x->allowed[j] |= x->chosen[j];
		}
	sd_step_begin(st, tech, -1);
	st->npattern = x->degree;
	for (int i = 0; i < x->degree; i++) {
		st->pattern[i] = x->cells[i];
		sd_step_remove(lg, st, x->cells[i], lg->cand[x->cells[i]] & ~x->allowed[i]);
	}
	return st->nremoved > 0;
}

/* The triplets of the pair (base i0, base i1): the third cell from the
 * pair's excluders that are base cells, the first's excluders first. */
static int triplets(struct aligned *x, struct sd_step *st, int i0, int i1, int tech)
{
	int pair_common[3 * SD_MAXN], npair = x->ncommon;
	int c0 = x->base[i0], c1 = x->base[i1];

	/* each triplet's excluders are among the pair's */
	for (int k = 0; k < npair; k++)
		pair_common[k] = x->common[k];
	x->stamp++;
	x->mark[c0] = x->mark[c1] = x->stamp;
	for (int pass = 0; pass < 2; pass++) {
		int i = pass ? i1 : i0;
		for (int k = x->excl_at[i]; k < x->excl_at[i + 1]; k++) {
			int c2 = x->excl[k];
			if (!x->is_base[c2] || x->mark[c2] == x->stamp)
				continue;
			x->mark[c2] = x->stamp;
			x->ncommon = 0;
			for (int j = 0; j < npair; j++)
				if (sees(x->lg, pair_common[j], c2))
					x->common[x->ncommon++] = pair_common[j];
			if (x->ncommon < 2)
				continue;
			x->cells[2] = c2;
			if (exclusion_step(x, st, tech))
				return 1;
		}
	}
	return 0;
}

static int aligned_exclusion(struct sd_logic *lg, struct sd_step *st, int degree, int tech)
{
	struct aligned *x = calloc(1, sizeof *x);
	int found = 0;

	if (!x)
		return 0;
	x->lg = lg;
	x->degree = degree;
	x->excl = malloc((size_t)lg->cells * 3 * (size_t)lg->n * sizeof *x->excl);
	if (!x->excl || !find_bases(x))
		goto done;
	/* SE's Twomutations: (0,1), (0,2), (1,2), (0,3), ... */
	for (int i1 = 1; i1 < x->nbase && !found; i1++)
		for (int i0 = 0; i0 < i1 && !found; i0++) {
			x->cells[0] = x->base[i0];
			x->cells[1] = x->base[i1];
			shared_excluders(x, i0, x->base[i1]);
			/* SE asks for two excluders shared by all the base cells */
			if (x->ncommon < 2)
				continue;
			found = degree == 2 ? exclusion_step(x, st, tech) : triplets(x, st, i0, i1, tech);
		}
done:
	free(x->excl);
	free(x);
	return found;
}

int sd_aligned_pair(struct sd_logic *lg, struct sd_step *st)
{
	return aligned_exclusion(lg, st, 2, SD_TECH_ALIGNED_PAIR);
}

int sd_aligned_triple(struct sd_logic *lg, struct sd_step *st)
{
	return aligned_exclusion(lg, st, 3, SD_TECH_ALIGNED_TRIPLE);
}
