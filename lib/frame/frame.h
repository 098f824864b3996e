/* The program frame: a tool's options from one table, the record loop
 * that reads, calls the tool and writes, messages, and exit statuses.
 * cmd/<tool>.c is a table of options and a function per record. */
#ifndef SD_FRAME_H
#define SD_FRAME_H

#include <stdarg.h>
#include "format/format.h"
#include <sys/types.h>                 /* dev_t, ino_t */

/* A string of a macro's value: the default limits in help texts. */
#define SD_STR(x) SD_STR_(x)
#define SD_STR_(x) #x
/* The largest limits taken: a million seconds (eleven days) and 10^15
 * iterations (days of moves at full speed); counts of records or
 * solutions up to a billion. */
#define SD_MAX_SECONDS 1e6
#define SD_MAX_ITERATIONS 1e15
#define SD_MAX_COUNT 1e9

/* Exit statuses: the highest a run earns is its own. */
enum sd_exit {
	SD_EXIT_OK = 0,                /* every record done (solved, valid) */
	SD_EXIT_NO = 1,                /* ran fine, but some answer is no */
	SD_EXIT_TROUBLE = 2,           /* usage, input or output error */
};
static inline int sd_worst(int a, int b) { return a > b ? a : b; }

/* ---- options ----------------------------------------------------------- */

enum sd_opt_kind {
	SD_OPT_FLAG,                   /* bool, set */
	SD_OPT_COUNT,                  /* int, one more each time */
	SD_OPT_INT,                    /* long long in [min, max] (bounds up to 2^53) */
	SD_OPT_REAL,                   /* double in [min, max] */
	SD_OPT_WORD,                   /* int: the word's index in words, in [min, max] */
	SD_OPT_TEXT,                   /* const char *, as given */
	SD_OPT_RANGE,                  /* struct sd_range: MIN-MAX, MIN-, -MAX or one number */
	SD_OPT_HELP, SD_OPT_VERSION,   /* print and exit */
	SD_OPT_ALIAS,                  /* another name of the entry above */
};

/* One option: what getopt_long needs, the line in --help, and where its
 * value goes (at: an offset in the tool's context, or in struct sd_run
 * for the shared options). */
struct sd_option {
	char letter;                   /* the short option, or 0 */
	const char *name;              /* the long option */
	const char *arg;               /* the argument's name in --help; NULL: none */
	const char *help;              /* NULL: not shown */
	int kind;
	size_t at;
	double min, max;               /* numbers; words: the indices accepted */
	const char *const *words;      /* SD_OPT_WORD: NULL-ended */
	const char *what;              /* the argument in messages: "order" */
	bool optional;                 /* the argument may be left out... */
	int bare;                      /* ...and then this word index is taken */
};
#define SD_AT(type, field) offsetof(type, field)
/* A window of numbers; an end left open is the option's bound. */
struct sd_range { double min, max; bool set; };
/* The entries of a table, by kind; a table ends with SD_END. */
#define SD_FLAG(letter, name, help, at) \
	{ letter, name, NULL, help, SD_OPT_FLAG, at, 0, 0, NULL, NULL, false, 0 }
#define SD_COUNT(letter, name, help, at) \
	{ letter, name, NULL, help, SD_OPT_COUNT, at, 0, 0, NULL, NULL, false, 0 }
#define SD_INT(letter, name, arg, help, at, min, max, what) \
	{ letter, name, arg, help, SD_OPT_INT, at, min, max, NULL, what, false, 0 }
#define SD_REAL(letter, name, arg, help, at, min, max, what) \
	{ letter, name, arg, help, SD_OPT_REAL, at, min, max, NULL, what, false, 0 }
#define SD_WORD(letter, name, arg, help, at, words, first, last, what) \
	{ letter, name, arg, help, SD_OPT_WORD, at, first, last, words, what, false, 0 }
/* a word that may be left out (--color[=WHEN]), then taken as bare */
#define SD_WORD_OPTIONAL(letter, name, arg, help, at, words, first, last, what, bare) \
	{ letter, name, arg, help, SD_OPT_WORD, at, first, last, words, what, true, bare }
#define SD_RANGE(letter, name, arg, help, at, min, max, what) \
	{ letter, name, arg, help, SD_OPT_RANGE, at, min, max, NULL, what, false, 0 }
#define SD_TEXT(letter, name, arg, help, at) \
	{ letter, name, arg, help, SD_OPT_TEXT, at, 0, 0, NULL, NULL, false, 0 }
/* Another long name of the entry just above it (--colour for --color),
 * not shown in --help; an abbreviation of both is no ambiguity. */
#define SD_ALIAS(name) \
	{ 0, name, NULL, NULL, SD_OPT_ALIAS, 0, 0, 0, NULL, NULL, false, 0 }
