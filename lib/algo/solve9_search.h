/* The search of the 9×9 fast path (solve9.c), included there once per
 * variant: S9_TARGET is the variant's target attribute (empty for the
 * portable one) and S9(name) its names, so that the same source is compiled
 * for the baseline and again for a newer instruction set, and solve9.c
 * picks one at run time.  Not a header of its own: it uses solve9.c's
 * state, tables, report and budget. */
#define pc27 S9(pc27)
#define row_box_pairs S9(row_box_pairs)
#define band_columns S9(band_columns)
#define clear_cell S9(clear_cell)
#define solve_cell S9(solve_cell)
#define solve_held S9(solve_held)
#define band_update S9(band_update)
#define digit_update S9(digit_update)
#define propagate S9(propagate)
#define choose S9(choose)
#define search S9(search)

static inline S9_TARGET int pc27(uint32_t x)
{
	return T.bits[x & 0x1ff] + T.bits[x >> 9 & 0x1ff] + T.bits[x >> 18];
}

static inline S9_TARGET uint32_t row_box_pairs(uint32_t x)
{
	return T.shrink[x & 0x1ff] | T.shrink[x >> 9 & 0x1ff] << 3 | T.shrink[x >> 18] << 6;
}

static inline S9_TARGET uint32_t band_columns(uint32_t x)
{
	return (x | x >> 9 | x >> 18) & 0x1ff;
}

/* Clears a cell from the masks of every digit of its band: nine words, so
 * two vectors and one more. */
static inline S9_TARGET void clear_cell(uint32_t *band, uint32_t keep)
{
	vec4 lo, hi;

	memcpy(&lo, band, sizeof lo);
	memcpy(&hi, band + 4, sizeof hi);
	lo &= keep;
	hi &= keep;
	memcpy(band, &lo, sizeof lo);
	memcpy(band + 4, &hi, sizeof hi);
	band[8] &= keep;
}

static S9_TARGET void solve_cell(struct state *s, int d, int b, int i)
{
	uint32_t bit = 1u << i, column = 0x40201u << T.column_of[i];

	s->unsolved[b] &= ~bit;
	clear_cell(&s->cand[AT(0, b)], ~bit);
	for (int k = 0; k < 3; k++)
		s->cand[AT(d, k)] &= ~column;
	s->cand[AT(d, b)] = (s->cand[AT(d, b)] & ~T.peers[i]) | bit;
}

/* The same, for the digit digit_update holds in c[]. */
static inline S9_TARGET void solve_held(struct state *s, uint32_t *c, int b, int i)
{
	uint32_t bit = 1u << i, column = 0x40201u << T.column_of[i];

	s->unsolved[b] &= ~bit;
	clear_cell(&s->cand[AT(0, b)], ~bit);
	c[0] &= ~column;
	c[1] &= ~column;
	c[2] &= ~column;
	c[b] = (c[b] & ~T.peers[i]) | bit;
}

/* What one band of a digit's masks implies, when it changed; false on a
 * contradiction.  Inlined with b constant, so that the digit's masks stay
 * in registers. */
static inline __attribute__((always_inline)) S9_TARGET bool band_update(struct state *s, uint32_t *c,
							     uint32_t *before, int b)
{
	if (c[b] == before[b])
		return true;
	before[b] = c[b];
	uint32_t a = T.allowed[row_box_pairs(c[b])];
	if (!a)
		return false;
	uint32_t x = c[b] &= T.expand[a];
	/* a box has one cell when one row crosses it, with one cell */
	uint32_t r0 = a & 7, r1 = a >> 3 & 7, r2 = a >> 6;
	uint32_t lone0 = T.lone[x & 0x1ff], lone1 = T.lone[x >> 9 & 0x1ff], lone2 = T.lone[x >> 18];
	uint32_t one_row = ~((r0 & r1) | (r0 & r2) | (r1 & r2));
	uint32_t boxes = one_row & (lone0 | lone1 | lone2) & 7;
	uint32_t rows = (lone0 >> 3) | (lone1 >> 3) << 1 | (lone2 >> 3) << 2;
	uint32_t fixed = x & T.fixing[rows | boxes << 3];
	for (fixed &= s->unsolved[b]; fixed; fixed &= fixed - 1) {
		int i = __builtin_ctz(fixed);
		if (!(c[b] >> i & 1))
			return false;
		solve_held(s, c, b, i);
	}
	return true;
}

