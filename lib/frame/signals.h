/* SIGINT and SIGTERM, for the frame's own files: the flag a handler
 * sets, which every search is given through its limits. */
#ifndef SD_SIGNALS_H
#define SD_SIGNALS_H

#include "frame/frame.h"

void sd_catch_signals(void);
/* The signal caught, or 0. */
int sd_caught(void);
const volatile sig_atomic_t *sd_interrupt_flag(void);

#endif
