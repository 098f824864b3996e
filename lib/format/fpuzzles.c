/* The JSON of f-puzzles and SudokuPad, one object a record: "size", a
 * "grid" of rows of cells ({"value": 5, "given": true, "region": 0}; a
 * cell without "region" is in the box f-puzzles gives it by default),
 * and the constraints the toolkit holds as rules: "diagonal+" (r9c1 to
 * r1c9, the anti-diagonal), "diagonal-" (r1c1 to r9c9), "antiknight",
 * "antiking", "nonconsecutive", "disjointgroups", "extraregion",
 * "killercage", "odd", "even".  A key not known is refused by name, never
 * dropped: a constraint left out makes another puzzle. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "format/codec.h"

/* The keys read: the constraints, then what says nothing of the rules
 * (the puzzle's name, its setter, its rules in words, settings of the
 * f-puzzles page). */
static const char *const known_keys[] = {
	"size", "grid", "diagonal+", "diagonal-", "antiknight", "antiking", "nonconsecutive",
	"disjointgroups", "extraregion", "killercage", "odd", "even", "solution",
	"title", "author", "ruleset", "highlightConflicts", "disabledlogic",
	"truecandidatesoptions", NULL
};
/* A cell's keys: its colours and highlight are looks alone; pencil marks
 * are read only when empty (a player's notes are no puzzle). */
static const char *const cell_keys[] = {
	"value", "given", "region", "c", "cArray", "highlight", "centerPencilMarks",
	"cornerPencilMarks", NULL
};

bool sd_fpuzzles_object(const json_t *obj)
{
	return json_is_array(json_object_get(obj, "grid")) && !json_object_get(obj, "puzzle");
}

/* The box f-puzzles gives a size by default: as tall as the largest
 * divisor up to its square root. */
static void default_shape(int n, int *rows, int *cols)
{
	int h = 1;

	while ((h + 1) * (h + 1) <= n)
		h++;
	while (h > 1 && n % h)
		h--;
	*rows = h;
	*cols = n / h;
}

/* A cell named "R1C1": its index, or -1. */
static int cell_named(const json_t *v, int n)
{
	struct sd_geom g = { n, 0, 0 };

	return json_is_string(v) ? sd_cell_parse(&g, json_string_value(v)) : -1;
}

static int fail(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static int fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -1;
}

static int flag(const json_t *obj, const char *key, bool *on, char *err, size_t errlen)
{
	json_t *v = json_object_get(obj, key);

	if (v && !json_is_boolean(v))
		return fail(err, errlen, "\"%s\" must be true or false", key);
	*on = json_is_true(v);
	return 0;
}

/* The cells of the grid: givens, entries, and each cell's region label
 * (label[]); 0, or -1 with a message. */
static int read_grid(const json_t *grid, struct sd_record *rec, int *label, char *err, size_t errlen)
{
	int n = rec->g.n, h, w;
	struct sd_geom g = { n, 0, 0 };
	char name[32];

	default_shape(n, &h, &w);
	if (json_array_size(grid) != (size_t)n)
		return fail(err, errlen, "\"grid\" has %zu rows; size %d needs %d",
			    json_array_size(grid), n, n);
	for (int r = 0; r < n; r++) {
		json_t *row = json_array_get(grid, (size_t)r);
		if (!json_is_array(row) || json_array_size(row) != (size_t)n)
			return fail(err, errlen, "\"grid\" row %d does not have %d cells", r + 1, n);
		for (int c = 0; c < n; c++) {
			json_t *cell = json_array_get(row, (size_t)c), *x;
			int i = r * n + c;
			const char *key;
			sd_cell_name(&g, i, name);
			if (!json_is_object(cell))
				return fail(err, errlen, "cell %s is not an object", name);
			json_object_foreach(cell, key, x) {
				if (sd_word_index(cell_keys, key) < 0)
					return fail(err, errlen, "cell %s: \"%.40s\" is not a key the toolkit "
						    "knows", name, key);
				if (strstr(key, "PencilMarks") && json_array_size(x))
					return fail(err, errlen, "cell %s: pencil marks (\"%s\") are not read",
						    name, key);
			}
			json_t *value = json_object_get(cell, "value");
			json_int_t v = value ? json_integer_value(value) : 0;
			if (value && !json_is_null(value) && (!json_is_integer(value) || v < 0 || v > n))
				return fail(err, errlen, "cell %s: \"value\" is not a number from 1 to %d", name, n);
			bool given = json_is_true(json_object_get(cell, "given"));
			rec->puzzle[i] = given ? (uint8_t)v : 0;
			rec->board[i] = given ? 0 : (uint8_t)v;
			rec->has_board |= rec->board[i] != 0;
			json_t *region = json_object_get(cell, "region");
			if (!region)
				label[i] = (r / h) * h + c / w;
			else if (!json_is_integer(region) || json_integer_value(region) < 0 ||
				 json_integer_value(region) >= SD_MAXCELLS)
				return fail(err, errlen, "cell %s is in no region of the board", name);
			else
				label[i] = (int)json_integer_value(region);
		}
	}
	return 0;
}

