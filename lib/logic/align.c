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
 * a set none of whose cells changed or became a base cell, and seen by no
 * changed cell that was or is an excluder, finds nothing again, and is
 * not tried.  The first set that finds something is the same, in the
 * same order. */
#include <stdlib.h>
#include <string.h>
#include "logic/logic_int.h"

#define MAX_DEGREE 3
/* past this many changed cells (a bit each in near[]), every set is tried */
#define MAX_CHANGED 64
/* a set of cells: a bit each, in words of 64 */
#define MAX_WORDS (SD_MAXCELLS / 64)

/* The last scan of one degree: its grid and base cells, and whether it
 * ran to its end finding nothing (else what it saw says nothing). */
struct scan {
	bool clean;
	uint64_t *cand;
	bool *was_base;
};

struct sd_align_memo {
	int n, cells, words;
	/* each cell's peers in SE's order (its box, then the rest of its row,
	 * then the rest of its column): cell c's are peer[peer_at[c] ..
	 * peer_at[c + 1]), and as a set of cells, peer_set[c * words ..] */
	int *peer, *peer_at;
	uint64_t *peer_set;
	/* the scan in hand: SE's candidate base cells (two or more
	 * candidates, no cell of one candidate among their peers, and some
	 * excluder among them: a peer of 2 to degree candidates, one of the
	 * set excluders); each one's peers that are excluders and base cells,
	 * the third cells of its triplets, in SE's order of peers (base i's
	 * are third[third_at[i] .. third_at[i + 1])), and those of these
	 * that changed since the last scan (hot[hot_at[i] ..]) */
	int nbase, *base, *third, *third_at, *hot, *hot_at;
	bool *is_base;
	uint64_t excluders[MAX_WORDS];
	uint8_t *size;                 /* each cell's count of candidates */
	/* per cell, whether the sets holding it are tried again, and the
	 * changed cells that were or are excluders (bit i: the i-th) that
	 * see it */
	bool *dirty;
	uint64_t *near;
	struct scan last[MAX_DEGREE - 1];
};

struct aligned {
	struct sd_logic *lg;
	struct sd_align_memo *m;
	int degree;
	/* the set of base cells tried, and the excluders they share */
	int cells[MAX_DEGREE];
	uint64_t common[MAX_WORDS];
	uint64_t allowed[MAX_DEGREE];  /* the digits seen in a combination left */
};

static void memo_release(struct sd_align_memo *m)
{
	free(m->peer);
	free(m->peer_at);
	free(m->peer_set);
	free(m->base);
	free(m->third);
	free(m->third_at);
	free(m->hot);
	free(m->hot_at);
	free(m->is_base);
	free(m->size);
	free(m->dirty);
	free(m->near);
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
	int words = (lg->cells + 63) / 64;

	if (m->cells == lg->cells && m->n == lg->n)
		return true;
	memo_release(m);
	m->peer = malloc(room * sizeof *m->peer);
	m->peer_at = malloc((cells + 1) * sizeof *m->peer_at);
	m->peer_set = calloc(cells * (size_t)words, sizeof *m->peer_set);
	m->base = malloc(cells * sizeof *m->base);
	m->third = malloc(room * sizeof *m->third);
	m->third_at = malloc((cells + 1) * sizeof *m->third_at);
	m->hot = malloc(room * sizeof *m->hot);
	m->hot_at = malloc((cells + 1) * sizeof *m->hot_at);
	m->is_base = malloc(cells * sizeof *m->is_base);
	m->size = malloc(cells * sizeof *m->size);
	m->dirty = malloc(cells * sizeof *m->dirty);
	m->near = malloc(cells * sizeof *m->near);
	bool ok = m->peer && m->peer_at && m->peer_set && m->base && m->third && m->third_at &&
		  m->hot && m->hot_at && m->is_base && m->size && m->dirty && m->near;
	for (int i = 0; i < MAX_DEGREE - 1; i++) {
		m->last[i].cand = calloc(cells, sizeof *m->last[i].cand);
		m->last[i].was_base = calloc(cells, sizeof *m->last[i].was_base);
		ok = ok && m->last[i].cand && m->last[i].was_base;
	}
	if (!ok) {
		memo_release(m);
		return false;
	}
	int count = 0;
	for (int c = 0; c < lg->cells; c++) {
		int box = se_region(lg, 0, c);
		uint64_t *set = m->peer_set + (size_t)c * (size_t)words;
		m->peer_at[c] = count;
		for (int kind = 0; kind < 3; kind++) {
			const uint16_t *members = lg->units.members[se_region(lg, kind, c)];
			for (int i = 0; i < lg->n; i++) {
				int p = members[i];
				if (p != c && (kind == 0 || lg->units.unit_of[p][2] != box)) {
					m->peer[count++] = p;
					set[p / 64] |= 1ULL << p % 64;
				}
			}
		}
	}
	m->peer_at[lg->cells] = count;
	m->n = lg->n;
	m->cells = lg->cells;
	m->words = words;
	return true;
}

