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
 * in SE's order of a cell's peers (box, row, column).
 *
 * What a set of base cells rules out depends only on the candidates of
 * its cells and of the cells that see them all.  A rating scans again and
 * again grids that differ from the last scan in a few cells (a chain's
 * elimination, a placement and its singles), so the memo keeps the grid
 * of the last scan of each degree that ran to its end and found nothing:
 * a set none of whose cells changed, nor gained its place among the base
 * cells, and none of whose changed cells sees them all finds nothing
 * again, and is not tried.  The first set that finds something is the
 * same, in the same order. */
#include <stdlib.h>
#include <string.h>
#include "logic/logic_int.h"

#define MAX_DEGREE 3
/* past this many changed cells (a bit each in near[]), every set is tried */
#define MAX_CHANGED 64

/* The last scan of one degree: its grid and base cells, and whether it
 * ran to its end finding nothing (else what it saw says nothing). */
struct scan {
	bool clean;
	uint64_t *cand;
	bool *was_base;
};

struct sd_align_memo {
	int n, cells;
	/* each cell's peers in SE's order (its box, then the rest of its row,
	 * then the rest of its column): cell c's are peer[peer_at[c] ..
	 * peer_at[c + 1]) */
	int *peer, *peer_at;
	/* the scan in hand: SE's candidate base cells (two or more
	 * candidates, no cell of one candidate among their peers, and some
	 * excluder among them), each one's excluders (peers of 2 to degree
	 * candidates, in SE's order of peers: base i's are excl[excl_at[i] ..
	 * excl_at[i + 1])), and whether an excluder of base i is a base cell
	 * to try again as a third */
	int nbase, *base, *excl, *excl_at;
	bool *is_base, *hot_third;
	/* per cell, whether the sets holding it are tried again, and the
	 * changed cells (bit i: the i-th) that see it */
	bool *dirty;
	uint64_t *near;
	/* a cell is in the triplets' third cells tried when its mark is stamp */
	int *mark, stamp;
	struct scan last[MAX_DEGREE - 1];
};

struct aligned {
	struct sd_logic *lg;
	struct sd_align_memo *m;
	int degree;
	/* the set of base cells tried, and the excluders they share */
	int cells[MAX_DEGREE];
	int ncommon, common[3 * SD_MAXN];
	uint64_t allowed[MAX_DEGREE];  /* the digits seen in a combination left */
};

static void memo_release(struct sd_align_memo *m)
{
	free(m->peer);
	free(m->peer_at);
	free(m->base);
	free(m->excl);
	free(m->excl_at);
	free(m->is_base);
	free(m->hot_third);
	free(m->dirty);
	free(m->near);
	free(m->mark);
	for (int i = 0; i < MAX_DEGREE - 1; i++) {
		free(m->last[i].cand);
		free(m->last[i].was_base);
	}
	memset(m, 0, sizeof *m);
}

struct sd_align_memo *sd_align_memo_new(void)
{
	return calloc(1, sizeof(struct sd_align_memo));
}

void sd_align_memo_free(struct sd_align_memo *m)
{
	if (m)
		memo_release(m);
	free(m);
}

/* The memo's tables for lg's shape, made when the shape is new; false
 * out of memory. */
static bool memo_fit(struct sd_align_memo *m, const struct sd_logic *lg)
{
	size_t cells = (size_t)lg->cells, room = cells * 3 * (size_t)lg->n;

	if (m->cells == lg->cells && m->n == lg->n)
		return true;
	memo_release(m);
	m->peer = malloc(room * sizeof *m->peer);
	m->peer_at = malloc((cells + 1) * sizeof *m->peer_at);
	m->base = malloc(cells * sizeof *m->base);
	m->excl = malloc(room * sizeof *m->excl);
	m->excl_at = malloc((cells + 1) * sizeof *m->excl_at);
	m->is_base = malloc(cells * sizeof *m->is_base);
	m->hot_third = malloc(cells * sizeof *m->hot_third);
	m->dirty = malloc(cells * sizeof *m->dirty);
	m->near = malloc(cells * sizeof *m->near);
	m->mark = calloc(cells, sizeof *m->mark);
	bool ok = m->peer && m->peer_at && m->base && m->excl && m->excl_at && m->is_base &&
		  m->hot_third && m->dirty && m->near && m->mark;
	for (int i = 0; i < MAX_DEGREE - 1; i++) {
		m->last[i].cand = malloc(cells * sizeof *m->last[i].cand);
		m->last[i].was_base = malloc(cells * sizeof *m->last[i].was_base);
		ok = ok && m->last[i].cand && m->last[i].was_base;
	}
	if (!ok) {
		memo_release(m);
		return false;
	}
	int count = 0;
	for (int c = 0; c < lg->cells; c++) {
		int box = se_region(lg, 0, c);
		m->peer_at[c] = count;
		for (int kind = 0; kind < 3; kind++) {
			const uint16_t *members = lg->units.members[se_region(lg, kind, c)];
			for (int i = 0; i < lg->n; i++) {
				int p = members[i];
				if (p != c && (kind == 0 || lg->units.unit_of[p][2] != box))
					m->peer[count++] = p;
			}
		}
	}
	m->peer_at[lg->cells] = count;
	m->n = lg->n;
	m->cells = lg->cells;
	return true;
}

