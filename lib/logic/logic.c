/* Human techniques for every N: singles, locked candidates, naked and
 * hidden subsets, fish and wings, each found on candidate bitmasks. */
#include <string.h>
#include "logic/chain_int.h"

/* Sudoku Explainer looks at boxes first, then columns, then rows. */
static inline int se_unit(const struct sd_logic *lg, int i)
{
	return i < lg->n ? 2 * lg->n + i : i < 2 * lg->n ? i : i - 2 * lg->n;
}

static inline int row_of(const struct sd_logic *lg, int cell) { return cell / lg->n; }
static inline int col_of(const struct sd_logic *lg, int cell) { return cell % lg->n; }

/* A pencil-mark puzzle's givens, as SukakuExplainer reads them: a cell
 * whose one candidate no peer has holds it; other cells of one candidate
 * still take a naked single.  Into start, from v. */
static void settle_givens(const struct sd_logic *lg, const uint8_t *v, uint8_t *start)
{
	const uint64_t *allowed = lg->allowed;

	memcpy(start, v, (size_t)lg->cells);
	for (int c = 0; c < lg->cells; c++) {
		uint64_t d = allowed[c];
		bool alone = !v[c] && d && !(d & (d - 1));
		for (int k = 0; k < 3 && alone; k++) {
			const uint16_t *members = lg->units.members[lg->units.unit_of[c][k]];
			for (int m = 0; m < lg->n && alone; m++)
				alone = members[m] == c || !(allowed[members[m]] & d);
		}
		if (alone)
			start[c] = (uint8_t)(__builtin_ctzll(d) + 1);
	}
}

int sd_logic_init(struct sd_logic *lg, const struct sd_geom *g, const uint8_t *v)
{
	int n = g->n;
	uint8_t start[SD_MAXCELLS];

	lg->nesting = &sd_chain_nesting;
	/* the unit tables depend on the shape only */
	if (!sd_geom_same(&lg->g, g)) {
		lg->g = *g;
		sd_units(g, &lg->units);
		for (int k = 0; k < n; k++) {
			lg->over_c[k] = (uint8_t)(k / g->c);
			lg->mod_c[k] = (uint8_t)(k % g->c);
			lg->over_r[k] = (uint8_t)(k / g->r);
		}
		sd_place_runs(g, &lg->runs);
	}
	lg->n = n;
	lg->cells = n * n;
	lg->all = sd_all_values(n);
	lg->empty = 0;
	lg->resume_tech = -1;
	if (lg->allowed) {
		settle_givens(lg, v, start);
		v = start;
	}
	memset(lg->placed, 0, (size_t)(3 * n) * sizeof lg->placed[0]);
	for (int c = 0; c < lg->cells; c++) {
		uint64_t d = v[c] ? bit(v[c]) : 0;
		for (int k = 0; k < 3 && d; k++) {
			uint64_t *in_unit = &lg->placed[lg->units.unit_of[c][k]];
			if (*in_unit & d)
				return -1;
			*in_unit |= d;
		}
	}
	for (int c = 0; c < lg->cells; c++) {
		const uint8_t *u = lg->units.unit_of[c];
		lg->v[c] = v[c];
		lg->cand[c] = v[c] ? 0 : lg->all & ~(lg->placed[u[0]] | lg->placed[u[1]] | lg->placed[u[2]]);
		if (lg->allowed)
			lg->cand[c] &= lg->allowed[c];
		lg->empty += !v[c];
	}
	return 0;
}

static void place(struct sd_logic *lg, int cell, int d)
{
	uint64_t keep = ~bit(d);

	lg->v[cell] = (uint8_t)d;
	lg->cand[cell] = 0;
	lg->empty--;
	for (int u = 0; u < 3; u++) {
		const uint16_t *cells = lg->units.members[lg->units.unit_of[cell][u]];
		lg->placed[lg->units.unit_of[cell][u]] |= bit(d);
		for (int k = 0; k < lg->n; k++)
			lg->cand[cells[k]] &= keep;
	}
}


/* ---- singles ----------------------------------------------------------- */

