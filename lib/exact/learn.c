/* Exact search with clause learning (CDCL), the default on the large grids.
 *
 * One propositional variable per cell and digit.  Propagation is the
 * backtracking solver's (naked and hidden singles, pointing and claiming)
 * plus naked and hidden pairs, but every conclusion keeps its reason: the
 * assignments it rests on.  A contradiction is traced back through the
 * reasons to the first unique implication point of the last decision
 * level; the negation of that explanation is learnt as a clause, the
 * search jumps back to the level where the clause forces something new,
 * and the variables involved gain activity, which steers the choice of
 * cell.  A mistake made early is then found once, not once per branch
 * under it.  Restarts follow the Luby sequence.
 *
 * The digit tried first is the one that leaves its cell's units the most
 * room (the least constraining value).
 *
 * The first decisions are chosen by lookahead instead: while the search
 * is young (LOOKAHEAD_WORK assignments per variable, probes included),
 * each decision goes to the two-digit cell whose digits, each tried and
 * taken back, propagate the most (the greatest product), and a digit
 * that leads to a contradiction is learnt from on the spot.  On grids
 * close to solved, the cell chosen by activity is often a poor step, and
 * refuting it costs hundreds of contradictions; the lookahead finds the
 * step that settles most.  At most N cells are tried a decision, those
 * that did best before, and of a cell's two digits the one that reached
 * less at its last probe goes first, so that the other is more often
 * found not worth trying.
 *
 * Why each of these, what they gained, and what was tried and not kept:
 * bench/history/2026-11-24.md, "sudoku-bt: the clause-learning search,
 * measured".
 *
 * Counting: after each solution, the negation of the decisions that led
 * to it is learnt, which excludes that solution and nothing else
 * (propagation from the same decisions gives the same board). */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "exact/exact_int.h"

/* a reason or a contradiction: kind in the low 4 bits, payload above */
enum { WHY_NONE, WHY_PEER, WHY_NAKED, WHY_HIDDEN, WHY_CLAUSE, WHY_DECISIONS, WHY_LOCKED, WHY_NAKED_PAIR, WHY_HIDDEN_PAIR };
#define WHY(kind, payload) ((int)(((unsigned)(payload) << 4) | (kind)))
#define WHY_KIND(w) ((w) & 15)
#define WHY_ARG(w) ((int)((unsigned)(w) >> 4))

/* Conflicts allowed to a run, times the Luby sequence. */
#define LEARN_RESTART_UNIT 32
/* The lookahead: while the search has made fewer assignments than this
 * many per variable (its probes included), decisions are chosen by trying
 * both digits of two-digit cells, at most N cells a decision. */
#define LOOKAHEAD_WORK 8
/* Conflicts allowed to a run while the lookahead lasts, times the Luby
 * sequence: few restarts, as the lookahead's choices are worth keeping,
 * but some, for the sparse grids where an early mistake is costly. */
#define LOOKAHEAD_RESTART_UNIT 256
/* Learnt literals kept before the longer half of the clauses is dropped. */
#define LEARN_KEEP (1 << 20)
/* A clause's first word: its size, and whether it excludes a solution
 * found, which counting must never forget. */
#define KEEP_ALWAYS (1 << 30)
#define SIZE_OF(head) ((head) & ~KEEP_ALWAYS)

/* A clause watching a literal, with another of its literals: when that
 * one is true the clause is satisfied, and its memory is not read. */
struct watcher { int clause, blocker; };
struct watch_list { struct watcher *at; int size, cap; };

