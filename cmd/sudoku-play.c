/* sudoku-play: play a puzzle in a terminal, made at a level or read from
 * a file or the command line; saves and resumes a game as a record. */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "gen/gen.h"
#include "frame/frame.h"
#include "play/save.h"
#include "play/screen.h"

struct play_cmd {
	int level;
	struct sd_range rating;
	long long number;
	bool no_color, check_as_you_go;
	const char *output;            /* -o FILE: where the game is saved */
	struct sd_run run;
	struct sd_gen_opts aim;
	struct sd_gen *gen;            /* NULL until a puzzle is made */
	long long made;                /* puzzles made: the next one's seed follows */
	char *save_path;
	const char *save_failure;      /* why the last save failed, NULL if it did not */
	struct sd_write_opts save_as;
	struct sd_limits limits;
};

#define AT(field) SD_AT(struct play_cmd, field)
static const struct sd_option options[] = {
	SD_WORD('d', "difficulty", "LEVEL",
		"very-easy, easy, medium (default), hard, expert, fiendish, extreme",
		AT(level), sd_level_names, SD_LEVEL_VERY_EASY, SD_LEVEL_EXTREME, "level"),
	SD_RANGE(0, "rating", "MIN-MAX", "Sudoku Explainer rating (ER) of the puzzle made, e.g. "
		 "7.0-7.9, 7.0- or -2.0 (default: -d's)", AT(rating), 1.0, SD_RATING_TOP, "rating"),
	SD_TEXT('o', "output", "FILE", "save the game to FILE (default: "
		"$XDG_STATE_HOME/sudoku-play/game)", AT(output)),
	SD_INT('n', "number", "K", "play the K-th record of the input (default 1)", AT(number),
	       1, SD_MAX_COUNT, "record number"),
	SD_FLAG('c', "no-color", "no colour (as NO_COLOR does)", AT(no_color)),
	SD_ALIAS("no-colour"),
	SD_FLAG(0, "check-as-you-go", "show wrong entries in red at once", AT(check_as_you_go)),
	SD_END
};

/* A puzzle made at the level or in the window asked: its record, named
 * by level and seed, which -s gives back. */
static const char *make_puzzle(struct play_cmd *pc, struct sd_game *gm)
{
	struct sd_record rec;
	uint64_t seed = pc->run.seed + (uint64_t)pc->made++;
	char name[96];

	if (!pc->gen && !(pc->gen = calloc(1, sizeof *pc->gen)))
		return "out of memory";
	int got = sd_generate(pc->gen, &pc->run.in.box, &pc->aim, seed);
	if (got != SD_GEN_OK)
		return got == SD_GEN_STOPPED ? "interrupted" : "no puzzle met the conditions";
	sd_gen_rate(pc->gen);
	sd_record_init(&rec);
	rec.g = pc->run.in.box;
	memcpy(rec.puzzle, pc->gen->puzzle, (size_t)sd_cells(&rec.g));
	snprintf(name, sizeof name, "%s seed %llu", sd_level_names[pc->gen->rating.level],
		 (unsigned long long)seed);
	sd_record_set_id(&rec, name, strlen(name));
	got = sd_game_start(gm, &rec, pc->gen->rating.level, pc->gen->rating.score, &pc->limits);
	sd_record_free(&rec);
	return got == SD_GAME_OK ? NULL : sd_game_refusals[got];
}

static const char *new_game(void *arg, struct sd_game *gm)
{
	struct play_cmd *pc = arg;

	/* N after a puzzle read: one at the level it rates */
	if (!pc->aim.max_attempts)
		sd_gen_aim(&pc->aim, &pc->run.in.box, gm->level < SD_LEVEL_SEARCH ? gm->level :
			   SD_LEVEL_EXTREME, 0, 0);
	return make_puzzle(pc, gm);
}

static const char *save(void *arg, const struct sd_game *gm)
{
	struct play_cmd *pc = arg;
	const char *why;

	if (!pc->save_path)
		why = "no file to save to: give -o FILE, or set HOME or XDG_STATE_HOME";
	else if (!(why = sd_game_save(gm, pc->save_path, &pc->save_as)))
		((struct sd_game *)gm)->changed = false;
	return pc->save_failure = why;
}

