/* sudoku-play: play a puzzle in a terminal, made at a level or read from
 * a file or the command line; saves and resumes a game as a record, each
 * game in a file of its own. */
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
	int save_format;               /* -t: csv or json; 0 not given */
	const char *output;            /* -o FILE: where the game is saved */
	struct sd_run run;
	struct sd_gen_opts aim;
	struct sd_gen *gen;            /* NULL until a puzzle is made */
	long long made;                /* puzzles made: the next one's seed follows */
	char *folder;                  /* where games are saved without -o, or NULL */
	char *save_path;               /* the game's file; NULL: a new one in folder */
	bool owns_file;                /* save_path holds this game, or nothing of a player's */
	struct sd_buf said;            /* what the last save said */
	struct sd_write_opts save_as;
	struct sd_limits limits;
	struct sd_saved *saved;        /* the unfinished games offered at the start */
	int nsaved;
};

#define AT(field) SD_AT(struct play_cmd, field)
static const struct sd_option options[] = {
	SD_WORD('d', "difficulty", "LEVEL",
		"very-easy, easy, medium (default), hard, expert, fiendish, extreme",
		AT(level), sd_level_names, SD_LEVEL_VERY_EASY, SD_LEVEL_EXTREME, "level"),
	SD_RANGE(0, "rating", "MIN-MAX", "Sudoku Explainer rating (ER) of the puzzle made, e.g. "
		 "7.0-7.9, 7.0- or -2.0 (default: -d's)", AT(rating), 1.0, SD_RATING_TOP, "rating"),
	SD_TEXT('o', "output", "FILE", "save the game to FILE (default: a file of its own in "
		"$XDG_STATE_HOME/sudoku-play/)", AT(output)),
	SD_WORD('t', "to", "FORMAT", "format of the game saved: json (default; csv for a game read "
		"from csv) or csv", AT(save_format), sd_format_names, SD_FMT_CSV, SD_FMT_JSON,
		"format of the game saved"),
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
	const char *why;

	/* N after a puzzle read: one at the level it rates */
	if (!pc->aim.max_attempts)
		sd_gen_aim(&pc->aim, &pc->run.in.box, gm->level < SD_LEVEL_SEARCH ? gm->level :
			   SD_LEVEL_EXTREME, 0, 0);
	if (!(why = make_puzzle(pc, gm)))
		pc->owns_file = false;  /* the file holds the game before, if any */
	return why;
}

/* What a save says, NULL when it saved: "FILE: why". */
static const char *said(struct play_cmd *pc, const char *file, int err)
{
	sd_buf_free(&pc->said);
	sd_buf_printf(&pc->said, "%s: %s", file, strerror(err));
	return pc->said.p;
}

/* A new file for the game in the folder: NULL, or why none. */
static const char *new_file(struct play_cmd *pc)
{
	char *path;

	if (!pc->folder) {
		sd_buf_free(&pc->said);
		sd_buf_puts(&pc->said, "no file to save to: give -o FILE, or set HOME or XDG_STATE_HOME");
		return pc->said.p;
	}
	if (!(path = sd_saved_claim(pc->folder, &pc->run.in)))
		return said(pc, pc->folder, errno);
	free(pc->save_path);
	pc->save_path = path;
	pc->owns_file = true;
	return NULL;
}

/* s, Q's question, a signal and a solve (only_again: only into a file the
 * game has already): the game into its file, but a file that holds
 * another game a player has not finished stays as it is, and the game
 * goes to a new file of the folder.  What it says, NULL if nothing done. */
static const char *save(void *arg, struct sd_game *gm, bool only_again)
{
	struct play_cmd *pc = arg;
	char *kept = NULL;             /* the file left as it was */
	const char *why;
	int err;

	if (only_again && !(pc->save_path && pc->owns_file))
		return NULL;
	if (pc->save_path && !pc->owns_file &&
	    sd_place_of(pc->save_path, &pc->run.in, NULL) == SD_PLACE_UNFINISHED) {
		kept = pc->save_path;
		pc->save_path = NULL;
	}
	if (!pc->save_path && (why = new_file(pc))) {
		pc->save_path = kept;
		return why;
	}
	pc->owns_file = true;
	if ((err = sd_game_save(gm, pc->save_path, &pc->save_as))) {
		free(kept);
		return said(pc, pc->save_path, err);
	}
	gm->changed = false;
	sd_buf_free(&pc->said);
	sd_buf_printf(&pc->said, "saved in %s", pc->save_path);
	if (kept)
		sd_buf_printf(&pc->said, " (%s holds another game, not finished)", kept);
	free(kept);
	return pc->said.p;
}