#define SD_END { 0, NULL, NULL, NULL, 0, 0, 0, 0, NULL, NULL, false, 0 }

struct sd_run;
struct sd_record;
typedef int sd_record_fn(struct sd_run *run, struct sd_record *rec, void *ctx);
typedef int sd_hook_fn(struct sd_run *run, void *ctx);
/* What a tool's randomness needs: no seed (and no -s), a seed given or
 * drawn from the clock, or a seed only when given (sudoku-bt, whose
 * default order is fixed: -v shows no seed it never uses). */
enum sd_seeding { SD_SEED_NONE, SD_SEED_CLOCK, SD_SEED_GIVEN };

struct sd_tool {
	const char *name;
	const char *synopsis;          /* "sudoku-bt [options] [file ...]" */
	const char *purpose;           /* one line */
	const struct sd_option *options; /* its own, ended by SD_END */
	const char *shared;            /* which shared option letters it takes (-s: seeding) */
	int default_output;            /* SD_FMT_AUTO (transformer) or a format */
	enum sd_seeding seeding;       /* whether it takes -s, and without it */
	/* the searching programs' default of -I (0: none), in the work each
	 * counts, so that the same input gives the same output on any
	 * machine and load (-T has no default); and its unit in --help */
	struct { long long iterations; const char *unit; } work;
	/* what sd_main runs: start after the options (an exit status; above
	 * 0 ends the run), record for each record read, end after the last,
	 * while the output is still open (the run's status, which it may
	 * raise); start and end may be NULL */
	sd_hook_fn *start;
	sd_record_fn *record;
	sd_hook_fn *end;
	/* what draws -t pdf and png (lib/paint/paint.h), which a tool
	 * without it does not take; may be left out of SD_MAIN */
	sd_paint_fn *paint;
};

/* ---- the run ----------------------------------------------------------- */

/* A file the run writes by name, or standard output (frame/outfile.h). */
struct sd_outfile {
	const char *name;              /* as given; NULL: standard output */
	char *target;                  /* name with its symbolic links followed */
	char *tmp_path;                /* the temporary file beside it, or NULL when
					  written straight (not a regular file) */
	bool existed;                  /* target was there before the run */
	FILE *fp;                      /* writes to fd, keeping the first error */
	int fd;
	int err;                       /* the first write's errno, or 0 */
	bool told;                     /* an error of this file was said */
	/* which file it is, by device and inode: the file's own (a regular
	 * file there already, or standard output's), or for a file not there
	 * yet its directory's, with base its name in it; known false for a
	 * device or a FIFO, which two writers may share */
	bool known;
	dev_t dev;
	ino_t ino;
	const char *base;
};

struct sd_run {
	const struct sd_tool *tool;
	struct sd_read_opts in;
	struct sd_write_opts out;
	int metric;
	bool have_seed;
	uint64_t seed;
	double time_limit;             /* -T seconds; 0 none, -1 not given (none) */
	long long iterations;          /* -I; 0 none, -1 not given (sd_run_work) */
	const char *output;            /* -o FILE */
	int verbose, quiet, progress;
	bool pack;                     /* --pack: write the records read as a pack and
					  do nothing else (a tool's start refuses
					  what cannot be cut into blocks) */
	/* filled in by the loop */
	struct sd_writer *writer;
	FILE *out_fp;
	struct sd_outfile out_file;    /* -o FILE, or standard output */
	struct sd_outfile trace;       /* a tool's --trace FILE (sd_trace_open) */
	int status;
	long long records, bad;
	long long summed;              /* records that a summary the tool's end writes
					  stands for (sudoku-rate --stats) */
	double started, last_flush, last_progress;
	double progress_rate;          /* bytes per second, a moving average */
	long long progress_done;       /* bytes read at the last progress */
	long long progress_logged;     /* records at the last line written where
					  lines are not redrawn, -1: none */
	long long making;              /* sd_run_make's count of records, 0: none
					  or no end */
	struct sd_reader *reader;
	/* options as read, before they are checked and applied */
	const char *alphabet, *box;
	long long seed_given;          /* -1: none */
};

/* Parses the shared and the tool's options into run and ctx; returns the
 * index of the first operand, or exits (help, version, usage error). */
int sd_run_options(struct sd_run *run, const struct sd_tool *tool, int argc,
		   char **argv, void *ctx);
/* Under --pack, an option a tool was given (given) whose output is one of
 * the whole run, a file or a summary (what: "--stats sums the records"),
 * is a usage error: the scripts' blocks could not make it. */
void sd_pack_refuse(const struct sd_run *run, bool given, const char *what);
/* text as a whole number in [min, max], taken exactly; else a usage error
 * naming the range (what: "number of clues"). */
long long sd_whole_number(const struct sd_run *run, const char *what, const char *text,
			  long long min, long long max);
