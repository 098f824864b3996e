/* sudoku-print: show boards to people, or convert between formats. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "sudoku.h"

enum { OPT_COLOR = 256, OPT_UNICODE };

struct print_opts { int color; bool unicode; };

static int option(int opt, const char *arg, void *ctx)
{
	struct print_opts *po = ctx;

	if (opt == OPT_UNICODE) {
		po->unicode = true;
		return 0;
	}
	if (opt != OPT_COLOR)
		return -1;
	if (!arg || !strcmp(arg, "auto"))
		po->color = -1;
	else if (!strcmp(arg, "always"))
		po->color = 1;
	else if (!strcmp(arg, "never"))
		po->color = 0;
	else {
		sd_error("bad --color value (auto, always or never): %s", arg);
		return -1;
	}
	return 0;
}

static int print_record(struct sd_run *run, struct sd_record *rec, void *arg)
{
	(void)arg;
	return sd_emit(run, rec, NULL);
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "color", optional_argument, NULL, OPT_COLOR },
		{ "colour", optional_argument, NULL, OPT_COLOR },
		{ "unicode", no_argument, NULL, OPT_UNICODE },
		{ 0, 0, 0, 0 }
	};
	static const struct sd_tool tool = {
		.name = "sudoku-print",
		.usage = "sudoku-print [options] [file ...]\n"
			 "Show boards as a grid for people, a picture (-t svg), or any format.\n"
			 "  --color[=WHEN]             colour: auto (default), always, never\n"
			 "  --unicode                  draw box lines with Unicode characters",
		.shared = "ftAboqvPhV",
		.longopts = longopts,
		.option = option,
		.default_output = SD_FMT_PRETTY,
	};
	struct print_opts po = { -1, false };
	struct sd_run run;
	int first = sd_run_options(&run, &tool, argc, argv, &po);

	if (po.color < 0) {
		/* auto: a terminal, unless NO_COLOR is set */
		const char *no_color = getenv("NO_COLOR");
		po.color = isatty(1) && !run.output && !(no_color && *no_color);
	}
	run.out.color = po.color;
	run.out.unicode = po.unicode;
	return sd_run_loop(&run, argv + first, argc - first, print_record, NULL);
}
