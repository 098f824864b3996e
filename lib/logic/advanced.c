/* Sudoku Explainer's dynamic forcing chains (+), level 1: the simpler
 * rules SE applies inside a dynamic chain (its getAdvancedPotentials).  On
 * the grid the chain has made by turning candidates off, locked
 * candidates, hidden and naked pairs and X-wings find more candidates to
 * turn off.  Each deduction names as parents the candidates of the chain
 * it needed (SE's getRuleParents); one that needs none would hold without
 * the chain and is left out.  SE takes every deduction of the first rule
 * that has one, in its order of regions, digits and combinations, which
 * decides the chains found, so that order is followed. */
#include <stdlib.h>
#include <string.h>
#include "logic/chain_int.h"

/* One rule's search on a chain's grid. */
struct adv {
	const struct sd_logic *lg;
	const uint64_t *init, *cur;
	const uint64_t *at;            /* the places of each digit in each unit of cur */
	int n;
	sd_advanced_fn *emit;
	void *arg;
	bool got;
	/* the deduction in hand: removals by cell (in the order found) and
	 * parents as states */
	int nrem, npar;
	int rem_cell[4 * SD_MAXN];
	uint64_t rem_digits[4 * SD_MAXN];
	int32_t par[4 * SD_MAXN];
};

static void begin(struct adv *a)
{
	a->nrem = a->npar = 0;
}

static void removal(struct adv *a, int cell, uint64_t digits)
{
	digits &= a->cur[cell];
	if (!digits || a->nrem >= 4 * SD_MAXN)
		return;
	for (int i = 0; i < a->nrem; i++)
		if (a->rem_cell[i] == cell) {
			a->rem_digits[i] |= digits;
			return;
		}
	a->rem_cell[a->nrem] = cell;
	a->rem_digits[a->nrem++] = digits;
}

static void parent(struct adv *a, int cell, int d)
{
	if (a->npar < 4 * SD_MAXN)
		a->par[a->npar++] = chain_state(a->n, cell, d, false);
}

/* The deduction in hand, its removals sorted by cell then digit, when
 * it has parents. */
static void finish(struct adv *a)
{
	int32_t off[SD_MAXN * 4 * SD_MAXN];
	int noff = 0;

	if (!a->nrem || !a->npar)
		return;
	for (int i = 1; i < a->nrem; i++)
		for (int j = i; j > 0 && a->rem_cell[j - 1] > a->rem_cell[j]; j--) {
			int c = a->rem_cell[j];
			uint64_t m = a->rem_digits[j];
			a->rem_cell[j] = a->rem_cell[j - 1];
			a->rem_digits[j] = a->rem_digits[j - 1];
			a->rem_cell[j - 1] = c;
			a->rem_digits[j - 1] = m;
		}
	for (int i = 0; i < a->nrem; i++)
		for (uint64_t m = a->rem_digits[i]; m; m &= m - 1)
			off[noff++] = chain_state(a->n, a->rem_cell[i], lowest(m) + 1, false);
	a->emit(a->arg, off, noff, a->par, a->npar, NULL);
	a->got = true;
}

static int member(const struct adv *a, int u, int k) { return a->lg->units.members[u][k]; }

static bool in_unit(const struct adv *a, int cell, int u)
{
	return a->lg->units.unit_of[cell][u / a->n] == u;
}

/* The places of digit d in unit u on the chain's grid, by position: the
 * chain keeps them as it turns candidates off, which spares the rules a
 * scan of the unit at each look. */
static uint64_t unit_places(const struct adv *a, int u, int d)
{
	return a->at[u * a->n + d - 1];
}

static int empty_cells(const struct adv *a, int u)
{
	int count = 0;

	for (int k = 0; k < a->n; k++)
		count += !a->lg->v[member(a, u, k)];
	return count;
}

/* Whether unit u's places of d were there at the chain's start: the
 * parent d at position k of u. */
static bool was_removed(const struct adv *a, int cell, int d)
{
	return (a->init[cell] & bit(d)) && !(a->cur[cell] & bit(d));
}

/* Removes d from its places in unit u that lie outside unit outside:
 * what a digit locked in both units takes away. */
static void remove_outside(struct adv *a, int u, int outside, int d)
{
	for (uint64_t m = unit_places(a, u, d); m; m &= m - 1) {
		int c = member(a, u, lowest(m));
		if (!in_unit(a, c, outside))
			removal(a, c, bit(d));
	}
}

/* SE's order of units of one kind: boxes (kind 2), columns (1), rows (0). */
static const int se_kinds[3] = { 2, 1, 0 };

/* ---- locked candidates (SE's Locking, not direct) ------------------------ */

/* The unit of kind that holds every place where (positions, two or more)
 * of unit u, or -1: the places must lie in one run of the positions that
 * u shares with such a unit (a box's row or column, a line's part in a
 * box); a row and a column share one cell only. */
