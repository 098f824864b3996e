/* sudoku-print: show boards to people, or convert between formats. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "frame/frame.h"
#include "paint/paint.h"

enum { COLOR_AUTO, COLOR_ALWAYS, COLOR_NEVER };
static const char *const color_words[] = { "auto", "always", "never", NULL };
static const char *const per_page_words[] = { "1", "2", "4", "6", NULL };
static const char *const paper_words[] = { [SD_PAPER_A4] = "a4", [SD_PAPER_LETTER] = "letter", NULL };

struct print_opts { int color; bool unicode; int per_page, paper; long long size; const char *title; };

#define AT(field) SD_AT(struct print_opts, field)
static const struct sd_option options[] = {
	SD_WORD_OPTIONAL(0, "color", "WHEN", "colour: auto (default), always, never", AT(color),
			 color_words, COLOR_AUTO, COLOR_NEVER, "--color value", COLOR_AUTO),
	SD_ALIAS("colour"),
	SD_FLAG(0, "unicode", "draw box lines with Unicode characters", AT(unicode)),
	SD_WORD(0, "per-page", "N", "pdf: puzzles a page, 1, 2, 4 (default) or 6", AT(per_page),
		per_page_words, 0, 3, "--per-page value"),
	SD_WORD(0, "paper", "NAME", "pdf: paper size, a4 (default) or letter", AT(paper),
		paper_words, SD_PAPER_A4, SD_PAPER_LETTER, "--paper value"),
	SD_INT(0, "size", "PX", "png: pixels a side (default: as the svg draws the board)",
	       AT(size), 64, 4096, "picture size"),
	SD_TEXT(0, "title", "TEXT", "pdf: the book's title, atop its first page (default: none)", AT(title)),
	SD_END
};
static struct print_opts po = { COLOR_AUTO, false, 2, SD_PAPER_A4, 0, NULL };

static int print_record(struct sd_run *run, struct sd_record *rec, void *arg)
{
	(void)arg;
	return sd_emit(run, rec, NULL);
}

/* Colour on a terminal that shows it (TERM set and not dumb), unless
 * NO_COLOR is set, or as asked. */
static int start(struct sd_run *run, void *ctx)
{
	const struct print_opts *po = ctx;
	const char *no_color = getenv("NO_COLOR"), *term = getenv("TERM");

	run->in.givens_only = false;
	/* the rules go out as they came; a picture that cannot draw them yet
	 * refuses the record (lib/format/write.c) */
	run->in.rules_honoured = SD_RULES_ALL;
	if (po->color == COLOR_AUTO)
		run->out.color = isatty(1) && !run->output && !(no_color && *no_color) &&
			term && *term && strcmp(term, "dumb") != 0;
	else
		run->out.color = po->color == COLOR_ALWAYS;
	run->out.unicode = po->unicode;
	run->out.per_page = atoi(per_page_words[po->per_page]);
	run->out.paper = po->paper;
	run->out.size = (int)po->size;
	if (po->title && !sd_utf8_valid(po->title, strlen(po->title)))
		sd_usage_error(run, "bad --title: not valid UTF-8");
	run->out.title = po->title;
	return SD_EXIT_OK;
}

SD_MAIN(po,
	"sudoku-print", "sudoku-print [options] [file ...]",
	"Show boards as a grid for people, a picture (-t svg, png), a book (-t pdf), or any format.",
	options, "ftAboqvPhV", SD_FMT_PRETTY, SD_SEED_NONE, { 0, NULL }, start, print_record, NULL,
	sd_paint)
