/* The sudoku toolkit library: geometry, records, formats, the record loop. */
#ifndef SUDOKU_H
#define SUDOKU_H

#include <getopt.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <jansson.h>

#define SD_VERSION "0.1.0"
#define SD_MAXN 64
#define SD_MAXCELLS (SD_MAXN * SD_MAXN)
#define SD_MAXLINE_N 35          /* largest size the line alphabet can hold */
#define SD_MAXRECORD (1 << 20)   /* a record over 1 MiB is an error */
#define SD_DEFAULT_TIME_LIMIT 10.0 /* seconds per record for the searching programs */

/* ---- geometry ---------------------------------------------------------- */

/* N×N cells in boxes of r rows × c columns, n = r·c. */
struct sd_geom { int n, r, c; };

int sd_geom_default(int n, struct sd_geom *g);          /* 0, or -1: no boxes */
int sd_geom_parse(const char *s, struct sd_geom *g);    /* "RxC"; 0 or -1 */
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
void sd_cell_name(const struct sd_geom *g, int cell, char buf[32]); /* r3c5 */
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
static inline bool sd_geom_same(const struct sd_geom *a, const struct sd_geom *b)
{
	return a->n == b->n && a->r == b->r && a->c == b->c;
}
/* A shape with its tables, built again only when the shape changes (g.n
 * 0 before the first use). */
struct sd_shape { struct sd_geom g; struct sd_units units; struct sd_place_runs runs; };
void sd_shape_set(struct sd_shape *sh, const struct sd_geom *g);
int sd_cell_parse(const struct sd_geom *g, const char *s);          /* -1 if bad */

/* ---- the line alphabet ------------------------------------------------- */

struct sd_alphabet {
	signed char value[256];          /* -1 unknown, 0 empty, 1..35 */
	char symbol[SD_MAXLINE_N + 1];   /* symbol[v-1] writes value v */
	int size;
};
void sd_alphabet_default(struct sd_alphabet *a);
int sd_alphabet_set(struct sd_alphabet *a, const char *symbols);

/* ---- records ----------------------------------------------------------- */

/* One board: givens, optional current values, and every other key. */
struct sd_record {
	struct sd_geom g;
	uint8_t puzzle[SD_MAXCELLS];   /* 0 empty, else a given */
	uint8_t board[SD_MAXCELLS];    /* current values, givens included */
	bool has_board;
	char *id;                      /* NULL when the record has none */
	json_t *keys;                  /* other keys in order, or NULL */
	const char *file;              /* where the record came from */
	long line;
	int format;                    /* the format it was read in */
};

void sd_record_init(struct sd_record *rec);
void sd_record_free(struct sd_record *rec);
void sd_record_reset(struct sd_record *rec);
int sd_record_set_id(struct sd_record *rec, const char *id, size_t len);
/* The values to score or show: the board if there is one, else the givens. */
static inline const uint8_t *sd_values(const struct sd_record *rec)
{
	return rec->has_board ? rec->board : rec->puzzle;
}
/* Keys added by programs; *_new steals the value. */
void sd_record_set_new(struct sd_record *rec, const char *key, json_t *value);
void sd_record_set_int(struct sd_record *rec, const char *key, long long v);
void sd_record_set_str(struct sd_record *rec, const char *key, const char *s);
json_t *sd_record_get(const struct sd_record *rec, const char *key);

/* ---- cost and rules ---------------------------------------------------- */

enum sd_metric { SD_MISSING, SD_DUP };
int sd_metric_parse(const char *s);                     /* -1 if unknown */
const char *sd_metric_name(int metric);
int sd_cost(const struct sd_geom *g, const uint8_t *v, int metric);
/* Marks conflict[cell] for every value repeated in a row, column or box;
 * returns how many cells are marked. */
int sd_conflicts(const struct sd_geom *g, const uint8_t *v, bool *conflict);
bool sd_is_solution(const struct sd_geom *g, const uint8_t *v);

/* ---- candidates -------------------------------------------------------- */

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
/* A record's seed: from the run's seed and the record itself (id, else
 * puzzle), never from its position in the stream. */
uint64_t sd_record_seed(uint64_t run_seed, const struct sd_record *rec);
uint64_t sd_seed_from_clock(void);

/* ---- filling ----------------------------------------------------------- */

