/* The game's model: entries, marks, history, checks, hints, its record. */
#include <stdlib.h>
#include <string.h>
#include "explain/explain.h"
#include "play/game.h"

const char *const sd_game_refusals[] = {
	"", "no solution", "more than one solution: wrong entries cannot be told",
	"limit reached before the solution was proven unique",
	"the key marks is not an object of the board's empty cells, each to a list of its digits",
	"the board is larger than 35x35: the keys type 1-9 and A-Z, 35 symbols",
};

/* A key of a saved game, when it is a number from 0 to a billion (a
 * count or seconds that an int holds), else 0. */
static double saved_number(const struct sd_record *rec, const char *key)
{
	json_t *v = sd_record_get(rec, key);
	double x = json_is_number(v) ? json_number_value(v) : 0;

	return x > 0 && x <= 1e9 ? x : 0;
}

/* The pencil marks of a saved game, {"r1c3":[1,7,9]}, into marks (NULL:
 * only checked): false when the key is there but not that, or marks a
 * cell with a value. */
static bool saved_marks(const struct sd_record *rec, const uint8_t *board, uint64_t *marks)
{
	json_t *all = sd_record_get(rec, "marks"), *digits, *d;
	const char *name;
	size_t i;

	if (marks)
		memset(marks, 0, (size_t)sd_cells(&rec->g) * sizeof *marks);
	if (!all)
		return true;
	if (!json_is_object(all))
		return false;
	json_object_foreach(all, name, digits) {
		int cell = sd_cell_parse(&rec->g, name);
		if (cell < 0 || board[cell] || !json_is_array(digits))
			return false;
		json_array_foreach(digits, i, d) {
			json_int_t k = json_is_integer(d) ? json_integer_value(d) : 0;
			if (k < 1 || k > rec->g.n)
				return false;
			if (marks)
				marks[cell] |= 1ULL << (k - 1);
		}
	}
	return true;
}

int sd_game_start(struct sd_game *gm, const struct sd_record *rec, int level, double score,
		  const struct sd_limits *lim)
{
	struct sd_solve_opts o = { .max_solutions = 2, .limits = *lim };
	int cells = sd_cells(&rec->g);

	if (rec->g.n > SD_GAME_MAX_N)
		return SD_GAME_TOO_BIG;
	if (!saved_marks(rec, sd_values(rec), NULL))
		return SD_GAME_MARKS;
	o.limits.work = sd_solve_default_nodes(&rec->g, &o);
	sd_solve_fastest(&rec->g, rec->puzzle, &o, &gm->res);
	if (gm->res.solutions == 0)
		return gm->res.stop == SD_STOP_DONE ? SD_GAME_NOSOLUTION : SD_GAME_LIMIT;
	if (gm->res.solutions > 1)
		return SD_GAME_MULTIPLE;
	if (gm->res.stop != SD_STOP_DONE)
		return SD_GAME_LIMIT;

	gm->g = rec->g;
	memcpy(gm->puzzle, rec->puzzle, (size_t)cells);
	memcpy(gm->board, sd_values(rec), (size_t)cells);
	memcpy(gm->solution, gm->res.first, (size_t)cells);
	saved_marks(rec, gm->board, gm->marks);
	free(gm->name);
	gm->name = rec->id ? strdup(rec->id) : NULL;
	gm->elapsed = saved_number(rec, "elapsed");
	gm->hints = (int)saved_number(rec, "hints");
	gm->mistakes = (int)saved_number(rec, "mistakes");
	gm->solution_shown = json_is_true(sd_record_get(rec, "solution_shown"));
	gm->clock_start = 0;
	gm->done = gm->count = 0;
	gm->changed = false;
	gm->level = level;
	gm->score = score;
	if (level == SD_LEVEL_LIMIT) {
		struct sd_rating r;
		gm->lg.unique = true;
		gm->lg.limits = *lim;
		gm->lg.limits.work = SD_DEFAULT_RATING_WORK;
		sd_rate(&gm->lg, &gm->g, gm->puzzle, SD_TECH_COUNT - 1, &r, NULL, NULL);
		gm->level = r.level;
		gm->score = r.score;
	}
	return SD_GAME_OK;
}

void sd_game_free(struct sd_game *gm)
{
	free(gm->moves);
	free(gm->name);
	sd_solve_result_free(&gm->res);
}

double sd_game_elapsed(const struct sd_game *gm)
{
	return gm->elapsed + (gm->clock_start > 0 ? sd_now() - gm->clock_start : 0);
}

void sd_game_clock(struct sd_game *gm, bool run)
{
	gm->elapsed = sd_game_elapsed(gm);
	gm->clock_start = run ? sd_now() : 0;
}

void sd_game_play_clock(struct sd_game *gm)
{
	bool run = !sd_game_solved(gm);

	if (run != (gm->clock_start > 0))
		sd_game_clock(gm, run);
}

bool sd_game_solved(const struct sd_game *gm)
{
	return !memcmp(gm->board, gm->solution, (size_t)sd_cells(&gm->g));
}

/* Applies a move and keeps it; what was undone past it is dropped. */
static void make_move(struct sd_game *gm, int cell, int to, uint64_t marks, bool joined)
{
	struct sd_game_move m = { cell, gm->board[cell], (uint8_t)to, gm->marks[cell], marks, joined };

	if (gm->done == gm->cap) {
		size_t cap = gm->cap ? 2 * gm->cap : 256;
		struct sd_game_move *grown = realloc(gm->moves, cap * sizeof *grown);
		if (!grown)
			abort();
		gm->moves = grown;
		gm->cap = cap;
	}
	gm->moves[gm->done++] = m;
	gm->count = gm->done;
	gm->board[cell] = (uint8_t)to;
	gm->marks[cell] = marks;
	gm->changed = true;
	sd_game_play_clock(gm);
}