/* Everything one digit's masks imply; false on a contradiction. */
static S9_TARGET bool digit_update(struct state *s, int d)
{
	uint32_t c[3] = { s->cand[AT(d, 0)], s->cand[AT(d, 1)], s->cand[AT(d, 2)] };
	uint32_t before[3] = { s->seen[AT(d, 0)], s->seen[AT(d, 1)], s->seen[AT(d, 2)] };
	/* c when the stacks were last checked: they need no second look until
	 * a band changes */
	uint32_t stacked[3] = { 0, 0, 0 };

	for (;;) {
		if (!band_update(s, c, before, 0) || !band_update(s, c, before, 1) ||
		    !band_update(s, c, before, 2))
			return false;
		if (c[0] == stacked[0] && c[1] == stacked[1] && c[2] == stacked[2])
			break;
		stacked[0] = c[0], stacked[1] = c[1], stacked[2] = c[2];
		/* stacks: (band, column) pairs of three columns must hold a permutation */
		uint32_t cols = band_columns(c[0]) | band_columns(c[1]) << 9 | band_columns(c[2]) << 18;
		for (int k = 0; k < 3; k++) {
			int sh = 3 * k;
			uint32_t y = cols >> sh & 0x1c0e07u;
			uint32_t t = (y | y >> 6 | y >> 12) & 0x1ff;
			uint32_t a = T.allowed[t];
			if (!a)
				return false;
			if (a == t)
				continue;
			for (int b = 0; b < 3; b++)
				c[b] &= ~T.columns[(~a >> (3 * b) & 7) << sh];
		}
		/* a column with a single open cell left; the columns that hold the
		 * digit already have none (every column has a cell for it, as the
		 * stacks' permutations keep one) */
		uint32_t o0 = c[0] & s->unsolved[0], o1 = c[1] & s->unsolved[1],
			 o2 = c[2] & s->unsolved[2];
		uint32_t once = o0 | o1 | o2, twice = (o0 & o1) | (o2 & (o0 | o1));
		uint32_t r0 = once & 0x1ff, r1 = once >> 9 & 0x1ff, r2 = once >> 18;
		twice |= twice >> 9 | twice >> 18 | (r0 & r1) | (r2 & (r0 | r1));
		once = r0 | r1 | r2;
		for (uint32_t single = once & ~twice; single; single &= single - 1) {
			uint32_t cells = 0x40201u << __builtin_ctz(single), x;
			/* one band at most holds it; b constant in each call */
			if ((x = c[0] & cells & s->unsolved[0]))
				solve_held(s, c, 0, __builtin_ctz(x));
			else if ((x = c[1] & cells & s->unsolved[1]))
				solve_held(s, c, 1, __builtin_ctz(x));
			else if ((x = c[2] & cells & s->unsolved[2]))
				solve_held(s, c, 2, __builtin_ctz(x));
		}
		if (c[0] == before[0] && c[1] == before[1] && c[2] == before[2])
			break;
	}
	for (int b = 0; b < 3; b++)
		s->cand[AT(d, b)] = s->seen[AT(d, b)] = c[b];
	return true;
}

static S9_TARGET bool propagate(struct state *s)
{
	bool scan = true;       /* the masks changed since the last naked singles */

	for (;;) {
		for (int d = 0; d < 9; d++) {
			if (s->cand[AT(d, 0)] == s->seen[AT(d, 0)] && s->cand[AT(d, 1)] == s->seen[AT(d, 1)] &&
			    s->cand[AT(d, 2)] == s->seen[AT(d, 2)])
				continue;
			scan = true;
			if (!digit_update(s, d))
				return false;
		}
		if (!scan)
			return true;
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
				int i = __builtin_ctz(single);
				for (int d = 0; d < 9; d++)
					if (s->cand[AT(d, b)] >> i & 1) {
						solve_cell(s, d, b, i);
						scan = true;
						break;
					}
			}
		}
	}
}

/* The cell to branch on: one with two candidates if there is one, else the
 * one with the fewest; returns its digits as a mask. */
static S9_TARGET uint32_t choose(const struct state *s, int *band, int *index)
{
	int best_score = -1;

	for (int b = 0; b < 3; b++) {
		uint32_t one = 0, two = 0, three = 0, open = s->unsolved[b];
		for (int d = 0; d < 9; d++) {
			uint32_t x = s->cand[AT(d, b)] & open;
			three |= two & x;
			two |= one & x;
			one |= x;
		}
		uint32_t pair = two & ~three;
		uint32_t above = s->unsolved[b == 0 ? 2 : b - 1], below = s->unsolved[b == 2 ? 0 : b + 1];
		/* prefer the two-candidate cell whose row, column and box hold the
		 * most unsolved cells: its guess settles the most */
		for (; pair; pair &= pair - 1) {
			int i = __builtin_ctz(pair);
			/* the column's open cells in the other bands: shifted down to
			 * bits 0, 9 and 18, and summed by one multiplication */
			int j = T.column_of[i];
			uint32_t vertical = (above >> j & 0x40201u) + (below >> j & 0x40201u);
			int score = pc27(open & T.peers[i]) + (int)((vertical * 0x40201u) >> 18 & 7);
			if (score > best_score) {
				best_score = score;
				*band = b;
				*index = i;
			}
		}
	}
	if (best_score < 0)
		*band = -1;
	if (*band < 0) {
		int best = 10;
		for (int b = 0; b < 3; b++)
			for (uint32_t open = s->unsolved[b]; open; open &= open - 1) {
				int i = __builtin_ctz(open), count = 0;
				for (int d = 0; d < 9; d++)
					count += s->cand[AT(d, b)] >> i & 1;
				if (count < best) {
					best = count;
					*band = b;
					*index = i;
				}
			}
	}
	uint32_t digits = 0;
	for (int d = 0; d < 9; d++)
		if (s->cand[AT(d, *band)] >> *index & 1)
			digits |= 1u << d;
	return digits;
}

static S9_TARGET void search(struct run9 *run, struct state *s)
{
	if (!propagate(s)) {
		run->res->backtracks++;
		return;
	}
	if (!(s->unsolved[0] | s->unsolved[1] | s->unsolved[2])) {
		report(run, s);
		return;
	}
	int b = 0, i = 0;
	uint32_t digits = choose(s, &b, &i);
	while (digits && !run->stopped) {
		int d = __builtin_ctz(digits);
		digits &= digits - 1;
		if (out_of_budget(run)) {
			run->stopped = true;
			return;
		}
		run->res->nodes++;
		if (!digits) {          /* the last digit: no copy needed */
			solve_cell(s, d, b, i);
			search(run, s);
			return;
		}
		struct state copy = *s;
		solve_cell(&copy, d, b, i);
		search(run, &copy);
	}
}


#undef pc27
#undef row_box_pairs
#undef band_columns
#undef clear_cell
#undef solve_cell
#undef solve_held
#undef band_update
#undef digit_update
#undef propagate
#undef choose
#undef search