static const uint64_t *peers_of(const struct sd_align_memo *m, int c)
{
	return m->peer_set + (size_t)c * (size_t)m->words;
}

/* The excluders that see cell c among those of x->common, kept there;
 * false when fewer than two are left (SE asks for two excluders shared
 * by all the base cells). */
static bool narrow_common(struct aligned *x, int c)
{
	const uint64_t *peers = peers_of(x->m, c);
	bool one = false, two = false;

	for (int w = 0; w < x->m->words; w++) {
		uint64_t left = x->common[w] &= peers[w];
		two |= (left && one) || (left & (left - 1));
		one |= left != 0;
	}
	return two;
}

/* Whether a cell of size candidates is an excluder. */
static bool is_excluder(const struct aligned *x, int size)
{
	return size >= 2 && size <= x->degree;
}

/* SE's base cells and their third cells; false when there are too few. */
static bool find_bases(struct aligned *x)
{
	const struct sd_logic *lg = x->lg;
	struct sd_align_memo *m = x->m;
	int used = 0;

	memset(m->excluders, 0, (size_t)m->words * sizeof *m->excluders);
	for (int c = 0; c < lg->cells; c++) {
		int size = m->size[c] = (uint8_t)popcount(lg->cand[c]);
		if (is_excluder(x, size))
			m->excluders[c / 64] |= 1ULL << c % 64;
	}
	m->nbase = 0;
	for (int c = 0; c < lg->cells; c++) {
		m->is_base[c] = false;
		if (m->size[c] < 2)
			continue;
		bool naked_single = false, excluder = false;
		for (int k = m->peer_at[c]; k < m->peer_at[c + 1]; k++) {
			int size = m->size[m->peer[k]];
			naked_single |= size == 1;
			excluder |= is_excluder(x, size);
		}
		/* SE leaves the technique to the singles while one is waiting */
		if (naked_single || !excluder)
			continue;
		m->base[m->nbase++] = c;
		m->is_base[c] = true;
	}
	if (m->nbase < x->degree)
		return false;
	for (int i = 0; i < m->nbase; i++) {
		int c = m->base[i];
		m->third_at[i] = used;
		for (int k = m->peer_at[c]; k < m->peer_at[c + 1]; k++) {
			int p = m->peer[k];
			if (m->is_base[p] && m->size[p] <= x->degree)
				m->third[used++] = p;
		}
	}
	m->third_at[m->nbase] = used;
	return true;
}

/* What changed since the last scan of this degree, into dirty[] and
 * near[], and the third cells to try again; the grid and base cells of
 * this scan kept for the next. */
static void since_last(struct aligned *x, struct scan *last)
{
	const struct sd_logic *lg = x->lg;
	struct sd_align_memo *m = x->m;
	int changed[MAX_CHANGED], nchanged = 0;
	bool all = !last->clean;

	for (int c = 0; c < lg->cells; c++) {
		bool moved = lg->cand[c] != last->cand[c];
		/* a changed cell matters to the sets it sees as an excluder,
		 * before or now */
		if (moved && (is_excluder(x, popcount(last->cand[c])) || is_excluder(x, m->size[c]))) {
			if (nchanged < MAX_CHANGED)
				changed[nchanged++] = c;
			else
				all = true;
		}
		m->dirty[c] = moved || (m->is_base[c] && !last->was_base[c]);
		m->near[c] = 0;
		last->cand[c] = lg->cand[c];
		last->was_base[c] = m->is_base[c];
	}
	last->clean = false;
	if (all)
		memset(m->dirty, true, (size_t)lg->cells * sizeof *m->dirty);
	for (int i = 0; i < nchanged && !all; i++)
		for (int k = m->peer_at[changed[i]]; k < m->peer_at[changed[i] + 1]; k++)
			m->near[m->peer[k]] |= 1ULL << i;
	int used = 0;
	for (int i = 0; i < m->nbase; i++) {
		m->hot_at[i] = used;
		for (int k = m->third_at[i]; k < m->third_at[i + 1]; k++)
			if (m->dirty[m->third[k]])
				m->hot[used++] = m->third[k];
	}
	m->hot_at[m->nbase] = used;
}

