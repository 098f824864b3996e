/* Options from tables: the shared ones and each tool's make getopt_long's
 * tables, the --help text, and the checks of every value. */
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "frame/outfile.h"

#define RUN(field) SD_AT(struct sd_run, field)

/* The letters a tool takes are named in its shared string; the options
 * without a letter go with -f, to every program that reads records. */
static const struct sd_option shared_options[] = {
	SD_WORD('f', "from", "FORMAT", "input format: line, grid, csv, json, pencil, solo, fpuzzles (default: detected)",
		RUN(in.format), sd_format_names, SD_FMT_LINE, SD_FMT_PACK, "input format"),
	SD_FLAG(0, "pack", "only write the records read, for -f pack (sudoku(5))",
		RUN(pack)),
	SD_WORD('t', "to", "FORMAT", "output format: line, grid, csv, json, pencil, solo, fpuzzles, pretty, svg",
		RUN(out.format), sd_format_names, SD_FMT_LINE, SD_FMT_SVG, "output format"),
	SD_TEXT('A', "alphabet", "SYMBOLS", "symbols of the line format (default 1-9 then A-Z)",
		RUN(alphabet)),
	SD_TEXT('b', "box", "RxC", "box shape of records that do not state one", RUN(box)),
	SD_WORD('m', "metric", "NAME", "cost function: missing (default) or dup", RUN(metric),
		sd_metric_names, SD_MISSING, SD_DUP, "metric"),
	SD_INT('s', "seed", "N", "random seed", RUN(seed_given), 0, 9007199254740992.0, "seed"),
	SD_REAL('T', "time-limit", "SECONDS", "time limit per record, which depends on the machine's speed",
		RUN(time_limit), 0, SD_MAX_SECONDS, "time limit"),
	SD_INT('I', "iterations", "N", "work limit per record", RUN(iterations), 0,
	       SD_MAX_ITERATIONS, "iteration count"),
	SD_TEXT('o', "output", "FILE", "write to FILE, atomically", RUN(output)),
	SD_COUNT('v', "verbose", "statistics on standard error", RUN(verbose)),
	SD_COUNT('q', "quiet", "no messages but errors", RUN(quiet)),
	SD_COUNT('P', "progress", "progress on standard error", RUN(progress)),
	{ 'h', "help", NULL, "show this help and exit", SD_OPT_HELP, 0, 0, 0, NULL, NULL, false, 0 },
	{ 'V', "version", NULL, "show the version and exit", SD_OPT_VERSION, 0, 0, 0, NULL, NULL, false, 0 },
};
#define NSHARED (int)(sizeof shared_options / sizeof *shared_options)
/* -t of the reporters, which also write their plain text, and refuse the
 * formats of boards alone (settle) */
static const struct sd_option to_text =
	SD_WORD('t', "to", "FORMAT", "output format: csv, json, pretty, svg",
		RUN(out.format), sd_format_names, SD_FMT_TEXT, SD_FMT_SVG, "output format");
/* -t of the tools that draw pictures */
static const struct sd_option to_picture =
	SD_WORD('t', "to", "FORMAT", "output format: line, grid, csv, json, pencil, solo, fpuzzles, pretty, svg, pdf, png",
		RUN(out.format), sd_format_names, SD_FMT_LINE, SD_FMT_PNG, "output format");
#define MAXOPTS (NSHARED + 32)

void sd_usage_error(const struct sd_run *run, const char *fmt, ...)
{
	va_list ap;

	if (fmt) {
		va_start(ap, fmt);
		sd_vreport(run, NULL, 0, fmt, ap);
		va_end(ap);
	}
	fprintf(stderr, "Try '%s --help' for more information.\n", run->tool->name);
	exit(SD_EXIT_TROUBLE);
}

void sd_pack_refuse(const struct sd_run *run, bool given, const char *what)
{
	if (run->pack && given)
		sd_usage_error(run, "%s of the whole run: it cannot be cut into blocks (--pack)", what);
}

/* The options a run takes: the tool's, then the shared ones it names (an
 * alias with the entry above it). */
