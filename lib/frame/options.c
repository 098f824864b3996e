/* Options from tables: the shared ones and each tool's make getopt_long's
 * tables, the --help text, and the checks of every value. */
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "frame/frame.h"

#define RUN(field) SD_AT(struct sd_run, field)

/* The letters a tool takes are named in its shared string. */
static const struct sd_option shared_options[] = {
	SD_WORD('f', "from", "FORMAT", "input format: line, grid, csv, json (default: detected)",
		RUN(in.format), sd_format_names, SD_FMT_LINE, SD_FMT_JSON, "input format"),
	SD_WORD('t', "to", "FORMAT", "output format: line, grid, csv, json, pretty, svg",
		RUN(out.format), sd_format_names, SD_FMT_LINE, SD_FMT_SVG, "output format"),
	SD_TEXT('A', "alphabet", "SYMBOLS", "symbols of the line format (default 1-9 then A-Z)",
		RUN(alphabet)),
	SD_TEXT('b', "box", "RxC", "box shape of records that do not state one", RUN(box)),
	SD_WORD('m', "metric", "NAME", "cost function: missing (default) or dup", RUN(metric),
		sd_metric_names, SD_MISSING, SD_DUP, "metric"),
	SD_INT('s', "seed", "N", "random seed", RUN(seed_given), 0, 9007199254740992.0, "seed"),
	SD_REAL('T', "time-limit", "SECONDS", "time limit per record", RUN(time_limit), 0, 1e9,
		"time limit"),
	SD_INT('I', "iterations", "N", "iteration limit per record", RUN(iterations), 1, 9e18,
	       "iteration count"),
	SD_TEXT('o', "output", "FILE", "write to FILE, atomically", RUN(output)),
	SD_COUNT('v', "verbose", "statistics on standard error", RUN(verbose)),
	SD_COUNT('q', "quiet", "no messages but errors", RUN(quiet)),
	SD_COUNT('P', "progress", "progress on standard error", RUN(progress)),
	{ 'h', "help", NULL, "show this help and exit", SD_OPT_HELP, 0, 0, 0, NULL, NULL, false, 0 },
	{ 'V', "version", NULL, "show the version and exit", SD_OPT_VERSION, 0, 0, 0, NULL, NULL, false, 0 },
};
#define NSHARED (int)(sizeof shared_options / sizeof *shared_options)
/* -t of the reporters, which also write their plain text */
static const struct sd_option to_text =
	SD_WORD('t', "to", "FORMAT", "output format: line, grid, csv, json, pretty, svg",
		RUN(out.format), sd_format_names, SD_FMT_LINE, SD_FMT_TEXT, "output format");
#define MAXOPTS (NSHARED + 32)

void sd_usage_error(const struct sd_run *run, const char *fmt, ...)
{
	va_list ap;

	if (fmt) {
		fprintf(stderr, "%s: ", run->tool->name);
		va_start(ap, fmt);
		vfprintf(stderr, fmt, ap);
		va_end(ap);
		fputc('\n', stderr);
	}
	fprintf(stderr, "Try '%s --help' for more information.\n", run->tool->name);
	exit(SD_EXIT_TROUBLE);
}

/* The options a run takes: the tool's, then the shared ones it names. */
static int gather(const struct sd_tool *tool, const struct sd_option **all)
{
	int count = 0;

	for (const struct sd_option *o = tool->options; o && o->name; o++)
		all[count++] = o;
	for (int i = 0; i < NSHARED; i++)
		if (strchr(tool->shared, shared_options[i].letter))
			all[count++] = shared_options[i].letter == 't' && tool->default_output == SD_FMT_TEXT ?
				&to_text : &shared_options[i];
	return count;
}

static void usage(const struct sd_tool *tool, FILE *fp)
{
	const struct sd_option *all[MAXOPTS];
	int count = gather(tool, all);

	fprintf(fp, "usage: %s\n%s\n", tool->synopsis, tool->purpose);
	for (int i = 0; i < count; i++) {
		const struct sd_option *o = all[i];
		char left[64];
		int k = 0;
		if (!o->help)
			continue;
		if (o->letter)
			k = snprintf(left, sizeof left, "-%c, ", o->letter);
		snprintf(left + k, sizeof left - (size_t)k, "--%s%s%s%s", o->name,
			 !o->arg ? "" : o->optional ? "[=" : " ", o->arg ? o->arg : "",
			 o->arg && o->optional ? "]" : "");
		fprintf(fp, "  %-26s %s\n", left, o->help);
	}
}