/* Where games are saved without -o: $XDG_STATE_HOME/sudoku-play, else the
 * same under ~/.local/state; NULL when neither is known. */
static char *save_folder(void)
{
	const char *state = getenv("XDG_STATE_HOME"), *home = getenv("HOME");
	struct sd_buf path = { 0 };

	if (state && *state == '/')
		sd_buf_printf(&path, "%s/sudoku-play", state);
	else if (home && *home)
		sd_buf_printf(&path, "%s/.local/state/sudoku-play", home);
	return path.p;
}

/* Whether two names are one file. */
static bool same_file(const char *a, const char *b)
{
	struct stat sa, sb;

	return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
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

/* A record read from the operand resumed, and saved back into it when it
 * is a game saved (one record, with a board) and no -o says otherwise. */
static int start_read(struct play_cmd *pc, const char *operand, struct sd_record *rec,
		      struct sd_game *gm)
{
	struct sd_run *run = &pc->run;
	int got;

	run->in.box = rec->g;
	if ((got = sd_game_start(gm, rec, SD_LEVEL_LIMIT, 0, &pc->limits)) != SD_GAME_OK) {
		sd_report(run, rec->file, rec->line, "%s", sd_game_refusals[got]);
		return SD_EXIT_TROUBLE;
	}
	if (!pc->save_format && rec->format == SD_FMT_CSV)
		pc->save_as.format = SD_FMT_CSV;
	if (!pc->output && operand && rec->file == operand && pc->number == 1 &&
	    sd_place_of(operand, &run->in, NULL) >= SD_PLACE_FINISHED) {
		pc->save_path = strdup(operand);
		pc->owns_file = pc->save_path != NULL;
	}
	return SD_EXIT_OK;
}

/* The game the options and operands ask for, or (plain sudoku-play) the
 * unfinished games saved to offer: 0, or 2 after a message. */
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
		/* nothing asked of the game: the games not finished first */
		if (pc->level < 0 && !pc->rating.set && !run->have_seed && !pc->output && pc->folder &&
		    (pc->nsaved = sd_saved_games(pc->folder, &run->in, &pc->saved)) > 0)
			return SD_EXIT_OK;
		if ((why = make_puzzle(pc, gm)))
			sd_report(run, NULL, 0, "%s", why);
		return why ? SD_EXIT_TROUBLE : SD_EXIT_OK;
	}
	if (pc->level >= 0 || pc->rating.set)
		sd_usage_error(run, "-d and --rating make a puzzle: no file or puzzle with them");
	sd_record_init(&rec);
	status = read_record(pc, operands ? operand[0] : NULL, &rec);
	if (status == SD_EXIT_OK)
		status = start_read(pc, operands ? operand[0] : NULL, &rec, gm);
	sd_record_free(&rec);
	return status;
}