static int full_house(struct sd_logic *lg, struct sd_step *st, int from)
{
	for (int u = from; u < 3 * lg->n; u++) {
		int last = -1, count = 0;
		for (int k = 0; k < lg->n; k++) {
			int c = lg->units.members[u][k];
			if (!lg->v[c] && count++ == 0)
				last = c;
		}
		if (count != 1)
			continue;
		uint64_t missing = lg->all & ~lg->placed[u];
		if (!(lg->cand[last] & missing))
			return -1;
		return sd_step_placement(st, SD_TECH_FULL_HOUSE, u, last, lowest(missing) + 1);
	}
	return 0;
}

static int hidden_single(struct sd_logic *lg, struct sd_step *st, int from, int to, int tech)
{
	for (int u = from; u < to; u++) {
		uint64_t once = 0, twice = 0;
		for (int k = 0; k < lg->n; k++) {
			int c = lg->units.members[u][k];
			twice |= once & lg->cand[c];
			once |= lg->cand[c];
		}
		if (lg->all & ~lg->placed[u] & ~once)
			return -1;              /* a digit with no place left */
		uint64_t single = once & ~twice;
		if (!single)
			continue;
		for (int k = 0; k < lg->n; k++) {
			int c = lg->units.members[u][k];
			if (lg->cand[c] & single & -single)
				return sd_step_placement(st, tech, u, c, lowest(single) + 1);
		}
	}
	return 0;
}

static int naked_single(struct sd_logic *lg, struct sd_step *st, int from)
{
	for (int c = from; c < lg->cells; c++) {
		if (lg->v[c])
			continue;
		if (!lg->cand[c])
			return -1;
		if (popcount(lg->cand[c]) == 1)
			return sd_step_placement(st, SD_TECH_NAKED_SINGLE, -1, c, lowest(lg->cand[c]) + 1);
	}
	return 0;
}

/* ---- locked candidates ------------------------------------------------- */

/* The units of kind (0 row, 1 column, 2 box) that share cells with u. */
static uint64_t crossing(const struct sd_logic *lg, int u, int kind)
{
	uint64_t m = 0;

	for (int k = 0; k < lg->n; k++)
		m |= 1ULL << (lg->units.unit_of[lg->units.members[u][k]][kind] - kind * lg->n);
	return m;
}

/* Sudoku Explainer's direct locked candidates: d confined in unit u1 to
 * its cells in u2 leaves, in another unit u3 of u1's kind crossing u2,
 * one place for d outside u2, where there were more.  The step removes
 * d from u2 outside u1 and places d there; u3 is where the single is. */
static bool direct_lock_single(struct sd_logic *lg, struct sd_step *st, int tech, int u1,
			       int u2, uint64_t d)
{
	int kind1 = u1 / lg->n, kind2 = u2 / lg->n, n = lg->n;

	for (uint64_t m = crossing(lg, u2, kind1); m; m &= m - 1) {
		int u3 = kind1 * n + lowest(m), place = -1, count = 0, outside = 0;
		if (u3 == u1)
			continue;
		for (int k = 0; k < n; k++) {
			int c = lg->units.members[u3][k];
			if (!(lg->cand[c] & d))
				continue;
			count++;
			if (lg->units.unit_of[c][kind2] != u2) {
				outside++;
				place = c;
			}
		}
		if (count < 2 || outside != 1)
			continue;
		sd_step_placement(st, tech, u3, place, lowest(d) + 1);
		st->digits = d;
		st->npattern = 2;
		st->pattern[0] = u1;
		st->pattern[1] = u2;
		for (int k = 0; k < n; k++) {
			int c = lg->units.members[u2][k];
			if (lg->units.unit_of[c][kind1] != u1)
				sd_step_remove(lg, st, c, d);
		}
		return true;
	}
	return false;
}

/* Units of kind1 against the crossing ones of kind2, in Sudoku
 * Explainer's order (by u2, then digit): a digit of u1 whose places all
 * lie in u2 is locked there.  Direct: the lock leads to a single;
 * otherwise it removes d from u2 outside u1.  One pass over u1's cells
 * gathers the digits of its part in each unit of kind2 and those with
 * two places or more; a digit of one part only is locked in it. */
