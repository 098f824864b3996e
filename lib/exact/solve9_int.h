/* The search of the 9×9 fast path (solve9.c), included there once per
 * variant: S9_TARGET is the variant's target attribute (empty for the
 * portable one), S9(name) its names and S9_AVX2 set in the AVX2 one, so
 * that the same source is compiled for the baseline and again for a newer
 * instruction set, and solve9.c picks one at run time.  Not a header of
 * its own: it uses solve9.c's state, tables, report and budget. */
#define pc27 S9(pc27)
#define row_box_pairs S9(row_box_pairs)
#define clear_cells S9(clear_cells)
#define solve_cell S9(solve_cell)
#define band_update S9(band_update)
#define next_in_run S9(next_in_run)
#define prev_in_run S9(prev_in_run)
#define digit_update S9(digit_update)
#define alone_in_runs S9(alone_in_runs)
#define count27 S9(count27)
#define unit_bits S9(unit_bits)
#define pairs_in S9(pairs_in)
#define triads S9(triads)
#define propagate S9(propagate)
#define choose_placing S9(choose_placing)
#define place_digit S9(place_digit)
#define search S9(search)

static inline S9_TARGET int pc27(uint32_t x)
{
	return T.bits[x & 0x1ff] + T.bits[x >> 9 & 0x1ff] + T.bits[x >> 18];
}

static inline S9_TARGET uint32_t row_box_pairs(uint32_t x)
{
	return T.shrink[x & 0x1ff] | T.shrink[x >> 9 & 0x1ff] << 3 | T.shrink[x >> 18] << 6;
}

#define TRIPLETS 0x1249249u      /* the first bit of each run of three */
#define ROW_FIRSTS 0x1c0e07u     /* the first of three bits 3 apart, in each block of 9 */
/* For a band's mask, or a vector of them: the columns with a cell (bits
 * 0-8), and the triads with a cell, each marked by its first cell. */
#define COLUMNS_OF(x) (((x) | (x) >> 9 | (x) >> 18) & 0x1ff)
#define TRIADS_OF(x) (((x) | (x) >> 1 | (x) >> 2) & TRIPLETS)
/* A digit's (band, column) pairs from its three bands: bit 9·band + column. */
#define BAND_COLUMN_PAIRS(b0, b1, b2) (COLUMNS_OF(b0) | COLUMNS_OF(b1) << 9 | COLUMNS_OF(b2) << 18)

/* Clears cells from the masks of every digit of their band; returns the
 * digits that had one of them, whose masks changed (nine words: a vector
 * of eight and one more, or two of four). */
static inline S9_TARGET uint32_t clear_cells(uint32_t *band, uint32_t keep)
{
	uint32_t hit = (uint32_t)((band[8] & ~keep) != 0) << 8;
#ifdef S9_AVX2
	__m256i v = _mm256_loadu_si256((const __m256i *)band), k = _mm256_set1_epi32((int)keep);
	__m256i gone = _mm256_andnot_si256(k, v);
	hit |= ~(uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(gone, _mm256_setzero_si256()))) & 0xff;
	_mm256_storeu_si256((__m256i *)band, _mm256_and_si256(v, k));
#else
	vec4 lo, hi;

	memcpy(&lo, band, sizeof lo);
	memcpy(&hi, band + 4, sizeof hi);
	for (int k = 0; k < 4; k++)
		hit |= (uint32_t)((lo[k] & ~keep) != 0) << k | (uint32_t)((hi[k] & ~keep) != 0) << (k + 4);
	lo &= keep;
	hi &= keep;
	memcpy(band, &lo, sizeof lo);
	memcpy(band + 4, &hi, sizeof hi);
#endif
	band[8] &= keep;
	return hit;
}