/* Offered at the start: the saved game which, resumed into gm. */
static const char *resume(void *arg, int which, struct sd_game *gm)
{
	struct play_cmd *pc = arg;
	struct sd_record rec;
	const char *path = pc->saved[which].path;
	int got;

	sd_record_init(&rec);
	got = sd_place_of(path, &pc->run.in, &rec);
	if (got < SD_PLACE_FINISHED) {
		sd_record_free(&rec);
		if (got == SD_PLACE_FREE)
			return said(pc, path, ENOENT);
		sd_buf_free(&pc->said);
		sd_buf_printf(&pc->said, "%s: no game saved there now", path);
		return pc->said.p;
	}
	got = sd_game_start(gm, &rec, SD_LEVEL_LIMIT, 0, &pc->limits);
	if (got == SD_GAME_OK) {
		free(pc->save_path);
		pc->save_path = strdup(path);
		pc->owns_file = pc->save_path != NULL;
		pc->run.in.box = rec.g;
		pc->aim.max_attempts = 0;  /* N: at this game's level */
		if (!pc->save_format && rec.format == SD_FMT_CSV)
			pc->save_as.format = SD_FMT_CSV;
	}
	sd_record_free(&rec);
	if (got == SD_GAME_OK)
		return NULL;
	sd_buf_free(&pc->said);
	sd_buf_printf(&pc->said, "%s: %s", path, sd_game_refusals[got]);
	return pc->said.p;
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

/* -o FILE is refused when it holds a game a player has not finished,
 * other than the one played. */
static void check_output(struct play_cmd *pc, int operands, char **operand)
{
	if (!pc->output || sd_place_of(pc->output, &pc->run.in, NULL) != SD_PLACE_UNFINISHED ||
	    (operands == 1 && same_file(pc->output, operand[0])))
		return;
	sd_usage_error(&pc->run, "%s holds a game not finished: resume it with 'sudoku-play %s', "
		       "or save to another file", pc->output, pc->output);
}

/* The game from the options on: an exit status, and in *sig the signal
 * that ended it (0: none). */
static int play(struct play_cmd *pc, struct sd_game *gm, int argc, char **argv, int *sig)
{
	struct sd_run *run = &pc->run;
	const char *no_color = getenv("NO_COLOR");
	FILE *in;
	int status;

	*sig = 0;
	if (run->in.have_box && run->in.box.n > SD_GAME_MAX_N)
		sd_usage_error(run, "-b %dx%d: %s", run->in.box.r, run->in.box.c,
			       sd_game_refusals[SD_GAME_TOO_BIG]);
	check_output(pc, argc, argv);
	if (!(in = terminal(run)))
		return SD_EXIT_TROUBLE;
	if (!run->in.have_box)
		run->in.box = (struct sd_geom){ 9, 3, 3 };
	sd_run_keys(run, "elapsed", "hints", "mistakes", "level", "er", "marks", "solution_shown",
		    NULL);
	pc->save_as = run->out;
	/* line would lose the marks, the clock and the counts */
	pc->save_as.format = pc->save_format ? pc->save_format : SD_FMT_JSON;
	pc->folder = save_folder();
	if (pc->output) {
		pc->save_path = strdup(pc->output);
		pc->owns_file = true;  /* check_output: no game is lost there */
	}
	status = first_game(pc, argc, argv, gm);
	if (status != SD_EXIT_OK)
		return status;
	struct sd_play_opts o = {
		.color = !pc->no_color && !(no_color && *no_color),
		.check_as_you_go = pc->check_as_you_go, .alpha = &run->out.alpha, .in = in,
		.new_game = new_game, .save = save, .arg = pc,
		.offers = pc->saved, .noffers = pc->nsaved, .resume = resume,
	};
	*sig = sd_play(gm, &o);
	if (*sig < 0) {
		sd_report(run, NULL, 0, "the terminal (TERM=%s) cannot show the game",
			  getenv("TERM") ? getenv("TERM") : "");
		*sig = 0;
		return SD_EXIT_TROUBLE;
	}
	if (*sig && gm->changed)  /* the save at the signal failed */
		sd_report(run, NULL, 0, "the game is not saved: %s", pc->said.p ? pc->said.p : "");
	else if (*sig && pc->said.p && pc->save_path && pc->owns_file)
		sd_report(run, NULL, 0, "the game is saved in %s", pc->save_path);
	return SD_EXIT_OK;
}

int main(int argc, char **argv)
{
	static const struct sd_tool tool = {
		"sudoku-play", "sudoku-play [options] [file | puzzle]",
		"Play sudoku in a terminal: a puzzle made at a level, or read; save and resume.",
		options, "AbhV", SD_FMT_AUTO, SD_SEED_CLOCK, { 0, NULL }, NULL, NULL, NULL, NULL,
	};
	int first = sd_run_options(&pc.run, &tool, argc, argv, &pc);
	struct sd_game *gm = calloc(1, sizeof *gm);
	int sig = 0, status = gm ? play(&pc, gm, argc - first, argv + first, &sig) : SD_EXIT_TROUBLE;

	if (gm)
		sd_game_free(gm);
	free(gm);
	if (pc.gen)
		sd_gen_free(pc.gen);
	free(pc.gen);
	free(pc.save_path);
	free(pc.folder);
	sd_buf_free(&pc.said);
	sd_saved_free(pc.saved, pc.nsaved);
	if (sig) {
		signal(sig, SIG_DFL);
		raise(sig);
	}
	return status;
}
