/* What the chains (chain.c) and their nested levels (nested.c) share.
 * Not for use outside lib/algo. */
#ifndef SUDOKU_CHAIN_INT_H
#define SUDOKU_CHAIN_INT_H

#include "algo/logic_int.h"

/* A potential's state: (cell * n + digit - 1) * 2 + on. */
static inline int chain_state(int n, int cell, int d, bool on) { return (cell * n + d - 1) * 2 + on; }

/* A hint of a chain search run as a rule inside another chain (SE's
 * nested chains): SE's difficulty, complexity and sort key; its
 * removals and its rule parents (the candidates the outer chain's grid
 * lost that it needs), as "off" states in states[]; and a hash of its
 * chains, which SE compares to count a nested chain once. */
struct chain_hint {
	double difficulty;
	int complexity, sort_key, seq;     /* seq: the order found */
	int rem, nrem, par, npar;
	uint64_t hash;
};
struct chain_hints {
	struct chain_hint *at;
	int count, cap;
	int32_t *states;
	int nstates, capstates;
};

/* SE's Chaining producers: forcing chains and cycles, Nishio, multiple
 * and dynamic (with a level) forcing chains. */
enum { CHAIN_FC, CHAIN_NISHIO, CHAIN_MULTIPLE, CHAIN_DYNAMIC };

/* Runs the producer kind at level on the candidates base (another
 * chain's grid, which had init at its start), every hint into out (to
 * be freed by the caller).  False when stopped at the limits or out of
 * memory. */
bool sd_chain_collect(struct sd_logic *lg, const uint64_t *base, const uint64_t *init, int kind,
		      int level, struct chain_hints *out);

/* One deduction of a rule on a chain's grid: the potentials it turns
 * off (states, in SE's order: by cell, then digit), the "off" potentials
 * of the chain it relies on (its parents), as states, and the nested
 * chain's hint when the rule is a chain search (else NULL). */
typedef void sd_advanced_fn(void *arg, const int32_t *off, int noff, const int32_t *parents,
			    int nparents, const struct chain_hint *nested);

/* SE's getAdvancedPotentials, its simpler rules (DF+, level 1 and up):
 * on the grid cur (the candidates as a chain sees them, from init at its
 * start; lg->v tells the empty cells), the first of locking, hidden
 * pairs, naked pairs and X-wings with a deduction that relies on the
 * chain, each such deduction passed to emit.  Returns whether there was
 * one. */
bool sd_advanced_rules(const struct sd_logic *lg, const uint64_t *init, const uint64_t *cur,
		       sd_advanced_fn *emit, void *arg);

/* Then, at levels 2 to 5, the chain searches SE nests: forcing chains
 * (2, 3), multiple chains (3), dynamic chains (4, 5), dynamic chains of
 * level 2 (5); the first with a deduction.  False when stopped at the
 * limits or out of memory. */
bool sd_nested_rules(struct sd_logic *lg, const uint64_t *init, const uint64_t *cur, int level,
		     sd_advanced_fn *emit, void *arg);

#endif