static S9_TARGET void solve_cell(struct state *s, int d, int b, int i)
{
	uint32_t bit = 1u << i, column = 0x40201u << T.column_of[i];

	s->unsolved[b] &= ~bit;
	clear_cells(&s->cand[AT(0, b)], ~bit);
	for (int k = 0; k < 3; k++)
		s->cand[AT(d, k)] &= ~column;
	s->cand[AT(d, b)] = (s->cand[AT(d, b)] & ~T.peers[i]) | bit;
}

/* Each bit of a run of three takes the next one's value (the last the
 * first's), or the previous one's. */
static inline S9_TARGET uint32_t next_in_run(uint32_t x)
{
	return (x >> 1 & ~(TRIPLETS << 2)) | (x << 2 & TRIPLETS << 2);
}

static inline S9_TARGET uint32_t prev_in_run(uint32_t x)
{
	return (x << 1 & ~TRIPLETS) | (x >> 2 & TRIPLETS);
}

/* What one band of a digit's masks implies, when it changed; false on a
 * contradiction.  Other digits whose masks it changes join dirty.  Inlined
 * with b constant, so that the digit's masks stay in registers. */
static inline __attribute__((always_inline)) S9_TARGET bool band_update(struct state *s, uint32_t *c,
							     uint32_t *before, int b, uint32_t *dirty)
{
	if (c[b] == before[b])
		return true;
	uint32_t kept = T.allowed_cells[row_box_pairs(c[b])];
	if (!kept)
		return false;
	uint32_t x = c[b] &= kept;
	/* hidden singles: after that filter a box with one cell leaves its
	 * row one cell too (the row can take no other box), so the rows with
	 * one cell find the boxes' singles as well */
	uint32_t fixed = T.lone_cell[x & 0x1ff] | T.lone_cell[x >> 9 & 0x1ff] << 9 | T.lone_cell[x >> 18] << 18;
	/* placed all at once, without a loop: two of them never share a box
	 * (both rows would need it, and no placing allows that), so never a
	 * column either; the filter took their row and box peers already, so
	 * what is left is their columns in the other bands and the other
	 * digits of their cells */
	fixed &= s->unsolved[b];
	if (fixed) {
		uint32_t columns = T.columns[COLUMNS_OF(fixed)];
		s->unsolved[b] &= ~fixed;
		*dirty |= clear_cells(&s->cand[AT(0, b)], ~fixed);
		c[0] &= ~columns;
		c[1] &= ~columns;
		c[2] &= ~columns;
		c[b] |= fixed;
	}
	/* the band as this update leaves it, which a second update would not
	 * change: the filter keeps what it kept, and the singles' columns in
	 * their own band were in their boxes, gone already.  (Noting it before
	 * the filter sent every band the filter changed through a second
	 * update: 7% of the time.) */
	before[b] = c[b];
	return true;
}

/* Everything one digit's masks imply; false on a contradiction.  The
 * other digits whose masks it changed join dirty; d leaves it (its own
 * words in memory, cleared with the others', are written back here). */
