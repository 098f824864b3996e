/* The program frame: a tool's options from one table, the record loop
 * that reads, calls the tool and writes, messages, and exit statuses.
 * cmd/<tool>.c is a table of options and a function per record. */
#ifndef SD_FRAME_H
#define SD_FRAME_H

#include "format/format.h"

#define SD_VERSION "0.1.0"
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
	SD_OPT_INT,                    /* long long in [min, max] */
	SD_OPT_REAL,                   /* double in [min, max] */
	SD_OPT_WORD,                   /* int: the word's index in words, in [min, max] */
	SD_OPT_TEXT,                   /* const char *, as given */
	SD_OPT_RANGE,                  /* struct sd_range: MIN-MAX, MIN-, -MAX or one number */
	SD_OPT_HELP, SD_OPT_VERSION,   /* print and exit */
};

/* One option: what getopt_long needs, the line in --help, and where its
 * value goes (at: an offset in the tool's context, or in struct sd_run
 * for the shared options). */
struct sd_option {
	char letter;                   /* the short option, or 0 */
	const char *name;              /* the long option */
	const char *arg;               /* the argument's name in --help; NULL: none */
	const char *help;              /* NULL: not shown (an alias) */
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
#define SD_END { 0, NULL, NULL, NULL, 0, 0, 0, 0, NULL, NULL, false, 0 }

struct sd_run;
struct sd_record;
typedef int sd_record_fn(struct sd_run *run, struct sd_record *rec, void *ctx);
typedef int sd_hook_fn(struct sd_run *run, void *ctx);
struct sd_tool {
	const char *name;
	const char *synopsis;          /* "sudoku-bt [options] [file ...]" */
	const char *purpose;           /* one line */
	const struct sd_option *options; /* its own, ended by SD_END */
	const char *shared;            /* which shared option letters it takes */
	int default_output;            /* SD_FMT_AUTO (transformer) or a format */
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
};

/* ---- the run ----------------------------------------------------------- */

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
	/* filled in by the loop */
	struct sd_writer *writer;
	FILE *out_fp;
	char *target;                  /* -o FILE with its symbolic links followed */
	char *tmp_path;                /* the temporary file beside it, or NULL when
					  written straight (not a regular file) */
	int status;
	long long records, bad;
	double started, last_flush, last_progress;
	double progress_rate;          /* bytes per second, a moving average */
	long long progress_done;       /* bytes read at the last progress */
	struct sd_reader *reader;
	/* options as read, before they are checked and applied */
	const char *alphabet, *box;
	long long seed_given;          /* -1: none */
};

/* Parses the shared and the tool's options into run and ctx; returns the
 * index of the first operand, or exits (help, version, usage error). */
int sd_run_options(struct sd_run *run, const struct sd_tool *tool, int argc,
		   char **argv, void *ctx);
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
/* A tool's table (the fields of struct sd_tool, in order) and its main
 * function: sd_main with that table and the tool's context. */
#define SD_MAIN(ctx, ...) \
	static const struct sd_tool tool = { __VA_ARGS__ }; \
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

int sd_emit(struct sd_run *run, const struct sd_record *rec, const char *text);
/* A solver's record: in line and grid a board is always a solution, so a
 * record not solved goes out there as its puzzle alone. */
int sd_emit_solver(struct sd_run *run, struct sd_record *rec, bool solved);

/* The end of a local search (status: 0 solved, 1 unsolved, 2 no solution):
 * a message unless solved, a line under -v, the best board, status, cost,
 * metric, seed and stats (stolen; seconds and moves per second added under
 * -v), written as sd_emit_solver does. */
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
 * is then dropped). */
typedef bool sd_local_fn(const struct sd_record *rec, uint64_t seed, const struct sd_limits *lim,
			 void *ctx, struct sd_local_outcome *out);
int sd_run_local(struct sd_run *run, struct sd_record *rec, sd_local_fn *search, void *ctx);

/* --trace FILE: opened before the loop, closed after; 0, or 2 after a message. */
int sd_trace_open(const struct sd_run *run, const char *path, FILE **fp);
int sd_trace_close(const struct sd_run *run, const char *path, FILE *fp);

/* ---- messages ---------------------------------------------------------- */

/* The one form of every message: "prog: FILE:LINE: text", "prog: FILE:
 * text" (line 0) or "prog: text" (no file), on standard error. */
void sd_report(const struct sd_run *run, const char *file, long line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

#endif