static int locked_pairs(struct sd_logic *lg, struct sd_step *st, int tech, int kind1, int kind2,
			bool direct)
{
	int n = lg->n;

	for (int i1 = 0; i1 < n && !sd_logic_spend(lg, 1); i1++) {
		int u1 = kind1 * n + i1;
		uint64_t part[SD_MAXN], parts = 0, once = 0, twice = 0, in_one = 0, in_more = 0;
		for (int k = 0; k < n; k++) {
			int c = lg->units.members[u1][k], j = lg->units.unit_of[c][kind2] - kind2 * n;
			uint64_t m = lg->cand[c];
			if (!(parts >> j & 1))
				part[j] = 0;
			parts |= 1ULL << j;
			part[j] |= m;
			twice |= once & m;
			once |= m;
		}
		for (uint64_t p = parts; p; p &= p - 1) {
			in_more |= in_one & part[lowest(p)];
			in_one |= part[lowest(p)];
		}
		uint64_t locked = twice & ~in_more;
		for (uint64_t p = parts; p && locked; p &= p - 1)
			for (uint64_t m = part[lowest(p)] & locked; m; m &= m - 1) {
				int u2 = kind2 * n + lowest(p), d = lowest(m) + 1;
				if (direct) {
					if (direct_lock_single(lg, st, tech, u1, u2, bit(d)))
						return 1;
					continue;
				}
				sd_step_begin(st, tech, u1);
				st->digits = bit(d);
				st->pattern[0] = u2;
				for (int k = 0; k < n; k++) {
					int c = lg->units.members[u2][k];
					if (lg->units.unit_of[c][kind1] != u1)
						sd_step_remove(lg, st, c, bit(d));
				}
				if (st->nremoved)
					return 1;
			}
	}
	return 0;
}

/* Locked candidates in SE's order: pointing box against column, then
 * against row; claiming column against box, then row against box. */
static int locking(struct sd_logic *lg, struct sd_step *st, int tech, bool claiming, bool direct)
{
	static const int kinds[2][2][2] = { { { 2, 1 }, { 2, 0 } }, { { 1, 2 }, { 0, 2 } } };

	for (int i = 0; i < 2; i++)
		if (locked_pairs(lg, st, tech, kinds[claiming][i][0], kinds[claiming][i][1], direct))
			return 1;
	return 0;
}

/* ---- subsets and fish: k sets whose union has k members ---------------- */

/* A search for k of the masks set[0..count) whose union has exactly k
 * bits; chosen[] gets their indices.  False too when the rating stops. */
static bool choose_k(struct sd_logic *lg, const uint64_t *set, int count, int k, int from,
		     uint64_t uni, int depth, int *chosen, uint64_t *result,
		     bool (*ok)(void *ctx, const int *chosen, uint64_t uni), void *ctx)
{
	if (depth == k)
		return popcount(uni) == k && ok(ctx, chosen, uni) && (*result = uni, true);
	if (sd_logic_spend(lg, 1))
		return false;
	for (int i = from; i <= count - (k - depth); i++) {
		uint64_t u = uni | set[i];
		if (popcount(u) > k)
			continue;
		chosen[depth] = i;
		if (choose_k(lg, set, count, k, i + 1, u, depth + 1, chosen, result, ok, ctx))
			return true;
	}
	return false;
}

struct subset_ctx {
	struct sd_logic *lg;
	struct sd_step *st;
	int u, k;
	int idx[SD_MAXN];              /* unit positions (naked) or digits (hidden) */
	bool hidden, direct;
	uint64_t pos[SD_MAXN];         /* hidden: positions of each digit */
};

/* Sudoku Explainer's direct hidden subset: once the cells at positions
 * uni keep only the subset's digits, another digit of the unit (the
 * first such) has one place left, where it had more: the step places it
 * there.  Returns whether there is one. */
static bool leaves_hidden_single(const struct subset_ctx *x, uint64_t digits, uint64_t uni)
{
	for (int d = 0; d < x->lg->n; d++) {
		uint64_t p = x->pos[d], out = p & ~uni;
		if (!(digits >> d & 1) && (p & uni) && out && !(out & (out - 1))) {
			x->st->cell = x->lg->units.members[x->u][lowest(out)];
			x->st->digit = d + 1;
			return true;
		}
	}
	return false;
}

