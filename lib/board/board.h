/* The board model: geometry, candidates, the rules and their costs,
 * randomness, and the stop clock.  Everything else stands on it; it knows
 * nothing of records, formats or programs. */
#ifndef SD_BOARD_H
#define SD_BOARD_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The toolkit's version: the programs' -V, the library's sd_version(),
 * and the Makefile reads it for the shared library's name. */
#define SD_VERSION "0.2.0"

#define SD_MAXN 64
#define SD_MAXCELLS (SD_MAXN * SD_MAXN)

/* ---- geometry ---------------------------------------------------------- */

/* N×N cells in boxes of r rows × c columns, n = r·c. */
struct sd_geom { int n, r, c; };

int sd_geom_default(int n, struct sd_geom *g);          /* 0, or -1: no boxes */
int sd_geom_parse(const char *s, struct sd_geom *g);    /* "RxC"; 0 or -1 */
/* The checks of numbers read from outside, before any arithmetic on them:
 * a board's side (4 to SD_MAXN), and a box's sides (0, or -1 for a shape
 * that makes no board). */
bool sd_size_ok(long long n);
int sd_geom_from_sides(long long r, long long c, struct sd_geom *g);
static inline int sd_cells(const struct sd_geom *g) { return g->n * g->n; }
static inline int sd_box_of(const struct sd_geom *g, int row, int col)
{
	return (row / g->r) * g->r + col / g->c;
}
/* The k-th cell (row-major) of box b. */
static inline int sd_box_cell(const struct sd_geom *g, int b, int k)
{
	return ((b / g->r) * g->r + k / g->c) * g->n + (b % g->r) * g->c + k % g->c;
}
static inline bool sd_geom_same(const struct sd_geom *a, const struct sd_geom *b)
{
	return a->n == b->n && a->r == b->r && a->c == b->c;
}
/* The k-th cell of unit u: rows 0..n-1, columns n..2n-1, boxes 2n..3n-1. */
static inline int sd_unit_cell(const struct sd_geom *g, int u, int k)
{
	int n = g->n;

	if (u < n)
		return u * n + k;
	if (u < 2 * n)
		return k * n + (u - n);
	return sd_box_cell(g, u - 2 * n, k);
}
/* Whether g is the default shape of its size. */
bool sd_geom_is_default(const struct sd_geom *g);
void sd_cell_name(const struct sd_geom *g, int cell, char buf[32]); /* r3c5 */
int sd_cell_parse(const struct sd_geom *g, const char *s);          /* -1 if bad */
/* Per place k of a unit (bit k of a mask of places), the places alike:
 * run_c[k] in k / c (a box's row, or a row's part in one box), run_r[k]
 * in k / r (a column's part in a box), box_column[k] in k % c (a box's
 * column).  Locked candidates need no geometry arithmetic with them. */
struct sd_place_runs { uint64_t run_c[SD_MAXN], run_r[SD_MAXN], box_column[SD_MAXN]; };
void sd_place_runs(const struct sd_geom *g, struct sd_place_runs *p);
/* The units as the solvers walk them: unit u's k-th cell (rows 0..n-1,
 * columns n..2n-1, boxes 2n..3n-1; a box's cells row by row), and each
 * cell's three units and its place in each. */
struct sd_units {
	uint16_t members[3 * SD_MAXN][SD_MAXN];
	uint8_t unit_of[SD_MAXCELLS][3], index_in[SD_MAXCELLS][3];
};
void sd_units(const struct sd_geom *g, struct sd_units *u);
/* A shape with its tables, built again only when the shape changes (g.n
 * 0 before the first use). */
struct sd_shape { struct sd_geom g; struct sd_units units; struct sd_place_runs runs; };
void sd_shape_set(struct sd_shape *sh, const struct sd_geom *g);

/* ---- names ------------------------------------------------------------- */

/* The index of word s in a NULL-ended list of names, or -1: how every
 * option that takes a word (a format, a metric, an order...) becomes an
 * enum. */
int sd_word_index(const char *const *names, const char *s);

/* ---- cost and rules ---------------------------------------------------- */

enum sd_metric { SD_MISSING, SD_DUP };
extern const char *const sd_metric_names[];             /* "missing", "dup" */
int sd_cost(const struct sd_geom *g, const uint8_t *v, int metric);
/* The metric's count over one unit of n cells. */
int sd_unit_cost(const uint8_t *v, const uint16_t *cells, int n, int metric);
/* Marks conflict[cell] for every value repeated in a row, column or box;
 * returns how many cells are marked. */
int sd_conflicts(const struct sd_geom *g, const uint8_t *v, bool *conflict);
bool sd_is_solution(const struct sd_geom *g, const uint8_t *v);
/* Marks wrong[cell] for every entry (a value where the puzzle has no
 * given) that differs from the solution; returns how many are marked. */
int sd_wrong_entries(const struct sd_geom *g, const uint8_t *puzzle, const uint8_t *board,
		     const uint8_t *solution, bool *wrong);

/* ---- candidates -------------------------------------------------------- */

/* Every value of a size n board as a mask (bit d-1 for digit d). */
static inline uint64_t sd_all_values(int n)
{
	return n == 64 ? ~0ULL : (1ULL << n) - 1;
}