bool sd_game_enter(struct sd_game *gm, int cell, int digit)
{
	if (gm->puzzle[cell] || digit > gm->g.n || (gm->board[cell] == digit && !gm->marks[cell]))
		return false;
	/* a value replaces the cell's marks; clearing a value keeps none */
	make_move(gm, cell, digit, 0, false);
	if (digit && digit != gm->solution[cell])
		gm->mistakes++;
	return true;
}

bool sd_game_toggle_mark(struct sd_game *gm, int cell, int digit)
{
	if (gm->puzzle[cell] || gm->board[cell] || digit < 1 || digit > gm->g.n)
		return false;
	make_move(gm, cell, 0, gm->marks[cell] ^ (1ULL << (digit - 1)), false);
	return true;
}

void sd_game_solve(struct sd_game *gm)
{
	bool joined = false;

	for (int c = 0; c < sd_cells(&gm->g); c++)
		if (gm->board[c] != gm->solution[c]) {
			make_move(gm, c, gm->solution[c], 0, joined);
			joined = true;
		}
	gm->solution_shown = true;
}

int sd_game_undo(struct sd_game *gm)
{
	if (!gm->done)
		return -1;
	const struct sd_game_move *m;
	do {
		m = &gm->moves[--gm->done];
		gm->board[m->cell] = m->from;
		gm->marks[m->cell] = m->marks_from;
	} while (m->joined);
	gm->changed = true;
	sd_game_play_clock(gm);
	return m->cell;
}

int sd_game_redo(struct sd_game *gm)
{
	int first = gm->done < gm->count ? gm->moves[gm->done].cell : -1;

	if (first < 0)
		return -1;
	do {
		const struct sd_game_move *m = &gm->moves[gm->done++];
		gm->board[m->cell] = m->to;
		gm->marks[m->cell] = m->marks_to;
	} while (gm->done < gm->count && gm->moves[gm->done].joined);
	gm->changed = true;
	sd_game_play_clock(gm);
	return first;
}

int sd_game_wrong(const struct sd_game *gm, bool *wrong)
{
	static bool clash[SD_MAXCELLS];
	int count = 0;

	sd_wrong_entries(&gm->g, gm->puzzle, gm->board, gm->solution, wrong);
	sd_conflicts(&gm->g, gm->board, clash);
	for (int c = 0; c < sd_cells(&gm->g); c++) {
		wrong[c] |= clash[c] && !gm->puzzle[c];
		count += wrong[c];
	}
	return count;
}

int sd_game_hint(struct sd_game *gm, const struct sd_alphabet *a, struct sd_buf *text,
		 struct sd_buf *why, struct sd_step *step)
{
	json_t *steps, *one;
	size_t i;

	gm->lg.unique = true;
	gm->lg.limits.work = SD_DEFAULT_RATING_WORK;
	sd_logic_start_work(&gm->lg);
	int kind = sd_next_hint(&gm->lg, &gm->g, gm->puzzle, gm->board, gm->solution, a, text, &steps,
			   step);
	json_array_foreach(steps, i, one) {
		const char *words = json_string_value(json_object_get(one, "text"));
		if (why && words)
			sd_buf_printf(why, "%s%s", i ? "\n" : "", words);
	}
	json_decref(steps);
	if (kind == SD_HINT_WRONG || kind == SD_HINT_PLACE)
		gm->hints++;
	return kind;
}

bool sd_game_apply_hint(struct sd_game *gm, int kind, const struct sd_step *step)
{
	if (kind == SD_HINT_WRONG)
		return sd_game_enter(gm, step->cell, 0);
	if (kind == SD_HINT_PLACE && gm->board[step->cell] != step->digit)
		return sd_game_enter(gm, step->cell, step->digit);
	return false;
}

void sd_game_record(const struct sd_game *gm, struct sd_record *rec)
{
	int cells = sd_cells(&gm->g);

	sd_record_reset(rec);
	rec->g = gm->g;
	memcpy(rec->puzzle, gm->puzzle, (size_t)cells);
	memcpy(rec->board, gm->board, (size_t)cells);
	rec->has_board = true;
	if (gm->name)
		sd_record_set_id(rec, gm->name, strlen(gm->name));
	sd_record_set_int(rec, "elapsed", (long long)sd_game_elapsed(gm));
	sd_record_set_int(rec, "hints", gm->hints);
	sd_record_set_int(rec, "mistakes", gm->mistakes);
	if (gm->level < SD_LEVEL_COUNT)
		sd_record_set_str(rec, "level", sd_level_names[gm->level]);
	if (gm->level < SD_LEVEL_SEARCH)
		sd_record_set_new(rec, "er", json_real(gm->score));
	json_t *marks = json_object();
	char name[32];
	for (int c = 0; c < cells; c++) {
		if (!gm->marks[c])
			continue;
		json_t *digits = json_array();
		for (uint64_t m = gm->marks[c]; m; m &= m - 1)
			json_array_append_new(digits, json_integer(__builtin_ctzll(m) + 1));
		sd_cell_name(&gm->g, c, name);
		json_object_set_new(marks, name, digits);
	}
	if (json_object_size(marks))
		sd_record_set_new(rec, "marks", marks);
	else
		json_decref(marks);
	if (gm->solution_shown)
		sd_record_set_new(rec, "solution_shown", json_true());
}