/* Whether the regions (numbered) are the boxes of rows × n/rows. */
static bool boxes_of(const int *region, int n, int rows, struct sd_geom *g)
{
	int box_region[SD_MAXN];

	if (rows < 2 || n % rows || n / rows < 2 || sd_geom_from_sides(rows, n / rows, g) < 0)
		return false;
	for (int b = 0; b < n; b++)
		box_region[b] = -1;
	for (int i = 0; i < n * n; i++) {
		int b = sd_box_of(g, i / n, i % n);
		if (box_region[b] < 0)
			box_region[b] = region[i];
		if (box_region[b] != region[i])
			return false;
	}
	return true;
}

/* The regions: the boxes of a shape (*stated), or a jigsaw's; 0, or -1. */
static int read_regions(const int *label, struct sd_rules *rules, struct sd_geom *stated,
			char *err, size_t errlen)
{
	int n = rules->n, cells = n * n, size[SD_MAXN] = { 0 }, count = 0, h, w;
	int *number = malloc(SD_MAXCELLS * sizeof *number), region[SD_MAXCELLS];

	if (!number)
		return fail(err, errlen, "out of memory");
	for (int i = 0; i < SD_MAXCELLS; i++)
		number[i] = -1;
	for (int i = 0; i < cells; i++) {
		if (number[label[i]] < 0) {
			if (count == n) {
				free(number);
				return fail(err, errlen, "more than %d regions", n);
			}
			number[label[i]] = count++;
		}
		region[i] = number[label[i]];
		if (++size[region[i]] > n) {
			free(number);
			return fail(err, errlen, "a region of more than %d cells", n);
		}
	}
	free(number);
	if (count != n)
		return fail(err, errlen, "%d regions; a %dx%d board has %d", count, n, n, n);
	/* boxes of some shape are no jigsaw: f-puzzles' default first */
	default_shape(n, &h, &w);
	if (boxes_of(region, n, h, stated))
		return 0;
	for (int rows = 2; rows <= n / 2; rows++)
		if (boxes_of(region, n, rows, stated))
			return 0;
	stated->n = 0;
	for (int i = 0; i < cells; i++)
		rules->region[i] = (uint8_t)region[i];
	rules->jigsaw = true;
	return 0;
}

/* A list of {"cell": "R1C1"} as cells of a parity. */
static int read_parity(const json_t *list, const char *key, int parity, struct sd_rules *rules,
		       char *err, size_t errlen)
{
	size_t k;
	json_t *x;

	if (!list)
		return 0;
	if (!json_is_array(list))
		return fail(err, errlen, "\"%s\" must be a list of {\"cell\": \"R1C1\"}", key);
	json_array_foreach(list, k, x) {
		int cell = cell_named(json_object_get(x, "cell"), rules->n);
		if (cell < 0 || json_object_size(x) != 1)
			return fail(err, errlen, "\"%s\" %zu is not {\"cell\": \"R1C1\"} of the board", key, k + 1);
		rules->parity[cell] = (uint8_t)parity;
		rules->has_parity = true;
	}
	return 0;
}

/* A list of {"cells": [...], ...}: each entry's cells (count), checked
 * against the keys allowed beside them; 0, or -1. */
static int entry_cells(const json_t *entry, const char *key, size_t k, const char *other,
		       int n, int *cell, int *count, char *err, size_t errlen)
{
	json_t *cells = json_object_get(entry, "cells"), *x;
	const char *name;
	size_t j;

	if (!json_is_object(entry) || !json_is_array(cells))
		return fail(err, errlen, "\"%s\" %zu has no \"cells\"", key, k + 1);
	json_object_foreach((json_t *)entry, name, x)
		if (strcmp(name, "cells") && (!other || strcmp(name, other)))
			return fail(err, errlen, "\"%s\" %zu: \"%.40s\" is not a key the toolkit knows",
				    key, k + 1, name);
	if (!json_array_size(cells) || json_array_size(cells) > (size_t)n)
		return fail(err, errlen, "\"%s\" %zu has %zu cells; it may have 1 to %d", key, k + 1,
			    json_array_size(cells), n);
	*count = 0;
	json_array_foreach(cells, j, x)
		if ((cell[(*count)++] = cell_named(x, n)) < 0)
			return fail(err, errlen, "\"%s\" %zu: a cell that is not R1C1 of the board",
				    key, k + 1);
	return 0;
}

