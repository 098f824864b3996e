/* Games of sudoku-play saved as one record each (play/game.h's), and the
 * folder that keeps them: a new game gets a file of its own, so that no
 * game takes the place of one a player has not finished. */
#ifndef SD_SAVE_H
#define SD_SAVE_H

#include <time.h>
#include "play/game.h"

/* Writes the game to path in wo's format, replacing it whole the way -o
 * replaces FILE (frame/outfile.h: written beside it and renamed, its
 * links followed, its mode kept): 0, or the errno of the failure. */
int sd_game_save(const struct sd_game *gm, const char *path, const struct sd_write_opts *wo);

/* What a file holds, as a place to save a game in. */
enum sd_place {
	SD_PLACE_FREE,                 /* no such file */
	SD_PLACE_OTHER,                /* no game: a record without a board, none or
					  more than one, or no regular file */
	SD_PLACE_FINISHED,             /* a game whose board is full and breaks no rule */
	SD_PLACE_UNFINISHED,           /* a game a player may want back */
};
/* What path holds, read with in; its record into rec when it is a game
 * and rec is not NULL. */
int sd_place_of(const char *path, const struct sd_read_opts *in, struct sd_record *rec);

/* An unfinished game of the folder. */
struct sd_saved {
	char *path;
	char *name;                    /* the record's id, or NULL */
	const char *level;             /* a level's name, or NULL */
	double er;                     /* 0 when not known */
	long long elapsed;             /* seconds; -1 when not known */
	int n, filled, cells;          /* the board's size and its cells filled */
	time_t saved;                  /* when the file was last written, */
	long saved_ns;                 /* and its nanoseconds (saves a second apart) */
};
/* The unfinished games the folder's files game, game-2, game-3, ... hold,
 * the one saved last first: how many, in *list (0, *list NULL: none). */
int sd_saved_games(const char *folder, const struct sd_read_opts *in, struct sd_saved **list);
void sd_saved_free(struct sd_saved *list, int count);

/* The file for a new game in folder (made with its parents when missing,
 * 0700): the first of game, game-2, ... that is free, made empty then so
 * that no other game takes it, or empty, or holds a finished game.  Its
 * path (malloc'd), or NULL with errno. */
char *sd_saved_claim(const char *folder, const struct sd_read_opts *in);

#endif
