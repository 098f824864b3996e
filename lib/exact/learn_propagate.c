/* Propagation with reasons, for the search with clause learning
 * (learn.c): the backtracking solver's rules (naked and hidden singles,
 * pointing and claiming) plus naked and hidden pairs, each conclusion
 * recorded with the reason that learn_conflict.c traces back, and the
 * learnt clauses by two watched literals. */
#include <stdlib.h>
#include "exact/learn_int.h"

static bool watch(struct watch_list *w, int clause, int blocker)
{
	if (w->size == w->cap) {
		int cap = w->cap ? 2 * w->cap : 4;
		struct watcher *at = realloc(w->at, (size_t)cap * sizeof *at);
		if (!at)
			return false;
		w->at = at;
		w->cap = cap;
	}
	w->at[w->size++] = (struct watcher){ clause, blocker };
	return true;
}

/* exactly two bits set */
static inline bool two(uint64_t x)
{
	x &= x - 1;
	return x && !(x & (x - 1));
}

static bool add_watch(struct sd_learn_space *s, int lit, int clause, int blocker)
{
	s->watched[lit >> 6] |= 1ULL << (lit & 63);
	return watch(&s->watches[lit], clause, blocker);
}

/* A clause watches its first two literals, each the other's blocker. */
bool sd_learn_watch_clause(struct sd_learn_space *s, int ci)
{
	int a = s->clauses[ci + 1], b = s->clauses[ci + 2];

	return add_watch(s, a, ci, b) && add_watch(s, b, ci, a);
}

/* Empties every watch list. */
void sd_learn_unwatch_all(struct sd_learn_space *s)
{
	for (int i = 0; i < (2 * s->nvars + 63) / 64; i++) {
		for (uint64_t b = s->watched[i]; b; b &= b - 1)
			s->watches[i * 64 + __builtin_ctzll(b)].size = 0;
		s->watched[i] = 0;
	}
}

/* Makes digit d of cell false for a reason; false when it is true, which
 * is then the contradiction. */
static inline bool falsify(struct sd_learn_space *s, int cell, int d, int why, int aux)
{
	int w = var_of(s, cell, d);

	if (s->value[w] < 0) {
		set(s, cell, d, w, 0, why, aux);
		return true;
	}
	if (s->value[w] == 0)
		return true;
	s->conflict = why;
	s->conflict_aux = aux;
	s->conflict_var = w;
	return false;
}

/* A true variable: every peer and every other digit of its cell is false. */
static bool spread_true(struct sd_learn_space *s, int v)
{
	int cell = var_cell(s, v), d = v - cell * s->n;
	const uint8_t *unit = s->shape.units.unit_of[cell], *at = s->shape.units.index_in[cell];

	for (uint64_t c = s->cand[cell] & ~(1ULL << d); c; c &= c - 1)
		if (!falsify(s, cell, __builtin_ctzll(c), WHY(WHY_PEER, v), 0))
			return false;
	for (int k = 0; k < 3; k++) {
		const uint16_t *members = s->shape.units.members[unit[k]];
		for (uint64_t p = s->where_can[unit[k]][d] & ~(1ULL << at[k]); p; p &= p - 1)
			if (!falsify(s, members[__builtin_ctzll(p)], d, WHY(WHY_PEER, v), 0))
				return false;
	}
	return true;
}

/* Locked candidates: digit d's places in unit u lie where u crosses one
 * other unit (a box's in one line, a line's in one box), so d leaves the
 * rest of that unit.  The reason names both units: its grounds are u's
 * places for d outside the other. */
static bool clear_rest(struct sd_learn_space *s, int u, int d, int target, uint64_t keep)
{
	int why = WHY(WHY_LOCKED, (u * SD_MAXN + d) * 3 * SD_MAXN + target);

	for (uint64_t p = s->where_can[target][d] & ~keep; p; p &= p - 1)
		if (!falsify(s, s->shape.units.members[target][__builtin_ctzll(p)], d, why, 0))
			return false;
	return true;
}