static bool subset_eliminates(void *arg, const int *chosen, uint64_t uni)
{
	struct subset_ctx *x = arg;
	struct sd_logic *lg = x->lg;
	struct sd_step *st = x->st;
	uint64_t members = 0;

	st->nremoved = 0;
	st->npattern = x->k;
	for (int i = 0; i < x->k; i++)
		members |= 1ULL << x->idx[chosen[i]];
	if (x->hidden) {
		/* uni is the cells' positions; members the digits */
		st->digits = 0;
		for (int i = 0; i < x->k; i++)
			st->digits |= 1ULL << x->idx[chosen[i]];
		if (x->direct && !leaves_hidden_single(x, st->digits, uni))
			return false;
		int j = 0;
		for (uint64_t p = uni; p; p &= p - 1) {
			int c = lg->units.members[x->u][lowest(p)];
			st->pattern[j++] = c;
			sd_step_remove(lg, st, c, ~st->digits);
		}
	} else {
		st->digits = uni;
		for (int i = 0; i < x->k; i++)
			st->pattern[i] = lg->units.members[x->u][x->idx[chosen[i]]];
		for (int k = 0; k < lg->n; k++)
			if (!(members >> k & 1))
				sd_step_remove(lg, st, lg->units.members[x->u][k], uni);
	}
	return st->nremoved > 0;
}

static int subset(struct sd_logic *lg, struct sd_step *st, int k, bool hidden, int tech)
{
	bool direct = tech == SD_TECH_DIRECT_HIDDEN_PAIR || tech == SD_TECH_DIRECT_HIDDEN_TRIPLE;
	struct subset_ctx x = { .lg = lg, .st = st, .k = k, .hidden = hidden, .direct = direct };
	uint64_t set[SD_MAXN], result;
	int chosen[4];
	struct sd_scan_changes changed;

	/* a subset of a unit takes candidates from its cells only */
	sd_scan_since(lg, tech, &changed);
	for (int i = 0; i < 3 * lg->n && !lg->stopped; i++) {
		int u = se_unit(lg, i), count = 0, open;
		if (!changed.unit[u])
			continue;
		x.u = u;
		/* k naked cells leave the unit's other open cells a hidden subset
		 * of the other digits, with the same eliminations, and the other
		 * way round.  A subset is looked for only once every smaller one
		 * of the other kind found nothing (hidden ones come after naked
		 * ones of their size), so it needs at least 2k open cells, or
		 * 2k + 1 when hidden.  Direct ones come before every naked
		 * subset, and need one more cell than theirs. */
		open = lg->n - sd_popcount(lg->placed[u]);
		if (open < (direct ? k + 1 : 2 * k + hidden))
			continue;
		if (hidden) {
			uint64_t *pos = x.pos;
			memset(pos, 0, (size_t)lg->n * sizeof *pos);
			for (int j = 0; j < lg->n; j++)
				for (uint64_t m = lg->cand[lg->units.members[u][j]]; m; m &= m - 1)
					pos[lowest(m)] |= 1ULL << j;
			for (int d = 0; d < lg->n; d++)
				if (popcount(pos[d]) >= 2 && popcount(pos[d]) <= k) {
					x.idx[count] = d;
					set[count++] = pos[d];
				}
		} else {
			for (int j = 0; j < lg->n; j++) {
				int p = popcount(lg->cand[lg->units.members[u][j]]);
				if (p >= 2 && p <= k) {
					x.idx[count] = j;
					set[count++] = lg->cand[lg->units.members[u][j]];
				}
			}
		}
		if (count < k)
			continue;
		sd_step_begin(st, tech, u);
		if (choose_k(lg, set, count, k, 0, 0, 0, chosen, &result, subset_eliminates, &x)) {
			sd_scan_done(lg, tech, true);
			return 1;
		}
	}
	sd_scan_done(lg, tech, false);
	return 0;
}

struct fish_ctx {
	struct sd_logic *lg;
	struct sd_step *st;
	int k, d;
	bool by_rows;
	int base[SD_MAXN];
};

static int fish_cell(const struct sd_logic *lg, bool by_rows, int base, int cover)
{
	return by_rows ? base * lg->n + cover : cover * lg->n + base;
}

static bool fish_eliminates(void *arg, const int *chosen, uint64_t uni)
{
	struct fish_ctx *x = arg;
	struct sd_logic *lg = x->lg;
	struct sd_step *st = x->st;
	uint64_t bases = 0;

	st->nremoved = 0;
	st->npattern = x->k;
	for (int i = 0; i < x->k; i++) {
		bases |= 1ULL << x->base[chosen[i]];
		st->pattern[i] = x->base[chosen[i]] + (x->by_rows ? 0 : lg->n);
	}
	st->cover = uni;
	for (uint64_t m = uni; m; m &= m - 1)
		for (int line = 0; line < lg->n; line++)
			if (!(bases >> line & 1))
				sd_step_remove(lg, st, fish_cell(lg, x->by_rows, line, lowest(m)), bit(x->d));
	return st->nremoved > 0;
}

