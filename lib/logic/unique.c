/* The uniqueness techniques, as Sudoku Explainer finds them: unique
 * rectangles and loops (types 1 to 4) and the bivalue universal grave
 * (types 1 to 4).  Both assume the puzzle has one solution; the caller
 * says so in lg->unique.  Where SE's way of searching decides which step
 * comes first (the order of regions, of cells, its filters), it is
 * followed, quirks included, so that the ratings agree. */
#include <stdlib.h>
#include <string.h>
#include "logic/logic_int.h"

/* ---- unique loops ------------------------------------------------------- */

/* What type 3 is looking at: the region, the two extra cells' positions
 * in it, their extra digits, and the subset's size. */
struct type3 { int u, i1, i2, degree; uint64_t extra; };

/* A loop already reported, as SE tells hints apart: the type and the set
 * of cells (a hash of it, with its size). */
struct seen { int type, size; uint64_t hash; };

struct loops {
	struct sd_logic *lg;
	int v1, v2;                    /* the pair's digits, as bits */
	uint64_t pair;
	int loop[SD_MAX_PATTERN], len;
	bool in_loop[SD_MAXCELLS];
	/* per parity of a place in the loop and kind of region, the regions
	 * (by index) of the loop's cells there: valid_loop's sets as the
	 * walk goes, so that it leaves a path no loop through can be valid */
	uint64_t regions[2][3];
	/* per unit, the positions of the cells holding both of the pair's
	 * digits, the only ones a loop goes through: found when the walk
	 * first looks there for this pair (holds_for[u] == pairs) */
	uint64_t holds[3 * SD_MAXN];
	unsigned holds_for[3 * SD_MAXN], pairs;
	struct seen *seen;
	int nseen, capseen;
	struct sd_step best, try;
	bool found;
	unsigned walks;                /* calls of walk, spent in batches */
	struct type3 t3;               /* type 3's region and subset size */
	int rem[SD_MAXN];              /* type 3: the digits besides the pair's and the extra */
};

