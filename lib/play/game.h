/* A game of sudoku-play without its screen: the givens, the player's
 * entries and pencil marks, the history that undoes and redoes them, the
 * checks against the one solution, hints, and the saved record.  No
 * curses here: the screen (play/screen.h) draws a game and sends it keys. */
#ifndef SD_GAME_H
#define SD_GAME_H

#include "logic/logic.h"
#include "exact/exact.h"
#include "format/format.h"

/* One change of one cell; a move joined to the one before it is undone
 * and redone with it (a solve, a cleared cell's marks). */
struct sd_game_move {
	int cell;
	uint8_t from, to;
	uint64_t marks_from, marks_to;
	bool joined;
};

struct sd_game {
	struct sd_geom g;
	uint8_t puzzle[SD_MAXCELLS];   /* the givens */
	uint8_t board[SD_MAXCELLS];    /* givens and entries */
	uint8_t solution[SD_MAXCELLS]; /* the one solution */
	uint64_t marks[SD_MAXCELLS];   /* pencil marks, bit d-1 for d */
	char *name;                    /* the record's id, or NULL */
	int level;                     /* enum sd_level of the puzzle */
	double score;                  /* its Sudoku Explainer rating */
	double elapsed;                /* seconds played before the clock's start */
	double clock_start;            /* sd_now() when the clock last started, 0 stopped */
	int hints, mistakes;
	bool solution_shown;           /* S showed it: the game was not solved by the player */
	bool changed;                  /* since the last save */
	struct sd_game_move *moves;    /* the history: done of count are applied */
	size_t done, count, cap;
	struct sd_logic lg;            /* hints and ratings (big: allocate the game) */
	struct sd_solve_result res;
};

enum { SD_GAME_OK, SD_GAME_NOSOLUTION, SD_GAME_MULTIPLE, SD_GAME_LIMIT, SD_GAME_MARKS,
       SD_GAME_TOO_BIG };
extern const char *const sd_game_refusals[];  /* why a puzzle cannot be played */
/* The largest board a game plays: every symbol a key (1-9, A-Z). */
#define SD_GAME_MAX_N SD_MAXLINE_N
/* A game of the record's puzzle, with its board's entries and its keys
 * elapsed, hints, mistakes, marks and solution_shown when it has them (a
 * game saved): SD_GAME_OK, or why not.
 * The puzzle is rated unless level is not SD_LEVEL_LIMIT (then level and
 * score are the rating known).  lim: the uniqueness proof's and the
 * rating's interrupt. */
int sd_game_start(struct sd_game *gm, const struct sd_record *rec, int level, double score,
		  const struct sd_limits *lim);
void sd_game_free(struct sd_game *gm);

/* Seconds played, the clock running or not. */
double sd_game_elapsed(const struct sd_game *gm);
void sd_game_clock(struct sd_game *gm, bool run);
/* The clock started, unless the board is solved: the clock of a game in
 * play runs while, and only while, the board is unsolved (every move
 * keeps it so). */
void sd_game_play_clock(struct sd_game *gm);
/* Whether every cell holds the solution's value. */
bool sd_game_solved(const struct sd_game *gm);

/* The changes a player makes, each into the history (nothing on a
 * given, false).  An entry that differs from the solution counts a
 * mistake. */
bool sd_game_enter(struct sd_game *gm, int cell, int digit);
bool sd_game_toggle_mark(struct sd_game *gm, int cell, int digit);
/* Every cell gets the solution's value, as one move of the history; the
 * game is marked solution_shown. */
void sd_game_solve(struct sd_game *gm);
/* The cell of the move undone or redone (the first of a joined few), or
 * -1 when there is none. */
int sd_game_undo(struct sd_game *gm);
int sd_game_redo(struct sd_game *gm);

/* Marks wrong[cell] for every entry that differs from the solution or
 * repeats a peer's value; returns how many. */
int sd_game_wrong(const struct sd_game *gm, bool *wrong);

/* The hint sudoku-rate --hint gives on the board (explain/explain.h's
 * sd_next_hint): its kind, its line in text, the words of each of its
 * steps in why (a line each; why may be NULL), its last step in *step;
 * counts a hint. */
int sd_game_hint(struct sd_game *gm, const struct sd_alphabet *a, struct sd_buf *text,
		 struct sd_buf *why, struct sd_step *step);
/* Takes a hint: clears the wrong cell, or places the digit. */
bool sd_game_apply_hint(struct sd_game *gm, int kind, const struct sd_step *step);

/* The game as a record: puzzle, board and name, and the keys elapsed,
 * hints, mistakes, level, er, marks (cell name to its digits, when there
 * are any) and solution_shown (true, when it was). */
void sd_game_record(const struct sd_game *gm, struct sd_record *rec);

#endif