static int fish(struct sd_logic *lg, struct sd_step *st, int k, int tech)
{
	struct fish_ctx x = { .lg = lg, .st = st, .k = k };
	uint64_t set[SD_MAXN], result;
	int chosen[4];

	uint64_t lines[SD_MAXN][SD_MAXN];   /* per digit (from 0) and line: where it can go */
	struct sd_scan_changes changed;

	/* a fish of a digit is found on its places alone */
	sd_scan_since(lg, tech, &changed);
	for (int orient = 0; orient < 2 && changed.digits; orient++) {
		x.by_rows = orient == 1;    /* columns first, as Sudoku Explainer */
		if (sd_logic_spend(lg, lg->n))
			return 0;
		for (int d = 0; d < lg->n; d++)
			memset(lines[d], 0, (size_t)lg->n * sizeof lines[d][0]);
		for (int line = 0; line < lg->n; line++)
			for (int j = 0; j < lg->n; j++)
				for (uint64_t c = lg->cand[fish_cell(lg, x.by_rows, line, j)]; c; c &= c - 1)
					lines[lowest(c)][line] |= 1ULL << j;
		for (int d = 1; d <= lg->n && !lg->stopped; d++) {
			int count = 0, open = 0;
			if (!(changed.digits & bit(d)))
				continue;
			x.d = d;
			/* as with subsets, a fish on k of the digit's open lines
			 * leaves a fish on the others across, and the smaller ones
			 * found nothing: it needs 2k open lines */
			for (int line = 0; line < lg->n; line++)
				open += lines[d - 1][line] != 0;
			if (open < 2 * k)
				continue;
			for (int line = 0; line < lg->n; line++) {
				uint64_t m = lines[d - 1][line];
				if (popcount(m) >= 2 && popcount(m) <= k) {
					x.base[count] = line;
					set[count++] = m;
				}
			}
			if (count < k)
				continue;
			sd_step_begin(st, tech, -1);
			st->digits = bit(d);
			if (choose_k(lg, set, count, k, 0, 0, 0, chosen, &result, fish_eliminates, &x)) {
				sd_scan_done(lg, tech, true);
				return 1;
			}
		}
	}
	sd_scan_done(lg, tech, false);
	return 0;
}

/* ---- wings ------------------------------------------------------------- */

/* The cells that see cell: its row and column, then the rest of its box. */
static int peers(const struct sd_logic *lg, int cell, int *out)
{
	int n = lg->n, r = row_of(lg, cell), c = col_of(lg, cell), count = 0;

	for (int k = 0; k < n; k++) {
		if (k != c)
			out[count++] = r * n + k;
		if (k != r)
			out[count++] = k * n + c;
	}
	const uint16_t *box = lg->units.members[lg->units.unit_of[cell][2]];
	for (int k = 0; k < n; k++) {
		int p = box[k];
		if (lg->units.unit_of[p][0] != r && lg->units.unit_of[p][1] != n + c)
			out[count++] = p;
	}
	return count;
}

/* Removes z from the cells that see both wings (and the pivot, for XYZ). */
static int wing_step(struct sd_logic *lg, struct sd_step *st, int tech, int pivot, int a, int b,
		     uint64_t z)
{
	int around[3 * SD_MAXN], count = peers(lg, a, around);

	sd_step_begin(st, tech, -1);
	st->npattern = 3;
	st->pattern[0] = pivot;
	st->pattern[1] = a;
	st->pattern[2] = b;
	st->digits = z;
	for (int i = 0; i < 3; i++)
		st->pattern_cand[i] = lg->cand[st->pattern[i]];
	for (int i = 0; i < count; i++) {
		int c = around[i];
		if (c != pivot && c != b && sees(lg, c, b) &&
		    (tech == SD_TECH_XY_WING || sees(lg, c, pivot)))
			sd_step_remove(lg, st, c, z);
	}
	return st->nremoved > 0;
}