/* SE's base cells and their excluders; false when there are too few. */
static bool find_bases(struct aligned *x)
{
	const struct sd_logic *lg = x->lg;
	struct sd_align_memo *m = x->m;
	int used = 0;

	m->nbase = 0;
	for (int c = 0; c < lg->cells; c++) {
		m->is_base[c] = false;
		if (popcount(lg->cand[c]) < 2)
			continue;
		int start = used;
		bool naked_single = false;
		for (int k = m->peer_at[c]; k < m->peer_at[c + 1]; k++) {
			int size = popcount(lg->cand[m->peer[k]]);
			naked_single |= size == 1;
			if (size >= 2 && size <= x->degree)
				m->excl[used++] = m->peer[k];
		}
		/* SE leaves the technique to the singles while one is waiting */
		if (naked_single || used == start) {
			used = start;
			continue;
		}
		m->excl_at[m->nbase] = start;
		m->base[m->nbase++] = c;
		m->excl_at[m->nbase] = used;
		m->is_base[c] = true;
	}
	return m->nbase >= x->degree;
}

/* What changed since the last scan of this degree, into dirty[] and
 * near[]; the grid and base cells of this scan kept for the next. */
static void since_last(struct aligned *x, struct scan *last)
{
	const struct sd_logic *lg = x->lg;
	struct sd_align_memo *m = x->m;
	int changed[MAX_CHANGED], nchanged = 0;
	bool all = !last->clean;

	for (int c = 0; c < lg->cells; c++) {
		bool moved = lg->cand[c] != last->cand[c];
		if (moved && !all && nchanged < MAX_CHANGED)
			changed[nchanged++] = c;
		else if (moved)
			all = true;
		m->dirty[c] = moved || (m->is_base[c] && !last->was_base[c]);
		m->near[c] = 0;
		last->cand[c] = lg->cand[c];
		last->was_base[c] = m->is_base[c];
	}
	last->clean = false;
	if (all) {
		memset(m->dirty, true, (size_t)lg->cells * sizeof *m->dirty);
		return;
	}
	for (int i = 0; i < nchanged; i++)
		for (int k = m->peer_at[changed[i]]; k < m->peer_at[changed[i] + 1]; k++)
			m->near[m->peer[k]] |= 1ULL << i;
	if (x->degree < 3)
		return;
	for (int i = 0; i < m->nbase; i++) {
		m->hot_third[i] = false;
		for (int k = m->excl_at[i]; k < m->excl_at[i + 1] && !m->hot_third[i]; k++)
			m->hot_third[i] = m->is_base[m->excl[k]] && m->dirty[m->excl[k]];
	}
}

/* The excluders of base i that also see cell b, into x->common. */
static void shared_excluders(struct aligned *x, int i, int b)
{
	const struct sd_align_memo *m = x->m;

	x->ncommon = 0;
	for (int k = m->excl_at[i]; k < m->excl_at[i + 1]; k++)
		if (sees(x->lg, m->excl[k], b))
			x->common[x->ncommon++] = m->excl[k];
}

/* SE tries every combination of the base cells' digits and removes the
 * digits found in none allowed: a combination is allowed when no two of
 * its digits are alike in a shared unit and it leaves every shared
 * excluder a candidate.  Here the first two cells' digits a and b are
 * taken in turn: an excluder whose candidates a and b take all is left
 * none by every third digit, one they take all but one of is left none
 * by that one, and the third cell's digits left are those allowed with
 * a and b.  False when the rating stopped on the way. */