static int read_cages(const json_t *list, struct sd_rules *rules, char *err, size_t errlen)
{
	size_t k;
	json_t *x;
	char why[160];

	if (!list)
		return 0;
	if (!json_is_array(list))
		return fail(err, errlen, "\"killercage\" must be a list of {\"cells\": [...], \"value\": \"SUM\"}");
	json_array_foreach(list, k, x) {
		int cell[SD_MAXN], count;
		if (entry_cells(x, "killercage", k, "value", rules->n, cell, &count, err, errlen) < 0)
			return -1;
		/* the sum a string (as f-puzzles writes it) or a number; none: "" */
		json_t *value = json_object_get(x, "value");
		const char *text = json_string_value(value);
		char *end = NULL;
		long sum = json_is_integer(value) ? (long)json_integer_value(value) :
			text && *text ? strtol(text, &end, 10) : 0;
		if ((value && !json_is_null(value) && !json_is_integer(value) && !text) ||
		    (end && *end) || sum < 0 || sum > SD_MAXN * SD_MAXN)
			return fail(err, errlen, "\"killercage\" %zu: its value is no sum", k + 1);
		if (sd_rules_add_cage(rules, cell, count, (int)sum, why, sizeof why) < 0)
			return fail(err, errlen, "\"killercage\" %zu: %s", k + 1, why);
	}
	return 0;
}

static int read_extra(const json_t *list, struct sd_rules *rules, char *err, size_t errlen)
{
	size_t k;
	json_t *x;
	int n = rules->n;

	if (!list)
		return 0;
	if (!json_is_array(list))
		return fail(err, errlen, "\"extraregion\" must be a list of {\"cells\": [...]}");
	if (rules->extra_set)
		return fail(err, errlen, "\"extraregion\" beside \"disjointgroups\" is more extra "
			    "regions than the toolkit holds");
	json_array_foreach(list, k, x) {
		int cell[SD_MAXN], count;
		if (entry_cells(x, "extraregion", k, NULL, n, cell, &count, err, errlen) < 0)
			return -1;
		if (count != n)
			return fail(err, errlen, "\"extraregion\" %zu has %d cells; the toolkit's extra "
				    "regions hold 1 to %d once, in %d cells", k + 1, count, n, n);
		for (int j = 0; j < count; j++) {
			if (rules->extra[cell[j]])
				return fail(err, errlen, "\"extraregion\" %zu: a cell in two extra regions",
					    k + 1);
			rules->extra[cell[j]] = (uint8_t)(k + 1);
		}
		rules->nextra = (int)k + 1;
		rules->extra_set = SD_EXTRA_BOARD;
	}
	return 0;
}

/* "solution": the board, where no cell holds an entry; 0, or -1. */
static int read_solution(const json_t *v, struct sd_record *rec, char *err, size_t errlen)
{
	int n = rec->g.n, cells = n * n;
	size_t k;
	json_t *x;

	if (!v)
		return 0;
	if (!json_is_array(v) || json_array_size(v) != (size_t)cells)
		return fail(err, errlen, "\"solution\" must be a list of %d numbers", cells);
	if (rec->has_board)
		return fail(err, errlen, "both a \"solution\" and entries in the grid: which is the board?");
	json_array_foreach(v, k, x) {
		json_int_t d = json_is_null(x) ? 0 : json_is_integer(x) ? json_integer_value(x) : -1;
		if (d < 0 || d > n)
			return fail(err, errlen, "\"solution\": %zu is not a number from 0 to %d", k + 1, n);
		rec->board[k] = (uint8_t)d;
		rec->has_board |= d > 0;
	}
	return 0;
}

static int record_from(struct sd_record *rec, const json_t *obj, struct sd_rules *rules,
		       struct sd_geom *stated, char *err, size_t errlen)
{
	const char *key;
	json_t *v;
	bool main_diagonal = false, anti_diagonal = false, disjoint = false;
	int *label;