static int gather(const struct sd_tool *tool, const struct sd_option **all)
{
	int count = 0;
	bool taken = false;

	for (const struct sd_option *o = tool->options; o && o->name; o++)
		all[count++] = o;
	for (int i = 0; i < NSHARED; i++) {
		const struct sd_option *o = &shared_options[i];
		if (o->kind != SD_OPT_ALIAS)
			taken = o->letter == 's' ? tool->seeding != SD_SEED_NONE :
				strchr(tool->shared, o->letter ? o->letter : 'f') != NULL;
		if (taken && o->letter == 't')
			o = tool->default_output == SD_FMT_TEXT ? &to_text :
				tool->paint ? &to_picture : o;
		if (taken)
			all[count++] = o;
	}
	return count;
}

/* Whether the tool reads records (all but sudoku-gen, which makes them). */
static bool reads_records(const struct sd_tool *tool)
{
	return strchr(tool->shared, 'f') != NULL;
}

/* What a shared option does in a tool that makes its records rather
 * than reads them; NULL where that is what its table says. */
static const char *making_help(const struct sd_tool *tool, char letter)
{
	return !reads_records(tool) && letter == 'b' ? "box shape of the puzzles made" : NULL;
}

/* A shared option's default, which depends on the tool; "" when it has none
 * worth saying. */
static const char *shared_default(const struct sd_tool *tool, char letter, char *buf, size_t size)
{
	switch (letter) {
	case 't':
		if (tool->default_output == SD_FMT_AUTO)
			return reads_records(tool) ? " (default: the input's; a grid's as line)" :
				" (default line; json above 35x35)";
		snprintf(buf, size, "%s (default %s)", tool->default_output == SD_FMT_TEXT ?
			 ", text" : "", sd_format_names[tool->default_output]);
		return buf;
	case 'b': return reads_records(tool) ? " (default: by the record's size)" : " (default 3x3)";
	case 's': return tool->seeding == SD_SEED_GIVEN ? " (default: none, nothing drawn at random)" :
		strchr(tool->shared, 'v') ? " (default: from the clock; -v shows it)" :
		" (default: from the clock)";
	case 'T': return " (default: none)";
	case 'I':
		if (!tool->work.iterations)
			return " (default: none)";
		snprintf(buf, size, " (default %lld %s; 0: none)", tool->work.iterations, tool->work.unit);
		return buf;
	case 'o': return " (default: standard output)";
	default: return "";
	}
}