static S9_TARGET bool digit_update(struct state *s, int d, uint32_t *dirty)
{
	uint32_t c[3] = { s->cand[AT(d, 0)], s->cand[AT(d, 1)], s->cand[AT(d, 2)] };
	uint32_t before[3] = { s->seen[AT(d, 0)], s->seen[AT(d, 1)], s->seen[AT(d, 2)] };
	/* c when the stacks were last checked: they need no second look until
	 * a band changes */
	uint32_t stacked[3] = { 0, 0, 0 };

	for (;;) {
		if (!band_update(s, c, before, 0, dirty) || !band_update(s, c, before, 1, dirty) ||
		    !band_update(s, c, before, 2, dirty))
			return false;
		if (c[0] == stacked[0] && c[1] == stacked[1] && c[2] == stacked[2])
			break;
		stacked[0] = c[0], stacked[1] = c[1], stacked[2] = c[2];
		/* stacks: (band, column) pairs of three columns must hold a
		 * permutation; a pair stays when the other two bands can take
		 * the other two columns of its stack, all nine at once */
		uint32_t cols = BAND_COLUMN_PAIRS(c[0], c[1], c[2]);
		uint32_t up = (cols >> 9 | cols << 18) & FULL, down = (cols >> 18 | cols << 9) & FULL;
		uint32_t kept = cols & ((next_in_run(up) & prev_in_run(down)) | (prev_in_run(up) & next_in_run(down)));
		if (((kept | kept >> 1 | kept >> 2) & TRIPLETS) != TRIPLETS)
			return false;
		if (kept != cols) {
			uint32_t gone = cols & ~kept;
			c[0] &= ~T.columns[gone & 0x1ff];
			c[1] &= ~T.columns[gone >> 9 & 0x1ff];
			c[2] &= ~T.columns[gone >> 18];
		}
		/* A column with one open cell needs no rule of its own: its band
		 * alone can take the column, so the test above leaves that band
		 * only this column in the stack, the box one cell, and the next
		 * band_update places it.  (A column rule here found the same
		 * fixed points, at 6% more instructions.) */
		if (c[0] == before[0] && c[1] == before[1] && c[2] == before[2])
			break;
	}
	for (int b = 0; b < 3; b++)
		s->cand[AT(d, b)] = s->seen[AT(d, b)] = c[b];
	*dirty &= ~(1u << d);
	return true;
}


/* The bits of each lane with no other bit in their run of three, the
 * runs' bits step apart from the firsts (through pointers: a vector this
 * wide is passed in memory anyway). */
static inline S9_TARGET void alone_in_runs(vec16 *out, const vec16 *in, int step, uint32_t firsts)
{
	vec16 x = *in;
	*out = x & ~(((x >> step | x >> 2 * step) & firsts) | ((x << step | x >> step) & firsts << step) |
		     ((x << step | x << 2 * step) & firsts << 2 * step));
}

static inline S9_TARGET int count27(uint32_t x)
{
#ifdef S9_AVX2
	return __builtin_popcount(x);
#else
	return pc27(x);
#endif
}

/* Triads: the three cells where a row or a column meets a box hold three
 * digits, so a triad three digits must take holds no other.  A digit must
 * take a triad when it is the only one its placings leave it in that row
 * of the band (or band of the stack): at a fixed point of digit_update
 * every pair left is used by some placing.  With the branching on
 * placings it makes the tree a quarter smaller (forum_hardest, -u).  Fills
 * t; -1 on a contradiction, else the digits whose masks changed. */
static S9_TARGET int triads(struct state *s, struct triad_sets *t)
{
	uint32_t must_h[16], must_v[16];
	uint32_t h1 = 0, h2 = 0, h3 = 0, h4 = 0, v1 = 0, v2 = 0, v3 = 0, v4 = 0, open_h = 0, open_v = 0;
	int changed = 0;
	/* the nine digits of a band side by side, one to a lane */
	vec16 b0 = { 0 }, b1 = { 0 }, b2 = { 0 };

	memcpy(&b0, &s->cand[AT(0, 0)], 9 * sizeof(uint32_t));
	memcpy(&b1, &s->cand[AT(0, 1)], 9 * sizeof(uint32_t));
	memcpy(&b2, &s->cand[AT(0, 2)], 9 * sizeof(uint32_t));
	vec16 h = TRIADS_OF(b0) | TRIADS_OF(b1) << 1 | TRIADS_OF(b2) << 2, v = BAND_COLUMN_PAIRS(b0, b1, b2);
	vec16 mh, mv;
	alone_in_runs(&mh, &h, 3, ROW_FIRSTS);  /* a band's three boxes, per row */
	alone_in_runs(&mv, &v, 1, TRIPLETS);    /* a stack's three columns, per band */
	memcpy(t->h, &h, sizeof t->h);
	memcpy(t->v, &v, sizeof t->v);
	memcpy(must_h, &mh, sizeof must_h);
	memcpy(must_v, &mv, sizeof must_v);
	for (int d = 0; d < 9; d++) {
		uint32_t x = must_h[d], y = must_v[d];
		open_h |= t->h[d] & ~x;
		open_v |= t->v[d] & ~y;
		h4 |= h3 & x, h3 |= h2 & x, h2 |= h1 & x, h1 |= x;
		v4 |= v3 & y, v3 |= v2 & y, v2 |= v1 & y, v1 |= y;
	}
	if (h4 | v4)
		return -1;
	uint32_t full_h = h3 & open_h, full_v = v3 & open_v;
	if (!(full_h | full_v))
		return 0;
	for (int d = 0; d < 9; d++) {
		/* the triads three other digits take, where this one may be */
		uint32_t drop_h = full_h & ~must_h[d] & t->h[d], drop_v = full_v & ~must_v[d] & t->v[d];
		if (!(drop_h | drop_v))
			continue;
		changed |= 1 << d;
		for (int b = 0; b < 3; b++)
			s->cand[AT(d, b)] &= ~((drop_h >> b & TRIPLETS) * 7 | T.columns[drop_v >> 9 * b & 0x1ff]);
	}
	return changed;
}