static uint64_t cell_hash(int c)
{
	uint64_t z = (uint64_t)c * 0x9e3779b97f4a7c15ULL + 0x632be59bd9b4e019ULL;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static uint64_t loop_hash(const struct loops *x)
{
	uint64_t h = 0;

	for (int i = 0; i < x->len; i++)
		h ^= cell_hash(x->loop[i]);
	return h;
}

/* SE keeps the first hint of each kind on each set of cells; the hint in
 * x->try (worth something) is kept as the best when it is easier than
 * the best so far, or of a lower type at the same difficulty.  Kinds
 * are the types, but for the hidden subsets of type 3 (kind 7). */
static void offer(struct loops *x, int kind)
{
	int type = kind == 7 ? 3 : kind;
	uint64_t h = loop_hash(x);

	/* the hints kept are looked over: a unit per few dozen */
	if (!x->try.nremoved || sd_logic_spend(x->lg, 1 + x->nseen / 32))
		return;
	for (int i = 0; i < x->nseen; i++)
		if (x->seen[i].type == kind && x->seen[i].size == x->len && x->seen[i].hash == h)
			return;
	if (x->nseen == x->capseen) {
		int cap = x->capseen ? 2 * x->capseen : 64;
		struct seen *s = realloc(x->seen, (size_t)cap * sizeof *s);
		if (!s) {
			sd_logic_out_of_memory(x->lg);
			return;
		}
		x->seen = s;
		x->capseen = cap;
	}
	x->seen[x->nseen++] = (struct seen){ kind, x->len, h };
	x->try.variant = type;
	x->try.npattern = x->len;
	memcpy(x->try.pattern, x->loop, (size_t)x->len * sizeof x->loop[0]);
	x->try.digits = x->pair;
	if (!x->found || x->try.score < x->best.score - 1e-9 ||
	    (x->try.score < x->best.score + 1e-9 && type < x->best.variant)) {
		x->best = x->try;
		x->found = true;
	}
}

static double loop_score(int len)
{
	double s = 4.5;

	if (len >= 10)
		s += 0.3;
	if (len >= 8)
		s += 0.2;
	else if (len >= 6)
		s += 0.1;
	return s;
}

/* Each region at most once among the loop's odd cells and once among its
 * even ones, and the same regions both ways. */
static bool valid_loop(const struct loops *x)
{
	const struct sd_logic *lg = x->lg;
	uint64_t odd[3] = { 0 }, even[3] = { 0 };

	for (int i = 0; i < x->len; i++)
		for (int kind = 0; kind < 3; kind++) {
			uint64_t b = 1ULL << (se_region(lg, kind, x->loop[i]) % lg->n);
			uint64_t *set = i % 2 ? &odd[kind] : &even[kind];
			if (*set & b)
				return false;
			*set |= b;
		}
	return !memcmp(odd, even, sizeof odd);
}

/* The cells that see every cell of cells[0..count) (not those). */
static int common_peers(const struct sd_logic *lg, const int *cells, int count, int *out)
{
	int found = 0;

	for (int c = 0; c < lg->cells; c++) {
		bool all = true;
		for (int i = 0; i < count && all; i++)
			all = sees(lg, c, cells[i]);
		if (all)
			out[found++] = c;
	}
	return found;
}

static void type1(struct loops *x, int rescue)
{
	sd_step_begin(&x->try, SD_TECH_UNIQUE_LOOP, -1);
	x->try.score = loop_score(x->len);
	sd_step_remove(x->lg, &x->try, rescue, x->pair);
	offer(x, 1);
}

/* The extra cells' digit (the first's lowest beside the pair) goes from
 * the cells that see them all. */
static void type2(struct loops *x, const int *extra, int nextra)
{
	const struct sd_logic *lg = x->lg;
	uint64_t value = lg->cand[extra[0]] & ~x->pair;
	int around[SD_MAXCELLS], count = common_peers(lg, extra, nextra, around);

	value &= -value;
	if (sd_logic_spend(x->lg, nextra * lg->n))
		return;
	sd_step_begin(&x->try, SD_TECH_UNIQUE_LOOP, -1);
	x->try.score = loop_score(x->len);
	for (int i = 0; i < count; i++)
		sd_step_remove(lg, &x->try, around[i], value);
	offer(x, 2);
}

/* The combinations of k of 0..n-1 as masks, in the order of SE's
 * Permutations (Gosper's: the next larger number with k bits).  k = 0
 * yields the empty combination once. */
struct combos { uint64_t next, stop; bool done; };

static void combos_begin(struct combos *it, int k, int n)
{
	it->next = sd_all_values(k);
	it->stop = sd_all_values(n - k);
	it->done = k > n || n == 0;
}

static bool combos_next(struct combos *it, uint64_t *m)
{
	if (it->done)
		return false;
	*m = it->next;
	uint64_t smallest = it->next & -it->next;
	it->done = !(smallest & it->stop);
	if (!it->done) {
		uint64_t ripple = it->next + smallest;
		it->next = ripple | ((it->next ^ ripple) >> 2) / smallest;
	}
	return true;
}

/* SE's CommonTuples: every set has at least two members (light: one),
 * and their union has degree members. */
static uint64_t common_tuple(const uint64_t *sets, int count, int degree, bool light)
{
	uint64_t u = 0;

	for (int i = 0; i < count; i++) {
		if (popcount(sets[i]) < (light ? 1 : 2))
			return 0;
		u |= sets[i];
	}
	return popcount(u) == degree ? u : 0;
}

/* SE's Permutations, pruned: the combinations of k positions (bits of
 * allowed, below below), in the order of combos_next (by the highest
 * position, then the next, ...), that hold the position need (a bit, or
 * 0) and whose sets' union with uni has at most most bits, each passed to
 * x->visit.  The others cannot make a subset of most digits (or places),
 * and on a big board they are nearly all: a 25x25 region has millions of
 * combinations.  Each one tried is a unit of the rating's work. */
struct picks {
	const uint64_t *sets;          /* per position */
	uint64_t allowed, need;
	int most;
	void (*visit)(struct loops *x, uint64_t m);
};

static void pick(struct loops *x, const struct picks *p, int k, int below, uint64_t m, uint64_t uni)
{
	if (!k) {
		p->visit(x, m);
		return;
	}
	for (int i = k - 1; i < below && !x->lg->stopped; i++) {
		uint64_t u = uni | p->sets[i];
		/* the positions still to take all lie below i */
		if (!(p->allowed >> i & 1) || (p->need & ~m) > 1ULL << i || popcount(u) > p->most)
			continue;
		if (sd_logic_spend(x->lg, 1))
			return;
		pick(x, p, k - 1, i, m | 1ULL << i, u);
	}
}

static void naked3(struct loops *x, uint64_t m);
static void hidden3(struct loops *x, uint64_t m);

/* Type 3: the two extra cells c1, c2, in one region, act as one cell
 * holding their extra digits, which with other cells of the region make
 * a naked subset, or with the pair's digits a hidden one. */
static void type3(struct loops *x, int c1, int c2)
{
	struct sd_logic *lg = x->lg;
	int n = lg->n;
	uint64_t extra = (lg->cand[c1] | lg->cand[c2]) & ~x->pair;

	for (int degree = popcount(extra); degree <= n - 2 && !lg->stopped; degree++)
		for (int kind = 0; kind < 3 && !lg->stopped; kind++) {
			int u = se_region(lg, kind, c1);
			if (u != se_region(lg, kind, c2))
				continue;
			int ours = u / n, i1 = lg->units.index_in[c1][ours], i2 = lg->units.index_in[c2][ours];
			int empty = n - popcount(lg->placed[u]);
			const uint16_t *cells = lg->units.members[u];
			x->t3 = (struct type3){ u, i1, i2, degree, extra };
			if (degree * 2 <= empty) {
				/* c1 stands for both, with the extra digits; every
				 * other cell has two candidates or more */
				uint64_t sets[SD_MAXN], allowed = 1ULL << i1;
				for (int i = 0; i < n; i++) {
					sets[i] = i == i1 ? extra : lg->cand[cells[i]];
					if (i != i2 && popcount(sets[i]) >= 2)
						allowed |= 1ULL << i;
				}
				struct picks p = { sets, allowed, 1ULL << i1, degree, naked3 };
				pick(x, &p, degree, n, 0, 0);
			}
			if (degree * 2 < empty) {
				int nrem = 0;
				for (int d = 1; d <= n; d++)
					if (!(bit(d) & x->pair) && !(bit(d) & extra))
						x->rem[nrem++] = d;
				/* SE's Permutations of none of none is empty */
				if (degree - 2 > nrem || !nrem)
					continue;
				/* each digit's places but c2's, one at least */
				uint64_t sets[SD_MAXN], allowed = 0, pair_places = 0;
				for (int j = 0; j < nrem; j++) {
					sets[j] = 0;
					for (int i = 0; i < n; i++)
						if (lg->cand[cells[i]] & bit(x->rem[j]))
							sets[j] |= 1ULL << i;
					sets[j] &= ~(1ULL << i2);
					if (sets[j])
						allowed |= 1ULL << j;
				}
				for (int i = 0; i < n; i++)
					if (lg->cand[cells[i]] & x->pair)
						pair_places |= 1ULL << i;
				struct picks p = { sets, allowed, 0, degree, hidden3 };
				pick(x, &p, degree - 2, nrem, 0, pair_places & ~(1ULL << i2));
			}
		}
}

/* A naked subset of the positions m, c1 among them. */
static void naked3(struct loops *x, uint64_t m)
{
	struct sd_logic *lg = x->lg;
	const struct type3 *t = &x->t3;
	int n = lg->n, i1 = t->i1, i2 = t->i2, degree = t->degree;
	const uint16_t *cells = lg->units.members[t->u];
	uint64_t extra = t->extra;
	int c1 = cells[i1], c2 = cells[i2];

	uint64_t sets[SD_MAXN], naked = extra & lg->cand[c1] & lg->cand[c2];
	int k = 0;
	for (uint64_t b = m; b; b &= b - 1) {
		int i = lowest(b);
		sets[k] = i == i1 ? extra : lg->cand[cells[i]];
		if (i != i1)
			naked |= sets[k];
		k++;
	}
	if (popcount(naked) != degree)
		return;
	uint64_t common = common_tuple(sets, k, degree, false);
	if (!common)
		return;
	sd_step_begin(&x->try, SD_TECH_UNIQUE_LOOP, t->u);
	x->try.score = loop_score(x->len) + (degree - 1) * 0.1;
	for (int i = 0; i < n; i++)
		if (!(m >> i & 1) && i != i2)
			sd_step_remove(lg, &x->try, cells[i], common);
	offer(x, 3);
}

/* A hidden subset of the pair's digits and the digits of rem at m. */
static void hidden3(struct loops *x, uint64_t m)
{
	struct sd_logic *lg = x->lg;
	const struct type3 *t = &x->t3;
	int n = lg->n, i1 = t->i1, i2 = t->i2, degree = t->degree;
	const uint16_t *cells = lg->units.members[t->u];
	const int *rem = x->rem;

	uint64_t sets[SD_MAXN], hidden = x->pair;
	int k = 0;
	for (uint64_t b = m; b; b &= b - 1) {
		int d = rem[lowest(b)];
		hidden |= bit(d);
		sets[k++] = 0;
		for (int i = 0; i < n; i++)
			if (lg->cand[cells[i]] & bit(d))
				sets[k - 1] |= 1ULL << i;
	}
	for (int p = 0; p < 2; p++) {
		uint64_t d = p ? bit(x->v2) : bit(x->v1);
		sets[k] = 0;
		for (int i = 0; i < n; i++)
			if (lg->cand[cells[i]] & d)
				sets[k] |= 1ULL << i;
		k++;
	}
	for (int i = 0; i < k; i++)
		sets[i] &= ~(1ULL << i2);
	uint64_t common = common_tuple(sets, k, degree, true);
	if (!common)
		return;
	common &= ~(1ULL << i1 | 1ULL << i2);
	sd_step_begin(&x->try, SD_TECH_UNIQUE_LOOP, t->u);
	x->try.score = loop_score(x->len) + (popcount(common) - 1) * 0.1;
	for (uint64_t b = common; b; b &= b - 1)
		sd_step_remove(lg, &x->try, cells[lowest(b)], ~hidden);
	offer(x, 7);
}

/* Type 4: in a region holding both extra cells, one of the pair's digits
 * has no other place; the other digit goes from both. */
static void type4(struct loops *x, int c1, int c2)
{
	struct sd_logic *lg = x->lg;
	int r1 = -1, r2 = -1;

	for (int kind = 0; kind < 3; kind++) {
		int u = se_region(lg, kind, c1);
		if (u != se_region(lg, kind, c2))
			continue;
		bool has1 = false, has2 = false;
		for (int i = 0; i < lg->n; i++) {
			int c = lg->units.members[u][i];
			if (c == c1 || c == c2)
				continue;
			has1 |= (lg->cand[c] & bit(x->v1)) != 0;
			has2 |= (lg->cand[c] & bit(x->v2)) != 0;
		}
		if (!has1)
			r1 = u;
		if (!has2)
			r2 = u;
	}
	if (r1 < 0 && r2 < 0)
		return;
	uint64_t gone = r1 >= 0 ? bit(x->v2) : bit(x->v1);
	sd_step_begin(&x->try, SD_TECH_UNIQUE_LOOP, r1 >= 0 ? r1 : r2);
	x->try.score = loop_score(x->len);
	sd_step_remove(lg, &x->try, c1, gone);
	sd_step_remove(lg, &x->try, c2, gone);
	offer(x, 4);
}

static void loop_found(struct loops *x)
{
	struct sd_logic *lg = x->lg;
	int extra[SD_MAX_PATTERN], nextra = 0;

	if (!valid_loop(x))
		return;
	for (int i = 0; i < x->len; i++)
		if (popcount(lg->cand[x->loop[i]]) > 2)
			extra[nextra++] = x->loop[i];
	if (nextra == 1) {
		type1(x, extra[0]);
	} else if (nextra > 2) {
		type2(x, extra, nextra);
	} else if (nextra == 2) {
		uint64_t rest = (lg->cand[extra[0]] | lg->cand[extra[1]]) & ~x->pair;
		if (popcount(rest) == 1)
			type2(x, extra, nextra);
		else if (popcount(rest) >= 2)
			type3(x, extra[0], extra[1]);
		type4(x, extra[0], extra[1]);
	}
}

/* The positions in unit u of the cells holding the pair's digits. */
static uint64_t holding(struct loops *x, int u)
{
	const struct sd_logic *lg = x->lg;

	if (x->holds_for[u] != x->pairs) {
		uint64_t m = 0;
		for (int k = 0; k < lg->n; k++)
			if ((lg->cand[lg->units.members[u][k]] & x->pair) == x->pair)
				m |= 1ULL << k;
		x->holds[u] = m;
		x->holds_for[u] = x->pairs;
	}
	return x->holds[u];
}

/* Whether cell, next in the loop, keeps it valid so far: no region of
 * a kind holds two of its cells at places of one parity (valid_loop). */
static bool fits(const struct loops *x, int cell)
{
	const uint64_t *mine = x->regions[x->len % 2];

	for (int kind = 0; kind < 3; kind++)
		if (mine[kind] >> (se_region(x->lg, kind, cell) % x->lg->n) & 1)
			return false;
	return true;
}

/* Flips cell's regions in the sets of its place in the loop (x->len). */
static void flip_regions(struct loops *x, int cell)
{
	uint64_t *mine = x->regions[x->len % 2];

	for (int kind = 0; kind < 3; kind++)
		mine[kind] ^= 1ULL << (se_region(x->lg, kind, cell) % x->lg->n);
}

/* SE's checkForLoops: from cell, through a region of another kind than
 * the last step's, to cells holding both digits; up to two cells with
 * more digits, or more while their extra digits are one.  The extra
 * digits gather over the cells looked at, as in SE. */
static void walk(struct loops *x, int cell, int allowed, uint64_t ex_in, int last_kind)
{
	struct sd_logic *lg = x->lg;
	uint64_t ex = ex_in;

	/* a unit per call, spent a batch at a time (one by one, 1% of a
	 * rating) */
	if (++x->walks % 64 == 0 && sd_logic_spend(lg, 64))
		return;
	flip_regions(x, cell);
	x->loop[x->len++] = cell;
	x->in_loop[cell] = true;
	for (int kind = 0; kind < 3; kind++) {
		if (kind == last_kind)
			continue;
		int u = se_region(lg, kind, cell);
		const uint16_t *cells = lg->units.members[u];
		/* the loop's first cell holds the pair too */
		for (uint64_t m = holding(x, u); m && !lg->stopped; m &= m - 1) {
			int next = cells[lowest(m)];
			if (next == x->loop[0] && x->len >= 4) {
				loop_found(x);
			} else if (!x->in_loop[next] && x->len < SD_MAX_PATTERN) {
				uint64_t cand = lg->cand[next];
				ex = (ex | cand) & ~x->pair;
				int card = popcount(cand);
				/* a path that cannot close into a valid loop is
				 * not followed: it would find none */
				if ((card == 2 || popcount(ex) == 1 || allowed > 0) && fits(x, next))
					walk(x, next, allowed - (card > 2), ex, kind);
			}
		}
	}
	x->in_loop[cell] = false;
	x->len--;
	flip_regions(x, cell);
}

int sd_unique_loop(struct sd_logic *lg, struct sd_step *st)
{
	struct loops *x = malloc(sizeof *x);
	int found;

	if (!x) {
		sd_logic_out_of_memory(lg);
		return 0;
	}
	/* what is read before it is written: not the whole struct, which
	 * holds two steps and a 64x64 board's worth of flags */
	x->lg = lg;
	x->len = 0;
	memset(x->in_loop, false, (size_t)lg->cells * sizeof *x->in_loop);
	memset(x->regions, 0, sizeof x->regions);
	memset(x->holds_for, 0, (size_t)(3 * lg->n) * sizeof *x->holds_for);
	x->pairs = 0;
	x->seen = NULL;
	x->nseen = x->capseen = 0;
	x->found = false;
	x->walks = 0;
	for (int c = 0; c < lg->cells && !lg->stopped; c++) {
		if (popcount(lg->cand[c]) != 2)
			continue;
		x->pair = lg->cand[c];
		x->pairs++;
		x->v1 = lowest(x->pair) + 1;
		x->v2 = lowest(x->pair & (x->pair - 1)) + 1;
		walk(x, c, 2, 0, -1);
	}
	found = x->found && !lg->stopped;
	if (found)
		*st = x->best;
	free(x->seen);
	free(x);
	return found;
}

/* ---- the bivalue universal grave --------------------------------------- */

int sd_bug(struct sd_logic *lg, struct sd_step *st)
{
	int n = lg->n, bug[SD_MAXCELLS], nbug = 0;
	uint64_t bug_values[SD_MAXCELLS], all = 0;   /* set for the BUG cells only */
	bool common_set = false, any = false;   /* any: some cell sees every BUG cell */
	uint8_t common[SD_MAXCELLS];   /* the cells that see every BUG cell */
	uint64_t rest[SD_MAXCELLS];

	memcpy(rest, lg->cand, (size_t)lg->cells * sizeof *rest);
	/* a digit with other than two places in a region names the one cell
	 * of more than two digits among them as a BUG cell */
	for (int kind = 0; kind < 3; kind++)
		for (int r = 0; r < n; r++) {
			const uint16_t *cells = lg->units.members[se_kind(kind) * n + r];
			uint64_t places[SD_MAXN], wide = 0;   /* by position */
			if (sd_logic_spend(lg, n))
				return 0;
			for (int d = 0; d < n; d++)
				places[d] = 0;
			for (int i = 0; i < n; i++) {
				uint64_t m = lg->cand[cells[i]];
				if (popcount(m) >= 3)
					wide |= 1ULL << i;
				for (; m; m &= m - 1)
					places[lowest(m)] |= 1ULL << i;
			}
			for (int d = 1; d <= n; d++) {
				uint64_t at = places[d - 1], beyond = at & (at - 1), at_wide = at & wide;
				if (!at || (beyond && !(beyond & (beyond - 1))))
					continue;       /* no place or two */
				if (!at_wide)
					return 0;
				if (at_wide & (at_wide - 1))
					continue;       /* more than one wide cell */
				int k = 0, cell = cells[lowest(at_wide)];
				while (k < nbug && bug[k] != cell)
					k++;
				bool fresh = k == nbug;
				if (fresh) {
					bug[nbug++] = cell;
					bug_values[cell] = 0;
				}
				bug_values[cell] |= bit(d);
				all |= bit(d);
				rest[cell] &= ~bit(d);
				if (sd_logic_spend(lg, n))
					return 0;
				/* the cells that see every BUG cell change with a new one */
				if (fresh) {
					for (int c = 0; c < lg->cells; c++)
						common[c] = sees(lg, c, cell) && (!common_set || common[c]);
					common_set = true;
					for (int j = 0; j < nbug; j++)
						common[bug[j]] = 0;
					any = false;
					for (int c = 0; c < lg->cells && !any; c++)
						any = common[c];
				}
				if (nbug > 1 && popcount(all) > 1 && !any)
					return 0;
			}
		}
	/* without the BUG digits, every cell has two and every digit two places */
	for (int c = 0; c < lg->cells; c++)
		if (!lg->v[c] && popcount(rest[c]) != 2)
			return 0;
	for (int u = 0; u < 3 * n; u++)
		for (int d = 1; d <= n; d++) {
			int places = 0;
			for (int i = 0; i < n; i++)
				places += (rest[lg->units.members[u][i]] & bit(d)) != 0;
			if (places != 0 && places != 2)
				return 0;
		}
	if (nbug == 0)
		return 0;
	bool any_common = false;
	for (int c = 0; c < lg->cells; c++)
		any_common |= common_set && common[c];
	if (nbug == 1) {
		sd_step_begin(st, SD_TECH_BUG, -1);
		st->variant = 1;
		st->npattern = 1;
		st->pattern[0] = bug[0];
		st->digits = all;
		sd_step_remove(lg, st, bug[0], ~all);
		return st->nremoved > 0;
	}
	if (popcount(all) == 1) {
		/* type 2: the digit goes from the cells that see every BUG cell */
		sd_step_begin(st, SD_TECH_BUG, -1);
		st->score = 5.7;
		st->variant = 2;
		st->digits = all;
		for (int c = 0; c < lg->cells; c++)
			if (any_common && common[c])
				sd_step_remove(lg, st, c, all);
		if (st->nremoved) {
			st->npattern = nbug < SD_MAX_PATTERN ? nbug : SD_MAX_PATTERN;
			memcpy(st->pattern, bug, (size_t)st->npattern * sizeof bug[0]);
			return 1;
		}
	}
	if (nbug == 2 && (popcount(all) == 1 || any_common)) {
		/* type 4: two BUG cells in a region sharing one other digit */
		int c1 = bug[0], c2 = bug[1];
		uint64_t shared = lg->cand[c1] & lg->cand[c2] & ~all;
		if (popcount(shared) == 1)
			for (int kind = 0; kind < 3; kind++) {
				if (se_region(lg, kind, c1) != se_region(lg, kind, c2))
					continue;
				sd_step_begin(st, SD_TECH_BUG, se_region(lg, kind, c1));
				st->score = 5.7;
				st->variant = 4;
				st->digits = shared;
				st->npattern = 2;
				st->pattern[0] = c1;
				st->pattern[1] = c2;
				sd_step_remove(lg, st, c1, lg->cand[c1] & ~bug_values[c1] & ~shared);
				sd_step_remove(lg, st, c2, lg->cand[c2] & ~bug_values[c2] & ~shared);
				if (st->nremoved)
					return 1;
			}
	}
	if (popcount(all) > 1 && any_common) {
		/* type 3: the BUG digits as one cell of a naked subset with
		 * other cells that see every BUG cell, in a region of them all */
		for (int kind = 0; kind < 3; kind++) {
			int u = se_region(lg, kind, bug[0]);
			bool same = true;
			for (int i = 1; i < nbug; i++)
				same &= se_region(lg, kind, bug[i]) == u;
			if (!same)
				continue;
			int cells[SD_MAXN], ncells = 0;
			for (int c = 0; c < lg->cells; c++)
				if (common[c] && se_region(lg, kind, c) == u)
					cells[ncells++] = c;
			for (int degree = 2; degree <= 6; degree++) {
				if (ncells < degree)
					continue;
				struct combos it;
				uint64_t m;
				for (combos_begin(&it, degree - 1, ncells); combos_next(&it, &m);) {
					uint64_t sets[8], other = 0, in = 0;
					if (sd_logic_spend(lg, 1))
						return 0;
					int k = 0;
					for (uint64_t b = m; b; b &= b - 1) {
						sets[k] = lg->cand[cells[lowest(b)]];
						other |= sets[k++];
						in |= 1ULL << lowest(b);
					}
					sets[k++] = all;
					if (popcount(other) != degree)
						continue;
					uint64_t naked = common_tuple(sets, k, degree, false);
					if (!naked)
						continue;
					sd_step_begin(st, SD_TECH_BUG, u);
					st->score = 5.7 + (popcount(naked) - 1) * 0.1;
					st->variant = 3;
					st->digits = naked;
					for (int i = 0; i < ncells; i++)
						if (!(in >> i & 1))
							sd_step_remove(lg, st, cells[i], naked);
					if (st->nremoved) {
						st->npattern = nbug < SD_MAX_PATTERN ? nbug : SD_MAX_PATTERN;
						memcpy(st->pattern, bug, (size_t)st->npattern * sizeof bug[0]);
						return 1;
					}
				}
			}
		}
	}
	return 0;
}