/* -o FILE, else $XDG_STATE_HOME/sudoku-play/game, else the same under
 * ~/.local/state; NULL when none of them is known. */
static char *save_path(const char *output)
{
	const char *state = getenv("XDG_STATE_HOME"), *home = getenv("HOME");
	struct sd_buf path = { 0 };

	if (output)
		sd_buf_puts(&path, output);
	else if (state && *state == '/')
		sd_buf_printf(&path, "%s/sudoku-play/game", state);
	else if (home && *home)
		sd_buf_printf(&path, "%s/.local/state/sudoku-play/game", home);
	return path.p;
}

/* A puzzle on the command line rather than a file's name: no such file,
 * and as many symbols as a board has cells. */
static bool is_puzzle_text(const char *arg)
{
	struct stat st;
	size_t len = strcspn(arg, " \t");
	int n = sd_isqrt(len);

	return stat(arg, &st) != 0 && n >= 4 && (size_t)n * (size_t)n == len && !strchr(arg, '/');
}

/* The K-th record of the operand (standard input when NULL; a puzzle
 * given as text through a pipe), read into rec: 0, or 2 after a message. */
static int read_record(struct play_cmd *pc, const char *operand, struct sd_record *rec)
{
	struct sd_run *run = &pc->run;
	const char *path = operand ? operand : "-", *shown = NULL;
	char piped[32];
	long long good = 0;
	int got, fds[2];

	if (operand && is_puzzle_text(operand)) {
		/* the reader reads files: the text goes through a pipe */
		if (pipe(fds) != 0 || write(fds[1], operand, strlen(operand)) < 0 || close(fds[1]) != 0) {
			sd_report_errno(run, "pipe", errno);
			return SD_EXIT_TROUBLE;
		}
		snprintf(piped, sizeof piped, "/dev/fd/%d", fds[0]);
		path = piped;
		shown = "<command line>";
	}
	struct sd_reader *rd = sd_reader_open(path, &run->in);
	if (!rd) {
		sd_report_errno(run, shown ? shown : path, errno);
		return SD_EXIT_TROUBLE;
	}
	if (shown)
		close(fds[0]);
	while ((got = sd_reader_next(rd, rec)) == SD_READ_OK && ++good < pc->number)
		sd_record_reset(rec);
	if (got != SD_READ_OK) {
		long line = 0;
		const char *why = sd_reader_error(rd, &line);
		if (got == SD_READ_EOF)
			sd_report(run, shown ? shown : sd_reader_name(rd), 0,
				  "no record %lld: the input holds %lld", pc->number, good);
		else
			sd_report(run, shown ? shown : sd_reader_name(rd), line, "%s", why);
	} else {
		rec->file = shown ? shown : operand ? operand : "<stdin>";
	}
	sd_reader_close(rd);
	return got == SD_READ_OK ? SD_EXIT_OK : SD_EXIT_TROUBLE;
}

/* The game the options and operands ask for: 0, or 2 after a message. */
static int first_game(struct play_cmd *pc, int operands, char **operand, struct sd_game *gm)
{
	struct sd_run *run = &pc->run;
	struct sd_record rec;
	const char *why;
	int status;

	if (operands > 1)
		sd_usage_error(run, "one file or puzzle to play, not %d", operands);
	if (!operands && (pc->level >= 0 || pc->rating.set || isatty(0))) {
		if (pc->rating.set && pc->level >= 0)
			sd_usage_error(run, "-d and --rating both choose the difficulty: give one");
		sd_gen_aim(&pc->aim, &run->in.box, pc->level >= 0 ? pc->level : SD_LEVEL_MEDIUM,
			   pc->rating.min, pc->rating.set ? pc->rating.max : 0);
		if ((why = make_puzzle(pc, gm)))
			sd_report(run, NULL, 0, "%s", why);
		return why ? SD_EXIT_TROUBLE : SD_EXIT_OK;
	}
	if (pc->level >= 0 || pc->rating.set)
		sd_usage_error(run, "-d and --rating make a puzzle: no file or puzzle with them");
	sd_record_init(&rec);
	status = read_record(pc, operands ? operand[0] : NULL, &rec);
	if (status == SD_EXIT_OK) {
		run->in.box = rec.g;
		int got = sd_game_start(gm, &rec, SD_LEVEL_LIMIT, 0, &pc->limits);
		if (got != SD_GAME_OK) {
			sd_report(run, rec.file, rec.line, "%s", sd_game_refusals[got]);
			status = SD_EXIT_TROUBLE;
		}
		if (run->out.format == SD_FMT_AUTO && (rec.format == SD_FMT_JSON || rec.format == SD_FMT_CSV))
			pc->save_as.format = rec.format;
	}
	sd_record_free(&rec);
	return status;
}