static int aligned_unit(const struct adv *a, int u, uint64_t where, int kind)
{
	const struct sd_place_runs *runs = &a->lg->runs;
	int k = lowest(where), own = u / a->n;
	uint64_t run;

	if (own == 2)
		run = kind == 0 ? runs->run_c[k] : runs->box_column[k];
	else if (kind == 2)
		run = own == 0 ? runs->run_c[k] : runs->run_r[k];
	else
		return -1;
	return where & ~run ? -1 : a->lg->units.unit_of[member(a, u, k)][kind];
}

/* Locked candidates between u1 of kind1 and the units of kind2 it
 * crosses, in SE's order: by unit of kind2, then digit.  The places of a
 * digit in u1 all lie in one such unit at most: each digit finds its unit,
 * and the pairs (unit, digit) found are taken in that order. */
static void locking_pair(struct adv *a, int kind1, int kind2)
{
	int n = a->n;

	for (int i1 = 0; i1 < n; i1++) {
		int u1 = kind1 * n + i1, nfound = 0;
		int found_unit[SD_MAXN], found_digit[SD_MAXN];
		for (int d = 1; d <= n; d++) {
			uint64_t where = unit_places(a, u1, d);
			if (!two_or_more(where))
				continue;
			int u2 = aligned_unit(a, u1, where, kind2), j = nfound;
			if (u2 < 0)
				continue;
			for (nfound++; j > 0 && found_unit[j - 1] > u2; j--) {
				found_unit[j] = found_unit[j - 1];
				found_digit[j] = found_digit[j - 1];
			}
			found_unit[j] = u2;
			found_digit[j] = d;
		}
		for (int f = 0; f < nfound; f++) {
			int u2 = found_unit[f], d = found_digit[f];
			begin(a);
			remove_outside(a, u2, u1, d);
			if (!a->nrem)
				continue;
			for (int k = 0; k < n; k++) {
				int c = member(a, u1, k);
				if (was_removed(a, c, d) && !in_unit(a, c, u2))
					parent(a, c, d);
			}
			finish(a);
		}
	}
}

/* SE's generalized intersection: the cells outside u1 that see every
 * place of d in u1 lose d; its parents are every place u1 lost.  With
 * rows, columns and boxes, a cell outside u1 sees two places or more of
 * u1 only when they all lie in one unit across (a box's in a line, a
 * line's in a box), and then it is a cell of that unit. */
static void locking_general(struct adv *a, int kind)
{
	int n = a->n;

	for (int i1 = 0; i1 < n; i1++) {
		int u1 = kind * n + i1;
		for (int d = 1; d <= n; d++) {
			uint64_t where = unit_places(a, u1, d);
			int count = popcount(where);
			if (count < 2 || count >= 8)
				continue;
			begin(a);
			for (int k = 0; k < 3; k++) {
				if (k == u1 / n)
					continue;
				int across = aligned_unit(a, u1, where, k);
				if (across >= 0)
					remove_outside(a, across, u1, d);
			}
			if (!a->nrem)
				continue;
			for (int k = 0; k < n; k++)
				if (was_removed(a, member(a, u1, k), d))
					parent(a, member(a, u1, k), d);
			finish(a);
		}
	}
}

static void locking(struct adv *a)
{
	static const int pairs[4][2] = { { 2, 1 }, { 2, 0 }, { 1, 2 }, { 0, 2 } };

	for (int i = 0; i < 4; i++)
		locking_pair(a, pairs[i][0], pairs[i][1]);
	for (int i = 0; i < 3; i++)
		locking_general(a, se_kinds[i]);
}

/* ---- pairs: SE's combinations of two among n, in its order --------------- */

/* The pairs (i, j), i < j, as SE's Permutations gives them: by j, then i. */
#define FOR_PAIRS(i, j, n) for (int j = 1; j < (n); j++) for (int i = 0; i < j; i++)

/* The digits (bits from 0) with exactly two places in unit u. */
static uint64_t two_places(const struct adv *a, int u)
{
	uint64_t two = 0;

	for (int d = 1; d <= a->n; d++)
		if (two_bits(unit_places(a, u, d)))
			two |= bit(d);
	return two;
}

/* Two digits of two places or more whose places together are two: the
 * same two places.  Only digits of exactly two places are paired, in
 * SE's order of pairs. */
