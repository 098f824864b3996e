/* Pictures drawn with cairo: -t pdf (a book) and -t png (one board).  A
 * layer of its own above format/, beside frame/, so that libsudoku.a
 * needs no cairo: a program that draws links build/libsudoku-paint.a and
 * cairo, and gives sd_paint to its SD_MAIN (the writer calls it). */
#ifndef SD_PAINT_H
#define SD_PAINT_H

#include "format/format.h"

sd_paint_fn sd_paint;

#endif
