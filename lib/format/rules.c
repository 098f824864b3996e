/* A record's rules as JSON (the "rules" key of json and csv, and the
 * "# rules" line of line and grid), in and out.  A rule not ours is
 * refused by name, never dropped. */
#include <stdio.h>
#include <string.h>
#include "format/codec.h"

static const char *const rule_keys[] = {
	"regions", "diagonals", "extra", "anti-knight", "anti-king", "non-consecutive",
	"cages", "parity", NULL
};

int sd_rules_check_names(const json_t *v, char *err, size_t errlen)
{
	const char *key;
	json_t *value;

	if (!json_is_object(v)) {
		snprintf(err, errlen, "rules must be an object");
		return -1;
	}
	json_object_foreach((json_t *)v, key, value) {
		(void)value;
		if (sd_word_index(rule_keys, key) < 0) {
			snprintf(err, errlen, "unknown rule \"%.40s\" (known: regions, diagonals, extra, "
				 "anti-knight, anti-king, non-consecutive, cages, parity)", key);
			return -1;
		}
	}
	return 0;
}

/* A board of labels, one a cell: a string of n*n symbols, n strings of n
 * symbols, or n rows of n integers.  Gives each cell its symbol (or its
 * integer + 256, apart from any symbol); empty ('.', 0) is -1. */
static int label_board(const json_t *v, int n, int *label, const char *what,
		       char *err, size_t errlen)
{
	size_t cells = (size_t)n * (size_t)n;

	if (json_is_string(v)) {
		const char *s = json_string_value(v);
		if (json_string_length(v) != cells) {
			snprintf(err, errlen, "%s has %zu symbols; a %dx%d board needs %zu", what,
				 json_string_length(v), n, n, cells);
			return -1;
		}
		for (size_t i = 0; i < cells; i++)
			label[i] = s[i] == '.' ? -1 : (unsigned char)s[i];
		return 0;
	}
	if (!json_is_array(v) || json_array_size(v) != (size_t)n) {
		snprintf(err, errlen, "%s must be a string of %zu symbols or %d rows", what, cells, n);
		return -1;
	}
	for (int r = 0; r < n; r++) {
		json_t *row = json_array_get(v, (size_t)r);
		if (json_is_string(row) && json_string_length(row) == (size_t)n) {
			for (int c = 0; c < n; c++) {
				char ch = json_string_value(row)[c];
				label[r * n + c] = ch == '.' ? -1 : (unsigned char)ch;
			}
			continue;
		}
		if (!json_is_array(row) || json_array_size(row) != (size_t)n) {
			snprintf(err, errlen, "%s: row %d does not have %d cells", what, r + 1, n);
			return -1;
		}
		for (int c = 0; c < n; c++) {
			json_t *x = json_array_get(row, (size_t)c);
			json_int_t val = json_is_integer(x) ? json_integer_value(x) : -1;
			if (val < 0 || val > SD_MAXCELLS) {
				snprintf(err, errlen, "%s: r%dc%d is not a number from 0 to %d", what, r + 1,
					 c + 1, SD_MAXCELLS);
				return -1;
			}
			label[r * n + c] = val ? (int)val + 256 : -1;
		}
	}
	return 0;
}

/* Labels to region numbers by first appearance (base: the first's
 * number); returns how many, or -1 past max. */
static int number_labels(const int *label, int cells, uint8_t *out, int base, int max)
{
	int seen[256 + SD_MAXCELLS + 1], count = 0;

	memset(seen, -1, sizeof seen);
	for (int i = 0; i < cells; i++) {
		if (label[i] < 0) {
			out[i] = 0;
			continue;
		}
		if (seen[label[i]] < 0) {
			if (count == max)
				return -1;
			seen[label[i]] = count++;
		}
		out[i] = (uint8_t)(seen[label[i]] + base);
	}
	return count;
}

static int flag(const json_t *obj, const char *key, bool *on, char *err, size_t errlen)
{
	json_t *v = json_object_get(obj, key);

	*on = false;
	if (!v)
		return 0;
	if (!json_is_boolean(v)) {
		snprintf(err, errlen, "rule %s must be true or false", key);
		return -1;
	}
	*on = json_is_true(v);
	return 0;
}