	json_object_foreach((json_t *)obj, key, v)
		if (sd_word_index(known_keys, key) < 0)
			return fail(err, errlen, "f-puzzles constraint \"%.40s\" is not one the toolkit "
				    "knows (it reads diagonal+, diagonal-, antiknight, antiking, "
				    "nonconsecutive, disjointgroups, extraregion, killercage, odd, even)",
				    key);
	if (!(label = malloc(SD_MAXCELLS * sizeof *label)))
		return fail(err, errlen, "out of memory");
	int r = read_grid(json_object_get(obj, "grid"), rec, label, err, errlen);
	if (r == 0)
		r = read_regions(label, rules, stated, err, errlen);
	free(label);
	if (r < 0 || read_solution(json_object_get(obj, "solution"), rec, err, errlen) < 0)
		return -1;
	if (flag(obj, "diagonal-", &main_diagonal, err, errlen) < 0 ||
	    flag(obj, "diagonal+", &anti_diagonal, err, errlen) < 0 ||
	    flag(obj, "antiknight", &rules->anti_knight, err, errlen) < 0 ||
	    flag(obj, "antiking", &rules->anti_king, err, errlen) < 0 ||
	    flag(obj, "nonconsecutive", &rules->non_consecutive, err, errlen) < 0 ||
	    flag(obj, "disjointgroups", &disjoint, err, errlen) < 0)
		return -1;
	rules->diagonals = (main_diagonal ? SD_DIAGONAL_MAIN : 0) | (anti_diagonal ? SD_DIAGONAL_ANTI : 0);
	rules->extra_set = disjoint ? SD_EXTRA_DISJOINT : SD_EXTRA_NONE;
	if (read_extra(json_object_get(obj, "extraregion"), rules, err, errlen) < 0 ||
	    read_cages(json_object_get(obj, "killercage"), rules, err, errlen) < 0 ||
	    read_parity(json_object_get(obj, "odd"), "odd", SD_ODD, rules, err, errlen) < 0 ||
	    read_parity(json_object_get(obj, "even"), "even", SD_EVEN, rules, err, errlen) < 0)
		return -1;
	v = json_object_get(obj, "title");
	if (json_is_string(v) && json_string_length(v) &&
	    sd_record_set_id(rec, json_string_value(v), json_string_length(v)) < 0)
		return fail(err, errlen, "out of memory");
	static const char *const words[] = { "author", "ruleset" };
	for (int k = 0; k < 2; k++)
		if (json_is_string(v = json_object_get(obj, words[k])) && json_string_length(v))
			sd_record_set_str(rec, words[k], json_string_value(v));
	return 0;
}

int sd_fpuzzles_record(struct sd_reader *rd, struct sd_record *rec, const json_t *obj, long at)
{
	json_t *size = json_object_get(obj, "size");
	struct sd_geom stated = { 0, 0, 0 };
	struct sd_rules *rules;

	rec->file = rd->in.name;
	rec->line = at;
	rec->format = SD_FMT_FPUZZLES;
	if (!json_is_object(obj))
		return sd_bad(rd, at, "expected an f-puzzles object");
	if (!json_is_integer(size) || !sd_size_ok(json_integer_value(size)))
		return sd_bad(rd, at, "\"size\" must be a number from 4 to %d", SD_MAXN);
	rec->g.n = (int)json_integer_value(size);
	if (!(rules = sd_rules_new(rec->g.n)))
		return sd_bad(rd, at, "out of memory");
	if (record_from(rec, obj, rules, &stated, rd->err, sizeof rd->err) < 0) {
		sd_rules_free(rules);
		return sd_bad(rd, at, "%s", rd->err);
	}
	if (sd_record_set_rules(rec, rules) < 0)
		return sd_bad(rd, at, "out of memory");
	if (sd_record_settle(rec, rd->o, stated.n ? &stated : NULL, rd->err, sizeof rd->err) < 0)
		return sd_bad(rd, at, "%s", rd->err);
	return SD_READ_OK;
}

/* ---- writing -------------------------------------------------------- */

static json_t *cell_json(int n, int cell)
{
	char name[32];

	snprintf(name, sizeof name, "R%dC%d", cell / n + 1, cell % n + 1);
	return json_string(name);
}

/* The extra regions as lists of cells, from the rules compiled. */
static int put_extra(json_t *o, const struct sd_record *rec, char *err, size_t errlen)
{
	struct sd_ruleset *rs = sd_ruleset_new(&rec->g, rec->rules, err, errlen);
	json_t *list = json_array();

	if (!rs || !list) {
		json_decref(list);
		sd_ruleset_free(rs);
		return -1;
	}
	for (int u = 0; u < rs->nunits; u++) {
		if (rs->unit_rule[u] != SD_RULE_EXTRA)
			continue;
		json_t *cells = json_array(), *entry = json_object();
		for (int k = 0; k < rs->n; k++)
			json_array_append_new(cells, cell_json(rs->n, rs->unit[u][k]));
		json_object_set_new(entry, "cells", cells);
		json_array_append_new(list, entry);
	}
	sd_ruleset_free(rs);
	json_object_set_new(o, "extraregion", list);
	return 0;
}