/* The terminal the game is played on: standard output, and standard
 * input or, when the puzzle came through it, /dev/tty. */
static FILE *terminal(const struct sd_run *run)
{
	FILE *in = isatty(0) ? stdin : fopen("/dev/tty", "r");

	if (!isatty(1) || !in) {
		sd_report(run, NULL, 0, "not on a terminal: the game needs one for its %s",
			  !isatty(1) ? "screen (standard output)" : "keys (/dev/tty)");
		return NULL;
	}
	return in;
}

static struct play_cmd pc = { .level = -1, .number = 1 };

/* The game from the options on: an exit status, and in *sig the signal
 * that ended it (0: none). */
static int play(struct play_cmd *pc, struct sd_game *gm, int argc, char **argv, int *sig)
{
	struct sd_run *run = &pc->run;
	const char *no_color = getenv("NO_COLOR");
	FILE *in;
	int status;

	*sig = 0;
	if (run->out.format != SD_FMT_AUTO && run->out.format != SD_FMT_LINE &&
	    run->out.format != SD_FMT_JSON && run->out.format != SD_FMT_CSV)
		sd_usage_error(run, "a game is saved as line, json or csv, not %s",
			       sd_format_names[run->out.format]);
	if (!(in = terminal(run)))
		return SD_EXIT_TROUBLE;
	if (!run->in.have_box)
		run->in.box = (struct sd_geom){ 9, 3, 3 };
	sd_run_keys(run, "elapsed", "hints", "mistakes", "level", "er", NULL);
	pc->save_as = run->out;
	if (pc->save_as.format == SD_FMT_AUTO)
		pc->save_as.format = SD_FMT_LINE;
	pc->save_path = save_path(pc->output);
	status = first_game(pc, argc, argv, gm);
	if (status != SD_EXIT_OK)
		return status;
	struct sd_play_opts o = {
		.color = !pc->no_color && !(no_color && *no_color),
		.check_as_you_go = pc->check_as_you_go, .alpha = &run->out.alpha, .in = in,
		.new_game = new_game, .save = save, .arg = pc,
	};
	*sig = sd_play(gm, &o);
	if (*sig < 0) {
		sd_report(run, NULL, 0, "the terminal (TERM=%s) cannot show the game",
			  getenv("TERM") ? getenv("TERM") : "");
		*sig = 0;
		return SD_EXIT_TROUBLE;
	}
	if (*sig && !gm->changed)
		sd_report(run, NULL, 0, "the game is saved in %s", pc->save_path);
	else if (*sig)  /* the save at the signal failed */
		sd_report(run, NULL, 0, "the game is not saved%s%s: %s", pc->save_path ? " in " : "",
			  pc->save_path ? pc->save_path : "", pc->save_failure);
	return SD_EXIT_OK;
}

int main(int argc, char **argv)
{
	static const struct sd_tool tool = {
		"sudoku-play", "sudoku-play [options] [file | puzzle]",
		"Play sudoku in a terminal: a puzzle made at a level, or read; save and resume.",
		options, "tAbhV", SD_FMT_AUTO, SD_SEED_CLOCK, { 0, NULL }, NULL, NULL, NULL, NULL,
	};
	int first = sd_run_options(&pc.run, &tool, argc, argv, &pc);
	struct sd_game *gm = calloc(1, sizeof *gm);
	int sig = 0, status = gm ? play(&pc, gm, argc - first, argv + first, &sig) : SD_EXIT_TROUBLE;

	if (gm)
		sd_game_free(gm);
	free(gm);
	free(pc.gen);
	free(pc.save_path);
	if (sig) {
		signal(sig, SIG_DFL);
		raise(sig);
	}
	return status;
}