struct sd_learn_space {
	const struct sd_solve_opts *o;
	struct sd_solve_result *res;
	struct sd_shape shape;
	int n, cells, nvars, capvars;
	uint64_t inverse_n;
	uint64_t all;
	uint64_t cand[SD_MAXCELLS];                /* digits not false */
	uint8_t ncand[SD_MAXCELLS];                /* how many, for the choice of cell */
	uint64_t where_can[3 * SD_MAXN][SD_MAXN];  /* places not false */
	/* the same after the givens' propagation: a variable outside them is
	 * false at level 0, and reasons need not list it */
	uint64_t cand0[SD_MAXCELLS], where0[3 * SD_MAXN][SD_MAXN];
	uint8_t board[SD_MAXCELLS];                /* digit + 1 of the true variable */
	int nplaced;
	/* per variable (cell * n + digit) */
	int8_t *value;                             /* -1 open, 0 false, 1 true */
	/* what an assignment rests on, together: analysis reads all three */
	struct { int level, why, aux; } *var;
	int *trail, *scratch, *learnt;
	uint8_t *seen;
	double *activity, bump;
	int *reach;                                /* at its last probe, INT_MAX before */
	struct watch_list *watches;                /* per literal: 2 var + (false) */
	uint64_t *watched;                         /* literals whose list may be non-empty */
	int ntrail, qhead, nlevels;
	int level_start[SD_MAXCELLS + 1];
	int conflict, conflict_var, conflict_aux;
	/* learnt clauses: size, then literals, one after another */
	int *clauses;
	size_t nclauses, capclauses;
	struct sd_rng rng;
	long long ticks;                           /* calls of out_of_budget */
	long long assignments;                     /* made so far, probes included */
	bool stopped;
	/* the cells open after the givens' propagation */
	uint16_t open[SD_MAXCELLS];
	int nopen;
	/* each cell's score at the lookahead that last tried it, infinite
	 * before: the order in which the next lookahead tries the cells */
	double last_score[SD_MAXCELLS];
};

static inline int var_of(const struct sd_learn_space *s, int cell, int d) { return cell * s->n + d; }
/* v / n by a multiplication: exact for v < 2^26 and n <= 64 */
static inline int var_cell(const struct sd_learn_space *s, int v) { return (int)((uint64_t)(unsigned)v * s->inverse_n >> 32); }
/* the literal an assignment makes false: learnt clauses are made of them */
static inline int lit_false(const struct sd_learn_space *s, int v) { return 2 * v + (s->value[v] == 1); }
/* 1 true, 0 false, -1 open; literal 2v is "v true", 2v + 1 "v false" */
static inline int lit_value(const struct sd_learn_space *s, int lit)
{
	int x = s->value[lit >> 1];
	return x < 0 ? -1 : x ^ (lit & 1);
}

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
static bool watch_clause(struct sd_learn_space *s, int ci)
{
	int a = s->clauses[ci + 1], b = s->clauses[ci + 2];

	return add_watch(s, a, ci, b) && add_watch(s, b, ci, a);
}

/* Empties every watch list. */
static void unwatch_all(struct sd_learn_space *s)
{
	for (int i = 0; i < (2 * s->nvars + 63) / 64; i++) {
		for (uint64_t b = s->watched[i]; b; b &= b - 1)
			s->watches[i * 64 + __builtin_ctzll(b)].size = 0;
		s->watched[i] = 0;
	}
}

/* Digit d leaves or comes back to a cell: its candidates and its places
 * in the cell's three units. */
static inline void rule_out(struct sd_learn_space *s, int cell, int d)
{
	const uint8_t *unit = s->shape.units.unit_of[cell], *at = s->shape.units.index_in[cell];

	s->cand[cell] &= ~(1ULL << d);
	s->ncand[cell]--;
	s->where_can[unit[0]][d] &= ~(1ULL << at[0]);
	s->where_can[unit[1]][d] &= ~(1ULL << at[1]);
	s->where_can[unit[2]][d] &= ~(1ULL << at[2]);
}

static inline void rule_in(struct sd_learn_space *s, int cell, int d)
{
	const uint8_t *unit = s->shape.units.unit_of[cell], *at = s->shape.units.index_in[cell];

	s->cand[cell] |= 1ULL << d;
	s->ncand[cell]++;
	s->where_can[unit[0]][d] |= 1ULL << at[0];
	s->where_can[unit[1]][d] |= 1ULL << at[1];
	s->where_can[unit[2]][d] |= 1ULL << at[2];
}