/* kind: 0 for a row, 1 for a column, 2 for a box */
static bool lock(struct sd_learn_space *s, int u, int kind, int d, uint64_t places)
{
	const struct sd_place_runs *runs = &s->shape.runs;
	int first = __builtin_ctzll(places);
	bool along = !(places & ~(kind == 1 ? runs->run_r[first] : runs->run_c[first]));

	/* most calls end here: the places are not in one crossing */
	if (!along && (kind != 2 || (places & ~runs->box_column[first])))
		return true;
	int cell = s->shape.units.members[u][first], n = s->n;
	const uint8_t *unit = s->shape.units.unit_of[cell];
	if (kind == 2)
		return along ? clear_rest(s, u, d, unit[0], runs->run_c[unit[1] - n]) :
			clear_rest(s, u, d, unit[1], runs->run_r[unit[0]]);
	int at = s->shape.units.index_in[cell][2];
	return clear_rest(s, u, d, unit[2], kind == 0 ? runs->run_c[at] : runs->box_column[at]);
}

/* Pairs in unit u at places a and b, of digits x and y: a naked pair
 * (the two cells hold only x and y) clears x and y from the rest of the
 * unit, a hidden pair (x and y fit only there) clears the two cells of
 * every other digit.  The reason names the unit and places; aux the
 * digits. */
static bool clear_pair(struct sd_learn_space *s, int kind, int u, int a, int b, int x, int y)
{
	int why = WHY(kind, (u * SD_MAXN + a) * SD_MAXN + b), aux = x * SD_MAXN + y;
	uint64_t both = 1ULL << a | 1ULL << b;

	for (int i = 0; i < 2; i++) {
		if (kind == WHY_NAKED_PAIR) {
			int d = i ? y : x;
			for (uint64_t p = s->where_can[u][d] & ~both; p; p &= p - 1)
				if (!falsify(s, s->shape.units.members[u][__builtin_ctzll(p)], d, why, aux))
					return false;
		} else {
			int cell = s->shape.units.members[u][i ? b : a];
			for (uint64_t c = s->cand[cell] & ~(1ULL << x | 1ULL << y); c; c &= c - 1)
				if (!falsify(s, cell, __builtin_ctzll(c), why, aux))
					return false;
		}
	}
	return true;
}

static bool naked_pairs(struct sd_learn_space *s, int cell)
{
	uint64_t c = s->cand[cell];
	int x = __builtin_ctzll(c), y = 63 - __builtin_clzll(c);

	for (int k = 0; k < 3; k++) {
		int u = s->shape.units.unit_of[cell][k], a = s->shape.units.index_in[cell][k];
		/* the other cells that can hold x and y */
		for (uint64_t p = s->where_can[u][x] & s->where_can[u][y] & ~(1ULL << a); p; p &= p - 1) {
			int b = __builtin_ctzll(p), other = s->shape.units.members[u][b];
			if (s->cand[other] == c && !s->board[other] && !clear_pair(s, WHY_NAKED_PAIR, u, a, b, x, y))
				return false;
		}
	}
	return true;
}

static bool hidden_pairs(struct sd_learn_space *s, int u, int d, uint64_t places)
{
	int a = __builtin_ctzll(places), b = 63 - __builtin_clzll(places);
	uint64_t both = s->cand[s->shape.units.members[u][a]] & s->cand[s->shape.units.members[u][b]] & ~(1ULL << d);

	for (; both; both &= both - 1) {
		int e = __builtin_ctzll(both);
		if (s->where_can[u][e] == places && !clear_pair(s, WHY_HIDDEN_PAIR, u, a, b, d, e))
			return false;
	}
	return true;
}

/* Digit d has lost a place in unit u (kind as for lock): none left is a
 * contradiction, one a hidden single, and more may lie in one crossing
 * or be a pair.  Inlined at every call, so that kind is a constant in
 * propagation (left to the compiler, it was not, once setup called it
 * too: 14% more instructions). */
static inline __attribute__((always_inline)) bool spread_places(struct sd_learn_space *s, int u,
								 int kind, int d)
{
	uint64_t p = s->where_can[u][d];

	if (!p) {
		s->conflict = WHY(WHY_HIDDEN, u * SD_MAXN + d);
		return false;
	}
	if (!(p & (p - 1))) {
		int cell = s->shape.units.members[u][__builtin_ctzll(p)], w = var_of(s, cell, d);
		if (s->value[w] < 0)
			set(s, cell, d, w, 1, WHY(WHY_HIDDEN, u * SD_MAXN + d), 0);
		return true;
	}
	return lock(s, u, kind, d, p) && (!two(p) || hidden_pairs(s, u, d, p));
}