/* Singles, the digits' placings and triads to their fixed point; false on
 * a contradiction.  At the end t holds the digits' triad sets.  dirty: the
 * digits whose masks changed since digit_update last saw them (the one
 * placed, or all at the start).  Each change adds the digits it touched;
 * comparing the state with seen after every round instead cost 8% (loads
 * of words just stored, and more rounds, since a digit changed during a
 * round waited for the next). */
static S9_TARGET bool propagate(struct state *s, struct triad_sets *t, uint32_t dirty)
{
	bool scan = true;       /* the masks changed since the last naked singles */

	for (;;) {
		while (dirty) {
			int d = __builtin_ctz(dirty);
			dirty &= dirty - 1;
			scan = true;
			if (!digit_update(s, d, &dirty))
				return false;
		}
		if (!scan) {
			int changed = triads(s, t);
			if (changed <= 0)
				return changed == 0;
			dirty = (uint32_t)changed;
			continue;
		}
		scan = false;
		/* naked singles: count each cell's candidates across the digits */
		for (int b = 0; b < 3; b++) {
			uint32_t one = 0, two = 0, open = s->unsolved[b];
			if (!open)
				continue;
			for (int d = 0; d < 9; d++) {
				uint32_t x = s->cand[AT(d, b)] & open;
				two |= one & x;
				one |= x;
			}
			if (open & ~one)
				return false;
			for (uint32_t single = one & ~two & open; single; single &= single - 1) {
				int i = __builtin_ctz(single), d = 0;
				/* its one digit, found without a branch per digit */
				for (int k = 1; k < 9; k++)
					d |= -(int)(s->cand[AT(k, b)] >> i & 1) & k;
				/* an earlier single of this pass may have emptied it */
				if (s->cand[AT(d, b)] >> i & 1) {
					/* the cell held no other digit, so only d
					 * changed */
					solve_cell(s, d, b, i);
					dirty |= 1u << d;
					scan = true;
				}
			}
		}
	}
}

/* Band or stack u's bits in a digit's triad sets: in h for a band (u < 3),
 * in v for a stack. */
static const uint32_t unit_bits[6] = {
	TRIPLETS, TRIPLETS << 1, TRIPLETS << 2, ROW_FIRSTS, ROW_FIRSTS << 3, ROW_FIRSTS << 6
};

/* A digit's triads in band or stack u: pairs of (row, box), or of (band,
 * column), 3 when it is placed there, up to 9. */
static inline S9_TARGET int pairs_in(const struct triad_sets *t, int u, int d)
{
	return count27((u < 3 ? t->h[d] : t->v[d]) & unit_bits[u]);
}

/* What to branch on, after tdoku's published choice: the band (0-2) or
 * stack (3-5) whose digits have the fewest triads left in all, not every
 * digit placed, and in it the digit with the fewest; returns that digit's
 * placings there, as bits of T.permutation (at least two), 0 when every
 * digit is placed.  A digit's triads at a fixed point are a union of
 * placings, and their number tells how many: 3 one, 5 or 6 two, 7 three. */
