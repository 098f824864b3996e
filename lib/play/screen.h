/* The game on a terminal (curses): the board drawn, keys and mouse
 * clicks read, the signals that must leave the terminal as it was. */
#ifndef SD_SCREEN_H
#define SD_SCREEN_H

#include "play/save.h"

struct sd_play_opts {
	bool color;                    /* colour where the terminal has it */
	bool check_as_you_go;          /* wrong entries always shown */
	const struct sd_alphabet *alpha;
	FILE *in;                      /* the terminal's input */
	/* N: a new game in gm; NULL, or why there is none */
	const char *(*new_game)(void *arg, struct sd_game *gm);
	/* s, and the saves at a signal and at a solve (only_again: only when
	 * the game has a file already): what it says (where the game is
	 * saved, or why not: gm->changed is still true then), NULL when it
	 * did nothing */
	const char *(*save)(void *arg, struct sd_game *gm, bool only_again);
	/* the games offered at the start (none: gm is the game), and what
	 * resumes the one chosen into gm: NULL, or why it cannot */
	const struct sd_saved *offers;
	int noffers;
	const char *(*resume)(void *arg, int which, struct sd_game *gm);
	void *arg;
};

/* Plays gm, or first offers the saved games, until Q (0) or SIGINT,
 * SIGTERM or SIGHUP (the signal's number, after the autosave); the
 * terminal is as it was after either. */
int sd_play(struct sd_game *gm, const struct sd_play_opts *o);

#endif