static bool allowed_digits(struct aligned *x)
{
	struct sd_logic *lg = x->lg;
	const int *cells = x->cells;
	bool three = x->degree == 3;
	uint64_t cand0 = lg->cand[cells[0]], cand1 = lg->cand[cells[1]];
	uint64_t cand2 = three ? lg->cand[cells[2]] : 0, excl[3 * SD_MAXN];
	bool link01 = sees(lg, cells[0], cells[1]);
	bool link02 = three && sees(lg, cells[0], cells[2]), link12 = three && sees(lg, cells[1], cells[2]);
	uint64_t ok0 = 0, ok1 = 0, ok2 = 0;

	/* a unit per combination of the first two cells' digits */
	if (sd_logic_spend(lg, popcount(cand0) * (three ? popcount(cand1) : 1)))
		return false;
	for (int k = 0; k < x->ncommon; k++)
		excl[k] = lg->cand[x->common[k]];
	for (uint64_t m0 = cand0; m0; m0 &= m0 - 1) {
		uint64_t a = m0 & -m0;
		for (uint64_t m1 = cand1 & ~(link01 ? a : 0); m1; m1 &= m1 - 1) {
			uint64_t b = m1 & -m1, taken = a | b, third = 0;
			bool dead = false;
			for (int k = 0; k < x->ncommon && !dead; k++) {
				uint64_t rest = excl[k] & ~taken;
				dead = !rest;
				if (!(rest & (rest - 1)))
					third |= rest;
			}
			if (dead)
				continue;
			if (three) {
				uint64_t c = cand2 & ~third & ~(link02 ? a : 0) & ~(link12 ? b : 0);
				if (!c)
					continue;
				ok2 |= c;
			}
			ok0 |= a;
			ok1 |= b;
		}
	}
	x->allowed[0] = ok0;
	x->allowed[1] = ok1;
	x->allowed[2] = ok2;
	return true;
}

static int exclusion_step(struct aligned *x, struct sd_step *st, int tech)
{
	const struct sd_logic *lg = x->lg;
	bool some = false;

	if (!allowed_digits(x))
		return 0;
	for (int i = 0; i < x->degree; i++)
		some |= (lg->cand[x->cells[i]] & ~x->allowed[i]) != 0;
	if (!some)
		return 0;
	sd_step_begin(st, tech, -1);
	st->npattern = x->degree;
	for (int i = 0; i < x->degree; i++) {
		st->pattern[i] = x->cells[i];
		sd_step_remove(lg, st, x->cells[i], lg->cand[x->cells[i]] & ~x->allowed[i]);
	}
	return 1;
}

/* The triplets of the pair (base i0, base i1): the third cell from the
 * pair's excluders that are base cells, the first's excluders first;
 * those the memo rules out are not tried. */
static int triplets(struct aligned *x, struct sd_step *st, int i0, int i1, int tech)
{
	struct sd_align_memo *m = x->m;
	int pair_common[3 * SD_MAXN], npair = x->ncommon;
	int c0 = m->base[i0], c1 = m->base[i1];
	bool pair_dirty = m->dirty[c0] || m->dirty[c1];
	uint64_t pair_near = m->near[c0] & m->near[c1];

	/* each triplet's excluders are among the pair's */
	for (int k = 0; k < npair; k++)
		pair_common[k] = x->common[k];
	m->stamp++;
	m->mark[c0] = m->mark[c1] = m->stamp;
	for (int pass = 0; pass < 2; pass++) {
		int i = pass ? i1 : i0;
		for (int k = m->excl_at[i]; k < m->excl_at[i + 1] && !x->lg->stopped; k++) {
			int c2 = m->excl[k];
			if (!m->is_base[c2] || m->mark[c2] == m->stamp)
				continue;
			m->mark[c2] = m->stamp;
			if (!pair_dirty && !m->dirty[c2] && !(pair_near & m->near[c2]))
				continue;
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
	struct sd_align_memo *own = NULL, *m = lg->align_memo;
	struct aligned x = { .lg = lg, .degree = degree };
	struct scan *last;
	int found = 0;

	/* outside a rating, a memo for this scan alone */
	if (!m && !(m = own = sd_align_memo_new()))
		return 0;
	if (!memo_fit(m, lg))
		goto done;
	x.m = m;
	last = &m->last[degree - 2];
	if (!find_bases(&x)) {
		last->clean = false;
		goto done;
	}
	since_last(&x, last);
	/* SE's Twomutations: (0,1), (0,2), (1,2), (0,3), ... */
	for (int i1 = 1; i1 < m->nbase && !found; i1++)
		for (int i0 = 0; i0 < i1 && !found && !sd_logic_spend(lg, 1); i0++) {
			int c0 = m->base[i0], c1 = m->base[i1];
			bool hot = m->dirty[c0] || m->dirty[c1] || (m->near[c0] & m->near[c1]);
			/* a pair the memo rules out, and all its triplets */
			if (!hot && (degree == 2 || !(m->hot_third[i0] || m->hot_third[i1])))
				continue;
			x.cells[0] = c0;
			x.cells[1] = c1;
			shared_excluders(&x, i0, c1);
			/* SE asks for two excluders shared by all the base cells */
			if (x.ncommon < 2)
				continue;
			found = degree == 2 ? exclusion_step(&x, st, tech) : triplets(&x, st, i0, i1, tech);
		}
	last->clean = !found && !lg->stopped;
done:
	sd_align_memo_free(own);
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