enum sd_fill_kind { SD_FILL_BOX, SD_FILL_BOX_SEQUENTIAL, SD_FILL_ROW, SD_FILL_RANDOM };
int sd_fill_parse(const char *s);                       /* -1 if unknown */
/* Fills every empty cell of v (givens untouched) the given way. */
void sd_fill(const struct sd_geom *g, uint8_t *v, int kind, struct sd_rng *rng);

/* ---- formats ----------------------------------------------------------- */

enum sd_format {
	SD_FMT_AUTO, SD_FMT_LINE, SD_FMT_GRID, SD_FMT_CSV, SD_FMT_JSON,
	SD_FMT_PRETTY, SD_FMT_SVG, SD_FMT_TEXT
};
int sd_format_parse(const char *s);                     /* -1 if unknown */

/* A growable byte buffer: an output record is built whole, then written. */
struct sd_buf { char *p; size_t len, cap; };
void sd_buf_reserve(struct sd_buf *b, size_t more);
void sd_buf_add(struct sd_buf *b, const char *s, size_t n);
void sd_buf_puts(struct sd_buf *b, const char *s);
void sd_buf_putc(struct sd_buf *b, char c);
void sd_buf_printf(struct sd_buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void sd_buf_json(struct sd_buf *b, const json_t *v);     /* compact JSON text */
void sd_buf_free(struct sd_buf *b);

/* What readers need to know; shared by every operand of a run. */
struct sd_read_opts {
	int format;                    /* SD_FMT_AUTO to detect per operand */
	struct sd_alphabet alpha;
	bool have_box;                 /* -b given */
	struct sd_geom box;
};

/* Reports "prog: FILE:LINE: message" on standard error. */
void sd_error_at(const char *file, long line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void sd_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
extern const char *sd_progname;

struct sd_reader;
enum { SD_READ_EOF = 0, SD_READ_OK = 1, SD_READ_BAD = -1, SD_READ_FAIL = -2 };
/* Opens a path ("-" is standard input); NULL after a message if it cannot. */
struct sd_reader *sd_reader_open(const char *path, const struct sd_read_opts *o);
/* SD_READ_OK fills rec; SD_READ_BAD reported a bad record and skipped it;
 * SD_READ_FAIL is an I/O error (reported); SD_READ_EOF the end. */
int sd_reader_next(struct sd_reader *rd, struct sd_record *rec);
void sd_reader_close(struct sd_reader *rd);
/* Bytes consumed and the size of the input, when known (-1 otherwise). */
void sd_reader_progress(const struct sd_reader *rd, long long *done, long long *total);

/* Parses a board given as a string of symbols or as JSON rows.  On error
 * returns -1 with a message in err. */
int sd_board_from_json(const json_t *v, const struct sd_alphabet *a,
		       int *n, uint8_t *cells, char *err, size_t errlen);
int sd_board_from_symbols(const char *s, size_t len, const struct sd_alphabet *a,
			  int n, uint8_t *cells, char *err, size_t errlen);
/* Checks the geometry of a record against -b, fills the default shape and
 * merges the board with the givens; 0, or -1 with a message in err. */
int sd_record_settle(struct sd_record *rec, const struct sd_read_opts *o,
		     const struct sd_geom *stated, char *err, size_t errlen);

/* Output. */
struct sd_write_opts {
	int format;                    /* SD_FMT_AUTO: the input's */
	struct sd_alphabet alpha;
	int color;                     /* 0 never, 1 always */
	bool unicode;
};
struct sd_writer;
struct sd_writer *sd_writer_new(FILE *fp, const struct sd_write_opts *o);
/* Writes one record whole; text is the reporter's line for SD_FMT_TEXT.
 * Returns 0, or -1 after a message when the record cannot be written in
 * this format (exit status 2). */
int sd_writer_put(struct sd_writer *w, const struct sd_record *rec, const char *text);
int sd_writer_finish(struct sd_writer *w);              /* svg is written here */
/* The format the record will be written in (the default settles on the
 * first record). */
int sd_writer_resolve(struct sd_writer *w, const struct sd_record *rec);
/* Whether the record's format writes its fields beside its boards (json
 * and csv do): tools skip working out fields nobody will see. */
bool sd_writer_shows_fields(const struct sd_writer *w, const struct sd_record *rec);
void sd_writer_free(struct sd_writer *w);

/* The individual formats, for the writer and the unit tests. */
void sd_put_line(struct sd_buf *b, const struct sd_record *rec, const struct sd_alphabet *a);
void sd_put_grid(struct sd_buf *b, const struct sd_record *rec);
void sd_put_json(struct sd_buf *b, const struct sd_record *rec, const struct sd_alphabet *a);
void sd_put_pretty(struct sd_buf *b, const struct sd_record *rec,
		   const struct sd_alphabet *a, int color, bool unicode);
void sd_put_board_value(struct sd_buf *b, const struct sd_geom *g, const uint8_t *v,
			const struct sd_alphabet *a);
void sd_put_svg(struct sd_buf *b, struct sd_record *const *recs, int count,
		const struct sd_alphabet *a);
/* Marks the cells a record's "wrong" key names. */
void sd_wrong_cells(const struct sd_record *rec, bool *wrong);

/* ---- the run: options, record loop, exit status ------------------------ */

struct sd_run;
/* Handles one record; calls sd_emit to write it.  Returns the exit status
 * this record deserves (0, 1 or 2). */
typedef int sd_record_fn(struct sd_run *run, struct sd_record *rec, void *arg);

struct sd_tool {
	const char *name;
	const char *usage;             /* the synopsis and the tool's options */
	const char *shared;            /* which shared option letters it takes */
	const char *shortopts;         /* its own short options */
	const struct option *longopts; /* its own long options, {0} ended */
	int (*option)(int opt, const char *arg, void *ctx); /* 0, or -1 bad */
	int default_output;            /* SD_FMT_AUTO (transformer) or a format */
	bool searches;                 /* has a finite default time limit */
};

struct sd_run {
	const struct sd_tool *tool;
	struct sd_read_opts in;
	struct sd_write_opts out;
	int metric;
	bool have_seed;
	uint64_t seed;
	double time_limit;             /* seconds; 0 none */
	long long iterations;          /* 0 none */
	const char *output;            /* -o FILE */
	int verbose, quiet, progress;
	/* filled in by the loop */
	struct sd_writer *writer;
	FILE *out_fp;
	char *tmp_path;
	int status;
	long long records, bad;
	double started, last_flush, last_progress;
	struct sd_reader *reader;
};

/* Parses the shared and the tool's options; returns the index of the first
 * operand, or exits (help, version, usage error). */
int sd_run_options(struct sd_run *run, const struct sd_tool *tool, int argc,
		   char **argv, void *ctx);
/* Reads every operand (standard input when none), calls fn per record,
 * writes, and returns the exit status. */
int sd_run_loop(struct sd_run *run, char **operands, int count,
		sd_record_fn *fn, void *arg);
/* For programs that read nothing (sudoku-gen): fn makes record index
 * (0, 1, ...; count of them, or without end when count is 0) into rec,
 * emits it and returns its exit status. */
typedef int sd_make_fn(struct sd_run *run, long long index, struct sd_record *rec, void *arg);
int sd_run_make(struct sd_run *run, long long count, sd_make_fn *fn, void *arg);
int sd_emit(struct sd_run *run, const struct sd_record *rec, const char *text);
/* A solver's record: in line and grid a board is always a solution, so a
 * record not solved goes out there as its puzzle alone. */
int sd_emit_solver(struct sd_run *run, struct sd_record *rec, bool solved);
/* The end of a local search (status: 0 solved, 1 unsolved, 2 no solution):
 * a message unless solved, a line under -v, the best board, status, cost,
 * metric, seed and stats (stolen; seconds and moves per second added under
 * -v), written as sd_emit_solver does. */
struct sd_local_outcome {
	int status, best_cost;
	const uint8_t *best;
	long long moves;
	double seconds;
	json_t *stats;
};
int sd_emit_local(struct sd_run *run, struct sd_record *rec, const struct sd_local_outcome *out);
/* What a search may spend on a record: its seed (from the run's seed and the
 * record), moves (0: no limit) and a deadline (sd_now() value; 0: none). */
struct sd_limits { uint64_t seed; long long max_moves; double deadline; };
/* Runs one local search on a record: sets the limits, times it, and writes
 * the outcome with sd_emit_local.  search fills *out (stats included) and
 * returns false when a signal interrupted it (the record is then dropped). */
typedef bool sd_local_fn(const struct sd_record *rec, const struct sd_limits *lim, void *ctx,
			 struct sd_local_outcome *out);
int sd_run_local(struct sd_run *run, struct sd_record *rec, sd_local_fn *search, void *ctx);
/* --trace FILE: opened before the loop, closed after; 0, or 2 after a message. */
int sd_trace_open(const char *path, FILE **fp);
int sd_trace_close(const char *path, FILE *fp);
bool sd_interrupted(void);
double sd_now(void);

#endif