static int wing(struct sd_logic *lg, struct sd_step *st, int tech)
{
	int around[3 * SD_MAXN], wings[3 * SD_MAXN];
	int pivot_size = tech == SD_TECH_XY_WING ? 2 : 3;

	for (int p = 0; p < lg->cells; p++) {
		uint64_t cp = lg->cand[p];
		if (popcount(cp) != pivot_size)
			continue;
		if (sd_logic_spend(lg, 1))
			return 0;
		int count = peers(lg, p, around), nw = 0;
		for (int i = 0; i < count; i++) {
			uint64_t cw = lg->cand[around[i]];
			if (popcount(cw) == 2 && cw != cp &&
			    (pivot_size == 2 ? popcount(cw & cp) == 1 : (cw & ~cp) == 0))
				wings[nw++] = around[i];
		}
		for (int i = 0; i < nw && !sd_logic_spend(lg, 1); i++)
			for (int j = i + 1; j < nw; j++) {
				uint64_t ca = lg->cand[wings[i]], cb = lg->cand[wings[j]];
				uint64_t z = ca & cb;
				if (ca == cb || popcount(z) != 1 || popcount(ca | cb | cp) != 3)
					continue;
				if (pivot_size == 2 && (z & cp))
					continue;
				if (wing_step(lg, st, tech, p, wings[i], wings[j], z))
					return 1;
			}
	}
	return 0;
}

/* ---- the order ---------------------------------------------------------- */

/* Singles resume their scan where the last one was found (from); the
 * other techniques always scan everything. */
int sd_logic_find(struct sd_logic *lg, int tech, struct sd_step *st, int from)
{
	int n = lg->n;

	/* a look over every house, what the scans take; the techniques that
	 * combine more spend more as they go */
	if (sd_logic_spend(lg, 3 * n))
		return 0;
	switch (tech) {
	case SD_TECH_FULL_HOUSE: return full_house(lg, st, from);
	case SD_TECH_HIDDEN_SINGLE_BOX: return hidden_single(lg, st, 2 * n + from, 3 * n, tech);
	case SD_TECH_HIDDEN_SINGLE_LINE: return hidden_single(lg, st, from, 2 * n, tech);
	case SD_TECH_DIRECT_POINTING: return locking(lg, st, tech, false, true);
	case SD_TECH_DIRECT_CLAIMING: return locking(lg, st, tech, true, true);
	case SD_TECH_NAKED_SINGLE: return naked_single(lg, st, from);
	case SD_TECH_POINTING: return locking(lg, st, tech, false, false);
	case SD_TECH_CLAIMING: return locking(lg, st, tech, true, false);
	case SD_TECH_DIRECT_HIDDEN_PAIR: return subset(lg, st, 2, true, tech);
	case SD_TECH_DIRECT_HIDDEN_TRIPLE: return subset(lg, st, 3, true, tech);
	case SD_TECH_NAKED_PAIR: return subset(lg, st, 2, false, tech);
	case SD_TECH_X_WING: return fish(lg, st, 2, tech);
	case SD_TECH_HIDDEN_PAIR: return subset(lg, st, 2, true, tech);
	case SD_TECH_NAKED_TRIPLE: return subset(lg, st, 3, false, tech);
	case SD_TECH_SWORDFISH: return fish(lg, st, 3, tech);
	case SD_TECH_HIDDEN_TRIPLE: return subset(lg, st, 3, true, tech);
	case SD_TECH_XY_WING: return wing(lg, st, tech);
	case SD_TECH_XYZ_WING: return wing(lg, st, tech);
	case SD_TECH_NAKED_QUAD: return subset(lg, st, 4, false, tech);
	case SD_TECH_JELLYFISH: return fish(lg, st, 4, tech);
	case SD_TECH_HIDDEN_QUAD: return subset(lg, st, 4, true, tech);
	case SD_TECH_UNIQUE_LOOP: return lg->unique ? sd_unique_loop(lg, st) : 0;
	case SD_TECH_BUG: return lg->unique ? sd_bug(lg, st) : 0;
	case SD_TECH_ALIGNED_PAIR: return sd_aligned_pair(lg, st);
	case SD_TECH_FORCING_CHAIN: return sd_forcing_chains(lg, st);
	case SD_TECH_ALIGNED_TRIPLE: return sd_aligned_triple(lg, st);
	case SD_TECH_NISHIO: return sd_nishio_chains(lg, st);
	case SD_TECH_MULTIPLE_CHAIN: return sd_multiple_chains(lg, st);
	case SD_TECH_DYNAMIC_CHAIN: return sd_dynamic_chains(lg, st);
	case SD_TECH_DYNAMIC_PLUS: return sd_dynamic_plus_chains(lg, st);
	case SD_TECH_NESTED_CHAIN: return sd_nested_chains(lg, st);
	}
	return 0;
}