/* "a, b or c": the words an option takes. */
static void list_words(const struct sd_option *o, char *out, size_t size)
{
	size_t len = 0;

	out[0] = '\0';
	for (int i = (int)o->min; i <= (int)o->max && o->words[i]; i++) {
		const char *sep = i == (int)o->min ? "" :
			i == (int)o->max && i == (int)o->min + 1 ? " or " : ", ";
		len += (size_t)snprintf(out + len, len < size ? size - len : 0, "%s%s", sep, o->words[i]);
	}
}

/* Checks a number in [min, max]; integer ones are whole. */
static bool parse_number(const char *s, const struct sd_option *o, double *out)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (errno || end == s || *end || !(v >= o->min && v <= o->max))
		return false;
	*out = v;
	return true;
}

static void take(struct sd_run *run, void *ctx, const struct sd_option *o, const char *arg)
{
	bool shared = (o >= shared_options && o < shared_options + NSHARED) || o == &to_text;
	char *base = shared ? (char *)run : ctx;
	void *at = base + o->at;
	double v;
	int word;

	switch (o->kind) {
	case SD_OPT_FLAG:
		*(bool *)at = true;
		break;
	case SD_OPT_COUNT:
		++*(int *)at;
		break;
	case SD_OPT_INT:
	case SD_OPT_REAL:
		if (!parse_number(arg, o, &v))
			sd_usage_error(run, "bad %s: %s", o->what, arg);
		if (o->kind == SD_OPT_INT)
			*(long long *)at = (long long)v;
		else
			*(double *)at = v;
		break;
	case SD_OPT_WORD:
		word = arg ? sd_word_index(o->words, arg) : o->bare;
		if (word < (int)o->min || word > (int)o->max) {
			char words[256];
			list_words(o, words, sizeof words);
			sd_usage_error(run, "unknown %s (%s): %s", o->what, words, arg);
		}
		*(int *)at = word;
		break;
	case SD_OPT_TEXT:
		*(const char **)at = arg;
		break;
	case SD_OPT_HELP:
		usage(run->tool, stdout);
		exit(fflush(stdout) || ferror(stdout) ? SD_EXIT_TROUBLE : SD_EXIT_OK);
	case SD_OPT_VERSION:
		printf("%s %s\n", run->tool->name, SD_VERSION);
		exit(fflush(stdout) || ferror(stdout) ? SD_EXIT_TROUBLE : SD_EXIT_OK);
	}
}

/* What the values read mean together. */
static void settle(struct sd_run *run)
{
	if (run->alphabet) {
		if (sd_alphabet_set(&run->in.alpha, run->alphabet) < 0)
			sd_usage_error(run, "bad alphabet (1 to 35 distinct symbols, no '.'): %s",
				       run->alphabet);
		run->out.alpha = run->in.alpha;
	}
	if (run->box) {
		if (sd_geom_parse(run->box, &run->in.box) < 0)
			sd_usage_error(run, "bad box shape (RxC, R and C at least 2, R*C at most 64): %s",
				       run->box);
		run->in.have_box = true;
	}
	run->have_seed = run->seed_given >= 0;
	run->seed = run->have_seed ? (uint64_t)run->seed_given : sd_seed_from_clock();
	/* a search never runs unbounded unless asked: -T 0, or -I alone */
	if (run->time_limit < 0)
		run->time_limit = run->tool->searches && !run->iterations ? SD_DEFAULT_TIME_LIMIT : 0;
}

int sd_run_options(struct sd_run *run, const struct sd_tool *tool, int argc,
		   char **argv, void *ctx)
{
	const struct sd_option *all[MAXOPTS];
	struct option longopts[MAXOPTS + 1];
	char shortopts[3 * MAXOPTS + 2];
	int count = gather(tool, all), ns = 0, opt;

	memset(run, 0, sizeof *run);
	run->tool = tool;
	run->seed_given = -1;
	run->time_limit = -1;
	sd_alphabet_default(&run->in.alpha);
	sd_alphabet_default(&run->out.alpha);
	run->out.format = tool->default_output;
	run->metric = SD_MISSING;
	shortopts[ns++] = '+';
	for (int i = 0; i < count; i++) {
		const struct sd_option *o = all[i];
		int has_arg = !o->arg ? no_argument : o->optional ? optional_argument : required_argument;
		/* an option without a letter is known by its place */
		longopts[i] = (struct option){ o->name, has_arg, NULL, o->letter ? o->letter : 256 + i };
		if (o->letter) {
			shortopts[ns++] = o->letter;
			if (o->arg)
				shortopts[ns++] = ':';
		}
	}
	longopts[count] = (struct option){ 0, 0, 0, 0 };
	shortopts[ns] = '\0';

	while ((opt = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
		const struct sd_option *o = NULL;
		for (int i = 0; i < count && !o; i++)
			if (longopts[i].val == opt)
				o = all[i];
		if (!o)
			sd_usage_error(run, NULL);
		take(run, ctx, o, optarg);
	}
	settle(run);
	return optind;
}