/* The excluders that see both cells of the pair x->cells, into
 * x->common; false when fewer than two. */
static bool pair_common(struct aligned *x)
{
	const struct sd_align_memo *m = x->m;
	const uint64_t *p0 = peers_of(m, x->cells[0]);

	for (int w = 0; w < m->words; w++)
		x->common[w] = p0[w] & m->excluders[w];
	return narrow_common(x, x->cells[1]);
}

/* SE tries every combination of the base cells' digits and removes the
 * digits found in none allowed: a combination is allowed when no two of
 * its digits are alike in a shared unit and it leaves every shared
 * excluder a candidate.  Here the first two cells' digits a and b are
 * taken in turn: an excluder whose candidates a and b take all is left
 * none by every third digit, one they take all but one of is left none
 * by that one, and the third cell's digits left are those allowed with
 * a and b.  The digits of x->allowed are those of some allowed
 * combination, which one does not matter.  False when the rating
 * stopped on the way. */
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
	int nexcl = 0;

	/* a unit per combination of the first two cells' digits */
	if (sd_logic_spend(lg, x->m->size[cells[0]] * (three ? x->m->size[cells[1]] : 1)))
		return false;
	/* an excluder with a candidate no base cell has is never left none */
	for (int w = 0; w < x->m->words; w++)
		for (uint64_t m = x->common[w]; m; m &= m - 1)
			if (!(lg->cand[w * 64 + lowest(m)] & ~(cand0 | cand1 | cand2)))
				excl[nexcl++] = lg->cand[w * 64 + lowest(m)];
	for (uint64_t m0 = cand0; m0; m0 &= m0 - 1) {
		uint64_t a = m0 & -m0;
		/* the pairs (a, b) that can allow no digit not allowed yet are
		 * not looked at */
		if ((ok0 & a) && ok1 == cand1 && ok2 == cand2)
			continue;
		for (uint64_t m1 = cand1 & ~(link01 ? a : 0); m1; m1 &= m1 - 1) {
			uint64_t b = m1 & -m1, taken = a | b, third = 0;
			bool dead = false;
			if ((ok0 & a) && (ok1 & b) && ok2 == cand2)
				continue;
			for (int k = 0; k < nexcl && !dead; k++) {
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
 * pair's excluders that are base cells, the first's excluders first.
 * Those the memo rules out are not tried: when it rules out the pair,
 * only the third cells that changed are looked at. */
static int triplets(struct aligned *x, struct sd_step *st, int i0, int i1, bool pair_hot, int tech)
{
	struct sd_align_memo *m = x->m;
	const struct sd_logic *lg = x->lg;
	uint64_t pair[MAX_WORDS];
	int c0 = m->base[i0], c1 = m->base[i1];
	bool pair_dirty = m->dirty[c0] || m->dirty[c1], pair_found = false;
	uint64_t pair_near = m->near[c0] & m->near[c1];
	const int *list = pair_hot ? m->third : m->hot, *at = pair_hot ? m->third_at : m->hot_at;

	for (int pass = 0; pass < 2; pass++) {
		int i = pass ? i1 : i0;
		for (int k = at[i]; k < at[i + 1] && !lg->stopped; k++) {
			int c2 = list[k];
			/* the first's excluders are those that see it */
			if (c2 == c1 || (pass && (c2 == c0 || sees(lg, c0, c2))))
				continue;
			if (!pair_dirty && !m->dirty[c2] && !(pair_near & m->near[c2]))
				continue;
			/* each triplet's excluders are among the pair's */
			if (!pair_found) {
				if (!pair_common(x))
					return 0;
				memcpy(pair, x->common, (size_t)m->words * sizeof *pair);
				pair_found = true;
			} else {
				memcpy(x->common, pair, (size_t)m->words * sizeof *pair);
			}
			x->cells[2] = c2;
			if (narrow_common(x, c2) && exclusion_step(x, st, tech))
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

	/* outside a rating, a memo for this scan alone; without its tables
	 * a step could be missed: the rating stops instead */
	if (!m && !(m = own = sd_align_memo_new())) {
		sd_logic_out_of_memory(lg);
		return 0;
	}
	if (!memo_fit(m, lg)) {
		sd_logic_out_of_memory(lg);
		goto done;
	}
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
			x.cells[0] = c0;
			x.cells[1] = c1;
			if (degree == 3)
				found = triplets(&x, st, i0, i1, hot, tech);
			else if (hot && pair_common(&x))
				found = exclusion_step(&x, st, tech);
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
