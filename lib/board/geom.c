/* Geometry, its unit tables, cell names, and names of things. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "board/board.h"

int sd_geom_default(int n, struct sd_geom *g)
{
	if (n < 4 || n > SD_MAXN)
		return -1;
	g->n = n;
	g->r = 0;
	/* the squarest shape: the largest divisor not above the root */
	for (int r = 2; r * r <= n; r++)
		if (n % r == 0)
			g->r = r;
	if (!g->r)
		return -1;
	g->c = n / g->r;
	return 0;
}

bool sd_geom_is_default(const struct sd_geom *g)
{
	struct sd_geom def;

	return sd_geom_default(g->n, &def) == 0 && def.r == g->r;
}

void sd_place_runs(const struct sd_geom *g, struct sd_place_runs *p)
{
	for (int i = 0; i < g->n; i++) {
		p->run_c[i] = p->run_r[i] = p->box_column[i] = 0;
		for (int k = 0; k < g->n; k++) {
			uint64_t bit = 1ULL << k;
			p->run_c[i] |= k / g->c == i / g->c ? bit : 0;
			p->run_r[i] |= k / g->r == i / g->r ? bit : 0;
			p->box_column[i] |= k % g->c == i % g->c ? bit : 0;
		}
	}
}

void sd_units(const struct sd_geom *g, struct sd_units *u)
{
	int n = g->n;

	for (int i = 0; i < n; i++)
		for (int k = 0; k < n; k++) {
			int box_cell = sd_box_cell(g, i, k);
			u->members[i][k] = (uint16_t)(i * n + k);
			u->members[n + i][k] = (uint16_t)(k * n + i);
			u->members[2 * n + i][k] = (uint16_t)box_cell;
			u->unit_of[i * n + k][0] = (uint8_t)i;
			u->index_in[i * n + k][0] = (uint8_t)k;
			u->unit_of[k * n + i][1] = (uint8_t)(n + i);
			u->index_in[k * n + i][1] = (uint8_t)k;
			u->unit_of[box_cell][2] = (uint8_t)(2 * n + i);
			u->index_in[box_cell][2] = (uint8_t)k;
		}
}

void sd_shape_set(struct sd_shape *sh, const struct sd_geom *g)
{
	if (sd_geom_same(&sh->g, g))
		return;
	sh->g = *g;
	sd_units(g, &sh->units);
	sd_place_runs(g, &sh->runs);
}

/* A decimal number read from outside, without sign: false for none, or
 * one above max (checked digit by digit, so no arithmetic overflows). */
static bool bounded_decimal(const char **s, long long max, long long *v)
{
	const char *p = *s;

	*v = 0;
	if (*p < '0' || *p > '9')
		return false;
	for (; *p >= '0' && *p <= '9'; p++) {
		if (*v > (max - (*p - '0')) / 10)
			return false;
		*v = *v * 10 + (*p - '0');
	}
	*s = p;
	return true;
}

bool sd_size_ok(long long n)
{
	return n >= 4 && n <= SD_MAXN;
}

int sd_geom_from_sides(long long r, long long c, struct sd_geom *g)
{
	/* each side first, so that the product cannot overflow */
	if (r < 2 || c < 2 || r > SD_MAXN / 2 || c > SD_MAXN / 2 || r * c > SD_MAXN)
		return -1;
	g->r = (int)r;
	g->c = (int)c;
	g->n = (int)(r * c);
	return 0;
}

int sd_geom_parse(const char *s, struct sd_geom *g)
{
	long long r, c;

	if (!bounded_decimal(&s, SD_MAXN, &r) || (*s != 'x' && *s != 'X'))
		return -1;
	s++;
	if (!bounded_decimal(&s, SD_MAXN, &c) || *s)
		return -1;
	return sd_geom_from_sides(r, c, g);
}

void sd_cell_name(const struct sd_geom *g, int cell, char buf[32])
{
	snprintf(buf, 32, "r%dc%d", cell / g->n + 1, cell % g->n + 1);
}

int sd_cell_parse(const struct sd_geom *g, const char *s)
{
	long long row, col;

	if ((*s != 'r' && *s != 'R') || (s++, !bounded_decimal(&s, g->n, &row)) ||
	    (*s != 'c' && *s != 'C') || (s++, !bounded_decimal(&s, g->n, &col)) || *s)
		return -1;
	if (row < 1 || col < 1)
		return -1;
	return (int)((row - 1) * g->n + col - 1);
}

int sd_word_index(const char *const *names, const char *s)
{
	for (int i = 0; names[i]; i++)
		if (!strcmp(s, names[i]))
			return i;
	return -1;
}