static bool is_shared(const struct sd_option *o)
{
	return (o >= shared_options && o < shared_options + NSHARED) || o == &to_text ||
		o == &to_picture;
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
		char dflt[256];  /* sudoku-bt's -I names five defaults */
		const char *help = is_shared(o) ? making_help(tool, o->letter) : NULL;
		fprintf(fp, "  %-26s %s%s\n", left, help ? help : o->help,
			is_shared(o) ? shared_default(tool, o->letter, dflt, sizeof dflt) : "");
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

/* Decimal numbers, with a point or an exponent, never hex, inf or nan;
 * within [min, max]. */
static bool parse_number(const char *s, double min, double max, double *out)
{
	const char *p = s;
	char *end;
	double v;
	int digits = 0;

	if (*p == '+' || (*p == '-' && min < 0))
		p++;
	for (; *p >= '0' && *p <= '9'; p++)
		digits++;
	if (*p == '.')
		for (p++; *p >= '0' && *p <= '9'; p++)
			digits++;
	if (digits && (*p == 'e' || *p == 'E')) {
		p++;
		if (*p == '+' || *p == '-')
			p++;
		if (!(*p >= '0' && *p <= '9'))
			return false;
		while (*p >= '0' && *p <= '9')
			p++;
	}
	if (!digits || *p)
		return false;
	errno = 0;
	v = strtod(s, &end);
	if (errno || *end || !(v >= min && v <= max))
		return false;
	*out = v;
	return true;
}

/* Whole numbers: decimal digits, taken exactly (no detour through a
 * double, which rounds above 2^53). */
long long sd_whole_number(const struct sd_run *run, const char *what, const char *text,
			  long long min, long long max)
{
	const char *p = text + (*text == '+' || (*text == '-' && min < 0));
	char *end;
	long long v;

	errno = 0;
	v = strtoll(text, &end, 10);
	if (*p < '0' || *p > '9' || *end || errno || v < min || v > max)
		sd_bad_number(run, what, text, true, (double)min, (double)max);
	return v;
}

void sd_bad_number(const struct sd_run *run, const char *what, const char *text, bool whole,
		   double min, double max)
{
	if (whole)
		sd_usage_error(run, "bad %s '%s': expected a whole number from %.0f to %.0f", what,
			       text, min, max);
	sd_usage_error(run, "bad %s '%s': expected a decimal number from %.10g to %.10g", what, text,
		       min, max);
}

/* MIN-MAX, MIN-, -MAX or N (MIN-N-MAX), each end a number in the
 * option's bounds; MIN above MAX is an error too.  Messages quote the
 * whole of what was typed. */
static void take_range(const struct sd_run *run, const struct sd_option *o, const char *arg,
		       struct sd_range *r)
{
	const char *dash = strchr(arg, '-');
	char low[64];
	size_t len = dash ? (size_t)(dash - arg) : strlen(arg);

	r->min = o->min;
	r->max = o->max;
	if (len < sizeof low) {
		memcpy(low, arg, len);
		low[len] = 0;
	}
	if (len >= sizeof low || ((len || !dash) && !parse_number(low, o->min, o->max, &r->min)) ||
	    (dash && dash[1] && !parse_number(dash + 1, o->min, o->max, &r->max)))
		sd_usage_error(run, "bad %s '%s': expected a decimal number from %.10g to %.10g, "
			       "or MIN-MAX, MIN- or -MAX of them", o->what, arg, o->min, o->max);
	if (!dash)
		r->max = r->min;
	if ((!len && dash && !dash[1]) || r->min > r->max)
		sd_usage_error(run, "bad %s '%s': expected MIN-MAX, MIN- or -MAX with MIN at most MAX",
			       o->what, arg);
	r->set = true;
}

static void take(struct sd_run *run, void *ctx, const struct sd_option *o, const char *arg)
{
	char *base = is_shared(o) ? (char *)run : ctx;
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
		*(long long *)at = sd_whole_number(run, o->what, arg, (long long)o->min,
						   (long long)o->max);
		break;
	case SD_OPT_REAL:
		if (!parse_number(arg, o->min, o->max, &v))
			sd_bad_number(run, o->what, arg, false, o->min, o->max);
		*(double *)at = v;
		break;
	case SD_OPT_WORD:
		word = arg ? sd_word_index(o->words, arg) : o->bare;
		/* a picture another program draws: which one, and how */
		if (is_shared(o) && o->letter == 't' && word >= 0 && sd_format_binary(word) &&
		    word > (int)o->max)
			sd_usage_error(run, "-t %s is drawn by sudoku-print alone: pipe the records to "
				       "sudoku-print -t %s -o FILE", arg, arg);
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
	case SD_OPT_RANGE:
		take_range(run, o, arg, at);
		break;
	case SD_OPT_HELP:
		usage(run->tool, stdout);
		exit(sd_check_written(run, stdout, NULL));
	case SD_OPT_VERSION:
		printf("%s %s\n", run->tool->name, SD_VERSION);
		exit(sd_check_written(run, stdout, NULL));
	}
}

/* What the values read mean together. */
static void settle(struct sd_run *run)
{
	if (run->alphabet) {
		if (sd_alphabet_set(&run->in.alpha, run->alphabet) < 0)
			sd_usage_error(run, "bad alphabet (1 to 35 distinct printable symbols, none of . , # {): %s",
				       run->alphabet);
		run->out.alpha = run->in.alpha;
	}
	if (run->box) {
		if (sd_geom_parse(run->box, &run->in.box) < 0)
			sd_usage_error(run, "bad box shape (RxC, R and C at least 2, R*C at most 64): %s",
				       run->box);
		run->in.have_box = true;
	}
	/* a program that reports writes its answer, or nothing */
	if (run->tool->default_output == SD_FMT_TEXT && !sd_format_shows_answer(run->out.format))
		sd_usage_error(run, "-t %s holds boards alone, with no place for %s's answer: use -t "
			       "text (the default), pretty, svg, json or csv",
			       sd_format_names[run->out.format], run->tool->name);
	run->have_seed = run->seed_given >= 0;
	run->seed = run->have_seed ? (uint64_t)run->seed_given :
		run->tool->seeding == SD_SEED_CLOCK ? sd_seed_from_clock() : 0;
}