static void hidden_pairs(struct adv *a)
{
	int n = a->n;

	for (int t = 0; t < 3; t++)
		for (int i = 0; i < n; i++) {
			int u = se_kinds[t] * n + i;
			if (empty_cells(a, u) <= 4)
				continue;
			uint64_t two = two_places(a, u);
			for (uint64_t m2 = two; m2; m2 &= m2 - 1) {
				int d2 = lowest(m2);
				for (uint64_t m1 = two & (bit(d2 + 1) - 1); m1; m1 &= m1 - 1) {
					int d1 = lowest(m1);
					uint64_t both = unit_places(a, u, d1 + 1), digits = bit(d1 + 1) | bit(d2 + 1);
					if (both != unit_places(a, u, d2 + 1))
						continue;
					begin(a);
					for (uint64_t m = both; m; m &= m - 1)
						removal(a, member(a, u, lowest(m)), ~digits);
					if (!a->nrem)
						continue;
					for (int k = 0; k < n; k++) {
						int c = member(a, u, k);
						if (both >> k & 1)
							continue;
						if (a->init[c] & bit(d1 + 1))
							parent(a, c, d1 + 1);
						if (a->init[c] & bit(d2 + 1))
							parent(a, c, d2 + 1);
					}
					finish(a);
				}
			}
		}
}

/* Two cells of two candidates or more whose candidates together are two:
 * the same two.  Only cells of exactly two candidates are paired, in SE's
 * order of pairs. */
static void naked_pairs(struct adv *a)
{
	int n = a->n;

	for (int t = 0; t < 3; t++)
		for (int i = 0; i < n; i++) {
			int u = se_kinds[t] * n + i;
			if (empty_cells(a, u) < 4)
				continue;
			uint64_t two = 0;
			for (int k = 0; k < n; k++)
				if (two_bits(a->cur[member(a, u, k)]))
					two |= 1ULL << k;
			for (uint64_t m2 = two; m2; m2 &= m2 - 1) {
				int k2 = lowest(m2), c2 = member(a, u, k2);
				for (uint64_t m1 = two & ((1ULL << k2) - 1); m1; m1 &= m1 - 1) {
					int k1 = lowest(m1), c1 = member(a, u, k1);
					uint64_t digits = a->cur[c1];
					if (digits != a->cur[c2])
						continue;
					begin(a);
					for (int k = 0; k < n; k++)
						if (k != k1 && k != k2)
							removal(a, member(a, u, k), digits);
					if (!a->nrem)
						continue;
					for (int d = 1; d <= n; d++)
						if (a->init[c1] & bit(d) & ~digits)
							parent(a, c1, d);
					for (int d = 1; d <= n; d++)
						if (a->init[c2] & bit(d) & ~digits)
							parent(a, c2, d);
					finish(a);
				}
			}
		}
}

/* X-wings: two lines of kind base (columns, then rows) whose places of d
 * lie in two lines across: the same two places in both (digits of
 * exactly two places in each line only). */
static void x_wings(struct adv *a)
{
	const struct sd_logic *lg = a->lg;
	int n = a->n, placed[SD_MAXN + 1] = { 0 };
	uint64_t rare = 0, two[SD_MAXN];

	for (int c = 0; c < lg->cells; c++)
		placed[lg->v[c]]++;
	for (int d = 1; d <= n; d++)
		if (placed[d] + 4 <= n)
			rare |= bit(d);
	for (int t = 0; t < 2; t++) {
		int base = t == 0 ? 1 : 0, across = 1 - base;
		for (int l = 0; l < n; l++)
			two[l] = two_places(a, base * n + l) & rare;
		FOR_PAIRS(l1, l2, n) {
			for (uint64_t md = two[l1] & two[l2]; md; md &= md - 1) {
				int d = lowest(md) + 1;
				uint64_t both = unit_places(a, base * n + l1, d), lines = (1ULL << l1) | (1ULL << l2);
				if (both != unit_places(a, base * n + l2, d))
					continue;
				begin(a);
				for (uint64_t m = both; m; m &= m - 1) {
					int u = across * n + lowest(m);
					for (int k = 0; k < n; k++)
						if (!(lines >> k & 1))
							removal(a, member(a, u, k), bit(d));
				}
				if (!a->nrem)
					continue;
				for (int b = 0; b < 2; b++) {
					int u = base * n + (b ? l2 : l1);
					for (int k = 0; k < n; k++)
						if (!(both >> k & 1) && was_removed(a, member(a, u, k), d))
							parent(a, member(a, u, k), d);
				}
				finish(a);
			}
		}
	}
}

bool sd_advanced_rules(const struct sd_logic *lg, const uint64_t *init, const uint64_t *cur,
		       const uint64_t *places, sd_advanced_fn *emit, void *arg)
{
	static void (*const rules[])(struct adv *) = { locking, hidden_pairs, naked_pairs, x_wings };
	struct adv a = { .lg = lg, .init = init, .cur = cur, .at = places, .n = lg->n, .emit = emit,
			 .arg = arg };

	for (size_t i = 0; i < sizeof rules / sizeof rules[0] && !a.got; i++)
		rules[i](&a);
	return a.got;
}
