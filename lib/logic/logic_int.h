/* What the files of the human techniques share: bit helpers and the
 * making of a step.  Not for use outside lib/logic. */
#ifndef SUDOKU_LOGIC_INT_H
#define SUDOKU_LOGIC_INT_H

#include "logic/logic.h"

static inline int popcount(uint64_t m) { return sd_popcount(m); }
static inline int lowest(uint64_t m) { return __builtin_ctzll(m); }
static inline uint64_t bit(int d) { return 1ULL << (d - 1); }

/* Sudoku Explainer's kinds of region, in its order: box, row, column, as
 * our kinds of unit (rows, columns, boxes). */
static inline int se_kind(int kind)
{
	static const int ours[3] = { 2, 0, 1 };
	return ours[kind];
}

/* The unit of SE's kind holding cell c. */
static inline int se_region(const struct sd_logic *lg, int kind, int c)
{
	return lg->units.unit_of[c][se_kind(kind)];
}

/* Whether cells a and b (two of them) share a unit. */
static inline bool sees(const struct sd_logic *lg, int a, int b)
{
	const uint8_t *ua = lg->units.unit_of[a], *ub = lg->units.unit_of[b];

	return a != b && (ua[0] == ub[0] || ua[1] == ub[1] || ua[2] == ub[2]);
}

/* A placement step of technique tech (1 for the callers' return). */
int sd_step_placement(struct sd_step *st, int tech, int unit, int cell, int d);
/* Starts an elimination step; removals are added with sd_step_remove. */
void sd_step_begin(struct sd_step *st, int tech, int unit);
/* Adds the removal of digits (those still candidates) from cell. */
void sd_step_remove(const struct sd_logic *lg, struct sd_step *st, int cell, uint64_t digits);

/* The uniqueness techniques (unique.c): 1 a step, 0 none. */
int sd_unique_loop(struct sd_logic *lg, struct sd_step *st);
int sd_bug(struct sd_logic *lg, struct sd_step *st);

/* Aligned exclusion (align.c), on two and three cells: 1 a step, 0 none. */
int sd_aligned_pair(struct sd_logic *lg, struct sd_step *st);
int sd_aligned_triple(struct sd_logic *lg, struct sd_step *st);
/* Their memo for a rating (NULL out of memory: each scan then starts
 * afresh), and its end. */
struct sd_align_memo *sd_align_memo_new(void);
void sd_align_memo_free(struct sd_align_memo *memo);

/* What a technique that looks at one unit, or one digit, at a time saw
 * on its last scan (scan_memo.c, in lg->scan_memo through a rating): the
 * units and digits whose candidates changed since its last scan that ran
 * to its end and found nothing; those that did not change find nothing
 * again.  All of them when there was no such scan (or no memo). */
struct sd_scan_changes {
	bool unit[3 * SD_MAXN];
	uint64_t digits;
};
void sd_scan_since(struct sd_logic *lg, int tech, struct sd_scan_changes *ch);
/* The end of tech's scan: whether it found a step (or was cut short). */
void sd_scan_done(struct sd_logic *lg, int tech, bool found);
/* The memo for a rating (NULL out of memory: every scan looks at all),
 * and its end. */
struct sd_scan_memo *sd_scan_memo_new(void);
void sd_scan_memo_free(struct sd_scan_memo *memo);

/* Chains of implications (chain.c), as SE's producers: cycles and forcing
 * X- and Y-chains, Nishio, multiple and dynamic forcing chains. */
int sd_forcing_chains(struct sd_logic *lg, struct sd_step *st);
int sd_nishio_chains(struct sd_logic *lg, struct sd_step *st);
int sd_multiple_chains(struct sd_logic *lg, struct sd_step *st);
int sd_dynamic_chains(struct sd_logic *lg, struct sd_step *st);
/* Dynamic forcing chains (+), SE's level 1: simpler rules inside (chain.c, with advanced.c). */
int sd_dynamic_plus_chains(struct sd_logic *lg, struct sd_step *st);
/* Nested forcing chains, SE's levels 2 to 5 (9.5 to 11.0): chain searches
 * inside the chains (chain.c, with nested.c). */
int sd_nested_chains(struct sd_logic *lg, struct sd_step *st);
/* The chains' storage for a rating (NULL out of memory: each search then
 * takes its own), and its end. */
struct sd_chain_store *sd_chain_store_new(void);
void sd_chain_store_free(struct sd_chain_store *store);

/* The techniques' work, counted so that a rating stops at its limits
 * wherever it is, the same way on every machine.  Every loop that can
 * run long spends units as it goes: about one unit for a look over a
 * house's cells, a combination of cells or digits tried, a chain's
 * potential followed.  The limits (the work limit, the deadline, the
 * interrupt) are looked at, and the clock read, only when the count
 * reaches lg->check_at: every SD_LOGIC_CHECK_EVERY units, and at the work
 * limit exactly.  True when the rating must stop: lg->stopped is set,
 * every later call says so at once, and the technique that sees it
 * returns "nothing found". */
#define SD_LOGIC_CHECK_EVERY 4096
bool sd_logic_check(struct sd_logic *lg);
/* Stops the rating as at its limits: past the chains' memory
 * (SD_CHAIN_MEMORY), or when an allocation failed (which also sets
 * lg->out_of_memory), so that no technique misses a step for want of
 * memory and the rating is "limit", never another. */
void sd_logic_stop(struct sd_logic *lg);
void sd_logic_out_of_memory(struct sd_logic *lg);
static inline bool sd_logic_spend(struct sd_logic *lg, long long units)
{
	lg->work += units;
	return lg->work >= lg->check_at && sd_logic_check(lg);
}

#endif