/* Variable v, digit d of cell, takes a value at the current level for a
 * reason (aux: the reason's digits, for pairs). */
static inline void set(struct sd_learn_space *s, int cell, int d, int v, int value, int why, int aux)
{
	s->assignments++;
	s->value[v] = (int8_t)value;
	s->var[v].level = s->nlevels;
	s->var[v].why = why;
	s->var[v].aux = aux;
	s->trail[s->ntrail++] = v;
	if (value) {
		s->board[cell] = (uint8_t)(d + 1);
		s->nplaced++;
	} else {
		rule_out(s, cell, d);
	}
}

static void assign(struct sd_learn_space *s, int v, int value, int why)
{
	int cell = var_cell(s, v);

	set(s, cell, v - cell * s->n, v, value, why, 0);
}

static void jump_back(struct sd_learn_space *s, int level)
{
	if (level >= s->nlevels)
		return;
	int start = s->level_start[level];
	while (s->ntrail > start) {
		int v = s->trail[--s->ntrail], cell = var_cell(s, v);
		if (s->value[v]) {
			s->board[cell] = 0;
			s->nplaced--;
		} else {
			rule_in(s, cell, v - cell * s->n);
		}
		s->value[v] = -1;
	}
	s->qhead = start;
	s->nlevels = level;
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

static bool propagate(struct sd_learn_space *s)
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

/* The assignments a reason or contradiction rests on, but for v itself. */
static int grounds(const struct sd_learn_space *s, int why, int aux, int v, int *out)
{
	int k = 0, n = s->n, arg = WHY_ARG(why);

	switch (WHY_KIND(why)) {
	case WHY_PEER:
		out[k++] = arg;
		break;
	case WHY_NAKED:
		for (uint64_t c = s->cand0[arg]; c; c &= c - 1)
			if (var_of(s, arg, __builtin_ctzll(c)) != v)
				out[k++] = var_of(s, arg, __builtin_ctzll(c));
		break;
	case WHY_HIDDEN: {
		int u = arg / SD_MAXN, d = arg % SD_MAXN;
		for (uint64_t p = s->where0[u][d]; p; p &= p - 1) {
			int w = var_of(s, s->shape.units.members[u][__builtin_ctzll(p)], d);
			if (w != v)
				out[k++] = w;
		}
		break;
	}
	case WHY_CLAUSE:
		for (int i = 1; i <= SIZE_OF(s->clauses[arg]); i++)
			if (s->clauses[arg + i] >> 1 != v)
				out[k++] = s->clauses[arg + i] >> 1;
		break;
	case WHY_LOCKED: {
		int target = arg % (3 * SD_MAXN), u = arg / (3 * SD_MAXN) / SD_MAXN;
		int d = arg / (3 * SD_MAXN) % SD_MAXN, kind = target / n;
		for (uint64_t p = s->where0[u][d]; p; p &= p - 1) {
			int cell = s->shape.units.members[u][__builtin_ctzll(p)];
			if (s->shape.units.unit_of[cell][kind] != target)
				out[k++] = var_of(s, cell, d);
		}
		break;
	}
	case WHY_NAKED_PAIR: {
		int u = arg / SD_MAXN / SD_MAXN, a = s->shape.units.members[u][arg / SD_MAXN % SD_MAXN];
		int b = s->shape.units.members[u][arg % SD_MAXN];
		uint64_t pair = 1ULL << (aux / SD_MAXN) | 1ULL << (aux % SD_MAXN);
		for (uint64_t c = s->cand0[a] & ~pair; c; c &= c - 1)
			out[k++] = var_of(s, a, __builtin_ctzll(c));
		for (uint64_t c = s->cand0[b] & ~pair; c; c &= c - 1)
			out[k++] = var_of(s, b, __builtin_ctzll(c));
		break;
	}
	case WHY_HIDDEN_PAIR: {
		int u = arg / SD_MAXN / SD_MAXN;
		uint64_t both = 1ULL << (arg / SD_MAXN % SD_MAXN) | 1ULL << (arg % SD_MAXN);
		for (int i = 0; i < 2; i++) {
			int d = i ? aux % SD_MAXN : aux / SD_MAXN;
			for (uint64_t p = s->where0[u][d] & ~both; p; p &= p - 1)
				out[k++] = var_of(s, s->shape.units.members[u][__builtin_ctzll(p)], d);
		}
		break;
	}
	case WHY_DECISIONS:
		for (int l = 0; l < s->nlevels; l++)
			out[k++] = s->trail[s->level_start[l]];
		break;
	}
	return k;
}

static void bump(struct sd_learn_space *s, int v)
{
	if ((s->activity[v] += s->bump) > 1e100) {
		for (int i = 0; i < s->nvars; i++)
			s->activity[i] *= 1e-100;
		s->bump *= 1e-100;
	}
}

/* From the contradiction back to the first unique implication point:
 * fills s->learnt (the point first) and returns its size; *back is the
 * level to jump back to. */
static int analyze(struct sd_learn_space *s, int *back)
{
	int size = 1, open = 0, at = s->ntrail - 1, why = s->conflict, except = -1, v;

	for (;;) {
		int k = grounds(s, why, except < 0 ? s->conflict_aux : s->var[except].aux, except, s->scratch);
		if (except < 0 && s->conflict_var >= 0)
			s->scratch[k++] = s->conflict_var;
		for (int i = 0; i < k; i++) {
			int q = s->scratch[i];
			if (s->seen[q] || s->var[q].level == 0)
				continue;
			s->seen[q] = 1;
			bump(s, q);
			if (s->var[q].level >= s->nlevels)
				open++;
			else
				s->learnt[size++] = q;
		}
		while (!s->seen[s->trail[at]])
			at--;
		v = s->trail[at--];
		s->seen[v] = 0;
		if (--open == 0)
			break;
		why = s->var[v].why;
		except = v;
	}
	s->learnt[0] = v;
	/* a literal whose reason lies wholly inside the clause adds nothing:
	 * marked (complemented) first, dropped once the marks are cleared */
	for (int i = 1; i < size; i++) {
		int q = s->learnt[i], why_q = s->var[q].why;
		bool redundant = WHY_KIND(why_q) != WHY_NONE;
		if (redundant) {
			int k = grounds(s, why_q, s->var[q].aux, q, s->scratch);
			for (int j = 0; j < k && redundant; j++)
				redundant = s->seen[s->scratch[j]] || s->var[s->scratch[j]].level == 0;
		}
		if (redundant)
			s->learnt[i] = ~q;
	}
	int kept = 1;
	for (int i = 1; i < size; i++) {
		int q = s->learnt[i];
		s->seen[q < 0 ? ~q : q] = 0;
		if (q >= 0)
			s->learnt[kept++] = q;
	}
	size = kept;
	*back = 0;
	for (int i = 1; i < size; i++) {
		if (s->var[s->learnt[i]].level > *back) {
			*back = s->var[s->learnt[i]].level;
			int t = s->learnt[1];
			s->learnt[1] = s->learnt[i];
			s->learnt[i] = t;
		}
	}
	s->bump *= 1 / 0.95;
	return size;
}

/* Keeps the shorter half of the learnt clauses once they hold too many
 * literals (of those as long as the median, only enough to make half);
 * clauses that are the reason of an assignment stay. */
static void forget(struct sd_learn_space *s)
{
	size_t shorter = 0, count = 0, to = 0, median_left;
	size_t lengths[65] = { 0 };
	int median = 64;

	for (size_t at = 0; at < s->nclauses; at += (size_t)SIZE_OF(s->clauses[at]) + 1, count++)
		lengths[SIZE_OF(s->clauses[at]) > 64 ? 64 : SIZE_OF(s->clauses[at])]++;
	for (int len = 2; len <= 64; len++) {
		if ((shorter + lengths[len]) * 2 >= count) {
			median = len;
			break;
		}
		shorter += lengths[len];
	}
	median_left = count / 2 - shorter;
	unwatch_all(s);
	for (size_t at = 0; at < s->nclauses;) {
		int size = SIZE_OF(s->clauses[at]), *lit = s->clauses + at + 1;
		int v0 = lit[0] >> 1;
		bool reason = s->value[v0] >= 0 && s->var[v0].why == WHY(WHY_CLAUSE, (int)at);
		bool keep = reason || (s->clauses[at] & KEEP_ALWAYS) || size < median ||
			(size == median && median_left > 0);
		size_t next = at + (size_t)size + 1;
		if (keep) {
			median_left -= size == median && median_left > 0;
			if (reason)
				s->var[v0].why = WHY(WHY_CLAUSE, (int)to);
			memmove(s->clauses + to, s->clauses + at, (size_t)(size + 1) * sizeof *s->clauses);
			watch_clause(s, (int)to);
			to += (size_t)size + 1;
		}
		at = next;
	}
	s->nclauses = to;
}

/* Learns the clause in s->learnt, jumps back, and asserts its first
 * literal; false when memory runs out. */
static bool learn(struct sd_learn_space *s, int size, int back)
{
	int v = s->learnt[0];
	int asserted = !s->value[v];

	for (int i = 0; i < size; i++)
		s->scratch[i] = lit_false(s, s->learnt[i]);
	jump_back(s, back);
	if (size == 1) {
		assign(s, v, asserted, WHY(WHY_NONE, 0));
		return true;
	}
	if (s->nclauses + (size_t)size + 1 > LEARN_KEEP)
		forget(s);
	if (s->nclauses + (size_t)size + 1 > s->capclauses) {
		size_t cap = s->capclauses ? 2 * s->capclauses : 4096;
		while (cap < s->nclauses + (size_t)size + 1)
			cap *= 2;
		int *c = realloc(s->clauses, cap * sizeof *c);
		if (!c)
			return false;
		s->clauses = c;
		s->capclauses = cap;
	}
	int ci = (int)s->nclauses;
	s->clauses[ci] = size | (WHY_KIND(s->conflict) == WHY_DECISIONS ? KEEP_ALWAYS : 0);
	memcpy(s->clauses + ci + 1, s->scratch, (size_t)size * sizeof *s->scratch);
	s->nclauses += (size_t)size + 1;
	if (!watch_clause(s, ci))
		return false;
	assign(s, v, asserted, WHY(WHY_CLAUSE, ci));
	return true;
}

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
static int choose(struct sd_learn_space *s)
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

static bool out_of_budget(struct sd_learn_space *s)
{
	return sd_search_stops(s->o, s->res, ++s->ticks);
}

/* Backs out of a contradiction; false when there is nothing left to try. */
static bool resolve(struct sd_learn_space *s)
{
	int back;

	s->res->backtracks++;
	if (s->nlevels == 0)
		return false;
	int size = analyze(s, &back);
	if (!learn(s, size, back)) {
		s->res->stop = SD_STOP_LIMIT;
		s->stopped = true;
		return false;
	}
	return true;
}

/* v true at a new level, a node of the search. */
static void decide(struct sd_learn_space *s, int v)
{
	s->res->nodes++;
	s->level_start[s->nlevels++] = s->ntrail;
	assign(s, v, 1, WHY(WHY_NONE, 0));
}

/* Tries v at a new level: the assignments it leads to, taken back, or
 * -1 when it leads to a contradiction, which is left to be resolved. */
static int probe(struct sd_learn_space *s, int v)
{
	int start = s->ntrail;

	decide(s, v);
	if (!propagate(s))
		return -1;
	int reached = s->ntrail - start;
	jump_back(s, s->nlevels - 1);
	return reached;
}

/* Learns from the contradiction at hand and propagates what follows,
 * again while that meets another; false when the search is over. */
static bool recover(struct sd_learn_space *s)
{
	do
		if (!resolve(s))
			return false;
	while (!propagate(s));
	return !s->stopped;
}

enum { LOOK_NONE = -1, LOOK_AGAIN = -2, LOOK_OVER = -3 };

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
static int choose_lookahead(struct sd_learn_space *s)
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
			if (out_of_budget(s))
				return LOOK_OVER;
			int v = digits[k], reached = probe(s, v);
			if (reached >= 0) {
				s->reach[v] = reached;
				if (reached > farthest)
					farthest = reached;
				score *= reached + 1;
				continue;
			}
			if (!recover(s))
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

static void search(struct sd_learn_space *s)
{
	long long run = 0, run_end = 0;
	/* the lookahead's budget */
	bool lookahead = true;
	long long lookahead_work = (long long)LOOKAHEAD_WORK * s->nvars;

	for (;;) {
		if (!propagate(s) && !recover(s))
			return;
		if (s->stopped)
			return;
		if (s->nplaced == s->cells) {
			if (sd_search_found(&s->shape.g, s->board, s->o, s->res))
				return;
			s->conflict = WHY(WHY_DECISIONS, 0);
			s->conflict_var = -1;
			if (!recover(s))
				return;
			continue;
		}
		if (lookahead && s->assignments >= lookahead_work) {
			lookahead = false;
			run = 0;
			run_end = s->res->backtracks;
		}
		if (s->res->backtracks >= run_end) {
			run_end = s->res->backtracks +
				sd_luby(++run) * (lookahead ? LOOKAHEAD_RESTART_UNIT : LEARN_RESTART_UNIT);
			if (run > 1) {
				s->res->restarts++;
				jump_back(s, 0);
			}
		}
		if (out_of_budget(s))
			return;
		int v = lookahead ? choose_lookahead(s) : LOOK_NONE;
		if (v == LOOK_OVER)
			return;
		if (v == LOOK_AGAIN)
			continue;
		decide(s, v == LOOK_NONE ? choose(s) : v);
	}
}

static void release(struct sd_learn_space *s)
{
	if (s->watches)
		for (int l = 0; l < 2 * s->capvars; l++)
			free(s->watches[l].at);
	free(s->watches);
	free(s->value);
	free(s->var);
	free(s->trail);
	free(s->scratch);
	free(s->learnt);
	free(s->seen);
	free(s->activity);
	free(s->reach);
	free(s->watched);
}

/* Per-variable arrays for nvars variables. */
static bool grow(struct sd_learn_space *s, int nvars)
{
	if (nvars <= s->capvars)
		return true;
	size_t nv = (size_t)nvars;
	release(s);
	s->value = malloc(nv);
	s->var = malloc(nv * sizeof *s->var);
	s->trail = malloc(nv * sizeof *s->trail);
	s->scratch = malloc((nv + 1) * sizeof *s->scratch);
	s->learnt = malloc(nv * sizeof *s->learnt);
	s->seen = calloc(nv, 1);
	s->activity = malloc(nv * sizeof *s->activity);
	s->reach = malloc(nv * sizeof *s->reach);
	s->watches = calloc(2 * nv, sizeof *s->watches);
	s->watched = calloc((2 * nv + 63) / 64, sizeof *s->watched);
	s->capvars = s->value && s->var && s->trail && s->scratch && s->learnt &&
		s->seen && s->activity && s->reach && s->watches && s->watched ? nvars : 0;
	return s->capvars;
}

void sd_learn_space_free(struct sd_learn_space **space)
{
	struct sd_learn_space *s = *space;

	if (!s)
		return;
	release(s);
	free(s->clauses);
	free(s);
	*space = NULL;
}

static bool setup(struct sd_learn_space *s, const struct sd_geom *g, const uint8_t *puzzle)
{
	int n = g->n;

	sd_shape_set(&s->shape, g);
	s->n = n;
	s->cells = n * n;
	s->nvars = s->cells * n;
	s->inverse_n = ((1ULL << 32) + (uint64_t)n - 1) / (uint64_t)n;
	s->all = n == 64 ? ~0ULL : (1ULL << n) - 1;
	unwatch_all(s);
	for (int v = 0; v < s->nvars; v++) {
		s->activity[v] = 0;
		s->reach[v] = INT_MAX;
	}
	s->bump = 1;
	s->nclauses = 0;
	s->ntrail = s->qhead = s->nlevels = s->nplaced = 0;
	s->stopped = false;
	s->ticks = s->assignments = 0;
	sd_rng_seed(&s->rng, s->o->seed);
	for (int i = 0; i < s->cells; i++) {
		s->board[i] = 0;
	}
	/* the givens, and the excluded digits, as facts of level 0, set at
	 * once: placing the givens one by one cost a millisecond at 25x25 */
	uint64_t used[3 * SD_MAXN] = { 0 };
	for (int i = 0; i < s->cells; i++) {
		int d = puzzle[i] - 1;
		const uint8_t *u = s->shape.units.unit_of[i];
		if (d < 0)
			continue;
		if ((used[u[0]] | used[u[1]] | used[u[2]]) >> d & 1)
			return false;   /* givens that break a rule: no solution */
		used[u[0]] |= 1ULL << d;
		used[u[1]] |= 1ULL << d;
		used[u[2]] |= 1ULL << d;
		s->board[i] = (uint8_t)(d + 1);
		s->nplaced++;
	}
	for (int u = 0; u < 3 * n; u++)
		memset(s->where_can[u], 0, (size_t)n * sizeof s->where_can[u][0]);
	for (int i = 0; i < s->cells; i++) {
		const uint8_t *u = s->shape.units.unit_of[i];
		uint64_t c = s->board[i] ? 1ULL << (s->board[i] - 1) :
			s->all & ~(used[u[0]] | used[u[1]] | used[u[2]]);
		if (!s->board[i] && s->o->exclude && s->o->exclude[i])
			c &= ~(1ULL << (s->o->exclude[i] - 1));
		s->cand[i] = c;
		s->ncand[i] = (uint8_t)sd_popcount(c);
		for (int d = 0; d < n; d++) {
			int v = var_of(s, i, d);
			s->value[v] = (int8_t)(c >> d & 1 ? (s->board[i] ? 1 : -1) : 0);
			s->var[v].level = 0;
		}
		for (; c; c &= c - 1)
			for (int k = 0; k < 3; k++)
				s->where_can[u[k]][__builtin_ctzll(c)] |= 1ULL << s->shape.units.index_in[i][k];
	}
	/* what the cells and units show at once, as if each had just lost a
	 * digit; propagation does the rest */
	for (int i = 0; i < s->cells; i++)
		if (!s->board[i] && !spread_digits(s, i))
			return false;
	for (int u = 0; u < 3 * n; u++)
		for (uint64_t need = s->all & ~used[u]; need; need &= need - 1)
			if (!spread_places(s, u, u / n, __builtin_ctzll(need)))
				return false;
	if (!propagate(s))
		return false;
	/* what is still possible after the givens: the reasons list only these */
	s->nopen = 0;
	for (int i = 0; i < s->cells; i++) {
		s->last_score[i] = HUGE_VAL;
		s->cand0[i] = s->cand[i];
		if (!s->board[i])
			s->open[s->nopen++] = (uint16_t)i;
	}
	for (int u = 0; u < 3 * n; u++)
		memcpy(s->where0[u], s->where_can[u], (size_t)n * sizeof s->where0[u][0]);
	return true;
}

long long sd_solve_learn(const struct sd_geom *g, const uint8_t *puzzle,
			 const struct sd_solve_opts *o, struct sd_solve_result *res)
{
	struct sd_learn_space *s = res->learn;

	sd_solve_result_reset(res);
	if (!s && !(s = res->learn = calloc(1, sizeof *s))) {
		res->stop = SD_STOP_LIMIT;
		return 0;
	}
	if (!grow(s, g->n * g->n * g->n)) {
		res->stop = SD_STOP_LIMIT;
		return 0;
	}
	s->o = o;
	s->res = res;
	if (setup(s, g, puzzle))
		search(s);
	return res->solutions;
}
