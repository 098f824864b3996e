/* What the search with clause learning's files share, for them alone:
 * learn.c runs the search (its overview is there), learn_decide.c
 * chooses its decisions, learn_conflict.c learns from contradictions and
 * keeps the learnt clauses, learn_propagate.c propagates with reasons.
 * Each stands only on those after it in this list; what they all call
 * often is inline here. */
#ifndef SUDOKU_LEARN_INT_H
#define SUDOKU_LEARN_INT_H

#include "exact/exact_int.h"

/* a reason or a contradiction: kind in the low 4 bits, payload above */
enum { WHY_NONE, WHY_PEER, WHY_NAKED, WHY_HIDDEN, WHY_CLAUSE, WHY_DECISIONS, WHY_LOCKED, WHY_NAKED_PAIR, WHY_HIDDEN_PAIR };
#define WHY(kind, payload) ((int)(((unsigned)(payload) << 4) | (kind)))
#define WHY_KIND(w) ((w) & 15)
#define WHY_ARG(w) ((int)((unsigned)(w) >> 4))

/* A clause's first word: its size, and whether it excludes a solution
 * found, which counting must never forget. */
#define KEEP_ALWAYS (1 << 30)
#define SIZE_OF(head) ((head) & ~KEEP_ALWAYS)

/* A clause watching a literal, with another of its literals: when that
 * one is true the clause is satisfied, and its memory is not read. */
struct watcher { int clause, blocker; };
struct watch_list { struct watcher *at; int size, cap; };

/* The search's state, kept between solves (grow() in learn.c sizes it). */
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
	long long ticks;                           /* calls of budget_spent */
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

/* Digit d leaves or comes back to a cell: its candidates and its places
 * in the cell's three units. */
static inline void digit_leaves(struct sd_learn_space *s, int cell, int d)
{
	const uint8_t *unit = s->shape.units.unit_of[cell], *at = s->shape.units.index_in[cell];

	s->cand[cell] &= ~(1ULL << d);
	s->ncand[cell]--;
	s->where_can[unit[0]][d] &= ~(1ULL << at[0]);
	s->where_can[unit[1]][d] &= ~(1ULL << at[1]);
	s->where_can[unit[2]][d] &= ~(1ULL << at[2]);
}

static inline void digit_returns(struct sd_learn_space *s, int cell, int d)
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
		digit_leaves(s, cell, d);
	}
}

static inline void assign(struct sd_learn_space *s, int v, int value, int why)
{
	int cell = var_cell(s, v);

	set(s, cell, v - cell * s->n, v, value, why, 0);
}

/* Takes back the assignments of the levels from level up. */
static inline void jump_back(struct sd_learn_space *s, int level)
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
			digit_returns(s, cell, v - cell * s->n);
		}
		s->value[v] = -1;
	}
	s->qhead = start;
	s->nlevels = level;
}

/* Whether the search must stop, at its limits or an interrupt. */
static inline bool budget_spent(struct sd_learn_space *s)
{
	return sd_search_stops(s->o, s->res, ++s->ticks);
}

/* v true at a new level, a node of the search. */
static inline void decide(struct sd_learn_space *s, int v)
{
	s->res->nodes++;
	s->level_start[s->nlevels++] = s->ntrail;
	assign(s, v, 1, WHY(WHY_NONE, 0));
}

/* learn_propagate.c: propagation with reasons */
/* What the assignments not yet propagated lead to; false at a
 * contradiction, which s->conflict (and conflict_var, conflict_aux) then
 * names. */
bool sd_learn_propagate(struct sd_learn_space *s);
/* The givens' consequences, from the candidates and places set up by
 * learn.c (used: the digits each unit's givens hold); false when they
 * contradict each other. */
bool sd_learn_propagate_givens(struct sd_learn_space *s, const uint64_t *used);
/* A clause, at clauses[ci], watches its first two literals. */
bool sd_learn_watch_clause(struct sd_learn_space *s, int ci);
void sd_learn_unwatch_all(struct sd_learn_space *s);

/* learn_conflict.c: analysis and the learnt clauses */
/* Learns from the contradiction at hand and propagates what follows,
 * again while that meets another; false when the search is over. */
bool sd_learn_recover(struct sd_learn_space *s);

/* learn_decide.c: the choice of decision */
/* The decision by the cells' digits and activity: a variable, or -1 when
 * no cell is open. */
int sd_learn_choose(struct sd_learn_space *s);
/* The decision by lookahead, while the search is young, or: LOOK_NONE
 * when no cell has two digits, LOOK_AGAIN when what it ruled out leaves
 * no decision to take, LOOK_OVER when the search is over. */
enum { LOOK_NONE = -1, LOOK_AGAIN = -2, LOOK_OVER = -3 };
int sd_learn_lookahead(struct sd_learn_space *s);

#endif