/* Reports a number out of its range (what: "time limit") as a usage error. */
void sd_bad_number(const struct sd_run *run, const char *what, const char *text, bool whole,
		   double min, double max) __attribute__((noreturn));
/* Reports a usage error (message, then where to find help) and exits 2. */
void sd_usage_error(const struct sd_run *run, const char *fmt, ...)
	__attribute__((format(printf, 2, 3), noreturn));

/* The whole of a tool that reads records: its options, start, a record
 * at a time from every operand (standard input when none), end; returns
 * the exit status.  A record function calls sd_emit to write its record
 * and returns the exit status the record deserves. */
int sd_main(const struct sd_tool *tool, int argc, char **argv, void *ctx);
/* A tool's table (the fields of struct sd_tool, in order; the last,
 * paint, given only by a tool that draws) and its main function: sd_main
 * with that table and the tool's context.  The first field named, so that
 * the fields left out are no warning. */
#define SD_MAIN(ctx, ...) \
	static const struct sd_tool tool = { .name = __VA_ARGS__ }; \
	int main(int argc, char **argv) { return sd_main(&tool, argc, argv, &(ctx)); }
/* Reads every operand (standard input when none), calls fn per record,
 * writes, and returns the exit status. */
int sd_run_loop(struct sd_run *run, char **operands, int count,
		sd_record_fn *fn, void *arg);
/* For programs that read nothing (sudoku-gen): fn makes record index
 * (0, 1, ...; count of them, or without end when count is 0) into rec,
 * emits it and returns its exit status. */
typedef int sd_make_fn(struct sd_run *run, long long index, struct sd_record *rec, void *arg);
int sd_run_make(struct sd_run *run, long long count, sd_make_fn *fn, void *arg);
/* What a search may spend on one record, starting now: -I, -T, and the
 * signals that stop the run; the work as sd_run_work with the tool's
 * default. */
struct sd_limits sd_run_limits(const struct sd_run *run);
/* The work limit of a record: -I when given, none under -T alone, else
 * dflt, the tool's default for the search at hand: a limit given
 * replaces the defaults. */
long long sd_run_work(const struct sd_run *run, long long dflt);
bool sd_run_interrupted(void);

/* ---- writing ----------------------------------------------------------- */

/* Declares keys the program may add to its records (NULL ends the list),
 * in the order of their csv columns; a tool's start calls it for its
 * options, so a csv header holds every key whichever record is first. */
void sd_run_keys(struct sd_run *run, ...) __attribute__((sentinel));
int sd_emit(struct sd_run *run, const struct sd_record *rec, const char *text);
/* The end of a local search (status: 0 solved, 1 unsolved, 2 no solution):
 * a message unless solved, a line under -v, the best board and the keys
 * SD_LOCAL_KEYS (status, cost, metric, seed and stats: stolen; seconds
 * and moves per second added under -v). */
#define SD_LOCAL_KEYS "status", "cost", "metric", "seed", "stats"
struct sd_local_outcome {
	int status, best_cost;
	const uint8_t *best;
	long long moves;
	double seconds;
	json_t *stats;
};
/* Runs one local search on a record with the record's seed and the run's
 * limits, times it, and writes the outcome.  search fills *out (stats
 * included) and returns false when a signal interrupted it (the record
 * is then dropped).  rules: the record's compiled, NULL for the classic
 * ones; the cost written is then sd_ruleset_cost's. */
typedef bool sd_local_fn(const struct sd_record *rec, const struct sd_ruleset *rules, uint64_t seed,
			 const struct sd_limits *lim, void *ctx, struct sd_local_outcome *out);
int sd_run_local(struct sd_run *run, struct sd_record *rec, sd_local_fn *search, void *ctx);

/* --trace FILE, opened by the tool's start: 0, or 2 after a message.  The
 * run closes it after the tool's end, replacing FILE when it replaces
 * -o FILE and leaving it as it was when not.  Refused under --pack. */
int sd_trace_open(struct sd_run *run, const char *path, FILE **fp);

/* ---- messages ---------------------------------------------------------- */

/* The one form of every message: "prog: FILE:LINE: text", "prog: FILE:
 * text" (line 0) or "prog: text" (no file), on standard error, its
 * control bytes (from a file's name or a bad record) written as \xNN. */
void sd_vreport(const struct sd_run *run, const char *file, long line, const char *fmt,
		va_list ap) __attribute__((format(printf, 4, 0)));
void sd_report(const struct sd_run *run, const char *file, long line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* "prog: NAME: why", why the words for the errno value err (NAME: a
 * file's, NULL for standard output). */
void sd_report_errno(const struct sd_run *run, const char *name, int err);
/* Flushes fp and checks that all written to it went out: 0, or 2 after
 * "prog: NAME: why" (NAME: the file's, NULL for standard output). */
int sd_check_written(const struct sd_run *run, FILE *fp, const char *name);

#endif