static int read_cages(const json_t *v, struct sd_rules *r, char *err, size_t errlen)
{
	struct sd_geom g = { r->n, 0, 0 };
	size_t i;
	json_t *cage;
	char sub[160];

	if (!json_is_array(v)) {
		snprintf(err, errlen, "cages must be a list of {\"cells\": [...], \"sum\": N}");
		return -1;
	}
	json_array_foreach(v, i, cage) {
		json_t *cells = json_object_get(cage, "cells"), *sum = json_object_get(cage, "sum");
		int cell[SD_MAXN], count = 0;
		const char *key;
		json_t *x;
		json_object_foreach(cage, key, x)
			if (strcmp(key, "cells") && strcmp(key, "sum")) {
				snprintf(err, errlen, "cage %zu: unknown key \"%.40s\"", i + 1, key);
				return -1;
			}
		if (!json_is_array(cells) || (sum && !json_is_integer(sum))) {
			snprintf(err, errlen, "cage %zu must be {\"cells\": [\"r1c1\", ...], \"sum\": N}", i + 1);
			return -1;
		}
		if (json_array_size(cells) > (size_t)r->n || !json_array_size(cells)) {
			snprintf(err, errlen, "cage %zu has %zu cells; a cage has 1 to %d", i + 1,
				 json_array_size(cells), r->n);
			return -1;
		}
		size_t k;
		json_array_foreach(cells, k, x) {
			if (!json_is_string(x) || (cell[count++] = sd_cell_parse(&g, json_string_value(x))) < 0) {
				snprintf(err, errlen, "cage %zu: %s%.20s%s is not a cell of the board", i + 1,
					 json_is_string(x) ? "\"" : "", json_is_string(x) ? json_string_value(x) : "a value",
					 json_is_string(x) ? "\"" : "");
				return -1;
			}
		}
		json_int_t s = sum ? json_integer_value(sum) : 0;
		if (s < 0 || s > sd_max_sum(r->n, count) || (sum && !s)) {
			snprintf(err, errlen, "cage %zu: %d cells cannot add up to %lld", i + 1, count, (long long)s);
			return -1;
		}
		if (sd_rules_add_cage(r, cell, count, (int)s, sub, sizeof sub) < 0) {
			snprintf(err, errlen, "cage %zu: %s", i + 1, sub);
			return -1;
		}
	}
	return 0;
}

int sd_rules_from_json(const json_t *v, int n, struct sd_rules **out, char *err, size_t errlen)
{
	struct sd_rules *r;
	json_t *x;
	int *label = NULL;

	*out = NULL;
	if (json_is_null(v) || (json_is_string(v) && !json_string_length(v)))
		return 0;              /* csv writes none as an empty field */
	if (sd_rules_check_names(v, err, errlen) < 0)
		return -1;
	if (!(r = sd_rules_new(n)) || !(label = malloc(SD_MAXCELLS * sizeof *label))) {
		snprintf(err, errlen, "out of memory");
		goto fail;
	}
	int cells = n * n;
	if ((x = json_object_get(v, "regions"))) {
		if (label_board(x, n, label, "regions", err, errlen) < 0)
			goto fail;
		for (int i = 0; i < cells; i++)
			if (label[i] < 0) {
				snprintf(err, errlen, "regions: r%dc%d has no region", i / n + 1, i % n + 1);
				goto fail;
			}
		if (number_labels(label, cells, r->region, 0, n) != n) {
			snprintf(err, errlen, "regions: a %dx%d board needs %d regions", n, n, n);
			goto fail;
		}
		r->jigsaw = true;
	}
	if ((x = json_object_get(v, "diagonals"))) {
		static const char *const names[] = { "none", "main", "anti", "both", NULL };
		int k = json_is_string(x) ? sd_word_index(names, json_string_value(x)) : -1;
		if (k < 0) {
			snprintf(err, errlen, "diagonals must be \"both\", \"main\" or \"anti\"");
			goto fail;
		}
		r->diagonals = k;
	}
	if ((x = json_object_get(v, "extra"))) {
		int k = json_is_string(x) ? sd_word_index(sd_extra_names, json_string_value(x)) : -1;
		if (k >= SD_EXTRA_WINDOKU) {
			r->extra_set = k;
		} else if (json_is_string(x) && json_string_length(x) != (size_t)cells) {
			snprintf(err, errlen, "extra must be a board of regions or one of windoku, disjoint, "
				 "centre-dot, asterisk, girandola");
			goto fail;
		} else {
			if (label_board(x, n, label, "extra", err, errlen) < 0)
				goto fail;
			for (int i = 0; i < cells; i++)
				if (label[i] == '0')
					label[i] = -1;
			r->nextra = number_labels(label, cells, r->extra, 1, n);
			if (r->nextra < 0) {
				snprintf(err, errlen, "extra: more than %d regions", n);
				goto fail;
			}
			r->extra_set = r->nextra ? SD_EXTRA_BOARD : SD_EXTRA_NONE;
		}
	}
	if (flag(v, "anti-knight", &r->anti_knight, err, errlen) < 0 ||
	    flag(v, "anti-king", &r->anti_king, err, errlen) < 0 ||
	    flag(v, "non-consecutive", &r->non_consecutive, err, errlen) < 0)
		goto fail;
	if ((x = json_object_get(v, "cages")) && read_cages(x, r, err, errlen) < 0)
		goto fail;
	if ((x = json_object_get(v, "parity"))) {
		if (label_board(x, n, label, "parity", err, errlen) < 0)
			goto fail;
		for (int i = 0; i < cells; i++) {
			if (label[i] != -1 && label[i] != 'o' && label[i] != 'e' && label[i] != 'O' && label[i] != 'E') {
				snprintf(err, errlen, "parity: r%dc%d is not o, e or .", i / n + 1, i % n + 1);
				goto fail;
			}
			r->parity[i] = label[i] < 0 ? 0 : label[i] == 'o' || label[i] == 'O' ? SD_ODD : SD_EVEN;
			r->has_parity |= label[i] >= 0;
		}
	}
	free(label);
	if (sd_rules_classic(r)) {
		sd_rules_free(r);
		return 0;
	}
	*out = r;
	return 0;
fail:
	free(label);
	sd_rules_free(r);
	return -1;
}