long long sd_run_work(const struct sd_run *run, long long dflt)
{
	/* a search never runs unbounded unless asked: -I 0, or -T 0 */
	return run->iterations >= 0 ? run->iterations : run->time_limit >= 0 ? 0 : dflt;
}

/* getopt_long's errors in our words: optopt is the letter (or the long
 * option's value) at fault, 0 for a long option it does not know, whose
 * word is then the element just read. */
static void option_error(const struct sd_run *run, int opt, char **argv,
			 const struct option *longopts, int count)
{
	const struct option *known = NULL;
	const char *word = argv[optind - 1];
	bool is_long = strncmp(word, "--", 2) == 0;
	char name[64];
	int matches = 0;

	for (int i = 0; i < count && optopt; i++)
		if (longopts[i].val == optopt)
			known = &longopts[i];
	if (known && (is_long || optopt > 255))
		snprintf(name, sizeof name, "--%s", known->name);
	else
		snprintf(name, sizeof name, "-%c", optopt);
	if (opt == ':')
		sd_usage_error(run, "option '%s' needs a value", name);
	if (known)
		sd_usage_error(run, "option '%s' takes no value", name);
	if (optopt)
		sd_usage_error(run, "unknown option '%s'", name);
	size_t len = strcspn(word + 2, "=");
	for (int i = 0, last = -1; i < count; i++)
		if (strncmp(longopts[i].name, word + 2, len) == 0 && longopts[i].val != last) {
			matches++;
			last = longopts[i].val;
		}
	sd_usage_error(run, "%s option '%.*s'", matches > 1 ? "ambiguous" : "unknown",
		       (int)len + 2, word);
}

int sd_run_options(struct sd_run *run, const struct sd_tool *tool, int argc,
		   char **argv, void *ctx)
{
	const struct sd_option *all[MAXOPTS];
	struct option longopts[MAXOPTS + 1];
	char shortopts[3 * MAXOPTS + 2];
	int count = gather(tool, all), ns = 0, opt;

	/* first, before any file is opened */
	sd_hold_standard_fds();
	memset(run, 0, sizeof *run);
	run->tool = tool;
	run->seed_given = -1;
	run->iterations = -1;
	run->time_limit = -1;
	sd_alphabet_default(&run->in.alpha);
	run->in.givens_only = true;    /* a tool that takes candidates says so in its start */
	/* what the readers' messages add, in our options' words */
	run->in.name_format = "-f names the format";
	run->in.read_candidates = "which only sudoku-bt, sudoku-rate and sudoku-print read";
	sd_alphabet_default(&run->out.alpha);
	run->out.format = tool->default_output;
	run->out.paint = tool->paint;
	run->metric = SD_MISSING;
	/* options may follow operands, as in GNU tools ("--" ends them);
	 * ':' first: a missing value is told apart from an unknown option */
	shortopts[ns++] = ':';
	for (int i = 0; i < count; i++) {
		const struct sd_option *o = all[i];
		int has_arg = !o->arg ? no_argument : o->optional ? optional_argument : required_argument;
		/* an alias is the entry above under another name: getopt_long
		 * finds no ambiguity between names of the same value */
		if (o->kind == SD_OPT_ALIAS) {
			longopts[i] = longopts[i - 1];
			longopts[i].name = o->name;
			continue;
		}
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

	opterr = 0;
	while ((opt = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
		const struct sd_option *o = NULL;
		if (opt == '?' || opt == ':')
			option_error(run, opt, argv, longopts, count);
		for (int i = 0; i < count && !o; i++)
			if (longopts[i].val == opt)
				o = all[i];
		take(run, ctx, o, optarg);
	}
	settle(run);
	return optind;
}