/* Where a single was found, as the scan's next start. */
static int scan_position(const struct sd_logic *lg, const struct sd_step *st)
{
	switch (st->tech) {
	case SD_TECH_NAKED_SINGLE: return st->cell;
	case SD_TECH_HIDDEN_SINGLE_BOX: return st->unit - 2 * lg->n;
	default: return st->unit;
	}
}

int sd_logic_step(struct sd_logic *lg, int top, struct sd_step *st)
{
	int r;

	if (!lg->empty)
		return 0;
	/* singles of one kind go in a batch: the scan that found one goes
	 * on from there before the easier kinds are looked at again, which
	 * saves rescanning the grid after every placement and changes no
	 * rating (a single stays available once it is) */
	if (lg->resume_tech >= 0 && lg->resume_tech <= top) {
		r = sd_logic_find(lg, lg->resume_tech, st, lg->resume_from);
		if (lg->stopped)
			return 0;
		if (r < 0)
			return -1;
		if (r > 0) {
			lg->resume_from = scan_position(lg, st);
			place(lg, st->cell, st->digit);
			return 1;
		}
	}
	lg->resume_tech = -1;
	for (int t = 0; t <= top && !lg->stopped; t++) {
		r = sd_logic_find(lg, t, st, 0);
		/* a search cut short may have found a step that is not the one
		 * SE takes: none is taken */
		if (lg->stopped)
			return 0;
		if (r < 0)
			return -1;
		if (!r)
			continue;
		/* a direct step makes its eliminations too, as in SE since
		 * 1.2.1's serate (the ratings of se_rated/ depend on it) */
		for (int i = 0; i < st->nremoved; i++)
			lg->cand[st->removed[i].cell] &= ~st->removed[i].digits;
		if (st->cell < 0)
			return 1;
		/* only the plain singles go on in a batch */
		if (t <= SD_TECH_HIDDEN_SINGLE_LINE || t == SD_TECH_NAKED_SINGLE) {
			lg->resume_tech = t;
			lg->resume_from = scan_position(lg, st);
		}
		place(lg, st->cell, st->digit);
		return 1;
	}
	return 0;
}

int sd_rate(struct sd_logic *lg, const struct sd_geom *g, const uint8_t *v, int top,
	    struct sd_rating *r, sd_step_fn *on_step, void *arg)
{
	struct sd_step st;
	int got = 0;

	memset(r, 0, sizeof *r);
	r->hardest = -1;
	sd_logic_start_work(lg);
	if (sd_logic_init(lg, g, v) < 0) {
		r->contradiction = true;
	} else {
		lg->chain_store = sd_chain_store_new();
		lg->align_memo = sd_align_memo_new();
		lg->scan_memo = sd_scan_memo_new();
		/* a search past the limits sets lg->stopped and finds nothing */
		while ((got = sd_logic_step(lg, top, &st)) > 0) {
			r->count[st.tech]++;
			r->steps++;
			if (st.score > r->score) {
				r->score = st.score;
				r->hardest = st.tech;
			}
			/* as serate: ED is the first step's, EP the hardest
			 * up to the first placement */
			if (r->steps == 1)
				r->diamond = r->score;
			if (st.cell >= 0 && !r->pearl)
				r->pearl = r->score;
			if (on_step)
				on_step(lg, &st, arg);
		}
		r->contradiction = got < 0;
		sd_chain_store_free(lg->chain_store);
		lg->chain_store = NULL;
		sd_align_memo_free(lg->align_memo);
		lg->align_memo = NULL;
		sd_scan_memo_free(lg->scan_memo);
		lg->scan_memo = NULL;
	}
	r->limit = lg->stopped;
	if (r->limit)
		r->level = SD_LEVEL_LIMIT;
	else if (r->contradiction || lg->empty)
		r->level = SD_LEVEL_SEARCH;
	else
		r->level = sd_level_of_score(r->score);
	return r->level;
}
