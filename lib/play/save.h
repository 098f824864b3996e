/* A game of sudoku-play saved as one record (play/game.h's). */
#ifndef SD_SAVE_H
#define SD_SAVE_H

#include "play/game.h"

/* Writes the game to path in wo's format, replacing it whole, and makes
 * its folder when missing: NULL, or why it could not. */
const char *sd_game_save(const struct sd_game *gm, const char *path, const struct sd_write_opts *wo);

#endif
