/* The decisions of the search with clause learning (learn.c): by the
 * cells' digits and their activity, or, while the search is young, by
 * lookahead. */
#include "exact/learn_int.h"

/* The cell's digit with the fewest places left in the cell's units, ties
 * at random: the choice that rules out the least. */
static int choose_digit(struct sd_learn_space *s, int best)
{
	int digit = -1, fewest = 0, ties = 0;
	const uint8_t *unit = s->shape.units.unit_of[best];

	for (uint64_t c = s->cand[best]; c; c &= c - 1) {
		int d = __builtin_ctzll(c);
		int places = sd_popcount(s->where_can[unit[0]][d]) + sd_popcount(s->where_can[unit[1]][d]) +
			sd_popcount(s->where_can[unit[2]][d]);
		if (digit >= 0 && places > fewest)
			continue;
		if (digit >= 0 && places == fewest && sd_rng_below(&s->rng, (uint32_t)++ties))
			continue;
		if (digit < 0 || places < fewest)
			ties = 1;
		digit = d;
		fewest = places;
	}
	return var_of(s, best, digit);
}

/* The open cell with the fewest digits left, ties to the most active
 * (then at random), and its digit by choose_digit.  Only cells open
 * after the givens' propagation are looked at. */
int sd_learn_choose(struct sd_learn_space *s)
{
	int best = -1, best_count = 0, ties = 0;
	double best_activity = 0;

	for (int i = 0; i < s->nopen; i++) {
		int cell = s->open[i];
		if (s->board[cell])
			continue;
		int count = s->ncand[cell];
		if (best >= 0 && count > best_count)
			continue;
		uint64_t cand = s->cand[cell];
		double act = 0;
		for (; cand; cand &= cand - 1)
			act += s->activity[var_of(s, cell, __builtin_ctzll(cand))];
		if (best >= 0 && count == best_count) {
			if (act < best_activity)
				continue;
			if (act == best_activity && sd_rng_below(&s->rng, (uint32_t)++ties))
				continue;
			if (act > best_activity)
				ties = 1;
		} else {
			ties = 1;
		}
		best = cell;
		best_count = count;
		best_activity = act;
	}
	return best < 0 ? -1 : choose_digit(s, best);
}

/* Tries v at a new level: the assignments it leads to, taken back, or
 * -1 when it leads to a contradiction, which is left to be resolved. */
static int probe(struct sd_learn_space *s, int v)
{
	int start = s->ntrail;

	decide(s, v);
	if (!sd_learn_propagate(s))
		return -1;
	int reached = s->ntrail - start;
	jump_back(s, s->nlevels - 1);
	return reached;
}

static inline bool two_digits(const struct sd_learn_space *s, int cell)
{
	return !s->board[cell] && s->ncand[cell] == 2;
}

/* Of the cells left with two digits, the one whose two digits, each
 * tried in turn, lead to the most assignments (the greatest product):
 * the decision that settles the most either way.  A digit that leads to
 * a contradiction is ruled out there and then, and the cells tried
 * before keep their scores.  Only the N cells with the best last scores
 * are tried, cells never tried first: the others wait for a later
 * decision.  In that order the best is met early, and a cell whose first
 * digit (the one that reached less before) reaches so little that not
 * even the farthest reach seen so far could lift it above the best is
 * not tried further.  Returns the decision, LOOK_NONE when no cell has
 * two digits, LOOK_AGAIN when what was ruled out leaves no decision to
 * take, LOOK_OVER when the search is over. */
int sd_learn_lookahead(struct sd_learn_space *s)
{
	uint16_t order[SD_MAXN];
	int count = 0, best = -1, farthest = 0;
	double best_score = 0;
	bool changed = false;

	/* the N best by last score, in order (equal scores as they come) */
	for (int i = 0; i < s->nopen; i++) {
		int cell = s->open[i], j = count;
		if (!two_digits(s, cell))
			continue;
		for (; j > 0 && s->last_score[order[j - 1]] < s->last_score[cell]; j--)
			if (j < s->n)
				order[j] = order[j - 1];
		if (j < s->n) {
			order[j] = (uint16_t)cell;
			count += count < s->n;
		}
	}
	for (int i = 0; i < count; i++) {
		int cell = order[i];
		if (!two_digits(s, cell))
			continue;
		int low = var_of(s, cell, __builtin_ctzll(s->cand[cell]));
		int high = var_of(s, cell, 63 - __builtin_clzll(s->cand[cell]));
		int digits[2] = { low, high };
		if (s->reach[high] < s->reach[low]) {
			digits[0] = high;
			digits[1] = low;
		}
		double score = 1;
		for (int k = 0; k < 2 && score > 0; k++) {
			if (score > 1 && score * (farthest + 1) < best_score) {
				score = 0;
				break;
			}
			if (budget_spent(s))
				return LOOK_OVER;
			int v = digits[k], reached = probe(s, v);
			if (reached >= 0) {
				s->reach[v] = reached;
				if (reached > farthest)
					farthest = reached;
				score *= reached + 1;
				continue;
			}
			if (!sd_learn_recover(s))
				return LOOK_OVER;
			changed = true;
			score = 0;
		}
		if (s->stopped)
			return LOOK_OVER;
		if (s->nplaced == s->cells)
			return LOOK_AGAIN;
		if (score == 0)
			continue;
		s->last_score[cell] = score;
		if (score > best_score) {
			best = cell;
			best_score = score;
		}
	}
	if (best >= 0 && two_digits(s, best))
		return choose_digit(s, best);
	return changed ? LOOK_AGAIN : LOOK_NONE;
}