/* Digits used per row, column and box, as bitmasks (bit d-1 for digit d). */
struct sd_cand {
	struct sd_geom g;
	uint64_t all;
	uint64_t row[SD_MAXN], col[SD_MAXN], box[SD_MAXN];
};
/* Returns -1 when the values repeat a digit in some unit. */
int sd_cand_init(struct sd_cand *cd, const struct sd_geom *g, const uint8_t *v);
static inline uint64_t sd_cand_of(const struct sd_cand *cd, int cell)
{
	int n = cd->g.n, row = cell / n, col = cell % n;
	return cd->all & ~(cd->row[row] | cd->col[col] | cd->box[sd_box_of(&cd->g, row, col)]);
}
static inline void sd_cand_place(struct sd_cand *cd, int cell, int d)
{
	int n = cd->g.n, row = cell / n, col = cell % n;
	uint64_t bit = 1ULL << (d - 1);
	cd->row[row] |= bit;
	cd->col[col] |= bit;
	cd->box[sd_box_of(&cd->g, row, col)] |= bit;
}
static inline void sd_cand_unplace(struct sd_cand *cd, int cell, int d)
{
	int n = cd->g.n, row = cell / n, col = cell % n;
	uint64_t bit = ~(1ULL << (d - 1));
	cd->row[row] &= bit;
	cd->col[col] &= bit;
	cd->box[sd_box_of(&cd->g, row, col)] &= bit;
}

/* Places every cell that naked and hidden singles and locked candidates
 * force in v, and gives each cell its candidates in cand (a placed cell:
 * its digit); -1 when they show the puzzle has no solution
 * (propagate.c). */
int sd_cand_propagate(const struct sd_geom *g, uint8_t *v, uint64_t *cand);
/* The same from the candidates already in cand (and the cells placed in
 * v, which it places as well), with locked candidates or singles alone:
 * for the trials that each rule out one candidate more. */
int sd_cand_narrow(const struct sd_shape *sh, uint8_t *v, uint64_t *cand, bool locked);
/* The board as propagation narrows it (propagate.c's; its fields are
 * its own): the cells left one candidate, to be placed, the units whose
 * cells' candidates changed, to be looked at again, and each unit's places
 * for each digit and digits placed.  Only the first cells and units of
 * each table are used, and set.  Large (where alone is 96 KiB at 64x64):
 * a state at a fixpoint is copied into another to be narrowed further,
 * which costs a copy of what the board uses instead of a start afresh. */
struct sd_narrowing {
	const struct sd_geom *g;
	const struct sd_units *units;
	const struct sd_place_runs *runs;
	bool locked;                   /* locked candidates too, not singles alone */
	uint8_t *v;
	uint64_t *cand;
	uint16_t single[SD_MAXCELLS];
	int nsingle;
	bool queued[SD_MAXCELLS];
	bool dirty[3 * SD_MAXN];
	uint64_t placed[3 * SD_MAXN];
	uint64_t where[3 * SD_MAXN][SD_MAXN];
};
/* sd_cand_narrow keeping its state in w, which goes on pointing at v and
 * cand; 0, or -1 on a contradiction (w is then of no further use). */
int sd_narrow_start(struct sd_narrowing *w, const struct sd_shape *sh, uint8_t *v, uint64_t *cand,
		    bool locked);
/* Makes to a copy of from, a state at its fixpoint, on v and cand (whose
 * contents it sets). */
void sd_narrow_copy(struct sd_narrowing *to, const struct sd_narrowing *from, uint8_t *v,
		    uint64_t *cand);
/* Leaves cell only the candidates of left it has, and narrows to the
 * fixpoint: 0, or -1 on a contradiction. */
int sd_narrow_to(struct sd_narrowing *w, int cell, uint64_t left);

/* Bits set in x.  Without a popcnt instruction (-mpopcnt), gcc calls a
 * slow library routine; a few shifts and a multiply do better. */
static inline int sd_popcount(uint64_t x)
{
#ifdef __POPCNT__
	return __builtin_popcountll(x);
#else
	x = x - ((x >> 1) & 0x5555555555555555ULL);
	x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
	x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
	return (int)((x * 0x0101010101010101ULL) >> 56);
#endif
}

/* ---- randomness -------------------------------------------------------- */

struct sd_rng { uint64_t s[4]; };
void sd_rng_seed(struct sd_rng *rng, uint64_t seed);
uint64_t sd_rng_next(struct sd_rng *rng);
uint32_t sd_rng_below(struct sd_rng *rng, uint32_t bound);  /* uniform in [0, bound) */
double sd_rng_unit(struct sd_rng *rng);                     /* uniform in [0, 1) */
void sd_rng_shuffle(struct sd_rng *rng, uint8_t *a, int n);
/* A seed from a run's seed and some bytes (a record's name or puzzle). */
uint64_t sd_seed_mix(uint64_t run_seed, const void *data, size_t len);
uint64_t sd_seed_from_clock(void);

/* ---- the stop clock ---------------------------------------------------- */

/* Seconds on a monotonic clock. */
double sd_now(void);
/* The Luby sequence 1 1 2 1 1 2 4 ... (i from 0): how long the runs of a
 * search that restarts may last, in units of the search's choosing.
 * Whatever the law of a run's time to success, restarts on this sequence
 * take an expected time within a logarithmic factor of the best fixed
 * cutoff's (Luby, Sinclair and Zuckerman 1993), which no search here
 * knows beforehand. */
long long sd_luby(long long i);
/* What a search may spend: work (nodes or moves, as the search counts
 * it; 0 none), a deadline (an sd_now() value; 0 none), and a flag that a
 * signal handler sets (NULL none). */
struct sd_limits {
	long long work;
	double deadline;
	const volatile sig_atomic_t *interrupt;
};
static inline bool sd_interrupted(const struct sd_limits *l)
{
	return l->interrupt && *l->interrupt;
}
/* Interrupted, or past the deadline. */
static inline bool sd_out_of_time(const struct sd_limits *l)
{
	return sd_interrupted(l) || (l->deadline > 0 && sd_now() > l->deadline);
}

#include "board/variant.h"

#endif
