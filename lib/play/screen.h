/* The game on a terminal (curses): the board drawn, keys and mouse
 * clicks read, the signals that must leave the terminal as it was. */
#ifndef SD_SCREEN_H
#define SD_SCREEN_H

#include "play/game.h"

struct sd_play_opts {
	bool color;                    /* colour where the terminal has it */
	bool check_as_you_go;          /* wrong entries always shown */
	const struct sd_alphabet *alpha;
	FILE *in;                      /* the terminal's input */
	/* N: a new game in gm; NULL, or why there is none */
	const char *(*new_game)(void *arg, struct sd_game *gm);
	/* s, and the autosave: NULL, or why the game was not saved */
	const char *(*save)(void *arg, const struct sd_game *gm);
	void *arg;
};

/* Plays gm until Q (0) or SIGINT, SIGTERM or SIGHUP (the signal's
 * number, after the autosave); the terminal is as it was after either. */
int sd_play(struct sd_game *gm, const struct sd_play_opts *o);

#endif
