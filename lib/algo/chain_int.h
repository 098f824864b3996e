/* What the chains (chain.c) and their nested levels (nested.c) share.
 * Not for use outside lib/algo. */
#ifndef SUDOKU_CHAIN_INT_H
#define SUDOKU_CHAIN_INT_H

#include "algo/logic_int.h"

/* A potential's state: (cell * n + digit - 1) * 2 + on. */
static inline int chain_state(int n, int cell, int d, bool on) { return (cell * n + d - 1) * 2 + on; }

/* One deduction of a simpler rule on a chain's grid: the potentials it
 * turns off (states, in SE's order: by cell, then digit) and the "off"
 * potentials of the chain it relies on (its parents), as states. */
typedef void sd_advanced_fn(void *arg, const int32_t *off, int noff, const int32_t *parents,
			    int nparents);

/* SE's getAdvancedPotentials for DF+ (level 1): on the grid cur (the
 * candidates as a chain sees them, from init at its start; lg->v tells
 * the empty cells), the first of SE's rules (locking, hidden pairs,
 * naked pairs, X-wings) with a deduction that relies on the chain, each
 * such deduction passed to emit.  Returns whether there was one. */
bool sd_advanced_rules(const struct sd_logic *lg, const uint64_t *init, const uint64_t *cur,
		       sd_advanced_fn *emit, void *arg);

#endif