/* A cell has lost a digit: none left is a contradiction, one a naked
 * single, two may be a naked pair. */
static inline bool spread_digits(struct sd_learn_space *s, int cell)
{
	uint64_t c = s->cand[cell];

	if (!c) {
		s->conflict = WHY(WHY_NAKED, cell);
		return false;
	}
	if (!(c & (c - 1))) {
		int d = __builtin_ctzll(c), w = var_of(s, cell, d);
		if (s->value[w] < 0)
			set(s, cell, d, w, 1, WHY(WHY_NAKED, cell), 0);
		return true;
	}
	return !two(c) || s->board[cell] || naked_pairs(s, cell);
}

/* A false variable: its cell or one of its units may be left with one
 * place, or none, or a pair, or a crossing. */
static bool spread_false(struct sd_learn_space *s, int v)
{
	int cell = var_cell(s, v), d = v - cell * s->n;

	if (!spread_digits(s, cell))
		return false;
	const uint8_t *unit = s->shape.units.unit_of[cell];
	return spread_places(s, unit[0], 0, d) && spread_places(s, unit[1], 1, d) &&
		spread_places(s, unit[2], 2, d);
}

/* Learnt clauses watching a literal that has just become false. */
static bool spread_clauses(struct sd_learn_space *s, int falsified)
{
	struct watch_list *w = &s->watches[falsified];
	int i = 0, j = 0;

	while (i < w->size) {
		struct watcher wt = w->at[i++];
		if (lit_value(s, wt.blocker) == 1) {
			w->at[j++] = wt;
			continue;
		}
		int ci = wt.clause, *c = s->clauses + ci, size = SIZE_OF(c[0]), *lit = c + 1;
		if (lit[0] == falsified) {
			lit[0] = lit[1];
			lit[1] = falsified;
		}
		if (lit_value(s, lit[0]) == 1) {
			w->at[j++] = (struct watcher){ ci, lit[0] };
			continue;
		}
		int k = 2;
		while (k < size && lit_value(s, lit[k]) == 0)
			k++;
		if (k < size) {
			lit[1] = lit[k];
			lit[k] = falsified;
			if (!add_watch(s, lit[1], ci, lit[0])) {
				s->stopped = true;      /* out of memory: give up the search */
				s->res->stop = SD_STOP_LIMIT;
				w->at[j++] = wt;
			}
			continue;
		}
		w->at[j++] = wt;
		if (lit_value(s, lit[0]) == 0) {
			s->conflict = WHY(WHY_CLAUSE, ci);
			while (i < w->size)
				w->at[j++] = w->at[i++];
			w->size = j;
			return false;
		}
		assign(s, lit[0] >> 1, !(lit[0] & 1), WHY(WHY_CLAUSE, ci));
	}
	w->size = j;
	return true;
}

bool sd_learn_propagate(struct sd_learn_space *s)
{
	s->conflict_var = -1;
	while (s->qhead < s->ntrail) {
		int v = s->trail[s->qhead++];
		int lit = 2 * v + (s->value[v] == 1);
		bool ok = s->value[v] ? spread_true(s, v) : spread_false(s, v);
		if (ok && s->watched[lit >> 6] >> (lit & 63) & 1)
			ok = spread_clauses(s, lit);
		if (!ok)
			return false;
	}
	return true;
}


bool sd_learn_propagate_givens(struct sd_learn_space *s, const uint64_t *used)
{
	int n = s->n;

	/* what the cells and units show at once, as if each had just lost a
	 * digit; propagation does the rest */
	for (int i = 0; i < s->cells; i++)
		if (!s->board[i] && !spread_digits(s, i))
			return false;
	for (int u = 0; u < 3 * n; u++)
		for (uint64_t need = s->all & ~used[u]; need; need &= need - 1)
			if (!spread_places(s, u, u / n, __builtin_ctzll(need)))
				return false;
	return sd_learn_propagate(s);
}