/* A board of labels as JSON: a string for n <= 35, else rows of numbers
 * (symbol[0] for 0). */
static json_t *labels_json(int n, const uint8_t *label, const char *symbol)
{
	char s[SD_MAXCELLS + 1];

	if (n <= SD_MAXLINE_N) {
		for (int i = 0; i < n * n; i++)
			s[i] = symbol[label[i]];
		return json_stringn(s, (size_t)n * (size_t)n);
	}
	json_t *rows = json_array();
	for (int r = 0; r < n; r++) {
		json_t *row = json_array();
		for (int c = 0; c < n; c++)
			json_array_append_new(row, json_integer(label[r * n + c]));
		json_array_append_new(rows, row);
	}
	return rows;
}

json_t *sd_rules_json(const struct sd_rules *r)
{
	static const char *const diagonal[] = { "none", "main", "anti", "both" };
	json_t *o;

	if (sd_rules_classic(r))
		return NULL;
	o = json_object();
	if (r->jigsaw) {
		uint8_t one_based[SD_MAXCELLS];
		for (int i = 0; i < r->n * r->n; i++)
			one_based[i] = (uint8_t)(r->region[i] + 1);
		json_object_set_new(o, "regions", labels_json(r->n, one_based, "." SD_STANDARD_SYMBOLS));
	}
	if (r->diagonals)
		json_object_set_new(o, "diagonals", json_string(diagonal[r->diagonals]));
	if (r->extra_set == SD_EXTRA_BOARD)
		json_object_set_new(o, "extra", labels_json(r->n, r->extra, "." SD_STANDARD_SYMBOLS));
	else if (r->extra_set)
		json_object_set_new(o, "extra", json_string(sd_extra_names[r->extra_set]));
	if (r->anti_knight)
		json_object_set_new(o, "anti-knight", json_true());
	if (r->anti_king)
		json_object_set_new(o, "anti-king", json_true());
	if (r->non_consecutive)
		json_object_set_new(o, "non-consecutive", json_true());
	if (r->ncages) {
		struct sd_geom g = { r->n, 0, 0 };
		json_t *cages = json_array();
		for (int k = 0; k < r->ncages; k++) {
			json_t *cage = json_object(), *cells = json_array();
			char name[32];
			for (int j = 0; j < r->cage[k].count; j++) {
				sd_cell_name(&g, r->cage_cell[r->cage[k].first + j], name);
				json_array_append_new(cells, json_string(name));
			}
			json_object_set_new(cage, "cells", cells);
			if (r->cage[k].sum)
				json_object_set_new(cage, "sum", json_integer(r->cage[k].sum));
			json_array_append_new(cages, cage);
		}
		json_object_set_new(o, "cages", cages);
	}
	if (r->has_parity) {
		if (r->n <= SD_MAXLINE_N) {
			json_object_set_new(o, "parity", labels_json(r->n, r->parity, ".oe"));
		} else {
			json_t *rows = json_array();
			char row[SD_MAXN];
			for (int i = 0; i < r->n; i++) {
				for (int c = 0; c < r->n; c++)
					row[c] = ".oe"[r->parity[i * r->n + c]];
				json_array_append_new(rows, json_stringn(row, (size_t)r->n));
			}
			json_object_set_new(o, "parity", rows);
		}
	}
	return o;
}