static void put_cages(json_t *o, const struct sd_rules *r)
{
	json_t *list = json_array();

	for (int c = 0; c < r->ncages; c++) {
		json_t *cells = json_array(), *entry = json_object();
		char sum[16] = "";
		for (int j = 0; j < r->cage[c].count; j++)
			json_array_append_new(cells, cell_json(r->n, r->cage_cell[r->cage[c].first + j]));
		json_object_set_new(entry, "cells", cells);
		if (r->cage[c].sum)
			snprintf(sum, sizeof sum, "%d", r->cage[c].sum);
		json_object_set_new(entry, "value", json_string(sum));
		json_array_append_new(list, entry);
	}
	json_object_set_new(o, "killercage", list);
}

static void put_parity(json_t *o, const struct sd_rules *r, int parity, const char *key)
{
	json_t *list = json_array();

	for (int i = 0; i < r->n * r->n; i++)
		if (r->parity[i] == parity) {
			json_t *entry = json_object();
			json_object_set_new(entry, "cell", cell_json(r->n, i));
			json_array_append_new(list, entry);
		}
	if (json_array_size(list))
		json_object_set_new(o, key, list);
	else
		json_decref(list);
}

/* The grid: each cell's value, given or entered, and its region where
 * f-puzzles would not give it that one by default. */
static json_t *grid_json(const struct sd_record *rec)
{
	const struct sd_rules *r = rec->rules;
	int n = rec->g.n, h, w;
	json_t *rows = json_array();

	default_shape(n, &h, &w);
	bool regions = (r && r->jigsaw) || rec->g.r != h;
	for (int row = 0; row < n; row++) {
		json_t *cells = json_array();
		for (int col = 0; col < n; col++) {
			int i = row * n + col;
			json_t *cell = json_object();
			int v = rec->puzzle[i] ? rec->puzzle[i] : rec->has_board ? rec->board[i] : 0;
			if (v)
				json_object_set_new(cell, "value", json_integer(v));
			if (rec->puzzle[i])
				json_object_set_new(cell, "given", json_true());
			if (regions)
				json_object_set_new(cell, "region", json_integer(r && r->jigsaw ? r->region[i] :
										 sd_box_of(&rec->g, row, col)));
			json_array_append_new(cells, cell);
		}
		json_array_append_new(rows, cells);
	}
	return rows;
}

int sd_put_fpuzzles(struct sd_buf *b, const struct sd_record *rec, char *err, size_t errlen)
{
	const struct sd_rules *r = rec->rules;
	json_t *o = json_object(), *v;

	if (rec->cand) {
		json_decref(o);
		return fail(err, errlen, "a puzzle of candidates does not fit the fpuzzles format "
			    "(its pencil marks are a player's notes); use -t pencil or -t json");
	}
	json_object_set_new(o, "size", json_integer(rec->g.n));
	if (rec->id)
		json_object_set_new(o, "title", json_string(rec->id));
	static const char *const words[] = { "author", "ruleset" };
	for (int k = 0; k < 2; k++)
		if (json_is_string(v = sd_record_get(rec, words[k])))
			json_object_set(o, words[k], v);
	json_object_set_new(o, "grid", grid_json(rec));
	if (r && (r->diagonals & SD_DIAGONAL_ANTI))
		json_object_set_new(o, "diagonal+", json_true());
	if (r && (r->diagonals & SD_DIAGONAL_MAIN))
		json_object_set_new(o, "diagonal-", json_true());
	if (r && r->anti_knight)
		json_object_set_new(o, "antiknight", json_true());
	if (r && r->anti_king)
		json_object_set_new(o, "antiking", json_true());
	if (r && r->non_consecutive)
		json_object_set_new(o, "nonconsecutive", json_true());
	/* f-puzzles' disjoint groups are the places of its boxes */
	if (r && r->extra_set == SD_EXTRA_DISJOINT && !r->jigsaw)
		json_object_set_new(o, "disjointgroups", json_true());
	else if (r && r->extra_set && put_extra(o, rec, err, errlen) < 0) {
		json_decref(o);
		return -1;
	}
	if (r && r->ncages)
		put_cages(o, r);
	if (r && r->has_parity) {
		put_parity(o, r, SD_ODD, "odd");
		put_parity(o, r, SD_EVEN, "even");
	}
	sd_buf_json(b, o);
	sd_buf_putc(b, '\n');
	json_decref(o);
	return 0;
}
