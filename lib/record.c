/* Records: givens, current values and the keys programs add. */
#include <stdlib.h>
#include <string.h>
#include "sudoku.h"

void sd_record_init(struct sd_record *rec)
{
	memset(rec, 0, sizeof *rec);
}

void sd_record_free(struct sd_record *rec)
{
	free(rec->id);
	json_decref(rec->keys);
	sd_record_init(rec);
}

void sd_record_reset(struct sd_record *rec)
{
	json_decref(rec->keys);
	rec->keys = NULL;
	free(rec->id);
	rec->id = NULL;
	rec->g.n = 0;
	rec->has_board = false;
	rec->file = NULL;
	rec->line = 0;
	rec->format = SD_FMT_AUTO;
}

int sd_record_set_id(struct sd_record *rec, const char *id, size_t len)
{
	char *p = realloc(rec->id, len + 1);

	if (!p)
		return -1;
	memcpy(p, id, len);
	p[len] = '\0';
	rec->id = p;
	return 0;
}

static json_t *keys_of(struct sd_record *rec)
{
	if (!rec->keys)
		rec->keys = json_object();
	return rec->keys;
}

void sd_record_set_new(struct sd_record *rec, const char *key, json_t *value)
{
	json_t *keys = keys_of(rec);

	if (!keys || !value) {
		json_decref(value);
		return;
	}
	json_object_set_new(keys, key, value);
}

void sd_record_set_int(struct sd_record *rec, const char *key, long long v)
{
	sd_record_set_new(rec, key, json_integer(v));
}

void sd_record_set_str(struct sd_record *rec, const char *key, const char *s)
{
	sd_record_set_new(rec, key, json_string(s));
}

json_t *sd_record_get(const struct sd_record *rec, const char *key)
{
	return rec->keys ? json_object_get(rec->keys, key) : NULL;
}

int sd_record_settle(struct sd_record *rec, const struct sd_read_opts *o,
		     const struct sd_geom *stated, char *err, size_t errlen)
{
	int n = rec->g.n;
	struct sd_geom g;

	if (stated && stated->r) {
		if (stated->n != n) {
			snprintf(err, errlen, "box %dx%d does not fit a %dx%d board",
				 stated->r, stated->c, n, n);
			return -1;
		}
		if (o->have_box && (o->box.r != stated->r || o->box.c != stated->c)) {
			snprintf(err, errlen, "box %dx%d contradicts -b %dx%d",
				 stated->r, stated->c, o->box.r, o->box.c);
			return -1;
		}
		g = *stated;
	} else if (o->have_box) {
		if (o->box.n != n) {
			snprintf(err, errlen, "-b %dx%d does not fit a %dx%d board",
				 o->box.r, o->box.c, n, n);
			return -1;
		}
		g = o->box;
	} else if (sd_geom_default(n, &g) < 0) {
		if (n > SD_MAXN || n < 4)
			snprintf(err, errlen, "size %d is out of range (4 to %d)", n, SD_MAXN);
		else
			snprintf(err, errlen, "size %d has no boxes", n);
		return -1;
	}
	rec->g = g;
	if (!rec->has_board)
		return 0;
	for (int i = 0; i < n * n; i++) {
		if (!rec->puzzle[i])
			continue;
		if (rec->board[i] && rec->board[i] != rec->puzzle[i]) {
			char name[32];
			sd_cell_name(&g, i, name);
			snprintf(err, errlen, "board changes the given at %s", name);
			return -1;
		}
		rec->board[i] = rec->puzzle[i];
	}
	return 0;
}
