/* Greedy local search with variable neighbourhoods, after the lab report:
 * a cyclic shift of a box's free cells, over a growing number of boxes;
 * then swaps of two free cells; then the symmetric exchange around a
 * pivot; a shake when all are exhausted. */
#ifndef SUDOKU_VNS_H
#define SUDOKU_VNS_H

#include "algo/boxstate.h"

enum sd_shift { SD_SHIFT_CYCLIC, SD_SHIFT_REVERSE };
extern const char *const sd_shift_names[];    /* "cyclic", "reverse" */

/* Where a search stands after a descent to a local minimum, for a trace. */
struct sd_vns_descent {
	bool begin;
	long long shakes, moves;
	int minimum, best;
};

/* The moves the program allows a record by default (its -I): about what
 * ten seconds allowed on the hard 25x25 and 36x36 boards here
 * (bench/RESULTS.md, "Default limits"); a plain integer, for help texts. */
#define SD_DEFAULT_VNS_MOVES 400000000

struct sd_vns_opts {
	bool plain;                    /* the report's scheme exactly */
	/* what the default search adds to the report's, each to be switched
	 * off for a study (all ignored under plain): */
	bool no_propagate;             /* fix forced cells before the search */
	bool no_random;                /* moves drawn at random (else the report's
					  neighbourhoods, best move first) */
	bool no_focus;                 /* moves start at cells in conflict */
	bool no_accept;                /* a worse board now and then */
	bool fixed_shake;              /* the shake grows while minima repeat */
	int shift;                     /* enum sd_shift */
	int shake_boxes;               /* boxes refilled by a shake; 0: all */
	struct sd_limits limits;       /* work: neighbours evaluated */
	uint64_t seed;
	/* called at the start (begin set) and after every descent, or NULL */
	void (*on_descent)(const struct sd_vns_descent *d, void *arg);
	void *arg;
};

struct sd_vns_result {
	int status, best_cost, fixed;
	long long moves, shakes, improvements;
	bool interrupted;
	uint8_t best[SD_MAXCELLS];
	struct sd_boxstate *st;        /* working memory kept from record to record */
};
void sd_vns_result_free(struct sd_vns_result *res);

int sd_vns(const struct sd_geom *g, const uint8_t *puzzle, const uint8_t *start,
	   const struct sd_vns_opts *o, struct sd_vns_result *res);

/* The neighbourhoods' moves on the values of cells[0..k-1] (a box's free
 * cells): each applies the move and returns the change in cost; applying
 * the undo returns the board to what it was. */
int sd_vns_shift(struct sd_boxstate *st, const uint16_t *cells, int k);
int sd_vns_unshift(struct sd_boxstate *st, const uint16_t *cells, int k);
int sd_vns_reverse(struct sd_boxstate *st, const uint16_t *cells, int i, int j);   /* its own undo */
int sd_vns_exchange(struct sd_boxstate *st, const uint16_t *cells, int k, int pivot); /* its own undo */

#endif
