/* libsudoku: the sudoku toolkit's engines for programs of their own
 * (libsudoku(3)).  Installed as <sudoku.h>; link with
 * `pkg-config --cflags --libs sudoku`.
 *
 * Every call takes a context, which holds the limits the caller set, the
 * working memory and the last error's message.  A context belongs to one
 * thread at a time: threads that each use their own context may call the
 * library at once.  Every call that searches stops at the context's
 * limits.  Errors are returned as codes (enum sd_code), never printed.
 *
 * NULL, in every call: an argument the call reads (a context, a board, a
 * hint, a text) that is NULL is an invalid argument (SUDOKU_EINVAL, or
 * the call's value for no answer: -1, NULL or 0); a pointer where the call
 * stores an answer may be NULL, and is then skipped.  Such a pointer that
 * is not NULL is cleared before anything else (NULL, 0, -1), so that a
 * call that fails leaves no stale answer. */
#ifndef SUDOKU_H
#define SUDOKU_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What the calls return: SUDOKU_OK, or why there is no answer. */
enum sd_code {
	SUDOKU_OK = 0,
	SUDOKU_ENOSOLUTION,            /* the puzzle (or the board) has no solution */
	SUDOKU_EMULTIPLE,              /* more than one solution: no rating, no hint */
	SUDOKU_ELIMIT,                 /* the work or time limit came first */
	SUDOKU_EEXHAUSTED,             /* no puzzle met the conditions in the attempts */
	SUDOKU_EPARSE,                 /* the text holds no board */
	SUDOKU_EINVAL,                 /* an argument out of range, or NULL */
	SUDOKU_ENOMEM                  /* memory ran out */
};

/* The difficulty levels, by Sudoku Explainer's rating (ER). */
enum sd_level_code {
	SUDOKU_VERY_EASY, SUDOKU_EASY, SUDOKU_MEDIUM, SUDOKU_HARD, SUDOKU_EXPERT,
	SUDOKU_FIENDISH, SUDOKU_EXTREME,
	SUDOKU_SEARCH                  /* the techniques do not finish: trial and error */
};

/* The local searches of sd_board_search. */
enum sd_method { SUDOKU_ANNEAL, SUDOKU_VNS };

typedef struct sd_context sd_context;
typedef struct sd_board sd_board;
typedef struct sd_hint sd_hint;

/* A rating: Sudoku Explainer's rating, pearl and diamond, and the level. */
struct sd_grade {
	double er, ep, ed;
	int level;                     /* enum sd_level_code */
	const char *hardest;           /* the hardest technique used, or "none" */
	int steps;                     /* steps taken to the solution */
};

/* ---- the context (sd_context_new(3)) ---------------------------------- */

const char *sd_version(void);
sd_context *sd_context_new(void);
void sd_context_free(sd_context *ctx);
/* The limits of each later call: work in the call's own unit (0: the
 * programs' default for that call) and seconds (0: none). */
int sd_context_limit(sd_context *ctx, long long work, double seconds);
/* The last failed call's error in words. */
const char *sd_context_message(const sd_context *ctx);
const char *sd_strerror(int code);
const char *sd_level_name(int level);

/* ---- boards (sd_board_parse(3)) --------------------------------------- */

/* The first record of text in any of the toolkit's formats (sudoku(5)). */
int sd_board_parse(sd_context *ctx, const char *text, size_t len, sd_board **board);
void sd_board_free(sd_board *board);
/* N, and the box's rows and columns (either may be NULL). */
int sd_board_size(const sd_board *board, int *box_rows, int *box_cols);
/* A cell's value (0 empty), and whether it is a given; row and column
 * from 0. */
int sd_board_get(const sd_board *board, int row, int col);
int sd_board_given(const sd_board *board, int row, int col);
/* The values as one line of N*N symbols (1-9, A-Z; '.' empty) up to
 * 35x35, else numbers separated by spaces; returns the length the whole
 * text needs, as snprintf does, or -1. */
int sd_board_text(const sd_board *board, char *buf, size_t size);
/* A variant's rules (sudoku(5), "Rules"), read with the board or set as
 * the JSON text of a "rules" object ("{}": the classic rules).
 * sd_board_rules writes them as that JSON text, "" for the classic rules,
 * and returns its length as sd_board_text does.  Solving, counting and
 * proving keep them; the rating, hints, generation and local search read
 * the classic rules alone, and refuse a board with others (SUDOKU_EINVAL). */
int sd_board_rules(const sd_board *board, char *buf, size_t size);
int sd_board_set_rules(sd_context *ctx, sd_board *board, const char *json);

/* ---- exact search (sd_board_solve(3)) --------------------------------- */

/* Work: search nodes. */
int sd_board_solve(sd_context *ctx, const sd_board *puzzle, sd_board **solution);
int sd_board_count(sd_context *ctx, const sd_board *puzzle, long long max, long long *count);
int sd_board_unique(sd_context *ctx, const sd_board *puzzle);

/* ---- rating and hints (sd_board_rate(3)) ------------------------------ */

/* Work: the rater's units (and the uniqueness proof's nodes). */
int sd_board_rate(sd_context *ctx, const sd_board *puzzle, struct sd_grade *grade);
/* The steps from the board's values to the next placement. */
int sd_board_hint(sd_context *ctx, const sd_board *board, sd_hint **hint);
void sd_hint_free(sd_hint *hint);
/* The hint as a sentence. */
const char *sd_hint_text(const sd_hint *hint);
int sd_hint_steps(const sd_hint *hint);
/* Step i's technique ("hidden-single", ...) and its sentence. */
const char *sd_hint_technique(const sd_hint *hint, int i);
const char *sd_hint_step_text(const sd_hint *hint, int i);
/* Step i's placement: 1 with row, col and digit, or 0 when it has none. */
int sd_hint_placement(const sd_hint *hint, int i, int *row, int *col, int *digit);
/* Step i's removals of candidates: their count, and the k-th one. */
int sd_hint_removals(const sd_hint *hint, int i);
int sd_hint_removal(const sd_hint *hint, int i, int k, int *row, int *col, int *digit);

/* ---- generation (sd_board_generate(3)) -------------------------------- */

/* A puzzle of size N (the default box shape) at a level (-1: any), or
 * rated min_er..max_er (both 0: any), from seed.  Work: removal orders. */
int sd_board_generate(sd_context *ctx, int size, int level, double min_er, double max_er,
		      uint64_t seed, sd_board **puzzle);

/* ---- local search (sd_board_search(3)) -------------------------------- */

/* The best board found, and its cost (0: solved).  Work: moves. */
int sd_board_search(sd_context *ctx, const sd_board *puzzle, int method, uint64_t seed,
		    sd_board **best, int *cost);

#ifdef __cplusplus
}
#endif

#endif
