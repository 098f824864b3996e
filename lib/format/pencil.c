/* Pencil-mark puzzles (Sukaku): candidates as symbols, N places a cell,
 * each holding its own value's symbol where that value is a candidate
 * and an empty symbol ('.' or '0') where it is not; 729 for 9×9.  The
 * line around them (a board, a name) is line.c's. */
#include <ctype.h>
#include <stdio.h>
#include "format/codec.h"

int sd_pencil_size(size_t len)
{
	for (int n = 4; n <= SD_MAXLINE_N; n++)
		if ((size_t)n * (size_t)n * (size_t)n == len)
			return n;
	return 0;
}

/* One cell's n places into *mask: 0, or the place (1-based) holding a
 * symbol other than its own value's or an empty one. */
static int cell_from_symbols(const char *s, const struct sd_alphabet *a, int n, uint64_t *mask)
{
	*mask = 0;
	for (int k = 0; k < n; k++) {
		int v = a->value[(unsigned char)s[k]];
		if (v == k + 1)
			*mask |= 1ULL << k;
		else if (v != 0)
			return k + 1;
	}
	return 0;
}

bool sd_pencil_shaped(const char *s, size_t len, int n, const struct sd_alphabet *a)
{
	uint64_t mask;

	if (!n || (size_t)n * (size_t)n * (size_t)n != len)
		return false;
	for (size_t at = 0; at < len; at += (size_t)n)
		if (cell_from_symbols(s + at, a, n, &mask) || !mask)
			return false;
	return true;
}

int sd_cell_cand_from_symbols(const char *s, const struct sd_alphabet *a, int n, uint64_t *mask)
{
	return cell_from_symbols(s, a, n, mask) ? -1 : 0;
}

int sd_cand_from_symbols(const char *s, size_t len, const struct sd_alphabet *a,
			 int n, uint64_t *cand, char *err, size_t errlen)
{
	if (len != (size_t)n * (size_t)n * (size_t)n) {
		snprintf(err, errlen, "candidates have %zu symbols; size %d needs %d", len, n, n * n * n);
		return -1;
	}
	for (int i = 0; i < n * n; i++) {
		int place = cell_from_symbols(s + (size_t)i * (size_t)n, a, n, &cand[i]);
		if (place) {
			unsigned char ch = (unsigned char)s[(size_t)i * (size_t)n + (size_t)place - 1];
			char sym[8];
			snprintf(sym, sizeof sym, isprint(ch) ? "'%c'" : "\\x%02x", ch);
			snprintf(err, errlen, "symbol %s at place %d of r%dc%d; expected '%c' or '%c'",
				 sym, place, i / n + 1, i % n + 1, a->symbol[place], a->symbol[0]);
			return -1;
		}
	}
	return 0;
}

void sd_put_cell_cand_symbols(struct sd_buf *b, int n, uint64_t mask, const char *symbol)
{
	char *out;

	if (!sd_buf_reserve(b, (size_t)n))
		return;
	out = b->p + b->len;
	for (int k = 0; k < n; k++)
		*out++ = symbol[mask >> k & 1 ? k + 1 : 0];
	b->len += (size_t)n;
	b->p[b->len] = '\0';
}

void sd_put_cand_symbols(struct sd_buf *b, const struct sd_geom *g, const uint64_t *cand,
			 const char *symbol)
{
	for (int i = 0; i < sd_cells(g); i++)
		sd_put_cell_cand_symbols(b, g->n, cand[i], symbol);
}

/* Under a variant's rules: what each given leaves its peers (and its
 * neighbours, not consecutive), in the cells' allowed digits. */
static int rules_candidates(const struct sd_record *rec, uint64_t *cand)
{
	char err[160];
	struct sd_ruleset *rs = sd_ruleset_new(&rec->g, rec->rules, err, sizeof err);

	if (!rs)
		return -1;
	for (int i = 0; i < rs->ncells; i++)
		cand[i] = rs->allowed[i] & (rec->cand ? rec->cand[i] : rs->all);
	for (int i = 0; i < rs->ncells; i++) {
		int d = rec->puzzle[i];
		if (!d)
			continue;
		for (int k = rs->peer_start[i]; k < rs->peer_start[i + 1]; k++)
			cand[rs->peer[k]] &= ~(1ULL << (d - 1));
		for (int k = rs->apart_start[i]; k < rs->apart_start[i + 1]; k++)
			cand[rs->apart[k]] &= ~((d > 1 ? 1ULL << (d - 2) : 0) | (d < 64 ? 1ULL << d : 0));
	}
	for (int i = 0; i < rs->ncells; i++)
		if (rec->puzzle[i])
			cand[i] = 1ULL << (rec->puzzle[i] - 1);
	sd_ruleset_free(rs);
	return 0;
}

void sd_record_candidates(const struct sd_record *rec, uint64_t *cand)
{
	struct sd_cand cd;

	if (rec->rules && rules_candidates(rec, cand) == 0)
		return;
	if (rec->rules) {
		/* out of memory: every digit, the givens their own */
		for (int i = 0; i < sd_cells(&rec->g); i++)
			cand[i] = rec->puzzle[i] ? 1ULL << (rec->puzzle[i] - 1) :
				  rec->cand ? rec->cand[i] : sd_all_values(rec->g.n);
		return;
	}
	/* repeated givens leave their peers without the digit all the same */
	sd_cand_init(&cd, &rec->g, rec->puzzle);
	for (int i = 0; i < sd_cells(&rec->g); i++)
		cand[i] = rec->puzzle[i] ? 1ULL << (rec->puzzle[i] - 1) :
			  sd_cand_of(&cd, i) & (rec->cand ? rec->cand[i] : cd.all);
}
