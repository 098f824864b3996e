/* Geometry, cell names and the line alphabet. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include "sudoku.h"

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

int sd_geom_parse(const char *s, struct sd_geom *g)
{
	char *end;
	long r, c;

	if (!isdigit((unsigned char)*s))
		return -1;
	r = strtol(s, &end, 10);
	if (*end != 'x' && *end != 'X')
		return -1;
	s = end + 1;
	if (!isdigit((unsigned char)*s))
		return -1;
	c = strtol(s, &end, 10);
	if (*end || r < 2 || c < 2 || r * c > SD_MAXN)
		return -1;
	g->r = (int)r;
	g->c = (int)c;
	g->n = (int)(r * c);
	return 0;
}

void sd_cell_name(const struct sd_geom *g, int cell, char buf[32])
{
	snprintf(buf, 32, "r%dc%d", cell / g->n + 1, cell % g->n + 1);
}

int sd_cell_parse(const struct sd_geom *g, const char *s)
{
	int row, col, used = 0;

	if (sscanf(s, "%*[rR]%d%*[cC]%d%n", &row, &col, &used) != 2 || s[used])
		return -1;
	if (row < 1 || row > g->n || col < 1 || col > g->n)
		return -1;
	return (row - 1) * g->n + col - 1;
}

static const char default_symbols[] = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

void sd_alphabet_default(struct sd_alphabet *a)
{
	sd_alphabet_set(a, default_symbols);
	a->value['0'] = 0;
}

int sd_alphabet_set(struct sd_alphabet *a, const char *symbols)
{
	size_t len = strlen(symbols);

	if (len < 1 || len > SD_MAXLINE_N)
		return -1;
	memset(a->value, -1, sizeof a->value);
	a->value['.'] = 0;
	for (size_t i = 0; i < len; i++) {
		unsigned char ch = (unsigned char)symbols[i];
		if (ch <= ' ' || ch == '.' || ch == ',' || ch >= 127 || a->value[ch] > 0)
			return -1;
		a->value[ch] = (signed char)(i + 1);
	}
	/* letters read in either case unless the alphabet uses both */
	for (size_t i = 0; i < len; i++) {
		unsigned char ch = (unsigned char)symbols[i];
		int other = isupper(ch) ? tolower(ch) : toupper(ch);
		if (other != ch && a->value[other] < 0)
			a->value[other] = (signed char)(i + 1);
	}
	memcpy(a->symbol, symbols, len + 1);
	a->size = (int)len;
	return 0;
}
