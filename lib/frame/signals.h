/* SIGINT, SIGTERM and the other signals that ask a run to end: the flag
 * a handler sets, which every search is given through its limits; the temporary
 * files that no signal may leave behind. */
#ifndef SD_SIGNALS_H
#define SD_SIGNALS_H

#include "frame/frame.h"

/* Each signal that asks a run to end sets the flag, unless the caller
 * ignores it. */
void sd_catch_signals(void);
void sd_catch_signal(int sig);
/* The signal caught, or 0. */
int sd_caught(void);
/* The signal caught, or 0, and the flag cleared: for a program that ends
 * by it in its own time (sudoku-play saves the game first, which a
 * temporary file renamed after a signal would not). */
int sd_caught_take(void);
const volatile sig_atomic_t *sd_interrupt_flag(void);

/* A temporary file made from template (mkstemp, which fills in its
 * XXXXXX; template must live until sd_temporary_close): its descriptor,
 * or -1 with errno.  Until it is closed, any signal that ends the run
 * removes it. */
int sd_temporary_open(char *template);
/* Renames the temporary file path to target, or removes it when target
 * is NULL or a signal was caught (the caller then dies by it): 0, or -1
 * with errno when the rename failed and the file was removed. */
int sd_temporary_close(const char *path, const char *target);
/* After SIGINT or SIGTERM: the temporary files removed, death by the
 * signal caught. */
void sd_die_by_signal(void) __attribute__((noreturn));

#endif
