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
#include "logic/logic_int.h"

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
	uint64_t common_cand[3 * SD_MAXN];   /* the shared excluders' candidates */
	uint64_t allowed[MAX_DEGREE];  /* the digits seen in a combination left */
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

/* Whether the digits taken leave every shared excluder a candidate. */
static bool excluders_survive(const struct aligned *x, uint64_t taken)
{
	for (int k = 0; k < x->ncommon; k++)
		if (!(x->common_cand[k] & ~taken))
			return false;
	return true;
}

/* SE tries every combination of the base cells' digits and removes the
 * digits found in none allowed: a combination is allowed when no two of
 * its digits are alike in a shared unit and it leaves every shared
 * excluder a candidate.  The digits of x->allowed are those of some
 * allowed combination, which one does not matter: the combinations go by
 * in SE's order, but those that can allow no digit not allowed yet are
 * not looked at.  False when the rating stopped on the way. */
static bool allowed_digits(struct aligned *x)
{
	struct sd_logic *lg = x->lg;
	uint64_t *ok = x->allowed;
	const int *cells = x->cells;
	bool three = x->degree == 3;
	uint64_t cand0 = lg->cand[cells[0]], cand1 = lg->cand[cells[1]];
	uint64_t cand2 = three ? lg->cand[cells[2]] : 0;
	bool link01 = sees(lg, cells[0], cells[1]);
	bool link02 = three && sees(lg, cells[0], cells[2]), link12 = three && sees(lg, cells[1], cells[2]);

	/* a unit per combination of the first two cells' digits */
	if (sd_logic_spend(lg, popcount(cand0) * (three ? popcount(cand1) : 1)))
		return false;
	ok[0] = ok[1] = ok[2] = 0;
	for (int k = 0; k < x->ncommon; k++)
		x->common_cand[k] = lg->cand[x->common[k]];
	for (uint64_t m0 = cand0; m0; m0 &= m0 - 1) {
		uint64_t a = m0 & -m0;
		if ((ok[0] & a) && !(cand1 & ~ok[1]) && !(cand2 & ~ok[2]))
			continue;
		for (uint64_t m1 = cand1 & ~(link01 ? a : 0); m1; m1 &= m1 - 1) {
			uint64_t b = m1 & -m1;
			if ((ok[0] & a) && (ok[1] & b) && !(cand2 & ~ok[2]))
				continue;
			if (!three) {
				if (excluders_survive(x, a | b)) {
					ok[0] |= a;
					ok[1] |= b;
				}
				continue;
			}
			for (uint64_t m2 = cand2 & ~(link02 ? a : 0) & ~(link12 ? b : 0); m2; m2 &= m2 - 1) {
				uint64_t c = m2 & -m2;
				if ((ok[0] & a) && (ok[1] & b) && (ok[2] & c))
					continue;
				if (excluders_survive(x, a | b | c)) {
					ok[0] |= a;
					ok[1] |= b;
					ok[2] |= c;
				}
			}
		}
	}
	return true;
}

static int exclusion_step(struct aligned *x, struct sd_step *st, int tech)
{
	const struct sd_logic *lg = x->lg;

	if (!allowed_digits(x))
		return 0;
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
		for (int k = x->excl_at[i]; k < x->excl_at[i + 1] && !x->lg->stopped; k++) {
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
		for (int i0 = 0; i0 < i1 && !found && !sd_logic_spend(lg, 1); i0++) {
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