static S9_TARGET uint32_t choose_placing(const struct state *s, const struct triad_sets *t, int *unit,
					 int *digit)
{
	enum { NONE = 1023 };
	int best = NONE << 3 | 7, total[6] = { 0 };

	for (int d = 0; d < 9; d++) {
		uint32_t h = t->h[d], v = t->v[d];
		total[0] += count27(h & unit_bits[0]);
		total[1] += count27(h & unit_bits[1]);
		total[2] += count27(h & unit_bits[2]);
		total[3] += count27(v & unit_bits[3]);
		total[4] += count27(v & unit_bits[4]);
		total[5] += count27(v & unit_bits[5]);
	}
	/* the least (count, index) key, without a branch per unit or digit,
	 * since the counts compare unpredictably; a unit with every digit
	 * placed (27 triads) or a placed digit (3) counts as none */
	for (int u = 0; u < 6; u++) {
		int key = (total[u] > 27 ? total[u] : NONE) << 3 | u;
		best = key < best ? key : best;
	}
	if (best >> 3 == NONE)
		return 0;
	*unit = best & 7;
	int fewest = NONE << 4;
	for (int d = 0; d < 9; d++) {
		int n = pairs_in(t, *unit, d), key = (n > 3 ? n : NONE) << 4 | d;
		fewest = key < fewest ? key : fewest;
	}
	*digit = fewest & 15;
	uint32_t pairs;
	if (*unit < 3) {
		pairs = row_box_pairs(s->cand[AT(*digit, *unit)]);
	} else {
		uint32_t y = t->v[*digit] >> 3 * (*unit - 3) & 0x1c0e07u;
		pairs = (y | y >> 6 | y >> 12) & 0x1ff;
	}
	return T.placings[pairs];
}

/* Puts digit d of band or stack u in placing p. */
static inline S9_TARGET void place_digit(struct state *s, int u, int d, int p)
{
	uint32_t m = T.permutation[p];

	if (u < 3) {
		s->cand[AT(d, u)] &= T.expand[m];
		return;
	}
	int sh = 3 * (u - 3);
	for (int b = 0; b < 3; b++)
		s->cand[AT(d, b)] &= ~T.columns[(~m >> 3 * b & 7) << sh];
}

/* dirty: as for propagate. */
static S9_TARGET void search(struct run9 *run, struct state *s, uint32_t dirty)
{
	struct triad_sets sets;

	if (!propagate(s, &sets, dirty)) {
		run->res->backtracks++;
		return;
	}
	if (!(s->unsolved[0] | s->unsolved[1] | s->unsolved[2])) {
		report(run, s);
		return;
	}
	/* at a fixed point some digit has two placings left somewhere, or
	 * every digit has one everywhere and the board is solved */
	int unit = 0, digit = 0;
	uint32_t placings = choose_placing(s, &sets, &unit, &digit);
	while (placings && !run->stopped) {
		int k = __builtin_ctz(placings);
		placings &= placings - 1;
		if (out_of_budget(run)) {
			run->stopped = true;
			return;
		}
		run->res->nodes++;
		if (!placings) {        /* the last placing: no copy needed */
			place_digit(s, unit, digit, k);
			search(run, s, 1u << digit);
			return;
		}
		struct state copy = *s;
		place_digit(&copy, unit, digit, k);
		search(run, &copy, 1u << digit);
	}
}


#undef pc27
#undef row_box_pairs
#undef clear_cells
#undef solve_cell
#undef band_update
#undef next_in_run
#undef prev_in_run
#undef digit_update
#undef alone_in_runs
#undef count27
#undef unit_bits
#undef pairs_in
#undef triads
#undef propagate
#undef choose_placing
#undef TRIPLETS
#undef ROW_FIRSTS
#undef COLUMNS_OF
#undef TRIADS_OF
#undef BAND_COLUMN_PAIRS
#undef place_digit
#undef search
